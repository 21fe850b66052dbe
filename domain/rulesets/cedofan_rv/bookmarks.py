"""Places a cedofan_rv replay can jump to: rounds, impulses, sieges, storms and battles."""

from __future__ import annotations

from domain.kernel import Event


def bookmarks(event: Event) -> tuple[str, ...]:
    """Labels derived from the event alone."""
    data = event.data
    match event.type:
        case "RoundStarted":
            return (f"round {data.get('round')}",)
        case "ImpulseStarted":
            sub = f" ({data['subfaction']})" if data.get("subfaction") else ""
            return (f"round {data.get('round')}: {data.get('faction')}{sub}'s impulse {data.get('impulse')}",)
        case "SiegeStarted":
            return (f"siege of {data.get('place')} begins",)
        case "StormCalled":
            return (f"storm of {data.get('place')}",)
        case "BattleResolved":
            return (f"battle won by {data.get('winner')}",)
        case "PlaceCaptured":
            return (f"{data.get('place')} captured",)
    return ()
