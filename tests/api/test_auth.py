"""Bearer tokens, roles, seats and the visibility of private games (DESIGN §9)."""

from __future__ import annotations

from typing import Any

import pytest

from service.store import tokens
from tests.api.conftest import assert_problem, bearer, stored_events, total_events
from tests.conftest import Api

GAMES = "/api/v1/games"


@pytest.fixture
def seated(api: Api) -> dict[str, Any]:
    """A private game: Alice holds red, Bob holds blue; Alice's token and an unseated Carol's token."""
    alice, bob, carol = api.player("Alice"), api.player("Bob"), api.player("Carol")
    game = api.create_game(
        seats=[{"seat": "red", "player": alice}, {"seat": "blue", "player": bob}], visibility="private"
    )
    return {
        "game": game["id"],
        "alice": alice,
        "alice_token": api.token_for_player(alice),
        "carol_token": api.token_for_player(carol),
    }


def _write_requests(game_id: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        (GAMES, {"ruleset": "freeform", "seats": [{"seat": "red"}]}),
        (f"{GAMES}/{game_id}/actions", {"type": "note", "seat": "red", "data": {}}),
        (f"{GAMES}/{game_id}/sealed", {"seat": "red", "round": "bids", "payload": 1}),
        ("/api/v1/players", {"name": "Dora"}),
        ("/api/v1/boards", {"name": "Tiny", "board": {"name": "Tiny", "areas": [{"id": "a"}], "edges": []}}),
    ]


def test_401_with_www_authenticate_when_writing_without_a_token(api: Api) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    for path, body in _write_requests(game):
        response = api.client.post(path, json=body)

        assert_problem(response, 401, "unauthorized")
        assert response.headers["WWW-Authenticate"].startswith("Bearer"), path
    assert total_events(api) == before


@pytest.mark.parametrize("body", [{}, {"seats": "all of them"}, [1, 2]])
def test_401_before_any_validation_when_writing_a_malformed_body_without_a_token(api: Api, body: Any) -> None:
    """Authentication comes first: an anonymous write learns nothing from validation messages."""
    game = api.create_game()["id"]

    for path, _ in _write_requests(game):
        response = api.client.post(path, json=body)

        assert_problem(response, 401)
        assert "WWW-Authenticate" in response.headers


def test_401_not_404_when_writing_to_a_private_game_without_a_token(api: Api, seated: dict[str, Any]) -> None:
    response = api.client.post(f"{GAMES}/{seated['game']}/actions", json={"type": "note", "seat": "red"})

    assert_problem(response, 401)


def test_403_before_any_validation_when_a_viewer_writes_a_malformed_body(api: Api) -> None:
    game = api.create_game()["id"]

    for path, _ in _write_requests(game):
        assert_problem(api.client.post(path, json={}, headers=api.headers("viewer")), 403)


@pytest.mark.parametrize("header", ["Bearer not-a-real-token", "Bearer ", "Basic YWRtaW46YWRtaW4=", "token"])
def test_401_when_the_authorization_header_is_not_a_known_bearer_token(api: Api, header: str) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    response = api.client.post(
        f"{GAMES}/{game}/actions", json={"type": "note", "seat": "red"}, headers={"Authorization": header}
    )

    assert_problem(response, 401, "unauthorized")
    assert "WWW-Authenticate" in response.headers
    assert total_events(api) == before


@pytest.mark.parametrize(
    "path", ["/api/v1/rulesets", "/api/v1/boards", "/api/v1/rulesets/freeform/actions", "/api/v1/annotations/glyphs"]
)
def test_401_when_a_public_read_carries_an_unknown_token(api: Api, path: str) -> None:
    # The token is dead: a client learns it on its first call, not when it first writes.
    assert api.client.get(path).status_code == 200
    assert_problem(api.client.get(path, headers={"Authorization": "Bearer not-a-real-token"}), 401, "unauthorized")
    assert api.client.get(path, headers=api.headers("viewer")).status_code == 200


def test_401_when_a_revoked_token_is_used(api: Api) -> None:
    game = api.create_game()["id"]
    record = tokens.find(api.services.engine, api.tokens["organiser"], "2026-01-01T00:00:00Z")
    assert record is not None
    tokens.revoke(api.services.engine, record.id, "2026-01-02T00:00:00Z")

    response = api.act(game, "organiser", type="note", seat="red")

    assert_problem(response, 401)


def test_403_when_a_viewer_token_writes(api: Api) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    for path, body in _write_requests(game):
        response = api.client.post(path, json=body, headers=api.headers("viewer"))

        assert_problem(response, 403, "forbidden")
    assert total_events(api) == before


def test_403_when_an_arbiter_creates_a_game(api: Api) -> None:
    response = api.client.post(
        GAMES, json={"ruleset": "freeform", "seats": [{"seat": "red"}]}, headers=api.headers("arbiter")
    )

    assert_problem(response, 403)


