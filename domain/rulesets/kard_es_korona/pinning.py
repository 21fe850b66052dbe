"""Advanced movement: pinning, reverse pinning and the attacked lord's freeze (KK-ADV-1..4, A-48..A-50).

An attack that outnumbers the defenders two to one pins them: the attacker's other units may cross that county
later in the movement phase (KK-ADV-1). An attack pins at most twice its own number: the defender releases the
rest before the next step (KK-ADV-4, A-49). Released units that stay in the county when the battle phase begins
are still there and defend it: one county holds one defending side, and nothing in the rulebook removes them.
"""

from __future__ import annotations

from itertools import product

from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.forces import ARMS, Force
from domain.rulesets.kard_es_korona.state import Battle, KKState, is_neutral
from domain.rulesets.kard_es_korona.turn_order import sequential_turns


def is_advanced(state: KKState) -> bool:
    return state.options.get("variant") == "advanced"


def pins(state: KKState, battle: Battle) -> bool:
    """KK-ADV-1, A-48: at least twice as many attacking units as defending units present (lords not counted)."""
    attackers = state.force(battle.county, battle.attacker).total
    defenders = state.force(battle.county, battle.defender).total
    return defenders > 0 and attackers >= 2 * defenders


def can_pass_through(state: KKState, seat: str, county: str) -> bool:
    """KK-ADV-1, A-18: the attacker's other units may cross, not stop in, a county whose defenders he pinned."""
    battle = state.battle_in(county)
    return (
        is_advanced(state)
        and battle is not None
        and battle.status == "pending"
        and battle.attacker == seat
        and pins(state, battle)
    )


def may_leave(state: KKState, seat: str, origin: str, force: Force, lord: bool) -> bool:
    """KK-ADV-4: released defenders (and a released lord) may leave an attacked county; the pinned ones stay."""
    battle = state.battle_in(origin)
    if battle is None or battle.defender != seat or battle.id not in state.bound:
        return False
    if lord and battle.id not in state.released_lords:
        return False
    return state.force(origin, seat).minus(force).contains(state.bound[battle.id])


def freeze_applies(state: KKState) -> bool:
    """A-50: option `attacked_lord_freeze` = advanced_only (default), always or never."""
    mode = state.options.get("attacked_lord_freeze", "advanced_only")
    return mode == "always" or (mode == "advanced_only" and is_advanced(state))


def freezing_battle(state: KKState, seat: str) -> Battle | None:
    """KK-ADV-3: a battle attacking the seat's lord, who was not released, freezes his movement for the year."""
    if not freeze_applies(state):
        return None
    for battle in state.battles:
        if (
            _attack_stands(state, battle)
            and battle.defender == seat
            and battle.defender_lord
            and battle.id not in state.released_lords
        ):
            return battle
    return None


def _attack_stands(state: KKState, battle: Battle) -> bool:
    """KK-ADV-3, KK-TRAD-4: "onnantól kezdve az adott évben" — the freeze lasts the year, not only while the
    battle waits. Under the traditional whole turns the attacker fights it in his own turn, before the attacked
    player's turn comes, so a battle fought (started: round 1 on) still freezes him; a vetoed attack never
    started and was never made (KK-VASSAL-2). In the alternating order no battle starts before movement ends."""
    return battle.status == "pending" or (sequential_turns(state) and battle.round >= 1)


def release_size(state: KKState, battle: Battle) -> int:
    """KK-ADV-4: an attack of A units pins at most 2·A defenders; D − 2·A are released."""
    if not (is_advanced(state) and state.options.get("reverse_pinning", True)) or is_neutral(battle.defender):
        return 0  # neutral forces never move (KK-NEUTRAL-2): there is nothing to release
    attackers = state.force(battle.county, battle.attacker).total
    defenders = state.force(battle.county, battle.defender).total
    return max(defenders - 2 * attackers, 0)


def picks(force: Force, count: int) -> list[Force]:
    """Every way to pick `count` units of `force` (released defenders, obstacle losses)."""
    ranges = [range(force.of(arm) + 1) for arm in ARMS]
    return [Force(*counts) for counts in product(*ranges) if sum(counts) == count]


def after_attack(flow: Flow, battle_id: str) -> None:
    """KK-ADV-1/3/4: after an attacking step, record the pinning, any release due and the lord's freeze.

    KK-ADV-2: the pinned battle itself stays among the year's battles and is fought as usual.
    """
    state = flow.state
    battle = state.battle(battle_id)
    if battle is None:
        return
    if is_advanced(state):
        attackers = state.force(battle.county, battle.attacker).total
        defending = state.force(battle.county, battle.defender)
        release = release_size(state, battle)
        pinned = pins(state, battle)
        flow.emit(
            "CountyPinned",
            {
                "battle": battle.id,
                "attackers": attackers,
                "defenders": defending.total,
                "pinned": pinned,
                "release": release,
            },
        )
        verdict = "pinned: the attacker's other units may cross" if pinned else "not pinned"
        flow.note("KK-ADV-1", f"{attackers} attackers against {defending.total} defenders: {verdict}")
        if release:
            choices = picks(defending, release)
            if len(choices) == 1 and not battle.defender_lord:
                release_defenders(flow, battle, choices[0], defending.minus(choices[0]), False, auto=True)
            else:
                flow.note("KK-ADV-4", f"{battle.defender} names the {release} released units before the next step")
                return
    freeze_attacked_lord(flow, battle)


def freeze_attacked_lord(flow: Flow, battle: Battle) -> None:
    if freeze_applies(flow.state) and battle.defender_lord and battle.id not in flow.state.released_lords:
        flow.emit("PlayerMovementFrozen", {"seat": battle.defender, "battle": battle.id})
        flow.note("KK-ADV-3", f"{battle.defender}'s lord is attacked: none of his units moves again this year")


def release_defenders(flow: Flow, battle: Battle, released: Force, bound: Force, lord: bool, auto: bool) -> None:
    flow.emit(
        "DefendersReleased",
        {
            "battle": battle.id,
            "seat": battle.defender,
            "released": released.to_json(),
            "bound": bound.to_json(),
            "lord_released": lord,
            "auto": auto,
        },
    )
    lord_text = " and the lord" if lord else ""
    flow.note("KK-ADV-4", f"{released.describe()}{lord_text} released; {bound.describe()} stay pinned")
