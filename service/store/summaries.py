"""`game_summaries`: the list-and-filter read model of games, updated in the append transaction."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, tuple_

from domain.canonical import canonical_json
from service.store.tables import game_players, game_summaries, tournament_tables
from service.store.writer import writer_of


def insert_game(conn: Connection, summary: dict[str, Any]) -> None:
    """Add a new game's summary and its seat holders."""
    row = {**summary, "seats": canonical_json(summary["seats"]), "options": canonical_json(summary["options"])}
    conn.execute(insert(game_summaries).values(**row))
    holders = [
        {"game_id": summary["game_id"], "seat": s["seat"], "player_id": s.get("player")} for s in summary["seats"]
    ]
    conn.execute(insert(game_players), holders)


def seat_holders(engine: Engine, game_id: str) -> dict[str, str | None]:
    """A game's rows of `game_players` (the seated players' listings and filters read them), by seat."""
    query = select(game_players.c.seat, game_players.c.player_id).where(game_players.c.game_id == game_id)
    with engine.connect() as conn:
        return {row.seat: row.player_id for row in conn.execute(query)}


def advance(conn: Connection, game_id: str, version: int, last_hash: str, updated_at: str, ended: bool) -> None:
    """Move a summary to the stream's new head (on every append: driver SQL, like the append itself), in the
    append's transaction: through the store's writer, with the append's own statements (`writer_of`)."""
    params = {"v": version, "h": last_hash, "u": updated_at, "e": 1 if ended else 0, "g": game_id}
    sql = _ADVANCE_PG if conn.dialect.name == "postgresql" else _ADVANCE_SQLITE
    writer = writer_of(conn)
    if writer is not None:
        writer.execute(sql, params)
    else:
        conn.exec_driver_sql(sql, params)


_ADVANCE = (
    "UPDATE game_summaries SET version = {v}, last_hash = {h}, updated_at = {u}, "
    "status = CASE WHEN {e} = 1 THEN 'ended' ELSE status END WHERE game_id = {g}"
)
_ADVANCE_SQLITE = _ADVANCE.format(v=":v", h=":h", u=":u", e=":e", g=":g")
_ADVANCE_PG = _ADVANCE.format(v="%(v)s", h="%(h)s", u="%(u)s", e="%(e)s", g="%(g)s")


def get(engine: Engine, game_id: str) -> dict[str, Any] | None:
    """One game's summary, or None."""
    with engine.connect() as conn:
        row = conn.execute(select(game_summaries).where(game_summaries.c.game_id == game_id)).first()
    return _decode(row) if row else None


def statuses(engine: Engine, game_ids: Collection[str]) -> dict[str, str]:
    """Each game's status (`active` or `ended`) by id, read at once (a round's tables)."""
    g = game_summaries
    query = select(g.c.game_id, g.c.status).where(g.c.game_id.in_(sorted(game_ids)))
    with engine.connect() as conn:
        return {row.game_id: row.status for row in conn.execute(query)}


def page(
    engine: Engine,
    *,
    limit: int,
    after: tuple[str, str] | None,
    ruleset: str | None = None,
    status: str | None = None,
    visibility: str | None = None,
    player: str | None = None,
    tournament: str | None = None,
    visible_to_player: str | None = None,
    public_only: bool = False,
) -> list[dict[str, Any]]:
    """Games newest first, filtered, after a (created_at, game_id) cursor."""
    g = game_summaries
    query = select(g).order_by(g.c.created_at.desc(), g.c.game_id.desc()).limit(limit)
    for column, value in ((g.c.ruleset, ruleset), (g.c.status, status), (g.c.visibility, visibility)):
        if value is not None:
            query = query.where(column == value)
    if player is not None:
        query = query.where(g.c.game_id.in_(select(game_players.c.game_id).where(game_players.c.player_id == player)))
    if tournament is not None:
        tables = select(tournament_tables.c.game_id).where(tournament_tables.c.tournament_id == tournament)
        query = query.where(g.c.game_id.in_(tables))
    if public_only:
        query = query.where(g.c.visibility == "public")
    elif visible_to_player is not None:
        seated = select(game_players.c.game_id).where(game_players.c.player_id == visible_to_player)
        query = query.where((g.c.visibility == "public") | g.c.game_id.in_(seated))
    if after is not None:
        query = query.where(tuple_(g.c.created_at, g.c.game_id) < tuple_(*after))
    with engine.connect() as conn:
        return [_decode(r) for r in conn.execute(query)]


def rebuild_clear(conn: Connection, keep: Collection[str] = ()) -> None:
    """Empty the read model before `annals rebuild` refills it from the log (but the games in `keep`)."""
    kept = sorted(keep)
    conn.execute(delete(game_players).where(game_players.c.game_id.not_in(kept)))
    conn.execute(delete(game_summaries).where(game_summaries.c.game_id.not_in(kept)))


def forks_of(engine: Engine, parent_id: str) -> list[dict[str, Any]]:
    """The summaries of a game's forks, oldest first."""
    query = (
        select(game_summaries)
        .where(game_summaries.c.parent_game == parent_id)
        .order_by(game_summaries.c.created_at, game_summaries.c.game_id)
    )
    with engine.connect() as conn:
        return [_decode(row) for row in conn.execute(query)]


def _decode(row: Any) -> dict[str, Any]:
    found = dict(row._mapping)
    found["seats"] = json.loads(found["seats"])
    found["options"] = json.loads(found["options"])
    return found
