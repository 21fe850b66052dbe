"""Places a cedofan_rv replay can jump to: rounds, impulses, sieges, storms and battles.

A label names factions and places as notation reads them ("round 2: the Kard League (Stínové země)'s impulse 1",
"siege of Brod begins"); without a state it reads the ids, as labels did before they named anything (old links)."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.cedofan_rv.notation_names import faction, place
from domain.rulesets.cedofan_rv.state import RvState


def bookmarks(event: Event, state: RvState | None = None) -> tuple[str, ...]:
    """Labels derived from the event, with the names of `state`'s board."""
    data = event.data
    named = state is not None
    where = place(state, data.get("place")) if state is not None else data.get("place")
    match event.type:
        case "RoundStarted":
            return (f"round {data.get('round')}",)
        case "ImpulseStarted":
            seat = faction(data.get("faction")) if named else data.get("faction")
            sub = (faction(data["subfaction"]) if named else data["subfaction"]) if data.get("subfaction") else ""
            return (f"round {data.get('round')}: {seat}{f' ({sub})' if sub else ''}'s impulse {data.get('impulse')}",)
        case "SiegeStarted":
            return (f"siege of {where} begins",)
        case "StormCalled":
            return (f"storm of {where}",)
        case "BattleResolved" if named and not data.get("winner"):
            return ("battle without a winner",)  # not "won by nobody": nobody won it
        case "BattleResolved":
            return (f"battle won by {faction(data.get('winner')) if named else data.get('winner')}",)
        case "PlaceCaptured":
            return (f"{where} captured",)
    return ()
