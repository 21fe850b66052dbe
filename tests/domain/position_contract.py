"""The position contract (domain/positions.py) as test steps any ruleset's position tests share.

A round trip exports a game's position, sends it through JSON as the API would, checks it against the schema
(Draft 2020-12) and the ruleset's invariants, sets a game up from it again and compares every viewer's view.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from jsonschema import Draft202012Validator

from domain.kernel import Game, Ruleset, Seat, Viewer


def viewers(seats: Sequence[Seat]) -> list[Viewer]:
    """A spectator, the arbiter and every seat."""
    return [Viewer(), Viewer(arbiter=True), *(Viewer(s.seat) for s in seats)]


# The rule a position breaks while a sealed submission of the ruleset is open.
SEALED_RULES = {"cedofan_rv": "RV-LOOT-2", "kard_es_korona": "KK-ELECT-6", "agot2": "GOT-X-14"}


def assert_round_trip(
    ruleset: Ruleset[Any], game: Game, board: Mapping[str, Any] | None, seats: Sequence[Seat], *, whole: bool = False
) -> None:
    """Export, check, set up again: the same view for everyone (and the same whole state when `whole`). A position
    taken while a sealed submission is open breaks only the rule of that submission (SEALED_RULES): a new game
    cannot take over another game's open round and its secrets."""
    position = json.loads(json.dumps(ruleset.position_of(game)))
    assert [e.message for e in Draft202012Validator(ruleset.position_schema).iter_errors(position)] == []
    broken = {e.rule_id for e in ruleset.position_errors(position, game.meta.options, board, seats)}
    sealed_rule = SEALED_RULES.get(ruleset.id)
    # Between an action's events (a slip owed, its round not yet opened) the rule may be broken with no round open.
    assert broken <= ({sealed_rule} if sealed_rule else set())
    assert sealed_rule in broken or not game.meta.sealed
    again = ruleset.from_position(position, game.meta.options, board, seats)
    for viewer in viewers(seats):
        assert ruleset.view(again, viewer) == ruleset.view(game.state, viewer), viewer
    if whole:
        assert ruleset.dump_state(again) == ruleset.dump_state(game.state)


def assert_closed_schema(schema: Mapping[str, Any]) -> None:
    """A valid 2020-12 schema whose every object is described and closed (or typed by additionalProperties)."""
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"

    def walk(node: Any, path: str) -> None:
        if isinstance(node, Mapping):
            if node.get("type") == "object":
                assert "additionalProperties" in node and node.get("description"), path
            for key, value in node.items():
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{path}/{index}")

    walk(schema, "")


def broken(
    ruleset: Ruleset[Any],
    position: Mapping[str, Any],
    options: Mapping[str, Any],
    board: Mapping[str, Any] | None,
    seats: Sequence[Seat],
) -> set[tuple[str, str]]:
    """The (path, rule id) pairs a well-formed position breaks."""
    assert [e.message for e in Draft202012Validator(ruleset.position_schema).iter_errors(position)] == []
    return {(e.path, e.rule_id) for e in ruleset.position_errors(position, options, board, seats)}


def changed(base: Mapping[str, Any], change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """A deep copy of a position with one change made."""
    position = copy.deepcopy(dict(base))
    change(position)
    return position


def schema_error_paths(schema: Mapping[str, Any], position: Mapping[str, Any]) -> set[str]:
    """The JSON pointers where the schema refuses a position."""
    return {"/" + "/".join(map(str, e.absolute_path)) for e in Draft202012Validator(schema).iter_errors(position)}
