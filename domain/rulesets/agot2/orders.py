"""The Action Phase: orders resolved in Iron Throne order (GOT-TERM-4), the march that starts a combat
(GOT-COMBAT-1) and the round end (GOT-X-11). The Planning Phase and the Raven are in planning.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Authority, Decision, Event, RuleViolation, TraceStep
from domain.rulesets.agot2.board import LAND, PORT, SEA
from domain.rulesets.agot2.evolve import evolve
from domain.rulesets.agot2.flow import (
    current_actor,
    end_round,
)
from domain.rulesets.agot2.guards import Checks, refuse
from domain.rulesets.agot2.neutral import attack_neutral
from domain.rulesets.agot2.state import ACTION_STEPS, AgotState, ev
from domain.rulesets.agot2.strength import eligible_support

# --- resolving orders in Iron Throne order (GOT-TERM-4; X-25 for what is out of the seed) ---


def _order_turn(s: AgotState, seat: str | None, area: Any, step: str) -> Decision | None:
    """GOT-COMBAT-4, TERM-4: the Action Phase, no combat under way, the seat's order of this type in the area."""
    if s.phase != "action" or s.combat is not None:
        return refuse("GOT-COMBAT-4", "no order can be resolved now (planning, or a combat under way)")
    order = s.orders.get(area) if isinstance(area, str) else None
    if order is None or order.seat != seat or s.tokens[order.token].type != step:
        return refuse("GOT-TERM-4", f"{seat} has no {step} order in {area!r}", "data.area")
    return None


def _turn_deviations(s: AgotState, seat: str | None, step: str) -> tuple[RuleViolation, ...]:
    """GOT-X-12, TERM-4: the Raven first, then this step, in Iron Throne order.

    Returned with the facts: an adjudicated game refuses them, a transcript records what the table did.
    """
    if s.raven_window:
        holder = s.holder("kings_court")
        return (RuleViolation("GOT-X-12", f"{holder} must first use or decline the Messenger Raven", {}),)
    if s.step != step:
        message = f"{step} orders are not being resolved now; the step is {s.step!r}"
        return (RuleViolation("GOT-TERM-4", message, {"field": "type"}),)
    turn = current_actor(s)
    if seat != turn:
        message = f"it is {turn}'s turn to resolve a {step} order, not {seat!r}'s"
        return (RuleViolation("GOT-TERM-4", message, {"field": "seat"}),)
    return ()


