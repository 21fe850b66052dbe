"""One readable English line per event."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.cedofan_rv.state import RvState

_BATTLES = {
    "field": "field battle",
    "storm": "storm",
    "relief": "relief battle",
    "empty_city": "storm of an empty place",
}

# What a faction does in its impulse: in a Kard League sub-faction's impulse the line names the sub-faction.
_ACTS = frozenset(
    {
        "AttackDeclared",
        "SiegeStarted",
        "StormCalled",
        "ReliefDeclared",
        "ResourcesTransferred",
        "ResourcesExtracted",
        "UnitsRecruited",
    }
)


def notation(event: Event, before: RvState) -> str:
    """One line describing the event."""
    d = event.data
    sub = before.impulse_subfaction
    if sub and event.type in _ACTS and d.get("seat") == before.impulse:
        d = {**d, "seat": f"{d['seat']} ({sub})"}  # RV-TURN-3: name the sub-faction whose impulse it is
    try:
        return _line(event.type, d)
    except (KeyError, TypeError, ValueError):
        return event.type


def _line(kind: str, d: Any) -> str:
    match kind:
        case "GameCreated":
            return f"game created: {d['ruleset']} for {', '.join(s['seat'] for s in d['seats'])}"
        case "RoundStarted":
            return f"round {d['round']} begins"
        case "ImpulseStarted":
            return f"{_impulse_of(d)}'s impulse (round {d['round']}), limit {d['limit']}"
        case "ImpulseEnded":
            return f"{_impulse_of(d)} ends its impulse having spent {d['spent']}"
        case "BannerMoved":
            return (
                f"{d['noble']} leads {len(d['units'])} unit(s) {d['from']} -> {d['to']}: "
                f"{d['steps']} step(s), cost {d['cost']} from {d['paid_from']}"
            )
        case "ResourcesTransferred":
            return f"{d['seat']} passes resources from {d['from']} to {d['to']}"
        case "AttackDeclared":
            return f"{d['seat']} attacks {d['defender']} in {d['area']} with {', '.join(d['nobles'])}"
        case "SiegeStarted":
            return f"{d['seat']} besieges {d['place']} with {', '.join(d['nobles'])} (cost {d['cost']})"
        case "StormCalled":
            return f"{d['seat']} ({d['by']}) storms {d['place']}: cost {d['cost']}, spent {d['spent']}/{d['limit']}"
        case "ReliefDeclared":
            return f"{d['seat']} relieves {d['place']} with {', '.join(d['nobles'])}, {len(d['joining'])} joining"
        case "DiceRolled":
            faces = " ".join(map(str, d["faces"]))
            side = d.get("side") or d.get("seat") or "table"
            return f"{side} rolls {len(d['faces'])}d6: {faces}"
        case "HitsApplied":
            dead = ", ".join(d["deaths"]) or "nobody"
            return f"{d['side']} takes {d['hits']} hit(s): {dead} killed, {d['wasted']} wasted"
        case "BattleResolved":
            shown = ", ".join(f"{side} {n}" for side, n in d["units_after"].items())
            name = _BATTLES.get(d["kind"], d["kind"])
            return f"{name} at {d['area']}: units after {shown}; winner {d['winner'] or 'none'}"
        case "PlaceCaptured":
            return f"{d['place']} is taken by {d['by']}"
        case "SiegeContinues":
            return f"the siege of {d['place']} continues"
        case "BesiegersWithdrew":
            return f"{d['seat']} lifts the siege of {d['place']} and withdraws"
        case "PiecesRetreated":
            return f"{d['seat']}: {len(d['pieces'])} piece(s) withdraw from {d['from']} to {d['to']}, free"
        case "ReliefEnteredPlace":
            return f"{len(d['pieces'])} relieving piece(s) withdraw into {d['place']}"
        case "PiecesEliminated":
            return f"{d['seat']}: {len(d['pieces'])} piece(s) have no city to withdraw to and are lost"
        case "LootOwed":
            return f"{d['from_seat']} owes {d['to_seat']} the loot of {', '.join(d['nobles'])} (sealed slip)"
        case "LootDelivered":
            return f"{d['from_seat']}'s loot slip reaches {d['to_seat']}"
        case "RulerReappeared":
            return f"{d['seat']}'s new ruler {d['noble']} appears in {d['area']}, free"
        case "ResourcesExtracted":
            return f"{d['seat']} extracts {d['amount']} resource(s) in {d['place']}"
        case "UnitsRecruited":
            return f"{d['seat']} recruits {d['unit']} ({d['kind']}) in {d['place']} for {d['cost']}"
        case "RetreatChosen":
            return f"{d['seat']} withdraws {', '.join(d['pieces'])} to {d['to']} instead of {d['from']}"
        case "ImperialGeneralBought":
            return f"{d['seat']} (kard) buys imperial general {d['noble']} in {d['area']} for {d['cost']}"
        case "ShadeSummoned":
            return f"Kalamé summons shade {d['noble']} in {d['area']}"
        case "ExtraordinaryTaxLevied":
            return f"{d['seat']} (kard) levies the extraordinary tax: {d['amount']} from {', '.join(d['cities'])}"
        case "CityTurnedNeutral":
            return f"{d['place']} is left without units and turns neutral"
        case "InfluenceGained":
            return f"{d['seat']} gains {d['amount']} influence ({d['reason'].replace('_', ' ')})"
        case "SealedRoundOpened":
            return f"sealed round {d['round']} opened for {', '.join(d['seats'])}"
        case "SubmissionSealed":
            return f"{d['seat']} seals in {d['round']}"
        case "SubmissionsRevealed":
            return f"{d['round']} revealed"
        case "GameEnded":
            winners = d.get("winners") or []
            return f"game ended by {d['by']}; winners: {', '.join(winners) or 'none named'}"
        case _:
            return platform_line(Event(kind, d)) or kind


def _impulse_of(d: Any) -> str:
    """Whose impulse: the faction, and the Kard League sub-faction when it is one's (RV-TURN-3)."""
    return f"{d['faction']} ({d['subfaction']})" if d.get("subfaction") else str(d["faction"])
