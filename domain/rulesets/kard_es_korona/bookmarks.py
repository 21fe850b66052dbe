"""Places a Kard és Korona replay can jump to: years, their phases, each battle's start and end, elections.

A label names a lord by his province as notation does ("1302 Erdély's turn"), words his fate as notation does
("Felvidék's lord is captured") and a battle by the county it is fought in ("battle in Pozsony begins": its events
carry only its id, so the county comes from the `BattleCreated` that named it, a bookmark fact, or from a state
that still holds the battle); without a state it reads the ids and event types, as labels did before they named
anything (old links)."""

from __future__ import annotations

from collections.abc import Mapping

from domain.kernel import NO_FACTS, Event
from domain.rulesets.kard_es_korona.election_notation import election_bookmarks
from domain.rulesets.kard_es_korona.notation_names import county, who
from domain.rulesets.kard_es_korona.state import KKState


def bookmark_facts(event: Event) -> Mapping[str, str]:
    """KK-MOVE-11: the county a battle is fought in, which only the event that creates it names."""
    battle, where = event.data.get("battle"), event.data.get("county")
    if event.type == "BattleCreated" and battle is not None and where is not None:
        return {f"battle:{battle}": str(where)}
    return NO_FACTS


def bookmarks(event: Event, state: KKState | None = None, facts: Mapping[str, str] = NO_FACTS) -> tuple[str, ...]:
    """Labels derived from the event, with the names of `state`'s board and the counties `facts` give battles
    (KK-TURN-2: the phases of a year)."""
    data = event.data
    battle = _battle(data["battle"], state, facts) if "battle" in data else ""
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
            return (f"{battle} begins",)
        case "RetreatDeclared" if state is not None:
            return (f"retreat from {_the(battle)}",)
        case "RetreatDeclared":
            return (f"{battle} retreat",)
        case "BattleEnded":
            return (f"{battle} ends",)
        case "DuelStarted":
            return (f"duel in {_the(battle)}",)
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


def former_bookmarks(
    event: Event, state: KKState | None = None, facts: Mapping[str, str] = NO_FACTS
) -> tuple[str, ...]:
    """A retreat's bookmark as it read with names before it was worded as a sentence ("battle in Pozsony retreat")."""
    if event.type == "RetreatDeclared" and state is not None and "battle" in event.data:
        return (f"{_battle(event.data['battle'], state, facts)} retreat",)
    return ()


def _the(battle: str) -> str:
    """A battle named by its county reads "the battle in Pozsony"; one known only by id, "battle b1301-5"."""
    return f"the {battle}" if battle.startswith("battle in ") else battle


def _battle(battle_id: object, state: KKState | None, facts: Mapping[str, str]) -> str:
    """ "battle in Pozsony" when the county is known (from `facts`, or a state still holding the battle: a replay's
    frame), else "battle b1301-5", as the label read before it named places."""
    where = facts.get(f"battle:{battle_id}")
    held = state.battle(str(battle_id)) if state is not None and where is None else None
    where = held.county if held is not None else where
    return f"battle in {county(state, where)}" if state is not None and where is not None else f"battle {battle_id}"


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
