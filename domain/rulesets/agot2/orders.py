"""Planning and the Action Phase: sealed orders (GOT-X-13/14), the Raven (GOT-RAVEN-*), orders resolved in
Iron Throne order (GOT-TERM-4), the march that starts a combat (GOT-COMBAT-1) and the round end (GOT-X-11)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import SEALED_ROUND_OPENED, Action, Decision, Event, RuleViolation, TraceStep
from domain.rulesets.agot2.board import LAND, PORT, SEA
from domain.rulesets.agot2.evolve import evolve
from domain.rulesets.agot2.flow import (
    current_actor,
    end_round,
)
from domain.rulesets.agot2.guards import Checks, refuse
from domain.rulesets.agot2.neutral import attack_neutral
from domain.rulesets.agot2.state import AgotState, ev
from domain.rulesets.agot2.strength import eligible_support

# --- planning (orders sealed, GOT-X-13/14) and the Raven (GOT-RAVEN-*, X-12) ---


def plan_orders(s: AgotState, action: Action, d: Mapping[str, Any]) -> Decision:
    """GOT-X-14: orders are placed face down, as one sealed round for every seat."""
    if s.phase != "planning" or s.planning_round is not None:
        return refuse("GOT-X-14", f"orders are placed in the Planning Phase; the game is in the {s.phase} phase")
    if s.combat is not None or s.bidding is not None:
        return refuse("GOT-X-14", "finish the combat or the bidding under way first")
    data = {"round": f"orders-{s.round}", "seats": list(s.seats), "purpose": "orders", "opened_by": action.seat}
    trace = TraceStep("GOT-X-14", f"round {s.round}: every seat seals its orders")
    return Decision((Event(SEALED_ROUND_OPENED, data),), trace=(trace,))


def orders_errors(s: AgotState, seat: str, payload: Any) -> list[RuleViolation]:
    """GOT-COURT-1/2, X-13: own areas, tokens of the set each once, special orders within the stars."""
    orders = payload.get("orders") if isinstance(payload, Mapping) else None
    if not isinstance(orders, list) or not all(isinstance(o, Mapping) for o in orders):
        return [
            RuleViolation(
                "GOT-X-14", f"payload {payload!r} must be {{orders: [{{area, token}}]}}", {"field": "payload.orders"}
            )
        ]
    errors = []
    areas, tokens = set(), set()
    for index, o in enumerate(orders):
        area, token = o.get("area"), o.get("token")
        where = f"payload.orders[{index}]"
        if not isinstance(area, str) or not s.units_in(area, seat):
            errors.append(RuleViolation("GOT-X-13", f"{seat} has no units in {area!r}", {"field": f"{where}.area"}))
        elif area in areas:
            errors.append(RuleViolation("GOT-X-13", f"two orders in {area!r}", {"field": f"{where}.area"}))
        if not isinstance(token, str) or token not in s.tokens:
            errors.append(RuleViolation("GOT-X-13", f"unknown order token {token!r}", {"field": f"{where}.token"}))
        elif token in tokens:
            errors.append(RuleViolation("GOT-X-13", f"token {token!r} placed twice", {"field": f"{where}.token"}))
        areas.add(area)
        tokens.add(token)
    special = sum(1 for t in tokens if isinstance(t, str) and t in s.tokens and s.tokens[t].special)
    stars = stars_of(s, seat)
    if special > stars:
        errors.append(
            RuleViolation(
                "GOT-COURT-1",
                f"{special} special orders but {seat} has {stars} star(s) on the King's Court track",
                {"field": "payload.orders"},
            )
        )
    return errors


def stars_of(s: AgotState, seat: str) -> int:
    """GOT-COURT-1/2: the stars of the seat's King's Court position."""
    track = s.tracks.get("kings_court", ())
    index = track.index(seat) if seat in track else len(s.stars)
    return s.stars[index] if index < len(s.stars) else 0


def reveal_orders(s: AgotState, payloads: Mapping[str, Any]) -> Decision:
    """OrdersRevealed: every seat's orders at once, then the Raven's moment (GOT-X-12)."""
    placements = {
        seat: [{"area": o["area"], "order_token": o["token"]} for o in payloads[seat].get("orders", [])]
        for seat in sorted(payloads)
    }
    trace = TraceStep("GOT-X-13", "orders revealed; special orders within each seat's King's Court stars")
    return Decision((ev(s, "OrdersRevealed", placements=placements),), trace=(trace,))


def _raven_guard(s: AgotState, seat: str | None, checks: Checks) -> Decision | None:
    """GOT-RAVEN-1/5, X-12: the holder, once, after the reveal and before the first order is resolved.

    A transcript records the Raven used by another seat, a second time or late, though never in a combat.
    """
    holder = s.holder("kings_court")
    if seat != holder:
        message = f"{seat!r} does not hold the Messenger Raven; {holder!r} does"
        if seat is None or checks.broken("GOT-TRACK-6", message, "seat"):
            return refuse("GOT-TRACK-6", message, "seat")
    if s.raven_used and checks.broken("GOT-RAVEN-5", "the Messenger Raven was already used this round"):
        return checks.refusal()
    if not s.raven_window:
        message = "the Raven is used after the orders are revealed and before the first is resolved"
        if s.combat is not None or checks.broken("GOT-X-12", message):
            return refuse("GOT-X-12", message)
    return None


def use_raven(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-RAVEN-2/3: replace one own order with an unplaced one, or look at the top Wildling card.

    GOT-RAVEN-4: the card looked at is never recorded, only whether it goes back on top or to the bottom.
    """
    seat = action.seat
    checks = Checks(lenient)
    if (refused := _raven_guard(s, seat, checks)) is not None:
        return refused
    assert seat is not None
    option = d.get("option")
    if option == "replace_order":
        area, token = d.get("area"), d.get("token")
        order = s.orders.get(area) if isinstance(area, str) else None
        if order is None or order.seat != seat:
            return refuse("GOT-RAVEN-2", f"{seat} has no order in {area!r}", "data.area")
        if not isinstance(token, str) or token not in unplaced_tokens(s, seat):
            return refuse("GOT-RAVEN-2", f"{token!r} is not one of {seat}'s unplaced order tokens", "data.token")
        special = specials_after_swap(s, seat, order.token, token)
        if special > stars_of(s, seat):
            # GOT-COURT-1 (the stars limit special orders) bars the swap; GOT-X-13 extends its check to the Raven.
            message = f"{special} special orders exceed {seat}'s {stars_of(s, seat)} star(s)"
            over_stars = checks.broken("GOT-COURT-1", message, "data.token")
            checks.broken("GOT-X-13", message, "data.token")
            if over_stars:
                return Decision(violations=tuple(checks.violations[-2:]))
        event = ev(s, "RavenUsed", seat=seat, option=option, area=area, removed_token=order.token, placed_token=token)
        trace = TraceStep("GOT-RAVEN-2", f"{seat}: {order.token} -> {token} in {area}")
        return checks.record(Decision((event,), trace=(trace,)))
    if option == "inspect_wildling":
        placement = d.get("placement")
        if placement not in ("top", "bottom"):
            return refuse("GOT-RAVEN-3", f"placement {placement!r} must be 'top' or 'bottom'", "data.placement")
        event = ev(s, "RavenUsed", seat=seat, option=option, placement=placement)
        trace = TraceStep("GOT-RAVEN-3", f"{seat} puts the card back {placement}")
        return checks.record(Decision((event,), trace=(trace,)))
    return refuse("GOT-RAVEN-1", f"option {option!r} must be 'replace_order' or 'inspect_wildling'", "data.option")


