"""The end of an exchange: the casualties settled and removed together (KK-BATTLE-9/11, A-8, A-10), then what
the exchange leaves, decided first as a value (`exchange_outcome`, one guard per rule) and then applied: the next
exchange, the lords' duel, the battle's end, or the siege abandoned.
"""

from __future__ import annotations

from enum import Enum

from domain.rulesets.kard_es_korona.amendments import EMPTY_MELEE_SKIPPED
from domain.rulesets.kard_es_korona.battle_end import capture_castle, end_battle
from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.forces import ARCHER, CAVALRY, INFANTRY, Force
from domain.rulesets.kard_es_korona.hits import (
    FULL,
    MELEE,
    SIEGE_ARCHERS,
    SIEGE_ASSAULT,
    VOLLEY,
    casualty_options,
    lord_present,
    other,
    rolling_arms,
    side_force,
)
from domain.rulesets.kard_es_korona.lords import start_duel
from domain.rulesets.kard_es_korona.retreat import go_on_retreating, is_retreat_under_way, is_retreating_army_destroyed
from domain.rulesets.kard_es_korona.state import ATTACKER, DEFENDER, Battle, KKState, battle_with
from domain.rulesets.kard_es_korona.withdrawal import abandon_siege


def settle(flow: Flow) -> None:
    """Choose the casualties the rules leave no choice about; when every side has chosen, remove them."""
    battle = flow.state.battle(flow.state.current_battle)
    if battle is None or flow.state.reroll_offer:
        return
    maximal = flow.state.options.get("casualty_assignment", "maximal") == "maximal"
    for p in battle.pending:
        if p.chosen is not None:
            continue
        enemy = side_force(flow.state, battle, other(p.side))
        _, options = casualty_options(p.targets, enemy)
        if p.chooser is None:
            pick = _auto_pick(battle, options)
        elif len(options) == 1 and maximal:
            pick = options[0]
        else:
            continue
        flow.emit(
            "CasualtiesAssigned",
            {"battle": battle.id, "side": p.side, "seat": p.chooser, "casualties": pick.to_json(), "auto": True},
        )
    battle = flow.state.battle(battle.id)
    if battle is not None and all(p.chosen is not None for p in battle.pending):
        _resolve(flow, battle)


def _auto_pick(battle: Battle, options: list[Force]) -> Force:
    """A-10 `auto`: infantry first in sieges (to force a withdrawal), then cavalry, infantry, archers."""
    priority = (INFANTRY, CAVALRY, ARCHER) if battle.kind == "siege" else (CAVALRY, INFANTRY, ARCHER)
    return max(options, key=lambda f: tuple(f.of(a) for a in priority))


def _resolve(flow: Flow, battle: Battle) -> None:
    """KK-BATTLE-9: the casualties of both sides are removed together; then the battle goes on or ends."""
    for p in battle.pending:
        assert p.chosen is not None
        hits = sum(1 for t in p.targets if t)
        flow.emit(
            "CasualtiesRemoved",
            {
                "battle": battle.id,
                "side": other(p.side),
                "removed": p.chosen.to_json(),
                "wasted_hits": hits - p.chosen.total,
            },
        )
    state = flow.state
    for side in (ATTACKER, DEFENDER):
        arm = battle.led_arms.get(side)
        if (
            arm
            and side not in battle.bonus_lost
            and lord_present(state, battle, side)
            and not side_force(state, battle, side).of(arm)
        ):
            flow.emit("LordBonusLost", {"battle": battle.id, "side": side, "seat": battle.owner_of(side), "arm": arm})
            flow.note("KK-LORD-3", f"the {side}'s {arm} are gone: the lord's bonus ends for this battle")
    _outcome(flow, battle.id)


class Outcome(Enum):
    """What an exchange leaves, once its casualties are removed."""

    NEXT_EXCHANGE = "next_exchange"
    DUEL = "duel"
    MUTUAL_ANNIHILATION = "mutual_annihilation"
    ATTACKER_WON = "attacker_won"
    DEFENDER_WON = "defender_won"
    SIEGE_ABANDONED = "no_infantry"


def exchange_outcome(state: KKState, battle: Battle) -> Outcome:
    """The battle after an exchange, by the rules' precedence: both sides gone (KK-BATTLE-10, KK-LORD-5), one side
    gone (KK-BATTLE-14, KK-SIEGE-8), the siege abandoned (KK-SIEGE-6/7), or the next exchange (KK-BATTLE-3)."""
    attack, defence = side_force(state, battle, ATTACKER), side_force(state, battle, DEFENDER)
    if attack.total == 0 and defence.total == 0:
        return Outcome.DUEL if is_lords_duel_due(state, battle) else Outcome.MUTUAL_ANNIHILATION
    if is_castle_taken_as_last_infantry_fell(state, battle) or defence.total == 0:
        return Outcome.ATTACKER_WON
    if attack.total == 0:
        return Outcome.DEFENDER_WON
    if is_siege_without_infantry(state, battle):
        return Outcome.SIEGE_ABANDONED
    return Outcome.NEXT_EXCHANGE


def is_lords_duel_due(state: KKState, battle: Battle) -> bool:
    """KK-LORD-5: both armies died in the same exchange with both lords in the county: the lords fight on alone."""
    return lord_present(state, battle, ATTACKER) and lord_present(state, battle, DEFENDER)


def is_castle_taken_as_last_infantry_fell(state: KKState, battle: Battle) -> bool:
    """KK-SIEGE-8: the besieger's last infantry died in the exchange that killed the last defenders: he captures
    the castle with whatever units he has left, and the withdrawal of KK-SIEGE-6 does not happen."""
    attack = side_force(state, battle, ATTACKER)
    return (
        battle.kind == "siege"
        and side_force(state, battle, DEFENDER).total == 0
        and attack.total > 0
        and attack.infantry == 0
        and not lord_present(state, battle, ATTACKER)
    )


