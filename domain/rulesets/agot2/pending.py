"""What an agot2 game waits for (issue 15, point 2): the seats that may act now and the choices the rules accept.

A round runs: the Westeros phase (the table opens bids on the influence tracks and enters the Westeros cards,
mustering and wildling effects with `adjust`, GOT-X-25), the Planning Phase (every House seals its orders,
GOT-X-13/14), the Raven's moment (GOT-X-12), then the orders resolved in Iron Throne order (GOT-TERM-4), a combat
stopping the round at each choice it asks for (pending_combat.py). Sealed orders, house cards and bids are
private options of their seat: the seat's own order sets, the cards in its own hand, its bids within its Power.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from itertools import islice, permutations
from typing import Any

from domain.kernel import Game, Mode, SealedRound, Viewer
from domain.pending import Option, Pending, Waiting, ended_or, for_viewer, merged, sealing
from domain.rulesets.agot2.abilities import power_in_pool
from domain.rulesets.agot2.card_choices import card_errors
from domain.rulesets.agot2.flow import current_actor
from domain.rulesets.agot2.notation_names import house, words
from domain.rulesets.agot2.pending_combat import combat_waits, printed_card
from domain.rulesets.agot2.pending_orders import ORDER_RULES, order_fields, order_sets, raven_options, turn_options
from domain.rulesets.agot2.state import TRACKS, AgotState

# The orders of tied bidders listed before the list becomes a representative one (4 tied seats: all 24).
MAX_TIE_ORDERS = 24
CARD_RULES = ("GOT-CARD-1", "GOT-COMBAT-4", "GOT-X-14")
TRACK_RULES = {"iron_throne": "GOT-THRONE-3", "fiefdoms": "GOT-THRONE-2", "kings_court": "GOT-TRACK-6"}

Situation = tuple[str, str, str, tuple[Waiting, ...]]  # phase, rule id, summary, the seats waited on


def pending(game: Game, viewer: Viewer) -> Pending:
    """Who may act now and with which choices, as `viewer` may see them (others' sealed choices hidden)."""
    return for_viewer(ended_or(game, _pending), viewer)


def _pending(game: Game) -> Pending:
    state: AgotState = game.state
    phase, rule, summary, waits = _situation(state, game.meta.mode is Mode.TRANSCRIPT)
    waiting = merged((*_sealed(game), *waits))
    if not waiting:  # an adjusted state the engine's steps no longer lead on from: the arbiter or recorder does
        waiting = (Waiting(None, (_adjust(state, "enter what happened at the table"),), "the table sets the state"),)
    return Pending(phase, rule, summary, waiting)


def _situation(s: AgotState, lenient: bool) -> Situation:
    if s.combat is not None:
        rule, summary, waits = combat_waits(s, s.combat, lenient)
        return "combat", rule, summary, waits
    if s.bidding is not None:
        return _bidding(s)
    if s.phase == "planning":
        return _planning(s)
    if s.raven_window:
        holder = s.holder("kings_court") or ""
        waiting = Waiting(holder, raven_options(s, holder), "holds the Messenger Raven")
        # GOT-RAVEN-1 places the Raven in the Planning Phase; X-12 fixes its moment after the orders' reveal.
        said = f"{house(holder)} may use the Messenger Raven before the first order"  # by name, as the notation
        return "planning", "GOT-X-12", said, (waiting,)
    actor = current_actor(s)
    if actor is not None:
        step = s.step.replace("_", " ")  # "consolidate power", as a person says it
        waiting = Waiting(actor, turn_options(s, actor), f"resolves one of its {step} orders")
        return "action", "GOT-TERM-4", f"{house(actor)} resolves a {step} order, in Iron Throne order", (waiting,)
    # A game set up mid-phase with no order of its step left: only the round's end leads on (GOT-X-11).
    close = Option("end_round", ("GOT-X-11",), ({},), note="the round ends; its remaining orders are removed")
    summary = f"no {s.step} order is left to resolve: the round ends"
    return "action", "GOT-X-11", summary, (Waiting(None, (close,), "the table ends the round"),)


def _planning(s: AgotState) -> Situation:
    """The Westeros phase, then the orders sealed by every House (GOT-X-14)."""
    if s.planning_round is not None:
        return "planning", "GOT-X-14", f"round {s.round}: every House seals its orders", ()
    options = (
        Option("plan_orders", ("GOT-X-14",), ({},), note="opens the sealed round of orders for every House"),
        Option(
            "open_bidding",
            ("GOT-TRACK-1", "GOT-THRONE-1", "GOT-X-14"),
            tuple({"track": track} for track in TRACKS),
            note="a Westeros card calls the Houses to bid on the influence tracks",
        ),
        _adjust(s, "the Westeros cards, mustering, supply and wildling effects of this phase"),
    )
    summary = f"round {s.round}: the Westeros phase, then the orders are placed"
    return "planning", "GOT-X-14", summary, (Waiting(None, options, "the Westeros phase and the Planning Phase"),)


def _bidding(s: AgotState) -> Situation:
    """GOT-THRONE-1/2/3, X-22: bids are sealed; tied bidders are ordered by the Iron Throne holder."""
    b = s.bidding
    assert b is not None
    if not (b.revealed and b.tied and b.tie_decider):
        return "bidding", "GOT-X-14", f"every House seals its bid on the {words(b.track)} track", ()
    orders, exhaustive = _tie_orders(b.tied)
    option = Option(
        "break_tie",
        ("GOT-THRONE-1", "GOT-X-22", TRACK_RULES[b.track]),
        tuple({"order": list(order)} for order in orders),
        exhaustive=exhaustive,
        # `order` under the field's own name: the Houses a client's ordered picker offers.
        fields={"tied": list(b.tied), "bids": dict(b.bids), "order": list(b.tied)},
        note="the relative order of every tied House, highest position first",
    )
    waiting = Waiting(b.tie_decider, (option,), "holds the Iron Throne and orders the tied bidders")
    summary = f"the {b.track.replace('_', ' ')} bids tie: {house(b.tie_decider)} orders {', '.join(map(house, b.tied))}"
    return "bidding", "GOT-THRONE-1", summary, (waiting,)


def _tie_orders(tied: tuple[str, ...]) -> tuple[list[tuple[str, ...]], bool]:
    orders = list(islice(permutations(tied), MAX_TIE_ORDERS + 1))
    return orders[:MAX_TIE_ORDERS], len(orders) <= MAX_TIE_ORDERS


def _adjust(s: AgotState, why: str) -> Option:
    """GOT-X-25: what the engine does not compute is entered by the arbiter or recorder; a choice per House of
    one Power gained (a Westeros card, Consolidate Power), the other paths in `fields`. A House whose 20 Power
    tokens are all available or on the board has none left to gain (GOT-X-28): no choice is offered for it."""
    choices = tuple(
        {
            "reason": f"{seat} gains 1 Power ({why})",
            "rule_ids": ["GOT-X-25"],
            "changes": [{"op": "set", "path": f"/power/{seat}", "value": s.power.get(seat, 0) + 1}],
        }
        for seat in s.seats
        if power_in_pool(s, seat) > 0
    )
    fields = {
        "/power/<seat>": "available Power (GOT-TERM-6): Westeros cards, Consolidate Power, bids paid",
        "/units/<unit id>": "mustering: {seat, type, area, routed}; remove for losses to wildlings",
        "/supply_limits/<seat>": "the army sizes the supply track allows (GOT-RETREAT-5, X-17)",
        "/garrisons/<area>": "a home area's garrison value (GOT-X-3)",
        "/power_tokens/<area>": "the seat whose Power token marks the area",
    }
    note = f"{why}; the wildling track and deck are not modelled: their effects are entered on these paths"
    return Option("adjust", ("GOT-X-25",), choices, exhaustive=False, fields=fields, note=note)


# --- the sealed rounds: orders, house cards, bids ---

Payloads = Callable[[SealedRound, str], tuple[Mapping[str, Any], ...]]


def _sealed(game: Game) -> tuple[Waiting, ...]:
    """Each open round's seats still to seal, with their own choices (private to the seat, GOT-X-14)."""
    s: AgotState = game.state
    waiting: list[Waiting] = []
    for name, sealed_round in game.meta.sealed.items():
        meta = replace(game.meta, sealed={name: sealed_round})
        purpose = sealed_round.purpose
        if purpose == "orders":
            waiting += sealing(
                meta,
                lambda _r, seat: order_sets(s, seat),
                ORDER_RULES,
                exhaustive=False,
                fields=lambda _r, seat: order_fields(s, seat),
            )
        elif purpose == "house_card":
            waiting += sealing(meta, lambda _r, seat: _cards(s, seat), CARD_RULES, fields=_hand_of(s))
        elif purpose.startswith("bid:"):
            track = purpose.removeprefix("bid:")
            rules = ("GOT-TERM-6", "GOT-X-14", TRACK_RULES.get(track, "GOT-THRONE-1"))
            waiting += sealing(meta, lambda _r, seat: _bids(s, seat), rules)
    return tuple(waiting)


def _cards(s: AgotState, seat: str) -> tuple[Mapping[str, Any], ...]:
    """GOT-CARD-1, X-8: a card of the seat's own hand (not one an ability just sent back)."""
    return tuple({"card": card} for card in s.hands.get(seat, ()) if not card_errors(s, seat, {"card": card}))


def _hand_of(s: AgotState) -> Callable[[SealedRound, str], Mapping[str, Any]]:
    """The seat's hand; `card` the ones it may play, each in `cards` with its printed name and strength."""

    def fields(_r: SealedRound, seat: str) -> Mapping[str, Any]:
        playable = [c["card"] for c in _cards(s, seat)]
        cards = [printed_card(s.cards[c]) for c in playable if c in s.cards]
        return {"hand": list(s.hands.get(seat, ())), "card": playable, "cards": cards}

    return fields


def _bids(s: AgotState, seat: str) -> tuple[Mapping[str, Any], ...]:
    """GOT-TERM-6: a whole number from 0 to the seat's available Power."""
    return tuple({"amount": amount} for amount in range(s.power.get(seat, 0) + 1))
