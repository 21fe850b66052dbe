"""Views: what a seat, a spectator or the arbiter may see (GOT-CARD-9, X-14).

Sealed orders, cards and bids never reach the state before their reveal (the platform keeps them as
secrets), so only hands need hiding: from a combatant's seal until the reveal, its hand is hidden from
the other seats and spectators; discard piles stay public.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Viewer
from domain.rulesets.agot2.state import AgotState, dump


def hidden_hands(state: AgotState, viewer: Viewer) -> set[str]:
    """GOT-X-14, CARD-9: seats whose hand this viewer may not see now (only while the house cards are sealed)."""
    c = state.combat
    if viewer.arbiter or c is None:
        return set()
    return {seat for seat in c.sealed if seat != viewer.seat}


def view(state: AgotState, viewer: Viewer) -> dict[str, Any]:
    """The state as this viewer may see it; the board and card texts are left to the board and card set."""
    document = dump(state)
    document.pop("board_document")
    hidden = hidden_hands(state, viewer)
    document["hands"] = {
        seat: ({"hidden": True, "count": len(cards)} if seat in hidden else cards)
        for seat, cards in document["hands"].items()
    }
    document["turn_order"] = list(state.turn_order())
    document["holders"] = {
        "iron_throne_token": state.holder("iron_throne"),
        "valyrian_steel_blade": state.holder("fiefdoms"),
        "messenger_raven": state.holder("kings_court"),
    }
    return document
