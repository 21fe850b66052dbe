"""One readable English line per event, naming what the table sees: factions, places, units counted by kind and
nobles by faction and rank (`notation_names`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.cedofan_rv.notation_names import account, counted, faction, factions, nobles, pieces, place
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
    d = {**event.data}
    if "seat" in d:
        d["seat"] = faction(d["seat"]) if d["seat"] else None
    sub = before.impulse_subfaction
    if sub and event.type in _ACTS and event.data.get("seat") == before.impulse:
        d["seat"] = f"{d['seat']} ({faction(sub)})"  # RV-TURN-3: name the sub-faction whose impulse it is
    try:
        return _line(event.type, d, before)
    except (KeyError, TypeError, ValueError):
        return event.type


def _line(kind: str, d: Any, state: RvState) -> str:
    line = _LINES.get(kind)
    return line(d, state) if line is not None else platform_line(Event(kind, d)) or kind


def _banner_moved(d: Any, state: RvState) -> str:
    sieges = "".join(
        f"; {label} {', '.join(place(state, p) for p in d[key])}"
        for key, label in (("besieges", "still besieges"), ("breaks_off", "breaks off the siege of"))
        if d.get(key)
    )
    moved = f"{pieces(state, d['units'])} from {place(state, d['from'])} to {place(state, d['to'])}"
    paid = "the treasury" if d["paid_from"] == "treasury" else "his purse"
    return f"{nobles(state, [d['noble']])} leads {moved}: {d['steps']} step(s), cost {d['cost']} from {paid}{sieges}"


def _dice_rolled(d: Any, state: RvState) -> str:
    faces = " ".join(map(str, d["faces"]))
    side = d.get("side") or d.get("seat") or "table"
    return f"{side} rolls {len(d['faces'])}d6: {faces}"


def _hits_applied(d: Any, state: RvState) -> str:
    dead = pieces(state, d["deaths"])
    return f"{d['side']} takes {d['hits']} hit(s): {dead} killed, {d['wasted']} wasted"


def _battle_resolved(d: Any, state: RvState) -> str:
    shown = ", ".join(f"{side} {n}" for side, n in d["units_after"].items())
    name = _BATTLES.get(d["kind"], d["kind"])
    winner = faction(d["winner"]) if d["winner"] else "none"
    return f"{name} at {place(state, d['area'])}: units after {shown}; winner {winner}"


def _why_lost(d: Any) -> str:
    """Pieces are eliminated for three reasons; the event's rule ids say which."""
    rules = d.get("rule_ids") or []
    if "RV-DTH-2" in rules:
        return "fell with their sub-faction's ruler"
    if "RV-ECO-8" in rules:
        return "died in the unrest of the extraordinary tax"
    return "have no city to withdraw to"


def _game_ended(d: Any, state: RvState) -> str:
    winners = d.get("winners") or []
    return f"game ended by {d['by']}; winners: {factions(winners) if winners else 'none named'}"


def _impulse_of(d: Any) -> str:
    """Whose impulse: the faction, and the Kard League sub-faction when it is one's (RV-TURN-3)."""
    who = faction(d["faction"])
    return f"{who} ({faction(d['subfaction'])})" if d.get("subfaction") else who


def sealed_round_name(name: Any) -> str | None:
    """A sealed round by what it seals: "loot-2-katzowicove" reads "the loot slip of Katzowicové from battle 2";
    None for an id of a round these rules never open."""
    kind, _, rest = str(name).partition("-")
    number, _, seat = rest.partition("-")
    if kind == "loot" and number.isdigit() and seat:
        return f"the loot slip of {faction(seat)} from battle {number}"
    return None


def _sealed_round(name: Any) -> str:
    return sealed_round_name(name) or f"sealed round {name}"


def _alliance_declared(d: Any, state: RvState) -> str:
    other = faction(d["with"])
    in_force = ": the alliance is in force" if d["in_force"] else f", in force once {other} declares it too"
    return f"{d['seat']} declares an alliance with {other}{in_force}"


Line = Callable[[Any, RvState], str]

