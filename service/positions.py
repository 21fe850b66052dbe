"""Positions through the API (issue 15, point 3): checking a position a game starts from, and reading a game's.

A position is checked in two steps, as an action's data is: against the ruleset's `position_schema` (JSON
Schema 2020-12; a malformed one is a 400 whose `errors` are keyed by JSON pointers, `/position/...`), then
against the ruleset's invariants (`position_errors`; a 422 `invalid-position` naming every broken one with its
path and rule). The validator is compiled once per ruleset version, like the action validators.

A position is the whole situation, secrets included (hands, hidden treasuries, the cards left in a deck): the
arbiter's view. So only those who may see the arbiter's view (admin and arbiter tokens) may read the position of
a running game; once the game has ended, every reader of the game may read any of its positions, as they may
then re-derive its server dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker

from domain.kernel import Game, Rule, Ruleset, Seat, meta_to_json
from domain.platform import all_rules
from domain.positions import PositionError
from service.action_schemas import StrictValidator, data_errors
from service.auth import Principal
from service.errors import AnnalsError, BadRequest, Unprocessable

_VALIDATORS: dict[tuple[str, str], Draft202012Validator] = {}
_FORMATS = FormatChecker()
# Who may read the position of a running game: those who may see the arbiter's view (service/views.py).
POSITION_READERS = ("admin", "arbiter")
# Where a game's starting position sits in its record: the data of version 1, the `GameCreated` event.
CREATED_POSITION = "/data/position"
# The envelope's fields a game started from a position takes over (`POST /games`), and whether it had ended.
_CREATE_FIELDS = ("variant", "options", "board", "seats", "mode", "dice", "ended")


class InvalidPosition(AnnalsError):
    """A well-formed position that breaks the ruleset's invariants: every broken one, with its path and rule."""

    status, slug, title = 422, "invalid-position", "The position breaks the ruleset's invariants"

    def __init__(self, detail: str, rule: dict[str, Any], violations: list[dict[str, Any]]) -> None:
        errors: dict[str, list[str]] = {}
        for violation in violations:
            errors.setdefault(violation["path"], []).append(f"{violation['rule_id']}: {violation['message']}")
        super().__init__(detail, rule=rule, violations=violations, errors=errors)


def cited_rule(ruleset: Ruleset[Any], rule_id: str) -> dict[str, str]:
    """The rule a problem cites, from the ruleset's catalog and the platform rules (blank fields when unknown)."""
    rule = all_rules(ruleset).get(rule_id) or Rule(rule_id, "")
    return {
        "id": rule_id,
        "summary": rule.summary,
        "source_quote": rule.source_quote,
        "source_file": rule.source_file,
        "section": rule.section,
    }


def position_validator(ruleset: Ruleset[Any]) -> Draft202012Validator:
    """The compiled validator of the ruleset's position schema, built once per ruleset version."""
    key = (ruleset.id, ruleset.version)
    if key not in _VALIDATORS:
        Draft202012Validator.check_schema(ruleset.position_schema)
        _VALIDATORS[key] = StrictValidator(ruleset.position_schema, format_checker=_FORMATS)
    return _VALIDATORS[key]


def check_position_schema(ruleset: Ruleset[Any], position: Any, root: str = "/position") -> None:
    """A 400 naming every part of `position` its ruleset's schema refuses, by JSON pointer under `root`."""
    errors = data_errors(position_validator(ruleset), position, root)
    if errors:
        pointer, messages = next(iter(errors.items()))
        raise BadRequest(f"the {ruleset.id} position is malformed: {pointer}: {messages[0]}", errors)


def check_position_invariants(
    ruleset: Ruleset[Any],
    position: Mapping[str, Any],
    options: Mapping[str, Any],
    board: Mapping[str, Any] | None,
    seats: Sequence[Seat],
    root: str = "/position",
) -> None:
    """A 422 `invalid-position` naming every invariant the position breaks (it fits the schema already)."""
    broken = ruleset.position_errors(position, options, board, seats)
    if broken:
        raise invalid_position(ruleset, broken, root)


def invalid_position(ruleset: Ruleset[Any], broken: Sequence[PositionError], root: str) -> InvalidPosition:
    """The problem naming every broken invariant, its path under `root`; the first one's rule is its `rule`."""
    violations = [{**error.to_json(), "path": root + error.path} for error in broken]
    first = violations[0]
    detail = (
        f"the position breaks {len(violations)} invariant(s) of {ruleset.id}; first {first['path']}: "
        f"{first['rule_id']}: {first['message']}"
    )
    return InvalidPosition(detail, cited_rule(ruleset, first["rule_id"]), violations)


def check_recorded_position(ruleset: Ruleset[Any], data: Mapping[str, Any], board: Mapping[str, Any] | None) -> None:
    """A game started from a position is imported only when the position passes the checks `POST /games` makes:
    422 naming each malformed part or broken invariant by its pointer in version 1 (`/data/position/...`)."""
    position = data.get("position")
    if position is None:
        return
    try:
        check_position_schema(ruleset, position, CREATED_POSITION)
    except BadRequest as error:
        raise Unprocessable(f"version 1 of the record: {error.detail}", error.extra["errors"]) from None
    seats = [Seat(str(s["seat"]), s.get("player")) for s in data.get("seats", ()) if isinstance(s, Mapping)]
    check_position_invariants(ruleset, position, data.get("options") or {}, board, seats, CREATED_POSITION)


def may_read_position(caller: Principal, ended: bool) -> None:
    """401/403 unless the caller may read the position: the arbiter's view, or any reader of an ended game."""
    if not ended:
        caller.require(*POSITION_READERS)


def position_json(ruleset: Ruleset[Any], game: Game, summary: Mapping[str, Any]) -> dict[str, Any]:
    """A game's position at `game.version`, with what `POST /games` needs to start a game from it."""
    envelope = meta_to_json(game.meta)
    return {
        "game": game.meta.game_id,
        "version": game.version,
        "ruleset": ruleset.id,
        "ruleset_version": ruleset.version,
        **{key: envelope[key] for key in _CREATE_FIELDS},
        "visibility": summary["visibility"],
        "position": ruleset.position_of(game),
    }
