"""Dice (DESIGN §6): provably fair server dice with client seeds, and table dice entered by hand."""

from __future__ import annotations

import hashlib
from typing import Any

from domain.dice import derive_faces
from tests.api.conftest import assert_problem, assert_refused, stored_events, total_events
from tests.conftest import Api


def _rolls(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == "DiceRolled"]


def test_faces_are_d6_of_the_requested_count_when_the_server_rolls(api: Api) -> None:
    game = api.create_game()["id"]

    response = api.act(game, type="roll", seat="red", data={"count": 40, "purpose": "barrage"})

    assert response.status_code == 201, response.get_json()
    [event] = response.get_json()["events"]
    assert event["type"] == "DiceRolled"
    assert len(event["data"]["faces"]) == 40
    assert all(face in range(1, 7) for face in event["data"]["faces"])
    assert event["data"]["seat"] == "red"
    assert event["data"]["purpose"] == "barrage"


def test_roll_index_continues_across_rolls_when_the_server_rolls_again(api: Api) -> None:
    game = api.create_game()["id"]

    first = api.act(game, type="roll", seat="red", data={"count": 3}).get_json()["events"][0]["data"]
    second = api.act(game, type="roll", seat="blue", data={"count": 2}).get_json()["events"][0]["data"]

    assert (first["first_k"], second["first_k"]) == (1, 4)


def test_revealed_seed_matches_the_commitment_and_every_roll_when_the_game_ends(any_api: Api) -> None:
    game = any_api.create_game()
    for count in (3, 1, 5):
        assert any_api.act(game["id"], type="roll", seat="red", data={"count": count}).status_code == 201
    before_end = any_api.client.get(f"/api/v1/games/{game['id']}/events").get_json()["items"]
    assert "DiceSeedRevealed" not in [e["type"] for e in before_end]

    ended = any_api.act(game["id"], type="end_game", data={"winners": ["red"]})

    assert ended.status_code == 201, ended.get_json()
    assert [e["type"] for e in ended.get_json()["events"]] == ["GameEnded", "DiceSeedRevealed"]
    events = any_api.client.get(f"/api/v1/games/{game['id']}/events").get_json()["items"]
    [revealed] = [e["data"] for e in events if e["type"] == "DiceSeedRevealed"]
    seed = bytes.fromhex(revealed["seed"])
    assert hashlib.sha256(seed).hexdigest() == game["dice_commitment"]
    rolls = _rolls(events)
    assert [len(r["faces"]) for r in rolls] == [3, 1, 5]
    for roll in rolls:
        assert list(derive_faces(seed, game["id"], roll["first_k"], len(roll["faces"]), {})) == roll["faces"]


def test_game_is_ended_and_listed_as_ended_when_end_game_is_recorded(api: Api) -> None:
    game = api.create_game()["id"]

    api.act(game, "arbiter", type="end_game", data={"winners": ["blue"], "reason": "concession"})

    assert api.client.get(f"/api/v1/games/{game}").get_json()["status"] == "ended"
    state = api.client.get(f"/api/v1/games/{game}/state").get_json()["state"]
    assert state["meta"]["ended"] is True
    assert state["meta"]["result"]["winners"] == ["blue"]


def test_rolls_derive_from_the_client_seeds_when_seats_added_them_before_rolling(any_api: Api) -> None:
    game = any_api.create_game()
    client_seeds = {"red": "tokaji-1848", "blue": "c0ffee"}
    for seat, value in client_seeds.items():
        added = any_api.act(game["id"], type="add_client_seed", seat=seat, data={"client_seed": value})
        assert added.status_code == 201, added.get_json()
    any_api.act(game["id"], type="roll", seat="red", data={"count": 6})
    any_api.act(game["id"], type="roll", seat="blue", data={"count": 6})
    any_api.act(game["id"], type="end_game", data={"winners": []})

    events = stored_events(any_api, game["id"])

    [revealed] = [e["data"] for e in events if e["type"] == "DiceSeedRevealed"]
    seed = bytes.fromhex(revealed["seed"])
    rolls = _rolls(events)
    assert len(rolls) == 2
    for roll in rolls:
        count = len(roll["faces"])
        assert list(derive_faces(seed, game["id"], roll["first_k"], count, client_seeds)) == roll["faces"]
    without_seeds = [list(derive_faces(seed, game["id"], r["first_k"], len(r["faces"]), {})) for r in rolls]
    assert without_seeds != [r["faces"] for r in rolls]


def test_422_citing_core_dice_3_when_a_client_seed_comes_after_a_roll(api: Api) -> None:
    game = api.create_game()["id"]
    api.act(game, type="roll", seat="red", data={"count": 1})
    before = total_events(api)

    response = api.act(game, type="add_client_seed", seat="blue", data={"client_seed": "late"})

    assert_refused(response, "CORE-DICE-3")
    assert total_events(api) == before


def test_422_citing_core_dice_3_when_a_seat_adds_a_second_client_seed(api: Api) -> None:
    game = api.create_game()["id"]
    api.act(game, type="add_client_seed", seat="red", data={"client_seed": "first"})

    response = api.act(game, type="add_client_seed", seat="red", data={"client_seed": "second"})

    assert_refused(response, "CORE-DICE-3")


def test_entered_faces_are_recorded_as_given_when_the_table_rolls(any_api: Api) -> None:
    game = any_api.create_game(dice="table")["id"]

    response = any_api.act(game, type="roll", seat="red", data={"count": 3, "dice": [6, 4, 2]})

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["deviations"] == []
    assert _rolls(stored_events(any_api, game))[0]["faces"] == [6, 4, 2]


def test_400_naming_the_face_when_a_table_face_is_seven(api: Api) -> None:
    """CORE-DICE-1's range of a face (1 to 6) is part of every declared `dice` field."""
    game = api.create_game(dice="table")["id"]
    before = total_events(api)

    response = api.act(game, type="roll", seat="red", data={"count": 2, "dice": [3, 7]})

    assert list(assert_problem(response, 400)["errors"]) == ["/data/dice/1"]
    assert total_events(api) == before


def test_422_citing_core_dice_1_when_fewer_faces_are_entered_than_rolled(api: Api) -> None:
    game = api.create_game(dice="table", mode="transcript")["id"]

    response = api.act(game, type="roll", seat="red", data={"count": 3, "dice": [3]})

    assert_refused(response, "CORE-DICE-1")


def test_422_citing_core_dice_2_when_faces_are_entered_in_a_server_dice_game(api: Api) -> None:
    game = api.create_game(dice="server")["id"]
    before = total_events(api)

    response = api.act(game, type="roll", seat="red", data={"count": 2, "dice": [6, 6]})

    assert_refused(response, "CORE-DICE-2")
    assert total_events(api) == before


def test_no_seed_is_revealed_when_a_table_dice_game_ends(api: Api) -> None:
    game = api.create_game(dice="table")["id"]

    ended = api.act(game, type="end_game", data={"winners": []})

    assert [e["type"] for e in ended.get_json()["events"]] == ["GameEnded"]
