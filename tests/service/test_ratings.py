"""Ratings as a fold of counted games (service/ratings.py): the order is the log's, never the order given, and
ranking_of seeds round 1 by rating only when asked."""

from __future__ import annotations

from fractions import Fraction

from openskill.models import PlackettLuce

from service.ratings import CountedGame, RatingsCache, rate_games, seated_players
from service.tournaments.pairing import ranking_of

GAMES = [
    CountedGame("g-3", "freeform", 30, "2026-01-03T00:00:00Z", {"ann": 2, "bob": 1}),
    CountedGame("g-1", "freeform", 10, "2026-01-01T00:00:00Z", {"ann": 1, "bob": 2, "cid": 3}),
    CountedGame("g-2", "freeform", 20, "2026-01-02T00:00:00Z", {"bob": 1, "cid": 1}),
    CountedGame("k-1", "kard_es_korona", 15, "2026-01-01T12:00:00Z", {"ann": 1, "cid": 2}),
]


def test_ratings_fold_the_games_in_end_position_order_whatever_order_they_come_in() -> None:
    forward, backward = rate_games(GAMES), rate_games(reversed(GAMES))

    assert forward == backward
    assert [s.game for s in forward[("freeform", "bob")].history] == ["g-1", "g-2", "g-3"]


def test_each_ruleset_rates_apart_from_the_others() -> None:
    ratings = rate_games(GAMES)

    (only,) = ratings[("kard_es_korona", "cid")].history
    model = PlackettLuce()
    [_], [lost] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    assert (only.mu, only.sigma, only.rating) == (lost.mu, lost.sigma, lost.ordinal())


def test_a_shared_place_is_a_tie_for_the_library() -> None:
    ratings = rate_games([GAMES[2]])

    assert ratings[("freeform", "bob")].now.mu == ratings[("freeform", "cid")].now.mu


def test_a_game_counts_only_when_every_seat_names_a_different_player() -> None:
    assert seated_players([{"seat": "red", "player": "ann"}, {"seat": "blue", "player": "bob"}]) == {
        "red": "ann",
        "blue": "bob",
    }
    assert seated_players([{"seat": "red", "player": "ann"}, {"seat": "blue"}]) is None
    assert seated_players([{"seat": "red", "player": "ann"}, {"seat": "blue", "player": "ann"}]) is None
    assert seated_players([{"seat": "red", "player": "ann"}]) is None


def test_round_one_ranks_by_rating_with_the_unrated_last_only_when_ratings_are_given() -> None:
    players, scores, seed = ["ann", "bob", "cid", "dan"], {p: Fraction(0) for p in ["ann", "bob", "cid", "dan"]}, b"s"

    seeded = ranking_of(players, scores, seed, {"cid": 3.5, "ann": -1.0})
    drawn = ranking_of(players, scores, seed)

    assert seeded[:2] == ["cid", "ann"] and set(seeded[2:]) == {"bob", "dan"}
    assert [p for p in drawn if p in ("bob", "dan")] == seeded[2:]  # the draw orders the unrated as before
    assert ranking_of(players, {**scores, "dan": Fraction(1)}, seed, {"cid": 3.5})[0] == "dan"  # score first


def test_games_ending_later_are_folded_on_top_and_give_what_a_whole_fold_gives() -> None:
    cache = RatingsCache()
    cache.refresh(1, GAMES[1:3])

    carried_on = cache.refresh(2, GAMES)

    assert carried_on.by_key == rate_games(GAMES) and carried_on.head == 2


def test_a_counted_game_that_changed_folds_every_game_again() -> None:
    cache = RatingsCache()
    cache.refresh(1, GAMES)
    amended = CountedGame("g-1", "freeform", 10, "2026-01-01T00:00:00Z", {"ann": 3, "bob": 2, "cid": 1})
    changed = [amended, *GAMES[:1], *GAMES[2:]]

    again = cache.refresh(2, changed)

    assert again.by_key == rate_games(changed) and again.by_key != rate_games(GAMES)
