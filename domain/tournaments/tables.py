"""How a round's field splits into tables (issue 13): tables of k, and for numbers that don't divide, either
smaller tables or byes, as the tournament director chose when creating the tournament.

Smaller tables were tables of k − 1 only (`split_field`), so 14 players at AGoT tables of 6 (AGoT seats 3-6) got 2
byes, since 14 is no sum of 6s and 5s. Tournaments created since tdx3 record the table sizes they can seat
(`settings.table_sizes`: those the ruleset seats, the seat sets allow and the scoring scores, none above k) and
split with `split_evenly`: everyone seated at the fewest tables, as evenly as those sizes allow (14 = 5+5+4);
byes only when no such tables seat the field (`fewest_byes`)."""

from __future__ import annotations

from collections.abc import Collection
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


def split_evenly(players: int, sizes: Collection[int]) -> Split:
    """Everyone at a table: the fewest tables whose sizes are all in `sizes`, as even as those allow (the least
    difference between the biggest and the smallest table, then the bigger tables), biggest first; tables of k
    and k − 1 whenever those seat the field, so it agrees with `split_field`'s smaller tables there."""
    allowed = sorted({s for s in sizes if s >= 2})
    count = _fewest_tables(players, allowed)
    if count is None:
        raise TableSizeError(f"{players} players do not split into tables of {_listed(allowed)}: choose byes")
    spans = sorted(((a, b) for a in allowed for b in allowed if a <= b), key=lambda span: (span[1] - span[0], -span[1]))
    for low, high in spans:
        found = _tables_of(players, count, [s for s in allowed if low <= s <= high])
        if found is not None:
            return Split(found, 0)
    raise AssertionError("the fewest tables were found over every size, so the widest span seats them")


def fewest_byes(players: int, sizes: Collection[int]) -> Split:
    """The fewest byes that leave a field `split_evenly` seats (a field no table sizes can seat, say 5 players at
    tables of 4 and 6 only, plays 4 with 1 bye)."""
    for byes in range(1, players + 1):
        try:
            return Split(split_evenly(players - byes, sizes).tables, byes)
        except TableSizeError:
            continue
    raise TableSizeError(f"{players} player(s) cannot fill a table of {_listed(sorted(sizes))}")


def _fewest_tables(players: int, allowed: list[int]) -> int | None:
    """The fewest tables of `allowed` sizes that seat exactly `players`, or None. Sums reachable with k tables are
    the bits of one integer: k tables reach s + t for each sum s of k − 1 tables and each size t."""
    if not allowed or players < allowed[0]:
        return None
    mask, reach = (1 << (players + 1)) - 1, 1
    for count in range(1, players // allowed[0] + 1):
        reach = _step(reach, allowed, mask)
        if reach >> players & 1:
            return count
    return None


def _tables_of(players: int, count: int, parts: list[int]) -> tuple[int, ...] | None:
    """`count` tables of `parts` sizes seating exactly `players`, the biggest taken first, or None."""
    mask, reaches = (1 << (players + 1)) - 1, [1]
    for _ in range(count):
        reaches.append(_step(reaches[-1], parts, mask))
    if not reaches[count] >> players & 1:
        return None
    tables, left = [], players
    for seated in range(count - 1, -1, -1):
        size = max(s for s in parts if left >= s and reaches[seated] >> (left - s) & 1)
        tables.append(size)
        left -= size
    return tuple(sorted(tables, reverse=True))


def _step(reach: int, sizes: list[int], mask: int) -> int:
    found = 0
    for size in sizes:
        found |= reach << size
    return found & mask


def _listed(sizes: list[int]) -> str:
    return ", ".join(map(str, sizes[:-1])) + (" or " if len(sizes) > 1 else "") + str(sizes[-1]) if sizes else "no size"
