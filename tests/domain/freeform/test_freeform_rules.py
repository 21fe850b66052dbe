"""The freeform rulebook and the platform rules, one group of tests per rule id, through `decide_action`.

Given events -> when an action -> then the events recorded or the rule refused. Expected values come from
the rule texts (domain/rulesets/freeform/rulebook.py, domain/platform.py PLATFORM_RULES, DESIGN §4 §6 §7)
and the published dice and commitment test vectors.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from domain.commitments import verify_commitment
from domain.kernel import Event, Game, fold, public_meta
from domain.platform import PLATFORM_RULES, decide_reveal, decide_seal
from domain.rulesets.freeform import FREEFORM
from tests.domain.builders import (
    SALT_A,
    SALT_B,
    SEATS,
    action_recorded,
    by_arbiter,
    by_player,
    by_recorder,
    client_seed_added,
    dice_rolled,
    game_ended,
    given,
    inputs_for,
    round_opened,
    rule_ids,
    submissions_revealed,
    when,
)

KIB_64 = 64 * 1024
# Test vector S2 of DESIGN §6 (domain/dice.py): rolls 7 and 8 of this game with these client seeds are 4, 2.
SEED_S2 = bytes.fromhex("9c4174eca3e0513d234ab6430bd89625b16bc1cbccf2a1fc92e30417ab376ce7")
S2_GAME = "0b7e1c52-9d0a-4a43-8c1e-5f2d6a7b8c90"


def canonical_size(value: Any) -> int:
    """Bytes of canonical JSON as FF-ACTION-2 defines it: sorted keys, no whitespace, UTF-8."""
    return len(json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def data_of_size(size: int) -> dict[str, str]:
    """An action data object of exactly `size` canonical bytes: {"text":"xxx…"} is 11 bytes plus the x's."""
    data = {"text": "x" * (size - 11)}
    assert canonical_size(data) == size
    return data


def after(game: Game, *events: Event) -> Game:
    return fold(FREEFORM, events, None, start_from=game)


def test_every_rule_id_is_covered_by_a_test_group_when_the_catalogs_are_listed() -> None:
    # A new rule id must get its tests here; this list is the table of contents of this module.
    covered = {
        "FF-ACTION-1",
        "FF-ACTION-2",
        "FF-ACTION-3",
        "FF-ROLL-1",
        "FF-SEAL-1",
        "FF-SEAL-2",
        "CORE-GAME-1",
        "CORE-SEAT-1",
        "CORE-ADJUST-1",
        "CORE-ADJUST-2",
        # in test_freeform_position.py:
        "CORE-ADJUST-3",
        "FF-POSITION-1",
        "FF-POSITION-2",
        "FF-POSITION-3",
        "CORE-DICE-1",
        "CORE-DICE-2",
        "CORE-DICE-3",
        "CORE-SEAL-1",
        "CORE-END-1",
    }

    assert set(FREEFORM.rulebook) | set(PLATFORM_RULES) == covered


# --- FF-ACTION-1: a lower-case letter, then up to 63 lower-case letters, digits or '_' ---


@pytest.mark.parametrize(
    "action_type",
    ["Move", "1move", "", "m" * 65, "move-2", "move 2", "_move", "mové", "move\n"],
    ids=["capital", "digit-first", "empty", "65-chars", "hyphen", "space", "underscore-first", "accent", "newline"],
)
def test_ff_action_1_refused_when_type_is_not_snake_case(action_type: str) -> None:
    decision = when(given(), by_player(action_type, "north", to="ford"))

    assert rule_ids(decision) == ["FF-ACTION-1"]
    assert decision.events == ()
    assert repr(action_type) in decision.violations[0].message


@pytest.mark.parametrize("action_type", ["move_2", "m", "m" * 64, "recruit", "a1_b2"])
def test_ff_action_1_recorded_when_type_is_snake_case(action_type: str) -> None:
    decision = when(given(), by_player(action_type, "north", to="ford"))

    assert decision.violations == ()
    assert decision.events == (Event("ActionRecorded", {"seat": "north", "type": action_type, "data": {"to": "ford"}}),)


# --- FF-ACTION-2: data is a JSON object of at most 64 KiB of canonical JSON ---


def test_ff_action_2_refused_when_data_is_one_byte_over_64_kib() -> None:
    decision = when(given(), by_player("note", "north", **data_of_size(KIB_64 + 1)))

    assert rule_ids(decision) == ["FF-ACTION-2"]
    assert decision.violations[0].details["bytes"] == KIB_64 + 1
    assert decision.events == ()


