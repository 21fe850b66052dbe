"""What happens next without anyone choosing: the combat's automatic steps and the round's progress.

`proceed` applies each automatic step to a working copy of the state (through `evolve`) and stops where
a seat must act: a support declaration, a house card, the Blade, a card ability with a choice,
casualties or a retreat with a choice, or the next order to resolve.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import SEALED_ROUND_OPENED, Decision, Event, TraceStep
from domain.rulesets.agot2.abilities import pending_ability, prevents
from domain.rulesets.agot2.evolve import evolve
from domain.rulesets.agot2.retreat import casualty_eligible, losing_units, retreat_options
from domain.rulesets.agot2.state import ACTION_STEPS, AgotState, Combat, ev
from domain.rulesets.agot2.strength import base_strength, final_strength

TIER_BEFORE_BLADE = ("cancel", "immediately")


def proceed(state: AgotState, lenient: bool = False) -> Decision:
    """Every automatic consequence from here until a seat must act (`lenient`: the game is a transcript)."""
    decision = Decision()
    for _ in range(200):  # a bound, never reached: each step changes the state
        step = _next(state, lenient)
        if step is None or not step.events:
            return decision.then(step) if step is not None else decision
        for event in step.events:
            state = evolve(state, event)
        decision = decision.then(step)
    return decision


def _next(state: AgotState, lenient: bool) -> Decision | None:
    c = state.combat
    if c is not None:
        return combat_stage(state, c, lenient)[1]
    if state.phase == "action" and state.bidding is None and not state.raven_window:
        return _round_step(state)
    return None


# --- the round (catalog §0.2 / X-25: orders in Iron Throne order; X-11 round end) ---


def has_orders(state: AgotState, seat: str, step: str) -> bool:
    """Whether the seat still has an order of the step's type on the board."""
    return any(o.seat == seat and state.tokens[o.token].type == step for o in state.orders.values())


def current_actor(state: AgotState) -> str | None:
    """GOT-TERM-4: the next seat in Iron Throne order after the last one that still has such an order."""
    order = state.turn_order()
    start = order.index(state.last_actor) + 1 if state.last_actor in order else 0
    for offset in range(len(order)):
        seat = order[(start + offset) % len(order)]
        if has_orders(state, seat, state.step):
            return seat
    return None


def _round_step(state: AgotState) -> Decision | None:
    if current_actor(state) is not None:
        return None
    later = ACTION_STEPS[ACTION_STEPS.index(state.step) + 1 :] if state.step in ACTION_STEPS else ()
    for step in later:
        if any(has_orders(state, seat, step) for seat in state.seats):
            return Decision((ev(state, "ActionStepBegun", step=step),))
    return end_round(state, "GOT-X-11: the last order of the Action Phase is resolved")


def end_round(state: AgotState, why: str) -> Decision:
    """GOT-X-11, BLADE-4, RAVEN-5: orders leave the board, tokens refresh, routed units rally."""
    events = []
    if state.orders:
        removals = [
            {"area": a, "seat": o.seat, "order_token": o.token, "reason": "round_ended"}
            for a, o in sorted(state.orders.items())
        ]
        events.append(ev(state, "OrdersRemoved", removals=removals))
    events.append(ev(state, "RoundEnded"))
    events.append(ev(state, "DominanceTokensRefreshed", tokens=["valyrian_steel_blade", "messenger_raven"]))
    routed: dict[str, list[str]] = {}
    for uid, unit in sorted(state.units.items()):
        if unit.routed:
            routed.setdefault(unit.seat, []).append(uid)
    events.append(ev(state, "RoutedUnitsRallied", units=routed))
    trace = (TraceStep("GOT-X-11", why), TraceStep("GOT-BLADE-4", "Blade and Raven flipped to available"))
    return Decision(tuple(events), trace=trace)


# --- the combat (GOT-COMBAT-4/5, X-8) ---


def combat_stage(state: AgotState, c: Combat, lenient: bool) -> tuple[str, Decision | None]:
    """GOT-COMBAT-4/5, X-8: the combat's next step by name, with its automatic decision.

    A decision of None or with no events means the combat waits there for a seat: `support`, `cards`,
    `ability:<tier>`, `blade`, `casualties` or `retreat` (what `pending` offers at each).
    """
    if c.pending_support():
        return "support", None  # GOT-SUPPORT-3: the next supporter declares
    if c.base is None:
        return "base", _announce_base(state, c)
    if len(c.cards) < 2 and not fights_without_card(c):
        return "cards", None  # GOT-CARD-1: waiting for the sealed cards
    for tier in TIER_BEFORE_BLADE:
        pending = pending_ability(state, c, tier)
        if pending is not None:
            return f"ability:{tier}", pending
    if c.cleaned_up and c.result is None:
        return "end", _end(state, c, None, early=True)
    early = _early_end(state, c)
    if early is not None:
        return "early_end", early
    if _blade_pending(state, c, lenient):
        return "blade", None
    if c.result is None:
        result, trace = final_strength(state, c)
        return "resolve", Decision((ev(state, "CombatResolved", combat_id=c.combat_id, **result),), trace=tuple(trace))
    for tier in ("if_win", "if_lose"):
        pending = pending_ability(state, c, tier)
        if pending is not None:
            return f"ability:{tier}", pending
    if not c.casualties_done:
        return "casualties", casualties(state, c)
    if not c.retreat_done and losing_units(state, c, c.result["loser"]):
        return "retreat", retreat(state, c)
    if not c.cleaned_up:
        return "cleanup", cleanup(state, c, c.result["winner"])
    pending = pending_ability(state, c, "after_combat")
    if pending is not None:
        return "ability:after_combat", pending
    return "end", _end(state, c, c.result["winner"], early=False)


