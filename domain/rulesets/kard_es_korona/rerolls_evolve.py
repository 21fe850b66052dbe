"""evolve for the Judge Royal's rerolls (KK-OFFICE-1/2, KK-LORD-6): merged into `evolve`'s handlers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.kard_es_korona.state import ATTACKER, KKState, PendingHits, battle_with, evolved, with_battle


def _reroll_offered(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, reroll_offer=dict(data))


def _dice_rerolled(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, reroll_offer={}, rerolls_used=(*state.rerolls_used, str(data["occasion"])))


def _reroll_declined(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, reroll_offer={})


def _hits_recounted(state: KKState, data: Mapping[str, Any]) -> KKState:

    battle = state.battle(str(data["battle"]))
    if battle is None:
        return state
    side = str(data["side"])
    pending = [p for p in battle.pending if p.side != side]
    if int(data["max_kills"]):
        targets = tuple(tuple(str(a) for a in t) for t in data["targets"])
        pending.append(PendingHits(side, data["chooser"], targets, int(data["max_kills"])))
    pending.sort(key=lambda p: p.side != ATTACKER)
    return with_battle(state, battle_with(battle, pending=tuple(pending)))


HANDLERS: Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]] = {
    "RerollOffered": _reroll_offered,
    "DiceRerolled": _dice_rerolled,
    "RerollDeclined": _reroll_declined,
    "HitsRecounted": _hits_recounted,
}