def test_ff_action_2_recorded_when_data_is_exactly_64_kib() -> None:
    data = data_of_size(KIB_64)

    decision = when(given(), by_player("note", "north", **data))

    assert decision.violations == ()
    assert decision.events == (Event("ActionRecorded", {"seat": "north", "type": "note", "data": data}),)


def test_ff_action_2_counts_utf8_bytes_when_data_is_not_ascii() -> None:
    # "é" is 2 bytes of UTF-8: 32,763 of them plus 9 bytes of {"text":""} pass 64 KiB by one byte.
    data = {"text": "é" * ((KIB_64 + 1 - 11) // 2)}
    assert canonical_size(data) == KIB_64 + 1

    assert rule_ids(when(given(), by_player("note", "north", **data))) == ["FF-ACTION-2"]


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), {1, 2}], ids=["nan", "infinity", "set"])
def test_ff_action_2_refused_not_raised_when_data_is_not_json(bad: Any) -> None:
    decision = when(given(), by_player("note", "north", value=bad))

    assert rule_ids(decision) == ["FF-ACTION-2"]


# --- FF-ACTION-3: platform and ruleset action names keep their meaning ---


@pytest.mark.parametrize("reserved", ["adjust", "add_client_seed", "end_game"])
def test_ff_action_3_refused_when_the_ruleset_is_asked_to_record_a_platform_action(reserved: str) -> None:
    decision = FREEFORM.decide(given(), by_player(reserved, "north", note="x"), inputs_for(given()))

    assert rule_ids(decision) == ["FF-ACTION-3"]


@pytest.mark.parametrize("reserved", ["adjust", "add_client_seed", "end_game", "roll", "open_sealed"])
def test_ff_action_3_never_records_a_plain_action_when_a_player_uses_a_reserved_name(reserved: str) -> None:
    decision = when(given(), by_player(reserved, "north", note="x"))

    assert "ActionRecorded" not in [event.type for event in decision.events]
    assert decision.violations != ()


def test_ff_action_3_rolls_dice_when_roll_is_used_with_a_count() -> None:
    decision = when(given(), by_player("roll", "north", count=1, dice=[5]))

    assert [event.type for event in decision.events] == ["DiceRolled"]


# --- FF-ROLL-1: 'count' d6, from 1 to 100 ---


@pytest.mark.parametrize(
    "count", [0, 101, -1, "3", True, 2.5, None], ids=["0", "101", "-1", "string", "bool", "float", "none"]
)
def test_ff_roll_1_refused_when_count_is_not_a_whole_number_from_1_to_100(count: Any) -> None:
    decision = when(given(), by_player("roll", "north", count=count, dice=[3]))

    assert rule_ids(decision) == ["FF-ROLL-1"]
    assert decision.events == ()


def test_ff_roll_1_refused_when_count_is_missing() -> None:
    assert rule_ids(when(given(), by_player("roll", "north"))) == ["FF-ROLL-1"]


def test_ff_roll_1_records_the_entered_face_when_one_table_die_is_rolled() -> None:
    decision = when(given(), by_player("roll", "north", count=1, dice=[4], purpose="charge"))

    assert decision.violations == ()
    assert decision.events == (Event("DiceRolled", {"seat": "north", "purpose": "charge", "faces": [4], "first_k": 1}),)


def test_ff_roll_1_records_every_face_when_a_hundred_table_dice_are_rolled() -> None:
    faces = [index % 6 + 1 for index in range(100)]

    decision = when(given(), by_player("roll", "south", count=100, dice=faces))

    assert decision.violations == ()
    assert decision.events[0].data["faces"] == faces


def test_ff_roll_1_draws_the_published_faces_when_server_dice_roll_eight() -> None:
    decision = when(given(dice="server"), by_player("roll", "north", count=8))

    assert decision.violations == ()
    assert decision.events[0].data["faces"] == [3, 6, 2, 1, 4, 4, 1, 3]
    assert decision.events[0].data["first_k"] == 1


def test_ff_roll_1_continues_the_game_sequence_when_dice_were_rolled_before() -> None:
    game = given(dice_rolled("south", [3, 6, 2]), dice="server")

    decision = when(game, by_player("roll", "north", count=5))

    assert decision.events[0].data["faces"] == [1, 4, 4, 1, 3]
    assert decision.events[0].data["first_k"] == 4


