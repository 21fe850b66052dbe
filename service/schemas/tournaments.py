"""Request shapes of tournaments (issue 13): structure here, meaning in `service.tournaments.commands`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service import schemas
from service.errors import BadRequest
from service.schemas import BoardField, PageSchema, shown_text

NAME_LENGTH = 200
NAME = shown_text(1, NAME_LENGTH)
REASON = fields.String(required=True, validate=validate.Length(1, 2000))
PLAYER_ID = fields.String(validate=validate.Length(1, 36))
WEIGHT = fields.Integer(strict=True, validate=validate.Range(0, 1000))
CLOCK_MINUTES = validate.Range(1, 1440, error="a whole number of minutes from 1 to 1440")


class TournamentCreateSchema(Schema):
    """POST /tournaments."""

    name = fields.String(required=True, validate=NAME)
    ruleset = fields.String(required=True, validate=validate.Length(1, 64))
    variant = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 64))
    options = fields.Dict(load_default=dict)
    board = BoardField(load_default=None, allow_none=True)
    format = fields.String(load_default="swiss", validate=validate.OneOf(["swiss", "league"]))
    rounds = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(1, 30))
    table_size = fields.Integer(required=True, strict=True, validate=validate.Range(2, 6))
    # Unset: `smaller_tables`, or `byes` at tables of 2, where a smaller table would seat one (service.tournaments).
    remainder = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(["smaller_tables", "byes"]))
    bye_points = fields.String(
        load_default=None,
        allow_none=True,
        # A whole number or a fraction whose denominator is not 0: "1/0" would pass a bare digits pattern.
        validate=validate.Regexp(r"^\d{1,6}(/0*[1-9]\d{0,5})?$", error="a number of points such as 1 or 1/2"),
    )
    scoring = fields.String(load_default="placement-wbc", validate=validate.Length(1, 64))
    placement_points = fields.Dict(
        keys=fields.String(validate=validate.Regexp(r"^[2-6]$")),
        values=fields.List(
            fields.Integer(strict=True, validate=validate.Range(0, 10**6)), validate=validate.Length(2, 6)
        ),
        load_default=None,
        allow_none=True,
    )
    scoring_measure = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 64))
    normalise = fields.Boolean(load_default=False)
    tiebreaks = fields.List(
        fields.String(validate=validate.Length(1, 80)),
        load_default=lambda: ["score", "opponents_score", "wins", "head_to_head", "draw"],
        validate=validate.Length(1, 12),
    )
    seat_sets = fields.Dict(
        keys=fields.String(validate=validate.Regexp(r"^[2-6]$")),
        values=fields.List(
            fields.List(fields.String(validate=validate.Length(1, 64)), validate=validate.Length(2, 6)),
            validate=validate.Length(1, 50),
        ),
        load_default=None,
        allow_none=True,
    )
    faction_weight = WEIGHT
    position_weight = WEIGHT
    neighbour_weight = WEIGHT
    faction_neighbours = fields.Dict(
        keys=fields.String(validate=validate.Length(1, 64)),
        values=fields.List(fields.String(validate=validate.Length(1, 64)), validate=validate.Length(0, 12)),
        load_default=None,
        allow_none=True,
    )
    keep_apart = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(["club", "team"]))
    final_table = fields.Boolean(load_default=False)
    # Unset (or "draw"): round 1 is the seeded draw alone; "rating": by rating first (service.tournaments.planning).
    seeding = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(["draw", "rating"]))
    # With check-in open, a round pairs only who checked in and drops the others (service.tournaments.check_in).
    require_check_in = fields.Boolean(load_default=None, allow_none=True)
    mode = fields.String(load_default="adjudicated", validate=validate.OneOf(["adjudicated", "transcript"]))
    dice = fields.String(load_default="table", validate=validate.OneOf(["server", "table"]))
    visibility = fields.String(load_default="public", validate=validate.OneOf(["public", "private"]))
    # A round's length on its clock (td19); unset: untimed, unless a round's clock is started with its minutes.
    round_minutes = fields.Integer(load_default=None, allow_none=True, strict=True, validate=CLOCK_MINUTES)

    @validates_schema
    def _swiss_has_rounds(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("format") == "swiss" and data.get("rounds") is None:
            raise ValidationError("a Swiss tournament states its number of rounds", "rounds")


class RegisterSchema(Schema):
    """POST /tournaments/{id}/players: a known player by id, or a new one by name."""

    player = PLAYER_ID
    name = fields.String(validate=NAME)
    email = fields.Email(load_default=None, allow_none=True)
    club = fields.String(load_default=None, allow_none=True, validate=NAME)
    team = fields.String(load_default=None, allow_none=True, validate=NAME)
    # A new player whose name an entrant already has is refused (409) unless this says it is someone else.
    different_person = fields.Boolean()

    @validates_schema
    def _one_way(self, data: dict[str, Any], **_: Any) -> None:
        if ("player" in data) == ("name" in data):
            raise ValidationError("give either 'player' (a registered player's id) or 'name' (a new player)", "player")


MOST_ENTRANTS = 500


class EntrantsSchema(Schema):
    """POST /tournaments/{id}/players/batch: a whole field, each entrant as POST /tournaments/{id}/players takes one."""

    entrants = fields.List(fields.Nested(RegisterSchema), required=True, validate=validate.Length(1, MOST_ENTRANTS))


def load_entrants(data: Any) -> list[dict[str, Any]]:
    """The list's entrants; a 400 names each malformed entrant by index, name and JSON pointer
    (`/entrants/3/club`), as the list's 409 and 422 do."""
    if not isinstance(data, dict):
        return list(schemas.load(EntrantsSchema, data)["entrants"])  # a 400: the body is no object
    try:
        loaded: dict[str, Any] = EntrantsSchema().load(data)
    except ValidationError as error:
        messages = error.messages if isinstance(error.messages, dict) else {"_schema": error.messages}
        listed = messages.get("entrants")
        if not isinstance(listed, dict) or not all(isinstance(i, int) for i in listed):
            return list(schemas.load(EntrantsSchema, data)["entrants"])  # the list itself is wrong: the usual 400
        raise _malformed(data["entrants"], listed) from None
    entrants: list[dict[str, Any]] = loaded["entrants"]
    return entrants


