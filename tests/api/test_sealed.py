"""Sealed submissions (DESIGN §7): only commitments until the last seat seals, then a checkable reveal."""

from __future__ import annotations

import json
from typing import Any

from domain.commitments import verify_commitment
from tests.api.conftest import SHA256_HEX, assert_problem, assert_refused, bearer, stored_events, total_events
from tests.conftest import Api

SECRET = {"bid": 3, "note": "zanzibar-7731"}
OTHER_SECRET = {"bid": 1, "note": "quokka-2208"}


def _seal(api: Api, game_id: str, seat: str, payload: Any, round_id: str = "bids", **headers: str) -> Any:
    return api.client.post(
        f"/api/v1/games/{game_id}/sealed",
        json={"seat": seat, "round": round_id, "payload": payload},
        headers={**api.headers(), **headers},
    )


def _open(api: Api, game_id: str, round_id: str = "bids", **data: Any) -> None:
    response = api.act(game_id, type="open_sealed", data={"round": round_id, **data})
    assert response.status_code == 201, response.get_json()


def _every_view_and_log(api: Api, game_id: str) -> list[str]:
    """The text of every way a client can read the game: resource, events (JSON and NDJSON), each view."""
    base = f"/api/v1/games/{game_id}"
    texts = [
        api.client.get(base).get_data(as_text=True),
        api.client.get(f"{base}/events", headers={"Accept": "application/json"}).get_data(as_text=True),
        api.client.get(f"{base}/events", headers={"Accept": "application/x-ndjson"}).get_data(as_text=True),
    ]
    for viewer in ("spectator", "red", "blue", "arbiter"):
        response = api.client.get(f"{base}/state?as={viewer}", headers=api.headers("admin"))
        assert response.status_code == 200, (viewer, response.get_json())
        texts.append(response.get_data(as_text=True))
    return texts