def test_ff_roll_1_uses_the_client_seeds_when_seats_added_them() -> None:
    game = given(
        client_seed_added("austria", "42"),
        client_seed_added("venice", "c0ffee"),
        dice_rolled("austria", [1, 1, 1, 1, 1, 1]),
        dice="server",
        seats=("austria", "venice"),
        game_id=S2_GAME,
    )

    decision = FREEFORM.decide(game, by_player("roll", "venice", count=2), inputs_for(game, seed=SEED_S2))

    assert decision.events[0].data["faces"] == [4, 2]
    assert decision.events[0].data["first_k"] == 7


def test_ff_roll_1_traces_the_faces_when_dice_are_rolled() -> None:
    decision = when(given(), by_player("roll", "north", count=2, dice=[6, 1]))

    assert [step.rule_id for step in decision.trace] == ["FF-ROLL-1"]
    assert decision.trace[0].numbers == {"count": 2, "faces": [6, 1]}


# --- FF-SEAL-1: a new round name, seats of the game (default: all seats) ---


def test_ff_seal_1_opens_the_round_for_all_seats_when_no_seats_are_named() -> None:
    decision = when(given(), by_player("open_sealed", "north", round="bids", purpose="initiative"))

    assert decision.violations == ()
    assert decision.events == (
        Event(
            "SealedRoundOpened",
            {"round": "bids", "seats": list(SEATS), "purpose": "initiative", "opened_by": "north"},
        ),
    )


def test_ff_seal_1_opens_the_round_for_the_named_seats_when_they_are_seats_of_the_game() -> None:
    decision = when(given(), by_recorder("open_sealed", round="duel", seats=["south", "north"]))

    assert decision.events[0].data["seats"] == ["south", "north"]


@pytest.mark.parametrize(
    "round_name",
    ["Bids", "", "two words", "r" * 65, "bids\n", "a:b", "_bids", 7, None],
    ids=["capital", "empty", "space", "65-chars", "newline", "colon", "underscore-first", "number", "missing"],
)
def test_ff_seal_1_refused_when_round_name_is_not_a_short_lower_case_name(round_name: Any) -> None:
    decision = when(given(), by_recorder("open_sealed", round=round_name))

    assert rule_ids(decision) == ["FF-SEAL-1"]
    assert decision.violations[0].details["field"] == "data.round"


@pytest.mark.parametrize(
    "seats",
    [["north", "north"], ["north", "west"], [], "north", [["north"]]],
    ids=["duplicate", "unknown", "empty", "not-a-list", "nested"],
)
def test_ff_seal_1_refused_when_seats_are_not_distinct_seats_of_the_game(seats: Any) -> None:
    decision = when(given(), by_recorder("open_sealed", round="bids", seats=seats))

    assert rule_ids(decision) == ["FF-SEAL-1"]
    assert decision.violations[0].details["field"] == "data.seats"


def test_ff_seal_1_refused_when_the_round_is_already_open() -> None:
    game = given(round_opened("bids", ["north", "south"]))

    assert rule_ids(when(game, by_recorder("open_sealed", round="bids"))) == ["FF-SEAL-1"]


def test_ff_seal_1_refused_when_the_round_name_was_used_by_a_revealed_round() -> None:
    # "A sealed round has a *new* name": the name of a finished round is not new.
    game = given(round_opened("bids", ["north"]))
    game = after(game, *seal_events(game, "bids", {"north": (1, SALT_A)}))
    game = after(game, submissions_revealed("bids", {"north": (1, SALT_A)}))

    assert "bids" not in game.meta.sealed
    assert rule_ids(when(game, by_recorder("open_sealed", round="bids"))) == ["FF-SEAL-1"]


# --- FF-SEAL-2: a sealed payload is any JSON value of at most 64 KiB ---


def test_ff_seal_2_refused_when_payload_is_one_byte_over_64_kib() -> None:
    payload = "x" * (KIB_64 + 1 - 2)  # a JSON string is its characters plus two quotes
    assert canonical_size(payload) == KIB_64 + 1

    decision, completed = decide_seal(
        FREEFORM, given(round_opened("bids", ["north"])), "north", "bids", payload, SALT_A
    )

    assert rule_ids(decision) == ["FF-SEAL-2"]
    assert decision.events == ()
    assert completed is None


def test_ff_seal_2_sealed_when_payload_is_exactly_64_kib() -> None:
    payload = "x" * (KIB_64 - 2)

    decision, _ = decide_seal(FREEFORM, given(round_opened("bids", ["north"])), "north", "bids", payload, SALT_A)

    assert decision.violations == ()
    assert [event.type for event in decision.events] == ["SubmissionSealed"]


