"""What happens next without anyone choosing: the combat's automatic steps and the round's progress.

`proceed` applies each automatic step to a working copy of the state (through `evolve`) and stops where
a seat must act: a support declaration, a house card, the Blade, a card ability with a choice,
casualties or a retreat with a choice, or the next order to resolve.
"""

from __future__ import annotations

from domain.kernel import SEALED_ROUND_OPENED, Decision, Event, TraceStep
from domain.rulesets.agot2.abilities import pending_ability
from domain.rulesets.agot2.aftermath import casualties, cleanup, retreat
from domain.rulesets.agot2.evolve import evolve
from domain.rulesets.agot2.resolution import final_strength
from domain.rulesets.agot2.retreat import losing_units
from domain.rulesets.agot2.state import ACTION_STEPS, AgotState, Combat, ev
from domain.rulesets.agot2.strength import base_strength

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
    return end_round(state, "the last order of the Action Phase is resolved")


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
    trace = (
        TraceStep("GOT-X-11", why),
        TraceStep("GOT-BLADE-4", "the Valyrian Steel Blade flipped back to available"),
        TraceStep("GOT-RAVEN-5", "the Messenger Raven flipped back to available"),
    )
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


def _end(state: AgotState, c: Combat, winner: str | None, early: bool) -> Decision:
    event = ev(state, "CombatEnded", combat_id=c.combat_id, winner=winner, early_end=early)
    return Decision((event,), trace=(TraceStep("GOT-COMBAT-5", f"combat {c.combat_id} ends; winner {winner}"),))