def fights_without_card(c: Combat) -> bool:
    """GOT-X-15: a seat left with no card to play fights without one."""
    return bool(c.effects.get("no_card")) and not c.sealed and len(c.cards) + len(c.effects["no_card"]) >= 2


def cards_played(c: Combat) -> bool:
    """GOT-CARD-1, X-15: both cards are revealed, or the seat left without one fights without it."""
    return (len(c.cards) >= 2 and not c.sealed) or fights_without_card(c)


def _announce_base(state: AgotState, c: Combat) -> Decision:
    """GOT-STRENGTH-1: both sides' initial strength, then the house cards are sealed (GOT-CARD-1)."""
    base, trace = base_strength(state, c)
    events = [ev(state, "BaseStrengthAnnounced", combat_id=c.combat_id, **base)]
    for seat in (c.attacker, c.defender):
        if not state.hands.get(seat):  # GOT-X-15: an empty hand takes its discard pile back first
            events.append(
                ev(
                    state,
                    "HouseCardsReturned",
                    seat=seat,
                    cards=list(state.discards.get(seat, ())),
                    kept_in_discard=[],
                    reason="empty_hand",
                )
            )
    events.append(card_round(state, c, (c.attacker, c.defender), f"cards-{c.combat_id}"))
    return Decision(tuple(events), trace=tuple(trace))


def card_round(state: AgotState, c: Combat, seats: tuple[str, ...], name: str) -> Event:
    """The sealed round in which combatants choose their house card (GOT-CARD-1, X-14)."""
    data = {"round": name, "seats": list(seats), "purpose": "house_card", "opened_by": None, "combat_id": c.combat_id}
    return Event(SEALED_ROUND_OPENED, data)


def _early_end(state: AgotState, c: Combat) -> Decision | None:
    """GOT-X-9: an `immediately` ability destroyed the last unit of a side: no victor."""
    if not state.options.get("early_end_if_side_destroyed", True) or c.result is not None:
        return None
    attackers = losing_units(state, c, c.attacker)
    defenders = losing_units(state, c, c.defender)
    if attackers and (defenders or state.garrisons.get(c.area)):
        return None
    trace = TraceStep("GOT-X-9", "a side has no units left before the Blade: the combat ends with no victor")
    return cleanup(state, c, c.attacker if attackers else None, early=True).then(Decision(trace=(trace,)))


