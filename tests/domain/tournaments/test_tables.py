"""Splitting a round's field into tables of k, with tables of k − 1 or byes for the rest (issue 13)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.tournaments.tables import Remainder, Split, TableSizeError, split_field


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
