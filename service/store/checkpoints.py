"""`checkpoints`: signed stream heads and the chain of signed global heads, and the log reads they need."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, insert, literal, or_, select

from domain.checkpoints import GLOBAL, STREAM, Checkpoint, Head
from service.store.tables import checkpoints, events, game_players, game_summaries


@dataclass(frozen=True, slots=True)
class StoredCheckpoint:
    """A checkpoint as kept in the database, with its row id (the API's order and cursor)."""

    id: int
    checkpoint: Checkpoint

    def to_json(self) -> dict[str, Any]:
        """The published shape with the row id."""
        return {"id": self.id, **self.checkpoint.to_json()}


def add(conn: Connection, checkpoint: Checkpoint) -> int:
    """Keep a signed checkpoint; returns its id."""
    row = {
        "kind": checkpoint.kind,
        "stream_id": checkpoint.stream,
        "version": checkpoint.number if checkpoint.kind == STREAM else None,
        "position": checkpoint.number if checkpoint.kind == GLOBAL else None,
        "streams": checkpoint.streams,
        "head": checkpoint.head,
        "prev": checkpoint.prev,
        "signed_at": checkpoint.signed_at,
        "key_id": checkpoint.key_id,
        "signature": checkpoint.signature,
    }
    return int(conn.execute(insert(checkpoints).values(**row).returning(checkpoints.c.id)).scalar_one())


def latest_global(conn: Connection) -> StoredCheckpoint | None:
    """The newest global checkpoint, or None."""
    query = select(checkpoints).where(checkpoints.c.kind == GLOBAL).order_by(checkpoints.c.id.desc()).limit(1)
    row = conn.execute(query).first()
    return _stored(row) if row else None


def globals_in_order(engine: Engine) -> list[StoredCheckpoint]:
    """Every global checkpoint, oldest first."""
    query = select(checkpoints).where(checkpoints.c.kind == GLOBAL).order_by(checkpoints.c.id)
    with engine.connect() as conn:
        return [_stored(r) for r in conn.execute(query)]


def of_stream(engine: Engine, stream_id: str) -> list[StoredCheckpoint]:
    """A stream's checkpoints, oldest first."""
    query = select(checkpoints).where(checkpoints.c.stream_id == stream_id).order_by(checkpoints.c.id)
    with engine.connect() as conn:
        return [_stored(r) for r in conn.execute(query)]


def of_streams(engine: Engine, prefix: str = "") -> list[StoredCheckpoint]:
    """Every stream checkpoint (of the streams whose id starts with `prefix`), oldest first."""
    query = select(checkpoints).where(checkpoints.c.kind == STREAM).order_by(checkpoints.c.id)
    if prefix:
        query = query.where(checkpoints.c.stream_id.startswith(prefix, autoescape=True))
    with engine.connect() as conn:
        return [_stored(r) for r in conn.execute(query)]


def page(
    engine: Engine,
    *,
    limit: int,
    before: int | None,
    kind: str | None,
    stream: str | None,
    readable_by_player: str | None,
    everything: bool,
) -> list[StoredCheckpoint]:
    """Checkpoints newest first, with ids below `before`; a reader who does not see everything gets the
    global ones and those of the games it may read (public games, or games where its player holds a seat)."""
    query = select(checkpoints).order_by(checkpoints.c.id.desc()).limit(limit)
    if before is not None:
        query = query.where(checkpoints.c.id < before)
    if kind is not None:
        query = query.where(checkpoints.c.kind == kind)
    if stream is not None:
        query = query.where(checkpoints.c.stream_id == stream)
    if not everything:
        readable = game_summaries.c.visibility == "public"
        if readable_by_player is not None:
            seats = select(game_players.c.game_id).where(game_players.c.player_id == readable_by_player)
            readable = or_(readable, game_summaries.c.game_id.in_(seats))
        games = select(literal("game:") + game_summaries.c.game_id).where(readable)
        query = query.where(or_(checkpoints.c.kind == GLOBAL, checkpoints.c.stream_id.in_(games)))
    with engine.connect() as conn:
        return [_stored(r) for r in conn.execute(query)]


# --- the log, as checkpoints see it ---


def last_position(conn: Connection) -> int:
    """The log's last position (0 when it is empty)."""
    return int(conn.execute(select(func.coalesce(func.max(events.c.position), 0))).scalar_one())


def heads_at(conn: Connection, position: int) -> list[Head]:
    """Every stream's head among the events at positions up to `position`."""
    newest = (
        select(events.c.stream_id, func.max(events.c.version).label("version"))
        .where(events.c.position <= position)
        .group_by(events.c.stream_id)
        .subquery()
    )
    query = select(events.c.stream_id, events.c.version, events.c.hash).join(
        newest, and_(events.c.stream_id == newest.c.stream_id, events.c.version == newest.c.version)
    )
    return [(r[0], int(r[1]), r[2]) for r in conn.execute(query)]


def links_between(conn: Connection, after: int, until: int) -> Iterable[tuple[str, int, str, str]]:
    """(stream, version, hash, prev_hash) of the events at positions after `after` up to `until`, in log order."""
    query = (
        select(events.c.stream_id, events.c.version, events.c.hash, events.c.prev_hash)
        .where(events.c.position > after, events.c.position <= until)
        .order_by(events.c.position)
    )
    for row in conn.execute(query):
        yield row[0], int(row[1]), row[2], row[3]


def stream_lengths(engine: Engine, prefix: str = "") -> dict[str, int]:
    """Every stream that has events (DISTINCT stream_id, whatever its first version), with its last version."""
    query = select(events.c.stream_id, func.max(events.c.version)).group_by(events.c.stream_id)
    if prefix:
        query = query.where(events.c.stream_id.startswith(prefix, autoescape=True))
    with engine.connect() as conn:
        return {r[0]: int(r[1]) for r in conn.execute(query)}


def hashes_at(engine: Engine, stream_id: str, versions: Iterable[int]) -> dict[int, str]:
    """The stored hashes of a stream at the given versions (those rows that exist)."""
    wanted = sorted(set(versions))
    if not wanted:
        return {}
    query = select(events.c.version, events.c.hash).where(events.c.stream_id == stream_id, events.c.version.in_(wanted))
    with engine.connect() as conn:
        return {int(r[0]): r[1] for r in conn.execute(query)}


def _stored(row: Any) -> StoredCheckpoint:
    kind = row.kind
    number = row.version if kind == STREAM else row.position
    checkpoint = Checkpoint(
        kind=kind,
        number=int(number or 0),  # a row stripped of its number still loads, and fails its signature
        head=row.head,
        signed_at=row.signed_at,
        key_id=row.key_id,
        signature=row.signature,
        stream=row.stream_id,
        streams=row.streams,
        prev=row.prev,
    )
    return StoredCheckpoint(int(row.id), checkpoint)
