"""The printed set-up (GOT-X-29): a new game of the base game's Houses given no position starts as the House
screens and the board show it; a game recorded before the `setup` option folds to the empty board it always had.

What a person checks against the box: each House's starting units (Stark: a knight and a footman in Winterfell, a
footman in White Harbor, a ship in the Shivering Sea; ...), 5 Power tokens each, the starting order of the three
influence tracks printed on the board, and the supply track (Stark 1, the others 2).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.kernel import Event, Seat, start
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.data import BASE_BOARD, BASE_SETUP, UNIT_TYPES
from domain.rulesets.agot2.options import PIECES
from domain.rulesets.agot2.position import from_position, position_of
from domain.rulesets.agot2.state import AgotState
from tests.domain.agot2.tables import board, card_set, new_game, units

THREE = ("stark", "lannister", "baratheon")
SIX = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")


def _created(seats: tuple[str, ...], options: dict[str, Any]) -> AgotState:
    """A game as the service records it: the ruleset's defaults filled into the options, on the base board."""
    event = Event(
        "GameCreated",
        {
            "game_id": "g",
            "ruleset": "agot2",
            "ruleset_version": AGOT2.version,
            "variant": None,
            "options": options,
            "board": "base",
            "seats": [{"seat": s, "player": None} for s in seats],
            "mode": "adjudicated",
            "dice": "table",
            "dice_commitment": None,
        },
    )
    state: AgotState = start(AGOT2, event, BASE_BOARD).state
    return state


def _pieces(state: AgotState) -> Counter[tuple[str, str, str]]:
    return Counter((u.seat, u.type, u.area) for u in state.units.values())


def test_shipped_setup_names_areas_of_the_base_board_of_the_kind_each_unit_stands_on_x_29() -> None:
    kinds = {a["id"]: a["kind"] for a in BASE_BOARD["areas"]}
    for house, entry in BASE_SETUP["houses"].items():
        assert house in BASE_BOARD["attributes"]["houses"]
        for unit in entry["units"]:
            assert unit["kind"] in UNIT_TYPES
            assert kinds[unit["area"]] in (("sea", "port") if unit["kind"] == "ship" else ("land",)), unit
        counts = Counter(u["kind"] for u in entry["units"])
        assert all(counts[kind] <= PIECES[kind] for kind in counts)  # GOT-X-28
    for order in BASE_SETUP["influence_tracks"].values():
        assert sorted(order) == sorted(BASE_SETUP["houses"])
    assert all(len(BASE_SETUP["players"][str(n)]) == n for n in range(3, 7))


def test_three_player_game_starts_with_the_printed_units_tracks_and_supply_when_no_position_x_29() -> None:
    state = _created(THREE, dict(AGOT2.default_options))
    assert state.options["setup"] == "standard"
    assert _pieces(state) == Counter(
        {
            ("stark", "knight", "winterfell"): 1,
            ("stark", "footman", "winterfell"): 1,
            ("stark", "footman", "white_harbor"): 1,
            ("stark", "ship", "shivering_sea"): 1,
            ("lannister", "knight", "lannisport"): 1,
            ("lannister", "footman", "lannisport"): 1,
            ("lannister", "footman", "stoney_sept"): 1,
            ("lannister", "ship", "golden_sound"): 1,  # and no ship in its port at three players
            ("baratheon", "knight", "dragonstone"): 1,
            ("baratheon", "footman", "dragonstone"): 1,
            ("baratheon", "footman", "kingswood"): 1,
            ("baratheon", "ship", "shipbreaker_bay"): 2,
        }
    )
    assert state.power == {"stark": 5, "lannister": 5, "baratheon": 5}
    assert state.tracks == {
        "iron_throne": ("baratheon", "lannister", "stark"),
        "fiefdoms": ("stark", "baratheon", "lannister"),
        "kings_court": ("lannister", "stark", "baratheon"),
    }
    assert state.supply_limits == {"stark": (3, 2), "lannister": (3, 2, 2), "baratheon": (3, 2, 2)}
    assert state.garrisons == {"winterfell": 2, "lannisport": 2, "dragonstone": 2}
    assert state.neutral_forces["kings_landing"] == 5 and state.neutral_forces["pyke"] is None  # GOT-X-26
    assert (state.round, state.phase, state.orders, state.power_tokens) == (1, "planning", {}, {})


