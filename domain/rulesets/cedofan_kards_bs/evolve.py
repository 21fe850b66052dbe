"""evolve for `cedofan_kards_bs`: apply one recorded event to the state. Total and pure.

Events carry every number decided (costs, losses, owners, ids), so evolving never re-applies a rule.
A malformed event (an import, a hand-edited export) is kept in the log but changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from domain.kernel import Event
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.open_losses import (
    allocate,
    battle_resolved,
    note_removed,
    open_attrition,
    open_battle_losses,
)
from domain.rulesets.cedofan_kards_bs.state import (
    Army,
    Captive,
    Faction,
    KbsState,
    OpenLoss,
    Prisoners,
    Siege,
    counts,
)

_EMPTY: Mapping[str, OpenLoss] = MappingProxyType({})

# The fact events of a player's turn: each is one action of the turn (KBS-RAN-1 ransoms come before any).
_TURN_ACTIONS = frozenset(
    {
        "ArmyMoved",
        "ArmiesEnteredJointly",
        "ArmiesMerged",
        "SiegeStarted",
        "StormDeclared",
        "AttackDeclared",
        "ReliefAttackDeclared",
        "RevoltDeclared",
    }
)


def evolve(state: KbsState, event: Event) -> KbsState:
    """The state after one event; the same state when the event does not apply."""
    try:
        after = _apply(state, event.type, event.data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return state
    if event.type in _TURN_ACTIONS:
        after = replace(after, acted=after.acted + 1)
    return after


def _apply(state: KbsState, kind: str, data: Mapping[str, Any]) -> KbsState:
    apply = _APPLIERS.get(kind)
    return state if apply is None else apply(state, data)


def _round_started(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    return replace(state, round=int(data["round"]), phase="supply", turn=None, requested=(), open_losses=_EMPTY)


def _turn_started(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    # KBS-AMB-1/5: a faction allocates its open losses at the latest before its own turn ends.
    still_open = {k: o for k, o in state.open_losses.items() if o.owner != state.turn}
    return replace(
        state,
        phase="turns",
        turn=str(data["seat"]),
        acted=0,
        prisoners=MappingProxyType({}),
        open_losses=MappingProxyType(still_open),
    )


def _round_ended(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    return replace(state, phase="round_over", turn=None, prisoners=MappingProxyType({}), open_losses=_EMPTY)


def _pirate_raid_resolved(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    if data.get("winner") != "ostius":
        return state
    city = str(data["city"])
    return open_battle_losses(state, city, [a.id for a in state.armies_at(city, state.owners[city])], "KBS-AMB-1")


def _army_moved(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    state = _pay(state, data["seat"], "supplies", int(data["cost"]))
    return _relocate(state, data["army"], data["to"])


def _armies_entered_jointly(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    state = _pay(state, data["seat"], "supplies", int(data["cost"]))
    for army in data["armies"]:
        state = _relocate(state, army, data["to"])
    return state


def _siege_started(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    state = _pay(state, data["seat"], "supplies", int(data["cost"]))
    siege = Siege(str(data["city"]), str(data["army"]), int(data["round"]))
    state = state.with_army(replace(state.armies[siege.army], besieging=siege.city))
    return replace(state, sieges=MappingProxyType({**state.sieges, siege.city: siege}))


def _units_lost(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    state = _remove(state, data["army"], data.get("units", {}), data.get("leaders", []))
    return note_removed(state, str(data["army"]), data.get("units", {}), [])


def _siege_attrition_applied(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    state = open_attrition(state, str(data["city"]), str(data["army"]))
    state = _remove(state, data["army"], data.get("units", {}), data.get("leaders", []))
    return note_removed(state, str(data["army"]), data.get("units", {}), list(data.get("leaders", [])))


def _army_relocated(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    state = _relocate(state, data["army"], data["to"])
    left = tuple(a for a in state.retreats if a != data["army"])
    if left:
        return replace(state, retreats=left)
    return replace(state, retreats=(), retreat_from=None, retreat_barred=None)


def _retreats_required(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    barred = data.get("barred")
    return replace(
        state,
        retreats=tuple(str(a) for a in data["armies"]),
        retreat_from=str(data["from"]),
        retreat_barred=str(barred) if barred is not None else None,
    )


def _city_captured(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    owners = {**state.owners, str(data["city"]): str(data["owner"])}
    held = tuple(c for c in state.pirate_held if c != data["city"])
    return replace(state, owners=MappingProxyType(owners), pirate_held=held)


def _city_turned_neutral(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    owners = {**state.owners, str(data["city"]): NEUTRAL}
    held = state.pirate_held + ((str(data["city"]),) if data.get("pirate_held") else ())
    return replace(state, owners=MappingProxyType(owners), pirate_held=held)


def _equipment_seized(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    state = _remove(state, data["from"], data["units"], [])
    receiver = state.armies[data["to"]]
    units = {k: receiver.units.get(k, 0) + int(data["units"].get(k, 0)) for k in {*receiver.units, *data["units"]}}
    return state.with_army(replace(receiver, units=counts(units)))


def _kard_ransomed(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    captives = {k: v for k, v in state.captives.items() if k != data["kard"]}
    unplaced = state.unplaced if data.get("placed_at") else (*state.unplaced, str(data["kard"]))
    return replace(state, captives=MappingProxyType(captives), unplaced=unplaced)


def _vassalage_established(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    vassal = state.factions[data["vassal"]]
    factions = {**state.factions, str(data["vassal"]): replace(vassal, lord=str(data["lord"]))}
    captives = {k: v for k, v in state.captives.items() if k != data.get("ruler")}
    return replace(state, factions=MappingProxyType(factions), captives=MappingProxyType(captives))


def _revolt_declared(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    vassal = state.factions[data["vassal"]]
    return replace(
        state, factions=MappingProxyType({**state.factions, str(data["vassal"]): replace(vassal, lord=None)})
    )


def _pay(state: KbsState, seat: str, what: str, amount: int) -> KbsState:
    faction = state.factions[seat]
    paid = replace(faction, **{what: max(0, getattr(faction, what) - amount)})
    return replace(state, factions=MappingProxyType({**state.factions, seat: paid}))


def _relocate(state: KbsState, army_id: str, to: str) -> KbsState:
    army = state.armies[army_id]
    if str(to) == army.at:
        # KBS-AMB-4: a besieger that attacks in its own region stays put; only `siege_break` may end its siege.
        return state
    if army.besieging:  # an army that leaves its siege ends it, so no siege outlives its besieger
        state = _end_siege(state, army.besieging)
    return state.with_army(replace(state.armies[army_id], at=str(to), besieging=None))


def _remove(state: KbsState, army_id: str, units: Mapping[str, Any], leaders: list[str]) -> KbsState:
    army = state.armies[army_id]
    left = {k: army.units.get(k, 0) - int(units.get(k, 0)) for k in army.units}
    if any(n < 0 for n in left.values()):
        raise ValueError(f"{army_id} loses more units than it has")
    kept = tuple(name for name in army.leaders if name not in leaders)
    after = replace(army, units=counts(left), leaders=kept)
    state = state.with_army(after)
    if after.is_empty() and army.besieging:
        state = _end_siege(state, army.besieging)
    return state


def _capture(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    army = state.armies[data["army"]]
    owner, captor = army.owner, str(data["captor"])
    state = _remove(state, army.id, data.get("units", {}), list(data.get("leaders", [])))
    barred = data.get("ransom_barred_by")
    taken = Captive(owner, captor, str(data["at"]), None if barred is None else str(barred))
    captives = {**state.captives, **{str(n): taken for n in data.get("leaders", [])}}
    prisoners = dict(state.prisoners)
    if data.get("units") and data.get("ransomable", True):
        held = prisoners.get(owner, Prisoners(captor, MappingProxyType({}))).units
        merged = {k: held.get(k, 0) + int(data["units"].get(k, 0)) for k in {*held, *data["units"]}}
        prisoners[owner] = Prisoners(captor, counts(merged))
    return replace(state, captives=MappingProxyType(captives), prisoners=MappingProxyType(prisoners))


def _merge(state: KbsState, army_ids: list[str], into: str) -> KbsState:
    stacks = [state.armies[a] for a in army_ids]
    units: dict[str, int] = {}
    for stack in stacks:
        for k, n in stack.units.items():
            units[k] = units.get(k, 0) + n
    besieging = next((s.besieging for s in stacks if s.besieging), None)
    merged = Army(
        into, stacks[0].owner, stacks[0].at, counts(units), tuple(n for s in stacks for n in s.leaders), besieging
    )
    armies = {k: v for k, v in state.armies.items() if k not in army_ids}
    armies[into] = merged
    sieges = dict(state.sieges)
    if besieging is not None:
        sieges[besieging] = replace(sieges[besieging], army=into)
    return replace(state, armies=MappingProxyType(armies), sieges=MappingProxyType(sieges))


def _split(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    """KBS-MOV-1: the units and leaders named leave the army as a new one in the same area."""
    source = state.armies[data["army"]]
    leaders = [str(n) for n in data.get("leaders", [])]
    if not set(leaders) <= set(source.leaders) or str(data["into"]) in state.armies:
        raise ValueError(f"{data['army']} cannot split into {data['into']}")
    state = _remove(state, source.id, data.get("units", {}), leaders)
    placed = {"army": data["into"], "owner": source.owner, "at": source.at, "leaders": leaders}
    return _place(state, {**placed, "units": data.get("units", {})})


def _place(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    army_id = str(data["army"])
    existing = state.armies.get(army_id)
    units = dict(existing.units) if existing else {}
    for k, n in data.get("units", {}).items():
        units[k] = units.get(k, 0) + int(n)
    leaders = (existing.leaders if existing else ()) + tuple(str(n) for n in data.get("leaders", []))
    placed = Army(
        army_id, str(data["owner"]), str(data["at"]), counts(units), leaders, existing.besieging if existing else None
    )
    state = state.with_army(placed)
    number = army_id.removeprefix("placed-")
    if number.isascii() and number.isdigit() and int(number) >= state.next_army:
        state = replace(state, next_army=int(number) + 1)
    return state


def _end_siege(state: KbsState, city: str) -> KbsState:
    siege = state.sieges.get(city)
    if siege is None:
        return state
    if siege.army in state.armies:
        state = state.with_army(replace(state.armies[siege.army], besieging=None))
    return replace(state, sieges=MappingProxyType({k: v for k, v in state.sieges.items() if k != city}))


def _transfer(state: KbsState, data: Mapping[str, Any], what: str) -> KbsState:
    amount = int(data["amount"])
    factions = dict(state.factions)
    giver, taker = data.get("from"), data.get("to")
    if giver in factions:
        factions[giver] = replace(factions[giver], **{what: max(0, getattr(factions[giver], what) - amount)})
    if taker in factions:
        factions[taker] = replace(factions[taker], **{what: getattr(factions[taker], what) + amount})
    return replace(state, factions=MappingProxyType(factions))


def _ransom_prisoners(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    seat = str(data["seat"])
    held = state.prisoners[seat]
    left = {k: held.units.get(k, 0) - int(data["units"].get(k, 0)) for k in held.units}
    prisoners = dict(state.prisoners)
    if any(left.values()):
        prisoners[seat] = Prisoners(held.captor, counts(left))
    else:
        del prisoners[seat]
    state = _pay(state, seat, "supplies", int(data["cost"]))
    return replace(state, prisoners=MappingProxyType(prisoners))


_Apply = Callable[[KbsState, Mapping[str, Any]], KbsState]

# One applier per event type; a type not listed (a platform event, a fact of a raid roll) changes nothing.
_APPLIERS: Mapping[str, _Apply] = {
    "RoundStarted": _round_started,
    "TurnStarted": _turn_started,
    "RoundEnded": _round_ended,
    "BattleResolved": battle_resolved,
    "LossesAllocated": allocate,
    "PirateRaidResolved": _pirate_raid_resolved,
    "ArmyMoved": _army_moved,
    "AttackDeclared": _army_moved,
    "ArmiesEnteredJointly": _armies_entered_jointly,
    "ArmiesMerged": lambda state, data: _merge(state, list(data["armies"]), str(data["into"])),
    "ArmySplit": _split,
    "SiegeStarted": _siege_started,
    "StormDeclared": lambda state, data: _pay(state, data["seat"], "supplies", int(data["cost"])),
    "UnitsLost": _units_lost,
    "SiegeAttritionApplied": _siege_attrition_applied,
    "UnitsCaptured": _capture,
    "ArmyRetreated": _army_relocated,
    "ArmyRelocated": _army_relocated,
    "RetreatsRequired": _retreats_required,
    "CityCaptured": _city_captured,
    "CityTurnedNeutral": _city_turned_neutral,
    "ArmyPlaced": _place,
    "NeutralUnitsRecruited": _place,
    "SiegeEnded": lambda state, data: _end_siege(state, str(data["city"])),
    "SiegeBroken": lambda state, data: _end_siege(state, str(data["city"])),
    "EquipmentSeized": _equipment_seized,
    "SuppliesTransferred": lambda state, data: _transfer(state, data, "supplies"),
    "InfluenceTransferred": lambda state, data: _transfer(state, data, "influence"),
    "KardRansomed": _kard_ransomed,
    "PrisonersRansomed": _ransom_prisoners,
    "VassalageEstablished": _vassalage_established,
    "VassalSuppliesRequested": lambda state, data: replace(state, requested=(*state.requested, str(data["vassal"]))),
    "RevoltDeclared": _revolt_declared,
}


__all__ = ["Faction", "evolve"]
