"""Setup: seats and player counts, options, starting forces, neutral forces, the first starting player."""

from __future__ import annotations

import pytest

from domain.kernel import Authority, Decision, Seat
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import (
    BASIC_START,
    THREE,
    act,
    new_game,
    placements,
    play,
    rule_ids,
    set_up,
    then,
    types,
    when,
)
from tests.domain.kard_es_korona.small_boards import province_board


def seats(*names: str) -> list[Seat]:
    return [Seat(n) for n in names]


@pytest.mark.parametrize(
    "names",
    [
        ("felvidek", "erdely", "szlavonia"),
        ("pannonia", "tiszahat", "delvidek"),
        ("erdely", "delvidek", "pannonia", "felvidek"),
        ("felvidek", "tiszahat", "delvidek", "szlavonia"),
        ("tiszahat", "erdely", "szlavonia", "pannonia"),
        ("felvidek", "tiszahat", "erdely", "delvidek", "pannonia"),
        ("felvidek", "delvidek"),
        ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia"),
    ],
)
def test_no_seat_errors_when_the_configuration_is_allowed(names: tuple[str, ...]) -> None:
    assert KARD_ES_KORONA.seat_errors(seats(*names), {}) == []


@pytest.mark.parametrize(
    ("names", "rule"),
    [
        (("felvidek", "tiszahat", "erdely"), "KK-SETUP-4"),
        (("felvidek", "tiszahat", "erdely", "delvidek"), "KK-SETUP-3"),
        (("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia"), "KK-SETUP-2"),
        (("felvidek",), "KK-SETUP-1"),
        (("felvidek", "pest"), "KK-SETUP-1"),
        (("felvidek", "felvidek"), "KK-SETUP-1"),
    ],
)
def test_seat_error_when_the_configuration_is_not_allowed(names: tuple[str, ...], rule: str) -> None:
    [error] = KARD_ES_KORONA.seat_errors(seats(*names), {})
    assert rule in error


def test_option_errors_name_the_option_when_variant_is_missing_or_a_value_is_wrong() -> None:
    errors = KARD_ES_KORONA.option_errors({"castle_arm_limit": "half", "dice_source": "physical"})
    assert any(e.startswith("options.variant") for e in errors)
    assert any(e.startswith("options.castle_arm_limit") for e in errors)
    assert any(e.startswith("options.dice_source") for e in errors)
    assert KARD_ES_KORONA.option_errors({"variant": "advanced", "knight_recruit_caps": False}) == []
    assert KARD_ES_KORONA.option_errors({"variant": "basic", "knight_recruit_caps": 1}) != []


def test_every_action_refused_with_kk_gen_1_when_the_board_variant_differs_from_the_option() -> None:
    game = new_game(variant="advanced", board=province_board("basic"))
    decision = when(game, act("choose_first_player", None, Authority.RECORDER, player="felvidek"))
    assert rule_ids(decision) == ["KK-GEN-1"]
    assert "'advanced'" in decision.violations[0].message


def test_fixed_royal_units_stand_in_bihar_kunsag_nograd_when_two_to_four_play() -> None:
    state = new_game().state
    assert state.force("tiszahat_d", "royal") == Force(cavalry=1)
    assert state.force("kunsag", "royal") == Force(archer=1)
    assert state.force("felvidek_d", "royal") == Force(infantry=1)
    five = new_game(("felvidek", "tiszahat", "erdely", "delvidek", "pannonia")).state
    assert five.units == {}
    assert five.closed == frozenset(c for c in five.board.provinces["szlavonia"] if c != "szlavonia_a")


def test_first_player_by_dice_rerolls_the_tied_highest_kk_turn_3() -> None:
    game = new_game()
    decision = when(game, act("roll_for_first_player", None, Authority.RECORDER, dice=[3, 5, 5, 2, 6]))
    assert types(decision) == ["DiceRolled", "DiceRolled", "StartingPlayerChosen"]
    assert decision.events[-1].data["seat"] == "szlavonia"
    assert then(game, decision).state.turn == "szlavonia"


def test_refused_kk_setup_6_when_a_unit_starts_outside_the_home_province() -> None:
    game = play(new_game(), act("choose_first_player", None, Authority.RECORDER, player="felvidek"))
    start = placements("felvidek", BASIC_START)
    start["erdely_a"] = start.pop("felvidek_a")
    decision = when(game, act("place_forces", "felvidek", lord="felvidek_k1", placements=start))
    assert rule_ids(decision) == ["KK-SETUP-6"]


def test_refused_kk_setup_8_when_the_six_advanced_counties_are_two_groups_apart() -> None:
    """KK-SETUP-8: 6 counties "egymással legalább egy helyen határos" — one piece of land. A, D, B (a triangle)
    and K3, E, F (a chain) each border one another, but no chosen county links the two groups (K1, K2 and C,
    which would, are not chosen); one castle (K3) and 15 units, so only the connection is wrong."""
    game = play(new_game(variant="advanced"), act("choose_first_player", None, Authority.RECORDER, player="erdely"))
    two_groups = {
        "a": {"infantry": 1, "archer": 1, "cavalry": 1},
        "d": {"infantry": 1, "archer": 1},
        "b": {"infantry": 1, "cavalry": 1},
        "k3": {"infantry": 2, "archer": 1, "cavalry": 1},
        "e": {"infantry": 1, "archer": 1},
        "f": {"archer": 1, "cavalry": 1},
    }
    start = placements("erdely", two_groups)
    decision = when(game, act("place_forces", "erdely", lord="erdely_k3", placements=start))
    assert rule_ids(decision) == ["KK-SETUP-8"]
    joined = placements("erdely", {**two_groups, "c": two_groups["d"]})  # C joins B to F: one piece of land
    del joined["erdely_d"]
    assert rule_ids(when(game, act("place_forces", "erdely", lord="erdely_k3", placements=joined))) == []


