"""Places a cedofan_kards_bs replay can jump to: rounds, turns, sieges and storms, captured cities.

A label names factions and cities as notation reads them ("round 2: Západní kardství's turn", "siege of Heráň
begins"); without a state it reads the ids, as labels did before they named anything (old links)."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.cedofan_kards_bs.notation_names import area, faction
from domain.rulesets.cedofan_kards_bs.state import KbsState


def bookmarks(event: Event, state: KbsState | None = None) -> tuple[str, ...]:
    """Labels derived from the event, with the names of `state`'s board."""
    data = event.data
    seat = faction(data.get("seat")) if state is not None else data.get("seat")
    city = area(state, data.get("city")) if state is not None else data.get("city")
    match event.type:
        case "RoundStarted":
            return (f"round {data.get('round')}",)
        case "TurnStarted":
            return (f"round {data.get('round')}: {seat}'s turn",)
        case "SiegeStarted":
            return (f"siege of {city} begins",)
        case "StormDeclared":
            return (f"storm of {city}",)
        case "SiegeEnded":
            return (f"siege of {city} ends",)
        case "CityCaptured":
            return (f"{city} captured",)
    return ()
