"""evolve is total (DESIGN §4, issue 18 point 3): every event type the ruleset records has its apply function,
the platform's own and unknown types leave the state as it is, and so does a malformed event."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domain.kernel import Event, start
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.data import BASE_BOARD
from domain.rulesets.agot2.evolve import APPLY, applied, evolve
from domain.rulesets.agot2.state import AgotState
from tests.domain.agot2.tables import sample_events

PACKAGE = Path(__file__).resolve().parents[3] / "domain" / "rulesets" / "agot2"


def _recorded_types() -> set[str]:
    """The event types the ruleset's source builds with `ev(state, "Type", ...)`."""
    found = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "ev":
                kind = node.args[1] if len(node.args) > 1 else None
                if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
                    found.add(kind.value)
    return found


def _opening_state() -> AgotState:
    created = sample_events()[0]
    assert created.type == "GameCreated"
    state: AgotState = start(AGOT2, created, BASE_BOARD).state
    return state


def test_every_recorded_event_type_has_its_apply_function_when_the_source_is_read() -> None:
    recorded = _recorded_types()

    assert len(recorded) > 30, recorded  # the scan found the ruleset's events
    assert recorded - set(APPLY) == set()


def test_every_event_of_the_sample_game_applies_without_being_left_out_when_folded() -> None:
    events = sample_events()
    state = _opening_state()

    for event in events[1:]:
        state = applied(state, event)  # raises where evolve would leave a malformed event out

    assert state.round == 3  # the sample plays two whole rounds


@pytest.mark.parametrize("kind", ["DiceRolled", "SubmissionsRevealed", "GameEnded", "NoSuchEvent"])
def test_state_unchanged_when_the_event_type_is_not_the_rulesets(kind: str) -> None:
    state = _opening_state()

    assert evolve(state, Event(kind, {"round": 1, "seat": "stark"})) is state


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        ("UnitsDestroyed", {"units": "stark-footman-1"}),  # not a list
        ("CombatResolved", {"winner": "stark"}),  # no combat under way
        ("PowerSpent", {"seat": "stark", "amount": True}),  # not a whole number
    ],
)
def test_state_unchanged_when_a_known_event_is_malformed(kind: str, data: dict[str, object]) -> None:
    state = _opening_state()

    assert evolve(state, Event(kind, data)) is state
    with pytest.raises((TypeError, ValueError, KeyError)):
        applied(state, Event(kind, data))
