"""Places an agot2 replay can jump to: the reveal of orders, each action step, each combat, bids, round ends."""

from __future__ import annotations

from domain.kernel import Event


def bookmarks(event: Event) -> tuple[str, ...]:
    """Labels derived from the event alone."""
    data = event.data
    match event.type:
        case "OrdersRevealed":
            return ("orders revealed",)
        case "ActionStepBegun":
            return (f"action step: {data.get('step')}",)
        case "CombatInitiated":
            return (f"combat {data.get('combat_id')} in {data.get('embattled_area')} begins",)
        case "CombatEnded":
            return (f"combat {data.get('combat_id')} ends",)
        case "TrackBidsRevealed":
            return (f"bids for {data.get('track')} revealed",)
        case "RoundEnded":
            return (f"round {data.get('round')} ends",)
    return ()
