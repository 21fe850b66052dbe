"""evolve for the advanced rules' events: pinning, reverse pinning and retreats (KK-ADV-1..11).

Kept apart from `pinning.py` and `retreat.py` because `evolve` imports this table while those decide through
`Flow`, which imports `evolve`. The attacked-lord freeze (KK-ADV-3) is read off the pending battles, so
`PlayerMovementFrozen` only records the moment it began; the passes it forced are kept (`frozen_passes`, set by
`StepPassed{reason: frozen}`) because a liege's veto undoes the attack and lifts them (`FrozenPassLifted`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.kard_es_korona.battle_evolve import casualties_removed
from domain.rulesets.kard_es_korona.forces import force_from_json
from domain.rulesets.kard_es_korona.state import KKState, Retreat, battle_with, evolved


def _county_pinned(state: KKState, data: Mapping[str, Any]) -> KKState:
    """A-49: with units to release, the game waits for the defender's choice before the next step."""
    if int(data["release"]) > 0:
        return evolved(state, release_due=str(data["battle"]))
    return state


def _defenders_released(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle_id = str(data["battle"])
    kept = force_from_json(data["bound"])
    if kept is None:
        raise ValueError(f"{data['bound']!r} is not a force")
    lords = (*state.released_lords, battle_id) if data["lord_released"] is True else state.released_lords
    return evolved(state, bound={**state.bound, battle_id: kept}, released_lords=lords, release_due=None)


def _retreat_declared(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = state.battle(str(data["battle"]))
    if battle is None:
        raise KeyError(data["battle"])
    retreating = battle_with(battle, status="retreating")
    battles = tuple(retreating if b.id == battle.id else b for b in state.battles)
    return evolved(state, battles=battles, retreat=Retreat(battle.id, str(data["side"]), str(data["to"])))


def _retreat_declined(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, stayed=f"{data['battle']}:{int(data['round'])}")


def _obstacle_losses_due(state: KKState, data: Mapping[str, Any]) -> KKState:
    if state.retreat is None:
        return state
    retreat = Retreat(state.retreat.battle, state.retreat.side, state.retreat.to, int(data["count"]))
    return evolved(state, retreat=retreat)


def _obstacle_losses_chosen(state: KKState, data: Mapping[str, Any]) -> KKState:
    after = casualties_removed(state, data)  # the units leave the battle county like casualties
    if after.retreat is None:
        return after
    retreat = after.retreat
    return evolved(after, retreat=Retreat(retreat.battle, retreat.side, retreat.to))


HANDLERS: Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]] = {
    "CountyPinned": _county_pinned,
    "DefendersReleased": _defenders_released,
    "RetreatDeclared": _retreat_declared,
    "RetreatDeclined": _retreat_declined,
    "ObstacleLossesDue": _obstacle_losses_due,
    "ObstacleLossesChosen": _obstacle_losses_chosen,
}
