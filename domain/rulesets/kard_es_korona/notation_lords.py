"""Notation lines for the events of lords, defeat, captivity, vassals and the Judge Royal's rerolls (issue 4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.kard_es_korona.notation_names import battle_name, county, namer, units, words
from domain.rulesets.kard_es_korona.state import KKState


def lords_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """One English line with Hungarian county names, or None for an event not of this part."""
    return _defeat_line(kind, data, state) or _after_battle_line(kind, data, state)


def _defeat_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """A defeat's escape, captivity, fealty and elimination (KK-ELIM, KK-CAPTIVE, KK-VASSAL-1)."""
    owner = namer(state)
    match kind:
        case "EscapeForgone":
            return f"{owner(data['seat'])}'s lord does not try to escape ({words(data['reason'])})"
        case "EscapeSucceeded":
            return f"{owner(data['seat'])} rolls 6: the lord escapes to {county(state, data['to'])}"
        case "EscapeFailed":
            return f"{owner(data['seat'])} rolls {data['face']}: the lord fails to escape"
        case "LordCaptured":
            return (
                f"{owner(data['captor'])} captures {owner(data['seat'])}'s lord; executed in {data['execution_year']} "
                "unless ransomed"
            )
        case "OfficeVacated":
            return (
                f"{owner(data['former_holder'])} loses the office {data['office'].replace('_', ' ')} "
                f"({words(data['reason'])})"
            )
        case "FealtyOffered":
            return f"{owner(data['seat'])} offers fealty to {owner(data['to'])}"
        case "FealtyRefused":
            return f"{owner(data['by'])} refuses the oath: {owner(data['seat'])} is to be eliminated"
        case "FealtySworn":
            spoils = data["treasury_transferred"]
            return f"{owner(data['vassal'])} becomes the vassal of {owner(data['liege'])}, who takes {spoils} garas"
        case "PlayerEliminated":
            if data["cause"] == "left":
                return f"{owner(data['seat'])} leaves the game; his units turn neutral and his money goes to the crown"
            heir = owner(data["conqueror"]) if data["conqueror"] else "nobody (his units turn neutral)"
            return f"{owner(data['seat'])} is eliminated ({words(data['cause'])}); everything passes to {heir}"
        case "EliminationTakeoverPlaced":
            placed = [f"{arm} in {county(state, c)}" for c, arm in data["placements"].items() if arm]
            return f"{owner(data['conqueror'])} places {', '.join(placed) or 'no unit'}"
        case "RansomPaid":
            return (
                f"{owner(data['seat'])} pays {data['amount']} garas ransom; the lord returns to "
                f"{county(state, data['to'])}"
            )
        case "LordExecuted":
            return f"{owner(data['seat'])}'s lord, captured in {data['captured_year']}, is executed"
    return None


def _after_battle_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """Vassals freed and vetoes, duels, extra steps and rerolls (KK-VASSAL, KK-LORD-5..9, KK-OFFICE-1/2)."""
    owner = namer(state)
    match kind:
        case "VassalFreed":
            return f"{owner(data['vassal'])} is freed: his liege {owner(data['former_liege'])} has fallen"
        case "LordReturned":
            return f"{owner(data['seat'])}'s lord returns to {county(state, data['to'])}"
        case "BattleVetoed":
            return (
                f"{owner(data['liege'])} vetoes {owner(data['vassal'])}'s battle {battle_name(state, data['battle'])}: "
                f"{_sent_back(data, state)}"
            )
        case "DuelStarted":
            fought = battle_name(state, data["battle"])
            return f"the lords of {owner(data['attacker'])} and {owner(data['defender'])} fight a duel ({fought})"
        case "DuelRoundResolved":
            faces = data["faces"]
            outcome = f"{owner(data['winner'])} wins" if data["winner"] else "no lone 6, again"
            return f"duel round {data['round']}: {faces['attacker']} against {faces['defender']}; {outcome}"
        case "ExtraStepOffered":
            return f"{owner(data['seat'])}'s lord may take one extra step from {county(state, data['county'])}"
        case "ExtraStepTaken":
            return f"{owner(data['seat'])} takes the extra step to {county(state, data['to'])}"
        case "ExtraStepDeclined":
            return f"{owner(data['seat'])} takes no extra step"
        case "RerollOffered":
            return f"{owner(data['seat'])}, the Judge Royal, may reroll ({data['occasion']})"
        case "DiceRerolled":
            return f"{owner(data['seat'])}, the Judge Royal, rerolls: {' '.join(map(str, data['faces']))}"
        case "RerollDeclined":
            return f"{owner(data['seat'])}, the Judge Royal, lets the roll stand"
        case "HitsRecounted":
            return f"the {data['side']} now kills {data['max_kills']} at most"
    return None


def _sent_back(data: Mapping[str, Any], state: KKState) -> str:
    """KK-VASSAL-2: the groups sent back, each to its county (one county in events before `returns`)."""
    returns = data.get("returns") or [{"to": data.get("to"), "units": data.get("units")}]
    shown = []
    for back in returns:
        shown.append(f"{units(back.get('units'))} go back to {county(state, back.get('to'))}")
    return "; ".join(shown)
