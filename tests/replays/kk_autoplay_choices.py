"""The random player's choices that need the board: starting forces, purchases, steps, garrisons, takeovers.

Each function draws from the caller's Random and proposes what the rules probably accept; the ruleset has the
last word (a refused proposal writes nothing and the player tries the next one).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator
from typing import Any

from domain.rulesets.kard_es_korona.cards import CARDS, REMOVE
from domain.rulesets.kard_es_korona.economy import prices
from domain.rulesets.kard_es_korona.forces import (
    ARMS,
    EMPTY,
    LORD_MOVEMENT_POINTS,
    MOVEMENT_POINTS,
    Force,
    castle_limit_breaches,
    single,
)
from domain.rulesets.kard_es_korona.movement import path_cost
from domain.rulesets.kard_es_korona.setup import FIXED_ROYAL_UNITS, STARTING_FORCES
from domain.rulesets.kard_es_korona.state import KKState, is_neutral

_KNIGHTS_PER_CASTLE = 2  # KK-RECRUIT-5 (basic)
# The cards whose whole effect the engine applies (KK-EVENT-4..7): Céhek megerősödése's effect is entered by adjust.
DECK = tuple(card for card in CARDS if card != "cehek_megerosodese")


def _fits_castle(state: KKState, force: Force) -> bool:
    """KK-CASTLE-2/3: capacity 7 and the arm limit, under the game's options."""
    options = state.options
    return not castle_limit_breaches(force, str(options["castle_arm_limit"]), str(options["variant"]))


def placement(state: KKState, seat: str, rng: random.Random) -> dict[str, Any]:
    """KK-SETUP-6/7: the lord and the 12 starting units spread over home counties, castles within their limits."""
    board = state.board
    assert board is not None
    reserved = {board.special[name] for name, _ in FIXED_ROYAL_UNITS} if len(state.seats) <= 4 else set()
    home = [c for c in board.provinces[seat] if c not in reserved]
    units = [arm for arm in ARMS for _ in range(STARTING_FORCES[str(state.options["variant"])].of(arm))]
    while True:
        chosen = rng.sample(home, rng.randint(2, len(home)))
        rng.shuffle(units)
        spread = {county: EMPTY for county in chosen}
        for index, arm in enumerate(units):
            county = chosen[index] if index < len(chosen) else rng.choice(chosen)
            spread[county] = spread[county].plus(single(arm))
        if all(_fits_castle(state, f) for c, f in spread.items() if board.counties[c].castle):
            placements = {county: force.to_json() for county, force in spread.items()}
            return {"lord": rng.choice(chosen), "placements": placements}


def purchases(state: KKState, seat: str, rng: random.Random) -> list[dict[str, Any]]:
    """KK-RECRUIT-2..5: units bought with part of the treasury, into own castles that keep their limits."""
    castles = [c for c in state.castles_of(seat) if state.battle_in(c) is None and state.owners_in(c) in ((), (seat,))]
    cost = prices(state, seat)
    budget = int(state.treasury.get(seat, 0) * rng.uniform(0.3, 1.0))
    added: dict[str, Force] = {}
    bought: list[dict[str, Any]] = []
    for _ in range(12 if castles else 0):
        castle, arm = rng.choice(castles), rng.choice(ARMS)
        garrison = state.force(castle, seat).plus(added.get(castle, EMPTY)).plus(single(arm))
        knights = added.get(castle, EMPTY).cavalry + (arm == "cavalry")
        if cost[arm] > budget or knights > _KNIGHTS_PER_CASTLE or not _fits_castle(state, garrison):
            continue
        budget -= cost[arm]
        added[castle] = added.get(castle, EMPTY).plus(single(arm))
        bought.append({"castle": castle, "arm": arm, "count": 1})
    return bought


def neutral_pieces(state: KKState, rng: random.Random) -> list[dict[str, str]]:
    """KK-SETUP-10: a piece left in an unplayed province's pool, into one of its plain counties."""
    board = state.board
    assert board is not None
    options = [
        (county, arm)
        for province, pool in state.neutral_pool.items()
        for county in board.provinces[province]
        for arm in ("cavalry", "infantry", "archer")
        if pool.of(arm)
    ]
    rng.shuffle(options)
    return [{"county": county, "arm": arm} for county, arm in options]


def event_card(state: KKState, rng: random.Random) -> dict[str, Any]:
    """KK-EVENT-1: a card of the deck; a revolt, a plague or a bloody sword sometimes changes neutral infantry."""
    deck = [card for card in DECK if card not in state.drawn_events]  # KK-EVENT-1: none comes up twice
    if not deck:  # the six are out: one of the deck's cards the seed does not name, whose effect is not applied
        return {"card": f"unnamed_card_{len(state.drawn_events) + 1}", "name": "an unnamed card"}
    drawn = rng.choice(DECK)
    card = CARDS[drawn if drawn in deck else deck[0]]
    data: dict[str, Any] = {"card": card.id}
    if not card.neutral_infantry or rng.random() < 0.3:
        return data
    held = sorted(
        county for county, by in state.units.items() if by and all(is_neutral(owner) for owner in by) and len(by) == 1
    )
    changes = []
    for county in rng.sample(held, min(len(held), rng.randint(1, 2))):
        infantry = next(iter(state.units[county].values())).infantry
        if card.neutral_infantry == REMOVE or (infantry and rng.random() < 0.5):
            if infantry:
                changes.append({"county": county, "change": -1})
        else:
            changes.append({"county": county, "change": 1})
    return {**data, "neutral_infantry": changes} if changes else data


