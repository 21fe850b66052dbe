"""Player ratings (GET /ratings, GET /players/{id}/ratings): openskill Plackett–Luce from finished games."""

from __future__ import annotations

from typing import Any

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from tests.api.conftest import assert_problem
from tests.conftest import Api

BOARD = "/api/v1/ratings?ruleset=freeform"


def _game(api: Api, players: list[str | None], **body: Any) -> str:
    seats = [{"seat": f"s{n}", "player": p} for n, p in enumerate(players)]
    return str(api.create_game(seats=seats, **body)["id"])


def _end(api: Api, game: str, scores: list[int], winners: list[int] | None = None) -> None:
    """End a freeform game with every seat's score (CORE-END-1): the higher score places higher."""
    by_seat = {f"s{n}": score for n, score in enumerate(scores)}
    data: dict[str, Any] = {"winners": [f"s{n}" for n in winners or []], "scores": by_seat}
    response = api.act(game, type="end_game", seat=None, data=data)
    assert response.status_code == 201, response.get_json()


def _played(api: Api, players: list[str], scores: list[int]) -> str:
    game = _game(api, list(players))
    _end(api, game, scores)
    return game


def _board(api: Api, role: str | None = "viewer", query: str = "") -> dict[str, Any]:
    response = api.client.get(BOARD + query, headers=api.headers(role))
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def _expected(games: list[tuple[list[str], list[int]]]) -> dict[str, PlackettLuceRating]:
    """The library's own `rate()` on the same places, game by game in the order given."""
    model, current = PlackettLuce(), dict[str, PlackettLuceRating]()
    for players, places in games:
        teams = [[current.get(p) or model.rating(name=p)] for p in players]
        for p, (rating,) in zip(players, model.rate(teams, ranks=[float(n) for n in places]), strict=True):
            current[p] = rating
    return current


def test_ratings_are_openskills_own_rate_on_the_places_of_the_finished_games(any_api: Api) -> None:
    ann, bob, cid = any_api.player("Ann"), any_api.player("Bob"), any_api.player("Cid")
    _played(any_api, [ann, bob, cid], [9, 5, 1])  # Ann 1st, Bob 2nd, Cid 3rd
    _played(any_api, [cid, ann], [7, 3])  # Cid beats Ann
    last = _played(any_api, [bob, cid, ann], [4, 4, 2])  # Bob and Cid share place 1

    expected = _expected([([ann, bob, cid], [1, 2, 3]), ([cid, ann], [1, 2]), ([bob, cid, ann], [1, 1, 3])])
    items = _board(any_api)["items"]

    assert sorted(i["player"] for i in items) == sorted([ann, bob, cid])
    for item in items:
        rating = expected[item["player"]]
        assert item["mu"] == pytest.approx(rating.mu) and item["sigma"] == pytest.approx(rating.sigma)
        assert item["rating"] == pytest.approx(rating.ordinal())
        assert item["last_game"] == last
    assert [i["rank"] for i in items] == [1, 2, 3]
    assert [i["rating"] for i in items] == sorted((i["rating"] for i in items), reverse=True)
    assert {i["player"]: i["games"] for i in items} == {ann: 3, bob: 2, cid: 3}


def test_games_are_rated_in_the_order_they_ended_not_the_order_they_were_created(api: Api) -> None:
    ann, bob = api.player("Ann"), api.player("Bob")
    first, second = _game(api, [ann, bob]), _game(api, [ann, bob])
    _end(api, second, [1, 5])  # ends first: Bob wins
    _end(api, first, [5, 1])  # then Ann wins

    expected = _expected([([ann, bob], [2, 1]), ([ann, bob], [1, 2])])
    history = api.client.get(f"/api/v1/players/{ann}/ratings").get_json()["items"][0]["history"]

    assert [step["game"] for step in history] == [second, first]
    assert [step["place"] for step in history] == [2, 1]
    assert history[-1]["mu"] == pytest.approx(expected[ann].mu)


def test_a_players_ratings_carry_their_history_by_ruleset(api: Api) -> None:
    ann, bob = api.player("Ann"), api.player("Bob")
    games = [_played(api, [ann, bob], [3, 1]), _played(api, [ann, bob], [3, 1])]

    body = api.client.get(f"/api/v1/players/{bob}/ratings").get_json()  # anonymous: public games only count

    (freeform,) = body["items"]
    assert body["player"] == bob and freeform["ruleset"] == "freeform" and freeform["games"] == 2
    assert [s["game"] for s in freeform["history"]] == games
    assert freeform["history"][0]["rating"] > freeform["history"][1]["rating"]  # two losses: lower each time
    assert freeform["rating"] == freeform["history"][-1]["rating"]


