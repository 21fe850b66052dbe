"""Freeform's position (FF-POSITION-1/2/3) and the check `adjust` makes of the position it leaves (CORE-ADJUST-3).

Expected values come from the rule texts (domain/rulesets/freeform/rulebook.py, domain/platform.py PLATFORM_RULES)
and the freeform state's meaning: each recorded action is counted by type and numbered in order.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given as hypothesis_given
from hypothesis import settings
from hypothesis import strategies as st

from domain.kernel import Event, Game, Seat, fold
from domain.rulesets.freeform import FREEFORM
from tests.domain.builders import (
    SEATS,
    action_recorded,
    by_arbiter,
    by_recorder,
    created,
    dice_rolled,
    given,
    round_opened,
    rule_ids,
    when,
)

GAME_SEATS = [Seat(seat) for seat in SEATS]


def errors_of(position: dict[str, Any], seats: list[Seat] = GAME_SEATS) -> list[tuple[str, str]]:
    return [(e.path, e.rule_id) for e in FREEFORM.position_errors(position, {}, None, seats)]


def three_actions() -> Game:
    """north moves (1), south rolls 2 dice (2), the table notes something (3)."""
    return given(
        action_recorded("north", "move", {"to": "b2"}), dice_rolled("south", [6, 3]), action_recorded(None, "note")
    )


def test_position_is_the_record_so_far_when_three_actions_were_recorded() -> None:
    assert FREEFORM.position_of(three_actions()) == {
        "actions": 3,
        "counts": {"move": 1, "roll": 1, "note": 1},
        "last": {
            "north": {"type": "move", "data": {"to": "b2"}, "number": 1},
            "south": {
                "type": "roll",
                "data": {"seat": "south", "purpose": "", "faces": [6, 3], "first_k": 1},
                "number": 2,
            },
        },
    }


def test_a_game_started_from_a_position_has_the_state_of_the_game_it_was_read_from() -> None:
    game = three_actions()

    started = FREEFORM.from_position(FREEFORM.position_of(game), {}, None, GAME_SEATS)

    assert started == game.state


def test_no_errors_when_the_position_is_the_record_of_a_game() -> None:
    assert errors_of(FREEFORM.position_of(three_actions())) == []


# --- FF-POSITION-1: only seats of the game ---


def test_ff_position_1_names_the_seat_when_a_last_action_belongs_to_no_seat_of_the_game() -> None:
    position = FREEFORM.position_of(three_actions())

    assert errors_of(position, [Seat("north"), Seat("east")]) == [("/last/south", "FF-POSITION-1")]


# --- FF-POSITION-2: the count is the sum of the counts; numbers from 1 to the count, none shared ---


def test_ff_position_2_names_the_count_when_it_is_not_the_sum_of_the_counts() -> None:
    position = {**FREEFORM.position_of(three_actions()), "actions": 4}

    assert errors_of(position) == [("/actions", "FF-POSITION-2")]


def test_ff_position_2_names_each_number_beyond_the_count_or_taken_by_another_seat() -> None:
    position = FREEFORM.position_of(three_actions())
    position["last"]["south"]["number"] = 1  # north's last action is number 1
    position["last"]["east"] = {"type": "note", "data": {}, "number": 9}

    assert errors_of(position) == [("/last/south/number", "FF-POSITION-2"), ("/last/east/number", "FF-POSITION-2")]


# --- FF-POSITION-3: a counted type and data as an action has it ---


def test_ff_position_3_names_the_type_when_the_counts_hold_no_action_of_it() -> None:
    position = FREEFORM.position_of(three_actions())
    position["last"]["north"]["type"] = "attack"

    assert errors_of(position) == [("/last/north/type", "FF-POSITION-3")]


def test_ff_position_3_names_the_data_when_it_is_larger_than_an_action_may_hold() -> None:
    """FF-ACTION-2: at most 64 KiB of canonical JSON; {"text":"…"} is 11 bytes plus the text."""
    position = FREEFORM.position_of(three_actions())
    position["last"]["north"]["data"] = {"text": "x" * (64 * 1024 - 10)}

    assert errors_of(position) == [("/last/north/data", "FF-POSITION-3")]


# --- CORE-ADJUST-3: an adjustment leaves a position that keeps the invariants, unless an arbiter forces it ---

BREAK_COUNT = [{"op": "set", "path": "/counts/move", "value": 5}]  # 5 + 1 + 1 counted, but 3 actions


def test_core_adjust_3_refused_naming_each_broken_invariant_when_the_adjusted_position_breaks_them() -> None:
    decision = when(three_actions(), by_recorder("adjust", reason="miscount", changes=BREAK_COUNT))

    assert rule_ids(decision) == ["CORE-ADJUST-3", "FF-POSITION-2"]
    assert decision.violations[1].details == {"path": "/actions"}
    assert decision.events == ()


def test_core_adjust_3_recorded_as_forced_with_what_it_overrides_when_an_arbiter_forces_it() -> None:
    game = three_actions()

    decision = when(game, by_arbiter("adjust", reason="the table's own count", changes=BREAK_COUNT, force=True))

    [event] = decision.events
    assert event.data["forced"] is True
    assert [(o["path"], o["rule_id"]) for o in event.data["overridden"]] == [("/actions", "FF-POSITION-2")]
    assert [step.rule_id for step in decision.trace] == ["CORE-ADJUST-2", "CORE-ADJUST-3"]
    assert fold(FREEFORM, decision.events, None, start_from=game).state.counts["move"] == 5


def test_core_adjust_3_refused_when_a_recorder_forces() -> None:
    decision = when(three_actions(), by_recorder("adjust", reason="x", changes=BREAK_COUNT, force=True))

    assert rule_ids(decision) == ["CORE-ADJUST-3"]
    assert decision.violations[0].details["field"] == "data.force"


def test_core_adjust_3_records_an_ordinary_adjustment_when_the_force_was_not_needed() -> None:
    fix = [{"op": "set", "path": "/counts/move", "value": 2}, {"op": "set", "path": "/actions", "value": 4}]

    decision = when(three_actions(), by_arbiter("adjust", reason="a move went unrecorded", changes=fix, force=True))

    [event] = decision.events
    assert "forced" not in event.data and "overridden" not in event.data


# --- every game's position is valid and round-trips ---

recorded = st.sampled_from(
    [
        action_recorded("north", "move", {"to": "a1"}),
        action_recorded("south", "hold"),
        action_recorded(None, "note", {"text": "turn 2"}),
        dice_rolled("east", [1, 5]),
        dice_rolled(None, [4]),
        round_opened("bids", ["north", "south"], opened_by="north"),
    ]
)


@settings(deadline=None, max_examples=30)
@hypothesis_given(st.lists(recorded, max_size=12))
def test_every_game_position_is_valid_and_starts_the_same_state_when_read_after_any_events(
    events: list[Event],
) -> None:
    game = fold(FREEFORM, [created(), *events], None)
    position = FREEFORM.position_of(game)

    assert errors_of(position) == []
    assert FREEFORM.from_position(position, {}, None, GAME_SEATS) == game.state