def garrison_part(force: Force, rng: random.Random) -> Force:
    """KK-SIEGE-9: a random part of the besiegers, at least one unit, that a castle can hold."""
    for _ in range(50):
        part = Force(*(rng.randint(0, force.of(arm)) for arm in ARMS))
        if part.total and part.total <= 7 and not castle_limit_breaches(part, "over_four", "basic"):
            return part
    arm = force.arms()[0]
    return single(arm)


def takeover(state: KKState, rng: random.Random) -> dict[str, str | None]:
    """KK-ELIM-5/6: in each county the fallen player held, one unit of an arm that stood there."""
    counties = state.defeat["counties"]
    return {county: rng.choice(list(arms)) if arms else None for county, arms in sorted(counties.items())}


def move_candidates(state: KKState, seat: str, rng: random.Random, tries: int) -> Iterator[dict[str, Any]]:
    """KK-MOVE-2..18: steps of a random part of the free units of one county, to a county within their MP."""
    lord = state.lords.get(seat)
    origins = sorted(
        county
        for county, by in state.units.items()
        if seat in by and by[seat].minus(state.moved_force(county, seat)).total and state.battle_in(county) is None
    )
    for _ in range(tries if origins else 0):
        origin = rng.choice(origins)
        free = state.force(origin, seat).minus(state.moved_force(origin, seat))
        with_lord = lord == origin and seat not in state.lords_moved and rng.random() < 0.25
        units = _moving_part(free, state.force(origin, seat), lord == origin and not with_lord, rng)
        if units is None:
            continue
        reach = _reachable(state, seat, origin, _points(units, with_lord))
        if not reach:
            continue
        to = _destination(state, seat, sorted(reach), units, with_lord, rng)
        group: dict[str, Any] = {"from": origin, "units": units.to_json(), "path": reach[to]}
        if with_lord:
            group["lord"] = True
        yield {"to": to, "groups": [group]}


def _moving_part(free: Force, present: Force, guard_lord: bool, rng: random.Random) -> Force | None:
    """Some of the free units; one stays behind with a lord who does not move (KK-MOVE-16)."""
    part = Force(*(rng.randint(0, free.of(arm)) for arm in ARMS))
    if part.total == 0:
        part = single(rng.choice(free.arms()))
    if guard_lord and part == present:
        arm = part.arms()[0]
        part = part.minus(single(arm))
    return part if part.total else None


def _points(units: Force, with_lord: bool) -> int:
    """KK-MOVE-7: the slowest arm of the step sets how far it goes."""
    points = [MOVEMENT_POINTS[arm] for arm in units.arms()]
    return min(points) if points else LORD_MOVEMENT_POINTS if with_lord else 0


def _reachable(state: KKState, seat: str, origin: str, points: int) -> dict[str, list[str]]:
    """KK-MOVE-8/11/14: the cheapest path to each county within `points`, stopping at enemy units and battles."""
    board = state.board
    assert board is not None
    best: dict[str, int] = {origin: 0}
    paths: dict[str, list[str]] = {origin: []}
    queue = [(0, origin)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here] or (here != origin and _blocked(state, seat, here)):
            continue
        for county in sorted(board.neighbours[here]):
            cost = spent + path_cost(state, here, (county,))
            if county in state.closed or cost > points or cost >= best.get(county, points + 1):
                continue
            best[county], paths[county] = cost, [*paths[here], county]
            heapq.heappush(queue, (cost, county))
    return {c: p for c, p in paths.items() if c != origin and state.battle_in(c) is None}


def _blocked(state: KKState, seat: str, county: str) -> bool:
    """A county a step ends in: enemy units (KK-MOVE-11) or a pending battle (KK-MOVE-14)."""
    return any(owner != seat for owner in state.owners_in(county)) or state.battle_in(county) is not None


def _destination(
    state: KKState, seat: str, counties: list[str], units: Force, with_lord: bool, rng: random.Random
) -> str:
    """Attacks and empty or foreign counties are likelier than shuffling inside one's own lands."""
    board = state.board
    assert board is not None
    weights = []
    for county in counties:
        enemies = any(owner != seat for owner in state.owners_in(county))
        if enemies and board.counties[county].castle and not (units.infantry or with_lord):
            weights.append(0.2)  # KK-MOVE-17: a castle attack needs infantry or the lord
        elif enemies:
            weights.append(4.0 if board.counties[county].castle else 2.5)
        elif state.control.get(county) != seat:
            weights.append(4.0 if board.counties[county].castle else 2.0)
        else:
            weights.append(0.7)
    return rng.choices(counties, weights)[0]
