"""Kard és Korona refusals of a captured castle's surplus withdrawal cite the rule that bars them (issue 17,
point 4).

The position is `test_battle_endings.capturing_pest`: Red took royal Pest from Fejér with 5 infantry and
3 archers; a castle holds at most 4 of an arm and 7 units in all here, so at least one unit leaves (KK-SIEGE-9).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Action, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.citations.test_kard_es_korona import Path, cites
from tests.domain.kard_es_korona.builders import act, position, then, when
from tests.domain.kard_es_korona.test_battle_endings import BLUE, RED, YELLOW, attack, capturing_pest, fight, moving

KEEP = {"infantry": 4, "archer": 3}


def withdraw(keep: dict[str, int], *moves: dict[str, Any]) -> Action:
    return act("withdraw", RED, keep=keep, moves=list(moves))


def test_withdrawal_refused_by_the_castle_limit_rule_when_all_eight_are_kept() -> None:
    """KK-CASTLE-2: "A castle (castle county) may never hold more than 7 units of one player at any time ... and
    after a castle is captured" — all 8 cannot stay in Pest (KK-SIEGE-9 names the limits, KK-CASTLE-2 is it)."""
    path: Path = ("rule_id", "withdrawal:_breaks_what_stays")
    cites(path, capturing_pest(), withdraw({"infantry": 5, "archer": 3}), "KK-CASTLE-2")


def test_withdrawal_refused_kk_siege_10_to_a_county_it_cannot_enter() -> None:
    """KK-SIEGE-10: the surplus withdraws to an adjacent county of the attacker's or an empty one; no such county
    is called "nowhere"."""
    path: Path = ("KK-SIEGE-10", "withdrawal:_moves")
    cites(path, capturing_pest(), withdraw(KEEP, {"to": "nowhere", "units": {"infantry": 1}}), "KK-SIEGE-10")


def test_withdrawal_refused_kk_move_16_for_a_lord_who_is_not_there() -> None:
    """KK-MOVE-16 (the lord moves with his units): Red's lord stayed in Pannónia K2, he cannot withdraw from Pest."""
    path: Path = ("KK-MOVE-16", "withdrawal:decide_withdraw")
    move = {"to": "fejer", "units": {"infantry": 1}, "lord": True}
    cites(path, capturing_pest(), withdraw(KEEP, move), "KK-MOVE-16")


def _hemmed_in() -> Game:
    """Every neighbour of Pest is held by an enemy: the castles by royal forces, Fejér by 1 Blue archer."""
    game = capturing_pest()
    held = {
        f"{p}_k1": {"royal": Force(1, 1, 1)} for p in ("felvidek", "erdely", "szlavonia", "pannonia", RED, BLUE, YELLOW)
    }
    return position(game, {**game.state.units, **held, "fejer": {BLUE: Force(archer=1)}})


def test_withdrawal_refused_kk_siege_11_when_the_hemmed_in_surplus_goes_elsewhere_than_an_attack() -> None:
    """KK-SIEGE-11: "If every county adjacent to the castle is held by enemy units, the withdrawing units must at
    once attack one of those counties" — one attack by them all, not two moves of one infantry each."""
    path: Path = ("KK-SIEGE-11", "withdrawal:_forced_or_destroyed")
    game = _hemmed_in()
    split = withdraw({"infantry": 3, "archer": 3}, *({"to": "fejer", "units": {"infantry": 1}} for _ in range(2)))
    cites(path, game, split, "KK-SIEGE-11")


def test_castle_taken_citing_kk_siege_8_when_the_last_attacking_infantry_falls_with_the_last_defender() -> None:
    """KK-SIEGE-8: „Ha azonban a támadó gyalogság abban a körben semmisül meg, amikor a védők is mind elpusztulnak,
    akkor a támadó fél a maradék erőivel birtokba veheti a várat" — Red's cavalry (dismounted, 5 hits) kills the
    royal infantryman while his 6 kills Red's only infantryman: the cavalryman takes the castle, and the trace says
    which rule let him (issue 18: it was decided only by the order of the checks)."""
    game = moving({"pest": {RED: Force(infantry=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}})
    game = attack(game, "tiszahat_k1", "pest", {"infantry": 1, "cavalry": 1})
    decision = fight(game, 5, 1, 6)
    if not any(e.type == "CastleCaptured" for e in decision.events):
        decision = when(then(game, decision), act("assign_casualties", YELLOW, casualties={"infantry": 1}))

    assert any(e.type == "CastleCaptured" for e in decision.events)
    cited = [step.rule_id for step in decision.trace]
    assert "KK-SIEGE-8" in cited and "KK-SIEGE-6" not in cited