def well_formed(entrants: Sequence[Any]) -> dict[int, dict[str, Any]]:
    """The list's entries that load as one registration does, by index: what is checked against the tournament
    beside a malformed one, so one answer names every refused entrant."""
    found = {}
    for index, entrant in enumerate(entrants):
        try:
            found[index] = RegisterSchema().load(entrant)
        except ValidationError:
            continue
    return found


def named_beside(entrants: Sequence[Any], loaded: Mapping[int, Any]) -> dict[int, dict[str, Any]]:
    """The malformed entries (not in `loaded`) whose name or player id loads, by index: their `name`, `club` and
    `player` each when it loads (else None). A malformed entrant is refused for its own field, but the director
    fixing it will keep its name: an entry of the same name beside it is checked against it in the same answer."""
    fields_of = RegisterSchema().fields
    found = {}
    for index, entrant in enumerate(entrants):
        if index in loaded or not isinstance(entrant, dict):
            continue
        name, club, player = (entrant.get(k) if _loads(fields_of[k], entrant.get(k)) else None for k in NAMED_BY)
        if name is not None or player is not None:
            found[index] = {"name": name, "club": club, "player": player}
    return found


NAMED_BY = ("name", "club", "player")  # what tells a malformed entrant from its namesakes


def _loads(field: fields.Field[Any], value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        field.deserialize(value)
    except ValidationError:
        return False
    return True


def _quoted(name: str) -> str:
    """A malformed entrant's name as its refusal quotes it: as long as a name may be, then cut. Whole, a name of
    400 kB was quoted three times in a 1.2 MB answer, and in each line `annals tournament register --csv` printed."""
    return name if len(name) <= NAME_LENGTH else name[:NAME_LENGTH] + "…"


def _malformed(entrants: list[Any], listed: dict[int, Any]) -> BadRequest:
    errors: dict[str, list[str]] = {}
    refused = []
    for index, fields_of in sorted(listed.items()):
        entrant = entrants[index] if isinstance(entrants[index], dict) else {}
        name = _quoted(str(entrant.get("name") or entrant.get("player") or f"entrant {index}"))
        bad = fields_of if isinstance(fields_of, dict) else {"_schema": fields_of}
        for field, messages in bad.items():
            pointer = f"/entrants/{index}/{field}" if field != "_schema" else f"/entrants/{index}"
            said = "; ".join(map(str, messages)) if isinstance(messages, list) else str(messages)
            text = f"{field}: {said}" if field != "_schema" else said
            errors[pointer] = [f"{name}: {text}"]
            refused.append({"index": index, "name": name, "pointer": pointer, "detail": text})
    first = refused[0]
    detail = f"entrant {first['index']} ({first['name']}): {first['detail']}"
    error = BadRequest(f"{len(listed)} of {len(entrants)} entrant(s) malformed, nobody registered: {detail}", errors)
    error.extra["refused"] = refused
    return error


class CheckInSchema(Schema):
    """POST /tournaments/{id}/check-ins: the entrant a director marks present; a player's token checks in its own."""

    player = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 36))


