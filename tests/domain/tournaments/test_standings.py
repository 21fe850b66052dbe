"""Standings by a cascading tiebreak chain (issue 13): each criterion only orders who is still tied."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.tournaments.scoring import PLACEMENT_WBC, Seat
from domain.tournaments.standings import Standing, StandingsError, TableResult, standings

SEED = b"revealed-seed-of-round-3"


def table(name: str, *order: str, measures: dict[str, dict[str, int]] | None = None) -> TableResult:
    """A table whose players finished in `order` (first listed first), scored with WBC placement points."""
    places = {player: place for place, player in enumerate(order, start=1)}
    points = PLACEMENT_WBC.score([Seat(p, n) for p, n in places.items()])
    found = {p: {k: Fraction(v) for k, v in m.items()} for p, m in (measures or {}).items()}
    return TableResult(name, places, points, found)


def order(lines: list[Standing]) -> list[str]:
    return [line.player for line in lines]


def test_the_highest_score_ranks_first_and_says_score_separated_it() -> None:
    results = [table("r1t1", "ann", "bob", "cid"), table("r2t1", "ann", "cid", "bob")]

    lines = standings(["ann", "bob", "cid"], results, ["score", "draw"], SEED)

    assert order(lines) == ["ann", "bob", "cid"] or order(lines) == ["ann", "cid", "bob"]
    assert lines[0].values["score"] == 200 and lines[0].separated_by is None
    assert lines[1].values["score"] == 50 and lines[1].separated_by == "score"
    assert lines[2].separated_by == "draw"  # bob and cid are level on 50 and only the draw parts them


def test_opponents_score_orders_players_level_on_score_by_the_average_score_of_whom_they_met() -> None:
    # Round 1: ann beats bob and cid; dan beats eve and fay. Round 2: bob beats eve and dan; cid beats ann and fay.
    results = [
        table("r1t1", "ann", "bob", "cid"),
        table("r1t2", "dan", "eve", "fay"),
        table("r2t1", "bob", "eve", "dan"),
        table("r2t2", "cid", "ann", "fay"),
    ]
    players = ["ann", "bob", "cid", "dan", "eve", "fay"]

    lines = standings(players, results, ["score", "opponents_score", "draw"], SEED)
    by_player = {line.player: line for line in lines}

    # Scores: ann 140, bob 140, cid 110, dan 110, eve 80, fay 20.
    assert [by_player[p].values["score"] for p in players] == [140, 140, 110, 110, 80, 20]
    # ann met bob, cid, cid, fay: (140 + 110 + 110 + 20) / 4 = 95; bob met ann, cid, eve, dan: (140+110+80+110)/4 = 110.
    assert by_player["ann"].values["opponents_score"] == 95
    assert by_player["bob"].values["opponents_score"] == 110
    assert order(lines)[:2] == ["bob", "ann"] and lines[1].separated_by == "opponents_score"


def test_head_to_head_counts_only_the_tables_where_the_tied_players_met() -> None:
    # ann and bob are level on score; at the one table both sat, bob finished ahead of ann.
    results = [
        table("r1t1", "ann", "cid", "dan"),
        table("r1t2", "bob", "eve", "fay"),
        table("r2t1", "bob", "ann", "eve"),
        table("r2t2", "ann", "bob", "cid"),
        table("r3t1", "bob", "ann", "dan"),
        table("r3t2", "ann", "bob", "fay"),
    ]

    lines = standings(["ann", "bob"], results, ["score", "head_to_head", "draw"], SEED)

    assert lines[0].values["score"] == lines[1].values["score"]
    assert order(lines) == ["ann", "bob"] or order(lines) == ["bob", "ann"]
    # They met four times: bob ahead twice, ann ahead twice: still level, so the draw decides.
    assert lines[1].separated_by == "draw"


def test_a_ruleset_measure_separates_players_level_on_everything_before_it() -> None:
    results = [
        table("t1", "ann", "bob", "cid", measures={"ann": {"castles": 3}, "bob": {"castles": 1}}),
        table("t2", "bob", "ann", "cid", measures={"ann": {"castles": 1}, "bob": {"castles": 5}}),
    ]

    lines = standings(["ann", "bob"], results, ["score", "measure:castles", "draw"], SEED)

    assert order(lines) == ["bob", "ann"]
    assert lines[1].separated_by == "measure:castles"
    assert lines[0].values["measure:castles"] == 6


def test_the_draw_is_the_same_for_the_same_seed_and_orders_every_tie() -> None:
    players = [f"p{n}" for n in range(8)]

    first = order(standings(players, [], ["score", "draw"], SEED))
    again = order(standings(players, [], ["score", "draw"], SEED))
    other_seeds = {tuple(order(standings(players, [], ["score", "draw"], bytes([n])))) for n in range(5)}

    assert first == again and sorted(first) == players
    assert len(other_seeds) > 1


def test_bye_points_count_in_the_score() -> None:
    results = [table("t1", "ann", "bob", "cid")]

    lines = standings(["ann", "bob", "cid", "dan"], results, ["score", "draw"], SEED, byes={"dan": Fraction(50)})

    assert order(lines)[:2] == ["ann", "dan"]


@pytest.mark.parametrize(
    ("chain", "message"),
    [
        (["score"], "ends with 'draw'"),
        (["score", "elo", "draw"], "unknown tiebreak criterion 'elo'"),
        (["measure:", "draw"], "unknown tiebreak criterion 'measure:'"),
    ],
)
def test_a_chain_that_cannot_order_everyone_is_refused(chain: list[str], message: str) -> None:
    with pytest.raises(StandingsError, match=message):
        standings(["ann"], [], chain, SEED)


@given(st.lists(st.permutations(["a", "b", "c", "d"]), min_size=1, max_size=5))
def test_the_ranking_is_total_and_never_puts_a_lower_score_above_a_higher_one(rounds: list[list[str]]) -> None:
    results = [table(f"r{n}", *finish) for n, finish in enumerate(rounds)]

    lines = standings(["a", "b", "c", "d"], results, ["score", "opponents_score", "head_to_head", "draw"], SEED)

    assert sorted(order(lines)) == ["a", "b", "c", "d"]
    assert [line.rank for line in lines] == [1, 2, 3, 4]
    scores = [line.values["score"] for line in lines]
    assert scores == sorted(scores, reverse=True)


def test_head_to_head_puts_first_the_tied_player_who_finished_ahead_where_they_met() -> None:
    # ann 100 + 40 = 140, bob 40 + 100 = 140; at the one table both sat, ann finished ahead.
    results = [table("t1", "ann", "bob", "cid"), table("t2", "bob", "dan", "eve"), table("t3", "fay", "ann", "gus")]

    lines = standings(["ann", "bob"], results, ["score", "head_to_head", "draw"], SEED)

    assert order(lines) == ["ann", "bob"]
    assert lines[1].separated_by == "head_to_head"
    assert (lines[0].values["score"], lines[1].values["score"]) == (Fraction(140), Fraction(140))
