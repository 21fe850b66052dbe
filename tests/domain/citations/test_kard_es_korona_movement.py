"""Kard és Korona movement refusals cite the rule that bars the step (issue 17, point 4), each from a position
where that rule is the one in the way.

The field: 1301, Red (pannonia) moves first. Red's lord and 1 infantry stand in castle K1, 1 infantry and
1 cavalry in A, 1 infantry in D; Blue (tiszahat) holds swamp B with 1 infantry, Yellow (delvidek) castle K2 with
1 infantry. The roads: K1-A, A-B, A-D, B-D, B-C, C-K2, K1-K2.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from domain.kernel import Action, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.citations.test_kard_es_korona import Path, cites
from tests.domain.kard_es_korona.builders import act, play, position, set_up, with_state
from tests.domain.kard_es_korona.test_defeat import ATTACK, BLUE, GUARDS, PTD, RED, YELLOW
from tests.domain.kard_es_korona.test_traditional_whole_turns import blue_turn_after_defending_fejer

A, B, C, D = "pannonia_a", "pannonia_b", "pannonia_c", "pannonia_d"
K1, K2 = "pannonia_k1", "pannonia_k2"


def move(seat: str, to: str, *groups: tuple[str, dict[str, int], list[str]], lord_from: str | None = None) -> Action:
    data: dict[str, Any] = {"to": to, "groups": []}
    for origin, units, path in groups:
        data["groups"].append({"from": origin, "units": units, "path": path, "lord": origin == lord_from})
    return act("move", seat, **data)


@cache
def _field() -> Game:
    units = {
        K1: {RED: Force(infantry=1)},
        A: {RED: Force(infantry=1, cavalry=1)},
        D: {RED: Force(infantry=1)},
        B: {BLUE: Force(infantry=1)},
        K2: {YELLOW: Force(infantry=1)},
    }
    game = position(set_up(PTD), units, lords={RED: K1, BLUE: None, YELLOW: None})
    return play(game, act("draw_event", RED, card="veres_kard"))


def _round(game: Game, red_step: Action, *others: Action) -> Game:
    """Red's step, then Blue's and Yellow's turns (a pass each unless given): Red's turn again."""
    game = play(game, red_step, *(others or (act("pass", BLUE), act("pass", YELLOW))))
    assert game.state.turn == RED
    return game


def test_step_refused_kk_move_11_through_a_county_holding_enemy_units() -> None:
    """KK-MOVE-11: units entering a county that holds enemy units stop there (and fight); the cavalry cannot go on
    through Blue's B to C."""
    path: Path = ("KK-MOVE-11", "movement:_group_path")
    cites(path, _field(), move(RED, C, (A, {"cavalry": 1}, [B, C])), "KK-MOVE-11")


def test_step_refused_kk_move_17_when_only_cavalry_attacks_a_castle() -> None:
    """KK-MOVE-17 (with KK-SIEGE-1): a castle can be attacked only by an army with infantry or the lord; Red's
    lone cavalry cannot attack Yellow's K2."""
    path: Path = ("KK-MOVE-17", "step_checks:siege_has_infantry_or_lord")
    cites(path, _field(), move(RED, K2, (A, {"cavalry": 1}, [K1, K2])), "KK-MOVE-17")


def test_step_refused_kk_move_16_when_the_lord_would_be_left_alone() -> None:
    """KK-MOVE-16: the lord never stands alone; K1's only infantry cannot leave him there."""
    path: Path = ("KK-MOVE-16", "step_checks:lord_not_left_alone")
    cites(path, _field(), move(RED, A, (K1, {"infantry": 1}, [A])), "KK-MOVE-16")


def test_step_refused_kk_move_3_when_the_years_steps_are_used_up() -> None:
    """KK-MOVE-3: a player takes at most his allowance of steps a year (Red's is 3 here)."""
    game = with_state(_field(), steps_taken={RED: 3, BLUE: 0, YELLOW: 0})
    path: Path = ("KK-MOVE-3", "step_checks:within_step_allowance")
    cites(path, game, move(RED, K1, (A, {"cavalry": 1}, [K1])), "KK-MOVE-3")


def test_step_refused_kk_move_6_when_a_unit_or_the_lord_moves_a_second_time() -> None:
    """KK-MOVE-6: "Each unit moves once a year"; the lord too (A-12). D's infantry joined A in Red's first step:
    A's two infantry cannot both move again; nor can the lord who went K1 -> A."""
    path: Path = ("KK-MOVE-6", "movement:_group_units")
    game = _round(_field(), move(RED, A, (D, {"infantry": 1}, [A])))
    cites(path, game, move(RED, K1, (A, {"infantry": 2}, [K1])), "KK-MOVE-6")
    game = _round(_field(), move(RED, A, (K1, {"infantry": 1}, [A]), lord_from=K1))
    cites(path, game, move(RED, D, (A, {"cavalry": 1}, [D]), lord_from=A), "KK-MOVE-6")


def test_step_refused_kk_move_14_into_a_county_where_a_battle_is_pending() -> None:
    """KK-MOVE-14: no unit joins a battle already created; Red's cavalry attacked B, his infantry cannot follow."""
    game = _round(_field(), move(RED, B, (A, {"cavalry": 1}, [B])))
    path: Path = ("KK-MOVE-14", "step_checks:joins_no_pending_battle")
    cites(path, game, move(RED, B, (D, {"infantry": 1}, [B])), "KK-MOVE-14")


