"""decide: check an action against the rules (one guard per rule) and record its facts and consequences."""

from __future__ import annotations

from domain.kernel import Action, Decision, Game
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
    handler = _HANDLERS.get(action.type)
    if handler is None:
        known = ", ".join(sorted(_HANDLERS))
        return refuse("GOT-X-25", f"unknown action {action.type!r}; agot2 actions: {known}, adjust", "type")
    if action.type == "march":
        decision = march(state, action, action.data, game.version)
    else:
        decision = handler(state, action, action.data)
    if not decision.events:
        return decision  # refused: nothing follows
    after = state
    for event in decision.events:
        after = evolve(after, event)
    return decision.then(proceed(after))


_HANDLERS = {
    "plan_orders": plan_orders,
    "use_raven": use_raven,
    "decline_raven": decline_raven,
    "resolve_raid": resolve_raid,
    "march": march,
    "resolve_consolidate": resolve_consolidate,
    "declare_support": declare_support,
    "refuse_support": refuse_support,
    "resolve_card_ability": resolve_card_ability,
    "use_blade": lambda s, a, d: blade(s, a, d, True),
    "decline_blade": lambda s, a, d: blade(s, a, d, False),
    "choose_casualties": choose_casualties,
    "choose_retreat": choose_retreat,
    "open_bidding": open_bidding,
    "break_tie": break_tie,
    "end_round": close_round,
}