@pytest.mark.parametrize("payload", [None, 3, "hold", [1, "a"], {"orders": {"a": [1]}}])
def test_ff_seal_2_sealed_when_payload_is_any_json_value(payload: Any) -> None:
    decision, _ = decide_seal(FREEFORM, given(round_opened("bids", ["north"])), "north", "bids", payload, SALT_A)

    assert decision.violations == ()


def test_ff_seal_2_refused_not_raised_when_payload_is_not_json() -> None:
    game = given(round_opened("bids", ["north"]))

    decision, _ = decide_seal(FREEFORM, game, "north", "bids", {"bid": float("nan")}, SALT_A)

    assert rule_ids(decision) == ["FF-SEAL-2"]


# --- CORE-GAME-1: nothing is recorded in a game that has ended ---


@pytest.mark.parametrize(
    "action",
    [
        by_player("move", "north", to="ford"),
        by_player("roll", "north", count=1, dice=[3]),
        by_recorder("note", text="late entry"),
        by_recorder("open_sealed", round="late"),
        by_arbiter("adjust", reason="fix", changes=[{"op": "set", "path": "/actions", "value": 0}]),
        by_recorder("end_game", winners=["south"]),
        by_player("add_client_seed", "north", client_seed="abc"),
    ],
    ids=["move", "roll", "note", "open_sealed", "adjust", "end_game", "client_seed"],
)
def test_core_game_1_refused_when_the_game_has_ended(action: Any) -> None:
    game = given(action_recorded("north", "move"), game_ended(winners=["north"]))

    decision = when(game, action)

    assert rule_ids(decision) == ["CORE-GAME-1"]
    assert decision.events == ()


def test_core_game_1_refused_when_a_seat_seals_after_the_game_ended() -> None:
    game = given(round_opened("bids", ["north"]), game_ended(winners=["north"]))

    decision, completed = decide_seal(FREEFORM, game, "north", "bids", 1, SALT_A)

    assert rule_ids(decision) == ["CORE-GAME-1"]
    assert completed is None


# --- CORE-SEAT-1: an action names a seat of the game; only a recorder or arbiter may act for no seat ---


@pytest.mark.parametrize("action", [by_player("move", "west"), by_recorder("move", "west")], ids=["player", "recorder"])
def test_core_seat_1_refused_when_the_seat_is_not_a_seat_of_the_game(action: Any) -> None:
    decision = when(given(), action)

    assert rule_ids(decision) == ["CORE-SEAT-1"]
    assert "'west'" in decision.violations[0].message


def test_core_seat_1_refused_when_a_player_names_no_seat() -> None:
    assert rule_ids(when(given(), by_player("move", None, to="ford"))) == ["CORE-SEAT-1"]


@pytest.mark.parametrize("action", [by_recorder("note", text="turn 2"), by_arbiter("note", text="turn 2")])
def test_core_seat_1_recorded_for_the_table_when_a_recorder_or_arbiter_names_no_seat(action: Any) -> None:
    decision = when(given(), action)

    assert decision.violations == ()
    assert decision.events == (Event("ActionRecorded", {"seat": None, "type": "note", "data": {"text": "turn 2"}}),)


# --- CORE-ADJUST-1 and CORE-ADJUST-2: the universal `adjust` action ---

SET_MOVES = {"op": "set", "path": "/counts/move", "value": 5}
# FF-POSITION-2: the action count is the sum of the counts, so an adjustment of a count adjusts it too.
SET_ACTIONS = {"op": "set", "path": "/actions", "value": 5}


def test_core_adjust_1_refused_when_a_player_adjusts() -> None:
    decision = when(
        given(action_recorded("north", "move")), by_player("adjust", "north", reason="x", changes=[SET_MOVES])
    )

    assert rule_ids(decision) == ["CORE-ADJUST-1"]
    assert decision.events == ()


@pytest.mark.parametrize(
    "action",
    [
        by_recorder("adjust", reason="miscount", changes=[SET_MOVES, SET_ACTIONS]),
        by_arbiter("adjust", reason="miscount", changes=[SET_MOVES, SET_ACTIONS]),
    ],
    ids=["recorder", "arbiter"],
)
def test_core_adjust_1_records_the_adjustment_when_a_recorder_or_arbiter_adjusts(action: Any) -> None:
    game = given(action_recorded("north", "move"))

    decision = when(game, action)

    assert decision.violations == ()
    assert [event.type for event in decision.events] == ["StateAdjusted"]
    assert decision.events[0].data["reason"] == "miscount"
    assert decision.events[0].data["changes"] == [SET_MOVES, SET_ACTIONS]


