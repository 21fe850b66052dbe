"""Deciding moves and purses (RV-NOB-*, RV-MOV-*, RV-SUP-2..4, RV-KL-1/4, RV-AMB-21).

Each guard returns the violation it finds (or None) and is named for what it checks; its docstring starts with
the rule id.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv import league
from domain.rulesets.cedofan_rv.amendments import SIEGE_KEPT_ON_MOVE
from domain.rulesets.cedofan_rv.guards import in_own_impulse, own_noble, within_limit
from domain.rulesets.cedofan_rv.options import NOBLE
from domain.rulesets.cedofan_rv.sieges import borders_passably
from domain.rulesets.cedofan_rv.state import Piece, RvState
from domain.rulesets.cedofan_rv.treasuries import piece_treasury

TREASURY = "treasury"


# --- moves ---


def move_banner(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-NOB-1..3, RV-MOV-1..2, RV-SUP-1..2, RV-AMB-21: a banner moves along a path of borders."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    data = action.data
    if (wrong := in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    noble = own_noble(state, seat, data.get("noble"), "data.noble")
    if isinstance(noble, RuleViolation):
        return Decision(violations=(noble,))
    if (other := league.acts_for_impulse(state, noble, "data.noble")) is not None:
        return Decision(violations=(other,))
    moving = banner_units(state, noble, data.get("units", []), options)
    if isinstance(moving, RuleViolation):
        return Decision(violations=(moving,))
    route = _route(state, noble.area, data.get("path"))
    if isinstance(route, RuleViolation):
        return Decision(violations=(route,))
    steps, border = route
    cost, slowest = move_cost(options["unit_table"], (noble, *moving), steps)
    destination = data["path"][-1]
    paid_from, account, held = move_funds(state, seat, noble, destination)
    violations = [v for v in (within_limit(state, cost, "the move"),) if v is not None]
    if cost > held:
        home = paid_from == TREASURY
        where = f"the treasury of {account!r}" if home else f"the purse of {noble.id!r} (enemy territory)"
        violations.append(RuleViolation("RV-SUP-2", f"the move costs {cost} but {where} holds {held}", {}))
    kept, broken = (
        sieges_after_move(state, noble, destination, border) if SIEGE_KEPT_ON_MOVE in state.amendments else ([], [])
    )
    event = Event(
        "BannerMoved",
        {
            "seat": seat,
            "noble": noble.id,
            "units": [p.id for p in moving],
            "from": noble.area,
            "path": list(data["path"]),
            "to": destination,
            "border": border,
            "steps": steps,
            "cost": cost,
            "paid_from": paid_from,
            **({"besieges": kept} if kept else {}),
            **({"breaks_off": broken} if broken else {}),
            "rule_ids": [*MOVE_RULE_IDS, *(SIEGE_KEPT_RULES if kept else ())],
        },
    )
    step = TraceStep(
        "RV-AMB-21",
        f"RV-AMB-21: ceil({steps} steps / speed {slowest} of the slowest) = {cost}, paid from {paid_from} (RV-SUP-2)",
        {"steps": steps, "speed": slowest, "cost": cost},
    )
    # Transcript mode records the move with what it overspent; adjudicated mode refuses it.
    return Decision((event,), tuple(violations), (step, *_siege_steps(noble, kept, broken)))


MOVE_RULE_IDS = ("RV-MOV-1", "RV-MOV-2", "RV-AMB-21", "RV-SUP-1", "RV-SUP-2")
# The rules a move that keeps its siege cites: the siege lasts until broken off, from in the region or next to it.
SIEGE_KEPT_RULES = ("RV-REL-7", "RV-AMB-16")


def sieges_after_move(state: RvState, noble: Piece, to: str, border: str) -> tuple[list[str], list[str]]:
    """RV-REL-7, RV-AMB-16: of the places the noble besieges, those his move keeps besieged (it ends where he still
    besieges them: in the region, entered over a passable border, or next to it across one) and those it breaks
    off (he no longer stands where a besieger may). Since 1.1.0 (`SIEGE_KEPT_ON_MOVE`); under 1.0.0 the move names
    neither, and the fold ends his part in every siege he held, as it did when those games were played."""
    moved = replace(noble, area=to, entered_by=border)
    held = sorted(area for area, siege in state.sieges.items() if noble.id in siege.nobles)
    kept = [area for area in held if borders_passably(state, moved, area)]
    return kept, [area for area in held if area not in kept]


def _siege_steps(noble: Piece, kept: list[str], broken: list[str]) -> tuple[TraceStep, ...]:
    """RV-REL-7: what the move does to the sieges the noble holds, said in the trace."""
    steps = []
    if kept:
        text = f"RV-REL-7, RV-AMB-16: {noble.id!r} still besieges {', '.join(kept)}: the siege is not broken off"
        steps.append(TraceStep("RV-REL-7", text, {"besieges": kept}))
    if broken:
        text = f"RV-SIE-3: {noble.id!r} no longer borders {', '.join(broken)}: he breaks off its siege"
        steps.append(TraceStep("RV-SIE-3", text, {"breaks_off": broken}))
    return tuple(steps)


def move_cost(table: Mapping[str, Mapping[str, int]], banner: tuple[Piece, ...], steps: int) -> tuple[int, int]:
    """RV-MOV-1, RV-AMB-21: ceil(steps / speed of the banner's slowest piece), and that speed."""
    slowest = min(table[p.kind]["speed"] for p in banner)
    return math.ceil(steps / slowest), slowest


def move_funds(state: RvState, seat: str, noble: Piece, destination: str) -> tuple[str, str, int]:
    """RV-SUP-2, RV-KL-1: a move home is paid from the (sub-faction's) treasury, elsewhere from the noble's purse:
    where it is paid from, the treasury account, and what that source holds."""
    account = piece_treasury(noble)
    if state.is_home(seat, destination):
        return TREASURY, account, state.treasuries.get(account, 0)
    return "purse", account, state.purses.get(noble.id, 0)


def banner_units(
    state: RvState, noble: Piece, unit_ids: Any, options: Mapping[str, Any]
) -> tuple[Piece, ...] | RuleViolation:
    """RV-NOB-2/3, RV-KL-4: the units a noble moves stand with him, are his faction's, within his capacity."""
    if not isinstance(unit_ids, list) or len(set(map(str, unit_ids))) != len(unit_ids):
        return RuleViolation(
            "RV-NOB-3", f"units {unit_ids!r} must be a list of distinct unit ids", {"field": "data.units"}
        )
    found: list[Piece] = []
    for unit_id in unit_ids:
        unit = state.pieces.get(unit_id) if isinstance(unit_id, str) else None
        if unit is None or unit.kind == NOBLE:
            return RuleViolation("RV-NOB-3", f"{unit_id!r} is not a unit on the board", {"field": "data.units"})
        if unit.owner != noble.owner or unit.area != noble.area:
            return RuleViolation(
                "RV-NOB-3",
                f"unit {unit_id!r} is not a unit of {noble.owner!r} in {noble.area!r}",
                {"field": "data.units"},
            )
        if unit.subfaction and noble.subfaction and unit.subfaction != noble.subfaction:
            return RuleViolation(
                "RV-KL-4",
                f"a {noble.subfaction} noble cannot move {unit.subfaction} unit {unit_id!r}",
                {"field": "data.units"},
            )
        found.append(unit)
    capacity = options["leader_table"][noble.rank or "general"]
    if len(found) > capacity:
        return RuleViolation(
            "RV-NOB-2",
            f"{noble.id!r} ({noble.rank}) moves at most {capacity} units, not {len(found)}",
            {"field": "data.units", "capacity": capacity},
        )
    return tuple(found)


def _route(state: RvState, start: str, path: Any) -> tuple[int, str] | RuleViolation:
    """RV-MOV-2: a path crosses borders of the board; its length is the sum of their divider steps."""
    if not isinstance(path, list) or not path or not all(isinstance(a, str) for a in path):
        return RuleViolation(
            "RV-MOV-2", f"path {path!r} must list the regions entered, in order", {"field": "data.path"}
        )
    steps, here, border = 0, start, ""
    for area in path:
        edge = state.map.edges.get(here, {}).get(area)
        if edge is None:
            return RuleViolation("RV-MOV-2", f"no border joins {here!r} and {area!r}", {"field": "data.path"})
        border, length = edge
        steps += length
        here = area
    return steps, border


# --- purses ---


def transfer_resources(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-SUP-3/4: purses are filled on home territory, or by a meeting of two banners."""
    state: RvState = game.state
    seat = str(action.seat)
    data = action.data
    if (wrong := in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    amount = data.get("amount")
    if (wrong := _whole_amount(amount)) is not None:
        return Decision(violations=(wrong,))
    source, target = data.get("from"), data.get("to")
    held = _treasury_to_purse(state, seat, target) if source == TREASURY else _purse_to(state, seat, source, target)
    if isinstance(held, RuleViolation):
        return Decision(violations=(held,))
    if (wrong := _holds_enough(source, held, amount)) is not None:
        return Decision(violations=(wrong,))
    event = Event(
        "ResourcesTransferred",
        {"seat": seat, "from": source, "to": target, "amount": amount, "rule_ids": ["RV-SUP-3", "RV-SUP-4"]},
    )
    return Decision((event,))


def _whole_amount(amount: Any) -> RuleViolation | None:
    """RV-SUP-3: resources pass in whole numbers, at least 1."""
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        return RuleViolation("RV-SUP-3", f"amount {amount!r} must be a whole number >= 1", {"field": "data.amount"})
    return None


def _treasury_to_purse(state: RvState, seat: str, target: Any) -> int | RuleViolation:
    """RV-SUP-3: a noble's purse is filled from the treasury on home territory; what the treasury holds."""
    noble = own_noble(state, seat, target, "data.to")
    if isinstance(noble, RuleViolation):
        return noble
    if (other := league.acts_for_impulse(state, noble, "data.to")) is not None:
        return other  # RV-KL-1: a sub-faction fills purses from its own treasury
    if not state.is_home(seat, noble.area):
        return RuleViolation(
            "RV-SUP-3", f"{noble.id!r} is not on home territory ({noble.area!r})", {"field": "data.to"}
        )
    return state.treasuries.get(piece_treasury(noble), 0)  # RV-KL-1


def _purse_to(state: RvState, seat: str, source: Any, target: Any) -> int | RuleViolation:
    """RV-SUP-4: a purse is emptied into the treasury at home, or into the purse of a noble it meets; what it
    holds."""
    giver = own_noble(state, seat, source, "data.from")
    if isinstance(giver, RuleViolation):
        return giver
    if (other := league.acts_for_impulse(state, giver, "data.from")) is not None:
        return other
    if target == TREASURY:
        if not state.is_home(seat, giver.area):
            return RuleViolation("RV-SUP-4", f"{giver.id!r} is not on home territory", {"field": "data.from"})
    else:
        taker = state.pieces.get(target) if isinstance(target, str) else None
        if taker is None or not taker.is_noble or taker.area != giver.area:
            return RuleViolation(
                "RV-SUP-4", f"{target!r} is not a noble meeting {giver.id!r} in {giver.area!r}", {"field": "data.to"}
            )
    return state.purses.get(giver.id, 0)


def _holds_enough(source: Any, held: int, amount: Any) -> RuleViolation | None:
    """RV-SUP-3: no more passes than the treasury or purse holds."""
    if amount > held:
        return RuleViolation("RV-SUP-3", f"{source!r} holds {held}, not {amount}", {"field": "data.amount"})
    return None
