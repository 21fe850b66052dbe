"""One readable English line per event, naming what the table sees: Houses, areas, units by type, order tokens
by their printed face, house cards by name (ids only where the game does not know them)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.agot2.notation_names import area, areas, card, house, houses, token, unit_types, units, words
from domain.rulesets.agot2.state import AgotState


def _cards(d: Mapping[str, Any], state: AgotState) -> str:
    return ", ".join(f"{house(seat)}: {card(state, c)}" for seat, c in (d.get("cards") or {}).items())


def _side(d: Mapping[str, Any], side: str) -> str:
    s = d.get(side) or {}
    return f"{house(s.get('seat'))} {s.get('total', s.get('base'))}"


def sealed_round_name(name: Any) -> str:
    """A sealed round by what it seals: "orders-2" reads "the orders of round 2", "cards-12" "the house cards of
    combat 12" and the round in which one House plays another card (GOT-CARD-3, X-8: its card sent back or
    replaced), "cards-12-2", "the new house card of combat 12"; "bid-kings-court-2-4" "the King's Court bids of
    round 2" (tracks.py opens it: track, round, count of sealed rounds); an id these rules never open, as it is."""
    kind, _, rest = str(name).partition("-")
    parts = rest.split("-")
    if kind == "orders" and rest.isdigit():
        return f"the orders of round {rest}"
    if kind == "cards" and parts[0].isdigit():
        return f"the {'new house card' if len(parts) > 1 else 'house cards'} of combat {parts[0]}"
    if kind == "bid" and len(parts) > 2 and all(p.isdigit() for p in parts[-2:]):
        return bids_name("_".join(parts[:-2]), parts[-2])
    return str(name)


def bids_name(track: Any, round: Any) -> str:
    """The bids for a track in a round: "the King's Court bids of round 2" ("the King's Court bids", no round)."""
    return f"the {words(track)} bids" + (f" of round {round}" if round is not None else "")


def _are(name: Any) -> str:
    """The verb of a sealed round's name: one new house card "is", orders, cards and bids "are"."""
    return "is" if sealed_round_name(name).startswith("the new house card") else "are"


Line = Callable[[Mapping[str, Any], AgotState], str]


def notation(event: Event, state: AgotState) -> str:
    """The event as one line of English."""
    line = LINES.get(event.type)
    return line(event.data, state) if line is not None else platform_line(event) or event.type


def _orders_revealed(d: Mapping[str, Any], state: AgotState) -> str:
    def placed(orders: Any) -> str:
        faces = [f"{token(state, o.get('order_token'))} in {area(state, o.get('area'))}" for o in orders or []]
        return ", ".join(faces) or "no orders"

    seats = "; ".join(f"{house(seat)}: {placed(orders)}" for seat, orders in d.get("placements", {}).items())
    return f"round {d.get('round')}: orders revealed ({seats})"


def _raven_used(d: Mapping[str, Any], state: AgotState) -> str:
    if d.get("option") == "replace_order":
        swap = f"{token(state, d.get('removed_token'))} -> {token(state, d.get('placed_token'))}"
        return f"{house(d.get('seat'))} uses the Raven: {swap} in {area(state, d.get('area'))}"
    where = "leaves it on top" if d.get("placement") == "top" else f"puts it at the {d.get('placement')}"
    return f"{house(d.get('seat'))} uses the Raven: looks at the top Wildling card and {where}"


def _raid_resolved(d: Mapping[str, Any], state: AgotState) -> str:
    target = ""
    if d.get("target_area"):
        target = f", removing {token(state, d.get('target_token'))} in {area(state, d.get('target_area'))}"
    return f"{house(d.get('seat'))} resolves the Raid in {area(state, d.get('area'))}{target}"


def _neutral_force_defeated(d: Mapping[str, Any], state: AgotState) -> str:
    return (
        f"{house(d.get('seat'))} beats the neutral force ({d.get('strength')}) in {area(state, d.get('area'))} "
        f"with strength {d.get('attack_strength')}; the token is removed from the game"
    )


def _combat_initiated(d: Mapping[str, Any], state: AgotState) -> str:
    where = area(state, d.get("embattled_area"))
    return f"combat {d.get('combat_id')} in {where}: {house(d.get('attacker'))} attacks {house(d.get('defender'))}"


def _combat_resolved(d: Mapping[str, Any], state: AgotState) -> str:
    how = " (tie, Fiefdoms)" if d.get("tie") else ""
    return f"{_side(d, 'attacker')} vs {_side(d, 'defender')}: {house(d.get('winner'))} wins{how}"


def _orders_removed(d: Mapping[str, Any], state: AgotState) -> str:
    removals = d.get("removals") or []
    gone = ", ".join(f"{token(state, r.get('order_token'))} in {area(state, r.get('area'))}" for r in removals)
    return f"orders removed: {gone}"


def _track_bids_revealed(d: Mapping[str, Any], state: AgotState) -> str:
    bids = ", ".join(f"{house(s)} {b.get('amount')}" for s, b in (d.get("bids") or {}).items())
    return f"bids on the {words(d.get('track'))} track: {bids}"


def _sealed_round_opened(d: Mapping[str, Any], state: AgotState) -> str:
    name = d.get("round")
    return f"{sealed_round_name(name)} {_are(name)} chosen in secret by {houses(d.get('seats'))}"


def _marched(d: Mapping[str, Any], state: AgotState) -> str:
    moved, to = units(state, d.get("units")), area(state, d.get("to_area"))
    return f"{house(d.get('seat'))} marches {moved} from {area(state, d.get('from_area'))} to {to}"


def _retreat_chosen(d: Mapping[str, Any], state: AgotState) -> str:
    to = area(state, d.get("to_area")) if d.get("to_area") else "none possible"
    return f"{house(d.get('seat'))}'s retreat from {area(state, d.get('from_area'))}: {to}"


