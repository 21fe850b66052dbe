"""POST /api/v1/games: creation, validation (400), inapplicable requests (422), boards, idempotency."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from domain.boards import board_id
from tests.api.conftest import RFC3339_UTC, SHA256_HEX, assert_problem, stored_events, total_events
from tests.conftest import Api

GAMES = "/api/v1/games"
RIVER_BOARD: dict[str, Any] = {
    "name": "River crossing",
    "areas": [{"id": "north-bank"}, {"id": "ford"}, {"id": "south-bank"}],
    "edges": [{"a": "north-bank", "b": "ford"}, {"a": "ford", "b": "south-bank", "kind": "river"}],
}


def _post(api: Api, body: Any, role: str = "admin", **headers: str) -> Any:
    return api.client.post(GAMES, json=body, headers=api.headers(role, **headers))


def test_201_with_location_etag_and_fields_when_game_created(any_api: Api) -> None:
    alice = any_api.player("Alice")
    body: dict[str, object] = {
        "ruleset": "freeform",
        "variant": None,
        "options": {},
        "board": None,
        "seats": [{"seat": "red", "player": alice}, {"seat": "blue"}],
        "mode": "transcript",
        "dice": "server",
        "visibility": "public",
        "title": "Club night, table 3",
    }

    response = _post(any_api, body)

    assert response.status_code == 201
    game = response.get_json()
    assert response.headers["Location"] == f"/api/v1/games/{game['id']}"
    assert response.headers["ETag"] == '"1"'
    assert uuid.UUID(game["id"])
    assert game["version"] == 1
    assert game["ruleset"] == "freeform"
    assert game["title"] == "Club night, table 3"
    assert game["seats"] == [
        {"seat": "red", "player": alice, "name": "red"},
        {"seat": "blue", "player": None, "name": "blue"},
    ]
    assert game["mode"] == "transcript"
    assert game["dice"] == "server"
    assert game["visibility"] == "public"
    assert game["status"] == "active"
    assert game["board"] is None
    assert SHA256_HEX.match(game["dice_commitment"])
    assert RFC3339_UTC.match(game["created_at"])
    events = stored_events(any_api, game["id"])
    assert [e["type"] for e in events] == ["GameCreated"]
    assert game["last_hash"] == events[0]["hash"]


def test_game_is_readable_at_its_location_when_created(any_api: Api) -> None:
    response = _post(any_api, {"ruleset": "freeform", "seats": [{"seat": "red"}]})

    fetched = any_api.client.get(response.headers["Location"])

    assert fetched.status_code == 200
    assert fetched.headers["ETag"] == '"1"'
    assert fetched.get_json() == response.get_json()


def test_defaults_apply_when_optional_fields_are_left_out(api: Api) -> None:
    game = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}]}).get_json()

    assert (game["mode"], game["dice"], game["visibility"]) == ("adjudicated", "server", "public")
    assert game["options"] == {}
    assert game["variant"] is None


def test_no_dice_commitment_when_the_table_rolls(api: Api) -> None:
    game = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}], "dice": "table"}).get_json()

    assert game["dice_commitment"] is None


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"seats": [{"seat": "red"}]}, "ruleset", id="missing-ruleset"),
        pytest.param({"ruleset": "freeform"}, "seats", id="missing-seats"),
        pytest.param({"ruleset": "freeform", "seats": []}, "seats", id="no-seats"),
        pytest.param({"ruleset": "freeform", "seats": [{"seat": "Red Army"}]}, "seats[0].seat", id="bad-seat-id"),
        pytest.param({"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "red"}]}, "seats", id="dup-seats"),
        pytest.param({"ruleset": "freeform", "seats": [{"seat": "red"}], "mode": "casual"}, "mode", id="bad-mode"),
        pytest.param({"ruleset": "freeform", "seats": [{"seat": "red"}], "dice": "loaded"}, "dice", id="bad-dice"),
        pytest.param({"ruleset": "freeform", "seats": [{"seat": "red"}], "colour": "x"}, "colour", id="unknown"),
        pytest.param({"ruleset": "freeform", "seats": [{"seat": "red", "player": "bob"}]}, "seats[0].player", id="pid"),
        pytest.param({"ruleset": "freeform", "seats": [{"seat": "red"}], "board": 42}, "board", id="bad-board-ref"),
    ],
)
def test_400_naming_the_field_when_body_is_invalid(api: Api, body: dict[str, Any], field: str) -> None:
    before = total_events(api)

    response = _post(api, body)

    problem = assert_problem(response, 400)
    assert field in problem["errors"], problem
    assert all(isinstance(m, str) and m for m in problem["errors"][field])
    assert total_events(api) == before


def test_400_naming_the_duplicate_when_seats_repeat(api: Api) -> None:
    response = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}, {"seat": "red"}]})

    problem = assert_problem(response, 400)
    assert "red" in " ".join(problem["errors"]["seats"])


def test_400_when_body_is_not_json(api: Api) -> None:
    response = api.client.post(
        GAMES, data='{"ruleset": "freeform", "seats": [', headers=api.headers(**{"Content-Type": "application/json"})
    )

    problem = assert_problem(response, 400)
    assert "body" in problem["errors"]


def test_400_when_content_type_is_not_json(api: Api) -> None:
    response = api.client.post(
        GAMES,
        data='{"ruleset": "freeform", "seats": [{"seat": "red"}]}',
        headers=api.headers(**{"Content-Type": "text/plain"}),
    )

    problem = assert_problem(response, 400)
    assert "body" in problem["errors"]


def test_400_when_body_is_a_json_array(api: Api) -> None:
    response = api.client.post(GAMES, json=[{"ruleset": "freeform"}], headers=api.headers())

    assert_problem(response, 400)


def test_422_naming_ruleset_when_ruleset_is_unknown(api: Api) -> None:
    before = total_events(api)

    response = _post(api, {"ruleset": "chess", "seats": [{"seat": "white"}]})

    problem = assert_problem(response, 422)
    assert "ruleset" in problem["errors"]
    assert "chess" in problem["detail"]
    assert total_events(api) == before


def test_422_naming_seats_when_a_player_is_unknown(api: Api) -> None:
    stranger = str(uuid.uuid4())

    response = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red", "player": stranger}]})

    problem = assert_problem(response, 422)
    assert any(stranger in message for message in problem["errors"]["seats"])


def test_422_naming_options_when_options_are_given_to_freeform(api: Api) -> None:
    before = total_events(api)

    response = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}], "options": {"turns": 6}})

    problem = assert_problem(response, 422)
    assert any("turns" in message for message in problem["errors"]["options"])
    assert total_events(api) == before


def test_inline_board_is_stored_and_named_by_its_hash_when_valid(api: Api) -> None:
    response = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}], "board": RIVER_BOARD})

    assert response.status_code == 201, response.get_json()
    expected_id = board_id(RIVER_BOARD)
    assert response.get_json()["board"] == expected_id
    stored = api.client.get(f"/api/v1/boards/{expected_id}")
    assert stored.status_code == 200
    assert stored.get_json()["document"] == RIVER_BOARD


def test_400_listing_the_board_errors_when_inline_board_is_invalid(api: Api) -> None:
    broken = {"name": "Broken", "areas": [{"id": "ford"}], "edges": [{"a": "ford", "b": "nowhere"}]}
    before = total_events(api)

    response = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}], "board": broken})

    problem = assert_problem(response, 400)
    assert any("nowhere" in message for message in problem["errors"]["board"])
    assert total_events(api) == before
    assert api.client.get(f"/api/v1/boards/{board_id(broken)}").status_code == 404


def test_game_uses_the_stored_board_when_board_is_given_by_hash(api: Api) -> None:
    uploaded = api.client.post(
        "/api/v1/boards", json={"name": "River crossing", "board": RIVER_BOARD}, headers=api.headers()
    )
    assert uploaded.status_code == 201
    hash_id = uploaded.get_json()["id"]

    response = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}], "board": hash_id})

    assert response.status_code == 201
    assert response.get_json()["board"] == hash_id == board_id(RIVER_BOARD)


def test_422_naming_board_when_board_hash_is_unknown(api: Api) -> None:
    unknown = "ab" * 32

    response = _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}], "board": unknown})

    problem = assert_problem(response, 422)
    assert any(unknown in message for message in problem["errors"]["board"])


def test_same_game_and_nothing_written_when_idempotency_key_is_repeated(any_api: Api) -> None:
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}], "title": "retry me"}
    first = _post(any_api, body, **{"Idempotency-Key": "create-1"})
    after_first = total_events(any_api)

    again = _post(any_api, body, **{"Idempotency-Key": "create-1"})

    assert first.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert again.headers["Location"] == first.headers["Location"]
    assert total_events(any_api) == after_first


def test_the_game_as_created_when_the_create_is_retried_after_the_game_moved_on(api: Api) -> None:
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}], "title": "retry me later"}
    first = _post(api, body, **{"Idempotency-Key": "create-3"})
    api.act(first.get_json()["id"], type="note", seat="red")

    again = _post(api, body, **{"Idempotency-Key": "create-3"})

    assert again.get_data() == first.get_data()
    assert again.get_json()["version"] == 1
    assert again.headers["ETag"] == '"1"'


def test_422_when_idempotency_key_is_reused_for_another_game(any_api: Api) -> None:
    _post(any_api, {"ruleset": "freeform", "seats": [{"seat": "red"}]}, **{"Idempotency-Key": "create-2"})
    before = total_events(any_api)

    response = _post(any_api, {"ruleset": "freeform", "seats": [{"seat": "blue"}]}, **{"Idempotency-Key": "create-2"})

    assert_problem(response, 422, "idempotency-key-reused")
    assert total_events(any_api) == before


def test_two_games_when_the_same_body_is_posted_without_a_key(api: Api) -> None:
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}]}

    first, second = _post(api, body), _post(api, body)

    assert first.get_json()["id"] != second.get_json()["id"]


@pytest.mark.parametrize("role", ["organiser", "admin"])
def test_staff_may_create_games_when_they_hold_a_recorder_role(api: Api, role: str) -> None:
    assert _post(api, {"ruleset": "freeform", "seats": [{"seat": "red"}]}, role=role).status_code == 201


def test_player_token_may_create_a_game_when_it_is_a_player(api: Api) -> None:
    alice = api.player("Alice")
    token = api.token_for_player(alice)

    response = api.client.post(
        GAMES,
        json={"ruleset": "freeform", "seats": [{"seat": "red", "player": alice}]},
        headers={"Authorization": f"Bearer {token}"},
    )

    assert response.status_code == 201
