"""The Planning Phase and the Raven: orders sealed face down (GOT-X-14, X-25), the King's Court stars (GOT-COURT-1/2),
the reveal, and the Messenger Raven's moment before the first order is resolved (GOT-RAVEN-*, X-12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import SEALED_ROUND_OPENED, Action, Decision, Event, RuleViolation, TraceStep
from domain.rulesets.agot2.guards import Checks, refuse
from domain.rulesets.agot2.state import AgotState, ev

# --- planning (orders sealed, GOT-X-14/25, COURT-1) and the Raven (GOT-RAVEN-*, X-12) ---


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
    """GOT-X-25: own areas, one order each, tokens of the set each once; GOT-COURT-1/2: specials within the stars.

    Where orders may be placed is the full game's Planning Phase, which the seed does not give and the catalog leaves
    out of its scope (§0.2, GOT-X-25); GOT-X-13 is only the King's Court limit, checked here by GOT-COURT-1.
    """
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
            errors.append(RuleViolation("GOT-X-25", f"{seat} has no units in {area!r}", {"field": f"{where}.area"}))
        elif area in areas:
            errors.append(RuleViolation("GOT-X-25", f"two orders in {area!r}", {"field": f"{where}.area"}))
        if not isinstance(token, str) or token not in s.tokens:
            errors.append(RuleViolation("GOT-X-25", f"unknown order token {token!r}", {"field": f"{where}.token"}))
        elif token in tokens:
            errors.append(RuleViolation("GOT-X-25", f"token {token!r} placed twice", {"field": f"{where}.token"}))
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
    step = TraceStep("GOT-RAVEN-1", f"{action.seat} does not use the Messenger Raven this round")
    return Decision((ev(s, "RavenDeclined", seat=action.seat),), trace=(step,))
