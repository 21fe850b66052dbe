"""decide: dispatch an action, or a sealed round's payloads, to the guards of its rules, and record the facts
with what follows automatically (flow.proceed)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Action, Decision, Game, Mode, RuleViolation, SealedRound
from domain.rulesets.agot2.card_choices import card_errors, resolve_card_ability, reveal_cards
from domain.rulesets.agot2.combat_actions import blade, choose_casualties, choose_retreat
from domain.rulesets.agot2.combat_support import declare_support, refuse_support
from domain.rulesets.agot2.evolve import evolve
from domain.rulesets.agot2.flow import proceed
from domain.rulesets.agot2.guards import refuse
from domain.rulesets.agot2.orders import close_round, march, resolve_consolidate, resolve_raid
from domain.rulesets.agot2.planning import decline_raven, orders_errors, plan_orders, reveal_orders, use_raven
from domain.rulesets.agot2.state import AgotState
from domain.rulesets.agot2.tracks import bid_errors, break_tie, open_bidding, reveal_bids

# An action's handler: the state, the action, the game's version (the next combat's id) and whether the game is
# a transcript (`lenient`: rule breaks are recorded as deviations).
Handler = Callable[[AgotState, Action, int, bool], Decision]


def decide(game: Game, action: Action) -> Decision:
    """GOT-X-25: a type the engine does not know is refused (the table enters it with `adjust`); the others go to
    their guards, and every accepted action also records what follows automatically."""
    handler = ACTIONS.get(action.type)
    if handler is None:
        known = ", ".join(sorted(ACTIONS))
        return refuse("GOT-X-25", f"unknown action {action.type!r}; agot2 actions: {known}, adjust", "type")
    lenient = game.meta.mode is Mode.TRANSCRIPT
    return _with_consequences(game.state, handler(game.state, action, game.version, lenient), lenient)


def sealed_errors(state: AgotState, round: SealedRound, seat: str, payload: Any) -> list[RuleViolation]:
    """Orders (GOT-X-13), a house card (GOT-CARD-1) or a bid (GOT-TERM-6), by the round's purpose."""
    if round.purpose == "orders":
        return orders_errors(state, seat, payload)
    if round.purpose == "house_card":
        return card_errors(state, seat, payload)
    if round.purpose.startswith("bid:"):
        return bid_errors(state, seat, payload)
    return []


def resolve_reveal(game: Game, round: SealedRound, payloads: Mapping[str, Any]) -> Decision:
    """The revealed orders, cards or bids, and whatever follows automatically."""
    state: AgotState = game.state
    if round.purpose == "orders":
        decision = reveal_orders(state, payloads)
    elif round.purpose == "house_card":
        decision = reveal_cards(state, payloads)
    elif round.purpose.startswith("bid:"):
        decision = reveal_bids(state, payloads)
    else:
        return Decision()
    return _with_consequences(state, decision, game.meta.mode is Mode.TRANSCRIPT)


def _with_consequences(state: AgotState, decision: Decision, lenient: bool) -> Decision:
    if not decision.events:
        return decision  # refused: nothing follows
    after = state
    for event in decision.events:
        after = evolve(after, event)
    return decision.then(proceed(after, lenient))


def _plain(handler: Callable[[AgotState, Action, Mapping[str, Any]], Decision]) -> Handler:
    """A handler whose rules a transcript records as refusals too."""
    return lambda state, action, version, lenient: handler(state, action, action.data)


def _checked(handler: Callable[[AgotState, Action, Mapping[str, Any], bool], Decision]) -> Handler:
    """A handler whose rule checks a transcript records as deviations."""
    return lambda state, action, version, lenient: handler(state, action, action.data, lenient)


ACTIONS: Mapping[str, Handler] = {
    "plan_orders": _plain(plan_orders),
    "use_raven": _checked(use_raven),
    "decline_raven": _plain(decline_raven),
    "resolve_raid": _checked(resolve_raid),
    "march": lambda state, action, version, lenient: march(state, action, action.data, version, lenient),
    "resolve_consolidate": _plain(resolve_consolidate),
    "declare_support": _checked(declare_support),
    "refuse_support": _checked(refuse_support),
    "resolve_card_ability": _plain(resolve_card_ability),
    "use_blade": lambda state, action, version, lenient: blade(state, action, action.data, True, lenient),
    "decline_blade": lambda state, action, version, lenient: blade(state, action, action.data, False, lenient),
    "choose_casualties": _checked(choose_casualties),
    "choose_retreat": _checked(choose_retreat),
    "open_bidding": _plain(open_bidding),
    "break_tie": _checked(break_tie),
    "end_round": _plain(close_round),
}