def test_403_when_a_player_acts_for_a_seat_it_does_not_hold(api: Api, seated: dict[str, Any]) -> None:
    before = total_events(api)

    response = api.act(seated["game"], None, bearer(seated["alice_token"]), type="note", seat="blue")

    assert_problem(response, 403, "forbidden")
    assert total_events(api) == before


def test_event_metadata_names_the_player_when_a_player_acts_for_its_seat(api: Api, seated: dict[str, Any]) -> None:
    response = api.act(seated["game"], None, bearer(seated["alice_token"]), type="note", seat="red")

    assert response.status_code == 201, response.get_json()
    recorded = stored_events(api, seated["game"])[-1]
    token = tokens.find(api.services.engine, seated["alice_token"], "2026-01-01T00:00:00Z")
    assert token is not None
    assert recorded["metadata"]["player"] == seated["alice"]
    assert recorded["metadata"]["actor"] == token.id
    assert recorded["metadata"]["role"] == "player"
    assert recorded["data"]["seat"] == "red"


@pytest.mark.parametrize("seat", ["red", "blue", None])
def test_organiser_may_act_when_acting_for_any_seat_or_none(api: Api, seated: dict[str, Any], seat: str | None) -> None:
    response = api.act(seated["game"], "organiser", type="note", seat=seat)

    assert response.status_code == 201, response.get_json()
    recorded = stored_events(api, seated["game"])[-1]
    assert recorded["data"]["seat"] == seat
    assert recorded["metadata"]["role"] == "organiser"
    assert "player" not in recorded["metadata"]


def _reads(game_id: str) -> list[str]:
    return [f"{GAMES}/{game_id}", f"{GAMES}/{game_id}/events", f"{GAMES}/{game_id}/state", f"{GAMES}/{game_id}/verify"]


def test_404_when_anonymous_reads_a_private_game(api: Api, seated: dict[str, Any]) -> None:
    for path in _reads(seated["game"]):
        assert_problem(api.client.get(path, headers={"Accept": "application/json"}), 404, "game-not-found")


def test_404_when_an_unseated_player_reads_a_private_game(api: Api, seated: dict[str, Any]) -> None:
    for path in _reads(seated["game"]):
        response = api.client.get(path, headers={"Accept": "application/json", **bearer(seated["carol_token"])})

        assert_problem(response, 404, "game-not-found")


def test_404_when_an_unseated_player_acts_in_a_private_game(api: Api, seated: dict[str, Any]) -> None:
    response = api.act(seated["game"], None, bearer(seated["carol_token"]), type="note", seat="red")

    assert_problem(response, 404)


def test_private_game_is_readable_when_the_player_holds_a_seat(api: Api, seated: dict[str, Any]) -> None:
    for path in _reads(seated["game"]):
        response = api.client.get(path, headers={"Accept": "application/json", **bearer(seated["alice_token"])})

        assert response.status_code == 200, (path, response.get_json())


@pytest.mark.parametrize("role", ["viewer", "arbiter", "organiser", "admin"])
def test_private_game_is_readable_when_the_token_is_staff_or_viewer(
    api: Api, seated: dict[str, Any], role: str
) -> None:
    for path in _reads(seated["game"]):
        response = api.client.get(path, headers=api.headers(role, Accept="application/json"))

        assert response.status_code == 200, (path, response.get_json())


def test_public_game_is_readable_when_anonymous(api: Api) -> None:
    game = api.create_game(visibility="public")["id"]
    api.act(game, type="note", seat="red")

    for path in _reads(game):
        response = api.client.get(path, headers={"Accept": "application/json"})

        assert response.status_code == 200, (path, response.get_json())


def test_private_game_is_left_out_when_anonymous_lists_games(api: Api, seated: dict[str, Any]) -> None:
    public = api.create_game(visibility="public")["id"]

    listed = [g["id"] for g in api.client.get(GAMES).get_json()["items"]]

    assert public in listed
    assert seated["game"] not in listed


def test_private_game_is_listed_when_the_player_holds_a_seat(api: Api, seated: dict[str, Any]) -> None:
    mine = [g["id"] for g in api.client.get(GAMES, headers=bearer(seated["alice_token"])).get_json()["items"]]
    others = [g["id"] for g in api.client.get(GAMES, headers=bearer(seated["carol_token"])).get_json()["items"]]

    assert seated["game"] in mine
    assert seated["game"] not in others


def test_403_when_a_player_asks_for_another_seats_view(api: Api, seated: dict[str, Any]) -> None:
    response = api.client.get(f"{GAMES}/{seated['game']}/state?as=blue", headers=bearer(seated["alice_token"]))

    assert_problem(response, 403)


def test_own_seat_view_when_a_player_asks_for_its_seat(api: Api, seated: dict[str, Any]) -> None:
    response = api.client.get(f"{GAMES}/{seated['game']}/state?as=red", headers=bearer(seated["alice_token"]))

    assert response.status_code == 200
    assert response.get_json()["viewer"] == "red"
