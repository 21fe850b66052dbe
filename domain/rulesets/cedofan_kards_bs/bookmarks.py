"""Places a cedofan_kards_bs replay can jump to: rounds, turns, sieges and storms, captured cities."""

from __future__ import annotations

from domain.kernel import Event


def bookmarks(event: Event) -> tuple[str, ...]:
    """Labels derived from the event alone."""
    data = event.data
    match event.type:
        case "RoundStarted":
            return (f"round {data.get('round')}",)
        case "TurnStarted":
            return (f"round {data.get('round')}: {data.get('seat')}'s turn",)
        case "SiegeStarted":
            return (f"siege of {data.get('city')} begins",)
        case "StormDeclared":
            return (f"storm of {data.get('city')}",)
        case "SiegeEnded":
            return (f"siege of {data.get('city')} ends",)
        case "CityCaptured":
            return (f"{data.get('city')} captured",)
    return ()
