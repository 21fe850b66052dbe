"""GET /games/{id}/pending (issue 15, point 2): whom the game waits for and what each may send, per viewer."""

from __future__ import annotations

import json

from tests.api.conftest import assert_problem
from tests.conftest import Api


def _seal(api: Api, game_id: str, seat: str, payload: object) -> None:
    response = api.client.post(
        f"/api/v1/games/{game_id}/sealed",
        json={"seat": seat, "round": "bids", "payload": payload},
        headers=api.headers("admin"),
    )
    assert response.status_code == 201, response.get_json()


def test_pending_names_the_seats_still_to_seal_and_offers_choices_the_server_accepts(api: Api) -> None:
    """FF-SEAL-1: an open round waits on each of its seats until it has sealed; then the round is gone."""
    game = api.create_game()
    opened = api.act(game["id"], type="open_sealed", seat="red", data={"round": "bids"})
    assert opened.status_code == 201

    body = api.client.get(f"/api/v1/games/{game['id']}/pending?as=arbiter", headers=api.headers("admin")).get_json()

    assert body["version"] == 2 and body["ended"] is False and body["viewer"] == "arbiter"
    seals = {w["seat"]: [o for o in w["options"] if o["type"] == "seal"] for w in body["waiting"]}
    assert {seat: [o["fields"]["round"] for o in found] for seat, found in seals.items()} == {
        "red": ["bids"],
        "blue": ["bids"],
    }
    assert seals["red"][0]["endpoint"] == "sealed"
    _seal(api, game["id"], "red", seals["red"][0]["choices"][0]["payload"])

    after = api.client.get(f"/api/v1/games/{game['id']}/pending").get_json()
    still = [w["seat"] for w in after["waiting"] if any(o["type"] == "seal" for o in w["options"])]
    assert still == ["blue"]
    blue_seal = next(o for w in after["waiting"] if w["seat"] == "blue" for o in w["options"] if o["type"] == "seal")
    assert blue_seal["private"] is True and blue_seal["choices"] == []  # a spectator does not see blue's choices


def test_a_roll_option_carries_its_spec_and_a_choice_is_recorded_as_offered(api: Api) -> None:
    game = api.create_game(dice="server")
    body = api.client.get(f"/api/v1/games/{game['id']}/pending").get_json()
    roll = next(o for o in body["waiting"][0]["options"] if o["type"] == "roll")

    assert roll["rule_ids"] == ["FF-ROLL-1"] and roll["endpoint"] == "actions"
    assert roll["senders"] == ["player", "recorder", "arbiter"] and roll["dice"]
    recorded = api.act(game["id"], type="roll", seat=body["waiting"][0]["seat"], data=roll["choices"][0])
    assert recorded.status_code == 201, recorded.get_json()


def test_a_roll_choice_leaves_out_the_dice_in_a_table_dice_game_and_is_accepted_with_them_entered(api: Api) -> None:
    """FF-ROLL-1 with table dice: the choice is the roll but for the physical dice, which the recorder enters."""
    game = api.create_game(dice="table")
    body = api.client.get(f"/api/v1/games/{game['id']}/pending").get_json()
    roll = next(o for o in body["waiting"][0]["options"] if o["type"] == "roll")

    assert body["dice"] == "table" and roll["dice"] and roll["choices"]
    assert all("dice" not in choice for choice in roll["choices"])
    choice = roll["choices"][0]
    entered = {**choice, "dice": [4] * choice["count"]}
    recorded = api.act(game["id"], type="roll", seat=body["waiting"][0]["seat"], data=entered)
    assert recorded.status_code == 201, recorded.get_json()


def test_an_ended_game_waits_on_nobody(api: Api) -> None:
    """CORE-GAME-1: an ended game takes no more actions."""
    game = api.create_game()
    assert api.act(game["id"], type="end_game", data={"winners": ["red"]}).status_code == 201

    body = api.client.get(f"/api/v1/games/{game['id']}/pending").get_json()

    assert body["ended"] is True and body["waiting"] == [] and body["rule_id"] == "CORE-GAME-1"
    earlier = api.client.get(f"/api/v1/games/{game['id']}/pending?at=1").get_json()
    assert earlier["version"] == 1 and len(earlier["waiting"]) == 2


def test_pending_refuses_a_viewer_the_caller_may_not_be_and_a_version_beyond_the_game(api: Api) -> None:
    game = api.create_game()

    assert_problem(api.client.get(f"/api/v1/games/{game['id']}/pending?as=arbiter"), 403)
    assert_problem(api.client.get(f"/api/v1/games/{game['id']}/pending?as=green", headers=api.headers()), 400)
    assert_problem(api.client.get(f"/api/v1/games/{game['id']}/pending?at=9", headers=api.headers()), 400)


def _sse_blocks(text: str) -> list[dict[str, str]]:
    blocks = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "event" in fields:
            blocks.append(fields)
    return blocks


def test_the_stream_follows_each_batch_of_events_with_what_the_game_then_waits_for(api: Api) -> None:
    """With pending=true the SSE stream sends a `pending` event after the last event of each batch."""
    game = api.create_game()
    api.act(game["id"], type="open_sealed", seat="red", data={"round": "bids", "seats": ["blue"]})

    text = api.client.get(f"/api/v1/games/{game['id']}/stream?timeout=0&pending=true&as=blue", headers=api.headers())
    blocks = _sse_blocks(text.get_data(as_text=True))

    assert [(b.get("id"), b["event"]) for b in blocks] == [
        ("1", "GameCreated"),
        ("2", "SealedRoundOpened"),
        (None, "pending"),
    ]
    pending = json.loads(blocks[-1]["data"])
    assert pending["version"] == 2 and pending["viewer"] == "blue"
    blue_seal = next(o for w in pending["waiting"] if w["seat"] == "blue" for o in w["options"] if o["type"] == "seal")
    assert blue_seal["choices"] == [{"round": "bids", "payload": {"sealed_by": "blue"}}]


def test_a_stream_resumed_at_the_head_sends_what_the_game_waits_for_once(api: Api) -> None:
    """A reconnecting client with nothing to replay still learns at once what the game waits for."""
    game = api.create_game()
    api.act(game["id"], type="open_sealed", seat="red", data={"round": "bids", "seats": ["blue"]})
    url = f"/api/v1/games/{game['id']}/stream?timeout=0&pending=true&as=blue"

    resumed = api.client.get(url, headers={**api.headers(), "Last-Event-ID": "2"}).get_data(as_text=True)
    caught_up = api.client.get(url + "&after=1", headers=api.headers()).get_data(as_text=True)

    blocks = _sse_blocks(resumed)
    assert [(b.get("id"), b["event"]) for b in blocks] == [(None, "pending")]
    pending = json.loads(blocks[0]["data"])
    assert pending["version"] == 2 and pending["viewer"] == "blue"
    assert [(b.get("id"), b["event"]) for b in _sse_blocks(caught_up)] == [
        ("2", "SealedRoundOpened"),
        (None, "pending"),
    ]


def test_the_stream_without_pending_sends_events_only_and_refuses_a_view_the_caller_may_not_have(api: Api) -> None:
    game = api.create_game()

    plain = api.client.get(f"/api/v1/games/{game['id']}/stream?timeout=0").get_data(as_text=True)

    assert [b["event"] for b in _sse_blocks(plain)] == ["GameCreated"]
    assert_problem(api.client.get(f"/api/v1/games/{game['id']}/stream?timeout=0&pending=true&as=arbiter"), 403)
