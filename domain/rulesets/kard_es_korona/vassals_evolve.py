"""evolve for fealty and the vassals (KK-VASSAL-1..7): merged into `evolve`'s handlers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.kard_es_korona.evolve_units import move_units
from domain.rulesets.kard_es_korona.state import KKState, battle_with, evolved, with_battle
from domain.upcasting import Upcaster


def _fealty_sworn(state: KKState, data: Mapping[str, Any]) -> KKState:
    vassal, liege, amount = str(data["vassal"]), str(data["liege"]), int(data["treasury_transferred"])
    if vassal not in state.seats or liege not in state.seats:
        return state
    treasury = {**state.treasury, vassal: state.treasury.get(vassal, 0) - amount}
    treasury[liege] = treasury.get(liege, 0) + amount
    return evolved(
        state,
        treasury=treasury,
        lords={**state.lords, vassal: None},
        lord_status={**state.lord_status, vassal: "vassal"},
        lieges={**state.lieges, vassal: liege},
        defeat={},
    )


def _vassal_freed(state: KKState, data: Mapping[str, Any]) -> KKState:
    vassal = str(data["vassal"])
    return evolved(
        state,
        lieges={v: liege for v, liege in state.lieges.items() if v != vassal},
        lord_status={s: v for s, v in state.lord_status.items() if s != vassal},
        returning=(*state.returning, vassal),
    )


def _lord_returned(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = str(data["seat"])
    return evolved(
        state, lords={**state.lords, seat: str(data["to"])}, returning=tuple(s for s in state.returning if s != seat)
    )


def vetoed_with_returns(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """KK-VASSAL-2, KK-MOVE-12: a `BattleVetoed` of before 065763f (schema 1: the whole army back to one county,
    `to`/`units`/`lord`) in today's shape, one group in `returns`; an event that has `returns` is left as it is
    (schema 1 events were written in both shapes, schema 2 in today's)."""
    if "returns" in data or "to" not in data:
        return data
    kept = {k: v for k, v in data.items() if k not in ("to", "units", "lord")}
    return {**kept, "returns": [{"to": data["to"], "units": data.get("units"), "lord": data.get("lord") is True}]}


# Read by every fold and audit (domain/upcasting.py): older BattleVetoed events compare as today's.
UPCASTERS = (Upcaster("BattleVetoed", 1, vetoed_with_returns),)


def _battle_vetoed(state: KKState, data: Mapping[str, Any]) -> KKState:
    """KK-VASSAL-2: each group goes back where it set out from (`returns`); older events name one county (`to`)."""
    battle = state.battle(str(data["battle"]))
    if battle is None:
        return state
    after = state
    for back in vetoed_with_returns(data)["returns"]:
        after = move_units(
            after, battle.attacker, battle.county, str(back["to"]), back["units"], back.get("lord") is True
        )
    after = with_battle(after, battle_with(battle, status="ended"))
    # KK-ADV-4, A-49: no battle is left to release defenders from (a log that released them anyway still folds).
    return evolved(after, release_due=None) if after.release_due == battle.id else after


def _frozen_pass_lifted(state: KKState, data: Mapping[str, Any]) -> KKState:
    """KK-ADV-3, KK-VASSAL-2: the vetoed attack was never made; the pass it forced is undone (the turn goes on)."""
    seat = str(data["seat"])
    return evolved(
        state,
        passed=tuple(s for s in state.passed if s != seat),
        frozen_passes=tuple(s for s in state.frozen_passes if s != seat),
    )


HANDLERS: Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]] = {
    "FealtySworn": _fealty_sworn,
    "VassalFreed": _vassal_freed,
    "LordReturned": _lord_returned,
    "BattleVetoed": _battle_vetoed,
    "FrozenPassLifted": _frozen_pass_lifted,
}
