"""Golden rulings for Kard és Korona's battles: the worked examples E1, E2, E7 and E8 (catalog §6), exchange by
exchange, with the trace's rule ids in order and its numbers (faces, modifier, the natural roll each target
needs, the most units the hits can kill) written by hand from the catalog's hit tables (KK-BATTLE-5..8,
KK-OPEN-2..5, KK-SIEGE-2..6, KK-LORD-2/3).

Dice are entered per arm group, attacker first, in the order cavalry, infantry, archer (KK-BATTLE-4).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, set_up, then, when
from tests.domain.kard_es_korona.test_battle_rules import (
    BLUE,
    HOME_GUARDS,
    LORDS_AWAY,
    RED,
    YELLOW,
    e1_battle,
    e2_siege,
    fight,
    moving,
    to_battles,
)

Step = tuple[str, dict[str, Any]]
# The natural roll needed against (cavalry, infantry, archer), before any modifier (KK-BATTLE-5's table).
OPEN_MOUNTED = {"cavalry": 6, "infantry": 4, "archer": 4}  # mounted cavalry in a plain county
OPEN_FOOT = {"cavalry": 6, "infantry": 5, "archer": 5}  # infantry, archers in melee
VOLLEY = {"infantry": 5, "archer": 5}  # KK-OPEN-2: never mounted cavalry
SIEGE_ARCHERS = {"cavalry": 4, "infantry": 4, "archer": 4}  # KK-SIEGE-3
SIEGE_ASSAULT = {"cavalry": 5, "infantry": 5, "archer": 5}  # KK-SIEGE-5: everyone as infantry


def trace(decision: Decision) -> list[Step]:
    return [(step.rule_id, dict(step.numbers)) for step in decision.trace]


def rolls(faces: list[int], needs: dict[str, int], modifier: int = 0) -> Step:
    return ("KK-BATTLE-5", {"faces": faces, "modifier": modifier, "needs": needs})


def most(kills: int) -> Step:
    return ("KK-BATTLE-11", {"max_kills": kills})


def lowered(needs: dict[str, int], by: int) -> dict[str, int]:
    """KK-BATTLE-6: a modifier lowers every number of the row."""
    return {target: n - by for target, n in needs.items()}


def test_golden_e1_no_volley_against_all_cavalry_then_round_two() -> None:
    """E1: Red 3 cavalry 5,4,1 need 4 against foot: 2 hits; Blue infantry 6,5 and archers 6,2 need 6 against
    mounted cavalry: 2 hits (the 5 misses). Round 2: Red 4 hits; Blue archers 3,6: 1 hit."""
    game = e1_battle()
    first = fight(game, 5, 4, 1, 6, 5, 6, 2)
    assert trace(first) == [
        rolls([5, 4, 1], OPEN_MOUNTED),
        rolls([6, 5], OPEN_FOOT),
        rolls([6, 2], OPEN_FOOT),
        most(2),
        most(2),
    ]
    game = play(then(game, first), act("assign_casualties", RED, casualties={"infantry": 2}))
    second = fight(game, 4, 3, 6)
    assert trace(second)[:4] == [rolls([4], OPEN_MOUNTED), rolls([3, 6], OPEN_FOOT), most(1), most(1)]
    assert trace(second)[4] == ("KK-BATTLE-14", {})  # Red destroyed: Blue keeps X


def test_golden_e2_defending_archers_hit_on_four_and_the_siege_is_abandoned() -> None:
    """E2: only Yellow's archers roll, 5 and 2, needing 4 (KK-SIEGE-3): 1 hit; Green rolls nothing (0).
    Removing Green's only infantry abandons the siege at once (KK-SIEGE-6) and Green withdraws (KK-SIEGE-12)."""
    game = e2_siege()
    archers = fight(game, 5, 2)
    assert trace(archers) == [rolls([5, 2], SIEGE_ARCHERS), most(0), most(1)]
    game = then(game, archers)
    abandoned = when(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))
    assert [rule for rule, _ in trace(abandoned)][:2] == ["KK-SIEGE-6", "KK-SIEGE-12"]


