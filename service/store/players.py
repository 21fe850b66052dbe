"""Players: personal data kept out of the log, so a person can be erased without breaking a chain."""

from __future__ import annotations

import unicodedata
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, tuple_

from service.store.tables import players


def create(engine: Engine, player_id: str, name: str, email: str | None, created_at: str) -> dict[str, Any]:
    """Register a player."""
    with engine.begin() as conn:
        return create_within(conn, player_id, name, email, created_at)


def create_within(conn: Connection, player_id: str, name: str, email: str | None, created_at: str) -> dict[str, Any]:
    """Register a player inside a caller's transaction (with the event that names them, say)."""
    row = {"id": player_id, "name": name, "email": email, "created_at": created_at}
    conn.execute(insert(players).values(**row, name_key=name_key(name)))
    return row


def create_many_within(conn: Connection, listed: list[tuple[str, str, str | None]], created_at: str) -> None:
    """Register these players (id, name, email) inside a caller's transaction, in one statement: a list of 500
    inserted one by one spent most of its time building 500 statements."""
    rows = [
        {"id": i, "name": name, "email": email, "created_at": created_at, "name_key": name_key(name)}
        for i, name, email in listed
    ]
    conn.execute(insert(players), rows)


def name_key(name: str) -> str:
    """A name as it is searched and ordered: accents and case away ("Ágnes" and "agnes" meet)."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def get(engine: Engine, player_id: str) -> dict[str, Any] | None:
    """A player by id, or None."""
    query = select(players.c.id, players.c.name, players.c.email, players.c.created_at).where(
        players.c.id == player_id, players.c.erased_at.is_(None)
    )
    with engine.connect() as conn:
        row = conn.execute(query).first()
    return dict(row._mapping) if row else None


def existing(engine: Engine, player_ids: list[str]) -> set[str]:
    """Which of these ids are registered players."""
    if not player_ids:
        return set()
    with engine.connect() as conn:
        return {r[0] for r in conn.execute(select(players.c.id).where(players.c.id.in_(player_ids)))}


def names_of(engine: Engine, player_ids: list[str]) -> dict[str, str]:
    """The names of these players (erased ones and unknown ids left out), in one query."""
    if not player_ids:
        return {}
    query = select(players.c.id, players.c.name).where(players.c.id.in_(player_ids), players.c.erased_at.is_(None))
    with engine.connect() as conn:
        return {r.id: r.name for r in conn.execute(query)}


def page(
    engine: Engine, limit: int, after: tuple[str, str] | None = None, search: str | None = None
) -> list[dict[str, Any]]:
    """Registered players by name (accents and case aside), then id; `search` matches any part of the name.

    Each row carries its `name_key`, the cursor's first part."""
    query = (
        select(players.c.id, players.c.name, players.c.email, players.c.created_at, players.c.name_key)
        .where(players.c.erased_at.is_(None))
        .order_by(players.c.name_key, players.c.id)
        .limit(limit)
    )
    if search:
        query = query.where(players.c.name_key.contains(name_key(search), autoescape=True))
    if after is not None:
        query = query.where(tuple_(players.c.name_key, players.c.id) > tuple_(*after))
    with engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(query)]
