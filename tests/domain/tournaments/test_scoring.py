"""Scoring systems' worked results (issue 13): the numbers a tournament director can check by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain.tournaments.scoring import (
    DRAW_SIZE,
    PLACEMENT_WBC,
    SUM_OF_SQUARES,
    WIN_DRAW_LOSS,
    ScoringError,
    Seat,
    placement_system,
)


def seats(*places: int, measures: tuple[int, ...] = ()) -> list[Seat]:
    return [
        Seat(f"p{n}", place, Fraction(measures[n - 1]) if measures else Fraction(0))
        for n, place in enumerate(places, start=1)
    ]


def test_wbc_placement_gives_100_50_20_10_at_four_players_and_100_40_10_at_three() -> None:
    assert PLACEMENT_WBC.score(seats(1, 2, 3, 4)) == {"p1": 100, "p2": 50, "p3": 20, "p4": 10}
    assert PLACEMENT_WBC.score(seats(3, 1, 2)) == {"p1": 10, "p2": 100, "p3": 40}


def test_players_tied_for_a_place_share_the_points_of_the_places_they_cover() -> None:
    # Two seconds at four players cover the 50 and the 20: 35 each; the fourth keeps its 10.
    assert PLACEMENT_WBC.score(seats(1, 2, 2, 4)) == {"p1": 100, "p2": 35, "p3": 35, "p4": 10}
    assert PLACEMENT_WBC.score(seats(1, 1, 3)) == {"p1": 70, "p2": 70, "p3": 10}


def test_a_three_player_win_is_worth_90_against_four_player_tables() -> None:
    # The average seat is worth 150/3 = 50 at three players and 180/4 = 45 at four: 100 × 45/50 = 90.
    assert PLACEMENT_WBC.expected(3) == 50 and PLACEMENT_WBC.expected(4) == 45
    assert PLACEMENT_WBC.normalised(Fraction(100), 3, 4) == 90
    assert PLACEMENT_WBC.normalised(Fraction(10), 4, 4) == 10


def test_win_draw_loss_scores_one_half_and_nothing() -> None:
    assert WIN_DRAW_LOSS.score(seats(1, 2)) == {"p1": 1, "p2": 0}
    assert WIN_DRAW_LOSS.score(seats(1, 1)) == {"p1": Fraction(1, 2), "p2": Fraction(1, 2)}


def test_sum_of_squares_gives_each_player_100_times_its_share_of_the_squared_centres() -> None:
    # Centres 10, 8, 6, 4, 4, 2, 0: squares 100, 64, 36, 16, 16, 4, 0 sum to 236.
    scored = SUM_OF_SQUARES.score(seats(1, 2, 3, 4, 4, 6, 7, measures=(10, 8, 6, 4, 4, 2, 0)))

    assert scored["p1"] == Fraction(10000, 236)
    assert round(float(scored["p1"]), 2) == 42.37
    assert scored["p7"] == 0
    assert sum(scored.values()) == 100


def test_a_solo_takes_all_100_under_sum_of_squares() -> None:
    assert SUM_OF_SQUARES.score(seats(1, 2, 2, measures=(18, 0, 0))) == {"p1": 100, "p2": 0, "p3": 0}


def test_draw_size_scoring_splits_one_point_among_the_drawing_players() -> None:
    assert DRAW_SIZE.score(seats(1, 1, 1, 4, 4)) == {
        "p1": Fraction(1, 3),
        "p2": Fraction(1, 3),
        "p3": Fraction(1, 3),
        "p4": 0,
        "p5": 0,
    }


@pytest.mark.parametrize(
    ("places", "message"),
    [
        ((1, 3, 4, 4), "places [1, 3, 4, 4] are not a ranking of 4"),
        ((2, 2, 3), "places [2, 2, 3] are not a ranking of 3"),
        ((1, 2, 3, 4, 5), "no placement points for a table of 5 (given for [3, 4])"),
    ],
)
def test_a_result_that_is_no_ranking_is_refused_with_its_places(places: tuple[int, ...], message: str) -> None:
    with pytest.raises(
        ScoringError, match=message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(").replace(")", r"\)")
    ):
        PLACEMENT_WBC.score(seats(*places))


def test_a_directors_own_placement_points_are_checked_before_use() -> None:
    own = placement_system("club-5", {5: [10, 6, 3, 1, 0]})
    assert own.score(seats(1, 2, 3, 4, 5))["p2"] == 6
    with pytest.raises(ScoringError, match="rise at a worse place"):
        placement_system("bad", {3: [10, 0, 5]})
    with pytest.raises(ScoringError, match="2 values, expected 3"):
        placement_system("short", {3: [10, 5]})
