"""What each viewer sees (DESIGN §7): purses, treasuries and loot amounts only to those the rules name.

A noble's purse is private to its seat; a loot slip's amount is seen by the loser who wrote it and the
winner who receives it (catalog §5). Treasuries are private too, since a winner's total would give the
slip away. The arbiter's view is the full state (the service serves it, not this module).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Event, Viewer
from domain.rulesets.cedofan_rv.options import SUBFACTIONS
from domain.rulesets.cedofan_rv.state import RvState
from domain.rulesets.cedofan_rv.state_json import dump
from domain.rulesets.cedofan_rv.treasuries import IMPERIAL, KARD_LEAGUE, kard

SEALED = "sealed"
LOOT_ROUND_PREFIX = "loot-"  # outcomes.loot names a loot slip's sealed round "loot-<battle>-<seat>"


def view(state: RvState, viewer: Viewer) -> dict[str, Any]:
    """The state as `viewer` may see it."""
    document = dump(state)
    if viewer.arbiter:
        return document
    seat = viewer.seat
    document["treasuries"] = {s: (v if _keeps(state, seat, s) else SEALED) for s, v in state.treasuries.items()}
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


def _keeps(state: RvState, seat: str | None, treasury: str) -> bool:
    """Whose treasury a seat reads: its own, the Kard League its sub-factions' (RV-KL-1), the kard the empire's."""
    if seat is None:
        return False
    if treasury == seat:
        return True
    if treasury == IMPERIAL:
        return kard(state) == seat
    return seat == KARD_LEAGUE and treasury in SUBFACTIONS


def event_view(event: Event, viewer: Viewer) -> Event:
    """An event as `viewer` may read it: amounts of purses and loot slips only to those the rules name.

    RV-SUP-3: what a noble carries is his seat's business; RV-LOOT-2: a loot slip is read by the loser
    who wrote it and the winner who receives it. The arbiter reads every event whole.
    """
    if viewer.arbiter:
        return event
    data, seat = event.data, viewer.seat
    match event.type:
        case "ResourcesTransferred" if data.get("seat") != seat:
            return Event(event.type, {**data, "amount": SEALED})
        case "LootDelivered" if seat not in (data.get("from_seat"), data.get("to_seat")):
            return Event(event.type, {**data, "amount": SEALED})
        case "SubmissionsRevealed" if str(data.get("round", "")).startswith(LOOT_ROUND_PREFIX):
            submissions = data.get("submissions")
            if isinstance(submissions, Mapping) and seat not in submissions:
                hidden = {s: {"payload": SEALED, "salt": SEALED} for s in submissions}
                return Event(event.type, {**data, "submissions": hidden})
    return event