def test_step_refused_kk_move_13_out_of_a_county_under_attack() -> None:
    """KK-MOVE-13: the units of an attacked county stay for the battle; Blue attacked A, so its cavalry stays."""
    lord_out = move(RED, K2, (K1, {"infantry": 1}, [K2]), lord_from=K1)
    game = _round(_field(), lord_out, move(BLUE, A, (B, {"infantry": 1}, [A])), act("pass", YELLOW))
    path: Path = ("KK-MOVE-13", "movement:_group_units")
    cites(path, game, move(RED, K1, (A, {"cavalry": 1}, [K1])), "KK-MOVE-13")


def test_step_refused_kk_adv_4_before_the_attacked_defender_names_his_released_units() -> None:
    """KK-ADV-4, A-49 (advanced game): "An attacking army of A units pins at most 2·A defending units. If there
    are D > 2·A defenders, the defender chooses D - 2·A of his units ... to be released" — before the next step.
    Red's 1 cavalry attacked Blue's lord and 3 infantry in Fejér: Blue names 1 released unit first."""
    units = {
        **GUARDS,
        "pest": {RED: Force(cavalry=1)},
        "fejer": {BLUE: Force(infantry=3)},
        "kunsag": {BLUE: Force(infantry=1)},
    }
    game = position(set_up(PTD, "advanced"), units, lords={RED: "pest", BLUE: "fejer", YELLOW: "delvidek_k2"})
    game = play(game, act("draw_event", RED, card="veres_kard"), act("move", RED, **ATTACK))
    assert game.state.release_due == "b1301-1" and game.state.turn == BLUE
    path: Path = ("KK-ADV-4", "step_checks:release_named_first")
    cites(path, game, move(BLUE, "tiszahat_k2", ("kunsag", {"infantry": 1}, ["tiszahat_k2"])), "KK-ADV-4")


def _red_units(units: dict[str, dict[str, Force]], variant: str = "basic", **options: Any) -> Game:
    """Red to move with exactly these units, his lord in K1; Blue's and Yellow's lords off the board."""
    game = position(set_up(PTD, variant, **options), units, lords={RED: K1, BLUE: None, YELLOW: None})
    return play(game, act("draw_event", RED, card="veres_kard"))


def test_step_refused_kk_castle_3_when_it_leaves_or_makes_a_castle_garrison_lopsided() -> None:
    """KK-CASTLE-3: "No single arm may make up more than half of a castle's garrison, with the fraction rounded
    up" (from 5 units on) — K1's 3 infantry and 4 cavalry less 1 infantry leave 4 cavalry of 6; K1's 4 infantry
    and 1 more make 5 infantry of 5."""
    left: Path = ("rule_id", "step_checks:garrisons_left_within_limits")
    lopsided = _red_units({K1: {RED: Force(infantry=3, cavalry=4)}, A: {RED: Force(infantry=1)}})
    cites(left, lopsided, move(RED, A, (K1, {"infantry": 1}, [A])), "KK-CASTLE-3")
    entered: Path = ("rule_id", "step_checks:castle_entered_within_limits")
    foot = _red_units({K1: {RED: Force(infantry=4)}, A: {RED: Force(infantry=1)}})
    cites(entered, foot, move(RED, K1, (A, {"infantry": 1}, [K1])), "KK-CASTLE-3")


def test_step_refused_kk_move_18_through_a_foreign_county_when_the_option_forbids_it() -> None:
    """KK-MOVE-18 ("Merely passing through a county changes nothing"), under `pass_through_foreign_empty =
    forbid`: the cavalry may not pass through Blue's empty B on its way to C."""
    game = _red_units({K1: {RED: Force(infantry=1)}, A: {RED: Force(cavalry=1)}}, pass_through_foreign_empty="forbid")
    game = with_state(game, control={**game.state.control, B: BLUE})
    cites(("KK-MOVE-18", "movement:_group_path"), game, move(RED, C, (A, {"cavalry": 1}, [B, C])), "KK-MOVE-18")


def test_step_refused_kk_castle_5_when_the_advanced_besieging_army_is_lopsided() -> None:
    """KK-CASTLE-5: "an army that attacks a castle ... must satisfy KK-CASTLE-4 when it is formed, that is, at the
    attacking step" — 5 infantry alone from Pest against royal Tiszahát K1."""
    units = {
        K1: {RED: Force(infantry=1)},
        "pest": {RED: Force(infantry=5)},
        "tiszahat_k1": {"royal": Force(infantry=1)},
    }
    game = _red_units(units, "advanced")
    attack = move(RED, "tiszahat_k1", ("pest", {"infantry": 5}, ["tiszahat_k1"]))
    cites(("KK-CASTLE-5", "step_checks:besiegers_within_arm_limit"), game, attack, "KK-CASTLE-5")


def test_step_refused_kk_move_15_when_units_that_fought_this_year_attack_again() -> None:
    """KK-MOVE-15: "A unit may take part in at most one battle per year" — under the traditional whole turns Blue's
    2 infantry defended Fejér in Red's turn, so in Blue's own turn they may not attack Red's Kunság."""
    game = blue_turn_after_defending_fejer()
    attack = move(BLUE, "kunsag", ("fejer", {"infantry": 2}, ["kunsag"]))
    cites(("KK-MOVE-15", "step_checks:attackers_fought_no_battle"), game, attack, "KK-MOVE-15")