def test_six_player_game_starts_with_every_house_screen_and_the_full_printed_tracks_x_29() -> None:
    state = _created(SIX, dict(AGOT2.default_options))
    pieces = _pieces(state)
    assert pieces[("greyjoy", "knight", "pyke")] == pieces[("greyjoy", "footman", "pyke")] == 1
    assert pieces[("greyjoy", "ship", "pyke_port")] == pieces[("greyjoy", "ship", "ironmans_bay")] == 1
    assert pieces[("lannister", "ship", "lannisport_port")] == 1
    assert pieces[("tyrell", "knight", "highgarden")] == pieces[("tyrell", "footman", "dornish_marches")] == 1
    assert pieces[("martell", "knight", "sunspear")] == pieces[("martell", "ship", "sea_of_dorne")] == 1
    assert Counter(u.seat for u in state.units.values()) == {
        "stark": 4,
        "lannister": 5,
        "baratheon": 5,
        "greyjoy": 5,
        "tyrell": 4,
        "martell": 4,
    }
    assert state.tracks["iron_throne"] == ("baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell")
    assert state.tracks["fiefdoms"] == ("greyjoy", "tyrell", "martell", "stark", "baratheon", "lannister")
    assert state.tracks["kings_court"] == ("lannister", "stark", "martell", "baratheon", "tyrell", "greyjoy")
    assert state.supply_limits["stark"] == (3, 2) and state.supply_limits["martell"] == (3, 2, 2)
    assert set(state.power.values()) == {5} and state.neutral_forces == {"eyrie": 6, "kings_landing": 5}


def test_explicit_tracks_and_supply_options_win_over_the_printed_ones_x_29() -> None:
    tracks = {track: list(THREE) for track in ("iron_throne", "fiefdoms", "kings_court")}
    state = _created(THREE, {**AGOT2.default_options, "tracks": tracks, "supply_limits": {"stark": [2, 2]}})
    assert state.tracks["fiefdoms"] == THREE and state.supply_limits["stark"] == (2, 2)
    assert len(state.units) == 13


def test_game_recorded_before_the_setup_option_folds_to_the_empty_board_it_always_had() -> None:
    options = {k: v for k, v in AGOT2.default_options.items() if k != "setup"}
    state = _created(THREE, options)
    assert state.units == {} and state.tracks["iron_throne"] == THREE
    assert state.supply_limits == dict.fromkeys(THREE, (2, 2))
    assert _created(THREE, {**AGOT2.default_options, "setup": "empty"}).units == {}


def test_a_position_is_the_whole_table_whatever_the_setup_option_x_29() -> None:
    position = {"units": [{"id": "stark:knight:1", "seat": "stark", "type": "knight", "area": "karhold"}]}
    state = _created(THREE, {**AGOT2.default_options, "position": position})
    assert list(_pieces(state)) == [("stark", "knight", "karhold")] and state.tracks["iron_throne"] == THREE
    standard = _created(THREE, dict(AGOT2.default_options))
    restarted = from_position(position_of(standard), standard.options, BASE_BOARD, [Seat(s) for s in THREE])
    assert _pieces(restarted) == _pieces(standard) and restarted.tracks == standard.tracks


def test_new_game_without_a_position_is_refused_naming_the_setup_option_when_seats_are_not_base_houses_x_29() -> None:
    seats = [Seat("red"), Seat("blue"), Seat("stark")]
    errors = AGOT2.start_errors(dict(AGOT2.default_options), BASE_BOARD, seats)
    assert errors and all(e.startswith('options.setup: "standard" (GOT-X-29') for e in errors)
    assert "'red'" in errors[0] and "'blue'" in errors[1] and len(errors) == 2
    assert AGOT2.start_errors({**AGOT2.default_options, "setup": "empty"}, BASE_BOARD, seats) == []
    position = {"units": units("red", "a", "knight")}
    assert AGOT2.start_errors({**AGOT2.default_options, "position": position}, BASE_BOARD, seats) == []


def test_new_game_without_a_position_is_refused_for_seven_houses_or_another_board_x_29() -> None:
    seven = [Seat(s) for s in (*SIX, "arryn")]
    options = {**AGOT2.default_options, "house_cards": card_set(), "kings_court_stars": [3, 3, 2, 1, 0, 0, 0]}
    assert any("3 to 6 Houses, not 7" in e for e in AGOT2.start_errors(options, BASE_BOARD, seven))
    small = board({"winterfell": ("land", {"home_of": "stark", "garrison": 2}), "sea": "sea"}, [("winterfell", "sea")])
    [error] = AGOT2.start_errors(dict(AGOT2.default_options), small, [Seat(s) for s in THREE])
    assert "base board" in error and "GOT-X-29" in error
    assert AGOT2.start_errors(dict(AGOT2.default_options), BASE_BOARD, [Seat(s) for s in SIX]) == []


def test_setup_option_is_refused_with_its_name_when_not_standard_or_empty() -> None:
    assert any(e.startswith("options.setup") for e in AGOT2.option_errors({"setup": "printed"}))
    assert new_game(BASE_BOARD, THREE, {"setup": "empty"}).state.units == {}
