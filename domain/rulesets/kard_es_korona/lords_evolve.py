"""evolve for the lords' duel and the winner's extra step (KK-LORD-5..9): merged into `evolve`'s handlers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.kard_es_korona.evolve_units import move_units
from domain.rulesets.kard_es_korona.state import DUEL, KKState, battle_with, evolved, with_battle


def _duel_started(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = state.battle(str(data["battle"]))
    if battle is None:
        return state
    return with_battle(state, battle_with(battle, status=DUEL, round=1, pending=()))


def _duel_round_resolved(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = state.battle(str(data["battle"]))
    if battle is None or data["winner"] is not None:
        return state
    return with_battle(state, battle_with(battle, round=battle.round + 1))


def _extra_step_offered(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, extra_step={"seat": str(data["seat"]), "battle": str(data["battle"])})


def _extra_step_taken(state: KKState, data: Mapping[str, Any]) -> KKState:

    seat, to = str(data["seat"]), str(data["to"])
    for group in data["groups"]:
        state = move_units(state, seat, str(group["from"]), to, group["units"], group.get("lord") is True)
    return evolved(state, extra_step={})


def _extra_step_declined(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, extra_step={})


HANDLERS: Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]] = {
    "DuelStarted": _duel_started,
    "DuelRoundResolved": _duel_round_resolved,
    "ExtraStepOffered": _extra_step_offered,
    "ExtraStepTaken": _extra_step_taken,
    "ExtraStepDeclined": _extra_step_declined,
}