def test_refused_kk_setup_7_when_the_starting_forces_are_not_5_4_3() -> None:
    game = play(new_game(), act("choose_first_player", None, Authority.RECORDER, player="felvidek"))
    start = placements("felvidek", BASIC_START)
    start["felvidek_c"] = {"infantry": 1, "cavalry": 1}
    decision = when(game, act("place_forces", "felvidek", lord="felvidek_k1", placements=start))
    assert rule_ids(decision) == ["KK-SETUP-7"]


def test_refused_kk_castle_3_when_a_starting_garrison_has_five_infantry_of_seven() -> None:
    game = play(new_game(), act("choose_first_player", None, Authority.RECORDER, player="felvidek"))
    start = {
        "felvidek_k1": {"infantry": 5, "archer": 1, "cavalry": 1},
        "felvidek_a": {"archer": 3, "cavalry": 2},
    }
    decision = when(game, act("place_forces", "felvidek", lord="felvidek_k1", placements=start))
    assert rule_ids(decision) == ["KK-CASTLE-3"]


def test_refused_kk_setup_11_when_a_player_starts_in_nograd() -> None:
    game = play(new_game(), act("choose_first_player", None, Authority.RECORDER, player="felvidek"))
    start = placements("felvidek", BASIC_START)
    start["felvidek_d"] = start.pop("felvidek_a")
    decision = when(game, act("place_forces", "felvidek", lord="felvidek_k1", placements=start))
    assert rule_ids(decision) == ["KK-SETUP-11"]


def test_refused_kk_turn_3_when_a_player_places_out_of_turn_a_53() -> None:
    game = play(new_game(), act("choose_first_player", None, Authority.RECORDER, player="erdely"))
    decision = when(
        game, act("place_forces", "felvidek", lord="felvidek_k1", placements=placements("felvidek", BASIC_START))
    )
    assert rule_ids(decision) == ["KK-TURN-3"]


def test_refused_kk_setup_10_when_a_neutral_piece_goes_to_a_mountain() -> None:
    game = play(new_game(), act("choose_first_player", None, Authority.RECORDER, player="felvidek"))
    for seat in THREE:
        game = play(game, act("place_forces", seat, lord=f"{seat}_k1", placements=placements(seat, BASIC_START)))
    assert game.state.phase == "neutral_placement"
    decision = when(game, act("place_neutral_piece", "felvidek", county="pannonia_m", arm="cavalry"))
    assert rule_ids(decision) == ["KK-SETUP-10"]
    ok = when(game, act("place_neutral_piece", "felvidek", county="pannonia_a", arm="cavalry"))
    assert types(ok) == ["NeutralPiecePlaced"]


def test_every_empty_castle_gets_a_neutral_garrison_and_1301_begins_when_setup_ends() -> None:
    state = set_up().state
    assert state.phase == "event" and state.year == 1301 and state.turn == "felvidek"
    assert state.force("pest", "royal") == Force(1, 1, 1)
    assert state.force("pannonia_k1", "neutral:pannonia") == Force(1, 1, 1)
    assert state.force("felvidek_k1", "royal") == Force()
    pool_counties = [c for c in ("pannonia_a", "pannonia_c", "pannonia_d") if state.force(c, "neutral:pannonia").total]
    assert len(pool_counties) == 3  # KK-SETUP-10: one piece in each plain county without a castle


def test_six_player_advanced_setup_replaces_two_royal_garrisons_cavalry_kk_setup_12() -> None:
    six = ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")
    game = set_up(six, "advanced")
    assert game.state.phase == "garrison_substitution"
    refused = when(game, act("substitute_royal_cavalry", None, Authority.RECORDER, castles=["pest"]))
    assert rule_ids(refused) == ["KK-SETUP-12"]
    game = play(game, act("substitute_royal_cavalry", None, Authority.RECORDER, castles=["pest", "felvidek_k2"]))
    assert game.state.force("pest", "royal") == Force(infantry=2, archer=1)
    assert game.state.force("erdely_k2", "royal") == Force(1, 1, 1)
    assert game.state.year == 1301


def test_transcript_records_a_start_outside_the_home_province_with_its_deviation() -> None:
    game = play(new_game(mode="transcript"), act("choose_first_player", None, Authority.RECORDER, player="felvidek"))
    start = placements("felvidek", BASIC_START)
    start["erdely_a"] = start.pop("felvidek_a")
    decision = when(game, act("place_forces", "felvidek", lord="felvidek_k1", placements=start))
    assert rule_ids(decision) == ["KK-SETUP-6"]
    assert types(decision) == ["StartingForcesPlaced"]
    recorded = then(game, Decision(decision.events))  # the transcript keeps the violation as a deviation
    assert recorded.state.force("erdely_a", "felvidek") == Force(infantry=1, archer=1)
