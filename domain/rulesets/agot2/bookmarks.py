"""Places an agot2 replay can jump to: the reveal of orders, each action step, each combat, bids, round ends.

A label names areas, tracks and steps as notation reads them ("combat 12 in Winterfell begins", "bids for Iron
Throne revealed"); without a state it reads the ids, as labels did before they named anything (old links)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Event
from domain.rulesets.agot2.notation_names import area, words
from domain.rulesets.agot2.state import AgotState


def bookmarks(event: Event, state: AgotState | None = None) -> tuple[str, ...]:
    """Labels derived from the event, with the names of `state`'s board."""
    data = event.data
    named: Callable[[Any], str] = words if state is not None else str
    match event.type:
        case "OrdersRevealed":
            return ("orders revealed",)
        case "ActionStepBegun":
            return (f"action step: {named(data.get('step'))}",)
        case "CombatInitiated":
            where = area(state, data.get("embattled_area")) if state is not None else data.get("embattled_area")
            return (f"combat {data.get('combat_id')} in {where} begins",)
        case "CombatEnded":
            return (f"combat {data.get('combat_id')} ends",)
        case "TrackBidsRevealed":
            return (f"bids for {named(data.get('track'))} revealed",)
        case "RoundEnded":
            return (f"round {data.get('round')} ends",)
    return ()
