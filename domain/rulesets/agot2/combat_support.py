"""Combat step 1: the supporters declare in turn order for a side, or refuse (GOT-SUPPORT-1/3, X-4/X-5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, TraceStep
from domain.rulesets.agot2.board import PORT, SEA
from domain.rulesets.agot2.guards import Checks, combat_under_way, refuse
from domain.rulesets.agot2.state import AgotState, Combat, ev


def _support_turn(
    s: AgotState, action: Action, d: Mapping[str, Any], checks: Checks, extra: bool = False
) -> tuple[Combat | None, tuple[str, tuple[str, ...]] | None, Decision | None]:
    """GOT-SUPPORT-3: declarations are made in turn order, by the seat whose turn it is.

    Returns the combat and the entry the seat answers. A transcript records a supporter declaring out of
    turn, and (`extra`) a seat with no open entry declaring support from areas it names (entry None) while
    step 1 is open.
    """
    c, refused = combat_under_way(s, d)
    if c is None:
        return None, None, refused
    pending = c.pending_support()
    own = next((e for e in pending if e[0] == action.seat), None)
    if not pending:  # step 1 is over: support is fixed (GOT-X-23)
        return None, None, refuse("GOT-SUPPORT-3", "every eligible supporter has already declared")
    seat, areas = pending[0]
    if action.seat != seat:
        message = f"it is {seat}'s turn to declare support ({', '.join(areas)}), not {action.seat!r}'s"
        if own is None and checks.lenient and extra:
            return c, None, None
        if all(entry[0] != action.seat for entry in c.supporters):
            return None, None, _no_entry(s, c, action.seat or "", d)
        if own is None or checks.broken("GOT-SUPPORT-3", message, "seat"):
            return None, None, refuse("GOT-SUPPORT-3", message, "seat")
        return c, own, None
    return c, pending[0], None


def _no_entry(s: AgotState, c: Combat, seat: str, d: Mapping[str, Any]) -> Decision:
    """GOT-X-5, SUPPORT-9: a seat with no eligible Support order for this combat neither declares nor refuses;
    the refusal names why a Support order of the seat it names is out (not the turn order, GOT-SUPPORT-3)."""
    requested = d.get("areas")
    for area in requested if isinstance(requested, list) else ():
        order = s.orders.get(area) if isinstance(area, str) and area in s.board.areas else None
        if order is not None and order.seat == seat and s.tokens[order.token].type == "support":
            rule, why = _ineligible(s, c, seat, area)
            return refuse(rule, f"{area} cannot support the combat in {c.area}: {why}", "data.areas")
    message = f"{seat!r} has no eligible Support order next to {c.area}: it neither declares nor refuses"
    return refuse("GOT-X-5", message, "seat")


def declare_support(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-SUPPORT-1, X-4, X-5: add the support to one side; a combatant backs only its own side.

    `areas` (optional) names the areas supporting; by default every eligible one of the seat's entry.
    """
    checks = Checks(lenient)
    requested = d.get("areas")
    c, entry, refused = _support_turn(s, action, d, checks, extra=bool(requested))
    if c is None:
        return refused or Decision()
    side = d.get("side")
    if side not in ("attacker", "defender"):
        return refuse("GOT-SUPPORT-1", f"side {side!r} must be 'attacker' or 'defender'", "data.side")
    own = c.side_of(action.seat or "")
    if (
        own is not None
        and side != own
        and not s.options.get("combatant_may_support_opponent", False)
        and checks.broken("GOT-X-5", f"{action.seat} is the {own}: it cannot support the {side}", "data.side")
    ):
        return checks.refusal()
    seat = action.seat or ""
    eligible = entry[1] if entry is not None else ()
    areas = list(eligible)
    if requested is not None:
        if not isinstance(requested, list) or not all(isinstance(a, str) for a in requested):
            return refuse("GOT-SUPPORT-1", f"areas {requested!r} must list the supporting areas", "data.areas")
        for area in requested:
            order = s.orders.get(area)
            if order is None or order.seat != seat or s.tokens[order.token].type != "support":
                return refuse("GOT-SUPPORT-1", f"{seat!r} has no Support order in {area!r}", "data.areas")
        for area in sorted(set(requested) - set(eligible)):
            rule, why = _ineligible(s, c, seat, area)
            if checks.broken(rule, f"{area} cannot support the combat in {c.area}: {why}", "data.areas"):
                return checks.refusal()
        missing = sorted(set(eligible) - set(requested))
        if missing and checks.broken(
            "GOT-X-4", f"{seat}'s declaration covers all its eligible orders: {', '.join(missing)}", "data.areas"
        ):
            return checks.refusal()
        areas = sorted(set(requested))
    event = ev(s, "SupportDeclared", combat_id=c.combat_id, seat=seat, side=side, areas=areas)
    trace = TraceStep("GOT-SUPPORT-1", f"{seat} supports the {side} from {', '.join(areas)}")
    return checks.record(Decision((event,), trace=(trace,)))


def _ineligible(s: AgotState, c: Combat, seat: str, area: str) -> tuple[str, str]:
    """GOT-SUPPORT-5/7/9, X-4, X-5, X-19: the rule that keeps a Support order out of this combat."""
    board = s.board
    if area == c.area:
        return "GOT-SUPPORT-5", "it is the embattled area"
    if not board.are_adjacent(area, c.area):
        return "GOT-SUPPORT-9", "it is not adjacent to the embattled area"
    if board.kind(c.area) in (SEA, PORT) and board.kind(area) not in (SEA, PORT):
        return "GOT-SUPPORT-7", "land units never support a sea combat"
    if board.areas[area].port_land == c.area:
        return "GOT-X-19", "a port never supports its own land area"
    if not any(not u.routed for u in s.units_in(area, seat)):
        return "GOT-X-5", "its units are all routed"
    return "GOT-X-4", "each Support order declares separately"


def refuse_support(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-SUPPORT-1: a supporter may refuse."""
    checks = Checks(lenient)
    c, entry, refused = _support_turn(s, action, d, checks)
    if c is None or entry is None:
        return refused or Decision()
    seat, areas = entry
    return checks.record(Decision((ev(s, "SupportRefused", combat_id=c.combat_id, seat=seat, areas=list(areas)),)))
