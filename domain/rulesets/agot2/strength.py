"""Combat steps 1 and 2: who may support, who supports now, and initial strength in five parts.

Every number comes with a `TraceStep` naming its rule, and the breakdown is the `BaseStrengthAnnounced` data
(catalog §5.1). Step 5 (card text, final strength, the victor) is in resolution.py.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import TraceStep
from domain.rulesets.agot2.board import PORT, SEA
from domain.rulesets.agot2.state import UNIT_STRENGTH, AgotState, Card, Combat, Unit

SIDES = ("attacker", "defender")


def eligible_support(
    state: AgotState, area: str, attacker: str, defender: str
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """GOT-SUPPORT-1/3/5/7/9, X-4, X-5, X-19: the supporters' entries, in turn order."""
    board = state.board
    sea_combat = board.kind(area) in (SEA, PORT)
    by_seat: dict[str, list[str]] = {}
    for where in board.neighbours.get(area, ()):
        order = state.orders.get(where)
        if order is None or state.tokens.get(order.token) is None or state.tokens[order.token].type != "support":
            continue
        if sea_combat and board.kind(where) not in (SEA, PORT):
            continue  # GOT-SUPPORT-7: land units never support a sea combat
        info = board.areas[where]
        if info.kind == PORT and info.port_land == area:
            continue  # GOT-X-19: a port never supports its own land area
        if not any(not u.routed for u in state.units_in(where, order.seat)):
            continue  # GOT-X-5 (d)
        by_seat.setdefault(order.seat, []).append(where)
    entries: list[tuple[str, tuple[str, ...]]] = []
    for seat in state.turn_order():
        areas = tuple(sorted(by_seat.get(seat, ())))
        if not areas:
            continue
        if state.options.get("support_declaration") == "per_order":
            entries += [(seat, (a,)) for a in areas]
        else:
            entries.append((seat, areas))
    return tuple(entries)


def unit_value(unit: Unit, side: str, structure: str | None, supporting: bool = False) -> int:
    """GOT-COMBAT-2/3, SUPPORT-8, ROUT-2: a unit's combat strength in this role."""
    if unit.routed:
        return 0
    if unit.type == "siege_engine":
        return 4 if side == "attacker" and structure is not None else 0
    return UNIT_STRENGTH.get(unit.type, 0)


def fighting_units(state: AgotState, combat: Combat, side: str) -> tuple[Unit, ...]:
    """The side's own units in the fight: the attacking units, or the defender's units in the area."""
    if side == "attacker":
        return tuple(state.units[u] for u in combat.attacking if u in state.units)
    return state.units_in(combat.area, combat.defender)


def supporting_areas(combat: Combat, side: str) -> tuple[tuple[str, str], ...]:
    """GOT-X-23: (seat, area) of every area declared for a side, fixed at the end of step 1."""
    return tuple((seat, a) for seat, chosen, areas in combat.declarations if chosen == side for a in areas)


def live_support(state: AgotState, combat: Combat, side: str) -> tuple[tuple[str, str], ...]:
    """GOT-X-5, X-23: the (seat, area) that support this side now: declared in step 1, Support order still there.

    The one answer to "who supports this side" for the strength and for every card text that counts or tests it.
    """
    return tuple((seat, where) for seat, where in supporting_areas(combat, side) if _has_support(state, seat, where))


def _has_support(state: AgotState, seat: str, where: str) -> bool:
    """GOT-X-5: a Support order removed before step 5 (e.g. by a card ability) no longer counts."""
    order = state.orders.get(where)
    token = state.tokens.get(order.token) if order is not None else None
    return order is not None and order.seat == seat and token is not None and token.type == "support"


