"""One readable English line per event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.agot2.state import AgotState


def _units(ids: Any) -> str:
    return ", ".join(map(str, ids)) if isinstance(ids, list) and ids else "no units"


def _side(d: Mapping[str, Any], side: str) -> str:
    s = d.get(side) or {}
    return f"{s.get('seat')} {s.get('total', s.get('base'))}"


def notation(event: Event, state: AgotState) -> str:
    """The event as one line of English."""
    d = event.data
    match event.type:
        case "OrdersRevealed":
            placed = "; ".join(f"{seat}: {len(ps)} order(s)" for seat, ps in d.get("placements", {}).items())
            return f"round {d.get('round')}: orders revealed ({placed})"
        case "RavenUsed":
            if d.get("option") == "replace_order":
                swap = f"{d.get('removed_token')} -> {d.get('placed_token')}"
                return f"{d.get('seat')} uses the Raven: {swap} in {d.get('area')}"
            return f"{d.get('seat')} uses the Raven on the Wildling deck, card back on the {d.get('placement')}"
        case "RavenDeclined":
            return f"{d.get('seat')} does not use the Raven"
        case "ActionStepBegun":
            return f"{d.get('step')} orders are resolved now"
        case "RaidResolved":
            target = f", removing {d.get('target_token')} in {d.get('target_area')}" if d.get("target_area") else ""
            return f"{d.get('seat')} resolves the Raid in {d.get('area')}{target}"
        case "ConsolidateResolved":
            return f"{d.get('seat')} consolidates Power in {d.get('area')}"
        case "UnitsMarched":
            return f"{d.get('seat')} marches {_units(d.get('units'))} from {d.get('from_area')} to {d.get('to_area')}"
        case "NeutralForceDefeated":
            where = state.board.name(str(d.get("area")))
            return (
                f"{d.get('seat')} beats the neutral force ({d.get('strength')}) in {where} "
                f"with strength {d.get('attack_strength')}; the token is removed from the game"
            )
        case "CombatInitiated":
            return (
                f"combat {d.get('combat_id')} in {d.get('embattled_area')}: {d.get('attacker')} attacks "
                f"{d.get('defender')}"
            )
        case "SupportDeclared":
            return f"{d.get('seat')} supports the {d.get('side')} from {_units(d.get('areas'))}"
        case "SupportRefused":
            return f"{d.get('seat')} refuses to support"
        case "BaseStrengthAnnounced":
            return f"initial strength: {_side(d, 'attacker')} vs {_side(d, 'defender')}"
        case "HouseCardsRevealed":
            return "house cards revealed: " + ", ".join(f"{s}: {c}" for s, c in (d.get("cards") or {}).items())
        case "HouseCardAbilityResolved":
            return f"{d.get('card')} ({d.get('seat')}): {'; '.join(map(str, d.get('effects') or []))}"
        case "BladeUsed":
            return f"{d.get('seat')} uses the Valyrian Steel Blade (+1)"
        case "BladeDeclined":
            return f"{d.get('seat')} keeps the Valyrian Steel Blade"
        case "CombatResolved":
            how = " (tie, Fiefdoms)" if d.get("tie") else ""
            return f"{_side(d, 'attacker')} vs {_side(d, 'defender')}: {d.get('winner')} wins{how}"
        case "CasualtiesTaken":
            return f"{d.get('seat')} loses {_units(d.get('units'))} ({d.get('due')} due)"
        case "RetreatChosen":
            return f"{d.get('seat')}'s retreat from {d.get('from_area')}: {d.get('to_area') or 'none possible'}"
        case "UnitsDestroyed":
            return f"{d.get('seat')}'s {_units(d.get('units'))} destroyed in {d.get('area')} ({d.get('reason')})"
        case "UnitsRetreated":
            return f"{d.get('seat')}'s {_units(d.get('units'))} retreat to {d.get('to_area')}"
        case "UnitsRouted":
            return f"{_units(d.get('units'))} routed in {d.get('area')}"
        case "UnitsMovedIn":
            return f"{d.get('seat')}'s {_units(d.get('units'))} move into {d.get('to_area')}"
        case "OrdersRemoved":
            gone = ", ".join(f"{r.get('order_token')} in {r.get('area')}" for r in d.get("removals") or [])
            return f"orders removed: {gone}"
        case "OrderMoved":
            return f"{d.get('order_token')} moves from {d.get('from_area')} to {d.get('to_area')}"
        case "PowerTokenRemoved":
            return f"{d.get('seat')}'s Power token removed from {d.get('area')}"
        case "PowerSpent":
            return f"{d.get('seat')} pays {d.get('amount')} Power"
        case "PowerGained":
            return f"{d.get('seat')} takes {d.get('amount')} Power"
        case "UnitUpgraded":
            return f"{d.get('unit')} in {d.get('area')} becomes the {d.get('to_type')} {d.get('new_unit')}"
        case "GarrisonRemoved":
            return f"{d.get('seat')}'s garrison in {d.get('area')} removed"
        case "HouseCardsDiscarded":
            return "discarded: " + ", ".join(f"{s}: {c}" for s, c in (d.get("cards") or {}).items())
        case "HouseCardsReturned":
            return f"{d.get('seat')} takes back {len(d.get('cards') or [])} card(s) ({d.get('reason')})"
        case "CombatEnded":
            return f"combat {d.get('combat_id')} ends; winner {d.get('winner') or 'none'}"
        case "RoundEnded":
            return f"round {d.get('round')} ends"
        case "DominanceTokensRefreshed":
            return "the Valyrian Steel Blade and the Messenger Raven are available again"
        case "RoutedUnitsRallied":
            return "routed units stand up"
        case "TrackBidsRevealed":
            bids = ", ".join(f"{s} {b.get('amount')}" for s, b in (d.get("bids") or {}).items())
            return f"bids on {d.get('track')}: {bids}"
        case "TieBroken":
            return f"{d.get('decided_by')} breaks the tie: {_units(d.get('order'))}"
        case "TrackPositionsSet":
            return f"{d.get('track')} track: {_units(d.get('order'))}"
        case "DominanceTokenPassed":
            return f"{d.get('token')} passes from {d.get('from')} to {d.get('to')}"
        case "SealedRoundOpened":
            return f"sealed round {d.get('round')} ({d.get('purpose')}) opened for {_units(d.get('seats'))}"
        case "SubmissionSealed":
            return f"{d.get('seat')} seals in {d.get('round')}"
        case "SubmissionsRevealed":
            return f"{d.get('round')} revealed"
        case "GameEnded":
            return f"game ended by {d.get('by')}"
        case _:
            return platform_line(event) or event.type
