"""Views and notation of `cedofan_kards_bs`. The seed hides nothing: every seat sees the whole table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Event, Viewer
from domain.platform_notation import platform_line
from domain.rulesets.cedofan_kards_bs.state import KbsState


def view(state: KbsState, viewer: Viewer) -> dict[str, Any]:
    """The table as everyone sees it: treasuries, cities, stacks, sieges, captives (no hidden information)."""
    rulers = {seat: start.ruler for seat, start in state.map.factions.items()}
    return {
        "round": state.round,
        "phase": state.phase,
        "turn": state.turn,
        "order": list(state.order),
        "factions": {
            seat: {
                "supplies": f.supplies,
                "influence": f.influence,
                "lord": f.lord,
                "cities": sorted(c for c, o in state.owners.items() if o == seat),
                # KBS-LDR-3: a faction whose ruler is held, dead or not yet placed cannot win.
                "may_win": has_ruler(state, seat, rulers.get(seat)),
            }
            for seat, f in sorted(state.factions.items())
        },
        "cities": {
            c: {
                "owner": state.owners.get(c),
                "admin_region": info.admin_region,
                "fortified": info.fortified,
                "port": info.port,
                "capital_of": info.capital_of,
                "besieged_by": state.sieges[c].army if c in state.sieges else None,
                "pirate_held": c in state.pirate_held,
            }
            for c, info in sorted(state.map.cities.items())
        },
        "armies": {
            k: {
                "owner": a.owner,
                "at": a.at,
                "units": dict(a.units),
                "leaders": list(a.leaders),
                "besieging": a.besieging,
                "movement_units": a.movement_units(),
            }
            for k, a in sorted(state.armies.items())
        },
        "sieges": {c: {"army": s.army, "started": s.started} for c, s in sorted(state.sieges.items())},
        "captives": {k: {"owner": c.owner, "captor": c.captor, "at": c.at} for k, c in sorted(state.captives.items())},
        "prisoners": {k: {"captor": p.captor, "units": dict(p.units)} for k, p in sorted(state.prisoners.items())},
        "retreats": {"armies": list(state.retreats), "from": state.retreat_from, "barred": state.retreat_barred},
        "unplaced": list(state.unplaced),
        # KBS-AMB-1/5: losses their owner may still allocate himself (`allocate_losses`).
        "open_losses": {
            k: {"owner": o.owner, "at": o.at, "rule": o.rule, "removed": {a: dict(u) for a, u in o.removed.items()}}
            for k, o in sorted(state.open_losses.items())
        },
        "board": state.map.document.get("name"),
    }


def has_ruler(state: KbsState, seat: str, ruler: str | None) -> bool:
    """KBS-LDR-3: the faction's ruler figure stands free on the board, in one of its own stacks.

    A board that names no ruler for a faction cannot say, so such a faction is not barred.
    """
    if ruler is None:
        return True
    return any(ruler in a.leaders and a.owner == seat for a in state.armies.values())


def _supplies(count: int) -> str:
    return f"{count} supply" if count == 1 else f"{count} supplies"


def _units(units: Any) -> str:
    if not isinstance(units, Mapping) or not units:
        return "nothing"
    return ", ".join(f"{n} {kind}" for kind, n in sorted(units.items()))


def notation(event: Event, state: KbsState) -> str:
    """One readable English line per event."""
    d = event.data
    match event.type:
        case "GameCreated":
            return f"campaign created on {d.get('board')}"
        case "RoundStarted":
            return f"round {d['round']} begins"
        case "TurnStarted":
            return f"round {d['round']}: {d['seat']}'s turn"
        case "RoundEnded":
            return f"round {d['round']} ends"
        case "ArmyMoved":
            return f"{d['seat']}: {d['army']} moves {d['from']} -> {' -> '.join(d['path'])} ({_supplies(d['cost'])})"
        case "ArmiesEnteredJointly":
            return f"{d['seat']}: {', '.join(d['armies'])} enter {d['to']} together ({_supplies(d['cost'])})"
        case "ArmySplit":
            moved = [_units(d["units"])] if d["units"] else []
            moved += list(d["leaders"])
            return f"{d['seat']}: {', '.join(moved)} leave {d['army']} as {d['into']}"
        case "ArmiesMerged":
            return f"{d['seat']}: {', '.join(d['armies'])} merge into {d['into']}"
        case "SiegeStarted":
            return f"{d['seat']}: {d['army']} besieges {d['city']} (1 supply)"
        case "StormDeclared":
            return f"{d['seat']}: {d['army']} storms {d['city']} (1 supply)"
        case "AttackDeclared":
            return f"{d['seat']}: {d['army']} attacks {d['defender']} in {d['to']} ({_supplies(d['cost'])})"
        case "ReliefAttackDeclared":
            return f"{d['seat']}: {', '.join(d['armies'])} attack the besiegers of {d['city']}"
        case "BattleResolved":
            v, s = d["values"], d["survivors"]
            tie = ", tie to the defender" if d.get("tie_to_defender") else ""
            return (
                f"{d['kind']} at {d['area']}: {v[0]} vs {v[1]}, {d['winner']} wins{tie}; survivors {s[0]} / {s[1]} BS"
            )
        case "UnitsLost":
            leaders = f" and {', '.join(d['leaders'])}" if d.get("leaders") else ""
            return f"{d['army']} loses {_units(d.get('units'))}{leaders}"
        case "UnitsCaptured":
            leaders = f" with {', '.join(d['leaders'])}" if d.get("leaders") else ""
            return f"{d['captor']} captures {d['army']} ({_units(d.get('units'))}{leaders}) at {d['at']}"
        case "RetreatsRequired":
            return f"{', '.join(d['armies'])} must retreat from {d['from']}"
        case "ArmyRetreated":
            return f"{d['army']} retreats to {d['to']}"
        case "ArmyRelocated":
            return f"{d['army']} moves to {d['to']}"
        case "CityCaptured":
            return f"{d['city']} passes from {d['previous']} to {d['owner']}"
        case "CityTurnedNeutral":
            return f"{d['city']} turns neutral" + (" (held by pirates)" if d.get("pirate_held") else "")
        case "ArmyPlaced" | "NeutralUnitsRecruited":
            leaders = f" with {', '.join(d['leaders'])}" if d.get("leaders") else ""
            return f"{d['owner']} places {d['army']} ({_units(d.get('units'))}{leaders}) in {d['at']}"
        case "SiegeEnded":
            return f"the siege of {d['city']} ends ({d['reason']})"
        case "SiegeBroken":
            return f"the siege of {d['city']} is broken; {d['army']} withdraws"
        case "SiegeAttritionApplied":
            lost = _units(d.get("units")) if d.get("units") else ", ".join(d.get("leaders", []))
            return f"{d['city']}, year {d['year']} of the siege: {d['army']} loses {lost}"
        case "LossesAllocated":
            chosen = "; ".join(f"{a} {_units(u)}" for a, u in sorted(d["removed"].items())) or ", ".join(d["leaders"])
            return f"{d['seat']} chooses its losses at {d['at']}: {chosen}"
        case "EquipmentSeized":
            return f"{d['to']} seizes {_units(d['units'])} from {d['from']}"
        case "GiantsArrived":
            return f"round {d['round']}: giants roll {d['roll']} and attack {d['city']} of {d['owner']}"
        case "GiantsStayedAway":
            return f"round {d['round']}: giants roll {d['roll']}; {d['city']} is neutral, no attack"
        case "PirateRaidResolved":
            if not d.get("happened"):
                return f"round {d['round']}: no pirate raid on {d['city']}"
            v = d["values"]
            return f"round {d['round']}: pirates raid {d['city']}: {v[0]} vs {v[1]}, {d['winner']} win"
        case "SuppliesTransferred" | "InfluenceTransferred":
            what = "supplies" if event.type == "SuppliesTransferred" else "influence"
            return f"{d['amount']} {what}: {d.get('from') or 'bank'} -> {d.get('to') or 'bank'}"
        case "KardRansomed":
            paid = f"{d['supplies']} supplies, {d['influence']} influence"
            return f"{d['seat']} ransoms {d['kard']} from {d['captor']} ({paid})"
        case "PrisonersRansomed":
            return f"{d['seat']} ransoms {_units(d['units'])} from {d['captor']} for {d['cost']} supplies"
        case "VassalageEstablished":
            return f"{d['vassal']} becomes the vassal of {d['lord']}"
        case "VassalSuppliesRequested":
            return f"{d['lord']} requests {d['amount']} supplies from its vassal {d['vassal']}"
        case "RevoltDeclared":
            return f"{d['vassal']} revolts against {d['lord']}"
        case "DiceRolled":
            faces = " ".join(map(str, d["faces"]))
            return f"{d.get('seat') or 'table'} rolls {len(d['faces'])}d6: {faces} ({d.get('purpose')})"
        case "GameEnded":
            return f"game ended by {d['by']}"
        case _:
            return platform_line(event) or event.type
