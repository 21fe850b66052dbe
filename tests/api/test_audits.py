"""Audits through HTTP and the command line (DESIGN §8); every response is checked against openapi.yaml."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask

from domain.platform import PLATFORM_RULES
from service.cli_audits import audit as audit_command
from service.samples import game_of, load_sample, sample_name, sample_paths
from tests.api.conftest import assert_problem
from tests.conftest import Api

# A move and two rolls were recorded before it: FF-POSITION-2 (CORE-ADJUST-3) keeps the action count the sum.
SET_MOVES = [{"op": "set", "path": "/counts/move", "value": 5}, {"op": "set", "path": "/actions", "value": 7}]


def _recorded_table_game(api: Api, **settings: Any) -> tuple[str, dict[str, int]]:
    """A transcript freeform game with table dice: a move, a good roll, a roll with a face too many, an adjust."""
    game = api.create_game(mode="transcript", dice="table", **settings)["id"]
    versions: dict[str, int] = {}
    for name, role, action in (
        ("move", "organiser", {"type": "move", "seat": "red", "data": {"to": "b2"}}),
        ("roll", "organiser", {"type": "roll", "seat": "blue", "data": {"count": 2, "dice": [3, 4]}}),
        ("extra", "organiser", {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [6, 6]}}),
        ("adjust", "arbiter", {"type": "adjust", "data": {"changes": SET_MOVES, "reason": "a move went unrecorded"}}),
    ):
        response = api.send_action(game, action, role)
        assert response.status_code == 201, response.get_json()
        versions[name] = response.get_json()["events"][0]["version"]
    return game, versions


def test_action_audit_is_consistent_with_its_trace_when_the_roll_was_recorded_as_rolled(api: Api) -> None:
    game, versions = _recorded_table_game(api)

    response = api.client.get(f"/api/v1/games/{game}/audit/{versions['roll']}")

    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["verdict"] == "consistent"
    assert body["action"] == {
        "type": "roll",
        "seat": "blue",
        "data": {"count": 2, "dice": [3, 4]},
        "authority": "recorder",
    }
    assert body["expected_events"] == [{"type": "DiceRolled", "data": body["recorded_events"][0]["data"]}]
    assert body["trace"][0]["rule_id"] == "FF-ROLL-1"
    assert body["trace"][0]["numbers"]["faces"] == [3, 4]
    assert body["state_before"]["version"] == versions["roll"] - 1
    assert body["ruleset"] == {"id": "freeform", "version": "1.0.0"}


def test_action_audit_cites_the_dice_rule_and_its_quote_when_a_face_too_many_was_recorded(api: Api) -> None:
    game, versions = _recorded_table_game(api)

    body = api.client.get(f"/api/v1/games/{game}/audit/{versions['extra']}").get_json()

    assert [d["rule_id"] for d in body["deviations"]] == ["CORE-DICE-1"]
    cited = {rule["id"]: rule for rule in body["rules"]}
    assert cited["CORE-DICE-1"]["summary"] == PLATFORM_RULES["CORE-DICE-1"].summary
    assert cited["CORE-DICE-1"]["source_quote"] == PLATFORM_RULES["CORE-DICE-1"].source_quote


def test_game_audit_counts_and_lists_deviations_and_adjustments_when_recorded(api: Api) -> None:
    game, versions = _recorded_table_game(api)

    response = api.client.get(f"/api/v1/games/{game}/audit")

    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["counts"] == {
        "actions": 4,
        "consistent": 4,
        "deviates": 0,
        "unverifiable": 0,
        "adjustments": 1,
        "forced_adjustments": 0,
        "deviations_recorded": 1,
        "corrections": 0,
        "drift": 0,
        "unrecorded_fields": 0,
    }
    assert [a["version"] for a in body["deviations"]] == [versions["extra"]]
    [adjustment] = body["adjustments"]
    assert adjustment["version"] == versions["adjust"]
    assert adjustment["reason"] == "a move went unrecorded"
    assert adjustment["role"] == "arbiter"
    assert body["drift"] == [] and body["unverifiable"] == [] and body["corrections"] == []


def test_game_audit_pages_its_action_audits_like_every_list_and_keeps_the_whole_counts(api: Api) -> None:
    """Issue 15, point 4: limit/after/next over the action audits; every page carries the whole game's counts."""
    game = api.create_game(mode="transcript", dice="table")["id"]
    for faces in ([6, 6], [5, 5], [4, 4]):  # three one-die rolls entered with a face too many (CORE-DICE-1)
        response = api.act(game, "organiser", type="roll", seat="red", data={"count": 1, "dice": faces})
        assert response.status_code == 201, response.get_json()

    whole = api.client.get(f"/api/v1/games/{game}/audit").get_json()
    first = api.client.get(f"/api/v1/games/{game}/audit?limit=2").get_json()
    rest = api.client.get(f"/api/v1/games/{game}/audit?limit=2&after={first['next']}").get_json()

    assert whole["next"] is None and [a["version"] for a in whole["deviations"]] == [2, 3, 4]
    assert [a["version"] for a in first["deviations"]] == [2, 3] and first["next"] is not None
    assert [a["version"] for a in rest["deviations"]] == [4] and rest["next"] is None
    assert first["counts"] == rest["counts"] == whole["counts"] and whole["counts"]["deviations_recorded"] == 3
    assert_problem(api.client.get(f"/api/v1/games/{game}/audit?after=nonsense"), 400)


