"""One readable English line per event."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    line = _LINES.get(kind)
    return line(d) if line is not None else platform_line(Event(kind, d)) or kind


def _banner_moved(d: Any) -> str:
    sieges = "".join(
        f"; {label} {', '.join(d[key])}"
        for key, label in (("besieges", "still besieges"), ("breaks_off", "breaks off the siege of"))
        if d.get(key)
    )
    return (
        f"{d['noble']} leads {len(d['units'])} unit(s) {d['from']} -> {d['to']}: "
        f"{d['steps']} step(s), cost {d['cost']} from {d['paid_from']}{sieges}"
    )


def _dice_rolled(d: Any) -> str:
    faces = " ".join(map(str, d["faces"]))
    side = d.get("side") or d.get("seat") or "table"
    return f"{side} rolls {len(d['faces'])}d6: {faces}"


def _hits_applied(d: Any) -> str:
    dead = ", ".join(d["deaths"]) or "nobody"
    return f"{d['side']} takes {d['hits']} hit(s): {dead} killed, {d['wasted']} wasted"


def _battle_resolved(d: Any) -> str:
    shown = ", ".join(f"{side} {n}" for side, n in d["units_after"].items())
    name = _BATTLES.get(d["kind"], d["kind"])
    return f"{name} at {d['area']}: units after {shown}; winner {d['winner'] or 'none'}"


def _why_lost(d: Any) -> str:
    """Pieces are eliminated for three reasons; the event's rule ids say which."""
    rules = d.get("rule_ids") or []
    if "RV-DTH-2" in rules:
        return "fell with their sub-faction's ruler"
    if "RV-ECO-8" in rules:
        return "died in the unrest of the extraordinary tax"
    return "have no city to withdraw to"


def _game_ended(d: Any) -> str:
    winners = d.get("winners") or []
    return f"game ended by {d['by']}; winners: {', '.join(winners) or 'none named'}"


def _impulse_of(d: Any) -> str:
    """Whose impulse: the faction, and the Kard League sub-faction when it is one's (RV-TURN-3)."""
    return f"{d['faction']} ({d['subfaction']})" if d.get("subfaction") else str(d["faction"])


# One line per event type; a type not listed is the platform's or its bare name.
_LINES: Mapping[str, Callable[[Any], str]] = {
    "GameCreated": lambda d: f"game created: {d['ruleset']} for {', '.join(s['seat'] for s in d['seats'])}",
    "RoundStarted": lambda d: f"round {d['round']} begins",
    "ImpulseStarted": lambda d: f"{_impulse_of(d)}'s impulse (round {d['round']}), limit {d['limit']}",
    "ImpulseEnded": lambda d: f"{_impulse_of(d)} ends its impulse having spent {d['spent']}",
    "BannerMoved": _banner_moved,
    "ResourcesTransferred": lambda d: f"{d['seat']} passes resources from {d['from']} to {d['to']}",
    "AttackDeclared": lambda d: f"{d['seat']} attacks {d['defender']} in {d['area']} with {', '.join(d['nobles'])}",
    "SiegeStarted": lambda d: f"{d['seat']} besieges {d['place']} with {', '.join(d['nobles'])} (cost {d['cost']})",
    "StormCalled": lambda d: (
        f"{d['seat']} ({d['by']}) storms {d['place']}: cost {d['cost']}, spent {d['spent']}/{d['limit']}"
    ),
    "ReliefDeclared": lambda d: (
        f"{d['seat']} relieves {d['place']} with {', '.join(d['nobles'])}, {len(d['joining'])} joining"
    ),
    "DiceRolled": _dice_rolled,
    "HitsApplied": _hits_applied,
    "BattleResolved": _battle_resolved,
    "PlaceCaptured": lambda d: (
        f"{d['place']} is taken by {d['by']}" + (", damaged: a village" if d.get("damaged") else "")
    ),
    "SiegeContinues": lambda d: f"the siege of {d['place']} continues",
    "BesiegersWithdrew": lambda d: f"{d['seat']} lifts the siege of {d['place']} and withdraws",
    "PiecesRetreated": lambda d: (
        f"{d['seat']}: {len(d['pieces'])} piece(s) withdraw from {d['from']} to {d['to']}, free"
    ),
    "ReliefEnteredPlace": lambda d: f"{len(d['pieces'])} relieving piece(s) withdraw into {d['place']}",
    "PiecesEliminated": lambda d: f"{d['seat']}: {len(d['pieces'])} piece(s) {_why_lost(d)} and are lost",
    "LootOwed": lambda d: f"{d['from_seat']} owes {d['to_seat']} the loot of {', '.join(d['nobles'])} (sealed slip)",
    "LootDelivered": lambda d: f"{d['from_seat']}'s loot slip reaches {d['to_seat']}",
    "RulerReappeared": lambda d: f"{d['seat']}'s new ruler {d['noble']} appears in {d['area']}, free",
    "ResourcesExtracted": lambda d: f"{d['seat'] or 'the empire'} extracts {d['amount']} resource(s) in {d['place']}",
    "UnitsRecruited": lambda d: f"{d['seat']} recruits {d['unit']} ({d['kind']}) in {d['place']} for {d['cost']}",
    "RetreatChosen": lambda d: f"{d['seat']} withdraws {', '.join(d['pieces'])} to {d['to']} instead of {d['from']}",
    "ImperialGeneralBought": lambda d: (
        f"{d['seat']} (kard) buys imperial general {d['noble']} in {d['area']} for {d['cost']}"
    ),
    "ShadeSummoned": lambda d: f"Kalamé summons shade {d['noble']} in {d['area']}",
    "ExtraordinaryTaxLevied": lambda d: (
        f"{d['seat']} (kard) levies the extraordinary tax: {d['amount']} from {', '.join(d['cities'])}"
    ),
    "CityTurnedNeutral": lambda d: f"{d['place']} is left without units and turns neutral",
    "AllianceDeclared": lambda d: (
        f"{d['seat']} declares an alliance with {d['with']}"
        + (": the alliance is in force" if d["in_force"] else f", in force once {d['with']} declares it too")
    ),
    "AllianceEnded": lambda d: f"{d['seat']} ends its alliance with {d['with']}",
    "InfluenceGained": lambda d: f"{d['seat']} gains {d['amount']} influence ({d['reason'].replace('_', ' ')})",
    "SealedRoundOpened": lambda d: f"sealed round {d['round']} opened for {', '.join(d['seats'])}",
    "SubmissionSealed": lambda d: f"{d['seat']} seals in {d['round']}",
    "SubmissionsRevealed": lambda d: f"{d['round']} revealed",
    "GameEnded": _game_ended,
}
