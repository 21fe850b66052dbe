"""Players: personal data kept out of the log, so a person can be erased without breaking a chain."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, insert, select

from service.store.tables import players


def create(engine: Engine, player_id: str, name: str, email: str | None, created_at: str) -> dict[str, Any]:
    """Register a player."""
    row = {"id": player_id, "name": name, "email": email, "created_at": created_at}
    with engine.begin() as conn:
        conn.execute(insert(players).values(**row))
    return row


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