def _blade_pending(state: AgotState, c: Combat, lenient: bool) -> bool:
    """GOT-BLADE-1/2, X-10: the holder fights, the Blade is unused, and no decision was made yet.

    A transcript also waits when the Blade was used this round: the table may have used it again (BLADE-2).
    """
    holder = state.holder("fiefdoms")
    return holder in (c.attacker, c.defender) and (lenient or not state.blade_used) and not c.blade_decided


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
    from_area = c.area
    events: list[Event] = []
    trace: list[TraceStep] = []
    to_area: str | None
    via: list[str]
    destroy: list[str]
    siege = [u.id for u in units if u.type == "siege_engine"]
    routed = [u.id for u in units if u.routed and u.type != "siege_engine"]
    movers = tuple(u for u in units if u.id not in siege and u.id not in routed)
    area_of_losses = c.origin if loser == c.attacker else c.area
    if loser == c.attacker:
        data = {"seat": loser, "from_area": from_area, "to_area": c.origin, "via": [], "destroy": [], "chooser": None}
        head = [ev(state, "RetreatChosen", combat_id=c.combat_id, **data)]
        trace.append(TraceStep("GOT-RETREAT-1", f"the attacker's units go back to {c.origin}"))
        to_area, via, destroy = c.origin, [], []
    else:
        options = retreat_options(state, c, loser, movers)
        if movers and not options and choice is None:
            head = [
                ev(
                    state,
                    "RetreatChosen",
                    combat_id=c.combat_id,
                    seat=loser,
                    from_area=from_area,
                    to_area=None,
                    via=[],
                    destroy=[],
                    chooser=None,
                )
            ]
            trace.append(TraceStep("GOT-RETREAT-6", "no legal retreat area: every retreating unit is destroyed"))
            events.append(
                ev(
                    state,
                    "UnitsDestroyed",
                    seat=loser,
                    area=from_area,
                    units=[u.id for u in movers],
                    reason="no_legal_retreat",
                )
            )
            movers = ()
            to_area, via, destroy = None, [], []
        elif choice is None:
            if not movers:
                head = [
                    ev(
                        state,
                        "RetreatChosen",
                        combat_id=c.combat_id,
                        seat=loser,
                        from_area=from_area,
                        to_area=None,
                        via=[],
                        destroy=[],
                        chooser=None,
                    )
                ]
                to_area, via, destroy = None, [], []
            elif len(options) == 1 and (options[0].destroy == 0 or len({u.type for u in movers}) == 1):
                only = options[0]
                to_area, via = only.area, list(only.via)
                destroy = [u.id for u in movers[: only.destroy]]
                head = [
                    ev(
                        state,
                        "RetreatChosen",
                        combat_id=c.combat_id,
                        seat=loser,
                        from_area=from_area,
                        to_area=to_area,
                        via=via,
                        destroy=destroy,
                        chooser=None,
                    )
                ]
                trace.append(TraceStep("GOT-RETREAT-3", f"the only legal retreat is {to_area}"))
            else:
                return Decision()
        else:
            to_area, via, destroy = choice["to_area"], list(choice.get("via", [])), list(choice.get("destroy", []))
            head = [
                ev(
                    state,
                    "RetreatChosen",
                    combat_id=c.combat_id,
                    seat=loser,
                    from_area=from_area,
                    to_area=to_area,
                    via=via,
                    destroy=destroy,
                    chooser=chooser,
                )
            ]
            trace.append(TraceStep("GOT-RETREAT-3", f"{chooser} chooses {to_area}"))
        if destroy:
            events.append(ev(state, "UnitsDestroyed", seat=loser, area=from_area, units=destroy, reason="supply_limit"))
            trace.append(TraceStep("GOT-RETREAT-5", f"{len(destroy)} unit(s) destroyed to stay within supply"))
    if routed:
        events.append(
            ev(state, "UnitsDestroyed", seat=loser, area=area_of_losses, units=routed, reason="routed_cannot_retreat")
        )
        trace.append(TraceStep("GOT-ROUT-3", f"routed {', '.join(routed)} cannot retreat: destroyed"))
    if siege:
        events.append(
            ev(
                state,
                "UnitsDestroyed",
                seat=loser,
                area=area_of_losses,
                units=siege,
                reason="siege_engine_cannot_retreat",
            )
        )
        trace.append(TraceStep("GOT-RETREAT-9", f"siege engine(s) {', '.join(siege)} cannot retreat: destroyed"))
    going = [u.id for u in movers if u.id not in destroy]
    if going and to_area is not None:
        events.append(
            ev(state, "UnitsRetreated", seat=loser, from_area=from_area, to_area=to_area, units=going, via=via)
        )
        events.append(ev(state, "UnitsRouted", seat=loser, area=to_area, units=going))
        trace.append(TraceStep("GOT-ROUT-1", f"{', '.join(going)} retreat to {to_area} and are routed"))
    return Decision((*head, *events), trace=tuple(trace))


def cleanup(state: AgotState, c: Combat, winner: str | None, early: bool = False) -> Decision:
    """GOT-CLEANUP-1/2/3, X-2, X-3, X-21, then GOT-CARD-7/8 (discard and the 7th-card return).

    GOT-SUPPORT-4: Support orders are not removed, so they may support any number of combats this round.
    """
    events: list[Event] = []
    trace: list[TraceStep] = []
    attacker_won = winner == c.attacker
    removals = []
    march_follows = attacker_won and c.effects.get("march_follows")
    if state.orders.get(c.origin) is not None and state.orders[c.origin].token == c.march_token and not march_follows:
        removals.append(
            {"area": c.origin, "seat": c.attacker, "order_token": c.march_token, "reason": "march_resolved"}
        )
        trace.append(TraceStep("GOT-CLEANUP-1", f"{c.attacker}'s March order leaves {c.origin}"))
    defense = state.orders.get(c.area)
    if attacker_won and defense is not None and defense.seat == c.defender:
        removals.append({"area": c.area, "seat": c.defender, "order_token": defense.token, "reason": "attacker_won"})
        trace.append(TraceStep("GOT-CLEANUP-2", f"{c.defender}'s order in {c.area} is removed"))
    elif winner == c.defender:
        trace.append(TraceStep("GOT-CLEANUP-3", f"{c.defender}'s tokens in {c.area} stay"))
    if removals:
        events.append(ev(state, "OrdersRemoved", removals=removals))
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


def _end(state: AgotState, c: Combat, winner: str | None, early: bool) -> Decision:
    event = ev(state, "CombatEnded", combat_id=c.combat_id, winner=winner, early_end=early)
    return Decision((event,), trace=(TraceStep("GOT-COMBAT-5", f"combat {c.combat_id} ends; winner {winner}"),))
