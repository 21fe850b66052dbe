"""Snapshots: a disposable cache of folded games, keyed by stream, ruleset version and version."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select

from domain.canonical import canonical_json
from service.store.tables import snapshots


def save(conn: Connection, stream_id: str, ruleset_version: str, version: int, state: Any, created_at: str) -> None:
    """Store the folded game at `version` (inside the caller's transaction)."""
    conn.execute(
        insert(snapshots).values(
            stream_id=stream_id,
            ruleset_version=ruleset_version,
            version=version,
            state=canonical_json(state),
            created_at=created_at,
        )
    )


def latest(engine: Engine, stream_id: str, ruleset_version: str, at_most: int | None) -> tuple[int, Any] | None:
    """The newest snapshot at or before `at_most` for this ruleset version, as (version, document)."""
    query = (
        select(snapshots.c.version, snapshots.c.state)
        .where(snapshots.c.stream_id == stream_id, snapshots.c.ruleset_version == ruleset_version)
        .order_by(snapshots.c.version.desc())
        .limit(1)
    )
    if at_most is not None:
        query = query.where(snapshots.c.version <= at_most)
    with engine.connect() as conn:
        row = conn.execute(query).first()
    return (row.version, json.loads(row.state)) if row else None


def drop_all(engine: Engine, stream_id: str | None = None) -> int:
    """Delete snapshots (all, or one stream's); answers do not change, only speed."""
    query = delete(snapshots)
    if stream_id is not None:
        query = query.where(snapshots.c.stream_id == stream_id)
    with engine.begin() as conn:
        return conn.execute(query).rowcount or 0
