"""One-time login codes (issue 14): a link a director hands to a tablet, redeemed once for a token.

Only the code's SHA-256 is stored, with what the token will be; the token itself is minted when the code is
redeemed, so a code never holds a usable token, and redeeming marks it used in the same statement that checks it
(two tablets racing for one link: one gets the token)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import Engine, insert, select, update

from service.store.tables import login_codes


def _hash(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def create(
    engine: Engine, code: str, spec: dict[str, Any], created_by: str | None, created_at: str, expires_at: str
) -> None:
    """Keep a code's hash with the token it will give."""
    with engine.begin() as conn:
        conn.execute(
            insert(login_codes).values(
                code_hash=_hash(code),
                spec=json.dumps(spec, sort_keys=True),
                created_by=created_by,
                created_at=created_at,
                expires_at=expires_at,
            )
        )


def redeem(engine: Engine, code: str, now: str) -> dict[str, Any] | None:
    """The spec of a live code, marking it used; None when it is unknown, used or expired."""
    c = login_codes
    with engine.begin() as conn:
        marked = conn.execute(
            update(c)
            .where(c.c.code_hash == _hash(code), c.c.used_at.is_(None), c.c.expires_at > now)
            .values(used_at=now)
        )
        if marked.rowcount != 1:
            return None
        row = conn.execute(select(c.c.spec, c.c.created_by).where(c.c.code_hash == _hash(code))).one()
    spec: dict[str, Any] = json.loads(row.spec)
    spec["created_by"] = row.created_by
    return spec
