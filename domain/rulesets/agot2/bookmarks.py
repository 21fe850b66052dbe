"""Places an agot2 replay can jump to: the reveal of orders, each action step, each combat, bids, round ends.

A label names areas, tracks and steps as notation reads them ("combat 12 in Winterfell begins"); without a state it
reads the ids, as labels did before they named anything (old links). **Decision:** a reveal of orders or bids is one
bookmark, where the board shows them (the event after the platform's reveal, which then marks none), named as the
sealed round it reveals ("reveal: the Fiefdoms bids of round 2"); it answers to the labels of both bookmarks it
was before (the platform's "reveal: bid-fiefdoms-2-4", the rules' "bids for Fiefdoms revealed")."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.agot2.notation import bids_name, sealed_round_name
from domain.rulesets.agot2.notation_names import area, words
from domain.rulesets.agot2.state import AgotState


def bookmarks(event: Event, state: AgotState | None = None) -> tuple[str, ...]:
    """Labels derived from the event, with the names of `state`'s board."""
    data = event.data
    match event.type:
        case "OrdersRevealed" if state is not None and data.get("round") is not None:
            return (f"reveal: {sealed_round_name('orders-' + str(data.get('round')))}",)
        case "OrdersRevealed":
            return ("orders revealed",)
        case "ActionStepBegun" if state is not None:
            # Every step capitalised, as printed ("Consolidate Power") and as notation reads it ("March orders are
            # resolved now"); the old "action step: march" is the id form, which `was` keeps for saved links.
            return (f"action step: {words(data.get('step')).title()}",)
        case "ActionStepBegun":
            return (f"action step: {data.get('step')}",)
        case "CombatInitiated":
            where = area(state, data.get("embattled_area")) if state is not None else data.get("embattled_area")
            return (f"combat {data.get('combat_id')} in {where} begins",)
        case "CombatEnded":
            return (f"combat {data.get('combat_id')} ends",)
        case "TrackBidsRevealed" if state is not None:
            return (f"reveal: {bids_name(data.get('track'), data.get('round'))}",)
        case "TrackBidsRevealed":
            return (f"bids for {data.get('track')} revealed",)
        case "RoundEnded":
            return (f"round {data.get('round')} ends",)
    return ()


def former_bookmarks(event: Event, state: AgotState | None = None) -> tuple[str, ...]:
    """The rules' bookmark of a bid's reveal as it read before it was the reveal's one bookmark."""
    if event.type == "TrackBidsRevealed" and state is not None:
        return (f"bids for {words(event.data.get('track'))} revealed",)
    return ()


def reveal_bookmarked_by_rules(round: str) -> bool:
    """Orders (GOT-X-14) and bids (GOT-TERM-6) are bookmarked at `OrdersRevealed` and `TrackBidsRevealed`, which
    follow the reveal of a round these rules opened (its id read as a name); another round keeps the platform's."""
    return round.startswith(("orders-", "bid-")) and sealed_round_name(round) != round
