"""Combat steps 6 and 7 as the events that record them: casualties, retreats and routs, then the clean-up
(orders, Power tokens, garrisons, the winner moving in, the cards to the discard piles)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.kernel import Decision, Event, TraceStep
from domain.rulesets.agot2.abilities import prevents
from domain.rulesets.agot2.evolve import evolve
from domain.rulesets.agot2.retreat import casualty_eligible, losing_units, retreat_options
from domain.rulesets.agot2.state import AgotState, Combat, Unit, ev


def casualties(state: AgotState, c: Combat, chosen: list[str] | None = None) -> Decision:
    """GOT-CASUALTY-1..4, ROUT-4, X-16: a D event when forced or zero; None-choice waits for the loser."""
    assert c.result is not None
    loser = c.result["loser"]
    due = c.result["casualties_due"]
    eligible = casualty_eligible(state, c, loser)
    prevented = prevents(state, c, loser, "swords")
    area = c.area if loser == c.defender else c.origin
    if prevented:
        units: list[str] = []
    elif chosen is not None:
        units = chosen
    elif due == 0 or due >= len(eligible):
        units = list(eligible[:due]) if due < len(eligible) else list(eligible)
    else:
        return Decision()  # the loser chooses (GOT-CASUALTY-3)
    data = {
        "combat_id": c.combat_id,
        "seat": loser,
        "area": area,
        "units": units,
        "due": due,
        "eligible": list(eligible),
        "excess_ignored": max(0, due - len(eligible)) if not prevented else 0,
        "prevented_by": prevented,
    }
    text = f"{loser} loses {len(units)} of {due} due; eligible {', '.join(eligible) or 'none'}"
    if prevented:
        text += f"; prevented by {prevented}"
    return Decision((ev(state, "CasualtiesTaken", **data),), trace=(TraceStep("GOT-CASUALTY-2", text),))


def retreat(state: AgotState, c: Combat, choice: dict[str, Any] | None = None, chooser: str | None = None) -> Decision:
    """GOT-RETREAT-1..9, ROUT-1/3, X-17: forced retreats as D events; a real choice waits for `choose_retreat`."""
    assert c.result is not None
    loser = c.result["loser"]
    units = losing_units(state, c, loser)
    siege = [u.id for u in units if u.type == "siege_engine"]
    routed = [u.id for u in units if u.routed and u.type != "siege_engine"]
    movers = tuple(u for u in units if u.id not in siege and u.id not in routed)
    route = _route(state, c, loser, movers, choice, chooser)
    if route is None:
        return Decision()  # the loser chooses among the legal areas (GOT-RETREAT-3)
    chosen = ev(
        state,
        "RetreatChosen",
        combat_id=c.combat_id,
        seat=loser,
        from_area=c.area,
        to_area=route.to_area,
        via=route.via,
        destroy=route.destroy,
        chooser=route.chooser,
    )
    events: list[Event] = [chosen]
    trace = [route.note] if route.note is not None else []
    if route.stranded:  # GOT-RETREAT-6: nowhere to go
        why = "no_legal_retreat"
        events.append(ev(state, "UnitsDestroyed", seat=loser, area=c.area, units=list(route.stranded), reason=why))
        movers = ()
    if route.destroy:
        events.append(ev(state, "UnitsDestroyed", seat=loser, area=c.area, units=route.destroy, reason="supply_limit"))
        trace.append(TraceStep("GOT-RETREAT-5", f"{len(route.destroy)} unit(s) destroyed to stay within supply"))
    left = _left_behind(state, loser, c.origin if loser == c.attacker else c.area, routed, siege)
    going = [u.id for u in movers if u.id not in route.destroy]
    if going and route.to_area is not None:
        to_area = route.to_area
        moved = ev(state, "UnitsRetreated", seat=loser, from_area=c.area, to_area=to_area, units=going, via=route.via)
        routs = ev(state, "UnitsRouted", seat=loser, area=to_area, units=going)
        step = TraceStep("GOT-ROUT-1", f"{', '.join(going)} retreat to {to_area} and are routed")
        left = left.then(Decision((moved, routs), trace=(step,)))
    return Decision(tuple(events), trace=tuple(trace)).then(left)


@dataclass(frozen=True, slots=True)
class Route:
    """Where a loser's retreating units go (None: nowhere), the sea areas crossed, the units destroyed first
    for supply, who chose (None: the rules did), the step of the ruling that fixed it, and the units destroyed
    because no area is legal (GOT-RETREAT-6)."""

    to_area: str | None
    via: list[str]
    destroy: list[str]
    chooser: str | None
    note: TraceStep | None
    stranded: tuple[str, ...] = ()


def _route(
    state: AgotState,
    c: Combat,
    loser: str,
    movers: tuple[Unit, ...],
    choice: dict[str, Any] | None,
    chooser: str | None,
) -> Route | None:
    """GOT-RETREAT-1/3/6: the attacker goes back, a chosen area, no area at all, or the only one; None while
    the loser has a real choice to make."""
    if loser == c.attacker:
        return Route(c.origin, [], [], None, TraceStep("GOT-RETREAT-1", f"the attacker's units go back to {c.origin}"))
    if choice is not None:
        to_area = choice["to_area"]
        note = TraceStep("GOT-RETREAT-3", f"{chooser} chooses {to_area}")
        return Route(to_area, list(choice.get("via", [])), list(choice.get("destroy", [])), chooser, note)
    if not movers:
        return Route(None, [], [], None, None)
    options = retreat_options(state, c, loser, movers)
    if not options:
        note = TraceStep("GOT-RETREAT-6", "no legal retreat area: every retreating unit is destroyed")
        return Route(None, [], [], None, note, tuple(u.id for u in movers))
    only = options[0]
    if len(options) == 1 and (only.destroy == 0 or len({u.type for u in movers}) == 1):
        note = TraceStep("GOT-RETREAT-3", f"the only legal retreat is {only.area}")
        return Route(only.area, list(only.via), [u.id for u in movers[: only.destroy]], None, note)
    return None


def _left_behind(state: AgotState, loser: str, area: str, routed: list[str], siege: list[str]) -> Decision:
    """GOT-ROUT-3, RETREAT-9: routed units and siege engines never retreat; they are destroyed where they stand."""
    events: list[Event] = []
    trace: list[TraceStep] = []
    if routed:
        events.append(ev(state, "UnitsDestroyed", seat=loser, area=area, units=routed, reason="routed_cannot_retreat"))
        trace.append(TraceStep("GOT-ROUT-3", f"routed {', '.join(routed)} cannot retreat: destroyed"))
    if siege:
        why = "siege_engine_cannot_retreat"
        events.append(ev(state, "UnitsDestroyed", seat=loser, area=area, units=siege, reason=why))
        trace.append(TraceStep("GOT-RETREAT-9", f"siege engine(s) {', '.join(siege)} cannot retreat: destroyed"))
    return Decision(tuple(events), trace=tuple(trace))


def cleanup(state: AgotState, c: Combat, winner: str | None, early: bool = False) -> Decision:
    """GOT-CLEANUP-1/2/3, X-2, X-3, X-21, then GOT-CARD-7/8 (discard and the 7th-card return).

    GOT-SUPPORT-4: Support orders are not removed, so they may support any number of combats this round.
    """
    trace: list[TraceStep] = []
    attacker_won = winner == c.attacker
    march_follows = bool(attacker_won and c.effects.get("march_follows"))
    events = _orders_removed(state, c, winner, march_follows, trace)
    if march_follows:
        events.append(
            ev(
                state,
                "OrderMoved",
                seat=c.attacker,
                from_area=c.origin,
                to_area=c.area,
                order_token=c.march_token,
                reason="card_ability",
            )
        )
    if attacker_won and state.power_tokens.get(c.area) == c.defender:
        events.append(ev(state, "PowerTokenRemoved", area=c.area, seat=c.defender, reason="attacker_won"))
    garrison = state.garrisons.get(c.area)
    removable = winner != c.defender and state.options.get("garrison_removed_on_loss", True)
    if garrison and removable and state.board.areas[c.area].home_of == c.defender:
        events.append(ev(state, "GarrisonRemoved", area=c.area, seat=c.defender, value=garrison))
        trace.append(TraceStep("GOT-X-3", f"{c.defender}'s garrison in {c.area} is removed"))
    survivors = [u for u in c.attacking if u in state.units]
    blocked = c.effects.get("block_move_in")
    if attacker_won and survivors and state.options.get("winner_moves_in", True) and not blocked:
        events.append(
            ev(
                state,
                "UnitsMovedIn",
                combat_id=c.combat_id,
                seat=c.attacker,
                from_area=c.origin,
                to_area=c.area,
                units=survivors,
            )
        )
        trace.append(TraceStep("GOT-X-2", f"{', '.join(survivors)} move into {c.area}"))
    after = state
    for event in events:
        after = evolve(after, event)
    events += _empty_area_orders(after)
    events += _discard(after, c)
    return Decision(tuple(events), trace=tuple(trace))


def _orders_removed(
    state: AgotState, c: Combat, winner: str | None, march_follows: bool, trace: list[TraceStep]
) -> list[Event]:
    """GOT-CLEANUP-1/2/3: the March order leaves (unless it follows the army), the beaten defender's order goes."""
    removals = []
    if state.orders.get(c.origin) is not None and state.orders[c.origin].token == c.march_token and not march_follows:
        removals.append(
            {"area": c.origin, "seat": c.attacker, "order_token": c.march_token, "reason": "march_resolved"}
        )
        trace.append(TraceStep("GOT-CLEANUP-1", f"{c.attacker}'s March order leaves {c.origin}"))
    defense = state.orders.get(c.area)
    if winner == c.attacker and defense is not None and defense.seat == c.defender:
        removals.append({"area": c.area, "seat": c.defender, "order_token": defense.token, "reason": "attacker_won"})
        trace.append(TraceStep("GOT-CLEANUP-2", f"{c.defender}'s order in {c.area} is removed"))
    elif winner == c.defender:
        trace.append(TraceStep("GOT-CLEANUP-3", f"{c.defender}'s tokens in {c.area} stay"))
    return [ev(state, "OrdersRemoved", removals=removals)] if removals else []


