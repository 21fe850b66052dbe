"""Losses their owner may still allocate (KBS-AMB-1, KBS-AMB-5, KBS-AMB-11): what `evolve` remembers of a battle's
or a year of siege's stacks before the default losses, and the owner's own allocation replacing them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.state import KbsState, OpenLoss, counts


def _without_open(state: KbsState, army_ids: set[str]) -> dict[str, OpenLoss]:
    """Open losses that involve none of these stacks (a new battle or attrition closes the older ones)."""
    return {k: o for k, o in state.open_losses.items() if not army_ids & {a.id for a in o.before}}


def battle_resolved(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    """KBS-AMB-1, KBS-AMB-11: a giant battle's defenders choose as one side; after a giant victory none (KBS-GNT-8)."""
    fought, giants = [str(a) for a in [*data["attackers"], *data["defenders"]]], data.get("kind") == "giants"
    if giants and data["winner"] != "defender":
        return replace(state, open_losses=MappingProxyType(_without_open(state, set(fought))))
    return open_battle_losses(state, str(data["area"]), fought, "KBS-AMB-11" if giants else "KBS-AMB-1")


def open_battle_losses(state: KbsState, area: str, army_ids: list[str], rule: str) -> KbsState:
    """KBS-AMB-1: each faction of a battle may allocate its losses itself; remember its stacks before them."""
    pool = [state.armies[a] for a in army_ids if a in state.armies]
    found = _without_open(state, {a.id for a in pool})
    for owner in sorted({a.owner for a in pool if a.owner != NEUTRAL}):
        mine = tuple(a for a in pool if a.owner == owner)
        found[f"{owner}|{area}"] = OpenLoss(owner, area, rule, mine)
    return replace(state, open_losses=MappingProxyType(found))


def open_attrition(state: KbsState, city: str, army_id: str) -> KbsState:
    """KBS-AMB-5: the owner of a besieged city chooses which of his units a year of siege kills."""
    owner = state.armies[army_id].owner
    if owner == NEUTRAL:
        return state
    pool = state.armies_at(city, owner)
    found = _without_open(state, {a.id for a in pool})
    found[f"{owner}|{city}"] = OpenLoss(owner, city, "KBS-AMB-5", pool)
    return replace(state, open_losses=MappingProxyType(found))


def note_removed(state: KbsState, army_id: str, units: Mapping[str, Any], leaders: list[str]) -> KbsState:
    """Add a removal to the open losses that hold this stack."""
    found = dict(state.open_losses)
    for key, loss in state.open_losses.items():
        if army_id in {a.id for a in loss.before}:
            before = loss.removed.get(army_id, {})
            now = {k: before.get(k, 0) + int(units.get(k, 0)) for k in {*before, *units}}
            removed = {**loss.removed, army_id: counts(now)}
            found[key] = replace(loss, removed=MappingProxyType(removed), leaders=(*loss.leaders, *leaders))
    return replace(state, open_losses=MappingProxyType(found))


def allocate(state: KbsState, data: Mapping[str, Any]) -> KbsState:
    """KBS-AMB-1/5: the owner's own allocation replaces the default one on the stacks still standing."""
    key = f"{data['seat']}|{data['at']}"
    loss = state.open_losses[key]
    # KBS-AMB-11: after a giant battle a stack the default wiped out may stand again where it fought, besieging
    # nothing (`decide` keeps besiegers as the battle left them). Other battles' wiped-out stacks stay so.
    fought = {a.id: replace(a, besieging=None) for a in loss.before} if loss.rule == "KBS-AMB-11" else {}
    for army_id, stack in data["stacks"].items():
        army = state.armies.get(army_id) or fought.get(army_id)
        if army is not None:
            state = state.with_army(
                replace(army, units=counts(stack["units"]), leaders=tuple(str(n) for n in stack["leaders"]))
            )
    removed = {str(a): counts(u) for a, u in data["removed"].items()}
    chosen = replace(loss, removed=MappingProxyType(removed), leaders=tuple(str(n) for n in data.get("leaders", [])))
    return replace(state, open_losses=MappingProxyType({**state.open_losses, key: chosen}))
