"""The platform's own actions (`adjust`, `add_client_seed`, `end_game`) as data, shared by every ruleset.

`domain.platform.decide_action` handles these before the ruleset sees an action, so they take precedence
over a ruleset declaration of the same type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.actions import (
    OFFICIALS,
    ActionSpec,
    array,
    catalog,
    game_id,
    mapping_of,
    obj,
    one_of_values,
    text,
)
from domain.kernel import Authority, Ruleset

_POINTER = {"type": "string", "pattern": "^/", "description": "a JSON pointer into the dumped state"}
_CHANGE = {
    **obj({"path": _POINTER}, {"op": one_of_values(("set", "remove")), "value": {"description": "required by set"}}),
    "if": {"properties": {"op": {"const": "set"}}},
    "then": {"required": ["value"]},  # op defaults to set
}

_FORCE = {
    "type": "boolean",
    "default": False,
    "description": "an arbiter records a position that breaks the ruleset's invariants (CORE-ADJUST-3): the event is "
    "marked forced with the invariants it overrides, and audits list it",
}

PLATFORM_ACTIONS: Mapping[str, ActionSpec] = catalog(
    ActionSpec(
        "adjust",
        "An arbiter or recorder changes the state the engine cannot compute, with a reason (listed by audits); "
        "the position it leaves must keep the ruleset's invariants unless an arbiter forces it.",
        ("CORE-ADJUST-1", "CORE-ADJUST-2", "CORE-ADJUST-3"),
        obj(
            {"reason": {"type": "string", "pattern": r"\S"}, "changes": array(_CHANGE, min_items=1)},
            {"rule_ids": array(text()), "force": _FORCE},
        ),
        {"reason": "event card effect entered by hand", "changes": [{"op": "set", "path": "/year", "value": 1302}]},
        senders=OFFICIALS,
        seat="optional",
    ),
    ActionSpec(
        "add_client_seed",
        "A seat adds its client seed to the server dice, before the first die is rolled.",
        ("CORE-DICE-3",),
        obj({"client_seed": {"type": "string", "pattern": "^[\\x21-\\x7e]{1,64}$"}}),
        {"client_seed": "north-7d1c"},
        senders=(Authority.PLAYER, Authority.RECORDER, Authority.ARBITER),
        example_seat="north",
    ),
    ActionSpec(
        "end_game",
        "A recorder or arbiter ends the game with its result: winners (none for a draw), scores or a reason.",
        ("CORE-END-1",),
        {
            **obj(
                optional={
                    "winners": array(game_id("seats", "a seat of the game"), unique=True),
                    "scores": mapping_of({"type": "number"}, "score by seat"),
                    "reason": {"type": "string"},
                }
            ),
            "anyOf": [{"required": ["winners"]}, {"required": ["scores"]}, {"required": ["reason"]}],
        },
        {"winners": ["north"], "reason": "village taken"},
        senders=OFFICIALS,
        seat="optional",
    ),
)


def action_specs(ruleset: Ruleset[Any]) -> Mapping[str, ActionSpec]:
    """Every action a game of this ruleset accepts: its own, then the platform's (which win a clash)."""
    return {**ruleset.actions, **PLATFORM_ACTIONS}
