"""Marshmallow schemas of request bodies and query strings; every error names its field."""

from __future__ import annotations

import functools
import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.errors import BadRequest

# Characters a name shows nothing of, or that change how the text around it is shown: C0 and C1 controls
# (a newline, a terminal escape), the zero-width space, word joiner and BOM, line and paragraph separators,
# and the bidi embeddings, overrides and isolates ("\u202eecilA" is shown as "Alice"). ZWJ and ZWNJ
# (U+200C, U+200D) stay: Persian, Indic scripts and emoji need them.
_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u200b\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]")


class ShownText(validate.Validator):
    """A name or title people read in lists, standings and terminals: no control or invisible characters
    that could make a second "Alice" look like the first or reach a terminal, and not only spaces."""

    def __call__(self, value: str) -> str:
        found = _HIDDEN.search(value)
        if found is not None:
            raise ValidationError(f"holds U+{ord(found.group()):04X}, a control or invisible character")
        if value and not value.strip():
            raise ValidationError("is only spaces")
        return value


def escaped(text: str) -> str:
    """`text` with the characters ShownText refuses written as `\\uXXXX`: a refusal that quotes a name to a
    terminal must not send it the escape or the bidi override it was refused for."""
    return _HIDDEN.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def shown_text(shortest: int, longest: int) -> list[validate.Validator]:
    """Validators of a name or title of `shortest`..`longest` characters (ShownText)."""
    return [validate.Length(shortest, longest), ShownText()]


SEAT_ID = validate.Regexp(r"^[a-z0-9][a-z0-9_\-]{0,63}$", error="must be 1-64 of a-z, 0-9, '_' or '-'")
MAX_VERSION = 2**31 - 1  # versions are 32-bit integers in both databases
HASH = validate.Regexp(r"^[0-9a-f]{64}$", error="must be 64 lower-case hex digits")


class PlayerCreateSchema(Schema):
    """POST /players."""

    name = fields.String(required=True, validate=shown_text(1, 200))
    email = fields.Email(load_default=None, allow_none=True)


class BoardCreateSchema(Schema):
    """POST /boards."""

    name = fields.String(required=True, validate=shown_text(1, 200))
    ruleset = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 64))
    board = fields.Dict(required=True)


SHIPPED_BOARD = validate.Regexp(r"^[a-z][a-z0-9_\-]{0,63}$", error="must be a board name such as 'basic'")


