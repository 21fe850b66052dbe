"""API tokens, stored only as SHA-256 hashes: a leaked database leaks no usable token."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, insert, or_, select, tuple_, update

from service.store.tables import api_tokens

ROLES = ("admin", "organiser", "arbiter", "player", "viewer")
TOUCH_EVERY_SECONDS = 60  # last use is kept to the minute: one write a minute per token at most


@dataclass(frozen=True, slots=True)
class TokenRecord:
    """A token's identity and powers (never the token itself)."""

    id: str
    role: str
    player_id: str | None
    label: str | None
    games: tuple[str, ...] | None = None  # the games a player token may act in; None: any
    expires_at: str | None = None
    last_used_at: str | None = None
    tournament: str | None = None  # a player token bound to a tournament's table games


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def create(
    engine: Engine,
    token_id: str,
    token: str,
    role: str,
    player_id: str | None,
    label: str | None,
    created_at: str,
    games: Sequence[str] | None = None,
    expires_at: str | None = None,
    created_by: str | None = None,
    tournament: str | None = None,
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
                games=json.dumps(list(games)) if games is not None else None,
                expires_at=expires_at,
                created_by=created_by,
                tournament=tournament,
            )
        )
    bound = tuple(games) if games is not None else None
    return TokenRecord(token_id, role, player_id, label, bound, expires_at, tournament=tournament)


def find(engine: Engine, token: str, now: str) -> TokenRecord | None:
    """The live token matching this bearer value at `now` (not revoked, not expired), or None."""
    query = select(
        api_tokens.c.id,
        api_tokens.c.role,
        api_tokens.c.player_id,
        api_tokens.c.label,
        api_tokens.c.games,
        api_tokens.c.expires_at,
        api_tokens.c.last_used_at,
        api_tokens.c.tournament,
    ).where(
        api_tokens.c.token_hash == token_hash(token),
        api_tokens.c.revoked_at.is_(None),
        or_(api_tokens.c.expires_at.is_(None), api_tokens.c.expires_at > now),
    )
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None:
        return None
    games = tuple(json.loads(row.games)) if row.games is not None else None
    return TokenRecord(
        row.id, row.role, row.player_id, row.label, games, row.expires_at, row.last_used_at, row.tournament
    )


def touch(engine: Engine, token_id: str, used_at: str) -> None:
    """Record that the token was used at `used_at`."""
    with engine.begin() as conn:
        conn.execute(update(api_tokens).where(api_tokens.c.id == token_id).values(last_used_at=used_at))


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


# --- the token API's reads: rows as JSON-ready dicts, never the hash ---

_LISTED = (
    api_tokens.c.id,
    api_tokens.c.role,
    api_tokens.c.player_id,
    api_tokens.c.label,
    api_tokens.c.games,
    api_tokens.c.created_at,
    api_tokens.c.created_by,
    api_tokens.c.expires_at,
    api_tokens.c.last_used_at,
    api_tokens.c.revoked_at,
    api_tokens.c.tournament,
)


def get(engine: Engine, token_id: str) -> dict[str, Any] | None:
    """One token's row (without its hash), or None."""
    with engine.connect() as conn:
        row = conn.execute(select(*_LISTED).where(api_tokens.c.id == token_id)).first()
    return _listed(row) if row else None


def page(
    engine: Engine,
    limit: int,
    after: tuple[str, str] | None = None,
    created_by: str | None = None,
    role: str | None = None,
    player_id: str | None = None,
    include_revoked: bool = False,
) -> list[dict[str, Any]]:
    """Tokens newest first, after the cursor (created_at, id), filtered."""
    query = select(*_LISTED).order_by(api_tokens.c.created_at.desc(), api_tokens.c.id.desc()).limit(limit)
    if after is not None:
        query = query.where(tuple_(api_tokens.c.created_at, api_tokens.c.id) < tuple_(*after))
    if created_by is not None:
        query = query.where(api_tokens.c.created_by == created_by)
    if role is not None:
        query = query.where(api_tokens.c.role == role)
    if player_id is not None:
        query = query.where(api_tokens.c.player_id == player_id)
    if not include_revoked:
        query = query.where(api_tokens.c.revoked_at.is_(None))
    with engine.connect() as conn:
        return [_listed(row) for row in conn.execute(query)]


def _listed(row: Any) -> dict[str, Any]:
    return {
        "id": row.id,
        "role": row.role,
        "player": row.player_id,
        "label": row.label,
        "games": json.loads(row.games) if row.games is not None else None,
        "created_at": row.created_at,
        "created_by": row.created_by,
        "expires_at": row.expires_at,
        "last_used_at": row.last_used_at,
        "revoked_at": row.revoked_at,
        "tournament": row.tournament,
    }
