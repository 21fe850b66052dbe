"""A player who leaves while the others play on (KK-NEUTRAL-5, A-26)."""

from __future__ import annotations

from domain.kernel import Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import (
    THREE,
    act,
    new_game,
    play,
    position,
    rule_ids,
    set_up,
    then,
    types,
    when,
)
from tests.domain.kard_es_korona.election_helpers import at_election, seal
from tests.domain.kard_es_korona.test_defeat import BLUE, GUARDS, PTD, RED, YELLOW, lords_battle

ONE = Force(infantry=1)


def recruitment_1304() -> Game:
    """1304's recruitment phase, Red first; Red holds his castle county with a unit and a county without one."""
    game = set_up(PTD)
    game = position(
        game,
        GUARDS,
        lords={RED: "pannonia_k2", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"},
        control={"pannonia_k2": RED, "pannonia_k1": RED, "tiszahat_k2": BLUE, "delvidek_k2": YELLOW},
        treasury={RED: 12, BLUE: 5, YELLOW: 5},
        royal_treasury=0,
        offices={"judge_royal": RED, "treasurer": None, "palatine": BLUE},
        year=1304,
        starting_player=RED,
        turn=RED,
    )
    return play(game, act("draw_event", RED, card="veres_kard"))


def test_kk_neutral_5_a_26_units_turn_neutral_money_goes_to_the_crown_and_the_others_play_on() -> None:
    game = play(recruitment_1304(), act("pass", RED), act("pass", BLUE), act("pass", YELLOW))
    assert game.state.phase == "movement" and game.state.turn == RED
    treasury = game.state.treasury[RED]  # 12 and 1304's income

    decision = when(game, act("leave_game", RED))

    assert types(decision) == ["StepPassed", "NextStartingPlayerSet", "OfficeVacated", "PlayerEliminated"]
    state = then(game, decision).state
    assert state.lord_status[RED] == "eliminated"
    assert state.force("pannonia_k2", f"neutral:{RED}") == ONE and state.force("pannonia_k2", RED) == Force()
    assert state.control["pannonia_k2"] == f"neutral:{RED}"  # a county with his units turns neutral
    assert "pannonia_k1" not in state.control  # a county without them is nobody's
    assert state.treasury[RED] == 0 and state.royal_treasury == treasury
    assert state.offices["judge_royal"] is None and state.offices["palatine"] == BLUE
    assert state.turn_order() == (BLUE, YELLOW) and state.turn == BLUE  # his movement turn passed on


def test_kk_neutral_5_leaving_in_his_recruitment_turn_hands_it_to_the_next_player() -> None:
    game = recruitment_1304()
    state = then(game, when(game, act("leave_game", RED))).state
    assert state.phase == "recruit" and state.turn == BLUE and state.lord_status[RED] == "eliminated"


def test_kk_neutral_5_the_last_recruiter_leaving_opens_the_movement_for_the_others() -> None:
    game = play(recruitment_1304(), act("pass", RED), act("pass", BLUE))
    state = then(game, when(game, act("leave_game", YELLOW))).state
    assert state.phase == "movement" and state.turn == RED


def test_kk_neutral_5_a_starting_player_who_leaves_before_drawing_hands_on_the_marker() -> None:
    game = recruitment_1304()
    game = position(game, GUARDS, phase="event", turn=RED)
    state = then(game, when(game, act("leave_game", RED))).state
    assert state.turn == BLUE and state.starting_player == BLUE


def test_kk_neutral_5_a_player_with_a_battle_to_fight_cannot_leave() -> None:
    game = lords_battle()
    assert rule_ids(when(game, act("leave_game", BLUE))) == ["KK-NEUTRAL-5"]


def test_kk_neutral_5_nobody_leaves_before_the_first_year() -> None:
    assert rule_ids(when(new_game(PTD), act("leave_game", RED))) == ["KK-NEUTRAL-5"]


def test_notation_says_the_player_left_when_he_leaves() -> None:
    from domain.rulesets.kard_es_korona import KARD_ES_KORONA

    game = recruitment_1304()
    eliminated = next(e for e in when(game, act("leave_game", RED)).events if e.type == "PlayerEliminated")
    assert KARD_ES_KORONA.notation(eliminated, game.state) == (
        "Pannónia leaves the game; his units turn neutral and his money goes to the crown"
    )


def test_kk_elect_14_a_bidder_cannot_leave_in_the_middle_of_the_election() -> None:
    """KK-ELECT-14: "Eliminated players obviously may not [bid] either." The auction's sealed round waits for the
    bidders it opened with, and a bid sealed before leaving would be paid from a treasury gone to the crown
    (found by the pending property test: the leaver was awarded an office and his treasury went to -11)."""
    game = at_election({THREE[0]: 12, THREE[1]: 9, THREE[2]: 4})
    game, _ = seal(game, THREE[0], 11)

    assert rule_ids(when(game, act("leave_game", THREE[0]))) == ["KK-ELECT-14"]
    assert rule_ids(when(game, act("leave_game", THREE[1]))) == ["KK-ELECT-14"]
