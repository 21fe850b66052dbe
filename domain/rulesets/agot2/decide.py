"""decide: check an action against the rules (one guard per rule) and record its facts and consequences."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Action, Decision, Game, Mode
from domain.rulesets.agot2.combat_actions import (
    blade,
    choose_casualties,
    choose_retreat,
    declare_support,
    refuse_support,
    resolve_card_ability,
)
from domain.rulesets.agot2.evolve import evolve
from domain.rulesets.agot2.flow import proceed
from domain.rulesets.agot2.guards import refuse
from domain.rulesets.agot2.orders import (
    close_round,
    decline_raven,
    march,
    plan_orders,
    resolve_consolidate,
    resolve_raid,
    use_raven,
)
from domain.rulesets.agot2.state import AgotState
from domain.rulesets.agot2.tracks import break_tie, open_bidding


def decide(game: Game, action: Action) -> Decision:
    """Dispatch an action to its guards; every accepted action also records what follows automatically."""
    state: AgotState = game.state
    lenient = game.meta.mode is Mode.TRANSCRIPT  # a transcript records rule breaks as deviations
    handler = _HANDLERS.get(action.type)
    checked = _CHECKED.get(action.type)
    if action.type == "march":
        decision = march(state, action, action.data, game.version, lenient)
    elif checked is not None:
        decision = checked(state, action, action.data, lenient)
    elif handler is not None:
        decision = handler(state, action, action.data)
    else:
        known = ", ".join(sorted({*_HANDLERS, *_CHECKED, "march"}))
        return refuse("GOT-X-25", f"unknown action {action.type!r}; agot2 actions: {known}, adjust", "type")
    if not decision.events:
        return decision  # refused: nothing follows
    after = state
    for event in decision.events:
        after = evolve(after, event)
    return decision.then(proceed(after, lenient))


_HANDLERS: dict[str, Callable[[AgotState, Action, Mapping[str, Any]], Decision]] = {
    "plan_orders": plan_orders,
    "decline_raven": decline_raven,
    "resolve_consolidate": resolve_consolidate,
    "resolve_card_ability": resolve_card_ability,
    "open_bidding": open_bidding,
    "end_round": close_round,
}

# Actions whose rule checks a transcript records as deviations (the last argument: lenient).
_CHECKED: dict[str, Callable[[AgotState, Action, Mapping[str, Any], bool], Decision]] = {
    "use_raven": use_raven,
    "resolve_raid": resolve_raid,
    "declare_support": declare_support,
    "refuse_support": refuse_support,
    "use_blade": lambda s, a, d, lenient: blade(s, a, d, True, lenient),
    "decline_blade": lambda s, a, d, lenient: blade(s, a, d, False, lenient),
    "choose_casualties": choose_casualties,
    "choose_retreat": choose_retreat,
    "break_tie": break_tie,
}
