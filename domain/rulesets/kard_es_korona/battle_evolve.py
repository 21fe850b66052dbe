"""evolve for the battles (KK-BATTLE, KK-OPEN, KK-SIEGE): merged into `evolve`'s handlers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.kard_es_korona.evolve_units import add_units, clip_moved, force_of, take_units
from domain.rulesets.kard_es_korona.forces import ARMS
from domain.rulesets.kard_es_korona.state import (
    ATTACKER,
    BATTLE,
    Battle,
    KKState,
    Origin,
    PendingHits,
    battle_with,
    evolved,
    next_in_cycle,
    with_battle,
)


def _battle_created(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = Battle(
        id=str(data["battle"]),
        county=str(data["county"]),
        kind=str(data["kind"]),
        terrain=str(data["terrain"]),
        attacker=str(data["attacker"]),
        defender=str(data["defender"]),
        entry_counties=tuple(str(c) for c in data["entry_counties"]),
        step_seq=int(data["step_seq"]),
        attacker_lord=bool(data["attacker_lord"]),
        defender_lord=bool(data["defender_lord"]),
        forced=data.get("forced") is True,
        origins=_origins(state, data),
    )
    return evolved(state, battles=(*state.battles, battle), battle_count=state.battle_count + 1, step_groups=())


def _origins(state: KKState, data: Mapping[str, Any]) -> tuple[Origin, ...]:
    """KK-MOVE-12: the groups of the step that made the attack (the StepTaken just before), by origin county; none
    for a forced battle (KK-SIEGE-11), which no step made."""
    if data.get("forced") is True or int(data["step_seq"]) != state.step_seq:
        return ()
    return tuple(Origin(str(g["from"]), force_of(g["units"]), g.get("lord") is True) for g in state.step_groups)


def _battle_phase_began(state: KKState, data: Mapping[str, Any]) -> KKState:
    lord_battles = set(data["lord_battles"])
    battles = tuple(battle_with(b, lord_battle=b.id in lord_battles) for b in state.battles)
    return evolved(state, phase=BATTLE, battles=battles, moved={}, lords_moved=(), turn=state.turn_order()[0])


def _battle_started(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    started = battle_with(battle, status="fighting", round=1, exchange=str(data["exchange"]))
    return evolved(with_battle(state, started), current_battle=battle.id)


def _lord_arm_chosen(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    led = str(data["arm"]) if data["arm"] in ARMS else None
    return with_battle(state, battle_with(battle, led_arms={**battle.led_arms, str(data["side"]): led}))


def _exchange_rolled(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    pending = tuple(
        PendingHits(
            str(p["side"]),
            p["chooser"],
            tuple(tuple(str(a) for a in t) for t in p["targets"]),
            int(p["max_kills"]),
        )
        for p in data["pending"]
    )
    volleyed = tuple(str(s) for s in data.get("volleyed", ())) if data["exchange"] == "volley" else ()
    changed = battle_with(battle, pending=pending, volleyed=volleyed or battle.volleyed, exchanges=battle.exchanges + 1)
    return with_battle(state, changed)


def _casualties_assigned(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    chosen = force_of(data["casualties"])
    pending = tuple(
        PendingHits(p.side, p.chooser, p.targets, p.max_kills, chosen) if p.side == data["side"] else p
        for p in battle.pending
    )
    return with_battle(state, battle_with(battle, pending=pending))


def casualties_removed(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    owner = battle.owner_of(str(data["side"]))
    units = take_units(state.units, battle.county, owner, force_of(data["removed"]))
    return evolved(state, units=units, moved=clip_moved(state.moved, battle.county, owner, units))


def _lord_bonus_lost(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return with_battle(state, battle_with(battle, bonus_lost=(*battle.bonus_lost, str(data["side"]))))


def _exchange_resolved(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return with_battle(state, battle_with(battle, pending=(), round=int(data["round"]), exchange=str(data["exchange"])))


def _siege_abandoned(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return with_battle(state, battle_with(battle, status="withdrawing", pending=()))


def _castle_captured(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return with_battle(state, battle_with(battle, status="capturing", pending=()))


def _units_withdrawn(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    seat = battle.owner_of(str(data.get("side", ATTACKER)))  # a retreat (KK-ADV-8/9) may move the defender
    units, lords = state.units, state.lords
    for move in data["moves"]:
        force = force_of(move["units"])
        units = add_units(take_units(units, battle.county, seat, force), str(move["to"]), seat, force)
        if move.get("lord"):
            lords = {**lords, seat: str(move["to"])}
    return evolved(state, units=units, lords=lords)


def _withdrawing_units_destroyed(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return evolved(state, units=take_units(state.units, battle.county, battle.attacker, force_of(data["units"])))


def _battle_ended(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    ended = battle_with(battle, status="ended", pending=())
    after = with_battle(state, ended)
    turn = state.turn
    # KK-BATTLE-12, KK-SIEGE-11: a forced battle is fought inside the siege that caused it, whose own end already
    # passed the turn on; it neither takes a turn of its own nor restarts the round as the last open battle would.
    if not battle.lord_battle and not battle.forced:
        turn = next_in_cycle(state, battle.attacker)
        if battle.kind == "open" and not any(
            b.status == "pending" and b.kind == "open" and not b.lord_battle for b in after.battles
        ):
            turn = state.turn_order()[0]
    return evolved(after, current_battle=None, turn=turn)


def _battle(state: KKState, battle_id: Any) -> Battle:
    battle = state.battle(str(battle_id))
    if battle is None:
        raise KeyError(battle_id)
    return battle


HANDLERS: Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]] = {
    "BattleCreated": _battle_created,
    "BattlePhaseBegan": _battle_phase_began,
    "BattleStarted": _battle_started,
    "LordArmChosen": _lord_arm_chosen,
    "ExchangeRolled": _exchange_rolled,
    "PursuitRolled": _exchange_rolled,  # KK-ADV-6: the pursuers' dice wait for their casualty choice
    "CasualtiesAssigned": _casualties_assigned,
    "CasualtiesRemoved": casualties_removed,
    "LordBonusLost": _lord_bonus_lost,
    "ExchangeResolved": _exchange_resolved,
    "SiegeAbandoned": _siege_abandoned,
    "CastleCaptured": _castle_captured,
    "UnitsWithdrawn": _units_withdrawn,
    "WithdrawingUnitsDestroyed": _withdrawing_units_destroyed,
    "BattleEnded": _battle_ended,
}