def base_strength(state: AgotState, combat: Combat) -> tuple[dict[str, Any], list[TraceStep]]:
    """GOT-STRENGTH-1..6: each side's five parts and its initial strength."""
    structure = state.board.structure(combat.area)
    trace: list[TraceStep] = []
    found: dict[str, Any] = {}
    for side in SIDES:
        seat = combat.attacker if side == "attacker" else combat.defender
        units = fighting_units(state, combat, side)
        unit_total = sum(unit_value(u, side, structure) for u in units)
        detail = [u.type + (" (routed)" if u.routed else "") for u in units]
        parts = " + ".join(f"{u.type}{' (routed)' if u.routed else ''} {unit_value(u, side, structure)}" for u in units)
        rule = "GOT-COMBAT-3" if any(u.type == "siege_engine" for u in units) else "GOT-COMBAT-2"
        trace.append(TraceStep(rule, f"{side} {seat}: {parts or 'no units'} = {unit_total}", {"units": unit_total}))
        defense = 0
        order = state.orders.get(combat.area)
        if side == "defender" and order is not None and order.seat == seat:
            token = state.tokens.get(order.token)
            if token is not None and token.type == "defense":
                defense = token.modifier
                trace.append(TraceStep("GOT-STRENGTH-3", f"defender {seat}: Defense +{defense}", {"defense": defense}))
        march = 0
        if side == "attacker":
            token = state.tokens.get(combat.march_token)
            march = token.modifier if token is not None else 0
            trace.append(TraceStep("GOT-STRENGTH-4", f"attacker {seat}: March {march:+d}", {"march": march}))
        support = []
        for supporter, where in live_support(state, combat, side):
            entry, step = _support_entry(state, supporter, where, side, structure)
            support.append(entry)
            trace.append(step)
        garrison = 0
        info = state.board.areas.get(combat.area)
        if side == "defender" and info is not None and info.home_of == seat:
            garrison = state.garrisons.get(combat.area, 0)
            if garrison:
                trace.append(
                    TraceStep("GOT-STRENGTH-6", f"garrison of {seat}'s home area +{garrison}", {"garrison": garrison})
                )
        total = unit_total + defense + march + sum(s["units"] + s["order_bonus"] for s in support) + garrison
        trace.append(TraceStep("GOT-STRENGTH-2", f"{side} {seat}: initial strength {total}", {"base": total}))
        found[side] = {
            "seat": seat,
            "units": unit_total,
            "unit_detail": detail,
            "defense_order": defense,
            "march_order": march,
            "support": support,
            "garrison": garrison,
            "base": total,
        }
    return found, trace


def _support_entry(
    state: AgotState, seat: str, where: str, side: str, structure: str | None
) -> tuple[dict[str, Any], TraceStep]:
    """GOT-SUPPORT-2/6/8, STRENGTH-5, X-6: all units of the area plus the special Support bonus."""
    units = state.units_in(where, seat)
    value = sum(unit_value(u, side, structure, supporting=True) for u in units)
    order = state.orders.get(where)
    token = state.tokens.get(order.token) if order is not None else None
    bonus = token.modifier if token is not None else 0
    if value == 0 and not state.options.get("special_support_bonus_always", True):
        bonus = 0
    kinds = sorted({u.type for u in units})
    rule = "GOT-SUPPORT-6" if kinds == ["ship"] else "GOT-SUPPORT-8" if "siege_engine" in kinds else "GOT-SUPPORT-2"
    text = f"{len(units)} unit(s) ({', '.join(kinds)}) of {seat} in {where} support the {side} = {value}"
    if bonus:
        text += f", special Support +{bonus} (GOT-STRENGTH-5)"
    entry = {"seat": seat, "area": where, "units": value, "order_bonus": bonus}
    return entry, TraceStep(rule, text, entry)


# --- the cards fought with (step 3) ---


def card_of(state: AgotState, combat: Combat, seat: str) -> Card | None:
    """The card a combatant fights with (None: none, GOT-X-15)."""
    card_id = combat.cards.get(seat)
    return state.cards.get(card_id) if card_id is not None else None