class BoardField(fields.Field[dict[str, Any] | str | None]):
    """A board by content id (64 hex), by the name of a board the ruleset ships, inline as a document, or null."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict[str, Any] | str | None:
        if value is None or isinstance(value, dict):
            return value
        if isinstance(value, str):
            if len(value) != 64:
                SHIPPED_BOARD(value)
                return value
            HASH(value)
            return value
        raise ValidationError("must be a board id (64 hex digits), a shipped board's name, a board document, or null")


class SeatSchema(Schema):
    """One seat of a new game."""

    seat = fields.String(required=True, validate=SEAT_ID)
    player = fields.UUID(load_default=None, allow_none=True)


class GameCreateSchema(Schema):
    """POST /games."""

    ruleset = fields.String(required=True, validate=validate.Length(1, 64))
    variant = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 64))
    options = fields.Dict(load_default=dict)
    board = BoardField(load_default=None, allow_none=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True, validate=validate.Length(1, 16))
    mode = fields.String(load_default="adjudicated", validate=validate.OneOf(["adjudicated", "transcript"]))
    dice = fields.String(load_default="server", validate=validate.OneOf(["server", "table"]))
    visibility = fields.String(load_default="public", validate=validate.OneOf(["public", "private"]))
    title = fields.String(load_default="", validate=shown_text(0, 200))
    # A mid-game position to start from (issue 15, point 3): checked against the ruleset's position schema.
    position = fields.Dict(load_default=None, allow_none=True)

    @validates_schema
    def _distinct_seats(self, data: dict[str, Any], **_: Any) -> None:
        names = [s["seat"] for s in data.get("seats", [])]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValidationError(f"duplicate seats: {', '.join(duplicates)}", "seats")


_NAME_MAX = 64  # an action's type and seat (load_action checks the same bounds)


class ActionSchema(Schema):
    """POST /games/{id}/actions."""

    type = fields.String(required=True, validate=validate.Length(1, _NAME_MAX))
    seat = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, _NAME_MAX))
    data = fields.Dict(load_default=dict)


class SealedSchema(Schema):
    """POST /games/{id}/sealed."""

    seat = fields.String(required=True, validate=validate.Length(1, 64))
    round = fields.String(required=True, validate=validate.Length(1, 64))
    payload = fields.Raw(required=True, allow_none=True)


class PageSchema(Schema):
    """Cursor pagination."""

    limit = fields.Integer(load_default=100, validate=validate.Range(1, 1000))
    after = fields.String(load_default=None, validate=validate.Length(1, 400))


class GameListSchema(PageSchema):
    """GET /games filters."""

    ruleset = fields.String(load_default=None)
    status = fields.String(load_default=None, validate=validate.OneOf(["active", "ended"]))
    visibility = fields.String(load_default=None, validate=validate.OneOf(["public", "private"]))
    player = fields.UUID(load_default=None)
    tournament = fields.String(load_default=None, validate=validate.Length(1, 36))


class PlayerListSchema(PageSchema):
    """GET /players: a page of players, optionally those whose name contains `q`."""

    q = fields.String(load_default=None, validate=validate.Length(1, 200))


class RatingsListSchema(PageSchema):
    """GET /ratings: a ruleset's leaderboard, paged."""

    ruleset = fields.String(required=True, validate=validate.Length(1, 64))


class BoardListSchema(PageSchema):
    """GET /boards filters."""

    ruleset = fields.String(load_default=None)


class EventsQuerySchema(Schema):
    """GET /games/{id}/events."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_VERSION))
    limit = fields.Integer(load_default=100, validate=validate.Range(1, 1000))
    as_ = fields.String(data_key="as", load_default=None, validate=validate.Length(1, 64))


class GlobalEventsQuerySchema(Schema):
    """GET /events: positions in the global log."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**62))
    limit = fields.Integer(load_default=100, validate=validate.Range(1, 1000))


class StreamQuerySchema(Schema):
    """GET /games/{id}/stream."""

    after = fields.Integer(load_default=None, validate=validate.Range(min=0, max=MAX_VERSION))
    timeout = fields.Integer(load_default=55, validate=validate.Range(0, 60))
    # `pending=true`: a `pending` event (what the game waits for, as `as` sees it) follows each batch of events.
    pending = fields.Boolean(load_default=False)
    as_ = fields.String(data_key="as", load_default="spectator", validate=validate.Length(1, 64))


class ReplayQuerySchema(Schema):
    """GET /games/{id}/replay: frames after version `from` up to `to`."""

    from_ = fields.Integer(data_key="from", load_default=1, validate=validate.Range(min=1, max=MAX_VERSION))
    to = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_VERSION))
    as_ = fields.String(data_key="as", load_default="spectator", validate=validate.Length(1, 64))


class DiffQuerySchema(Schema):
    """GET /games/{id}/diff between versions `a` and `b`."""

    a = fields.Integer(required=True, validate=validate.Range(min=1, max=MAX_VERSION))
    b = fields.Integer(required=True, validate=validate.Range(min=1, max=MAX_VERSION))
    base = fields.String(load_default="self", validate=validate.OneOf(["self", "parent"]))
    as_ = fields.String(data_key="as", load_default="spectator", validate=validate.Length(1, 64))


