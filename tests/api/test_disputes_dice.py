"""An arbiter reveals a running game's server-dice seed for a dispute (DESIGN §6, §8, issue 8)."""

from __future__ import annotations

import hashlib
from typing import Any

from click.testing import CliRunner

from service.cli import cli
from tests.api.conftest import assert_problem, bearer, stored_events, total_events
from tests.conftest import Api

REASON = {"reason": "red disputes the battle at v2: check the rolls"}


def _rolled(api: Api) -> str:
    """A running server-dice game in which red rolled three dice at v2."""
    game = str(api.create_game(dice="server")["id"])
    assert api.act(game, type="roll", seat="red", data={"count": 3}).status_code == 201
    return game


def _reveal(api: Api, game: str, role: str = "arbiter", **headers: str) -> Any:
    return api.client.post(f"/api/v1/games/{game}/dice/reveal", json=REASON, headers=api.headers(role, **headers))


def test_every_roll_is_verifiable_from_the_export_when_the_arbiter_reveals_the_seed_early(
    any_api: Api, tmp_path: Any
) -> None:
    game = _rolled(any_api)
    assert any_api.client.get(f"/api/v1/games/{game}/audit/2").get_json()["verdict"] == "unverifiable"

    response = _reveal(any_api, game)

    assert response.status_code == 201, response.get_json()
    [event] = response.get_json()["events"]
    assert event["version"] == 3 and event["type"] == "DiceSeedRevealed"
    assert event["data"]["early"] is True and event["data"]["reason"] == REASON["reason"]
    commitment = any_api.client.get(f"/api/v1/games/{game}").get_json()["dice_commitment"]
    assert hashlib.sha256(bytes.fromhex(event["data"]["seed"])).hexdigest() == commitment
    assert any_api.client.get(f"/api/v1/games/{game}/audit/2").get_json()["verdict"] == "consistent"
    export = tmp_path / "game.jsonl"
    export.write_text(any_api.client.get(f"/api/v1/games/{game}/export").get_data(as_text=True), encoding="utf-8")
    checked = CliRunner().invoke(cli, ["verify-dice", str(export)])
    assert checked.exit_code == 0, checked.output
    assert checked.output.startswith("FAIR")


def test_server_rolls_are_refused_and_the_end_reveals_nothing_more_when_the_seed_is_out(api: Api) -> None:
    game = _rolled(api)
    assert _reveal(api, game).status_code == 201
    before = total_events(api)

    refused = api.act(game, type="roll", seat="blue", data={"count": 1})

    body = assert_problem(refused, 409, "dice-seed-revealed")
    assert "predictable" in body["detail"]
    assert total_events(api) == before
    assert api.act(game, type="note", seat="blue", data={"text": "no dice"}).status_code == 201
    ended = api.act(game, type="end_game", data={"winners": ["red"]})
    assert [e["type"] for e in ended.get_json()["events"]] == ["GameEnded"]
    assert [e["type"] for e in stored_events(api, game)].count("DiceSeedRevealed") == 1


def test_reveal_is_refused_when_not_an_arbiter_or_nothing_is_left_to_reveal(api: Api) -> None:
    game = _rolled(api)
    red = api.token_for_player(api.player("Red"))
    table = api.create_game(dice="table")["id"]

    assert_problem(api.client.post(f"/api/v1/games/{game}/dice/reveal", json=REASON), 401)
    assert_problem(_reveal(api, game, "organiser"), 403)
    refused = api.client.post(f"/api/v1/games/{game}/dice/reveal", json=REASON, headers=bearer(red))
    assert_problem(refused, 403)
    empty = api.client.post(f"/api/v1/games/{game}/dice/reveal", json={}, headers=api.headers("arbiter"))
    assert "reason" in assert_problem(empty, 400)["errors"]
    assert_problem(_reveal(api, table), 409, "conflict")
    assert _reveal(api, game, "admin").status_code == 201
    assert_problem(_reveal(api, game), 409, "dice-seed-revealed")


def test_repeated_idempotency_key_returns_the_first_reveal_when_resent(api: Api) -> None:
    game = _rolled(api)

    first = _reveal(api, game, **{"Idempotency-Key": "reveal-1"})
    again = _reveal(api, game, **{"Idempotency-Key": "reveal-1"})

    assert first.status_code == again.status_code == 201
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json()["events"] == first.get_json()["events"]