def test_only_the_commitment_is_logged_when_the_first_seat_seals(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    _open(any_api, game)

    response = _seal(any_api, game, "red", SECRET)

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert SHA256_HEX.match(body["commitment"])
    assert body["revealed"] is False
    assert verify_commitment(body["commitment"], SECRET, body["salt"])
    [event] = body["events"]
    assert event["type"] == "SubmissionSealed"
    assert event["data"] == {"round": "bids", "seat": "red", "commitment": body["commitment"]}
    for text in _every_view_and_log(any_api, game):
        assert "zanzibar-7731" not in text
        assert body["salt"] not in text


def test_blue_sees_that_red_sealed_but_not_what_when_red_sealed(api: Api) -> None:
    alice, bob = api.player("Alice"), api.player("Bob")
    game = api.create_game(seats=[{"seat": "red", "player": alice}, {"seat": "blue", "player": bob}])["id"]
    _open(api, game)
    _seal(api, game, "red", SECRET)

    response = api.client.get(f"/api/v1/games/{game}/state?as=blue", headers=bearer(api.token_for_player(bob)))

    assert response.status_code == 200
    assert "zanzibar-7731" not in response.get_data(as_text=True)
    rounds = response.get_json()["state"]["meta"]["sealed_rounds"]
    assert rounds["bids"]["sealed"] == ["red"]


def test_reveal_follows_in_the_same_response_when_the_last_seat_seals(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    _open(any_api, game)
    first = _seal(any_api, game, "red", SECRET).get_json()

    response = _seal(any_api, game, "blue", OTHER_SECRET)

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["revealed"] is True
    assert [e["type"] for e in body["events"]] == ["SubmissionSealed", "SubmissionsRevealed"]
    assert response.headers["ETag"] == f'"{body["version"]}"'
    revealed = body["events"][1]["data"]
    assert revealed["round"] == "bids"
    assert {seat: s["payload"] for seat, s in revealed["submissions"].items()} == {"red": SECRET, "blue": OTHER_SECRET}
    assert revealed["submissions"]["red"]["salt"] == first["salt"]


def test_every_revealed_payload_matches_its_commitment_when_the_round_is_revealed(any_api: Api) -> None:
    game = any_api.create_game(seats=[{"seat": "red"}, {"seat": "blue"}, {"seat": "green"}])["id"]
    _open(any_api, game)
    for seat, payload in (("red", SECRET), ("blue", OTHER_SECRET), ("green", [1, "ß", None])):
        assert _seal(any_api, game, seat, payload).status_code == 201

    events = stored_events(any_api, game)

    commitments = {e["data"]["seat"]: e["data"]["commitment"] for e in events if e["type"] == "SubmissionSealed"}
    [revealed] = [e["data"] for e in events if e["type"] == "SubmissionsRevealed"]
    assert set(revealed["submissions"]) == set(commitments) == {"red", "blue", "green"}
    for seat, submission in revealed["submissions"].items():
        assert verify_commitment(commitments[seat], submission["payload"], submission["salt"]), seat


def test_422_citing_core_seal_1_and_nothing_written_when_a_seat_seals_twice(any_api: Api) -> None:
    game = any_api.create_game(seats=[{"seat": "red"}, {"seat": "blue"}])["id"]
    _open(any_api, game)
    _seal(any_api, game, "red", SECRET)
    before = total_events(any_api)

    response = _seal(any_api, game, "red", OTHER_SECRET)

    assert_refused(response, "CORE-SEAL-1")
    assert total_events(any_api) == before


def test_422_citing_core_seal_1_when_the_round_is_not_open(api: Api) -> None:
    game = api.create_game()["id"]
    _open(api, game)
    before = total_events(api)

    response = _seal(api, game, "red", SECRET, round_id="no-such-round")

    assert_refused(response, "CORE-SEAL-1")
    assert total_events(api) == before


def test_422_citing_core_seal_1_when_the_seat_is_not_in_the_round(api: Api) -> None:
    game = api.create_game(seats=[{"seat": "red"}, {"seat": "blue"}, {"seat": "green"}])["id"]
    _open(api, game, seats=["red", "blue"])

    assert_refused(_seal(api, game, "green", SECRET), "CORE-SEAL-1")


def test_422_citing_core_seal_1_when_the_round_was_already_revealed(api: Api) -> None:
    game = api.create_game(seats=[{"seat": "red"}])["id"]
    _open(api, game)
    assert _seal(api, game, "red", SECRET).get_json()["revealed"] is True

    assert_refused(_seal(api, game, "red", OTHER_SECRET), "CORE-SEAL-1")


def test_403_when_a_player_seals_for_another_seat(api: Api) -> None:
    alice, bob = api.player("Alice"), api.player("Bob")
    game = api.create_game(seats=[{"seat": "red", "player": alice}, {"seat": "blue", "player": bob}])["id"]
    _open(api, game)
    before = total_events(api)

    response = api.client.post(
        f"/api/v1/games/{game}/sealed",
        json={"seat": "blue", "round": "bids", "payload": SECRET},
        headers=bearer(api.token_for_player(alice)),
    )

    assert_problem(response, 403)
    assert total_events(api) == before


def test_player_may_seal_when_sealing_for_its_own_seat(api: Api) -> None:
    alice = api.player("Alice")
    game = api.create_game(seats=[{"seat": "red", "player": alice}, {"seat": "blue"}])["id"]
    _open(api, game)

    response = api.client.post(
        f"/api/v1/games/{game}/sealed",
        json={"seat": "red", "round": "bids", "payload": SECRET},
        headers=bearer(api.token_for_player(alice)),
    )

    assert response.status_code == 201, response.get_json()
    assert stored_events(api, game)[-1]["metadata"]["player"] == alice


def test_same_commitment_and_salt_when_a_seal_is_retried_with_its_idempotency_key(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    _open(any_api, game)
    answered = _seal(any_api, game, "red", SECRET, **{"Idempotency-Key": "seal-red"})
    first = answered.get_json()
    before = total_events(any_api)

    again = _seal(any_api, game, "red", SECRET, **{"Idempotency-Key": "seal-red"})

    assert again.status_code == 201, again.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    body = again.get_json()
    assert (body["commitment"], body["salt"], body["version"]) == (first["commitment"], first["salt"], first["version"])
    assert again.get_data() == answered.get_data()
    assert total_events(any_api) == before


def test_412_when_sealing_with_a_stale_if_match(api: Api) -> None:
    game = api.create_game()["id"]
    _open(api, game)
    before = total_events(api)

    response = _seal(api, game, "red", SECRET, **{"If-Match": '"1"'})

    assert assert_problem(response, 412)["current_version"] == 2
    assert total_events(api) == before


def test_400_naming_the_fields_when_the_sealed_body_is_incomplete(api: Api) -> None:
    game = api.create_game()["id"]

    response = api.client.post(f"/api/v1/games/{game}/sealed", json={"seat": "red"}, headers=api.headers())

    problem = assert_problem(response, 400)
    assert {"round", "payload"} <= set(problem["errors"])


def test_payload_stays_out_of_the_log_when_a_later_action_is_recorded(api: Api) -> None:
    game = api.create_game()["id"]
    _open(api, game)
    _seal(api, game, "red", SECRET)

    api.act(game, type="note", seat="blue", data={"text": "thinking"})

    assert "zanzibar-7731" not in json.dumps(stored_events(api, game))