# One line per event type; a type not listed is the platform's or its bare name.
_LINES: Mapping[str, Line] = {
    "GameCreated": lambda d, state: f"game created: {d['ruleset']} for {factions([s['seat'] for s in d['seats']])}",
    "RoundStarted": lambda d, state: f"round {d['round']} begins",
    "ImpulseStarted": lambda d, state: f"{_impulse_of(d)}'s impulse (round {d['round']}), limit {d['limit']}",
    "ImpulseEnded": lambda d, state: f"{_impulse_of(d)} ends its impulse having spent {d['spent']}",
    "BannerMoved": _banner_moved,
    "ResourcesTransferred": lambda d, state: (
        f"{d['seat']} passes resources from {account(state, d['from'])} to {account(state, d['to'])}"
    ),
    "AttackDeclared": lambda d, state: (
        f"{d['seat']} attacks {faction(d['defender'])} in {place(state, d['area'])} with {nobles(state, d['nobles'])}"
    ),
    "SiegeStarted": lambda d, state: (
        f"{d['seat']} besieges {place(state, d['place'])} with {nobles(state, d['nobles'])} (cost {d['cost']})"
    ),
    "StormCalled": lambda d, state: (
        f"{d['seat']} ({d['by']}) storms {place(state, d['place'])}: cost {d['cost']}, spent {d['spent']}/{d['limit']}"
    ),
    "ReliefDeclared": lambda d, state: (
        f"{d['seat']} relieves {place(state, d['place'])} with {nobles(state, d['nobles'])}, "
        f"{pieces(state, d['joining']) if d['joining'] else 'nobody'} joining"
    ),
    "DiceRolled": _dice_rolled,
    "HitsApplied": _hits_applied,
    "BattleResolved": _battle_resolved,
    "PlaceCaptured": lambda d, state: (
        f"{place(state, d['place'])} is taken by {faction(d['by'])}"
        + (", damaged: a village" if d.get("damaged") else "")
    ),
    "SiegeContinues": lambda d, state: f"the siege of {place(state, d['place'])} continues",
    "BesiegersWithdrew": lambda d, state: f"{d['seat']} lifts the siege of {place(state, d['place'])} and withdraws",
    "PiecesRetreated": lambda d, state: (
        f"{d['seat']}: {pieces(state, d['pieces'])} withdraw from {place(state, d['from'])} "
        f"to {place(state, d['to'])}, free"
    ),
    "ReliefEnteredPlace": lambda d, state: (
        f"relieving {pieces(state, d['pieces'])} withdraw into {place(state, d['place'])}"
    ),
    "PiecesEliminated": lambda d, state: f"{d['seat']}: {pieces(state, d['pieces'])} {_why_lost(d)} and are lost",
    "LootOwed": lambda d, state: (
        f"{faction(d['from_seat'])} owes {faction(d['to_seat'])} the loot of {nobles(state, d['nobles'])} (sealed slip)"
    ),
    "LootDelivered": lambda d, state: f"{faction(d['from_seat'])}'s loot slip reaches {faction(d['to_seat'])}",
    "RulerReappeared": lambda d, state: (
        f"{d['seat']}'s new ruler, {nobles(state, [d['noble']])}, appears in {place(state, d['area'])}, free"
    ),
    "ResourcesExtracted": lambda d, state: (
        f"{d['seat'] or 'the empire'} extracts {d['amount']} resource(s) in {place(state, d['place'])}"
    ),
    "UnitsRecruited": lambda d, state: (
        f"{d['seat']} recruits {counted(d['kind'], 1)} in {place(state, d['place'])} for {d['cost']}"
    ),
    "RetreatChosen": lambda d, state: (
        f"{d['seat']} withdraws {pieces(state, d['pieces'])} to {place(state, d['to'])} "
        f"instead of {place(state, d['from'])}"
    ),
    "ImperialGeneralBought": lambda d, state: (
        f"{d['seat']} (kard) buys imperial general {d['noble']} in {place(state, d['area'])} for {d['cost']}"
    ),
    "ShadeSummoned": lambda d, state: f"Kalamé summons shade {d['noble']} in {place(state, d['area'])}",
    "ExtraordinaryTaxLevied": lambda d, state: (
        f"{d['seat']} (kard) levies the extraordinary tax: {d['amount']} from "
        f"{', '.join(place(state, c) for c in d['cities'])}"
    ),
    "CityTurnedNeutral": lambda d, state: f"{place(state, d['place'])} is left without units and turns neutral",
    "AllianceDeclared": _alliance_declared,
    "AllianceEnded": lambda d, state: f"{d['seat']} ends its alliance with {faction(d['with'])}",
    "InfluenceGained": lambda d, state: f"{d['seat']} gains {d['amount']} influence ({d['reason'].replace('_', ' ')})",
    "SealedRoundOpened": lambda d, state: f"{_sealed_round(d['round'])} is sealed by {factions(d['seats'])}",
    "SubmissionSealed": lambda d, state: f"{d['seat']} seals {_sealed_round(d['round'])}",
    "SubmissionsRevealed": lambda d, state: f"{_sealed_round(d['round'])} is revealed",
    "GameEnded": _game_ended,
}
