"""One readable English line per event."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.agot2.state import AgotState


def _units(ids: Any) -> str:
    return ", ".join(map(str, ids)) if isinstance(ids, list) and ids else "no units"


def _cards(d: Mapping[str, Any]) -> str:
    return ", ".join(f"{seat}: {card}" for seat, card in (d.get("cards") or {}).items())


def _side(d: Mapping[str, Any], side: str) -> str:
    s = d.get(side) or {}
    return f"{s.get('seat')} {s.get('total', s.get('base'))}"


Line = Callable[[Mapping[str, Any], AgotState], str]


def notation(event: Event, state: AgotState) -> str:
    """The event as one line of English."""
    line = LINES.get(event.type)
    return line(event.data, state) if line is not None else platform_line(event) or event.type


def _orders_revealed(d: Mapping[str, Any], state: AgotState) -> str:
    placed = "; ".join(f"{seat}: {len(ps)} order(s)" for seat, ps in d.get("placements", {}).items())
    return f"round {d.get('round')}: orders revealed ({placed})"


def _raven_used(d: Mapping[str, Any], state: AgotState) -> str:
    if d.get("option") == "replace_order":
        swap = f"{d.get('removed_token')} -> {d.get('placed_token')}"
        return f"{d.get('seat')} uses the Raven: {swap} in {d.get('area')}"
    return f"{d.get('seat')} uses the Raven on the Wildling deck, card back on the {d.get('placement')}"


def _raid_resolved(d: Mapping[str, Any], state: AgotState) -> str:
    target = f", removing {d.get('target_token')} in {d.get('target_area')}" if d.get("target_area") else ""
    return f"{d.get('seat')} resolves the Raid in {d.get('area')}{target}"


def _neutral_force_defeated(d: Mapping[str, Any], state: AgotState) -> str:
    where = state.board.name(str(d.get("area")))
    return (
        f"{d.get('seat')} beats the neutral force ({d.get('strength')}) in {where} "
        f"with strength {d.get('attack_strength')}; the token is removed from the game"
    )


def _combat_initiated(d: Mapping[str, Any], state: AgotState) -> str:
    return f"combat {d.get('combat_id')} in {d.get('embattled_area')}: {d.get('attacker')} attacks {d.get('defender')}"


def _combat_resolved(d: Mapping[str, Any], state: AgotState) -> str:
    how = " (tie, Fiefdoms)" if d.get("tie") else ""
    return f"{_side(d, 'attacker')} vs {_side(d, 'defender')}: {d.get('winner')} wins{how}"


def _orders_removed(d: Mapping[str, Any], state: AgotState) -> str:
    gone = ", ".join(f"{r.get('order_token')} in {r.get('area')}" for r in d.get("removals") or [])
    return f"orders removed: {gone}"


def _track_bids_revealed(d: Mapping[str, Any], state: AgotState) -> str:
    bids = ", ".join(f"{s} {b.get('amount')}" for s, b in (d.get("bids") or {}).items())
    return f"bids on {d.get('track')}: {bids}"


# One line per event type; the platform's other events are told by domain.platform_notation.
LINES: Mapping[str, Line] = {
    "OrdersRevealed": _orders_revealed,
    "RavenUsed": _raven_used,
    "RavenDeclined": lambda d, state: f"{d.get('seat')} does not use the Raven",
    "ActionStepBegun": lambda d, state: f"{d.get('step')} orders are resolved now",
    "RaidResolved": _raid_resolved,
    "ConsolidateResolved": lambda d, state: f"{d.get('seat')} consolidates Power in {d.get('area')}",
    "UnitsMarched": lambda d, state: (
        f"{d.get('seat')} marches {_units(d.get('units'))} from {d.get('from_area')} to {d.get('to_area')}"
    ),
    "NeutralForceDefeated": _neutral_force_defeated,
    "CombatInitiated": _combat_initiated,
    "SupportDeclared": lambda d, state: f"{d.get('seat')} supports the {d.get('side')} from {_units(d.get('areas'))}",
    "SupportRefused": lambda d, state: f"{d.get('seat')} refuses to support",
    "BaseStrengthAnnounced": lambda d, state: f"initial strength: {_side(d, 'attacker')} vs {_side(d, 'defender')}",
    "HouseCardsRevealed": lambda d, state: f"house cards revealed: {_cards(d)}",
    "HouseCardAbilityResolved": lambda d, state: (
        f"{d.get('card')} ({d.get('seat')}): {'; '.join(map(str, d.get('effects') or []))}"
    ),
    "BladeUsed": lambda d, state: f"{d.get('seat')} uses the Valyrian Steel Blade (+1)",
    "BladeDeclined": lambda d, state: f"{d.get('seat')} keeps the Valyrian Steel Blade",
    "CombatResolved": _combat_resolved,
    "CasualtiesTaken": lambda d, state: f"{d.get('seat')} loses {_units(d.get('units'))} ({d.get('due')} due)",
    "RetreatChosen": lambda d, state: (
        f"{d.get('seat')}'s retreat from {d.get('from_area')}: {d.get('to_area') or 'none possible'}"
    ),
    "UnitsDestroyed": lambda d, state: (
        f"{d.get('seat')}'s {_units(d.get('units'))} destroyed in {d.get('area')} ({d.get('reason')})"
    ),
    "UnitsRetreated": lambda d, state: f"{d.get('seat')}'s {_units(d.get('units'))} retreat to {d.get('to_area')}",
    "UnitsRouted": lambda d, state: f"{_units(d.get('units'))} routed in {d.get('area')}",
    "UnitsMovedIn": lambda d, state: f"{d.get('seat')}'s {_units(d.get('units'))} move into {d.get('to_area')}",
    "OrdersRemoved": _orders_removed,
    "OrderMoved": lambda d, state: f"{d.get('order_token')} moves from {d.get('from_area')} to {d.get('to_area')}",
    "PowerTokenRemoved": lambda d, state: f"{d.get('seat')}'s Power token removed from {d.get('area')}",
    "PowerSpent": lambda d, state: f"{d.get('seat')} pays {d.get('amount')} Power",
    "PowerGained": lambda d, state: f"{d.get('seat')} takes {d.get('amount')} Power",
    "UnitUpgraded": lambda d, state: (
        f"{d.get('unit')} in {d.get('area')} becomes the {d.get('to_type')} {d.get('new_unit')}"
    ),
    "GarrisonRemoved": lambda d, state: f"{d.get('seat')}'s garrison in {d.get('area')} removed",
    "HouseCardsDiscarded": lambda d, state: f"discarded: {_cards(d)}",
    "HouseCardsReturned": lambda d, state: (
        f"{d.get('seat')} takes back {len(d.get('cards') or [])} card(s) ({d.get('reason')})"
    ),
    "CombatEnded": lambda d, state: f"combat {d.get('combat_id')} ends; winner {d.get('winner') or 'none'}",
    "RoundEnded": lambda d, state: f"round {d.get('round')} ends",
    "DominanceTokensRefreshed": lambda d, state: "the Valyrian Steel Blade and the Messenger Raven are available again",
    "RoutedUnitsRallied": lambda d, state: "routed units stand up",
    "TrackBidsRevealed": _track_bids_revealed,
    "TieBroken": lambda d, state: f"{d.get('decided_by')} breaks the tie: {_units(d.get('order'))}",
    "TrackPositionsSet": lambda d, state: f"{d.get('track')} track: {_units(d.get('order'))}",
    "DominanceTokenPassed": lambda d, state: f"{d.get('token')} passes from {d.get('from')} to {d.get('to')}",
    "SealedRoundOpened": lambda d, state: (
        f"sealed round {d.get('round')} ({d.get('purpose')}) opened for {_units(d.get('seats'))}"
    ),
    "SubmissionSealed": lambda d, state: f"{d.get('seat')} seals in {d.get('round')}",
    "SubmissionsRevealed": lambda d, state: f"{d.get('round')} revealed",
    "GameEnded": lambda d, state: f"game ended by {d.get('by')}",
}