def test_core_adjust_2_the_adjusted_state_is_folded_when_the_adjustment_is_recorded() -> None:
    game = given(action_recorded("north", "move"))
    decision = when(game, by_arbiter("adjust", reason="two moves were not entered", changes=[SET_MOVES, SET_ACTIONS]))

    adjusted = after(game, *decision.events)

    assert adjusted.state.counts == {"move": 5}
    assert adjusted.meta.adjustments == 1


def test_core_adjust_2_the_key_is_gone_when_a_change_removes_it() -> None:
    game = given(action_recorded("north", "move"), action_recorded(None, "hold"))
    changes = [{"op": "remove", "path": "/counts/hold"}, {"op": "set", "path": "/actions", "value": 1}]
    decision = when(game, by_recorder("adjust", reason="entered twice", changes=changes))

    assert decision.violations == ()
    assert after(game, *decision.events).state.counts == {"move": 1}


def test_core_adjust_2_pointer_escapes_are_decoded_when_a_key_holds_a_slash() -> None:
    # RFC 6901: "~1" is "/" and "~0" is "~" inside a reference token.
    change = {"op": "set", "path": "/counts/a~1b~0c", "value": 2}
    game = given()

    decision = when(
        game, by_recorder("adjust", reason="odd key", changes=[change, {"op": "set", "path": "/actions", "value": 2}])
    )

    assert after(game, *decision.events).state.counts == {"a/b~c": 2}


@pytest.mark.parametrize("reason", ["", "   ", None, 5], ids=["empty", "blank", "missing", "number"])
def test_core_adjust_2_refused_when_the_reason_is_empty(reason: Any) -> None:
    decision = when(given(action_recorded("north", "move")), by_arbiter("adjust", reason=reason, changes=[SET_MOVES]))

    assert rule_ids(decision) == ["CORE-ADJUST-2"]
    assert decision.violations[0].details["field"] == "data.reason"


@pytest.mark.parametrize(
    "changes", [[], None, "set", [1], {"op": "set"}], ids=["empty", "missing", "str", "int", "obj"]
)
def test_core_adjust_2_refused_when_changes_are_not_a_non_empty_list_of_objects(changes: Any) -> None:
    decision = when(given(), by_arbiter("adjust", reason="fix", changes=changes))

    assert rule_ids(decision) == ["CORE-ADJUST-2"]
    assert decision.violations[0].details["field"] == "data.changes"


@pytest.mark.parametrize(
    "change",
    [
        {"op": "set", "path": "counts/move", "value": 1},
        {"op": "set", "path": "", "value": 1},
        {"op": "set", "path": 3, "value": 1},
        {"op": "set", "path": "/nope/deeper", "value": 1},
        {"op": "remove", "path": "/counts/attack"},
        {"op": "merge", "path": "/counts/move", "value": 1},
        {"op": "set", "path": "/counts/move"},
        {"op": "set", "path": "/seats/9", "value": "west"},
        {"op": "set", "path": "/actions/deeper", "value": 1},
    ],
    ids=[
        "no-leading-slash",
        "empty-path",
        "path-not-a-string",
        "missing-parent",
        "remove-missing-key",
        "unknown-op",
        "set-without-value",
        "index-out-of-range",
        "inside-a-number",
    ],
)
def test_core_adjust_2_refused_when_a_change_does_not_apply(change: dict[str, Any]) -> None:
    decision = when(given(action_recorded("north", "move")), by_arbiter("adjust", reason="fix", changes=[change]))

    assert rule_ids(decision) == ["CORE-ADJUST-2"]
    assert decision.violations[0].details["field"] == "data.changes[0]"
    assert decision.events == ()


def test_core_adjust_2_refused_as_a_whole_when_one_of_several_changes_does_not_apply() -> None:
    changes = [SET_MOVES, {"op": "remove", "path": "/counts/attack"}]

    decision = when(given(action_recorded("north", "move")), by_arbiter("adjust", reason="fix", changes=changes))

    assert rule_ids(decision) == ["CORE-ADJUST-2"]
    assert decision.violations[0].details["field"] == "data.changes[1]"
    assert decision.events == ()


@pytest.mark.parametrize(
    "change",
    [
        {"op": "set", "path": "/actions", "value": -1},
        {"op": "set", "path": "/actions", "value": "three"},
        {"op": "set", "path": "/counts", "value": []},
        {"op": "set", "path": "/counts/move", "value": True},
        {"op": "remove", "path": "/last"},
        {"op": "set", "path": "/last/north", "value": "moved"},
    ],
    ids=["negative-count", "text-count", "counts-not-an-object", "bool-count", "no-last", "last-not-an-object"],
)
def test_core_adjust_2_refused_when_the_adjusted_state_does_not_load(change: dict[str, Any]) -> None:
    decision = when(given(action_recorded("north", "move")), by_arbiter("adjust", reason="fix", changes=[change]))

    assert rule_ids(decision) == ["CORE-ADJUST-2"]
    assert decision.events == ()


