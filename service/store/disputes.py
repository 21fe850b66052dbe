"""`disputes` and `dispute_rules`: the read model of dispute streams, updated in the append transaction.

Rebuildable from the log (`service.disputes.rebuild_disputes`): a row is the fold of its stream.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, tuple_

from domain.canonical import canonical_json
from service.store.tables import dispute_rules, disputes, events, game_players, game_summaries


def put(conn: Connection, row: dict[str, Any], rule_ids: Iterable[str]) -> None:
    """Write a dispute's row and the rule ids it cites (replacing what was there)."""
    dispute_id = row["dispute_id"]
    conn.execute(delete(dispute_rules).where(dispute_rules.c.dispute_id == dispute_id))
    conn.execute(delete(disputes).where(disputes.c.dispute_id == dispute_id))
    last = row.get("last_ruling")
    conn.execute(insert(disputes).values(**{**row, "last_ruling": canonical_json(last) if last is not None else None}))
    cited = [{"dispute_id": dispute_id, "rule_id": rule_id} for rule_id in sorted(set(rule_ids))]
    if cited:
        conn.execute(insert(dispute_rules), cited)


def get(engine: Engine, dispute_id: str) -> dict[str, Any] | None:
    """One dispute's row (with its rule ids), or None."""
    with engine.connect() as conn:
        row = conn.execute(select(disputes).where(disputes.c.dispute_id == dispute_id)).first()
        if row is None:
            return None
        return _with_rules(conn, [_decode(row)])[0]


def page(
    engine: Engine,
    *,
    limit: int,
    after: tuple[str, str] | None,
    game: str | None = None,
    status: str | None = None,
    rule_id: str | None = None,
    visible_to_player: str | None = None,
    public_only: bool = False,
) -> list[dict[str, Any]]:
    """Disputes newest first, filtered, after an (opened_at, dispute_id) cursor; only of games the caller reads."""
    d, g = disputes, game_summaries
    query = select(d).join(g, g.c.game_id == d.c.game_id)
    query = query.order_by(d.c.opened_at.desc(), d.c.dispute_id.desc()).limit(limit)
    if game is not None:
        query = query.where(d.c.game_id == game)
    if status is not None:
        query = query.where(d.c.status == status)
    if rule_id is not None:
        cited = select(dispute_rules.c.dispute_id).where(dispute_rules.c.rule_id == rule_id)
        query = query.where(d.c.dispute_id.in_(cited))
    if public_only:
        query = query.where(g.c.visibility == "public")
    elif visible_to_player is not None:
        seated = select(game_players.c.game_id).where(game_players.c.player_id == visible_to_player)
        query = query.where((g.c.visibility == "public") | g.c.game_id.in_(seated))
    if after is not None:
        query = query.where(tuple_(d.c.opened_at, d.c.dispute_id) < tuple_(*after))
    with engine.connect() as conn:
        return _with_rules(conn, [_decode(r) for r in conn.execute(query)])


def open_ids(conn: Engine | Connection, game_id: str) -> list[str]:
    """The ids of a game's open disputes, oldest first."""
    query = (
        select(disputes.c.dispute_id)
        .where(disputes.c.game_id == game_id, disputes.c.status == "open")
        .order_by(disputes.c.opened_at, disputes.c.dispute_id)
    )
    if isinstance(conn, Connection):
        return [r[0] for r in conn.execute(query)]
    with conn.connect() as connection:
        return [r[0] for r in connection.execute(query)]


def open_counts(engine: Engine, game_ids: Sequence[str]) -> dict[str, int]:
    """How many open disputes each game has (games without any are absent)."""
    if not game_ids:
        return {}
    query = (
        select(disputes.c.game_id, func.count())
        .where(disputes.c.game_id.in_(list(game_ids)), disputes.c.status == "open")
        .group_by(disputes.c.game_id)
    )
    with engine.connect() as conn:
        return {r[0]: int(r[1]) for r in conn.execute(query)}


def streams_in_log(engine: Engine, game_id: str) -> list[str]:
    """The dispute streams whose opening event names `game_id`, read from the log, not from this read model
    (whose row may be missing: that is what a verifier looks for). A range of the (stream_id, version) index
    over dispute streams' first events: a handful of rows however long the games are."""
    query = (
        select(events.c.stream_id, events.c.data)
        .where(events.c.stream_id.startswith("dispute:"), events.c.version == 1)
        .order_by(events.c.stream_id)
    )
    with engine.connect() as conn:
        return [row.stream_id for row in conn.execute(query) if _names_game(row.data, game_id)]


def _names_game(data: str, game_id: str) -> bool:
    try:
        opened = json.loads(data)
    except ValueError:
        return False  # an edited row: the chain check of the streams a verifier does know reports it
    return isinstance(opened, dict) and opened.get("game") == game_id


def clear(conn: Connection, keep: Iterable[str] = ()) -> None:
    """Empty the read model before a rebuild refills it from the log, but for the rows of `keep` (dispute ids)."""
    kept = list(keep)
    conn.execute(delete(dispute_rules).where(dispute_rules.c.dispute_id.not_in(kept)))
    conn.execute(delete(disputes).where(disputes.c.dispute_id.not_in(kept)))


def _with_rules(conn: Connection, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if not rows:
        return rows
    ids = [r["dispute_id"] for r in rows]
    cited: dict[str, list[str]] = {i: [] for i in ids}
    query = (
        select(dispute_rules.c.dispute_id, dispute_rules.c.rule_id)
        .where(dispute_rules.c.dispute_id.in_(ids))
        .order_by(dispute_rules.c.rule_id)
    )
    for dispute_id, rule in conn.execute(query):
        cited[dispute_id].append(rule)
    return [{**r, "rule_ids": cited[r["dispute_id"]]} for r in rows]


def _decode(row: Any) -> dict[str, Any]:
    found = dict(row._mapping)
    found["last_ruling"] = json.loads(found["last_ruling"]) if found["last_ruling"] is not None else None
    return found
