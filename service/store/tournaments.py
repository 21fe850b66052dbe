"""`tournaments`, `tournament_tables`, `tournament_entrants`: the read model of tournament streams (issue 13).

Each tournament's rows are rewritten whole from the fold of its stream in the append's transaction, so they
equal a rebuild from the log (`service.tournaments.projection.rebuild_tournaments`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select

from service.store.tables import tournament_entrants, tournament_tables, tournaments

TABLES = (tournament_entrants, tournament_tables, tournaments)


def put(
    conn: Connection, row: dict[str, Any], tables: Sequence[dict[str, Any]], entrants: Sequence[dict[str, Any]]
) -> None:
    """Replace a tournament's rows with these."""
    tournament_id = row["tournament_id"]
    for table in TABLES:
        conn.execute(delete(table).where(table.c.tournament_id == tournament_id))
    conn.execute(insert(tournaments).values(**row))
    if tables:
        conn.execute(insert(tournament_tables), [{"tournament_id": tournament_id, **t} for t in tables])
    if entrants:
        conn.execute(insert(tournament_entrants), [{"tournament_id": tournament_id, **e} for e in entrants])


def clear(conn: Connection) -> None:
    """Empty the read model (a rebuild refills it)."""
    for table in TABLES:
        conn.execute(delete(table))


def get(engine: Engine, tournament_id: str) -> dict[str, Any] | None:
    """One tournament's row, or None."""
    with engine.connect() as conn:
        row = conn.execute(select(tournaments).where(tournaments.c.tournament_id == tournament_id)).first()
    return dict(row._mapping) if row is not None else None


def page(
    engine: Engine, limit: int, after: tuple[str, str] | None, public_only: bool, status: str | None = None
) -> list[dict[str, Any]]:
    """Tournaments newest first after a (created_at, tournament_id) cursor."""
    t = tournaments
    query = select(t).order_by(t.c.created_at.desc(), t.c.tournament_id.desc()).limit(limit)
    if after is not None:
        created, tid = after
        query = query.where((t.c.created_at < created) | ((t.c.created_at == created) & (t.c.tournament_id < tid)))
    if public_only:
        query = query.where(t.c.visibility == "public")
    if status is not None:
        query = query.where(t.c.status == status)
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(query)]


def tables_of(engine: Engine, tournament_id: str) -> list[dict[str, Any]]:
    """A tournament's tables, by round and number."""
    t = tournament_tables
    query = select(t).where(t.c.tournament_id == tournament_id).order_by(t.c.round, t.c.table_no)
    with engine.connect() as conn:
        return [_decoded(r._mapping) for r in conn.execute(query)]


def table_of_game(engine: Engine, game_id: str) -> dict[str, Any] | None:
    """The tournament table whose game is `game_id` (tournament id, round, table), or None."""
    t = tournament_tables
    with engine.connect() as conn:
        row = conn.execute(select(t).where(t.c.game_id == game_id)).first()
    return _decoded(row._mapping) if row is not None else None


def games_of_player(engine: Engine, tournament_id: str, player_id: str) -> tuple[str, ...]:
    """The games of a tournament's tables where `player_id` sits."""
    return tuple(t["game_id"] for t in tables_of(engine, tournament_id) if t["game_id"] and player_id in t["players"])


def entrants_of(engine: Engine, tournament_id: str) -> list[dict[str, Any]]:
    """A tournament's entrants, by current rank."""
    e = tournament_entrants
    query = select(e).where(e.c.tournament_id == tournament_id).order_by(e.c.rank, e.c.player_id)
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(query)]


def tournaments_of_player(engine: Engine, player_id: str) -> list[dict[str, Any]]:
    """Every tournament `player_id` entered, with their entry row (a player's history)."""
    e = tournament_entrants
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(select(e).where(e.c.player_id == player_id))]


def in_public_tournaments(engine: Engine, player_ids: Sequence[str]) -> set[str]:
    """Which of these players entered a public tournament (whose entrants list names them to anyone)."""
    if not player_ids:
        return set()
    e, t = tournament_entrants, tournaments
    query = (
        select(e.c.player_id)
        .join(t, t.c.tournament_id == e.c.tournament_id)
        .where(e.c.player_id.in_(sorted(set(player_ids))), t.c.visibility == "public")
    )
    with engine.connect() as conn:
        return {r[0] for r in conn.execute(query)}


def _decoded(row: Any) -> dict[str, Any]:
    found = dict(row)
    found["players"] = json.loads(found["players"])
    found["seats"] = json.loads(found["seats"])
    return found
