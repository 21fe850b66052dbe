"""Snapshots: a disposable cache of folded games, keyed by stream, ruleset build and version.

The `ruleset_version` column holds the build of the ruleset that folded the state (`1.0.0+<digest of its code>`,
service/snapshot_cache.py): a state folded by other code is never read back.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select
from sqlalchemy.exc import IntegrityError

from domain.canonical import canonical_json
from service.store.tables import snapshots


def save(conn: Connection, stream_id: str, ruleset_version: str, version: int, state: Any, created_at: str) -> None:
    """Store the folded game at `version` (inside the caller's transaction); one already there is kept.

    Two writers may fold the same version (an append and a background re-fold): they hold the same state.
    """
    row = {
        "stream_id": stream_id,
        "ruleset_version": ruleset_version,
        "version": version,
        "state": canonical_json(state),
        "created_at": created_at,
    }
    try:
        with conn.begin_nested():
            conn.execute(insert(snapshots).values(**row))
    except IntegrityError:
        pass


def versions(engine: Engine, stream_id: str, ruleset_version: str) -> list[int]:
    """The versions of a stream kept for this ruleset build, oldest first."""
    query = (
        select(snapshots.c.version)
        .where(snapshots.c.stream_id == stream_id, snapshots.c.ruleset_version == ruleset_version)
        .order_by(snapshots.c.version)
    )
    with engine.connect() as conn:
        return [row.version for row in conn.execute(query)]


def stored_states(engine: Engine, stream_id: str, ruleset_version: str) -> list[tuple[int, str]]:
    """A stream's snapshots for this ruleset build as stored (version, canonical JSON), oldest first."""
    query = (
        select(snapshots.c.version, snapshots.c.state)
        .where(snapshots.c.stream_id == stream_id, snapshots.c.ruleset_version == ruleset_version)
        .order_by(snapshots.c.version)
    )
    with engine.connect() as conn:
        return [(row.version, row.state) for row in conn.execute(query)]


def drop_other_builds(conn: Connection, stream_id: str, ruleset_version: str) -> int:
    """Delete a stream's snapshots folded by any other build than `ruleset_version` (never read again)."""
    query = delete(snapshots).where(snapshots.c.stream_id == stream_id, snapshots.c.ruleset_version != ruleset_version)
    return conn.execute(query).rowcount or 0


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
