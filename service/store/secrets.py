"""Secrets: server dice seeds and sealed payloads, kept out of the log until their reveal."""

from __future__ import annotations

import json
import uuid
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, update

from domain.canonical import canonical_json
from service.store.tables import secrets


def put(conn: Connection, stream_id: str, kind: str, name: str, payload: Any, created_at: str) -> None:
    """Keep a secret (inside the caller's transaction)."""
    conn.execute(
        insert(secrets).values(
            id=str(uuid.uuid4()),
            stream_id=stream_id,
            kind=kind,
            name=name,
            payload=canonical_json(payload),
            created_at=created_at,
        )
    )


def get(engine: Engine | Connection, stream_id: str, kind: str, name: str) -> Any | None:
    """A secret's payload, or None."""
    query = select(secrets.c.payload).where(
        secrets.c.stream_id == stream_id, secrets.c.kind == kind, secrets.c.name == name
    )
    if isinstance(engine, Connection):
        value = engine.execute(query).scalar()
    else:
        with engine.connect() as conn:
            value = conn.execute(query).scalar()
    return json.loads(value) if value is not None else None


def of_kind(conn: Connection, stream_id: str, kind: str, prefix: str) -> dict[str, Any]:
    """Every secret of a kind whose name starts with `prefix`, by name."""
    query = select(secrets.c.name, secrets.c.payload).where(
        secrets.c.stream_id == stream_id, secrets.c.kind == kind, secrets.c.name.startswith(prefix, autoescape=True)
    )
    return {row.name: json.loads(row.payload) for row in conn.execute(query)}


def mark_revealed(conn: Connection, stream_id: str, kind: str, prefix: str, revealed_at: str) -> None:
    """Note that secrets were published in the log (they stay readable for audits)."""
    conn.execute(
        update(secrets)
        .where(
            secrets.c.stream_id == stream_id, secrets.c.kind == kind, secrets.c.name.startswith(prefix, autoescape=True)
        )
        .values(revealed_at=revealed_at)
    )
