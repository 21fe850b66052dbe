"""A game that moves on between an action's decision and its commit (issue 19, point 3).

Loading and deciding run in the request's own thread, outside the writer; the writer checks only that
the stream is still at the version the decision was made on. When another append got in between, the
action is loaded and decided again against the game as it now is (its rules may now refuse it), unless
the client named the version it expected (If-Match): that client is answered 412, as it asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from service.errors import WrongExpectedVersion
from service.store.events import EventDraft, EventStore
from tests.api.conftest import assert_refused, stored_events
from tests.conftest import Api


def _intrude_once(api: Api, monkeypatch: pytest.MonkeyPatch, game: str, intruder: dict[str, Any]) -> list[int]:
    """Make the game's next append meet `intruder`, recorded over HTTP after that append's decision was
    taken and before the writer checks its version; the versions every append to the game expected."""
    store = api.services.store
    appended: Callable[..., Any] = store.append
    expected: list[int] = []

    def append(stream_id: str, expected_version: int | None, *args: Any, **kwargs: Any) -> Any:
        if stream_id == f"game:{game}":
            expected.append(-1 if expected_version is None else expected_version)
            if len(expected) == 1:
                answered = api.app.test_client().post(
                    f"/api/v1/games/{game}/actions", json=intruder, headers=api.headers()
                )
                assert answered.status_code == 201, answered.get_json()
        return appended(stream_id, expected_version, *args, **kwargs)

    monkeypatch.setattr(store, "append", append)
    return expected


def test_an_action_decided_on_a_version_that_moved_on_is_decided_again_and_recorded_after_it(
    any_api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = any_api.create_game()["id"]
    expected = _intrude_once(any_api, monkeypatch, game, {"type": "move", "seat": "blue", "data": {"n": 1}})

    response = any_api.act(game, type="move", seat="red", data={"n": 2})

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["version"] == 3  # after the intruder's version 2
    # decided on version 1, met the intruder (its own append expected 1 as well), decided again on 2
    assert expected == [1, 1, 2]
    assert [e["data"]["seat"] for e in stored_events(any_api, game)[1:]] == ["blue", "red"]
    counts = any_api.client.get(f"/api/v1/games/{game}/state").get_json()["state"]["rules"]["counts"]
    assert counts == {"move": 2}
    assert any_api.client.get(f"/api/v1/games/{game}/verify").get_json()["ok"] is True


def test_the_second_decision_applies_the_rules_to_the_game_as_it_now_is(
    any_api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CORE-GAME-1: "No action is recorded in a game that has ended." The game ended in between."""
    game = any_api.create_game()["id"]
    _intrude_once(any_api, monkeypatch, game, {"type": "end_game", "data": {"winners": ["blue"]}})

    response = any_api.act(game, type="move", seat="red")

    assert_refused(response, "CORE-GAME-1")
    # the intruder's end and the server-dice seed revealed with it; no action after them
    assert [e["type"] for e in stored_events(any_api, game)][1:] == ["GameEnded", "DiceSeedRevealed"]


def test_a_client_that_named_its_expected_version_is_answered_412_not_decided_again(
    any_api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = any_api.create_game()["id"]
    expected = _intrude_once(any_api, monkeypatch, game, {"type": "move", "seat": "blue"})

    response = any_api.act(game, type="move", seat="red", headers={"If-Match": '"1"'})

    assert response.status_code == 412, response.get_json()
    assert response.get_json()["current_version"] == 2
    assert expected == [1, 1]  # one decision only: the client's version, not a later one, was the condition
    assert [e["data"]["seat"] for e in stored_events(any_api, game)[1:]] == ["blue"]


def test_the_writer_refuses_a_stale_expected_version_without_deciding_anything(any_api: Api) -> None:
    """The writer's own check: an append at a version the stream has left is refused, nothing written."""
    game = any_api.create_game()["id"]
    assert any_api.act(game, type="move", seat="red").status_code == 201
    store: EventStore = any_api.services.store
    before = store.stream_version(f"game:{game}")

    with pytest.raises(WrongExpectedVersion):
        store.append(f"game:{game}", 1, [EventDraft("Probe", {})])

    assert store.stream_version(f"game:{game}") == before
