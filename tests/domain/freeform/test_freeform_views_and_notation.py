"""Freeform views (everything is public, the same for every viewer) and notation (one readable line per event)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from domain.commitments import commit
from domain.kernel import Event, Viewer
from domain.rulesets.freeform import FREEFORM
from tests.domain.builders import (
    SALT_A,
    SALT_B,
    SEATS,
    action_recorded,
    client_seed_added,
    dice_rolled,
    game_ended,
    given,
    round_opened,
    state_adjusted,
    submission_sealed,
    submissions_revealed,
)

VIEWERS = [
    Viewer(seat="north"),
    Viewer(seat="south"),
    Viewer(seat="east"),
    Viewer(seat=None),
    Viewer(seat=None, arbiter=True),
]
VIEWER_IDS = ["north", "south", "east", "spectator", "arbiter"]
SECRET = {"bid": "NORTH-SECRET-BID-4"}


def played_game_events() -> list[Event]:
    return [
        action_recorded("north", "move", {"to": "ford"}),
        dice_rolled("south", [6, 4, 2], first_k=1, purpose="attack"),
        round_opened("bids", ["north", "south"], opened_by="north"),
        submission_sealed("bids", "north", commit(SECRET, SALT_A)),
    ]


# The public record of that game, written out from the freeform state's definition: every seat, how many
# actions of each type were recorded, and each seat's last action with its number among the game's actions.
PUBLIC_RECORD: dict[str, Any] = {
    "seats": ["north", "south", "east"],
    "counts": {"move": 1, "roll": 1, "open_sealed": 1},
    "last": {
        "north": {
            "type": "open_sealed",
            "data": {"round": "bids", "seats": ["north", "south"], "purpose": "", "opened_by": "north"},
            "number": 3,
        },
        "south": {
            "type": "roll",
            "data": {"seat": "south", "purpose": "attack", "faces": [6, 4, 2], "first_k": 1},
            "number": 2,
        },
    },
    "actions": 3,
}


@pytest.mark.parametrize("viewer", VIEWERS, ids=VIEWER_IDS)
def test_view_is_the_public_record_when_any_viewer_looks(viewer: Viewer) -> None:
    game = given(*played_game_events())

    assert FREEFORM.view(game.state, viewer) == PUBLIC_RECORD


@pytest.mark.parametrize("viewer", VIEWERS, ids=VIEWER_IDS)
def test_view_holds_no_sealed_payload_when_a_seat_has_sealed(viewer: Viewer) -> None:
    game = given(*played_game_events())

    assert "NORTH-SECRET-BID-4" not in json.dumps(FREEFORM.view(game.state, viewer))


@pytest.mark.parametrize("viewer", VIEWERS, ids=VIEWER_IDS)
def test_view_is_an_empty_record_of_the_seats_when_nothing_happened(viewer: Viewer) -> None:
    assert FREEFORM.view(given().state, viewer) == {"seats": list(SEATS), "counts": {}, "last": {}, "actions": 0}


def test_view_is_json_ready_when_the_game_has_actions() -> None:
    view = FREEFORM.view(given(*played_game_events()).state, Viewer(seat="north"))

    assert json.loads(json.dumps(view)) == view


# --- notation: one human line per event ---


def line(event: Event) -> str:
    """The notation of an event in a game that has seen the usual opening."""
    text = FREEFORM.notation(event, given(*played_game_events()).state)
    assert "\n" not in text and text.strip() == text and text
    return text


def test_notation_names_seat_type_and_data_when_an_action_is_recorded() -> None:
    text = line(action_recorded("north", "move", {"to": "ford"}))

    assert "north" in text
    assert "move" in text
    assert "ford" in text


def test_ff_action_1_a_recorded_note_reads_as_words_not_json() -> None:
    assert line(action_recorded("red", "note", {"text": "x"})) == "red: note — x"


def test_ff_action_1_a_recorded_actions_fields_read_in_key_order_with_lists_as_words() -> None:
    data = {"units": ["knight", "archer"], "to": "ford", "hidden": False, "from": {"area": "hill"}}

    text = line(action_recorded("north", "move", data))

    assert text == "north: move — from: (area: hill) · hidden: no · to: ford · units: knight, archer"


def test_ff_action_1_an_action_without_data_is_its_seat_and_type_alone() -> None:
    assert line(action_recorded("north", "pass", {})) == "north: pass"


def test_notation_names_the_type_when_an_action_was_for_the_whole_table() -> None:
    text = line(action_recorded(None, "note", {"text": "turn 2 begins"}))

    assert "note" in text
    assert "turn 2 begins" in text
    assert "None" not in text


def test_notation_shows_seat_count_and_faces_in_order_when_dice_are_rolled() -> None:
    text = line(dice_rolled("south", [6, 4, 2]))

    assert "south" in text
    assert "3d6" in text
    assert re.search(r"6\D+4\D+2\s*$", text), text


def test_notation_names_round_and_seats_when_a_sealed_round_opens() -> None:
    text = line(round_opened("orders", ["north", "east"], opened_by="north"))

    assert "orders" in text
    assert "north" in text and "east" in text


def test_notation_names_seat_and_round_but_not_the_commitment_when_a_seat_seals() -> None:
    commitment = commit(SECRET, SALT_A)

    text = line(submission_sealed("bids", "north", commitment))

    assert "north" in text and "bids" in text
    assert commitment not in text


def test_notation_shows_every_payload_when_a_round_is_revealed() -> None:
    text = line(submissions_revealed("bids", {"north": ({"bid": 4}, SALT_A), "south": ({"bid": 1}, SALT_B)}))

    assert text == "bids revealed: north — bid: 4; south — bid: 1"
    assert SALT_A not in text


def test_notation_names_the_seat_and_seed_when_a_client_seed_is_added() -> None:
    text = line(client_seed_added("east", "c0ffee"))

    assert "east" in text and "c0ffee" in text


def test_notation_shows_the_seed_when_the_dice_seed_is_revealed() -> None:
    seed = "00" * 32

    assert seed in line(Event("DiceSeedRevealed", {"seed": seed, "commitment": "ab" * 32}))


def test_notation_gives_the_reason_when_the_state_is_adjusted() -> None:
    text = line(state_adjusted([{"op": "set", "path": "/actions", "value": 4}], reason="a move was not entered"))

    assert "a move was not entered" in text


def test_notation_names_the_winners_when_the_game_ends() -> None:
    text = line(game_ended(winners=["north", "east"], reason="time"))

    assert "north" in text and "east" in text


def test_notation_is_the_event_type_when_the_event_is_unknown_to_freeform() -> None:
    assert line(Event("ScenarioCardDrawn", {"card": 7})) == "ScenarioCardDrawn"