class DropSchema(Schema):
    """POST /tournaments/{id}/players/{player}/drop."""

    reason = REASON


class PairSchema(Schema):
    """POST /tournaments/{id}/rounds."""

    preview = fields.Boolean(load_default=False)
    accept_problems = fields.Boolean(load_default=False)
    # The digest a preview answered: publish that plan or nothing (409 plan-changed).
    plan_digest = fields.String(
        load_default=None,
        validate=validate.Regexp(r"^[0-9a-f]{64}$", error="not a preview's plan_digest (64 hex digits)"),
    )


class SwapSchema(Schema):
    """POST /tournaments/{id}/rounds/{n}/swaps."""

    players = fields.List(PLAYER_ID, required=True, validate=validate.Length(2, 2))
    reason = REASON
    # The director moves seats during play knowingly: refused (409 naming started_at) without it once the clock runs.
    after_start = fields.Boolean(load_default=False)
    # A swap making a rematch (or a second bye) is published only with it, as a paired round's problems are.
    accept_problems = fields.Boolean(load_default=False)


class WithdrawSchema(Schema):
    """POST /tournaments/{id}/rounds/{n}/withdrawal."""

    reason = REASON


class ClockStartSchema(Schema):
    """POST /tournaments/{id}/rounds/{n}/clock/start: the round's length, else the tournament's round_minutes."""

    minutes = fields.Integer(load_default=None, allow_none=True, strict=True, validate=CLOCK_MINUTES)


class ClockExtensionSchema(Schema):
    """POST /tournaments/{id}/rounds/{n}/clock/extensions: minutes more for the round, or for one table."""

    minutes = fields.Integer(required=True, strict=True, validate=CLOCK_MINUTES)
    reason = REASON
    table = fields.Integer(load_default=None, allow_none=True, strict=True, validate=validate.Range(1, 10**4))


class ResultSchema(Schema):
    """POST /tournaments/{id}/rounds/{n}/tables/{t}/result: places and measures by seat."""

    places = fields.Dict(
        keys=fields.String(validate=validate.Length(1, 64)),
        values=fields.Integer(strict=True, validate=validate.Range(1, 6)),
        required=True,
    )
    measures = fields.Dict(
        keys=fields.String(validate=validate.Length(1, 64)),
        values=fields.Dict(
            keys=fields.String(validate=validate.Length(1, 64)),
            values=fields.Integer(strict=True, validate=validate.Range(-(10**6), 10**6)),
        ),
        load_default=dict,
    )
    amend_reason = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 2000))
    # The seats that did not play: the table is then no game played (the ratings leave it out).
    forfeit = fields.List(
        fields.String(validate=validate.Length(1, 64)), load_default=list, validate=validate.Length(0, 6)
    )


class ApprovalSchema(Schema):
    """POST /tournaments/{id}/rounds/{n}/tables/{t}/approval."""

    override_reason = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 2000))


class LinkGameSchema(Schema):
    """POST /tournaments/{id}/games (a league)."""

    game = fields.String(required=True, validate=validate.Length(1, 36))


class TournamentListSchema(PageSchema):
    """GET /tournaments filters."""

    status = fields.String(load_default=None, validate=validate.OneOf(["registration", "running", "finished"]))


class StandingsQuerySchema(Schema):
    """GET /tournaments/{id}/standings."""

    after_round = fields.Integer(load_default=None, validate=validate.Range(0, 100))
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))
    public = fields.Boolean(load_default=False)
    # Which results count: `approved` (the public standings), or `all`, provisional ones marked (staff only).
    results = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(["approved", "all"]))

    @validates_schema
    def _public_counts_approved(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("public") and data.get("results") == "all":
            raise ValidationError("public standings count approved results only", "results")