def _empty_area_orders(state: AgotState) -> list[Event]:
    """GOT-X-21: an order in an area with none of its owner's units is removed."""
    if not state.options.get("remove_orders_in_empty_areas", True):
        return []
    removals = [
        {"area": a, "seat": o.seat, "order_token": o.token, "reason": "area_emptied"}
        for a, o in sorted(state.orders.items())
        if not state.units_in(a, o.seat)
    ]
    return [ev(state, "OrdersRemoved", removals=removals)] if removals else []


def _discard(state: AgotState, c: Combat) -> list[Event]:
    """GOT-CARD-7/8, X-8, X-15: played cards face up to the discard piles; a 7th card returns the rest.

    A played card an ability already moved (Roose Bolton's, back to hand) is not discarded (GOT-X-8).
    """
    moved = set(c.effects.get("not_discarded", ()))
    played = {
        seat: card for seat, card in sorted(c.cards.items()) if card in state.hands.get(seat, ()) and card not in moved
    }
    events = [ev(state, "HouseCardsDiscarded", combat_id=c.combat_id, cards=played)]
    for seat, card in played.items():
        hand = [x for x in state.hands.get(seat, ()) if x != card]
        if not hand:
            back = [x for x in state.discards.get(seat, ())]
            events.append(
                ev(state, "HouseCardsReturned", seat=seat, cards=back, kept_in_discard=[card], reason="seventh_card")
            )
    return events
