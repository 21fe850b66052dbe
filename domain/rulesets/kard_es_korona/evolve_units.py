"""Units in and out of counties, for evolve: copy-on-write tables of forces by county and owner.

Only the county an event touches is copied; every other county's table is shared with the state before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, Force, force_from_json
from domain.rulesets.kard_es_korona.state import KKState, evolved

ForceTable = Mapping[str, Mapping[str, Force]]


def force_of(value: Any) -> Force:
    force = force_from_json(value)
    if force is None:
        raise ValueError(f"{value!r} is not a force")
    return force


def add_units(table: ForceTable, county: str, owner: str, force: Force) -> ForceTable:
    here = table.get(county, {})
    return {**table, county: {**here, owner: here.get(owner, EMPTY).plus(force)}}


def take_units(table: ForceTable, county: str, owner: str, force: Force) -> ForceTable:
    here = table.get(county, {})
    left = here.get(owner, EMPTY).minus(force)
    if any(left.of(arm) < 0 for arm in ARMS):
        raise ValueError(f"{owner} has fewer than {force.describe()} in {county}")
    rest = {o: f for o, f in here.items() if o != owner}
    if left.total:
        rest[owner] = left
    if rest:
        return {**table, county: rest}
    return {c: v for c, v in table.items() if c != county}


def clip_moved(moved: ForceTable, county: str, owner: str, units: ForceTable) -> ForceTable:
    """Moved units never outnumber the units left (after a departure or casualties)."""
    before = moved.get(county, {}).get(owner)
    if before is None:
        return moved
    present = units.get(county, {}).get(owner, EMPTY)
    clipped = Force(*(min(before.of(arm), present.of(arm)) for arm in ARMS))
    here = {o: f for o, f in moved.get(county, {}).items() if o != owner}
    if clipped.total:
        here[owner] = clipped
    if here:
        return {**moved, county: here}
    return {c: v for c, v in moved.items() if c != county}


def move_units(state: KKState, seat: str, origin: str, to: str, raw: Any, lord: bool) -> KKState:
    """`seat`'s units `raw` (and his lord) from `origin` to `to`, outside the movement phase's steps.

    Units that had stepped this year are still marked as stepped where they arrive (KK-MOVE-6): sent back by their
    liege's veto (KK-VASSAL-2), they have used their one step of the year all the same.
    """
    force = force_of(raw)
    lords = {**state.lords, seat: to} if lord else state.lords
    if not force.total:
        return evolved(state, lords=lords)
    units = add_units(take_units(state.units, origin, seat, force), to, seat, force)
    stepped = state.moved_force(origin, seat)
    carried = Force(*(min(force.of(arm), stepped.of(arm)) for arm in ARMS))
    moved = state.moved
    if carried.total:
        moved = add_units(take_units(moved, origin, seat, carried), to, seat, carried)
    return evolved(state, units=units, moved=clip_moved(moved, origin, seat, units), lords=lords)
