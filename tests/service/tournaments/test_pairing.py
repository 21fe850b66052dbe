"""Forming a Swiss round's multi-player tables (issue 13): rematch-free whenever possible, checked by brute force."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tournaments.tables import Remainder, Split, split_field
from service.tournaments.pairing import PairingError, pair_round

SEED = b"committed-seed-round"


def met_at(*tables: tuple[str, ...]) -> dict[frozenset[str], int]:
    """Who met whom (and how often) at these earlier tables."""
    counts: dict[frozenset[str], int] = {}
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            counts[frozenset((a, b))] = counts.get(frozenset((a, b)), 0) + 1
    return counts


def partitions(players: list[str], sizes: list[int]) -> Iterator[list[tuple[str, ...]]]:
    """Every way to seat `players` at tables of `sizes` (tables unordered when of equal size)."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        others = list(sizes)
        others.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in mates]
            for tail in partitions(remaining, others):
                yield [(first, *mates), *tail]


def fewest_repeats(players: list[str], sizes: list[int], met: dict[frozenset[str], int]) -> int:
    return min(
        sum(
            2 * met.get(frozenset(pair), 0) - 1
            for table in tables
            for pair in itertools.combinations(table, 2)
            if met.get(frozenset(pair))
        )
        for tables in partitions(players, sizes)
    )


def test_the_first_round_follows_the_seeded_draw_in_tables_of_four() -> None:
    players = [f"p{n:02d}" for n in range(12)]

    first = pair_round(players, {}, {}, split_field(12, 4, Remainder.BYES), SEED)
    again = pair_round(players, {}, {}, split_field(12, 4, Remainder.BYES), SEED)

    assert [t.players for t in first.tables] == [t.players for t in again.tables]
    assert [t.players for t in first.tables] == [tuple(first.ranking[i : i + 4]) for i in (0, 4, 8)]
    assert first.repeat_cost == first.band_cost == 0 and first.optimal


def test_score_groups_sit_together_when_nobody_has_met() -> None:
    players = [f"p{n}" for n in range(8)]
    scores = {p: Fraction(100 - 10 * n) for n, p in enumerate(players)}

    paired = pair_round(players, scores, {}, Split((4, 4), 0), SEED)

    assert [set(t.players) for t in paired.tables] == [set(players[:4]), set(players[4:])]


def test_a_rematch_free_round_is_found_when_the_greedy_score_groups_would_repeat() -> None:
    # Round 1 seated abc, def and ghi; the same score groups again would repeat every pair.
    players = list("abcdefghi")
    met = met_at(("a", "b", "c"), ("d", "e", "f"), ("g", "h", "i"))
    scores = {p: Fraction(10 if p in "abc" else 5 if p in "def" else 0) for p in players}

    paired = pair_round(players, scores, met, Split((3, 3, 3), 0), SEED)

    assert paired.repeat_cost == 0
    assert all(t.rematches == () for t in paired.tables)
    for group in ("abc", "def", "ghi"):
        assert all(len(set(t.players) & set(group)) == 1 for t in paired.tables)


def test_the_fewest_rematches_when_none_free_exists() -> None:
    # Two tables of 4 from abcd and efgh: every table holds two of one group and two of the other.
    players = list("abcdefgh")
    met = met_at(("a", "b", "c", "d"), ("e", "f", "g", "h"))

    paired = pair_round(players, {}, met, Split((4, 4), 0), SEED)

    assert paired.repeat_cost == 4 and all(len(t.rematches) == 2 for t in paired.tables)


def test_a_bye_goes_to_a_low_ranked_player_who_had_none() -> None:
    players = list("abcde")
    scores = {p: Fraction(5 - n) for n, p in enumerate(players)}

    paired = pair_round(players, scores, {}, Split((2, 2), 1), SEED, had_bye=frozenset({"e"}))

    assert paired.byes == ("d",) and paired.second_byes == ()


def test_players_asked_to_be_kept_apart_are_seated_apart() -> None:
    players = list("abcdef")

    paired = pair_round(players, {}, {}, Split((3, 3), 0), SEED, apart=[frozenset("ab"), frozenset("cd")])

    for table in paired.tables:
        assert not {"a", "b"} <= set(table.players) and not {"c", "d"} <= set(table.players)


def test_a_split_that_does_not_fit_the_field_is_refused() -> None:
    with pytest.raises(PairingError, match="7 players, but the split seats 8"):
        pair_round(list("abcdefg"), {}, {}, Split((4, 4), 0), SEED)


@settings(max_examples=40, deadline=None)
@given(
    field=st.integers(min_value=4, max_value=9),
    size=st.integers(min_value=2, max_value=4),
    history_seed=st.integers(min_value=0, max_value=10_000),
    rounds=st.integers(min_value=1, max_value=3),
)
def test_no_avoidable_rematch_against_every_possible_round(
    field: int, size: int, history_seed: int, rounds: int
) -> None:
    players = [f"p{n}" for n in range(field)]
    try:
        split = split_field(field, size, Remainder.SMALLER_TABLES)
    except ValueError:
        return
    shuffle = random.Random(history_seed)
    earlier: list[tuple[str, ...]] = []
    for _ in range(rounds):
        order = players[:]
        shuffle.shuffle(order)
        start = 0
        for table_size in split.tables:
            earlier.append(tuple(order[start : start + table_size]))
            start += table_size
    met = met_at(*earlier)

    paired = pair_round(players, {}, met, split, SEED)

    assert paired.repeat_cost == fewest_repeats(players, list(split.tables), met)
    assert sorted(p for t in paired.tables for p in t.players) == sorted(players)