def unplaced_tokens(s: AgotState, seat: str) -> list[str]:
    """GOT-RAVEN-2, X-12: the seat's order tokens of the set not on the board, by id."""
    placed = {o.token for o in s.orders.values() if o.seat == seat}
    return sorted(t for t in s.tokens if t not in placed)


def specials_after_swap(s: AgotState, seat: str, removed: str, placed: str) -> int:
    """GOT-COURT-1, X-13: the special orders the seat has on the board once the Raven swaps these tokens."""
    tokens = {o.token for o in s.orders.values() if o.seat == seat} - {removed} | {placed}
    return sum(1 for t in tokens if s.tokens[t].special)


def decline_raven(s: AgotState, action: Action, d: Mapping[str, Any]) -> Decision:
    """GOT-RAVEN-1: the holder may let the moment pass (declining out of its moment records nothing)."""
    if (refused := _raven_guard(s, action.seat, Checks(False))) is not None:
        return refused
    return Decision((ev(s, "RavenDeclined", seat=action.seat),))


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
    """A Raid removes an adjacent enemy Support, Raid or Consolidate Power order (special: also Defense).

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
    return checks.record(Decision((event,)))


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
    return checks.record(Decision((event,)))


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
        to_area, units = move.get("to_area"), move.get("units")
        field = f"data.moves[{index}]"
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
        if not can_enter(s, units, to_area) and checks.broken(
            "GOT-RETREAT-8", f"these units cannot enter the {s.board.kind(to_area)} area {to_area}", f"{field}.to_area"
        ):
            return checks.refusal()
        other = defender_of(s, to_area, seat)
        if (other is not None or to_area in s.neutral_forces) and (combat_move is not None or neutral is not None):
            return refuse("GOT-COMBAT-1", "one march starts at most one combat", f"{field}.to_area")
        if to_area in s.neutral_forces:
            neutral = attack_neutral(s, seat, origin, token, to_area, list(units), field, checks)
            if not neutral.events:
                return neutral
        elif other is not None:
            combat_move = (to_area, list(units), other)
        else:
            facts.append(
                ev(
                    s,
                    "UnitsMarched",
                    seat=seat,
                    from_area=origin,
                    to_area=to_area,
                    units=list(units),
                    order_token=token,
                    starts_combat=False,
                )
            )
            enemy_token = s.power_tokens.get(to_area)
            if enemy_token is not None and enemy_token != seat:
                facts.append(ev(s, "PowerTokenRemoved", area=to_area, seat=enemy_token, reason="marched_in"))
    if combat_move is None:
        removal = {"area": origin, "seat": seat, "order_token": token, "reason": "march_resolved"}
        removed = Decision((ev(s, "OrdersRemoved", removals=[removal], seat=seat),))
        fought = neutral if neutral is not None else Decision()
        return checks.record(Decision(tuple(facts)).then(fought).then(removed))
    # Catalog §5: a combat's id is the version of its CombatInitiated event (after the facts and the march).
    combat_id = version + len(facts) + 2
    started = _start_combat(s, combat_id, seat, origin, token, *combat_move)
    return checks.record(Decision(tuple(facts)).then(started))


def can_enter(s: AgotState, units: list[str], area: str) -> bool:
    """GOT-RETREAT-8: ships move into sea areas and ports, the other units into land areas."""
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
    """GOT-X-11: the recorder closes the Action Phase (remaining orders are removed)."""
    if s.phase != "action" or s.combat is not None:
        return refuse("GOT-X-11", "a round ends in the Action Phase with no combat under way")
    return end_round(s, "GOT-X-11: the recorder ends the round")
