"""Writers racing on one game: optimistic concurrency (412), retries, and idempotency keys under a race."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from domain.commitments import verify_commitment
from tests.api.conftest import stored_events, total_events
from tests.conftest import Api

WRITERS = 5  # at most RETRIES (service.games): every writer then wins within its retries
TIMEOUT = 60.0


def _race(api: Api, calls: list[Callable[[Any], Any]]) -> list[Any]:
    """Run each call with its own test client, all released at once; their responses in call order."""
    start = threading.Barrier(len(calls))

    def run(call: Callable[[Any], Any]) -> Any:
        client = api.app.test_client()
        start.wait(TIMEOUT)
        return call(client)

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        futures = [pool.submit(run, call) for call in calls]
        return [f.result(TIMEOUT) for f in futures]


def _poster(api: Api, path: str, body: dict[str, Any], **headers: str) -> Callable[[Any], Any]:
    return lambda client: client.post(path, json=body, headers={**api.headers(), **headers})


def test_exactly_one_write_when_writers_race_at_the_same_if_match(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    path = f"/api/v1/games/{game}/actions"

    responses = _race(
        any_api,
        [
            _poster(any_api, path, {"type": "move", "seat": "red", "data": {"n": n}}, **{"If-Match": '"1"'})
            for n in range(WRITERS)
        ],
    )

    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201] + [412] * (WRITERS - 1)
    assert all(r.get_json()["current_version"] == 2 for r in responses if r.status_code == 412)
    assert len(stored_events(any_api, game)) == 2


def test_every_write_lands_once_in_order_when_writers_race_without_if_match(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    path = f"/api/v1/games/{game}/actions"

    responses = _race(
        any_api, [_poster(any_api, path, {"type": "move", "seat": "red", "data": {"n": n}}) for n in range(WRITERS)]
    )

    assert [r.status_code for r in responses] == [201] * WRITERS, [r.get_json() for r in responses]
    assert sorted(r.get_json()["version"] for r in responses) == list(range(2, WRITERS + 2))
    events = stored_events(any_api, game)
    assert [e["version"] for e in events] == list(range(1, WRITERS + 2))
    assert sorted(e["data"]["data"]["n"] for e in events[1:]) == list(range(WRITERS))
    counts = any_api.client.get(f"/api/v1/games/{game}/state").get_json()["state"]["rules"]["counts"]
    assert counts == {"move": WRITERS}
    assert any_api.client.get(f"/api/v1/games/{game}/verify").get_json()["ok"] is True


def test_one_write_and_one_answer_when_the_same_idempotency_key_races(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    before = total_events(any_api)
    call = _poster(
        any_api,
        f"/api/v1/games/{game}/actions",
        {"type": "roll", "seat": "red", "data": {"count": 4}},
        **{"Idempotency-Key": "double-click"},
    )

    responses = _race(any_api, [call] * WRITERS)

    assert [r.status_code for r in responses] == [201] * WRITERS, [r.get_json() for r in responses]
    answers = {(r.get_json()["version"], r.get_json()["events"][0]["hash"]) for r in responses}
    assert len(answers) == 1
    assert total_events(any_api) == before + 1


def test_every_answer_matches_the_logged_commitment_when_the_same_seal_races(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    assert any_api.act(game, type="open_sealed", data={"round": "bids"}).status_code == 201
    before = total_events(any_api)
    call = _poster(
        any_api,
        f"/api/v1/games/{game}/sealed",
        {"seat": "red", "round": "bids", "payload": {"bid": 4}},
        **{"Idempotency-Key": "seal-once"},
    )

    responses = _race(any_api, [call] * WRITERS)

    assert [r.status_code for r in responses] == [201] * WRITERS, [r.get_json() for r in responses]
    assert total_events(any_api) == before + 1
    [logged] = [e["data"]["commitment"] for e in stored_events(any_api, game) if e["type"] == "SubmissionSealed"]
    for response in responses:
        body = response.get_json()
        assert body["commitment"] == logged
        assert verify_commitment(logged, {"bid": 4}, body["salt"])
    arbiter = any_api.client.get(f"/api/v1/games/{game}/state?as=arbiter", headers=any_api.headers()).get_json()
    assert arbiter["state"]["meta"]["sealed"]["bids"]["commitments"] == {"red": logged}


def test_the_recorded_answer_not_a_refusal_when_a_retry_races_its_first_attempt(any_api: Api) -> None:
    """A retry decided after its first attempt was recorded would break CORE-DICE-3; it must replay instead."""
    game = any_api.create_game()["id"]
    call = _poster(
        any_api,
        f"/api/v1/games/{game}/actions",
        {"type": "add_client_seed", "seat": "red", "data": {"client_seed": "lucky-7"}},
        **{"Idempotency-Key": "seed-red"},
    )

    responses = _race(any_api, [call] * WRITERS)

    assert [r.status_code for r in responses] == [201] * WRITERS, [r.get_json() for r in responses]
    assert {r.get_json()["events"][0]["hash"] for r in responses} == {stored_events(any_api, game)[1]["hash"]}
    assert len(stored_events(any_api, game)) == 2
