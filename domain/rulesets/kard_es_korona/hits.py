"""The arithmetic of an exchange: who rolls, the hit numbers, and which casualties a set of dice can inflict.

KK-BATTLE-5..8, KK-OPEN-2..5, KK-SIEGE-2..5, KK-LORD-2/3, A-6..A-8. Pure functions of the state and a battle.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from domain.rulesets.kard_es_korona.cards import harvest_bonus
from domain.rulesets.kard_es_korona.forces import ARCHER, ARMS, CAVALRY, INFANTRY, Force
from domain.rulesets.kard_es_korona.state import ATTACKER, DEFENDER, Battle, KKState

VOLLEY, MELEE, FULL = "volley", "melee", "full"
SIEGE_ARCHERS, SIEGE_ASSAULT = "siege_archers", "siege_assault"


def other(side: str) -> str:
    return DEFENDER if side == ATTACKER else ATTACKER


def side_force(state: KKState, battle: Battle, side: str) -> Force:
    """KK-OPEN-1: every unit of the side in the county fights; a battle has no size limit."""
    return state.force(battle.county, battle.owner_of(side))


def lord_present(state: KKState, battle: Battle, side: str) -> bool:
    owner = battle.owner_of(side)
    return battle.has_lord(side) and state.lords.get(owner) == battle.county


def mounted(battle: Battle, arm: str) -> bool:
    """KK-BATTLE-7: cavalry is mounted only in an open battle in a plain county.

    KK-CASTLE-6, KK-SIEGE-5: so in a castle battle, on both sides, it fights as infantry.
    """
    return arm == CAVALRY and battle.kind == "open" and battle.terrain == "plain"


def volleying_sides(state: KKState, battle: Battle) -> tuple[str, ...]:
    """KK-OPEN-2/3, A-6, A-7: a side volleys if it has archers and the enemy has a foot unit to aim at."""
    targetable = state.options.get("volley_vs_dismounted_cavalry", "targetable") == "targetable"
    found = []
    for side in (ATTACKER, DEFENDER):
        enemy = side_force(state, battle, other(side))
        foot = enemy.infantry + enemy.archer + (enemy.cavalry if targetable and not mounted(battle, CAVALRY) else 0)
        if side_force(state, battle, side).archer and foot:
            found.append(side)
    return tuple(found)


def rolling_arms(state: KKState, battle: Battle, side: str) -> tuple[str, ...]:
    """KK-OPEN-2..5, KK-SIEGE-2..4: which arms of a side roll in the battle's next exchange."""
    force = side_force(state, battle, side)
    match battle.exchange:
        case "volley":
            arms: tuple[str, ...] = (ARCHER,) if side in volleying_sides(state, battle) else ()
        case "melee":
            arms = (CAVALRY, INFANTRY) if side in battle.volleyed else ARMS
        case "siege_archers":
            arms = (ARCHER,) if side == DEFENDER else ()
        case "siege_assault":
            arms = ARMS if side == ATTACKER else (CAVALRY, INFANTRY)
        case _:
            arms = ARMS
    return tuple(a for a in arms if force.of(a))


def exchange_dice(state: KKState, battle: Battle) -> int:
    """KK-BATTLE-4: the dice the battle's next exchange rolls, one per rolling unit of either side."""
    return sum(
        side_force(state, battle, side).of(arm)
        for side in (ATTACKER, DEFENDER)
        for arm in rolling_arms(state, battle, side)
    )


def modifier(state: KKState, battle: Battle, side: str, arm: str) -> int:
    """KK-BATTLE-6/8, KK-LORD-2/3: +1 for the arm the lord leads, +1 for defenders in mountain or swamp.

    KK-CASTLE-7: the lord's bonus holds inside an attacked castle too.
    """
    bonus = 0
    if battle.led_arms.get(side) == arm and side not in battle.bonus_lost and lord_present(state, battle, side):
        bonus += 1
    if side == DEFENDER and battle.kind == "open" and battle.terrain != "plain":
        bonus += 1
    return bonus + harvest_bonus(state, battle, side, arm)


def threshold(battle: Battle, arm: str, target: str) -> int | None:
    """KK-BATTLE-5, KK-OPEN-2, KK-SIEGE-3: the natural roll needed with no modifier (None: cannot hit)."""
    if battle.exchange == SIEGE_ARCHERS:
        return 4
    if battle.exchange == VOLLEY:
        return None if mounted(battle, target) else 5
    if mounted(battle, target):
        return 6
    return 4 if mounted(battle, arm) else 5


def die_targets(state: KKState, battle: Battle, side: str, arm: str, face: int) -> tuple[str, ...]:
    enemy = side_force(state, battle, other(side))
    plus = modifier(state, battle, side, arm)
    found = []
    for target in ARMS:
        needed = threshold(battle, arm, target)
        if enemy.of(target) and needed is not None and face + plus >= needed:
            found.append(target)
    return tuple(found)


def feasible(targets: Sequence[tuple[str, ...]], chosen: Force) -> bool:
    """Hall's condition: the chosen casualties can be matched to distinct dice able to kill them."""
    present = [arm for arm in ARMS if chosen.of(arm)]
    for size in range(1, len(present) + 1):
        for group in combinations(present, size):
            dice = sum(1 for t in targets if any(a in t for a in group))
            if dice < sum(chosen.of(a) for a in group):
                return False
    return True


def casualty_options(targets: Sequence[tuple[str, ...]], enemy: Force) -> tuple[int, list[Force]]:
    """A-8: the most units the dice can kill, and every choice of casualties that kills that many."""
    cap = len(targets)
    best = 0
    options: list[Force] = []  # product() yields the empty choice first: it is offered once, not twice
    ranges = [range(min(enemy.of(arm), cap) + 1) for arm in ARMS]
    for counts in product(*ranges):
        total = sum(counts)
        if total < best or total > cap:
            continue
        chosen = Force(*counts)
        if not feasible(targets, chosen):
            continue
        if total > best:
            best, options = total, [chosen]
        else:
            options.append(chosen)
    return best, options
