"""Places a Kard és Korona replay can jump to: years, their phases, each battle's start and end, elections.

A label names a lord by his province as notation does ("1302 Erdély's turn") and words his fate as notation does
("Felvidék's lord is captured"); without a state it reads the ids and event types, as labels did before they named
anything (old links)."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.kard_es_korona.election_notation import election_bookmarks
from domain.rulesets.kard_es_korona.notation_names import who
from domain.rulesets.kard_es_korona.state import KKState


def bookmarks(event: Event, state: KKState | None = None) -> tuple[str, ...]:
    """Labels derived from the event, with the names of `state`'s board (KK-TURN-2: the phases of a year)."""
    data = event.data
    year = data.get("year")
    lord = data.get("seat") or data.get("vassal")
    lord = who(state, lord) if state is not None else lord
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
            return (_fate(event, state) if state is not None else f"{lord}: {event.type}",)
        case "YearEnded" if data.get("next") == "election":
            return (f"{year} election",)
        case "PlayerTurnBegan":
            return (f"{year} {lord}'s turn",)
        case "GameEnded":
            return ("game end",)
        case "YearEnded":
            return (f"{year} ends",)
    return election_bookmarks(event.type, data)


def _fate(event: Event, state: KKState) -> str:
    """A lord's fate in the words of notation (KK-CAPTIVE-1/3, KK-ELIM-1/3): "Felvidék's lord is captured"."""
    lord = who(state, event.data.get("seat") or event.data.get("vassal"))
    match event.type:
        case "LordCaptured":
            return f"{lord}'s lord is captured"
        case "FealtySworn":
            return f"{lord} becomes the vassal of {who(state, event.data.get('liege'))}"
        case "PlayerEliminated" if event.data.get("cause") == "left":
            return f"{lord} leaves the game"
        case "PlayerEliminated":
            return f"{lord} is eliminated"
    return f"{lord}'s lord is executed"