def test_games_that_do_not_rank_every_named_player_are_not_rated(api: Api) -> None:
    ann, bob = api.player("Ann"), api.player("Bob")
    _end(api, _game(api, [ann, bob], visibility="private"), [3, 1])  # a rating would show a private result
    _end(api, _game(api, [ann, None]), [3, 1])  # a seat without a player
    _end(api, _game(api, [ann, ann]), [3, 1])  # one player in two seats
    _game(api, [ann, bob])  # still being played
    winners_only = _game(api, [ann, bob])
    assert api.act(winners_only, type="end_game", seat=None, data={"winners": ["s0"]}).status_code == 201

    assert _board(api)["items"] == []
    assert api.client.get(f"/api/v1/players/{ann}/ratings").get_json()["items"] == []


def test_a_new_ending_moves_the_ratings_at_the_next_read(api: Api) -> None:
    ann, bob = api.player("Ann"), api.player("Bob")
    _played(api, [ann, bob], [3, 1])
    before = {i["player"]: i["games"] for i in _board(api)["items"]}

    _played(api, [ann, bob], [1, 3])

    assert before == {ann: 1, bob: 1}
    assert {i["player"]: i["games"] for i in _board(api)["items"]} == {ann: 2, bob: 2}


def test_anonymous_callers_see_only_the_names_a_public_tournament_shows(any_api: Api) -> None:
    ann, bob = any_api.player("Ann"), any_api.player("Bob")
    _played(any_api, [ann, bob], [3, 1])
    created = any_api.client.post(
        "/api/v1/tournaments",
        json={"name": "Open", "ruleset": "freeform", "table_size": 4, "rounds": 1},
        headers=any_api.headers("organiser"),
    ).get_json()
    entered = any_api.client.post(
        f"/api/v1/tournaments/{created['id']}/players", json={"player": ann}, headers=any_api.headers("organiser")
    )
    assert entered.status_code == 201, entered.get_json()

    anonymous = {i["player"]: i["name"] for i in _board(any_api, role=None)["items"]}
    viewer = {i["player"]: i["name"] for i in _board(any_api, role="viewer")["items"]}

    assert anonymous == {ann: "Ann", bob: None}
    assert viewer == {ann: "Ann", bob: "Bob"}


def test_the_leaderboard_pages_with_a_cursor(api: Api) -> None:
    ann, bob, cid = api.player("Ann"), api.player("Bob"), api.player("Cid")
    _played(api, [ann, bob, cid], [9, 5, 1])

    first = _board(api, query="&limit=2")
    rest = _board(api, query=f"&limit=2&after={first['next']}")

    assert [i["player"] for i in first["items"]] == [ann, bob] and [i["rank"] for i in rest["items"]] == [3]
    assert [i["player"] for i in rest["items"]] == [cid] and rest["next"] is None


def test_an_unknown_ruleset_is_422_naming_the_field_and_a_missing_one_400(api: Api) -> None:
    unknown = assert_problem(api.client.get("/api/v1/ratings?ruleset=chess"), 422)
    missing = assert_problem(api.client.get("/api/v1/ratings"), 400)

    assert "ruleset" in unknown["errors"] and "chess" in unknown["detail"]
    assert "ruleset" in missing["errors"]


def test_an_unknown_player_is_404(api: Api) -> None:
    assert_problem(api.client.get("/api/v1/players/no-such-player/ratings"), 404)


def test_ratings_are_kept_while_the_log_stands_and_computed_again_when_it_moves(api: Api) -> None:
    ann, bob = api.player("Ann"), api.player("Bob")
    _played(api, [ann, bob], [3, 1])
    first = api.services.ratings.current(api.services)

    same = api.services.ratings.current(api.services)
    open_game = _game(api, [ann, bob])  # the head moves; nothing rated changes
    after = api.services.ratings.current(api.services)

    assert same is first
    assert after is not first and after.head > first.head and after.by_key == first.by_key
    assert open_game not in {s.game for r in after.by_key.values() for s in r.history}


def test_a_game_whose_stored_log_no_longer_reads_is_left_out_not_every_reader_refused(api: Api) -> None:
    """One game's log edited behind the store's back (tamper evidence reports it on that game) must not make the
    whole leaderboard an error: the game is left out, the others still count, and the operator is told in the log."""
    from sqlalchemy import text

    ann, bob, cid = api.player("Ann"), api.player("Bob"), api.player("Cid")
    broken = _played(api, [ann, bob], [9, 1])
    _played(api, [bob, cid], [9, 1])
    with api.services.engine.begin() as conn:
        conn.execute(text("DROP TRIGGER IF EXISTS events_refuse_update"))
        conn.execute(
            text("UPDATE events SET data = 'not json' WHERE stream_id = :s AND version = 1"), {"s": f"game:{broken}"}
        )

    items = _board(api)["items"]

    expected = _expected([([bob, cid], [1, 2])])
    assert {i["player"]: i["games"] for i in items} == {bob: 1, cid: 1}
    assert next(i for i in items if i["player"] == bob)["mu"] == pytest.approx(expected[bob].mu)