# --- CORE-DICE-1: table dice: exactly the faces the action rolls, each 1 to 6 ---


def test_core_dice_1_refused_not_raised_when_too_few_faces_are_entered() -> None:
    decision = when(given(), by_player("roll", "north", count=3, dice=[6, 5]))

    assert rule_ids(decision) == ["CORE-DICE-1"]
    assert decision.events == ()


def test_core_dice_1_violated_when_more_faces_are_entered_than_rolled() -> None:
    decision = when(given(), by_player("roll", "north", count=2, dice=[6, 5, 4]))

    assert rule_ids(decision) == ["CORE-DICE-1"]
    assert decision.violations[0].details["entered"] == 3
    assert decision.violations[0].details["rolled"] == 2


def test_core_dice_1_violated_when_faces_are_entered_for_an_action_that_rolls_none() -> None:
    decision = when(given(), by_player("move", "north", to="ford", dice=[6]))

    assert rule_ids(decision) == ["CORE-DICE-1"]


@pytest.mark.parametrize(
    "dice",
    [[0], [7], [3, -1], [True], [2.0], ["6"], [[6]]],
    ids=["zero", "seven", "negative", "bool", "float", "string", "nested"],
)
def test_core_dice_1_refused_when_a_face_is_not_1_to_6(dice: list[Any]) -> None:
    decision = when(given(), by_player("roll", "north", count=len(dice), dice=dice))

    assert rule_ids(decision) == ["CORE-DICE-1"]
    assert decision.events == ()


@pytest.mark.parametrize("dice", ["6,5", 6, {"a": 6}, None], ids=["string", "int", "object", "null"])
def test_core_dice_1_refused_when_dice_are_not_a_list(dice: Any) -> None:
    decision = when(given(), by_player("roll", "north", count=1, dice=dice))

    assert rule_ids(decision) == ["CORE-DICE-1"]
    assert decision.violations[0].details["field"] == "data.dice"


def test_core_dice_1_recorded_when_exactly_the_rolled_faces_are_entered() -> None:
    game = given(dice_rolled("south", [2, 2]))

    decision = when(game, by_player("roll", "north", count=2, dice=[1, 6]))

    assert decision.violations == ()
    assert decision.events[0].data == {"seat": "north", "purpose": "", "faces": [1, 6], "first_k": 3}


# --- CORE-DICE-2: with server dice, faces are never entered by hand ---


@pytest.mark.parametrize(
    "action", [by_player("roll", "north", count=2, dice=[6, 6]), by_player("move", "north", dice=[6])]
)
def test_core_dice_2_refused_when_faces_are_entered_in_a_server_dice_game(action: Any) -> None:
    decision = when(given(dice="server"), action)

    assert rule_ids(decision) == ["CORE-DICE-2"]
    assert decision.events == ()


# --- CORE-DICE-3: one client seed per seat, before the first server die ---


def test_core_dice_3_recorded_when_a_seat_adds_a_seed_before_the_first_roll() -> None:
    decision = when(given(dice="server"), by_player("add_client_seed", "north", client_seed="lucky-7"))

    assert decision.violations == ()
    assert decision.events == (Event("ClientSeedAdded", {"seat": "north", "client_seed": "lucky-7"}),)


def test_core_dice_3_recorded_when_another_seat_adds_its_own_seed() -> None:
    game = given(client_seed_added("north", "lucky-7"), dice="server")

    assert when(game, by_player("add_client_seed", "south", client_seed="x")).violations == ()


def test_core_dice_3_refused_when_the_first_die_was_already_rolled() -> None:
    game = given(dice_rolled("north", [3]), dice="server")

    decision = when(game, by_player("add_client_seed", "south", client_seed="late"))

    assert rule_ids(decision) == ["CORE-DICE-3"]


def test_core_dice_3_refused_when_the_seat_already_added_a_seed() -> None:
    game = given(client_seed_added("north", "lucky-7"), dice="server")

    decision = when(game, by_player("add_client_seed", "north", client_seed="another"))

    assert rule_ids(decision) == ["CORE-DICE-3"]


