"""Phase III: steps, movement points (E5), contact, battles created, passing and the next starting player."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, then, types, when

PTD = ("pannonia", "tiszahat", "delvidek")
RED = "pannonia"
A, B, C, D = "pannonia_a", "pannonia_b", "pannonia_c", "pannonia_d"


def e5_game(lord_in: str = "pannonia_k1") -> Game:
    """E5: Red has 1 infantry + 1 cavalry in A and 1 infantry in D; A-B crosses the Tisza; B is a swamp."""
    game = set_up(PTD)
    units: dict[str, dict[str, Force]] = {A: {RED: Force(infantry=1, cavalry=1)}, D: {RED: Force(infantry=1)}}
    if lord_in == "pannonia_k1":
        units["pannonia_k1"] = {RED: Force(infantry=1)}
    game = position(game, units, lords={"pannonia": lord_in, "tiszahat": None, "delvidek": None})
    return play(game, act("draw_event", RED, card="veres_kard"))


def step(to: str, *groups: tuple[str, dict[str, int], list[str]], lord_from: str | None = None) -> Any:
    return act(
        "move",
        RED,
        to=to,
        groups=[{"from": f, "units": u, "path": p, "lord": f == lord_from} for f, u, p in groups],
    )


def test_kk_move_8_cavalry_crosses_the_tisza_into_the_swamp_for_3_e5() -> None:
    decision = when(e5_game(), step(B, (A, {"cavalry": 1}, [B])))
    assert types(decision)[0] == "StepTaken"
    assert decision.events[0].data["groups"][0]["mp"] == 3


def test_kk_move_8_cavalry_goes_on_from_the_swamp_for_4_e5() -> None:
    decision = when(e5_game(), step(C, (A, {"cavalry": 1}, [B, C])))
    assert not decision.violations
    assert decision.events[0].data["groups"][0]["mp"] == 4


def test_kk_move_9_infantry_cannot_cross_a_river_into_a_swamp_e5() -> None:
    assert rule_ids(when(e5_game(), step(B, (A, {"infantry": 1}, [B])))) == ["KK-MOVE-9", "KK-MOVE-2"]
    assert rule_ids(when(e5_game(), step(B, (A, {"infantry": 1}, [D, B])))) == ["KK-MOVE-2"]  # 4 MP, no river


def test_kk_move_2_step_rejected_when_one_unit_cannot_pay_e5() -> None:
    decision = when(e5_game(), step(B, (A, {"infantry": 1, "cavalry": 1}, [B])))
    assert rule_ids(decision) == ["KK-MOVE-9", "KK-MOVE-2"]  # the infantry's crossing is the one barred
    assert decision.violations[0].details["mp_needed"] == 3


def test_kk_move_2_cavalry_from_a_and_infantry_from_d_make_one_step_e5() -> None:
    game = e5_game()
    decision = when(game, step(B, (A, {"cavalry": 1}, [B]), (D, {"infantry": 1}, [B])))
    after = then(game, decision)
    assert after.state.force(B, RED) == Force(infantry=1, cavalry=1)
    assert after.state.steps_taken[RED] == 1


def test_kk_move_6_infantry_that_moved_a_to_d_cannot_move_again_e5() -> None:
    game = e5_game()
    game = then(game, when(game, step(D, (A, {"infantry": 1}, [D]))))
    game = play(game, act("pass", "tiszahat"), act("pass", "delvidek"))
    assert game.state.turn == RED
    decision = when(game, step(B, (D, {"infantry": 2}, [B])))
    assert rule_ids(decision) == ["KK-MOVE-6"]
    assert not when(game, step(B, (D, {"infantry": 1}, [B]))).violations


def test_kk_move_7_the_lord_moves_as_cavalry_a_to_b_e5() -> None:
    game = e5_game(lord_in=A)
    decision = when(game, step(B, (A, {"cavalry": 1}, [B]), lord_from=A))
    after = then(game, decision)
    assert after.state.lords[RED] == B


def test_refused_kk_move_16_when_the_lord_would_be_left_alone() -> None:
    game = e5_game(lord_in=A)
    assert rule_ids(when(game, step(B, (A, {"cavalry": 1}, [B]), (D, {"infantry": 1}, [B])))) == []
    lone = position(game, {A: {RED: Force(cavalry=1)}}, lords={RED: A}, phase="movement", turn=RED)
    assert rule_ids(when(lone, step(B, (A, {"cavalry": 1}, [B])))) == ["KK-MOVE-16"]


def test_refused_kk_move_11_when_the_path_crosses_enemy_units() -> None:
    game = e5_game()
    game = position(game, {**game.state.units, D: {"tiszahat": Force(infantry=1)}}, phase="movement", turn=RED)
    assert rule_ids(when(game, step("pannonia_b", (A, {"cavalry": 1}, [D, B])))) == ["KK-MOVE-11"]


def test_battle_created_and_reinforcement_refused_kk_move_14_when_a_step_enters_enemy_units() -> None:
    game = e5_game()
    units = {**game.state.units, B: {"tiszahat": Force(archer=1)}}
    game = position(game, units, phase="movement", turn=RED)
    decision = when(game, step(B, (A, {"cavalry": 1}, [B])))
    assert types(decision) == ["StepTaken", "BattleCreated"]
    assert decision.events[1].data["kind"] == "open" and decision.events[1].data["entry_counties"] == [A]
    game = play(then(game, decision), act("pass", "tiszahat"), act("pass", "delvidek"))
    assert rule_ids(when(game, step(B, (D, {"infantry": 1}, [B])))) == ["KK-MOVE-14"]


def test_refused_kk_move_17_when_cavalry_alone_attacks_a_defended_castle() -> None:
    game = e5_game()
    units = {**game.state.units, "pannonia_k2": {"royal": Force(1, 1, 1)}}
    game = position(game, units, phase="movement", turn=RED)
    assert rule_ids(when(game, step("pannonia_k2", (A, {"cavalry": 1}, ["pannonia_k1", "pannonia_k2"])))) == [
        "KK-MOVE-17"
    ]


def test_control_passes_kk_move_18_when_a_step_ends_in_an_empty_county() -> None:
    decision = when(e5_game(), step(C, (A, {"cavalry": 1}, [B, C])))
    assert types(decision) == ["StepTaken", "CountyControlChanged"]


def test_refused_kk_move_1_when_a_player_moves_out_of_turn() -> None:
    game = e5_game()
    assert rule_ids(when(game, act("move", "tiszahat", to=A, groups=[]))) == ["KK-MOVE-1"]


def test_refused_kk_move_3_when_the_steps_are_used_up() -> None:
    game = e5_game()
    game = position(game, game.state.units, steps_taken={RED: 4, "tiszahat": 0, "delvidek": 0}, turn=RED)
    assert rule_ids(when(game, step(D, (A, {"cavalry": 1}, [D])))) == ["KK-MOVE-3"]


def test_first_to_pass_starts_next_year_and_battles_follow_when_all_passed_kk_turn_4() -> None:
    game = e5_game()
    first = when(game, act("pass", RED))
    assert types(first) == ["StepPassed", "NextStartingPlayerSet"]
    game = play(then(game, first), act("pass", "tiszahat"))
    last = when(game, act("pass", "delvidek"))
    assert "MovementPhaseEnded" in types(last)
    assert types(last)[-2:] == ["YearEnded", "YearBegan"]
    assert then(game, last).state.starting_player == RED
