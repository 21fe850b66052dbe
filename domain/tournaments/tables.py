"""How a round's field splits into tables (issue 13): tables of k, and for numbers that don't divide, either
tables of k − 1 or byes, as the tournament director chose when creating the tournament."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Remainder(Enum):
    """What to do with players that do not fill a table of k."""

    SMALLER_TABLES = "smaller_tables"  # some tables of k − 1, as few as possible
    BYES = "byes"  # the fewest byes, everyone else at tables of k


class TableSizeError(ValueError):
    """A field that cannot be split as asked; the message says what would work."""


@dataclass(frozen=True, slots=True)
class Split:
    """A round's tables, biggest first, and how many players sit out with a bye."""

    tables: tuple[int, ...]
    byes: int


def split_field(players: int, size: int, remainder: Remainder, smallest: int = 2) -> Split:
    """Tables for `players` at tables of `size` (`smallest`: the fewest seats the ruleset allows at a table)."""
    if size < smallest or smallest < 2:
        raise TableSizeError(f"a table of {size} is below the ruleset's {smallest} seats (at least 2)")
    if players < smallest:
        raise TableSizeError(f"{players} player(s) cannot fill a table of at least {smallest}")
    full, left = divmod(players, size)
    if left == 0:
        return Split((size,) * full, 0)
    if remainder is Remainder.BYES:
        if full == 0:
            raise TableSizeError(f"{players} players give no table of {size}: choose smaller tables")
        return Split((size,) * full, left)
    if size - 1 < smallest:
        raise TableSizeError(f"tables of {size - 1} are below the ruleset's {smallest} seats: choose byes")
    # n = a·k + b·(k − 1) with the fewest tables of k − 1: b = (k − n mod k) mod k, when a = (n − b(k−1))/k ≥ 0.
    smaller = (size - left) % size
    bigger = (players - smaller * (size - 1)) // size
    if bigger < 0 or bigger * size + smaller * (size - 1) != players:
        split = Split((size,) * full, left)
        raise TableSizeError(
            f"{players} players do not split into tables of {size} and {size - 1}: choose byes "
            f"({len(split.tables)} table(s) of {size}, {split.byes} bye(s))"
        )
    return Split((size,) * bigger + (size - 1,) * smaller, 0)