class SeekQuerySchema(Schema):
    """GET /games/{id}/seek: the state at a bookmark."""

    bookmark = fields.String(required=True, validate=validate.Length(1, 200))
    occurrence = fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_VERSION))
    as_ = fields.String(data_key="as", load_default="spectator", validate=validate.Length(1, 64))


class AuditQuerySchema(Schema):
    """GET /games/{id}/audit[/{version}]: whose view of the state before an action (default by role)."""

    as_ = fields.String(data_key="as", load_default=None, validate=validate.Length(1, 64))


class GameAuditQuerySchema(AuditQuerySchema):
    """GET /games/{id}/audit: the viewer, and a page of its action audits (the one list that grows with the game)."""

    limit = fields.Integer(load_default=1000, validate=validate.Range(1, 1000))
    after = fields.String(load_default=None, validate=validate.Length(1, 400))


class StateQuerySchema(Schema):
    """GET /games/{id}/state."""

    at = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_VERSION))
    as_ = fields.String(data_key="as", load_default="spectator", validate=validate.Length(1, 64))


class PositionQuerySchema(Schema):
    """GET /games/{id}/position."""

    at = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_VERSION))


class WholeListSchema(Schema):
    """Cursor pagination of a list that used to come whole: the same `limit`/`after`, 1000 by default."""

    limit = fields.Integer(load_default=1000, validate=validate.Range(1, 1000))
    after = fields.String(load_default=None, validate=validate.Length(1, 400))


class RulesQuerySchema(WholeListSchema):
    """GET /rulesets/{id}/rules."""

    prefix = fields.String(load_default=None, validate=validate.Length(1, 64))


@functools.cache
def _instance(schema: type[Schema]) -> Schema:
    # Built once: constructing a schema costs more than loading a small body with it, and loading
    # keeps no state on the instance, so threads share it.
    return schema()


_ACTION_KEYS = frozenset(ActionSchema().fields)


def load_action(data: Any) -> dict[str, Any]:
    """POST /actions' body, as `load(ActionSchema, data)` gives it.

    The usual well-formed body is checked here (the same rules as ActionSchema's fields), because
    marshmallow's load cost more CPU than the rest of the request's validation; anything else goes
    through ActionSchema, whose field errors the 400 lists.
    """
    if type(data) is dict and data.keys() <= _ACTION_KEYS:
        kind, seat, payload = data.get("type"), data.get("seat"), data.get("data", {})
        if (
            type(kind) is str
            and 1 <= len(kind) <= _NAME_MAX
            and (seat is None or (type(seat) is str and 1 <= len(seat) <= _NAME_MAX))
            and type(payload) is dict  # a missing `data` is the empty object
        ):
            return {"type": kind, "seat": seat, "data": dict(payload)}
    return load(ActionSchema, data)


def load(schema_class: type[Schema], data: Any, what: str = "body") -> dict[str, Any]:
    """Validate `data`; a 400 problem lists every bad field."""
    schema = _instance(schema_class)
    if data is None:
        raise BadRequest(f"the request {what} must be a JSON object", {what: ["missing or not JSON"]})
    try:
        result: dict[str, Any] = schema.load(data)
    except ValidationError as error:
        messages = _flatten(error.messages)
        first = next(iter(messages.items()))
        raise BadRequest(f"{first[0]}: {first[1][0]}", messages) from None
    return result


def _flatten(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    flat: dict[str, list[str]] = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = (
                f"{prefix}.{key}" if prefix and not isinstance(key, int) else f"{prefix}[{key}]" if prefix else str(key)
            )
            flat.update(_flatten(value, name))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        flat[prefix or "_schema"] = list(messages)
    else:
        flat[prefix or "_schema"] = [str(messages)]
    return flat


class CheckpointListSchema(PageSchema):
    """GET /checkpoints filters."""

    kind = fields.String(load_default=None, validate=validate.OneOf(["stream", "global"]))
    stream = fields.String(load_default=None, validate=validate.Length(1, 200))
