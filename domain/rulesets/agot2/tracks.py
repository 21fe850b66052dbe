"""Influence tracks: bids sealed and revealed together, ties broken by the Iron Throne holder (GOT-THRONE-*)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import SEALED_ROUND_OPENED, Action, Decision, Event, RuleViolation, TraceStep
from domain.rulesets.agot2.guards import Checks, refuse
from domain.rulesets.agot2.state import TRACKS, AgotState, ev

# --- influence tracks: bids and ties (GOT-THRONE-1/2/3, X-22) ---

# The rule that names who breaks the ties of a track's bids: THRONE-2 speaks of the Fiefdoms bid only; the
# King's Court bid falls under the holder's general tie rule, THRONE-1 (catalog note on THRONE-2).
_BID_RULES = {"iron_throne": "GOT-THRONE-3", "fiefdoms": "GOT-THRONE-2", "kings_court": "GOT-THRONE-1"}


def open_bidding(s: AgotState, action: Action, d: Mapping[str, Any]) -> Decision:
    """GOT-TRACK-1, X-14, COMBAT-4, THRONE-3: bids on one track are sealed by every seat and revealed together."""
    track = d.get("track")
    if track not in TRACKS:
        return refuse("GOT-TRACK-1", f"track {track!r} must be one of {', '.join(TRACKS)}", "data.track")
    if s.combat is not None:  # the combat's six steps end first (GOT-COMBAT-4); THRONE-3 says nothing of it
        return refuse("GOT-COMBAT-4", "a combat is under way: bidding opens after it")
    if s.bidding is not None:  # the Iron Throne's bidding ends, and its holder is settled, before the next
        return refuse("GOT-THRONE-3", "another bidding is under way")
    if (refused := _orders_in_play(s)) is not None:
        return refused
    data = {
        "round": f"bid-{track.replace('_', '-')}-{s.round}-{s.sealed_rounds + 1}",
        "seats": list(s.seats),
        "purpose": f"bid:{track}",
        "opened_by": action.seat,
    }
    return Decision((Event(SEALED_ROUND_OPENED, data),))


def _orders_in_play(s: AgotState) -> Decision | None:
    """GOT-X-13, X-25: bids are made before the orders are placed (the Westeros phase), never among them.

    Orders being sealed were checked against the King's Court stars of their seal, and X-13 holds them to those
    stars at the reveal: a King's Court bidding in between could leave a seat more special orders than stars.
    Orders on the board are resolved in Iron Throne order (GOT-TERM-4), and a bidding opened among them could
    end inside a combat, moving the Fiefdoms track that breaks its tie (GOT-RESOLVE-2, COMBAT-4); the Westeros
    phase that holds the bids is outside the catalog (X-25), and comes before the Planning Phase.
    """
    if s.planning_round is not None:
        message = "orders are being sealed under the King's Court stars: bids are made before the orders are placed"
        return refuse("GOT-X-13", message)
    if s.phase == "action" and s.orders:
        message = f"{len(s.orders)} order(s) are on the board: bids are made in the Westeros phase, before the orders"
        return refuse("GOT-X-25", message)
    return None


def bid_errors(s: AgotState, seat: str, payload: Any) -> list[RuleViolation]:
    """GOT-TERM-6: a bid is a whole number of the seat's available Power."""
    amount = payload.get("amount") if isinstance(payload, Mapping) else None
    available = s.power.get(seat, 0)
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= available:
        return [
            RuleViolation(
                "GOT-TERM-6",
                f"bid {amount!r} must be 0 to {seat}'s available Power {available}",
                {"field": "payload.amount"},
            )
        ]
    return []


def reveal_bids(s: AgotState, payloads: Mapping[str, Any]) -> Decision:
    """GOT-THRONE-1/2/3: ties are broken by the Iron Throne holder at this moment, before the track moves."""
    b = s.bidding
    assert b is not None
    bids = {seat: int(payloads[seat]["amount"]) for seat in sorted(payloads)}
    decider = s.holder("iron_throne")
    amounts = list(bids.values())
    tied = [seat for seat in s.turn_order() if amounts.count(bids[seat]) > 1]
    event = ev(
        s,
        "TrackBidsRevealed",
        track=b.track,
        bids={k: {"amount": v} for k, v in bids.items()},
        tie_decider=decider,
        tied=tied,
    )
    trace = [
        TraceStep(
            _BID_RULES.get(b.track, "GOT-THRONE-1"),
            f"bids on {b.track}: {bids}; ties decided by the Iron Throne holder {decider}",
        )
    ]
    if tied:
        return Decision((event,), trace=tuple(trace))
    order = sorted(bids, key=lambda seat: -bids[seat])
    return Decision((event,), trace=tuple(trace)).then(set_track_positions(s, b.track, order))


def set_track_positions(s: AgotState, track: str, order: list[str], **why: str) -> Decision:
    """GOT-TRACK-4/5/6: the new positions, and the dominance token to position 1 (`why`: e.g. a reason)."""
    events = [ev(s, "TrackPositionsSet", track=track, order=order, **why)]
    token = {"iron_throne": "iron_throne_token", "fiefdoms": "valyrian_steel_blade", "kings_court": "messenger_raven"}[
        track
    ]
    before = s.holder(track)
    if before != order[0]:
        events.append(ev(s, "DominanceTokenPassed", token=token, to=order[0], **{"from": before}))
    rule = {"iron_throne": "GOT-TRACK-4", "fiefdoms": "GOT-TRACK-5", "kings_court": "GOT-TRACK-6"}[track]
    return Decision(tuple(events), trace=(TraceStep(rule, f"{track}: {', '.join(order)}; {token} to {order[0]}"),))


def break_tie(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-THRONE-1/2/3, X-22: the tie decider fixes the relative order of every tied seat.

    A transcript records a tie another seat broke at the table (GOT-THRONE-1) as a deviation.
    """
    b = s.bidding
    if b is None or not b.revealed or not b.tied:
        return refuse("GOT-THRONE-1", "there is no tie to break")
    checks = Checks(lenient)
    if action.seat != b.tie_decider and checks.broken(
        "GOT-THRONE-1", f"{b.tie_decider} holds the Iron Throne and breaks this tie, not {action.seat!r}", "seat"
    ):
        return checks.refusal()
    order = d.get("order")
    if not isinstance(order, list) or sorted(order) != sorted(b.tied):
        return refuse("GOT-X-22", f"order {order!r} must list each tied seat ({', '.join(b.tied)}) once", "data.order")
    rank = {seat: i for i, seat in enumerate(order)}
    final = sorted(b.bids, key=lambda seat: (-b.bids[seat], rank.get(seat, 0)))
    tie = ev(
        s,
        "TieBroken",
        context={"kind": "track_bid", "track": b.track},
        tied=list(b.tied),
        order=order,
        decided_by=action.seat,
    )
    trace = TraceStep("GOT-THRONE-1", f"{action.seat} orders the tie: {order}")
    return checks.record(Decision((tie,), trace=(trace,)).then(set_track_positions(s, b.track, final)))
