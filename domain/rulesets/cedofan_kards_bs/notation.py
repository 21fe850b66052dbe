"""One readable English line per event of `cedofan_kards_bs`, naming what the table sees: factions, kards, the
board's areas and cities, units counted by kind, armies by their kard or where they stand (`notation_names`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.cedofan_kards_bs.notation_names import area, armies, army, faction, kard, kards, units
from domain.rulesets.cedofan_kards_bs.state import KbsState

Line = Callable[[Any, KbsState], str]


def notation(event: Event, state: KbsState) -> str:
    """One readable English line per event."""
    line = _LINES.get(event.type)
    return line(event.data, state) if line is not None else platform_line(event) or event.type


def _supplies(count: int) -> str:
    return f"{count} supply" if count == 1 else f"{count} supplies"


def _with_kards(d: Any) -> str:
    return f" with {kards(d['leaders'])}" if d.get("leaders") else ""


def _army_split(d: Any, state: KbsState) -> str:
    moved = [units(d["units"])] if d["units"] else []
    moved += [kard(leader) for leader in d["leaders"]]
    return f"{faction(d['seat'])}: {', '.join(moved)} leave {army(state, d['army'])} as a new army"


def _battle_resolved(d: Any, state: KbsState) -> str:
    v, s, where = d["values"], d["survivors"], area(state, d["area"])
    tie = ", tie to the defender" if d.get("tie_to_defender") else ""
    if d["kind"] == "giants":  # the giant leaves after its battle (KBS-GNT-*): only the defenders' survivors count
        outcome = "the giants win" if d["winner"] == "attacker" else "the defenders hold"
        return f"giants at {where}: {v[0]} vs {v[1]}, {outcome}{tie}; the defenders keep {s[1]} BS"
    kind = str(d["kind"]).replace("_", " ")
    return f"{kind} at {where}: {v[0]} vs {v[1]}, {d['winner']} wins{tie}; survivors {s[0]} / {s[1]} BS"


def _units_lost(d: Any, state: KbsState) -> str:
    leaders = f" and {kards(d['leaders'])}" if d.get("leaders") else ""
    return f"{army(state, d['army'])} loses {units(d.get('units'))}{leaders}"


def _units_captured(d: Any, state: KbsState) -> str:
    taken = f"{army(state, d['army'])} ({units(d.get('units'))}{_with_kards(d)})"
    return f"{faction(d['captor'])} captures {taken} at {area(state, d['at'])}"


def _army_placed(d: Any, state: KbsState) -> str:
    placed = f"{units(d.get('units'))}{_with_kards(d)}"
    return f"{faction(d['owner'])} places {placed} in {area(state, d['at'])}"


def _siege_attrition_applied(d: Any, state: KbsState) -> str:
    lost = units(d.get("units")) if d.get("units") else kards(d.get("leaders", []))
    return f"{area(state, d['city'])}, year {d['year']} of the siege: {army(state, d['army'])} loses {lost}"


def _losses_allocated(d: Any, state: KbsState) -> str:
    removed = sorted(d["removed"].items())
    chosen = "; ".join(f"{army(state, a)} {units(u)}" for a, u in removed) or kards(d["leaders"])
    return f"{faction(d['seat'])} chooses its losses at {area(state, d['at'])}: {chosen}"


def _pirate_raid_resolved(d: Any, state: KbsState) -> str:
    city = area(state, d["city"])
    if not d.get("happened"):
        return f"round {d['round']}: no pirate raid on {city}"
    v = d["values"]
    outcome = "the pirates win" if d["winner"] == "pirates" else f"{city} holds"
    return f"round {d['round']}: pirates raid {city}: {v[0]} vs {v[1]}, {outcome}"


def _transferred(d: Any, what: str) -> str:
    giver = faction(d["from"]) if d.get("from") else "the bank"
    taker = faction(d["to"]) if d.get("to") else "the bank"
    return f"{d['amount']} {what}: {giver} -> {taker}"


def _kard_ransomed(d: Any, state: KbsState) -> str:
    paid = f"{d['supplies']} supplies, {d['influence']} influence"
    return f"{faction(d['seat'])} ransoms {kard(d['kard'])} from {faction(d['captor'])} ({paid})"


def _dice_rolled(d: Any, state: KbsState) -> str:
    faces = " ".join(map(str, d["faces"]))
    roller = faction(d["seat"]) if d.get("seat") else "table"
    return f"{roller} rolls {len(d['faces'])}d6: {faces} ({d.get('purpose')})"


def _army_moved(d: Any, state: KbsState) -> str:
    path = " -> ".join(area(state, step) for step in d["path"])
    moved = f"{army(state, d['army'])} moves from {area(state, d['from'])} to {path}"
    return f"{faction(d['seat'])}: {moved} ({_supplies(d['cost'])})"


def _city_captured(d: Any, state: KbsState) -> str:
    return f"{area(state, d['city'])} passes from {faction(d['previous'])} to {faction(d['owner'])}"


def _giants_arrived(d: Any, state: KbsState) -> str:
    attacked = f"{area(state, d['city'])} of {faction(d['owner'])}"
    return f"round {d['round']}: giants roll {d['roll']} and attack {attacked}"


# One line per event type; a type not listed is the platform's or its bare name.
_LINES: Mapping[str, Line] = {
    "GameCreated": lambda d, state: f"campaign created on {d.get('board')}",
    "RoundStarted": lambda d, state: f"round {d['round']} begins",
    "TurnStarted": lambda d, state: f"round {d['round']}: {faction(d['seat'])}'s turn",
    "RoundEnded": lambda d, state: f"round {d['round']} ends",
    "ArmyMoved": _army_moved,
    "ArmiesEnteredJointly": lambda d, state: (
        f"{faction(d['seat'])}: {armies(state, d['armies'])} enter {area(state, d['to'])} together "
        f"({_supplies(d['cost'])})"
    ),
    "ArmySplit": _army_split,
    "ArmiesMerged": lambda d, state: f"{faction(d['seat'])}: {armies(state, d['armies'])} merge into one army",
    "SiegeStarted": lambda d, state: (
        f"{faction(d['seat'])}: {army(state, d['army'])} besieges {area(state, d['city'])} (1 supply)"
    ),
    "StormDeclared": lambda d, state: (
        f"{faction(d['seat'])}: {army(state, d['army'])} storms {area(state, d['city'])} (1 supply)"
    ),
    "AttackDeclared": lambda d, state: (
        f"{faction(d['seat'])}: {army(state, d['army'])} attacks {faction(d['defender'])} in {area(state, d['to'])} "
        f"({_supplies(d['cost'])})"
    ),
    "ReliefAttackDeclared": lambda d, state: (
        f"{faction(d['seat'])}: {armies(state, d['armies'])} attack the besiegers of {area(state, d['city'])}"
    ),
    "BattleResolved": _battle_resolved,
    "UnitsLost": _units_lost,
    "UnitsCaptured": _units_captured,
    "RetreatsRequired": lambda d, state: f"{armies(state, d['armies'])} must retreat from {area(state, d['from'])}",
    "ArmyRetreated": lambda d, state: f"{army(state, d['army'])} retreats to {area(state, d['to'])}",
    "ArmyRelocated": lambda d, state: f"{army(state, d['army'])} moves to {area(state, d['to'])}",
    "CityCaptured": _city_captured,
    "CityTurnedNeutral": lambda d, state: (
        f"{area(state, d['city'])} turns neutral" + (" (held by pirates)" if d.get("pirate_held") else "")
    ),
    "ArmyPlaced": _army_placed,
    "NeutralUnitsRecruited": _army_placed,
    "SiegeEnded": lambda d, state: f"the siege of {area(state, d['city'])} ends ({d['reason']})",
    "SiegeBroken": lambda d, state: (
        f"the siege of {area(state, d['city'])} is broken; {army(state, d['army'])} withdraws"
    ),
    "SiegeAttritionApplied": _siege_attrition_applied,
    "LossesAllocated": _losses_allocated,
    "EquipmentSeized": lambda d, state: f"{faction(d['to'])} seizes {units(d['units'])} from {faction(d['from'])}",
    "GiantsArrived": _giants_arrived,
    "GiantsStayedAway": lambda d, state: (
        f"round {d['round']}: giants roll {d['roll']}; {area(state, d['city'])} is neutral, no attack"
    ),
    "PirateRaidResolved": _pirate_raid_resolved,
    "SuppliesTransferred": lambda d, state: _transferred(d, "supplies"),
    "InfluenceTransferred": lambda d, state: _transferred(d, "influence"),
    "KardRansomed": _kard_ransomed,
    "PrisonersRansomed": lambda d, state: (
        f"{faction(d['seat'])} ransoms {units(d['units'])} from {faction(d['captor'])} for {_supplies(d['cost'])}"
    ),
    "VassalageEstablished": lambda d, state: f"{faction(d['vassal'])} becomes the vassal of {faction(d['lord'])}",
    "VassalSuppliesRequested": lambda d, state: (
        f"{faction(d['lord'])} requests {d['amount']} supplies from its vassal {faction(d['vassal'])}"
    ),
    "RevoltDeclared": lambda d, state: f"{faction(d['vassal'])} revolts against {faction(d['lord'])}",
    "DiceRolled": _dice_rolled,
    "GameEnded": lambda d, state: f"game ended by {d['by']}",
}
