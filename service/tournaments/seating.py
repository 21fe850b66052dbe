"""Who plays which faction at a tournament table (issue 13): an assignment problem, solved exactly.

Each player at a table gets one of the table's seats (a lord, a house, a kardship). A player should repeat a
faction, or a seat position in the turn order, only when nothing else is possible: the cost of putting a
player in a seat is how often they already played that faction (times `faction_weight`) plus how often they
already sat at that position (times `position_weight`), and `scipy.optimize.linear_sum_assignment` finds a
cheapest assignment. Factions a table size rules out (AGoT with three players uses Baratheon, Lannister
and Stark only) are simply not among the table's seats.

Ties between equally cheap assignments are broken by a seeded order of the players (the round's committed
seed), so the result is the same on every machine and anyone can re-derive it after the reveal.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment

# The cost of one earlier game at the same faction, and at the same position: a faction repeat weighs more,
# since the issue asks for faction balance first; both are the TD's to change.
FACTION_WEIGHT = 10
POSITION_WEIGHT = 1


class SeatingError(ValueError):
    """A table that cannot be seated; the message says why."""


@dataclass(frozen=True, slots=True)
class History:
    """What each player has played so far: faction -> times, position (1-based) -> times."""

    factions: Mapping[str, Mapping[str, int]]
    positions: Mapping[str, Mapping[int, int]]

    def faction_count(self, player: str, faction: str) -> int:
        """How often `player` already played `faction`."""
        return self.factions.get(player, {}).get(faction, 0)

    def position_count(self, player: str, position: int) -> int:
        """How often `player` already sat at `position`."""
        return self.positions.get(player, {}).get(position, 0)


@dataclass(frozen=True, slots=True)
class Weights:
    """What one earlier game costs a player in a seat: at its faction, at its position, beside it on the map."""

    faction: int = FACTION_WEIGHT
    position: int = POSITION_WEIGHT
    neighbours: Mapping[str, frozenset[str]] = field(default_factory=dict)
    neighbour: int = 0

    def cost(self, history: History, player: str, seat: str, position: int) -> int:
        """The cost of seating `player` in `seat` at `position` (1-based) of the turn order."""
        return (
            self.faction * history.faction_count(player, seat)
            + self.position * history.position_count(player, position)
            + self.neighbour * sum(history.faction_count(player, near) for near in self.neighbours.get(seat, ()))
        )

    def floor(self, history: History, player: str, seat_sets: Sequence[Sequence[str]]) -> int:
        """The cheapest seat `player` could have at any table of these seat sets, whoever sits beside them."""
        return min(
            (self.cost(history, player, seat, n) for chosen in seat_sets for n, seat in enumerate(chosen, start=1)),
            default=0,
        )


@dataclass(frozen=True, slots=True)
class Seating:
    """A table's assignment: player -> seat, what it costs, and the repeats it could not avoid."""

    seats: Mapping[str, str]
    cost: int
    faction_repeats: tuple[tuple[str, str, int], ...]  # (player, faction, times before)
    position_repeats: tuple[tuple[str, int, int], ...]  # (player, position, times before)


def seat_table(
    players: Sequence[str],
    seats: Sequence[str],
    history: History,
    seed: bytes,
    faction_weight: int = FACTION_WEIGHT,
    position_weight: int = POSITION_WEIGHT,
    neighbours: Mapping[str, frozenset[str]] | None = None,
    neighbour_weight: int = 0,
) -> Seating:
    """The cheapest assignment of `players` to `seats` (in turn order: position n is `seats[n-1]`).

    With `neighbour_weight`, a seat bordering a faction the player already played (`neighbours`: faction ->
    the factions beside it on the map) costs that much per earlier game there: a near-repeat of the position.
    """
    beside = neighbours or {}
    if len(players) != len(seats):
        raise SeatingError(f"{len(players)} players for {len(seats)} seats: a table seats exactly one player a seat")
    if len(set(players)) != len(players) or len(set(seats)) != len(seats):
        raise SeatingError("a player or a seat appears twice at one table")
    ordered = sorted(players, key=lambda p: hmac.new(seed, f"seating:{p}".encode(), hashlib.sha256).digest())
    weights = Weights(faction_weight, position_weight, beside, neighbour_weight)
    cost = np.array(
        [
            [weights.cost(history, player, seat, position) for position, seat in enumerate(seats, start=1)]
            for player in ordered
        ],
        dtype=np.int64,
    )
    rows, columns = linear_sum_assignment(cost)
    chosen = {ordered[int(r)]: seats[int(c)] for r, c in zip(rows, columns, strict=True)}
    position_of = {seat: position for position, seat in enumerate(seats, start=1)}
    faction_repeats = tuple(
        (p, chosen[p], history.faction_count(p, chosen[p])) for p in players if history.faction_count(p, chosen[p])
    )
    position_repeats = tuple(
        (p, position_of[chosen[p]], history.position_count(p, position_of[chosen[p]]))
        for p in players
        if history.position_count(p, position_of[chosen[p]])
    )
    return Seating({p: chosen[p] for p in players}, int(cost[rows, columns].sum()), faction_repeats, position_repeats)
