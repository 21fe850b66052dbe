"""Notation lines for the events of lords, defeat, captivity, vassals and the Judge Royal's rerolls (issue 4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.kard_es_korona.forces import force_from_json
from domain.rulesets.kard_es_korona.state import KKState

Namer = Callable[[KKState, Any], str]  # a county id to its Hungarian name, as the notation prints it


def lords_line(kind: str, data: Mapping[str, Any], state: KKState, name: Namer) -> str | None:
    """One English line with Hungarian county names, or None for an event not of this part."""
    return _defeat_line(kind, data, state, name) or _after_battle_line(kind, data, state, name)


def _defeat_line(kind: str, data: Mapping[str, Any], state: KKState, name: Namer) -> str | None:
    """A defeat's escape, captivity, fealty and elimination (KK-ELIM, KK-CAPTIVE, KK-VASSAL-1)."""
    match kind:
        case "EscapeForgone":
            return f"{data['seat']}'s lord does not try to escape ({data['reason'].replace('_', ' ')})"
        case "EscapeSucceeded":
            return f"{data['seat']} rolls 6: the lord escapes to {name(state, data['to'])}"
        case "EscapeFailed":
            return f"{data['seat']} rolls {data['face']}: the lord fails to escape"
        case "LordCaptured":
            return (
                f"{data['captor']} captures {data['seat']}'s lord; executed in {data['execution_year']} unless ransomed"
            )
        case "OfficeVacated":
            return f"{data['former_holder']} loses the office {data['office'].replace('_', ' ')} ({data['reason']})"
        case "FealtyOffered":
            return f"{data['seat']} offers fealty to {data['to']}"
        case "FealtyRefused":
            return f"{data['by']} refuses the oath: {data['seat']} is to be eliminated"
        case "FealtySworn":
            spoils = data["treasury_transferred"]
            return f"{data['vassal']} becomes the vassal of {data['liege']}, who takes {spoils} garas"
        case "PlayerEliminated":
            if data["cause"] == "left":
                return f"{data['seat']} leaves the game; his units turn neutral and his money goes to the crown"
            heir = data["conqueror"] or "nobody (his units turn neutral)"
            return f"{data['seat']} is eliminated ({data['cause']}); everything passes to {heir}"
        case "EliminationTakeoverPlaced":
            placed = [f"{arm} in {name(state, c)}" for c, arm in data["placements"].items() if arm]
            return f"{data['conqueror']} places {', '.join(placed) or 'no unit'}"
        case "RansomPaid":
            return f"{data['seat']} pays {data['amount']} garas ransom; the lord returns to {name(state, data['to'])}"
        case "LordExecuted":
            return f"{data['seat']}'s lord, captured in {data['captured_year']}, is executed"
    return None


def _after_battle_line(
    kind: str, data: Mapping[str, Any], state: KKState, name: Callable[[KKState, Any], str]
) -> str | None:
    """Vassals freed and vetoes, duels, extra steps and rerolls (KK-VASSAL, KK-LORD-5..9, KK-OFFICE-1/2)."""
    match kind:
        case "VassalFreed":
            return f"{data['vassal']} is freed: his liege {data['former_liege']} has fallen"
        case "LordReturned":
            return f"{data['seat']}'s lord returns to {name(state, data['to'])}"
        case "BattleVetoed":
            return f"{data['liege']} vetoes {data['vassal']}'s battle {data['battle']}: {_sent_back(data)}"
        case "DuelStarted":
            return f"the lords of {data['attacker']} and {data['defender']} fight a duel ({data['battle']})"
        case "DuelRoundResolved":
            faces = data["faces"]
            outcome = f"{data['winner']} wins" if data["winner"] else "no lone 6, again"
            return f"duel round {data['round']}: {faces['attacker']} against {faces['defender']}; {outcome}"
        case "ExtraStepOffered":
            return f"{data['seat']}'s lord may take one extra step from {name(state, data['county'])}"
        case "ExtraStepTaken":
            return f"{data['seat']} takes the extra step to {name(state, data['to'])}"
        case "ExtraStepDeclined":
            return f"{data['seat']} takes no extra step"
        case "RerollOffered":
            return f"{data['seat']}, the Judge Royal, may reroll ({data['occasion']})"
        case "DiceRerolled":
            return f"{data['seat']}, the Judge Royal, rerolls: {' '.join(map(str, data['faces']))}"
        case "RerollDeclined":
            return f"{data['seat']}, the Judge Royal, lets the roll stand"
        case "HitsRecounted":
            return f"the {data['side']} now kills {data['max_kills']} at most"
    return None


def _sent_back(data: Mapping[str, Any]) -> str:
    """KK-VASSAL-2: the groups sent back, each to its county (one county in events before `returns`)."""
    returns = data.get("returns") or [{"to": data.get("to"), "units": data.get("units")}]
    shown = []
    for back in returns:
        units = force_from_json(back.get("units"))
        shown.append(f"{units.describe() if units is not None else 'units'} go back to {back.get('to')}")
    return "; ".join(shown)
