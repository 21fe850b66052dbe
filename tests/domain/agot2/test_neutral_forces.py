"""Neutral force tokens (GOT-X-26/27, X-20): set-up per player count, positions, marches against them, retreats.

The seed (001) says nothing of neutral forces; the catalog names them in GOT-X-20 only. GOT-X-26/27 are the
catalog defaults this ruleset adds; the numbers come from `data/neutral_forces.json`.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import Event, Game, Seat, Viewer
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.data import BASE_BOARD, BASE_NEUTRAL_FORCES, neutral_set_errors
from domain.rulesets.agot2.state import dump, load
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.tables import act, apply, decide, only, seal, types, units

SIX = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")
CARDS = {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1"}}


def _base(*seats: str, position: dict[str, Any] | None = None) -> dict[str, int | None]:
    options = {**AGOT2.default_options, "position": position}
    state = AGOT2.setup(options, dict(BASE_BOARD), [Seat(s) for s in seats])
    return dict(state.neutral_forces)


def _march_game(mode: str = "adjudicated", strength: int | None = 3, **extra: Any) -> Game:
    """Red marches from l1 into l2, where a neutral force stands; l3 (Red's) is next to l2."""
    return deviations._game(
        mode,
        {"l1": "land", "l2": ("land", {"structure": "castle"}), "l3": "land", "s1": "sea"},
        [("l1", "l2"), ("l2", "l3"), ("l2", "s1"), ("l1", "s1")],
        extra.pop("unit_list", units("red", "l1", "knight", "footman")),
        extra.pop("orders", [("l1", "red", "march_0")]),
        position={"neutral_forces": [{"area": "l2", "strength": strength}]},
        **extra,
    )


def _march(game: Game, moving: list[str], to_area: str = "l2") -> Any:
    return decide(game, "march", "red", from_area="l1", moves=[{"to_area": to_area, "units": moving}])


# --- data and set-up (GOT-X-26) ---


def test_shipped_neutral_force_data_is_valid_and_names_land_areas_of_the_base_board() -> None:
    """GOT-X-26: every token of the base game stands on a land area of the shipped map."""
    assert neutral_set_errors(BASE_NEUTRAL_FORCES) == []
    kinds = {a["id"]: a["kind"] for a in BASE_BOARD["areas"]}
    assert all(kinds[t["area"]] == "land" for t in BASE_NEUTRAL_FORCES["neutral_forces"])


def test_neutral_force_data_is_refused_with_the_entry_named_when_malformed() -> None:
    document = {
        "neutral_forces": [
            {"area": "eyrie", "strength": 9, "players": [3]},
            {"area": "eyrie", "strength": 6, "players": [7]},
            {"area": "x", "strength": 3, "players": [4]},
            {"area": "x", "strength": 3, "players": [4]},
        ]
    }
    errors = neutral_set_errors(document)
    assert any(e.startswith("neutral_forces[0].strength:") for e in errors)
    assert any(e.startswith("neutral_forces[1].players:") for e in errors)
    assert any(e.startswith("neutral_forces[3]: 'x' already holds a token") for e in errors)


def test_eyrie_and_kings_landing_alone_hold_neutral_forces_when_six_players_sit_at_the_base_board() -> None:
    """GOT-X-26: with six Houses only The Eyrie (6) and King's Landing (5) are neutral."""
    assert _base(*SIX) == {"eyrie": 6, "kings_landing": 5}


def test_the_south_holds_neutral_forces_when_four_players_sit_at_the_base_board() -> None:
    """GOT-X-26: without Tyrell and Martell, their lands are held by neutral forces of 3 to 5."""
    found = _base("stark", "lannister", "baratheon", "greyjoy")
    assert found["eyrie"] == 6 and found["kings_landing"] == 5
    assert found["storms_end"] == 4 and found["sunspear"] == 5 and found["oldtown"] == 3
    assert "highgarden" not in found and "pyke" not in found


def test_dorne_alone_holds_neutral_forces_when_five_players_sit_at_the_base_board() -> None:
    """GOT-X-26: without Martell, Dorne is neutral; Storm's End and Oldtown are open."""
    found = _base("stark", "lannister", "baratheon", "greyjoy", "tyrell")
    assert found["sunspear"] == 5 and found["yronwood"] == 3
    assert "storms_end" not in found and "oldtown" not in found


def test_unplayed_areas_are_closed_when_three_players_sit_at_the_base_board() -> None:
    """GOT-X-26: with three players the south and the Iron Islands are closed (strength null)."""
    found = _base("stark", "lannister", "baratheon")
    assert found["pyke"] is None and found["highgarden"] is None and found["sunspear"] is None
    assert found["eyrie"] == 6 and found["kings_landing"] == 5


def test_no_token_in_a_seated_house_home_when_the_table_seats_other_houses_than_the_printed_set_up() -> None:
    """GOT-X-26: a seated House's home is never closed, and no token goes where units stand."""
    found = _base(
        "stark",
        "baratheon",
        "greyjoy",
        position={"units": [{"id": "stark:footman:1", "seat": "stark", "type": "footman", "area": "kings_landing"}]},
    )
    assert "pyke" not in found and "kings_landing" not in found and found["eyrie"] == 6


def test_no_neutral_forces_when_the_game_was_recorded_before_they_were_modelled() -> None:
    """A GameCreated without the `neutral_forces` option predates GOT-X-26: replaying it must give the state it
    was recorded with, so its board holds no tokens; new games record the option (on by default)."""
    recorded_before = {k: v for k, v in AGOT2.default_options.items() if k != "neutral_forces"}
    state = AGOT2.setup(recorded_before, dict(BASE_BOARD), [Seat(s) for s in SIX])

    assert dict(state.neutral_forces) == {}
    assert AGOT2.default_options["neutral_forces"] is True
    assert _base(*SIX) == {"eyrie": 6, "kings_landing": 5}
    off = AGOT2.setup({**AGOT2.default_options, "neutral_forces": False}, dict(BASE_BOARD), [Seat(s) for s in SIX])
    assert dict(off.neutral_forces) == {}


def test_no_neutral_forces_when_the_board_is_not_the_base_board() -> None:
    """GOT-X-26: the base game's tokens belong to its map; another board starts without them."""
    game = deviations._game("adjudicated", {"l1": "land", "l2": "land"}, [("l1", "l2")], [], [])
    assert game.state.neutral_forces == {}


def test_the_position_sets_the_neutral_forces_when_it_lists_them() -> None:
    """GOT-X-26: options.position.neutral_forces replaces the base game's; [] means none."""
    assert _base(*SIX, position={"neutral_forces": [{"area": "eyrie", "strength": 2}]}) == {"eyrie": 2}
    assert _base(*SIX, position={"neutral_forces": []}) == {}


@pytest.mark.parametrize(
    ("entry", "path"),
    [
        ({"area": "eyrie", "strength": 7}, "options.position.neutral_forces[0].strength"),
        ({"area": "eyrie", "strength": 0}, "options.position.neutral_forces[0].strength"),
        ({"area": "eyrie", "strength": True}, "options.position.neutral_forces[0].strength"),
        ({"area": "eyrie"}, "options.position.neutral_forces[0].strength"),
        ({"area": 3, "strength": 3}, "options.position.neutral_forces[0].area"),
        ({"area": "eyrie", "strength": 3, "colour": "grey"}, "options.position.neutral_forces[0]"),
    ],
)
def test_options_are_refused_naming_the_path_when_a_neutral_force_entry_is_malformed(
    entry: dict[str, Any], path: str
) -> None:
    """GOT-X-26: an entry is {area, strength}, strength a whole number from 1 to 6 or null."""
    errors = AGOT2.option_errors({"position": {"neutral_forces": [entry]}})
    assert errors and all(e.startswith(path) for e in errors), errors


def test_options_are_refused_when_two_neutral_forces_share_an_area() -> None:
    errors = AGOT2.option_errors(
        {"position": {"neutral_forces": [{"area": "eyrie", "strength": 6}, {"area": "eyrie", "strength": 5}]}}
    )
    assert errors == ["options.position.neutral_forces[1].area: 'eyrie' holds one neutral force token only"]


@pytest.mark.parametrize(
    ("area", "problem"),
    [("nowhere", "is not an area of the board"), ("shivering_sea", "is a sea area"), ("pyke_port", "is a port")],
)
def test_game_is_refused_naming_the_path_when_a_neutral_force_stands_off_land(area: str, problem: str) -> None:
    """GOT-X-26: neutral forces stand on land areas of the game's board."""
    options = {**AGOT2.default_options, "position": {"neutral_forces": [{"area": area, "strength": 3}]}}
    [error] = AGOT2.game_errors(options, dict(BASE_BOARD), [Seat(s) for s in SIX])
    assert error.startswith("options.position.neutral_forces[0].area: ") and problem in error


def test_game_is_refused_when_a_neutral_force_shares_its_area_with_units() -> None:
    position = {
        "neutral_forces": [{"area": "eyrie", "strength": 6}],
        "units": [{"id": "stark:footman:1", "seat": "stark", "type": "footman", "area": "eyrie"}],
    }
    [error] = AGOT2.game_errors({**AGOT2.default_options, "position": position}, dict(BASE_BOARD), [Seat("stark")])
    assert "holds units of a House" in error


# --- a march against a neutral force (GOT-X-27) ---


def test_token_removed_and_units_move_in_when_the_march_brings_equal_strength() -> None:
    """GOT-X-27: a knight and a footman (2 + 1) beat a neutral force of 3; the token leaves the game."""
    game = _march_game(strength=3)
    decision = _march(game, ["red:knight:l1:1", "red:footman:l1:2"])
    assert not decision.violations
    assert types(decision)[:2] == ["UnitsMarched", "NeutralForceDefeated"]
    beaten = only(decision, "NeutralForceDefeated")
    assert (beaten["area"], beaten["strength"], beaten["attack_strength"]) == ("l2", 3, 3)
    assert "GOT-X-27" in [step.rule_id for step in decision.trace]
    after = apply(game, decision)
    assert after.state.neutral_forces == {}
    assert {u.area for u in after.state.units.values()} == {"l2"}
    assert "CombatInitiated" not in types(decision)


def test_march_refused_citing_got_x_27_when_it_brings_less_strength_than_the_neutral_force() -> None:
    """GOT-X-27: 3 against a neutral force of 4 is refused; nothing is recorded."""
    decision = _march(_march_game(strength=4), ["red:knight:l1:1", "red:footman:l1:2"])
    assert not decision.events
    [violation] = decision.violations
    assert violation.rule_id == "GOT-X-27" and violation.details == {"field": "data.moves[0].to_area"}
    assert "strength 3" in violation.message and "at least 4" in violation.message


def test_own_support_and_the_march_bonus_count_when_a_march_attacks_a_neutral_force() -> None:
    """GOT-X-27, SUPPORT-2, STRENGTH-4: 3 units' strength, March +1, Red's supporting footman +1 = 5."""
    game = _march_game(
        strength=5,
        unit_list=units("red", "l1", "knight", "footman") + units("red", "l3", "footman"),
        orders=[("l1", "red", "march_plus1"), ("l3", "red", "support_0_a")],
    )
    decision = _march(game, ["red:knight:l1:1", "red:footman:l1:2"])
    assert not decision.violations
    assert only(decision, "NeutralForceDefeated")["attack_strength"] == 5


def test_other_houses_support_does_not_count_when_a_march_attacks_a_neutral_force() -> None:
    """GOT-X-27: Blue's Support order next to the neutral force adds nothing to Red's attack."""
    game = _march_game(
        strength=4,
        unit_list=units("red", "l1", "knight", "footman") + units("blue", "l3", "knight"),
        orders=[("l1", "red", "march_0"), ("l3", "blue", "support_0_a")],
    )
    assert [v.rule_id for v in _march(game, ["red:knight:l1:1", "red:footman:l1:2"]).violations] == ["GOT-X-27"]


def test_siege_engine_counts_four_when_it_attacks_a_neutral_force_in_a_castle() -> None:
    """GOT-COMBAT-3, X-27: a siege engine attacking a castle area adds 4."""
    game = _march_game(strength=5, unit_list=units("red", "l1", "siege_engine", "footman"))
    decision = _march(game, ["red:siege_engine:l1:1", "red:footman:l1:2"])
    assert only(decision, "NeutralForceDefeated")["attack_strength"] == 5


def test_march_refused_citing_got_x_26_when_it_enters_a_closed_area() -> None:
    """GOT-X-26: a token without strength closes its area; no march enters it, even in a transcript."""
    for mode in ("adjudicated", "transcript"):
        decision = _march(_march_game(mode, strength=None), ["red:knight:l1:1", "red:footman:l1:2"])
        assert not decision.events and [v.rule_id for v in decision.violations] == ["GOT-X-26"]


def test_march_refused_citing_got_x_27_when_it_attacks_a_neutral_force_and_a_house() -> None:
    """GOT-X-27: "Attacking a neutral force is the march's one combat" (two Houses' areas in one march stay GOT-X-25,
    march legality being outside the catalog, §0.2)."""
    game = deviations._game(
        "adjudicated",
        {"l1": "land", "l2": "land", "l4": "land"},
        [("l1", "l2"), ("l1", "l4")],
        units("red", "l1", "knight", "footman") + units("blue", "l4", "footman"),
        [("l1", "red", "march_0")],
        position={"neutral_forces": [{"area": "l2", "strength": 1}]},
    )
    decision = decide(
        game,
        "march",
        "red",
        from_area="l1",
        moves=[{"to_area": "l2", "units": ["red:knight:l1:1"]}, {"to_area": "l4", "units": ["red:footman:l1:2"]}],
    )
    assert not decision.events and [v.rule_id for v in decision.violations] == ["GOT-X-27"]


def test_deviation_recorded_and_token_removed_when_a_transcript_march_is_too_weak() -> None:
    """GOT-X-27 in a transcript: the table's march is recorded with its deviation."""
    game = _march_game("transcript", strength=6)
    decision = _march(game, ["red:knight:l1:1", "red:footman:l1:2"])
    assert "NeutralForceDefeated" in types(decision)
    assert [v.rule_id for v in decision.violations] == ["GOT-X-27"]
    assert apply(game, decision).state.neutral_forces == {}


def test_notation_says_the_neutral_force_was_beaten_when_a_march_beats_it() -> None:
    game = _march_game(strength=3)
    decision = _march(game, ["red:knight:l1:1", "red:footman:l1:2"])
    event = next(e for e in decision.events if e.type == "NeutralForceDefeated")
    line = AGOT2.notation(event, game.state)
    assert line == "Red beats the neutral force (3) in L2 with strength 3; the token is removed from the game"


# --- retreats (GOT-X-20), views and old documents ---


def test_units_destroyed_when_the_only_area_to_retreat_to_holds_a_neutral_force() -> None:
    """GOT-X-20, RETREAT-6 (seed 001 撤退和溃败: 「如果没有任何区域可以进行撤退，所有撤退单位立刻被消灭。」)

    Blue's surviving footman may only retreat to l3, which holds a neutral force: it is destroyed.
    """
    game = deviations._game(
        "adjudicated",
        {"l1": "land", "l2": "land", "l3": "land"},
        [("l1", "l2"), ("l2", "l3")],
        units("red", "l1", "knight", "knight") + units("blue", "l2", "footman", "footman"),
        [("l1", "red", "march_0")],
        position={"neutral_forces": [{"area": "l3", "strength": 3}]},
    )
    moving = ["red:knight:l1:1", "red:knight:l1:2"]
    game, _ = act(game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": moving}])
    game, decision = seal(game, "house_card", CARDS)
    cid = only(decision, "CombatResolved")["combat_id"]
    game, decision = act(game, "choose_casualties", "blue", combat_id=cid, units=["blue:footman:l2:1"])
    destroyed = only(decision, "UnitsDestroyed")
    assert destroyed["units"] == ["blue:footman:l2:2"] and destroyed["reason"] == "no_legal_retreat"
    assert game.state.neutral_forces == {"l3": 3}


def test_views_show_the_neutral_forces_to_every_viewer() -> None:
    state = _march_game(strength=4).state
    for viewer in (Viewer(seat="red"), Viewer(seat=None), Viewer(seat=None, arbiter=True)):
        assert AGOT2.view(state, viewer)["neutral_forces"] == {"l2": 4}


def test_state_loads_without_neutral_forces_when_the_document_predates_them() -> None:
    """Snapshots dumped before GOT-X-26 have no `neutral_forces`: they load with none."""
    state = _march_game(strength=4).state
    document = dump(state)
    assert document["neutral_forces"] == {"l2": 4}
    assert AGOT2.load_state(document) == state  # the version puts back its amendments, never dumped
    del document["neutral_forces"]
    assert load(document).neutral_forces == {}


def test_evolve_ignores_a_malformed_neutral_force_event() -> None:
    state = _march_game(strength=4).state
    assert AGOT2.evolve(state, Event("NeutralForceDefeated", {"round": 1})) == state
    assert AGOT2.evolve(state, Event("NeutralForceDefeated", {"area": "l9"})).neutral_forces == {"l2": 4}
