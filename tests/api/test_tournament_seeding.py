"""A tournament seeded by rating (`"seeding": "rating"`): round 1 ranks its entrants by rating, the unrated last,
the ratings frozen in its `RoundPaired`, so `check-pairing` re-derives it whatever games end later."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event
from domain.tournaments.state import fold
from service.tournaments.checking import check_rounds
from service.tournaments.projection import tournament_seed
from tests.conftest import Api

BASE = "/api/v1/tournaments"


def _played(api: Api, players: list[str], scores: list[int]) -> None:
    """A public freeform game of these players ended with these scores (CORE-END-1): a rated game."""
    seats = [{"seat": f"s{n}", "player": p} for n, p in enumerate(players)]
    game = api.create_game(seats=seats)["id"]
    data = {"winners": [], "scores": {f"s{n}": score for n, score in enumerate(scores)}}
    assert api.act(game, type="end_game", seat=None, data=data).status_code == 201


def _tournament(api: Api, entrants: list[str], **settings: Any) -> str:
    body = {"name": "Rated Open", "ruleset": "freeform", "table_size": 4, "rounds": 2, **settings}
    created = api.client.post(BASE, json=body, headers=api.headers("organiser"))
    assert created.status_code == 201, created.get_json()
    tid = str(created.get_json()["id"])
    for player in entrants:
        entered = api.client.post(f"{BASE}/{tid}/players", json={"player": player}, headers=api.headers("organiser"))
        assert entered.status_code == 201, entered.get_json()
    return tid


def _pair(api: Api, tid: str) -> dict[str, Any]:
    response = api.client.post(f"{BASE}/{tid}/rounds", json={}, headers=api.headers("organiser"))
    assert response.status_code == 201, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def _events(api: Api, tid: str) -> list[Event]:
    return [Event(e.type, e.data) for e in api.services.store.read(f"tournament:{tid}")]


def _field(api: Api) -> tuple[list[str], list[str]]:
    """Four players rated by one game (best first) and four who never played a rated game."""
    rated = [api.player(f"Rated {n}") for n in range(4)]
    _played(api, rated, [40, 30, 20, 10])
    return rated, [api.player(f"New {n}") for n in range(4)]


def test_round_one_of_a_rating_seeded_tournament_ranks_by_rating_with_the_unrated_last(api: Api) -> None:
    rated, unrated = _field(api)
    board = api.client.get("/api/v1/ratings?ruleset=freeform", headers=api.headers()).get_json()["items"]
    tid = _tournament(api, unrated + rated, seeding="rating")

    plan = _pair(api, tid)

    assert plan["ranking"][:4] == rated  # 1st to 4th of the rated game, by rating
    assert sorted(plan["ranking"][4:]) == sorted(unrated)
    assert set(plan["tables"][0]["players"]) == set(rated)
    assert plan["ratings"] == {**{i["player"]: round(i["rating"], 6) for i in board}, **dict.fromkeys(unrated)}


def test_a_seeded_round_re_derives_from_its_frozen_ratings_after_later_games(api: Api) -> None:
    rated, unrated = _field(api)
    tid = _tournament(api, rated + unrated, seeding="rating")
    _pair(api, tid)
    _played(api, [*reversed(rated)], [40, 30, 20, 10])  # the ratings change after the round was published
    _played(api, [*reversed(rated)], [40, 30, 20, 10])
    events = _events(api, tid)
    seed = tournament_seed(api.services.engine, tid, fold(events))

    (check,) = check_rounds(events, seed)
    paired = next(e for e in events if e.type == "RoundPaired")
    swapped = {**dict.fromkeys(rated), **dict.fromkeys(unrated, 99.0)}  # as if the new players were the best
    (forged,) = check_rounds(
        [e if e is not paired else Event(e.type, {**e.data, "ratings": swapped}) for e in events], seed
    )

    assert check.same, check.differences
    assert not forged.same  # the re-derivation reads the ratings the round recorded


def test_a_tournament_not_seeded_by_rating_pairs_round_one_by_the_draw_alone(api: Api) -> None:
    rated, unrated = _field(api)
    tid = _tournament(api, rated + unrated)

    plan = _pair(api, tid)
    tournament = api.client.get(f"{BASE}/{tid}", headers=api.headers()).get_json()

    assert "ratings" not in plan and "seeding" not in tournament["settings"]
    (check,) = check_rounds(_events(api, tid), tournament_seed(api.services.engine, tid, fold(_events(api, tid))))
    assert check.same


def test_an_unknown_seeding_is_400_naming_the_field(api: Api) -> None:
    body = {"name": "Rated Open", "ruleset": "freeform", "table_size": 4, "rounds": 2, "seeding": "elo"}
    response = api.client.post(BASE, json=body, headers=api.headers("organiser"))

    assert response.status_code == 400 and "seeding" in response.get_json()["errors"]
