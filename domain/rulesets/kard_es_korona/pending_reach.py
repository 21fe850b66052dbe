"""Where a stack can go in one step, and by which path: the cheapest paths within its movement points.

The costs are `movement.path_cost` (KK-MOVE-8/9/10); a step stops at enemy units (KK-MOVE-11) unless the advanced
game lets it cross a county whose defenders it pinned (`pinning.can_pass_through`, KK-ADV-1), never enters the
closed region (KK-SETUP-2) nor a county with a pending battle (KK-MOVE-14), and crosses no foreign county when the
option `pass_through_foreign_empty` forbids it (KK-MOVE-18). The extra step of a lord neither crosses nor enters
enemy units or a battle (KK-LORD-9).
"""

from __future__ import annotations

import heapq

from domain.rulesets.kard_es_korona.movement import path_cost
from domain.rulesets.kard_es_korona.pinning import can_pass_through
from domain.rulesets.kard_es_korona.state import KKState

Paths = dict[str, tuple[list[str], int]]


def cheapest_paths(state: KKState, seat: str, origin: str, points: int, *, stop_at_enemies: bool = False) -> Paths:
    """County -> (cheapest path, its MP) for every county a step from `origin` can end in within `points` MP."""
    board = state.board
    if board is None or points <= 0:
        return {}
    best: dict[str, int] = {origin: 0}
    paths: dict[str, list[str]] = {origin: []}
    queue = [(0, origin)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here] or (here != origin and not _crossable(state, seat, here, stop_at_enemies)):
            continue
        for county in sorted(board.neighbours[here]):
            cost = spent + path_cost(state, here, (county,))
            if county in state.closed or cost > points or cost >= best.get(county, points + 1):
                continue
            if stop_at_enemies and _hostile(state, seat, county):
                continue
            best[county], paths[county] = cost, [*paths[here], county]
            heapq.heappush(queue, (cost, county))
    return {c: (p, best[c]) for c, p in paths.items() if c != origin and state.battle_in(c) is None}


def _hostile(state: KKState, seat: str, county: str) -> bool:
    return any(owner != seat for owner in state.owners_in(county)) or state.battle_in(county) is not None


def _crossable(state: KKState, seat: str, county: str, stop_at_enemies: bool) -> bool:
    """Whether a step may go on through `county` (it is not where it must stop)."""
    if _hostile(state, seat, county):
        return not stop_at_enemies and can_pass_through(state, seat, county)
    owner = state.control.get(county)
    foreign = owner is not None and owner != seat
    return not (foreign and state.options.get("pass_through_foreign_empty") == "forbid")
