"""Places a Kard és Korona replay can jump to: years, their phases, each battle's start and end, elections."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.kard_es_korona.election_notation import election_bookmarks


def bookmarks(event: Event) -> tuple[str, ...]:
    """Labels derived from the event alone (KK-TURN-2: the phases of a year)."""
    data = event.data
    year = data.get("year")
    match event.type:
        case "YearBegan":
            return (f"year {year}",)
        case "IncomeCollected":
            return (f"{year} income and recruitment",)
        case "MovementPhaseBegan":
            return (f"{year} movement",)
        case "BattlePhaseBegan":
            return (f"{year} battles",)
        case "BattleStarted":
            return (f"battle {data.get('battle')} begins",)
        case "RetreatDeclared":
            return (f"battle {data.get('battle')} retreat",)
        case "BattleEnded":
            return (f"battle {data.get('battle')} ends",)
        case "DuelStarted":
            return (f"duel in battle {data.get('battle')}",)
        case "LordCaptured" | "FealtySworn" | "PlayerEliminated" | "LordExecuted":
            return (f"{data.get('seat') or data.get('vassal')}: {event.type}",)
        case "YearEnded" if data.get("next") == "election":
            return (f"{year} election",)
        case "PlayerTurnBegan":
            return (f"{year} {data.get('seat')}'s turn",)
        case "GameEnded":
            return ("game end",)
        case "YearEnded":
            return (f"{year} ends",)
    return election_bookmarks(event.type, data)