@pytest.mark.parametrize(
    "seed",
    ["", "two words", "tökmag", "s" * 65, "seed\n", "tab\there", 42, None],
    ids=["empty", "space", "non-ascii", "65-chars", "newline", "tab", "number", "missing"],
)
def test_core_dice_3_refused_when_the_seed_is_not_1_to_64_printable_ascii_characters(seed: Any) -> None:
    decision = when(given(dice="server"), by_player("add_client_seed", "north", client_seed=seed))

    assert rule_ids(decision) == ["CORE-DICE-3"]
    assert decision.violations[0].details["field"] == "data.client_seed"


@pytest.mark.parametrize("seed", ["!", "~" * 64, "c0ffee", "A-z_0.9"])
def test_core_dice_3_recorded_when_the_seed_is_printable_ascii(seed: str) -> None:
    assert when(given(dice="server"), by_player("add_client_seed", "north", client_seed=seed)).violations == ()


def test_core_dice_3_refused_when_the_game_uses_table_dice() -> None:
    decision = when(given(dice="table"), by_player("add_client_seed", "north", client_seed="abc"))

    assert rule_ids(decision) == ["CORE-DICE-3"]


def test_core_dice_3_refused_when_a_recorder_names_no_seat() -> None:
    decision = when(given(dice="server"), by_recorder("add_client_seed", client_seed="abc"))

    assert rule_ids(decision) == ["CORE-DICE-3"]


# --- CORE-END-1: a recorder or arbiter ends a game, stating the result ---


def test_core_end_1_refused_when_a_player_ends_the_game() -> None:
    decision = when(given(), by_player("end_game", "north", winners=["north"]))

    assert rule_ids(decision) == ["CORE-END-1"]
    assert decision.events == ()


def test_core_end_1_game_ended_with_the_result_when_a_recorder_ends_it() -> None:
    game = given(action_recorded("north", "move"))

    decision = when(game, by_recorder("end_game", winners=["north"], reason="holds the ford"))

    assert decision.violations == ()
    assert decision.events == (
        Event("GameEnded", {"by": "recorder", "winners": ["north"], "reason": "holds the ford"}),
    )
    ended = after(game, *decision.events)
    assert ended.meta.ended
    assert ended.meta.result is not None and ended.meta.result["winners"] == ["north"]


def test_core_end_1_scores_are_kept_when_an_arbiter_ends_the_game() -> None:
    decision = when(given(), by_arbiter("end_game", scores={"north": 7, "south": 4}))

    assert decision.events[0].data["by"] == "arbiter"
    assert decision.events[0].data["scores"] == {"north": 7, "south": 4}


def test_core_end_1_refused_when_no_result_is_stated() -> None:
    decision = when(given(), by_recorder("end_game"))

    assert rule_ids(decision) == ["CORE-END-1"]
    assert decision.events == ()


def test_core_end_1_refused_when_a_winner_is_not_a_seat() -> None:
    decision = when(given(), by_recorder("end_game", winners=["west"]))

    assert rule_ids(decision) == ["CORE-END-1"]


def test_core_end_1_refused_when_scores_name_an_unknown_seat_or_a_non_number() -> None:
    assert rule_ids(when(given(), by_recorder("end_game", scores={"west": 3}))) == ["CORE-END-1"]
    assert rule_ids(when(given(), by_recorder("end_game", scores={"north": "3"}))) == ["CORE-END-1"]


def test_core_end_1_draw_is_recorded_when_winners_is_empty() -> None:
    decision = when(given(), by_arbiter("end_game", winners=[], reason="agreed draw"))

    assert decision.violations == ()
    assert decision.events[0].data["winners"] == []


# --- CORE-SEAL-1 and DESIGN §7: seal into an open round, once; reveal all when the last seat seals ---


def seal_events(game: Game, round: str, secrets: dict[str, tuple[Any, str]]) -> list[Event]:
    """The `SubmissionSealed` events of sealing these secrets one after the other."""
    events: list[Event] = []
    for seat, (payload, salt) in secrets.items():
        decision, _ = decide_seal(FREEFORM, game, seat, round, payload, salt)
        assert decision.violations == ()
        events.extend(decision.events)
        game = after(game, *decision.events)
    return events


def test_core_seal_1_refused_when_the_round_is_not_open() -> None:
    decision, completed = decide_seal(FREEFORM, given(round_opened("bids", ["north"])), "north", "orders", 1, SALT_A)

    assert rule_ids(decision) == ["CORE-SEAL-1"]
    assert "'orders'" in decision.violations[0].message
    assert completed is None


