"""Request shapes of the token API: structure here, who may mint what in `service.api.tokens`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.schemas import PageSchema, shown_text
from service.store.tokens import ROLES

MAX_DAYS = 3650


class UtcDateTime(fields.AwareDateTime):
    """An RFC 3339 time with an offset, read as UTC (how every time is stored); a time UTC cannot hold (an
    offset pushing 9999-12-31 or 0001-01-01 past the calendar) is refused as the field's error, not a 500."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> datetime:
        moment = super()._deserialize(value, attr, data, **kwargs)
        try:
            return moment.astimezone(UTC)
        except OverflowError:
            raise ValidationError(f"{value!r} is outside the years 1 to 9999 in UTC") from None


class TokenCreateSchema(Schema):
    """POST /tokens."""

    role = fields.String(required=True, validate=validate.OneOf(ROLES))
    player = fields.UUID(load_default=None, allow_none=True)
    label = fields.String(load_default=None, allow_none=True, validate=shown_text(0, 200))
    games = fields.List(fields.UUID(), load_default=None, allow_none=True, validate=validate.Length(1, 200))
    tournament = fields.UUID(load_default=None, allow_none=True)
    expires_at = UtcDateTime(load_default=None, allow_none=True, default_timezone=UTC)
    expires_in_days = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=validate.Range(1, MAX_DAYS)
    )  # strict: 2.5 was cut to 2 days, "2" read as 2

    @validates_schema
    def _consistent(self, data: dict[str, Any], **_: Any) -> None:
        if data["role"] == "player" and data["player"] is None:
            raise ValidationError("a player token names its player", "player")
        if data["role"] != "player" and data["player"] is not None:
            article = "an" if data["role"][0] in "aeiou" else "a"
            raise ValidationError(f"only a player token names a player, not {article} {data['role']} token", "player")
        if data["games"] is not None and data["role"] != "player":
            raise ValidationError("only a player token is bound to games", "games")
        if data["tournament"] is not None and data["role"] != "player":
            raise ValidationError("only a player token is bound to a tournament", "tournament")
        if data["tournament"] is not None and data["games"] is not None:
            raise ValidationError("bind a token to games or to a tournament (its games), not both", "tournament")
        twice = sorted({str(g) for g in data["games"] or () if data["games"].count(g) > 1})
        if twice:  # the token listed them twice, and its list said so
            raise ValidationError(f"each game once: {', '.join(twice)} listed twice", "games")
        if data["expires_at"] is not None and data["expires_in_days"] is not None:
            raise ValidationError("give expires_at or expires_in_days, not both", "expires_in_days")


class TokenLinkSchema(TokenCreateSchema):
    """POST /tokens/links: a token's spec, and how long the link may be redeemed."""

    valid_minutes = fields.Integer(load_default=15, strict=True, validate=validate.Range(1, 1440))


class RedeemSchema(Schema):
    """POST /tokens/redeem."""

    code = fields.String(required=True, validate=validate.Length(16, 100))


class TokenListSchema(PageSchema):
    """GET /tokens filters."""

    role = fields.String(load_default=None, validate=validate.OneOf(ROLES))
    player = fields.UUID(load_default=None)
    include_revoked = fields.Boolean(load_default=False)
