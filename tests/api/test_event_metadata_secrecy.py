"""A redacted event's request stays hidden too: the `action` in its metadata repeats the secret (RV-SUP-3)."""

from __future__ import annotations

import json
from typing import Any

from tests.api.conftest import bearer
from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, board, city, noble, troops

AMOUNT = 2  # what A's general is given to carry: A's business only (RV-SUP-3)


def _game_with_a_filled_purse(api: Api) -> tuple[str, dict[str, str]]:
    pieces = [noble("g", A, "home"), *troops("i", 2, "infantry", A, "home", "g"), noble("e", B, "away")]
    areas = {"home": city(A), "away": city(B)}
    players = {seat: api.player(seat) for seat in (A, B)}
    game = api.create_game(
        ruleset="cedofan_rv",
        board=board(areas, [("home", "away", "passable", 2)], pieces, {A: 5, B: 5}),
        options=FIXTURE_OPTIONS,
        seats=[{"seat": seat, "player": player} for seat, player in players.items()],
        dice="table",
    )["id"]
    for kind, seat, data in (
        ("start_round", None, {}),
        ("begin_impulse", A, {}),
        ("transfer_resources", A, {"from": "treasury", "to": "g", "amount": AMOUNT}),
    ):
        response = api.act(game, type=kind, seat=seat, data=data)
        assert response.status_code == 201, response.get_json()
    return game, {seat: api.token_for_player(p) for seat, p in players.items()}


def _transfer(api: Api, game: str, headers: dict[str, str]) -> dict[str, Any]:
    items = api.client.get(f"/api/v1/games/{game}/events", headers={**headers, "Accept": "application/json"})
    return next(e for e in items.get_json()["items"] if e["type"] == "ResourcesTransferred")


def test_the_other_seat_reads_neither_the_amount_nor_the_request_that_carried_it(api: Api) -> None:
    game, tokens = _game_with_a_filled_purse(api)
    seen = _transfer(api, game, bearer(tokens[B]))
    assert seen["data"]["amount"] == "sealed" and seen["redacted"] is True
    assert str(AMOUNT) not in json.dumps(seen["metadata"]["action"]["data"])
    assert seen["metadata"]["action"]["type"] == "transfer_resources"  # what was done stays public


def test_the_owner_and_the_arbiter_read_the_request_whole(api: Api) -> None:
    game, tokens = _game_with_a_filled_purse(api)
    for headers in (bearer(tokens[A]), api.headers("arbiter")):
        seen = _transfer(api, game, headers)
        assert seen["data"]["amount"] == AMOUNT and "redacted" not in seen
        assert seen["metadata"]["action"]["data"]["amount"] == AMOUNT


def test_the_global_feed_hides_the_request_from_the_other_seat(api: Api) -> None:
    _, tokens = _game_with_a_filled_purse(api)
    feed = api.client.get("/api/v1/events?after=0", headers={**bearer(tokens[B]), "Accept": "application/x-ndjson"})
    lines = [json.loads(line) for line in feed.get_data(as_text=True).splitlines()]
    transfer = next(e for e in lines if e["type"] == "ResourcesTransferred")
    assert transfer["metadata"]["action"]["data"] == "sealed"


def _transfer_version(api: Api, game: str) -> int:
    return int(_transfer(api, game, api.headers("arbiter"))["version"])


def test_the_other_seat_audits_the_transfer_without_reading_its_amount(api: Api) -> None:
    game, tokens = _game_with_a_filled_purse(api)
    version = _transfer_version(api, game)

    seen = api.client.get(f"/api/v1/games/{game}/audit/{version}", headers=bearer(tokens[B])).get_json()
    assert seen["verdict"] == "consistent"
    assert seen["action"]["type"] == "transfer_resources" and seen["action"]["data"] == "sealed"
    assert seen["recorded_events"][0]["data"]["amount"] == "sealed"
    assert seen["expected_events"][0]["data"]["amount"] == "sealed"
    assert all(step["text"] == "sealed" for step in seen["trace"])
    assert seen["state_before"]["viewer"] == "spectator"
    dumped = json.dumps({k: v for k, v in seen.items() if k != "rules"})
    assert f'"amount": {AMOUNT}' not in dumped


def test_the_arbiter_audits_the_transfer_whole(api: Api) -> None:
    game, _ = _game_with_a_filled_purse(api)
    version = _transfer_version(api, game)

    seen = api.client.get(f"/api/v1/games/{game}/audit/{version}", headers=api.headers("arbiter")).get_json()
    assert seen["action"]["data"]["amount"] == AMOUNT
    assert seen["recorded_events"][0]["data"]["amount"] == AMOUNT
    assert seen["state_before"]["viewer"] == "arbiter"


def test_a_seat_audits_with_its_own_view_of_the_state_before(api: Api) -> None:
    game, tokens = _game_with_a_filled_purse(api)
    version = _transfer_version(api, game)

    mine = api.client.get(f"/api/v1/games/{game}/audit/{version}?as={A}", headers=bearer(tokens[A])).get_json()
    assert mine["state_before"]["viewer"] == A and mine["action"]["data"]["amount"] == AMOUNT
    refused = api.client.get(f"/api/v1/games/{game}/audit/{version}?as={A}", headers=bearer(tokens[B]))
    assert refused.status_code == 403


def test_a_dispute_keeps_the_audit_as_anyone_may_read_it(api: Api) -> None:
    game, tokens = _game_with_a_filled_purse(api)
    version = _transfer_version(api, game)

    opened = api.client.post(
        f"/api/v1/games/{game}/disputes",
        json={"version": version, "claim": "was the purse filled at home?"},
        headers=api.headers("arbiter"),
    )
    assert opened.status_code == 201, opened.get_json()
    dispute = api.client.get(f"/api/v1/disputes/{opened.get_json()['id']}", headers=bearer(tokens[B])).get_json()
    assert f'"amount": {AMOUNT}' not in json.dumps(dispute)