def test_core_seal_1_refused_when_the_seat_does_not_seal_in_the_round() -> None:
    decision, _ = decide_seal(FREEFORM, given(round_opened("bids", ["north"])), "south", "bids", 1, SALT_A)

    assert rule_ids(decision) == ["CORE-SEAL-1"]


def test_core_seal_1_refused_when_the_seat_seals_twice() -> None:
    game = given(round_opened("bids", ["north", "south"]))
    game = after(game, *seal_events(game, "bids", {"north": (1, SALT_A)}))

    decision, _ = decide_seal(FREEFORM, game, "north", "bids", 2, SALT_B)

    assert rule_ids(decision) == ["CORE-SEAL-1"]


def test_core_seal_1_only_the_commitment_is_recorded_when_a_seat_seals() -> None:
    # commitments.py worked example: this salt and payload commit to 33fb…3e39.
    game = given(round_opened("bids", ["north", "south"]))

    decision, _ = decide_seal(FREEFORM, game, "north", "bids", {"seat": "erdely", "bid": 3}, SALT_A)

    assert decision.events == (
        Event(
            "SubmissionSealed",
            {
                "round": "bids",
                "seat": "north",
                "commitment": "33fb001e2df568940f458fdaec36e7abc6cd2aa1d89d928a9ef0653d08003e39",
            },
        ),
    )


def test_core_seal_1_commitment_is_sha256_of_salt_and_canonical_payload_when_a_seat_seals() -> None:
    payload = {"orders": ["march", "raid"], "bid": 2}
    expected = hashlib.sha256(f"{SALT_B}:".encode() + b'{"bid":2,"orders":["march","raid"]}').hexdigest()

    decision, _ = decide_seal(FREEFORM, given(round_opened("bids", ["south"])), "south", "bids", payload, SALT_B)

    assert decision.events[0].data["commitment"] == expected


def test_core_seal_1_round_completes_only_when_every_seat_of_it_has_sealed() -> None:
    game = given(round_opened("bids", list(SEATS)))
    completions = []
    for seat, salt in zip(SEATS, (SALT_A, SALT_B, SALT_A), strict=True):
        decision, completed = decide_seal(FREEFORM, game, seat, "bids", {"bid": seat}, salt)
        completions.append(completed)
        game = after(game, *decision.events)

    assert completions[:2] == [None, None]
    assert completions[2] is not None
    assert completions[2].round == "bids"
    assert set(completions[2].commitments) == set(SEATS)


def test_core_seal_1_every_payload_and_salt_verifies_when_the_round_is_revealed() -> None:
    secrets = {"north": ({"bid": 3}, SALT_A), "south": ({"bid": 5, "note": "all in"}, SALT_B)}
    game = given(round_opened("bids", ["north", "south"]))
    sealed = seal_events(game, "bids", secrets)
    game = after(game, *sealed)

    reveal = decide_reveal(FREEFORM, game, game.meta.sealed["bids"], secrets, inputs_for(game))

    assert [event.type for event in reveal.events] == ["SubmissionsRevealed"]
    submissions = reveal.events[0].data["submissions"]
    assert reveal.events[0].data["round"] == "bids"
    assert set(submissions) == {"north", "south"}
    for event in sealed:
        shown = submissions[event.data["seat"]]
        assert verify_commitment(event.data["commitment"], shown["payload"], shown["salt"])
    assert submissions["south"] == {"payload": {"bid": 5, "note": "all in"}, "salt": SALT_B}


def test_core_seal_1_the_envelope_drops_the_round_when_it_is_revealed() -> None:
    secrets = {"north": (1, SALT_A), "south": (2, SALT_B)}
    game = given(round_opened("bids", ["north", "south"]), round_opened("orders", ["north"]))
    game = after(game, *seal_events(game, "bids", secrets))
    assert game.meta.sealed["bids"].is_complete()

    reveal = decide_reveal(FREEFORM, game, game.meta.sealed["bids"], secrets, inputs_for(game))
    revealed = after(game, *reveal.events)

    assert set(revealed.meta.sealed) == {"orders"}
    assert set(public_meta(revealed.meta)["sealed_rounds"]) == {"orders"}


def test_core_seal_1_public_envelope_shows_who_sealed_not_what_when_a_round_is_open() -> None:
    game = given(round_opened("bids", ["north", "south"]))
    game = after(game, *seal_events(game, "bids", {"south": ("SECRET-BID", SALT_A)}))

    shown = public_meta(game.meta)

    assert shown["sealed_rounds"]["bids"]["sealed"] == ["south"]
    assert "SECRET-BID" not in json.dumps(shown)
