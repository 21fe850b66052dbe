"""Tournament scoring systems (issue 13): named, versioned functions from one table's result to each seat's
points, with their worked results in tests/domain/tournaments.

A table's result is each player's place (1 = best; equal places share) and, for the systems that need
them, the ruleset's measures (supply centres, castles...). Scores are exact fractions so that sums and
averages never drift; callers turn them into floats only to show them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

# Placement points of the World Boardgaming Championships' multi-player heats, as the issue quotes them.
WBC_PLACEMENT = {3: (100, 40, 10), 4: (100, 50, 20, 10)}


class ScoringError(ValueError):
    """A result the system cannot score; the message names what is missing or wrong."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's result at a table."""

    player: str
    place: int  # 1 is best; tied players share a place and the next place is skipped (1, 1, 3)
    measure: Fraction = Fraction(0)  # the system's measure, if it uses one (supply centres, castles)


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """A named, versioned way to score one table."""

    name: str
    version: int
    placement: Mapping[int, tuple[int, ...]] | None = None  # points by place, per table size
    win_draw_loss: tuple[Fraction, Fraction, Fraction] | None = None
    kind: str = "placement"  # placement | win_draw_loss | sum_of_squares | draw_size

    def score(self, seats: Sequence[Seat]) -> dict[str, Fraction]:
        """Each player's points at this table."""
        _check_places(seats)
        match self.kind:
            case "placement":
                return _placement(self.placement or {}, seats)
            case "win_draw_loss":
                return _win_draw_loss(self.win_draw_loss or (Fraction(1), Fraction(1, 2), Fraction(0)), seats)
            case "sum_of_squares":
                return _sum_of_squares(seats)
            case "draw_size":
                return _draw_size(seats)
        raise ScoringError(f"unknown scoring kind {self.kind!r}")

    def expected(self, table_size: int) -> Fraction:
        """The average points of a seat at a table of this size (what a bye or a normalisation is worth)."""
        match self.kind:
            case "placement":
                points = _points_for(self.placement or {}, table_size)
                return Fraction(sum(points), table_size)
            case "win_draw_loss":
                win, _, loss = self.win_draw_loss or (Fraction(1), Fraction(1, 2), Fraction(0))
                return (win + (table_size - 1) * loss) / table_size
        return Fraction(100 if self.kind == "sum_of_squares" else 1, table_size)

    def normalised(self, points: Fraction, table_size: int, reference_size: int) -> Fraction:
        """Points scored at a `table_size` table made comparable to a `reference_size` one: scaled so that
        both tables' average seat is worth the same (a 3-player win at WBC's 100/40/10 is 90 against
        100/50/20/10)."""
        return points * self.expected(reference_size) / self.expected(table_size)


PLACEMENT_WBC = ScoringSystem("placement-wbc", 1, placement=WBC_PLACEMENT)
WIN_DRAW_LOSS = ScoringSystem(
    "win-draw-loss", 1, win_draw_loss=(Fraction(1), Fraction(1, 2), Fraction(0)), kind="win_draw_loss"
)
SUM_OF_SQUARES = ScoringSystem("sum-of-squares", 1, kind="sum_of_squares")
DRAW_SIZE = ScoringSystem("draw-size", 1, kind="draw_size")
SYSTEMS = {s.name: s for s in (PLACEMENT_WBC, WIN_DRAW_LOSS, SUM_OF_SQUARES, DRAW_SIZE)}


def placement_system(name: str, points: Mapping[int, Sequence[int]]) -> ScoringSystem:
    """A TD's own placement points, per table size (each list one value per place, best first, not rising)."""
    table: dict[int, tuple[int, ...]] = {}
    for size, values in points.items():
        if len(values) != size:
            raise ScoringError(f"placement points for {size} players: {len(values)} values, expected {size}")
        if any(later > earlier for earlier, later in pairwise(values)):
            raise ScoringError(f"placement points for {size} players rise at a worse place: {list(values)}")
        table[size] = tuple(values)
    return ScoringSystem(name, 1, placement=table)


def _check_places(seats: Sequence[Seat]) -> None:
    if not seats:
        raise ScoringError("a table without seats has no result")
    players = [s.player for s in seats]
    if len(set(players)) != len(players):
        raise ScoringError(f"a player holds two seats: {sorted(p for p in set(players) if players.count(p) > 1)}")
    ordered = sorted(s.place for s in seats)
    for place in ordered:
        # Place p is shared by everyone placed p; the next place is 1 + how many are better (1, 1, 3).
        if place != 1 + sum(1 for other in ordered if other < place):
            raise ScoringError(f"places {ordered} are not a ranking of {len(seats)} (ties share a place: 1, 1, 3)")


def _points_for(table: Mapping[int, tuple[int, ...]], size: int) -> tuple[int, ...]:
    if size not in table:
        raise ScoringError(f"no placement points for a table of {size} (given for {sorted(table)})")
    return table[size]


def _placement(table: Mapping[int, tuple[int, ...]], seats: Sequence[Seat]) -> dict[str, Fraction]:
    """Points by place; tied players share the points of the places they cover (two seconds at 50/20: 35 each)."""
    points = _points_for(table, len(seats))
    scored = {}
    for seat in seats:
        tied = sum(1 for other in seats if other.place == seat.place)
        covered = points[seat.place - 1 : seat.place - 1 + tied]
        scored[seat.player] = Fraction(sum(covered), tied)
    return scored


def _win_draw_loss(values: tuple[Fraction, Fraction, Fraction], seats: Sequence[Seat]) -> dict[str, Fraction]:
    """The players placed first win (or draw, when they share first place); everyone else loses."""
    win, draw, loss = values
    firsts = [s for s in seats if s.place == 1]
    return {s.player: (win if len(firsts) == 1 else draw) if s.place == 1 else loss for s in seats}


def _sum_of_squares(seats: Sequence[Seat]) -> dict[str, Fraction]:
    """Diplomacy's Sum of Squares: 100 × c² / Σc² over the measure c (supply centres). A solo is entered as
    the soloist's centres with every other seat at 0, and so takes all 100."""
    squares = {s.player: s.measure * s.measure for s in seats}
    total = sum(squares.values())
    if total == 0:
        raise ScoringError("sum of squares: every measure is 0")
    return {player: 100 * square / total for player, square in squares.items()}


def _draw_size(seats: Sequence[Seat]) -> dict[str, Fraction]:
    """Draw-size scoring: the players sharing first place split one point (a solo win takes it whole)."""
    firsts = [s for s in seats if s.place == 1]
    return {s.player: Fraction(1, len(firsts)) if s.place == 1 else Fraction(0) for s in seats}
