"""API tokens, stored only as SHA-256 hashes: a leaked database leaks no usable token."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from sqlalchemy import Engine, insert, select, update

from service.store.tables import api_tokens

ROLES = ("admin", "organiser", "arbiter", "player", "viewer")


@dataclass(frozen=True, slots=True)
class TokenRecord:
    """A token's identity and powers (never the token itself)."""

    id: str
    role: str
    player_id: str | None
    label: str | None


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def create(
    engine: Engine, token_id: str, token: str, role: str, player_id: str | None, label: str | None, created_at: str
) -> TokenRecord:
    """Store a new token's hash."""
    with engine.begin() as conn:
        conn.execute(
            insert(api_tokens).values(
                id=token_id,
                token_hash=token_hash(token),
                role=role,
                player_id=player_id,
                label=label,
                created_at=created_at,
            )
        )
    return TokenRecord(token_id, role, player_id, label)


def find(engine: Engine, token: str) -> TokenRecord | None:
    """The live token matching this bearer value, or None."""
    query = select(api_tokens.c.id, api_tokens.c.role, api_tokens.c.player_id, api_tokens.c.label).where(
        api_tokens.c.token_hash == token_hash(token), api_tokens.c.revoked_at.is_(None)
    )
    with engine.connect() as conn:
        row = conn.execute(query).first()
    return TokenRecord(row.id, row.role, row.player_id, row.label) if row else None


def revoke(engine: Engine, token_id: str, revoked_at: str) -> bool:
    """Revoke a token; False when no live token has this id."""
    with engine.begin() as conn:
        result = conn.execute(
            update(api_tokens)
            .where(api_tokens.c.id == token_id, api_tokens.c.revoked_at.is_(None))
            .values(revoked_at=revoked_at)
        )
    return bool(result.rowcount)


def has_live_role(engine: Engine, role: str) -> bool:
    """Whether any unrevoked token has this role."""
    query = select(api_tokens.c.id).where(api_tokens.c.role == role, api_tokens.c.revoked_at.is_(None)).limit(1)
    with engine.connect() as conn:
        return conn.execute(query).first() is not None
