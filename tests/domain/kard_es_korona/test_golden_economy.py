"""Golden rulings for Kard és Korona outside battle: the worked examples E3 (election tie), E4 (recruitment
blocked by capacity), E5 (movement across a river into a swamp) and E6 (income), with the rule ids the ruling
cites in order and its numbers, written by hand from catalog §6, and pairs one step apart on the movement points
(KK-MOVE-8/9: 4 MP for cavalry, 2 for foot) and the castle limits (KK-CASTLE-2/3).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision
from tests.domain.kard_es_korona.builders import act, when
from tests.domain.kard_es_korona.election_helpers import at_election, bid
from tests.domain.kard_es_korona.test_economy_rules import e4_game, e6_game, recruit
from tests.domain.kard_es_korona.test_elections import FOUR, P1, P2, P3, P4
from tests.domain.kard_es_korona.test_movement_rules import A, B, C, D, e5_game, step

Step = tuple[str, dict[str, Any]]


def trace(decision: Decision) -> list[Step]:
    return [(s.rule_id, dict(s.numbers)) for s in decision.trace]


def refusals(decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    return [(v.rule_id, {k: v for k, v in v.details.items() if k != "field"}) for v in decision.violations]


# --- E3 ---


def test_golden_e3_the_palatine_decides_the_tie_and_the_money_follows() -> None:
    """E3: bids P1 5, P2 8, P3 0, P4 8 at the second election; P3, the Palatine, decides (KK-ELECT-11) and picks
    P4; P1 forfeits 5 (KK-ELECT-8); P2, the tie loser, gets ⌊8/2⌋ = 4 back (KK-ELECT-12); then the Treasurer's
    sealed auction opens (KK-ELECT-6). Treasuries 20 - 5 = 15, 15 - 8 + 4 = 11, 12, 9 - 8 = 1."""
    offices = {"judge_royal": P1, "treasurer": P2, "palatine": P3}
    game = at_election({P1: 20, P2: 15, P3: 12, P4: 9}, offices, year=1306, seats=FOUR, elections_held=1)
    game, revealed = bid(game, {P1: 5, P2: 8, P3: 0, P4: 8})
    assert [rule for rule, _ in trace(revealed)] == ["KK-ELECT-11"]
    decided = when(game, act("decide_tie", P3, player=P4))
    assert trace(decided) == [
        ("KK-OFFICE-5", {}),
        ("KK-ELECT-8", {"forfeits": {P1: 5}}),
        ("KK-ELECT-12", {"refunds": {P2: 4}}),
        ("KK-ELECT-6", {}),
    ]
    awarded = decided.events[0].data
    assert (awarded["holder"], awarded["payments"], awarded["refunds"]) == (P4, {P1: 5, P2: 8, P4: 8}, {P2: 4})


# --- E4 ---


def test_golden_e4_an_infantry_in_k1_breaks_the_arm_limit_so_an_archer_is_bought_for_5() -> None:
    """E4: K1 4 inf + 1 archer + 1 cav: a 5th infantry of 7 exceeds ⌈7/2⌉ = 4 (KK-CASTLE-3); the archer costs 5
    of 30 (KK-RECRUIT-2), leaving 25."""
    game = e4_game()
    assert [rule for rule, _ in refusals(recruit(game, ("k1", "infantry", 1)))] == ["KK-CASTLE-3", "KK-RECRUIT-4"]
    bought = recruit(game, ("k1", "archer", 1))
    assert trace(bought)[0] == ("KK-RECRUIT-2", {"cost": 5})
    assert bought.events[0].data["treasury_after"] == 25


def test_kk_recruit_2_cavalry_costs_nine() -> None:
    """E4's other alternative: 1 cavalry in K1 (→ 4/1/2) for 9."""
    assert trace(recruit(e4_game(), ("k1", "cavalry", 1)))[0] == ("KK-RECRUIT-2", {"cost": 9})


def test_kk_castle_2_the_eighth_unit_of_a_castle_is_refused_and_the_seventh_allowed() -> None:
    """KK-CASTLE-2: K2 holds 7 (full): one more is refused; K1 holds 6: one more (an archer) fits."""
    assert next(r for r, _ in refusals(recruit(e4_game(), ("k2", "archer", 1)))) == "KK-CASTLE-2"
    assert not recruit(e4_game(), ("k1", "archer", 1)).violations


# --- E5 ---


def test_golden_e5_cavalry_pays_three_to_cross_the_tisza_into_the_swamp() -> None:
    """E5: 1 + 1 (swamp) + 1 (river) = 3 ≤ 4 (KK-MOVE-8); B was empty, so Red takes it (KK-MOVE-18)."""
    assert trace(when(e5_game(), step(B, (A, {"cavalry": 1}, [B])))) == [("KK-MOVE-18", {}), ("KK-MOVE-8", {"mp": 3})]


def test_golden_e5_cavalry_goes_on_to_c_for_four() -> None:
    """E5: A→B→C: 3 + 1 = 4 ≤ 4; leaving the swamp costs nothing extra."""
    decision = when(e5_game(), step(C, (A, {"cavalry": 1}, [B, C])))
    assert ("KK-MOVE-8", {"mp": 4}) in trace(decision)


def test_golden_e5_infantry_cannot_pay_three_with_two() -> None:
    """E5: infantry A→B: 3 > 2 (KK-MOVE-9, then KK-MOVE-2: every unit must pay); A→D→B: 1 + 2 = 3 > 2."""
    barred = {"mp_needed": 3, "mp_available": 2}
    assert refusals(when(e5_game(), step(B, (A, {"infantry": 1}, [B])))) == [
        ("KK-MOVE-9", barred),
        ("KK-MOVE-2", barred),
    ]
    assert refusals(when(e5_game(), step(B, (A, {"infantry": 1}, [D, B])))) == [("KK-MOVE-2", barred)]


def test_kk_move_8_infantry_from_d_pays_exactly_two_into_the_swamp() -> None:
    """E5: the infantry already in D: D→B costs 1 + 1 = 2 ≤ 2 (the step under the infantry's 3 above)."""
    assert ("KK-MOVE-8", {"mp": 2}) in trace(when(e5_game(), step(B, (D, {"infantry": 1}, [B]))))


# --- E6 ---


def test_golden_e6_treasurer_income_eighteen() -> None:
    """E6: castles 2 × 5 (Treasurer) = 10, counties with units C1-C3 and Y = 4, Pannónia whole = +4: 18."""
    game = e6_game()
    decision = when(game, act("draw_event", game.state.starting_player, card="veres_kard"))
    income = [numbers for rule, numbers in trace(decision) if rule == "KK-ECON-1"]
    assert income[0] == {"castle_rate": 5, "castle_income": 10, "county_income": 4, "province_bonus": 4, "total": 18}


def test_golden_e6_income_fourteen_without_the_treasurers_rate() -> None:
    """E6: not the Treasurer: 2 × 3 + 4 + 4 = 14 (KK-ECON-2: a castle yields 3)."""
    game = e6_game(treasurer=False)
    decision = when(game, act("draw_event", game.state.starting_player, card="veres_kard"))
    income = [numbers for rule, numbers in trace(decision) if rule == "KK-ECON-1"]
    assert income[0] == {"castle_rate": 3, "castle_income": 6, "county_income": 4, "province_bonus": 4, "total": 14}