@pytest.mark.parametrize("sample", sample_paths(), ids=sample_name)
def test_sample_game_audits_consistent_when_loaded(sample: Path, api: Api) -> None:
    game = game_of(load_sample(api.services, sample))
    body = api.client.get(f"/api/v1/games/{game}/audit", headers=api.headers()).get_json()
    assert body["counts"]["actions"] > 0
    assert body["counts"]["consistent"] == body["counts"]["actions"], body
    assert body["unverifiable"] == [] and body["drift"] == []


@pytest.mark.parametrize("version", ["abc", "-1", "99"])
def test_audit_of_a_version_that_is_not_one_is_the_projects_not_found_like_any_404(api: Api, version: str) -> None:
    game = api.create_game()["id"]

    response = api.client.get(f"/api/v1/games/{game}/audit/{version}", headers=api.headers())

    assert_problem(response, 404, "not-found")


def test_audit_is_422_naming_the_action_when_the_version_is_a_consequence(api: Api) -> None:
    game = api.create_game(dice="server")["id"]
    api.act(game, type="roll", seat="red", data={"count": 2})
    ended = api.act(game, type="end_game", data={"winners": ["red"]}).get_json()
    [end, revealed] = [e["version"] for e in ended["events"]]

    response = api.client.get(f"/api/v1/games/{game}/audit/{revealed}")

    body = assert_problem(response, 422, "not-an-action")
    assert body["action_version"] == end
    assert f"action at version {end}" in body["detail"]
    assert assert_problem(api.client.get(f"/api/v1/games/{game}/audit/1"), 422)["action_version"] is None
    assert api.client.get(f"/api/v1/games/{game}/audit/{end}").get_json()["verdict"] == "consistent"


def test_audit_is_404_when_the_game_or_version_is_unknown_or_hidden(api: Api) -> None:
    game, _ = _recorded_table_game(api)
    private = api.create_game(visibility="private")["id"]
    outsider = api.token_for_player(api.player("Mallory"))

    assert_problem(api.client.get(f"/api/v1/games/{game}/audit/99"), 404)
    assert_problem(api.client.get(f"/api/v1/games/{game}/audit/0"), 404)
    assert_problem(api.client.get(f"/api/v1/games/{uuid.uuid4()}/audit"), 404, "game-not-found")
    assert_problem(api.client.get(f"/api/v1/games/{uuid.uuid4()}/audit/2"), 404, "game-not-found")
    assert_problem(api.client.get(f"/api/v1/games/{private}/audit"), 404, "game-not-found")
    hidden = api.client.get(f"/api/v1/games/{private}/audit", headers={"Authorization": f"Bearer {outsider}"})
    assert_problem(hidden, 404, "game-not-found")
    assert api.client.get(f"/api/v1/games/{private}/audit", headers=api.headers()).status_code == 200


def test_cli_audit_prints_the_counts_and_each_finding(api: Api, app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    game, versions = _recorded_table_game(api)
    monkeypatch.setenv("DATABASE_URL", app.config["DATABASE_URL"])

    result = CliRunner().invoke(audit_command, [game])

    assert result.exit_code == 0, result.output
    assert "actions=4" in result.output and "adjustments=1" in result.output
    assert f"v{versions['extra']}" in result.output and "CORE-DICE-1" in result.output
    assert PLATFORM_RULES["CORE-DICE-1"].summary in result.output
    assert f"v{versions['adjust']}  ADJUSTED" in result.output
    assert "a move went unrecorded" in result.output


def test_cli_audit_fails_when_the_game_is_unknown(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", app.config["DATABASE_URL"])

    result = CliRunner().invoke(audit_command, [str(uuid.uuid4())])

    assert result.exit_code == 1
    assert "no game" in result.output