def resolve_raid(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-X-25: a Raid removes an adjacent enemy Support, Raid or Consolidate Power order (special: also Defense).

    A transcript records a raid on an enemy order the table removed against these limits (GOT-X-25).
    """
    seat, area, target = action.seat, d.get("area"), d.get("target_area")
    if (refused := _order_turn(s, seat, area, "raid")) is not None:
        return refused
    checks = Checks(lenient, _turn_deviations(s, seat, "raid"))
    assert isinstance(area, str)
    order = s.orders[area]
    target_token = target_seat = None
    if target is not None:
        aimed = s.orders.get(target) if isinstance(target, str) else None
        if aimed is None or aimed.seat == seat:
            return refuse("GOT-X-25", f"no enemy order adjacent to {area} in {target!r}", "data.target_area")
        assert isinstance(target, str)
        for message in raid_target_errors(s, area, target):
            if checks.broken("GOT-X-25", message, "data.target_area"):
                return checks.refusal()
        target_token, target_seat = aimed.token, aimed.seat
    event = ev(
        s,
        "RaidResolved",
        seat=seat,
        area=area,
        order_token=order.token,
        target_area=target,
        target_seat=target_seat,
        target_token=target_token,
    )
    done = f"removes {target_seat}'s {target_token} in {target}" if target is not None else "is removed unused"
    step = TraceStep("GOT-X-25", f"{seat}'s {order.token} in {area} {done}")
    return checks.record(Decision((event,), trace=(step,)))


def raid_target_errors(s: AgotState, area: str, target: str) -> list[str]:
    """GOT-X-25: why the Raid order in `area` may not remove the enemy order in `target` (none: it may).

    The order is adjacent; a Raid removes a Support, Raid or Consolidate Power order (a special one also a
    Defense order); land units never raid a sea area or a port.
    """
    order, aimed = s.orders[area], s.orders[target]
    errors = []
    if not s.board.are_adjacent(area, target):
        errors.append(f"no enemy order adjacent to {area} in {target!r}")
    allowed = {"support", "raid", "consolidate_power"} | ({"defense"} if s.tokens[order.token].special else set())
    aimed_type = s.tokens[aimed.token].type
    if aimed_type not in allowed:
        errors.append(f"{order.token} cannot remove a {aimed_type} order")
    if s.board.kind(area) == LAND and s.board.kind(target) != LAND:
        errors.append(f"land units in {area} cannot raid the sea area {target}")
    return errors


def resolve_consolidate(s: AgotState, action: Action, d: Mapping[str, Any]) -> Decision:
    """Consolidate Power is resolved in turn; the Power gained is entered with `adjust` (GOT-X-25)."""
    area = d.get("area")
    if (refused := _order_turn(s, action.seat, area, "consolidate_power")) is not None:
        return refused
    checks = Checks(False, _turn_deviations(s, action.seat, "consolidate_power"))
    assert isinstance(area, str)
    event = ev(s, "ConsolidateResolved", seat=action.seat, area=area, order_token=s.orders[area].token)
    step = TraceStep("GOT-X-25", f"{action.seat} consolidates Power in {area}; the Power gained is entered with adjust")
    return checks.record(Decision((event,), trace=(step,)))


def march(s: AgotState, action: Action, d: Mapping[str, Any], version: int = 0, lenient: bool = False) -> Decision:
    """GOT-COMBAT-1, ROUT-5, X-25, X-27: moves to adjacent areas; a move into another House's area starts combat,
    one into a neutral force's area attacks it (GOT-X-26/27).

    A transcript records a move the table made with routed units, to a non-adjacent area or into an area of
    the wrong kind, as long as the units and the area exist; at most one combat per march in both modes.
    """
    seat, origin = action.seat, d.get("from_area")
    if (refused := _order_turn(s, seat, origin, "march")) is not None:
        return refused
    checks = Checks(lenient, _turn_deviations(s, seat, "march"))
    assert seat is not None and isinstance(origin, str)
    moves = d.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, Mapping) for m in moves):
        return refuse("GOT-X-25", f"moves {moves!r} must be a list of {{to_area, units}}", "data.moves")
    token = s.orders[origin].token
    used: set[str] = set()
    facts: list[Event] = []
    combat_move: tuple[str, list[str], str] | None = None
    neutral: Decision | None = None  # GOT-X-27: the march's attack on a neutral force, if any
    for index, move in enumerate(moves):
        field = f"data.moves[{index}]"
        if (refused := _move_refusal(s, seat, origin, move, field, used, checks)) is not None:
            return refused
        to_area, units = move["to_area"], list(move["units"])
        other = defender_of(s, to_area, seat)
        if (other is not None or to_area in s.neutral_forces) and (combat_move is not None or neutral is not None):
            # The catalog leaves march legality, "one combat per march" by name, to GOT-X-25 (§0.2): GOT-COMBAT-1 only
            # says a move into another House's area starts a combat, not that a march starts one at most. With a
            # neutral force among them the rule is GOT-X-27's: "Attacking a neutral force is the march's one combat".
            rule = "GOT-X-27" if neutral is not None or to_area in s.neutral_forces else "GOT-X-25"
            return refuse(rule, "one march starts at most one combat", f"{field}.to_area")
        if to_area in s.neutral_forces:
            neutral = attack_neutral(s, seat, origin, token, to_area, units, field, checks)
            if not neutral.events:
                return neutral
        elif other is not None:
            combat_move = (to_area, units, other)
        else:
            facts += _marched(s, seat, origin, token, to_area, units)
    if combat_move is None:
        removal = {"area": origin, "seat": seat, "order_token": token, "reason": "march_resolved"}
        removed = Decision((ev(s, "OrdersRemoved", removals=[removal], seat=seat),))
        fought = neutral if neutral is not None else Decision()
        return checks.record(Decision(tuple(facts)).then(fought).then(removed))
    # Catalog §5: a combat's id is the version of its CombatInitiated event (after the facts and the march).
    combat_id = version + len(facts) + 2
    started = _start_combat(s, combat_id, seat, origin, token, *combat_move)
    return checks.record(Decision(tuple(facts)).then(started))


def _move_refusal(
    s: AgotState, seat: str, origin: str, move: Mapping[str, Any], field: str, used: set[str], checks: Checks
) -> Decision | None:
    """GOT-ROUT-5, X-25: the seat's own unrouted units of the origin, each moving once, to an adjacent
    area of their kind (the units are added to `used`); None when the move may be recorded."""
    to_area, units = move.get("to_area"), move.get("units")
    if not isinstance(units, list) or not units:
        return refuse("GOT-X-25", f"{field}.units must list the moving units", f"{field}.units")
    for uid in units:
        unit = s.units.get(uid) if isinstance(uid, str) else None
        if unit is None or unit.seat != seat or unit.area != origin or uid in used:
            return refuse("GOT-X-25", f"{uid!r} is not a unit of {seat} in {origin}", f"{field}.units")
        if unit.routed and checks.broken("GOT-ROUT-5", f"{uid} is routed and cannot move", f"{field}.units"):
            return checks.refusal()
        used.add(uid)
    if not isinstance(to_area, str) or not s.board.are_adjacent(origin, to_area):
        message = f"{to_area!r} is not adjacent to {origin}"
        known = isinstance(to_area, str) and to_area in s.board.areas and to_area != origin
        if not known or checks.broken("GOT-X-25", message, f"{field}.to_area"):
            return refuse("GOT-X-25", message, f"{field}.to_area")
    assert isinstance(to_area, str)
    # Which units may march where is march legality, left by the catalog to GOT-X-25 (§0.2); the seed states the
    # land/sea split only for retreats (GOT-RETREAT-8), which the message names as the closest rule.
    message = (
        f"these units cannot enter the {s.board.kind(to_area)} area {to_area} (as GOT-RETREAT-8 has it for retreats)"
    )
    if not can_enter(s, units, to_area) and checks.broken("GOT-X-25", message, f"{field}.to_area"):
        return checks.refusal()
    return None


def _marched(s: AgotState, seat: str, origin: str, token: str, to_area: str, units: list[str]) -> list[Event]:
    """A march into an area no other House holds, and the enemy Power token it removes there."""
    facts = {"from_area": origin, "to_area": to_area, "units": units, "order_token": token, "starts_combat": False}
    marched = ev(s, "UnitsMarched", seat=seat, **facts)
    enemy_token = s.power_tokens.get(to_area)
    if enemy_token is not None and enemy_token != seat:
        return [marched, ev(s, "PowerTokenRemoved", area=to_area, seat=enemy_token, reason="marched_in")]
    return [marched]


def can_enter(s: AgotState, units: list[str], area: str) -> bool:
    """Ships move into sea areas and ports, the other units into land areas (the split GOT-RETREAT-8 states for
    retreats; for marches it is GOT-X-25's)."""
    kinds = {s.units[u].type == "ship" for u in units}
    dest = s.board.kind(area)
    return not ((True in kinds and dest not in (SEA, PORT)) or (False in kinds and dest != LAND))


def defender_of(s: AgotState, area: str, seat: str) -> str | None:
    """GOT-COMBAT-1, X-1, X-3: another House's units, or its lone garrison in its home area."""
    occupant = next((u.seat for u in s.units_in(area) if u.seat != seat), None)
    if occupant is not None:
        return occupant
    home = s.board.areas[area].home_of if area in s.board.areas else None
    if home and home != seat and s.garrisons.get(area) and s.options.get("garrison_alone_triggers_combat", True):
        return home
    return None


def _start_combat(
    s: AgotState, combat_id: int, seat: str, origin: str, token: str, area: str, units: list[str], defender: str
) -> Decision:
    """GOT-COMBAT-1: the march into the area and CombatInitiated, with the eligible supporters (X-5)."""
    marched = ev(
        s, "UnitsMarched", seat=seat, from_area=origin, to_area=area, units=units, order_token=token, starts_combat=True
    )
    after = evolve(s, marched)
    entries = eligible_support(after, area, seat, defender)
    defense = s.orders.get(area)
    defense_token = s.tokens.get(defense.token) if defense is not None and defense.seat == defender else None
    data = {
        "combat_id": combat_id,
        "attacker": seat,
        "defender": defender,
        "embattled_area": area,
        "area_kind": s.board.kind(area),
        "structure": s.board.structure(area),
        "march_origin": origin,
        "march_order": {"token": token, "modifier": s.tokens[token].modifier},
        "attacking_units": units,
        "defending_units": [{"id": u.id, "type": u.type, "routed": u.routed} for u in s.units_in(area, defender)],
        "defense_order": (
            {"token": defense_token.id, "modifier": defense_token.modifier}
            if defense_token is not None and defense_token.type == "defense"
            else None
        ),
        "garrison": s.garrisons.get(area, 0) if s.board.areas[area].home_of == defender else 0,
        "eligible_support": [{"seat": st, "areas": [_support_area(s, a) for a in areas]} for st, areas in entries],
        "fiefdoms_positions": {x: s.tracks["fiefdoms"].index(x) + 1 for x in (seat, defender)},
    }
    names = ", ".join(f"{st} ({', '.join(a)})" for st, a in entries) or "none"
    trace = (
        TraceStep("GOT-COMBAT-1", f"{seat} marches {', '.join(units)} from {origin} into {area}, held by {defender}"),
        TraceStep("GOT-SUPPORT-3", f"eligible supporters in turn order: {names}"),
    )
    return Decision((marched, ev(s, "CombatInitiated", **data)), trace=trace)


def _support_area(s: AgotState, area: str) -> dict[str, Any]:
    order = s.orders[area]
    return {"area": area, "order_token": order.token, "bonus": s.tokens[order.token].modifier}


def close_round(s: AgotState, action: Action, d: Mapping[str, Any]) -> Decision:
    """GOT-X-11: the recorder closes the Action Phase (remaining orders are removed).

    A player does not: the round ends by itself after the last order is resolved (X-11), and the orders still to
    resolve belong to every House in turn (GOT-TERM-4), not to the one that would skip them.
    """
    if s.phase != "action" or s.combat is not None:
        return refuse("GOT-X-11", "a round ends in the Action Phase with no combat under way")
    left = sorted(a for a, o in s.orders.items() if o.token in s.tokens and s.tokens[o.token].type in ACTION_STEPS)
    if action.authority is Authority.PLAYER and left:
        message = f"orders in {', '.join(left)} are still to be resolved: the round ends after the last one"
        return refuse("GOT-X-11", message)
    return end_round(s, "the recorder ends the round")
