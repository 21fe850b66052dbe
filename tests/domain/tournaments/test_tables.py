"""Splitting a round's field into tables of k, with smaller tables or byes for the rest (issue 13, tdx3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.tournaments.tables import Remainder, Split, TableSizeError, fewest_byes, split_evenly, split_field


@pytest.mark.parametrize(
    ("players", "size", "remainder", "split"),
    [
        (12, 4, Remainder.SMALLER_TABLES, Split((4, 4, 4), 0)),
        (13, 4, Remainder.SMALLER_TABLES, Split((4, 3, 3, 3), 0)),
        (14, 4, Remainder.SMALLER_TABLES, Split((4, 4, 3, 3), 0)),
        (15, 4, Remainder.SMALLER_TABLES, Split((4, 4, 4, 3), 0)),
        (13, 4, Remainder.BYES, Split((4, 4, 4), 1)),
        (7, 2, Remainder.BYES, Split((2, 2, 2), 1)),
        (20, 6, Remainder.SMALLER_TABLES, Split((5, 5, 5, 5), 0)),
    ],
)
def test_a_field_splits_into_the_fewest_smaller_tables_or_byes(
    players: int, size: int, remainder: Remainder, split: Split
) -> None:
    assert split_field(players, size, remainder) == split


def test_a_field_that_cannot_use_smaller_tables_is_told_to_use_byes() -> None:
    # Five players at tables of 4: one table of 4 leaves one, and 5 is no sum of 4s and 3s.
    with pytest.raises(TableSizeError, match="5 players do not split into tables of 4 and 3: choose byes"):
        split_field(5, 4, Remainder.SMALLER_TABLES)
    with pytest.raises(TableSizeError, match="tables of 2 are below the ruleset's 3 seats"):
        split_field(7, 3, Remainder.SMALLER_TABLES, smallest=3)


@given(players=st.integers(min_value=2, max_value=80), size=st.integers(min_value=2, max_value=6))
def test_every_player_has_a_seat_or_a_bye_and_tables_differ_by_at_most_one(players: int, size: int) -> None:
    for remainder in Remainder:
        try:
            split = split_field(players, size, remainder)
        except TableSizeError:
            continue
        assert sum(split.tables) + split.byes == players
        assert set(split.tables) <= {size, size - 1}
        assert split.byes < size
        if remainder is Remainder.SMALLER_TABLES:
            assert split.byes == 0 and list(split.tables) == sorted(split.tables, reverse=True)


@pytest.mark.parametrize(
    ("players", "sizes", "tables"),
    [
        (14, range(3, 7), (5, 5, 4)),  # AGoT seats 3-6: 14 at tables of 6 all play (tables of 6 and 5 cannot)
        (14, (4, 6), (6, 4, 4)),  # only the sizes allowed: the most even of them
        (13, range(2, 5), (4, 3, 3, 3)),  # as tables of k and k - 1 give it
        (20, range(3, 7), (5, 5, 5, 5)),
        (7, range(3, 7), (4, 3)),
        (5, range(2, 5), (3, 2)),  # Kard és Korona seats 2: 5 at tables of 4 is 3 + 2, no bye
    ],
)
def test_a_field_sits_at_the_fewest_and_most_even_tables_its_sizes_allow(
    players: int, sizes: range | tuple[int, ...], tables: tuple[int, ...]
) -> None:
    assert split_evenly(players, sizes) == Split(tables, 0)


def test_byes_only_when_no_tables_of_the_allowed_sizes_seat_the_field() -> None:
    with pytest.raises(TableSizeError, match="5 players do not split into tables of 4 or 6"):
        split_evenly(5, (4, 6))
    assert fewest_byes(5, (4, 6)) == Split((4,), 1)
    assert fewest_byes(14, (5, 6)) == Split((6, 6), 2)  # no points for tables of 4: 13 and 14 cannot sit
    with pytest.raises(TableSizeError):
        split_evenly(2, range(3, 7))


@given(
    players=st.integers(min_value=2, max_value=80),
    size=st.integers(min_value=2, max_value=6),
    smallest=st.integers(min_value=2, max_value=6),
)
def test_an_even_split_agrees_with_tables_of_k_and_k_minus_1_and_seats_everyone_the_seat_range_can(
    players: int, size: int, smallest: int
) -> None:
    sizes = range(min(smallest, size), size + 1)
    tables = -(-players // size)  # the fewest tables of at most `size`
    try:
        old = split_field(players, size, Remainder.SMALLER_TABLES, sizes[0])
    except TableSizeError:
        old = None
    if players < sizes[0] * tables:  # even the most even tables of at most `size` leave one below the range
        with pytest.raises(TableSizeError):
            split_evenly(players, sizes)
        return
    split = split_evenly(players, sizes)
    assert split.byes == 0 and sum(split.tables) == players and len(split.tables) == tables
    assert max(split.tables) - min(split.tables) <= 1 and set(split.tables) <= set(sizes)
    assert old is None or old == split


@given(
    players=st.integers(min_value=2, max_value=60),
    sizes=st.sets(st.integers(min_value=2, max_value=6), min_size=1),
)
def test_the_fewest_byes_leave_a_field_the_sizes_seat_and_no_fewer_would(players: int, sizes: set[int]) -> None:
    try:
        split = split_evenly(players, sizes)
    except TableSizeError:
        if players < min(sizes):
            return
        split = fewest_byes(players, sizes)
    assert sum(split.tables) + split.byes == players and set(split.tables) <= sizes
    for fewer in range(split.byes):
        with pytest.raises(TableSizeError):
            split_evenly(players - fewer, sizes)
    # No fewer tables seat the same players (the fewest tables, then the most even).
    assert not any(sum(c) == sum(split.tables) for c in _sums(sizes, len(split.tables) - 1))


def _sums(sizes: set[int], count: int) -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = [()]
    for _ in range(count):
        found = list({tuple(sorted((*c, s))) for c in found for s in sizes})
    return found
