"""The universal `adjust` action (DESIGN §4): arbiter or recorder only, with a reason, recorded as StateAdjusted."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import assert_problem, assert_refused, stored_events, total_events
from tests.conftest import Api

# FF-POSITION-2 (CORE-ADJUST-3): the action count follows the counts, so both are adjusted.
SET_MOVES = [{"op": "set", "path": "/counts/move", "value": 5}, {"op": "set", "path": "/actions", "value": 5}]


def _counts(api: Api, game_id: str, at: int | None = None) -> dict[str, int]:
    query = f"?at={at}" if at is not None else ""
    counts: dict[str, int] = api.client.get(f"/api/v1/games/{game_id}/state{query}").get_json()["state"]["rules"][
        "counts"
    ]
    return counts


@pytest.mark.parametrize("role", ["arbiter", "organiser"])
def test_state_shows_the_new_count_when_an_arbiter_or_recorder_adjusts(api: Api, role: str) -> None:
    game = api.create_game()["id"]
    api.act(game, type="move", seat="red")

    response = api.act(game, role, type="adjust", data={"changes": SET_MOVES, "reason": "two moves went unrecorded"})

    assert response.status_code == 201, response.get_json()
    [event] = response.get_json()["events"]
    assert event["type"] == "StateAdjusted"
    assert event["data"]["reason"] == "two moves went unrecorded"
    assert event["data"]["changes"] == SET_MOVES
    assert _counts(api, game)["move"] == 5
    assert _counts(api, game, at=2)["move"] == 1


def test_adjustment_is_counted_in_the_envelope_when_recorded(api: Api) -> None:
    game = api.create_game()["id"]

    api.act(game, "arbiter", type="adjust", data={"changes": SET_MOVES, "reason": "correction"})

    state = api.client.get(f"/api/v1/games/{game}/state").get_json()["state"]
    assert state["meta"]["adjustments"] == 1
    assert stored_events(api, game)[-1]["metadata"]["role"] == "arbiter"


def test_later_actions_count_on_from_the_adjusted_value_when_state_was_adjusted(api: Api) -> None:
    game = api.create_game()["id"]
    api.act(game, "arbiter", type="adjust", data={"changes": SET_MOVES, "reason": "correction"})

    api.act(game, type="move", seat="blue")

    assert _counts(api, game)["move"] == 6


@pytest.mark.parametrize(
    ("data", "pointer"),
    [
        pytest.param({"changes": SET_MOVES}, "/data/reason", id="no-reason"),
        pytest.param({"changes": SET_MOVES, "reason": "   "}, "/data/reason", id="blank-reason"),
        pytest.param({"reason": "why not"}, "/data/changes", id="no-changes"),
        pytest.param({"changes": [], "reason": "why not"}, "/data/changes", id="empty-changes"),
        pytest.param(
            {"changes": [{"op": "set", "path": "counts", "value": 5}], "reason": "x"},
            "/data/changes/0/path",
            id="not-a-pointer",
        ),
        pytest.param(
            {"changes": [{"op": "swap", "path": "/counts/move", "value": 5}], "reason": "x"},
            "/data/changes/0/op",
            id="bad-op",
        ),
    ],
)
def test_400_naming_the_pointer_and_nothing_written_when_the_adjustment_is_malformed(
    api: Api, data: dict[str, Any], pointer: str
) -> None:
    """The shape of `adjust` (CORE-ADJUST-2's reason and {op, path, value} changes) is its declared schema."""
    game = api.create_game()["id"]
    before = total_events(api)

    response = api.act(game, "arbiter", type="adjust", data=data)

    assert pointer in assert_problem(response, 400)["errors"]
    assert total_events(api) == before


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({"changes": [{"op": "set", "path": "/nowhere/move", "value": 5}], "reason": "x"}, id="bad-path"),
        pytest.param({"changes": [{"op": "set", "path": "/counts/move", "value": -1}], "reason": "x"}, id="bad-value"),
    ],
)
def test_422_citing_core_adjust_2_and_nothing_written_when_the_adjustment_does_not_apply(
    api: Api, data: dict[str, Any]
) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    response = api.act(game, "arbiter", type="adjust", data=data)

    assert_refused(response, "CORE-ADJUST-2")
    assert total_events(api) == before