def e7_battle() -> Game:
    """E7: Red's lord + 2 infantry + 2 cavalry attack plain Fejér (Blue 3 cavalry + 1 archer); he leads infantry."""
    game = moving({"pest": {RED: Force(infantry=2, cavalry=2)}, "fejer": {BLUE: Force(cavalry=3, archer=1)}})
    game = position(game, game.state.units, lords={**LORDS_AWAY, RED: "pest"}, phase="movement", turn=RED)
    attack = {"to": "fejer", "groups": [{"from": "pest", "units": {"infantry": 2, "cavalry": 2}, "lord": True}]}
    return play(to_battles(game, attack), act("lead_arm", RED, arm="infantry"))


def test_golden_e7_the_lords_plus_one_and_losing_it() -> None:
    """E7: volley 5 (≥ 5) kills an infantry. Melee: Red cavalry 6,2; Red infantry 4 + 1 needs 5 against cavalry,
    4 against foot: it hits the archer; Blue cavalry 4,5,1 need 4 against foot, 6 against mounted cavalry:
    2 hits but 1 infantry to kill. Round 2 without the bonus: 6,5 -> 1 hit; 6,3 -> 1. Round 3: 6 hits, 2 misses."""
    game = e7_battle()
    volley = fight(game, 5)
    assert trace(volley)[:3] == [rolls([5], VOLLEY), most(0), most(1)]
    game = then(game, volley)
    melee = fight(game, 6, 2, 4, 4, 5, 1)
    assert trace(melee)[:5] == [
        rolls([6, 2], OPEN_MOUNTED),
        rolls([4], lowered(OPEN_FOOT, 1), modifier=1),
        rolls([4, 5, 1], OPEN_MOUNTED),
        most(2),
        most(1),
    ]
    assert "KK-LORD-3" in [rule for rule, _ in trace(melee)]  # the infantry is gone
    game = then(game, melee)
    second = fight(game, 6, 5, 6, 3)
    assert trace(second)[:4] == [rolls([6, 5], OPEN_MOUNTED), rolls([6, 3], OPEN_MOUNTED), most(1), most(1)]
    last = fight(then(game, second), 6, 2)
    assert trace(last)[:4] == [rolls([6], OPEN_MOUNTED), rolls([2], OPEN_MOUNTED), most(1), most(0)]


def test_golden_e8_a_lord_led_siege_of_a_royal_castle() -> None:
    """E8: the neutral archer 4 (≥ 4) hits; assault: Red's dismounted cavalry 4 + 1 ≥ 5 hits; neutral infantry 6
    hits, neutral dismounted cavalry 2 misses (all need 5, KK-SIEGE-5)."""
    game = set_up((BLUE, RED, YELLOW))
    units = {**HOME_GUARDS, "fejer": {RED: Force(cavalry=2)}, "pest": {"royal": Force(1, 1, 1)}}
    game = position(game, units, lords={**LORDS_AWAY, RED: "fejer"}, starting_player=BLUE, turn=BLUE)
    game = play(game, act("draw_event", BLUE, card="veres_kard"), act("pass", BLUE))
    attack = [{"from": "fejer", "units": {"cavalry": 2}, "lord": True}]
    game = play(game, act("move", RED, to="pest", groups=attack), act("pass", YELLOW), act("pass", RED))
    game = play(game, act("lead_arm", RED, arm="cavalry"))
    archers = fight(game, 4)
    assert trace(archers)[:3] == [rolls([4], SIEGE_ARCHERS), most(0), most(1)]
    assault = fight(then(game, archers), 4, 2, 6)
    assert trace(assault)[:5] == [
        rolls([4], lowered(SIEGE_ASSAULT, 1), modifier=1),
        rolls([2], SIEGE_ASSAULT),
        rolls([6], SIEGE_ASSAULT),
        most(1),
        most(1),
    ]
