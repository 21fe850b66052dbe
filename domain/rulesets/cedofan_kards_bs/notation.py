"""One readable English line per event of `cedofan_kards_bs`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.cedofan_kards_bs.state import KbsState


def notation(event: Event, state: KbsState) -> str:
    """One readable English line per event."""
    line = _LINES.get(event.type)
    return line(event.data) if line is not None else platform_line(event) or event.type


def _supplies(count: int) -> str:
    return f"{count} supply" if count == 1 else f"{count} supplies"


def _units(units: Any) -> str:
    if not isinstance(units, Mapping) or not units:
        return "nothing"
    return ", ".join(f"{n} {kind}" for kind, n in sorted(units.items()))


def _army_split(d: Any) -> str:
    moved = [_units(d["units"])] if d["units"] else []
    moved += list(d["leaders"])
    return f"{d['seat']}: {', '.join(moved)} leave {d['army']} as {d['into']}"


def _battle_resolved(d: Any) -> str:
    v, s = d["values"], d["survivors"]
    tie = ", tie to the defender" if d.get("tie_to_defender") else ""
    if d["kind"] == "giants":  # the giant leaves after its battle (KBS-GNT-*): only the defenders' survivors count
        outcome = "the giants win" if d["winner"] == "attacker" else "the defenders hold"
        return f"giants at {d['area']}: {v[0]} vs {v[1]}, {outcome}{tie}; the defenders keep {s[1]} BS"
    return f"{d['kind']} at {d['area']}: {v[0]} vs {v[1]}, {d['winner']} wins{tie}; survivors {s[0]} / {s[1]} BS"


def _units_lost(d: Any) -> str:
    leaders = f" and {', '.join(d['leaders'])}" if d.get("leaders") else ""
    return f"{d['army']} loses {_units(d.get('units'))}{leaders}"


def _units_captured(d: Any) -> str:
    leaders = f" with {', '.join(d['leaders'])}" if d.get("leaders") else ""
    return f"{d['captor']} captures {d['army']} ({_units(d.get('units'))}{leaders}) at {d['at']}"


def _army_placed(d: Any) -> str:
    leaders = f" with {', '.join(d['leaders'])}" if d.get("leaders") else ""
    return f"{d['owner']} places {d['army']} ({_units(d.get('units'))}{leaders}) in {d['at']}"


def _siege_attrition_applied(d: Any) -> str:
    lost = _units(d.get("units")) if d.get("units") else ", ".join(d.get("leaders", []))
    return f"{d['city']}, year {d['year']} of the siege: {d['army']} loses {lost}"


def _losses_allocated(d: Any) -> str:
    chosen = "; ".join(f"{a} {_units(u)}" for a, u in sorted(d["removed"].items())) or ", ".join(d["leaders"])
    return f"{d['seat']} chooses its losses at {d['at']}: {chosen}"


def _pirate_raid_resolved(d: Any) -> str:
    if not d.get("happened"):
        return f"round {d['round']}: no pirate raid on {d['city']}"
    v = d["values"]
    outcome = "the pirates win" if d["winner"] == "pirates" else f"{d['city']} holds"
    return f"round {d['round']}: pirates raid {d['city']}: {v[0]} vs {v[1]}, {outcome}"


def _transferred(d: Any, what: str) -> str:
    return f"{d['amount']} {what}: {d.get('from') or 'bank'} -> {d.get('to') or 'bank'}"


def _kard_ransomed(d: Any) -> str:
    paid = f"{d['supplies']} supplies, {d['influence']} influence"
    return f"{d['seat']} ransoms {d['kard']} from {d['captor']} ({paid})"


def _dice_rolled(d: Any) -> str:
    faces = " ".join(map(str, d["faces"]))
    return f"{d.get('seat') or 'table'} rolls {len(d['faces'])}d6: {faces} ({d.get('purpose')})"


# One line per event type; a type not listed is the platform's or its bare name.
_LINES: Mapping[str, Callable[[Any], str]] = {
    "GameCreated": lambda d: f"campaign created on {d.get('board')}",
    "RoundStarted": lambda d: f"round {d['round']} begins",
    "TurnStarted": lambda d: f"round {d['round']}: {d['seat']}'s turn",
    "RoundEnded": lambda d: f"round {d['round']} ends",
    "ArmyMoved": lambda d: (
        f"{d['seat']}: {d['army']} moves {d['from']} -> {' -> '.join(d['path'])} ({_supplies(d['cost'])})"
    ),
    "ArmiesEnteredJointly": lambda d: (
        f"{d['seat']}: {', '.join(d['armies'])} enter {d['to']} together ({_supplies(d['cost'])})"
    ),
    "ArmySplit": _army_split,
    "ArmiesMerged": lambda d: f"{d['seat']}: {', '.join(d['armies'])} merge into {d['into']}",
    "SiegeStarted": lambda d: f"{d['seat']}: {d['army']} besieges {d['city']} (1 supply)",
    "StormDeclared": lambda d: f"{d['seat']}: {d['army']} storms {d['city']} (1 supply)",
    "AttackDeclared": lambda d: (
        f"{d['seat']}: {d['army']} attacks {d['defender']} in {d['to']} ({_supplies(d['cost'])})"
    ),
    "ReliefAttackDeclared": lambda d: f"{d['seat']}: {', '.join(d['armies'])} attack the besiegers of {d['city']}",
    "BattleResolved": _battle_resolved,
    "UnitsLost": _units_lost,
    "UnitsCaptured": _units_captured,
    "RetreatsRequired": lambda d: f"{', '.join(d['armies'])} must retreat from {d['from']}",
    "ArmyRetreated": lambda d: f"{d['army']} retreats to {d['to']}",
    "ArmyRelocated": lambda d: f"{d['army']} moves to {d['to']}",
    "CityCaptured": lambda d: f"{d['city']} passes from {d['previous']} to {d['owner']}",
    "CityTurnedNeutral": lambda d: (
        f"{d['city']} turns neutral" + (" (held by pirates)" if d.get("pirate_held") else "")
    ),
    "ArmyPlaced": _army_placed,
    "NeutralUnitsRecruited": _army_placed,
    "SiegeEnded": lambda d: f"the siege of {d['city']} ends ({d['reason']})",
    "SiegeBroken": lambda d: f"the siege of {d['city']} is broken; {d['army']} withdraws",
    "SiegeAttritionApplied": _siege_attrition_applied,
    "LossesAllocated": _losses_allocated,
    "EquipmentSeized": lambda d: f"{d['to']} seizes {_units(d['units'])} from {d['from']}",
    "GiantsArrived": lambda d: f"round {d['round']}: giants roll {d['roll']} and attack {d['city']} of {d['owner']}",
    "GiantsStayedAway": lambda d: f"round {d['round']}: giants roll {d['roll']}; {d['city']} is neutral, no attack",
    "PirateRaidResolved": _pirate_raid_resolved,
    "SuppliesTransferred": lambda d: _transferred(d, "supplies"),
    "InfluenceTransferred": lambda d: _transferred(d, "influence"),
    "KardRansomed": _kard_ransomed,
    "PrisonersRansomed": lambda d: (
        f"{d['seat']} ransoms {_units(d['units'])} from {d['captor']} for {_supplies(d['cost'])}"
    ),
    "VassalageEstablished": lambda d: f"{d['vassal']} becomes the vassal of {d['lord']}",
    "VassalSuppliesRequested": lambda d: f"{d['lord']} requests {d['amount']} supplies from its vassal {d['vassal']}",
    "RevoltDeclared": lambda d: f"{d['vassal']} revolts against {d['lord']}",
    "DiceRolled": _dice_rolled,
    "GameEnded": lambda d: f"game ended by {d['by']}",
}