def _units_destroyed(d: Mapping[str, Any], state: AgotState) -> str:
    lost, where = units(state, d.get("units")), area(state, d.get("area"))
    return f"{house(d.get('seat'))} loses {lost} in {where}: destroyed ({words(d.get('reason'))})"


def _strengths(d: Mapping[str, Any], state: AgotState) -> str:
    return f"initial strength: {_side(d, 'attacker')} vs {_side(d, 'defender')}"


def _upgraded(d: Mapping[str, Any], state: AgotState) -> str:
    was = units(state, [d.get("unit")])
    return f"{was} in {area(state, d.get('area'))} becomes a {unit_types([d.get('to_type')]).removeprefix('a ')}"


# One line per event type; the platform's other events are told by domain.platform_notation.
LINES: Mapping[str, Line] = {
    "OrdersRevealed": _orders_revealed,
    "RavenUsed": _raven_used,
    "RavenDeclined": lambda d, state: f"{house(d.get('seat'))} does not use the Raven",
    "ActionStepBegun": lambda d, state: f"{words(d.get('step')).title()} orders are resolved now",
    "RaidResolved": _raid_resolved,
    "ConsolidateResolved": lambda d, state: (
        f"{house(d.get('seat'))} consolidates Power in {area(state, d.get('area'))}"
    ),
    "UnitsMarched": _marched,
    "NeutralForceDefeated": _neutral_force_defeated,
    "CombatInitiated": _combat_initiated,
    "SupportDeclared": lambda d, state: (
        f"{house(d.get('seat'))} supports the {d.get('side')} from {areas(state, d.get('areas'))}"
    ),
    "SupportRefused": lambda d, state: f"{house(d.get('seat'))} refuses to support",
    "BaseStrengthAnnounced": _strengths,
    "HouseCardsRevealed": lambda d, state: f"house cards revealed: {_cards(d, state)}",
    "HouseCardAbilityResolved": lambda d, state: (
        f"{card(state, d.get('card'))} ({house(d.get('seat'))}): {'; '.join(map(str, d.get('effects') or []))}"
    ),
    "BladeUsed": lambda d, state: f"{house(d.get('seat'))} uses the Valyrian Steel Blade (+1)",
    "BladeDeclined": lambda d, state: f"{house(d.get('seat'))} keeps the Valyrian Steel Blade",
    "CombatResolved": _combat_resolved,
    "CasualtiesTaken": lambda d, state: (
        f"{house(d.get('seat'))} loses {units(state, d.get('units'))} ({d.get('due')} due)"
    ),
    "RetreatChosen": _retreat_chosen,
    "UnitsDestroyed": _units_destroyed,
    "UnitsRetreated": lambda d, state: (
        f"{house(d.get('seat'))} retreats {units(state, d.get('units'))} to {area(state, d.get('to_area'))}"
    ),
    "UnitsRouted": lambda d, state: f"routed in {area(state, d.get('area'))}: {units(state, d.get('units'))}",
    "UnitsMovedIn": lambda d, state: (
        f"{house(d.get('seat'))} moves {units(state, d.get('units'))} into {area(state, d.get('to_area'))}"
    ),
    "OrdersRemoved": _orders_removed,
    "OrderMoved": lambda d, state: (
        f"{token(state, d.get('order_token'))} moves from {area(state, d.get('from_area'))} "
        f"to {area(state, d.get('to_area'))}"
    ),
    "PowerTokenRemoved": lambda d, state: (
        f"{house(d.get('seat'))}'s Power token removed from {area(state, d.get('area'))}"
    ),
    "PowerSpent": lambda d, state: f"{house(d.get('seat'))} pays {d.get('amount')} Power",
    "PowerGained": lambda d, state: f"{house(d.get('seat'))} takes {d.get('amount')} Power",
    "UnitUpgraded": _upgraded,
    "GarrisonRemoved": lambda d, state: f"{house(d.get('seat'))}'s garrison in {area(state, d.get('area'))} removed",
    "HouseCardsDiscarded": lambda d, state: f"discarded: {_cards(d, state)}",
    "HouseCardsReturned": lambda d, state: (
        f"{house(d.get('seat'))} takes back {len(d.get('cards') or [])} card(s) ({words(d.get('reason'))})"
    ),
    "CombatEnded": lambda d, state: (
        f"combat {d.get('combat_id')} ends; winner {house(d.get('winner')) if d.get('winner') else 'none'}"
    ),
    "RoundEnded": lambda d, state: f"round {d.get('round')} ends",
    "DominanceTokensRefreshed": lambda d, state: "the Valyrian Steel Blade and the Messenger Raven are available again",
    "RoutedUnitsRallied": lambda d, state: "routed units stand up",
    "TrackBidsRevealed": _track_bids_revealed,
    "TieBroken": lambda d, state: f"{house(d.get('decided_by'))} breaks the tie: {houses(d.get('order'))}",
    "TrackPositionsSet": lambda d, state: f"{words(d.get('track'))} track: {houses(d.get('order'))}",
    "DominanceTokenPassed": lambda d, state: (
        f"the {words(d.get('token'))} passes from {house(d.get('from'))} to {house(d.get('to'))}"
    ),
    "SealedRoundOpened": _sealed_round_opened,
    "SubmissionSealed": lambda d, state: (
        f"{house(d.get('seat'))} seals its choice of {sealed_round_name(d.get('round'))}"
    ),
    "SubmissionsRevealed": lambda d, state: f"{sealed_round_name(d.get('round'))} {_are(d.get('round'))} revealed",
    "GameEnded": lambda d, state: f"game ended by {words(d.get('by'))}",
}
