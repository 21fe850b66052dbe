"""Each ruleset declares exactly the action types its decide dispatches (issue 15): none missing, none invented."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from domain import registry
from domain.actions import ActionSpec, catalog, counts_by_kind, obj
from domain.kernel import Action, Inputs
from domain.platform import UNIVERSAL_ACTIONS
from domain.platform_actions import PLATFORM_ACTIONS, action_specs
from domain.rulesets.agot2 import decide as agot2_decide
from domain.rulesets.cedofan_kards_bs import decide as kbs_decide
from domain.rulesets.cedofan_rv import decide as rv_decide
from domain.rulesets.kard_es_korona import decide as kk_decide


def _rv_vocabulary() -> set[str]:
    """RV keeps its table inside decide: the refusal of an unknown type lists it (RV-TURN-1)."""
    game: Any = SimpleNamespace(state=None)
    refused = rv_decide.decide(game, Action("no_such_action", None, {}), Inputs("2026-01-01T00:00:00Z"))
    listed = refused.violations[0].message.split("actions are: ", 1)[1]
    return set(listed.split(", "))


DISPATCHED: dict[str, Callable[[], set[str]]] = {
    "kard_es_korona": lambda: set(kk_decide.ACTIONS),
    "agot2": lambda: set(agot2_decide.ACTIONS),
    "cedofan_kards_bs": lambda: set(kbs_decide.ACTIONS),
    "cedofan_rv": _rv_vocabulary,
    "freeform": lambda: {"roll", "open_sealed"},
}


@pytest.mark.parametrize("ruleset_id", sorted(DISPATCHED))
def test_declared_types_are_the_dispatched_types_when_read_from_the_decide_code(ruleset_id: str) -> None:
    declared = set(registry.current(ruleset_id).actions)

    assert declared == DISPATCHED[ruleset_id]()


def test_platform_declarations_are_the_universal_actions_and_win_over_a_ruleset() -> None:
    ruleset = registry.current("kard_es_korona")

    assert set(PLATFORM_ACTIONS) == set(UNIVERSAL_ACTIONS)
    assert action_specs(ruleset)["adjust"] is PLATFORM_ACTIONS["adjust"]


def test_a_type_declared_twice_is_refused_at_import() -> None:
    spec = ActionSpec("move", "moves", ("KK-MOVE-1",), obj(), {})

    with pytest.raises(ValueError, match="'move' is declared twice"):
        catalog(spec, spec)


def test_a_force_schema_refuses_an_unknown_unit_kind_and_a_negative_count() -> None:
    schema = counts_by_kind(("cavalry", "infantry"))

    assert schema["additionalProperties"] is False
    assert schema["properties"]["cavalry"]["minimum"] == 0
    assert "required" not in schema


def test_to_json_carries_the_example_as_a_whole_action() -> None:
    spec = ActionSpec("roll", "roll dice", ("FF-ROLL-1",), obj({"count": {"type": "integer"}}), {"count": 2})

    assert spec.to_json()["example"] == {"type": "roll", "seat": None, "data": {"count": 2}}
    assert spec.to_json()["senders"] == ["player", "recorder", "arbiter"]


def test_an_optional_field_also_takes_null_because_the_engines_read_it_as_absent() -> None:
    schema = obj({"to": {"type": "string"}}, {"arm": {"type": "string", "enum": ["cavalry"]}, "keep": obj()})

    assert schema["properties"]["arm"] == {"type": ["string", "null"], "enum": ["cavalry", None]}
    assert schema["properties"]["keep"]["type"] == ["object", "null"]
    assert schema["properties"]["to"] == {"type": "string"}


@pytest.mark.parametrize("ruleset_id", registry.ruleset_ids())
def test_every_example_names_a_seat_when_its_action_requires_one(ruleset_id: str) -> None:
    """An example is a whole action a client may copy: `select_battle`'s had `"seat": null`, refused for it."""
    specs = action_specs(registry.current(ruleset_id)).values()

    unseated = [s.type for s in specs if s.seat == "required" and s.to_json()["example"]["seat"] is None]

    assert unseated == []
