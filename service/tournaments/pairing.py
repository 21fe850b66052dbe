"""Forming a Swiss round's tables for multi-player games (issue 13): an integer program, solved exactly.

Players are ranked (by score, then by the round's seeded draw) and each table has a band of that ranking
it should draw from, so tables follow score groups. Each player may instead sit at another table, for a
cost that grows with the distance from that table's band; every pair of players who already met costs far
more for each table they would share again, weighted by how often they met (1, 3, 5 … for 1, 2, 3
earlier meetings), and so does a second bye. The repeat costs dominate every band cost, so the optimum is
a rematch-free round whenever one exists, then the one with the fewest (and least repeated) rematches, and
only then the one closest to the score groups.

`scipy.optimize.milp` (HiGHS) solves it: x[p, t] = 1 when player p sits at table t, and one continuous
z[p, q, t] ≥ x[p, t] + x[q, t] − 1 per pair that met and table, so the program grows with the rematches
possible, not with every pair. Players asked to be kept apart (team-mates, club members in round 1) are
treated as having met once.

Seat clashes (td17, tables of 2 of a tournament created with `settings.pairing` 2): `needs` gives the players who
need one seat position (1 or 2) of a table of 2 - the other would cost them more than their floor, the best seat
any table of 2 gives them (`service.tournaments.seating.Weights.floor`): who played seat-1 needs seat-2. A table
whose two players need the same position clashes (one of them repeats what another opponent would spare them);
one continuous y[t, k] ≥ Σ x[p, t] − 1 over the players p needing k counts it, two variables a table, so the
program stays small. A clash costs more than every band cost together and less than one rematch (or second bye)
whatever the round's clashes add up to: a rematch-free round comes first, then the one with fewest clashes (FIDE
Dutch's colour preferences, at the price of a float when the score group cannot balance the seats), then the
closest to the score groups. Without `needs` the costs, the variables and their order are exactly the first
method's, so rounds of older tournaments re-derive unchanged.

`exact` (tournaments created since td20, `settings.pairing` 3) asks HiGHS for a relative gap of 0: by default it
stops within 1e-4 of its bound, which at 60 players, where one rematch weighs millions, leaves room for hundreds of
band-cost units. Measured at 60 players, rounds 2-5 (td20): no slower (tables of 2 under 0.2 s a round; tables of 4
up to 3-7 s in round 5 with or without the gap), and the same rounds.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import lil_matrix

from domain.tournaments.tables import Split

TIME_LIMIT_SECONDS = 20.0


class PairingError(ValueError):
    """A round that cannot be paired; the message says why."""


@dataclass(frozen=True, slots=True)
class PairedTable:
    """One table of the round: its players (best ranked first) and the rematches it could not avoid."""

    number: int
    players: tuple[str, ...]
    band: tuple[int, int]  # the ranks (1-based, inclusive) this table was meant to draw from
    rematches: tuple[tuple[str, str, int], ...]  # (player, player, earlier meetings)


@dataclass(frozen=True, slots=True)
class Round:
    """A paired round and why it is as it is."""

    tables: tuple[PairedTable, ...]
    byes: tuple[str, ...]
    ranking: tuple[str, ...]  # the order the bands were cut from
    repeat_cost: int  # Σ over rematches of (2·meetings − 1): 0 for a rematch-free round
    band_cost: int  # Σ of distances from each player's rank to their table's band
    second_byes: tuple[str, ...]
    optimal: bool  # False when the solver stopped at its time limit; True: proved optimal (within 1e-4 unless `exact`)


def pair_round(
    players: Sequence[str],
    scores: Mapping[str, Fraction],
    met: Mapping[frozenset[str], int],
    split: Split,
    seed: bytes,
    had_bye: frozenset[str] = frozenset(),
    apart: Sequence[frozenset[str]] = (),
    time_limit: float = TIME_LIMIT_SECONDS,
    needs: Mapping[str, int] | None = None,
    ratings: Mapping[str, float] | None = None,
    exact: bool = False,
) -> Round:
    """Tables (of `split`'s sizes) and byes for `players`, from their `scores`, who `met` whom how often and,
    at tables of 2, which seat position each player `needs` (module docstring); with `ratings`, players of equal
    score are ranked by them (`ranking_of`)."""
    if sum(split.tables) + split.byes != len(players):
        raise PairingError(
            f"{len(players)} players, but the split seats {sum(split.tables)} and gives {split.byes} byes"
        )
    if len(set(players)) != len(players):
        raise PairingError("a player is entered twice in the round")
    ranking = ranking_of(players, scores, seed, ratings)
    rank = {p: index for index, p in enumerate(ranking)}
    groups = list(split.tables) + ([split.byes] if split.byes else [])
    bands, start = [], 0
    for size in groups:
        bands.append((start, start + size - 1))
        start += size
    weights = dict(met)
    for pair in apart:
        weights[pair] = max(weights.get(pair, 0), 1)
    n, tables = len(players), len(groups)
    # Above any total band cost: seat clashes come next, and rematches and second byes first.
    needing = _needing(ranking, rank, needs or {}) if set(split.tables) == {2} else []
    band_bound = float(n * n * tables + 1)
    big = band_bound * (1 + (len(split.tables) if needing else 0))
    pairs = [(tuple(sorted(pair)), count) for pair, count in weights.items() if count > 0 and pair <= set(players)]
    band_cost = np.array([[_distance(rank[p], bands[t]) for t in range(tables)] for p in ranking], dtype=float)
    x_count, z_count = n * tables, len(pairs) * len(split.tables)
    y_count = len(needing) * len(split.tables)
    cost = np.zeros(x_count + z_count + y_count)
    cost[:x_count] = band_cost.ravel()
    if split.byes:
        bye_table = tables - 1
        for p in had_bye:
            if p in rank:
                cost[rank[p] * tables + bye_table] += big
    for index, ((_, _), count) in enumerate(pairs):
        for t in range(len(split.tables)):
            cost[x_count + index * len(split.tables) + t] = big * (2 * count - 1)
    cost[x_count + z_count :] = band_bound

    rows = n + tables + z_count + y_count
    matrix = lil_matrix((rows, x_count + z_count + y_count))
    lower, upper = np.zeros(rows), np.zeros(rows)
    for i in range(n):  # each player (by rank index) sits exactly once (a table or the byes)
        for t in range(tables):
            matrix[i, i * tables + t] = 1
        lower[i] = upper[i] = 1
    for t, size in enumerate(groups):  # each table is full
        for i in range(n):
            matrix[n + t, i * tables + t] = 1
        lower[n + t] = upper[n + t] = size
    row = n + tables
    for index, ((a, b), _) in enumerate(pairs):  # z ≥ x_a,t + x_b,t − 1, i.e. x_a,t + x_b,t − z ≤ 1
        for t in range(len(split.tables)):
            matrix[row, rank[a] * tables + t] = 1
            matrix[row, rank[b] * tables + t] = 1
            matrix[row, x_count + index * len(split.tables) + t] = -1
            lower[row], upper[row] = -np.inf, 1
            row += 1
    for index, group in enumerate(needing):  # y ≥ Σ x_p,t − 1 over the players needing one position
        for t in range(len(split.tables)):
            for i in group:
                matrix[row, i * tables + t] = 1
            matrix[row, x_count + z_count + index * len(split.tables) + t] = -1
            lower[row], upper[row] = -np.inf, 1
            row += 1
    integrality = np.concatenate([np.ones(x_count), np.zeros(z_count + y_count)])
    result = milp(
        cost,
        integrality=integrality,
        bounds=Bounds(np.zeros(x_count + z_count + y_count), np.ones(x_count + z_count + y_count)),
        constraints=LinearConstraint(matrix.tocsr(), lower, upper),
        options={"time_limit": time_limit, "disp": False, **({"mip_rel_gap": 0.0} if exact else {})},
    )
    if result.x is None:
        raise PairingError(f"no round found: {result.message}")
    chosen = np.rint(result.x[:x_count]).reshape(n, tables)
    seated = [[ranking[p] for p in range(n) if chosen[p, t] == 1] for t in range(tables)]
    return _round(seated, split, ranking, rank, bands, weights, had_bye, optimal=result.status == 0)


def _needing(ranking: Sequence[str], rank: Mapping[str, int], needs: Mapping[str, int]) -> list[list[int]]:
    """The rank indices of the players needing position 1, then 2 (a group nobody needs is left out)."""
    groups = [[rank[p] for p in ranking if needs.get(p) == position] for position in (1, 2)]
    return [group for group in groups if len(group) > 1]


def _round(
    seated: list[list[str]],
    split: Split,
    ranking: list[str],
    rank: Mapping[str, int],
    bands: list[tuple[int, int]],
    weights: Mapping[frozenset[str], int],
    had_bye: frozenset[str],
    optimal: bool,
) -> Round:
    tables, repeat_cost, band_total = [], 0, 0
    for number, members in enumerate(seated[: len(split.tables)], start=1):
        rematches = tuple(
            (a, b, weights[frozenset((a, b))])
            for i, a in enumerate(members)
            for b in members[i + 1 :]
            if weights.get(frozenset((a, b)), 0)
        )
        repeat_cost += sum(2 * count - 1 for _, _, count in rematches)
        band = bands[number - 1]
        band_total += sum(_distance(rank[p], band) for p in members)
        tables.append(PairedTable(number, tuple(members), (band[0] + 1, band[1] + 1), rematches))
    byes = tuple(seated[-1]) if split.byes else ()
    if split.byes:
        band_total += sum(_distance(rank[p], bands[-1]) for p in byes)
    return Round(
        tuple(tables),
        byes,
        tuple(ranking),
        repeat_cost,
        band_total,
        tuple(p for p in byes if p in had_bye),
        optimal,
    )


def _distance(rank: int, band: tuple[int, int]) -> int:
    """How far a rank lies outside a band of ranks (0 inside it)."""
    low, high = band
    return low - rank if rank < low else rank - high if rank > high else 0


def ranking_of(
    players: Sequence[str], scores: Mapping[str, Fraction], seed: bytes, ratings: Mapping[str, float] | None = None
) -> list[str]:
    """The order the bands are cut from: by score, then the seeded draw. With `ratings` (a tournament seeded by
    rating, its round 1), players of equal score go by rating, highest first, the unrated after them, and the draw
    orders those left equal; without, the order is exactly the first method's, so older rounds re-derive unchanged."""
    if ratings is None:
        return sorted(players, key=lambda p: (-scores.get(p, Fraction(0)), _draw(seed, p)))
    return sorted(
        players,
        key=lambda p: (-scores.get(p, Fraction(0)), p not in ratings, -ratings.get(p, 0.0), _draw(seed, p)),
    )


def _draw(seed: bytes, player: str) -> bytes:
    """The round's seeded order among players of equal score (the whole first round)."""
    return hmac.new(seed, f"pairing-draw:{player}".encode(), hashlib.sha256).digest()
