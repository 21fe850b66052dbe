"""What each viewer sees (DESIGN §7): purses, treasuries and loot amounts only to those the rules name.

A noble's purse is private to its seat; a loot slip's amount is seen by the loser who wrote it and the
winner who receives it (catalog §5). Treasuries are private too, since a winner's total would give the
slip away. The arbiter's view is the full state (the service serves it, not this module).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Viewer
from domain.rulesets.cedofan_rv.state import RvState, dump

SEALED = "sealed"


def view(state: RvState, viewer: Viewer) -> dict[str, Any]:
    """The state as `viewer` may see it."""
    document = dump(state)
    if viewer.arbiter:
        return document
    seat = viewer.seat
    document["treasuries"] = {s: (v if s == seat else SEALED) for s, v in state.treasuries.items()}
    document["purses"] = {
        noble: (amount if seat is not None and state.pieces[noble].owner == seat else SEALED)
        for noble, amount in state.purses.items()
        if noble in state.pieces  # a dead noble's purse is nobody's business any more
    }
    document["loot"] = {
        lid: {
            "from_seat": x.from_seat,
            "to_seat": x.to_seat,
            "delivered": x.delivered is not None,
            "amount": (x.amount if x.delivered is None else x.delivered)
            if seat in (x.from_seat, x.to_seat)
            else SEALED,
        }
        for lid, x in state.loot.items()
    }
    return document