def is_siege_without_infantry(state: KKState, battle: Battle) -> bool:
    """KK-SIEGE-6/7: a besieger with no infantry left (dismounted knights and archers do not count) and no lord
    abandons the siege at once."""
    return (
        battle.kind == "siege"
        and side_force(state, battle, ATTACKER).infantry == 0
        and not lord_present(state, battle, ATTACKER)
    )


def _outcome(flow: Flow, battle_id: str) -> None:
    """The exchange's outcome, applied: the next exchange, a duel, the battle's end or the siege abandoned."""
    state = flow.state
    battle = state.battle(battle_id)
    assert battle is not None
    if battle.status == "retreating":  # KK-ADV-6: the pursuit is over; the retreat goes on unless it destroyed them
        if is_retreat_under_way(state, battle):
            go_on_retreating(flow, battle)
            return
        if is_retreating_army_destroyed(state, battle):
            flow.note("KK-ADV-6", "the pursuit destroyed the retreating army: the battle is lost (A-46)")
    match exchange_outcome(state, battle):
        case Outcome.DUEL:
            start_duel(flow, battle)
        case Outcome.MUTUAL_ANNIHILATION:
            _control_changes(flow, battle, state.control.get(battle.county), None, "mutual_annihilation")
            flow.note("KK-BATTLE-10", f"both sides wiped out: {battle.county} has no owner")
            _lords_defeated(flow, battle, (ATTACKER, DEFENDER))
            end_battle(flow, battle, "mutual_annihilation")
        case Outcome.ATTACKER_WON:
            _attacker_won(flow, battle)
        case Outcome.DEFENDER_WON:
            _lords_defeated(flow, battle, (ATTACKER,))
            flow.note("KK-BATTLE-14", f"{battle.defender} keeps {battle.county}")
            end_battle(flow, battle, "defender_won")
        case Outcome.SIEGE_ABANDONED:
            attack = side_force(state, battle, ATTACKER)
            flow.note(
                "KK-SIEGE-6",
                f"no attacking infantry and no lord left ({attack.describe()}): the siege is abandoned at once",
            )
            abandon_siege(flow, battle, "no_infantry")
        case Outcome.NEXT_EXCHANGE:
            following = _next_exchange(state, battle)
            if battle.exchange == VOLLEY and following[1] == FULL:
                flow.note(
                    "KK-OPEN-4", "no cavalry or infantry left to fight the melee: full round 2 follows (KK-OPEN-5)"
                )
            flow.emit("ExchangeResolved", {"battle": battle.id, "round": following[0], "exchange": following[1]})


def _attacker_won(flow: Flow, battle: Battle) -> None:
    """KK-BATTLE-14: the attacker takes the county; a siege also takes the castle (KK-SIEGE-8/9).

    KK-CASTLE-1: the castle is part of its county, so taking one takes the other.
    """
    state = flow.state
    _lords_defeated(flow, battle, (DEFENDER,))
    if state.control.get(battle.county) != battle.attacker:
        _control_changes(flow, battle, state.control.get(battle.county), battle.attacker, "battle_won")
    flow.note("KK-BATTLE-14", f"{battle.attacker} wins and takes {battle.county}")
    if is_castle_taken_as_last_infantry_fell(state, battle):
        flow.note("KK-SIEGE-8", f"{battle.attacker}'s last infantry fell with the last defenders: he takes the castle")
    if battle.kind == "siege":
        capture_castle(flow, battle, "attacker_won")
    else:
        end_battle(flow, battle, "attacker_won")


def _control_changes(flow: Flow, battle: Battle, previous: str | None, to: str | None, cause: str) -> None:
    flow.emit("CountyControlChanged", {"county": battle.county, "from": previous, "to": to, "cause": cause})


def _next_exchange(state: KKState, battle: Battle) -> tuple[int, str]:
    """The exchange after this one, as (round, exchange) (KK-OPEN-2..5, KK-SIEGE-2..4)."""
    match battle.exchange:
        case "volley":
            if EMPTY_MELEE_SKIPPED in state.amendments and is_melee_empty(state, battle):
                return battle.round + 1, FULL
            return battle.round, MELEE
        case "siege_archers":
            return battle.round, SIEGE_ASSAULT
        case "siege_assault":
            has_archers = side_force(state, battle, DEFENDER).archer > 0
            return battle.round + 1, SIEGE_ARCHERS if has_archers else SIEGE_ASSAULT
        case _:
            return battle.round + 1, FULL


def is_melee_empty(state: KKState, battle: Battle) -> bool:
    """KK-OPEN-4 (1.1.0, `EMPTY_MELEE_SKIPPED`): after the volley no unit of either side rolls in the melee (only
    cavalry and infantry do, and archers that did not volley, KK-OPEN-3), so full round 1 is over."""
    melee = battle_with(battle, exchange=MELEE)
    return not any(rolling_arms(state, melee, side) for side in (ATTACKER, DEFENDER))


def _lords_defeated(flow: Flow, battle: Battle, sides: tuple[str, ...]) -> None:
    """KK-LORD-4: a lord whose units in the battle are all destroyed is defeated (what follows: defeat.py)."""
    for side in sides:
        if lord_present(flow.state, battle, side):
            flow.emit(
                "LordDefeated",
                {"seat": battle.owner_of(side), "battle": battle.id, "by_owner": battle.owner_of(other(side))},
            )
