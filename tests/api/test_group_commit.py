"""Group commit through the API (issue 19, point 1): actions that commit in one batch get their own answers,
a 412 for the one that lost its If-Match to an earlier action of the same batch, a 201 for the others."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import stored_events
from tests.conftest import Api
from tests.service.store.batching import Batch


def _post(api: Api, game: str, n: int, **headers: str) -> Any:
    client = api.app.test_client()  # one per thread
    body = {"type": "move", "seat": "red", "data": {"n": n}}
    return client.post(f"/api/v1/games/{game}/actions", json=body, headers={**api.headers(), **headers})


def test_each_action_of_a_batch_gets_its_own_answer_when_one_loses_its_if_match_to_another(api: Api) -> None:
    first, second = api.create_game()["id"], api.create_game()["id"]
    batch = Batch(api.services.store)
    batch.queue(lambda: _post(api, first, 1, **{"If-Match": '"1"'}))
    batch.queue(lambda: _post(api, first, 2, **{"If-Match": '"1"'}))  # decided on version 1 as well
    batch.queue(lambda: _post(api, second, 3))

    accepted, stale, other = batch.commit()

    assert (accepted.status_code, stale.status_code, other.status_code) == (201, 412, 201)
    assert stale.get_json()["current_version"] == 2  # the version the action before it in the batch reached
    assert [e["data"]["data"]["n"] for e in stored_events(api, first)[1:]] == [1]
    assert [e["data"]["data"]["n"] for e in stored_events(api, second)[1:]] == [3]
    answered = [accepted.get_json()["events"][0]["hash"], other.get_json()["events"][0]["hash"]]
    assert answered == [stored_events(api, first)[-1]["hash"], stored_events(api, second)[-1]["hash"]]
    assert api.services.store.verify(f"game:{first}").ok
