"""Boards: content-addressed map documents (id = SHA-256 of the canonical JSON)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Engine, insert, select, tuple_

from domain.canonical import canonical_json
from service.store.tables import boards


def put(engine: Engine, board_id: str, name: str, ruleset: str | None, document: Any, created_at: str) -> bool:
    """Store a board unless it is already there; True when it was new."""
    with engine.begin() as conn:
        if conn.execute(select(boards.c.id).where(boards.c.id == board_id)).first():
            return False
        conn.execute(
            insert(boards).values(
                id=board_id, name=name, ruleset=ruleset, document=canonical_json(document), created_at=created_at
            )
        )
    return True


def get(engine: Engine, board_id: str) -> dict[str, Any] | None:
    """A board with its document, or None."""
    with engine.connect() as conn:
        row = conn.execute(select(boards).where(boards.c.id == board_id)).first()
    if row is None:
        return None
    found = dict(row._mapping)
    found["document"] = json.loads(found["document"])
    return found


def page(engine: Engine, ruleset: str | None, limit: int, after: tuple[str, str] | None) -> list[dict[str, Any]]:
    """Boards newest first, after a (created_at, id) cursor."""
    query = select(boards).order_by(boards.c.created_at.desc(), boards.c.id.desc()).limit(limit)
    if ruleset is not None:
        query = query.where(boards.c.ruleset == ruleset)
    if after is not None:
        query = query.where(tuple_(boards.c.created_at, boards.c.id) < tuple_(*after))
    with engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(query)]
    for row in rows:
        row["document"] = json.loads(row["document"])
    return rows
