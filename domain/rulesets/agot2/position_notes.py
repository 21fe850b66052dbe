"""What an agot2 position may break and still be accepted: a House over its supply limits (QA rulings pass).

Supply is no invariant of a position (position_checks.py): the seed tests it only when units retreat
(「如果撤退单位因撤退至有己方单位的区域，而导致超过补给上限」, GOT-RETREAT-5, GOT-X-17), and an arbiter may have to
set up or adjust to an odd table. So such a position is accepted, but whoever sets it up or adjusts to it is told which
House is over, by how much, and what follows at a retreat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Seat
from domain.positions import PositionError, pointer
from domain.rulesets.agot2.position import from_position
from domain.rulesets.agot2.retreat import armies, excess_over_supply


def supply_notes(
    position: Mapping[str, Any], options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
) -> list[PositionError]:
    """GOT-X-17, TERM-5: each House whose armies (2+ units in an area, routed ones too) break its supply limits."""
    state = from_position(position, options, board, seats)
    notes = []
    for seat in state.seats:
        found = armies(state, seat, {}, set())
        limits = state.supply_limits.get(seat, ())
        excess = excess_over_supply(found, limits)
        if excess:
            held = ", ".join(f"{size} in {area}" for area, size in found)
            notes.append(
                PositionError(
                    pointer("supply", seat),
                    "GOT-X-17",
                    f"{seat}'s armies ({held}) break its supply limits {list(limits)}, {excess} unit(s) over: "
                    "accepted, since supply is tested only at a retreat, where it may add no more (GOT-RETREAT-5)",
                )
            )
    return notes
