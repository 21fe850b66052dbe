"""POST /api/v1/games/{id}/actions: result shape, If-Match (412), idempotency, refusals and transcripts."""

from __future__ import annotations

from typing import Any

import pytest

from domain.chain import GENESIS
from tests.api.conftest import RFC3339_UTC, SHA256_HEX, assert_problem, assert_refused, stored_events, total_events
from tests.conftest import Api


def test_201_with_the_recorded_events_when_an_action_is_recorded(any_api: Api) -> None:
    game = any_api.create_game()
    created_hash = game["last_hash"]

    response = any_api.act(game["id"], type="note", seat="red", data={"text": "hello"})

    assert response.status_code == 201, response.get_json()
    assert response.headers["ETag"] == '"2"'
    body = response.get_json()
    assert body["game"] == game["id"]
    assert body["version"] == 2
    assert body["deviations"] == []
    assert isinstance(body["trace"], list)
    [event] = body["events"]
    assert event["version"] == 2
    assert event["type"] == "ActionRecorded"
    assert event["data"] == {"seat": "red", "type": "note", "data": {"text": "hello"}}
    assert RFC3339_UTC.match(event["recorded_at"])
    assert SHA256_HEX.match(event["hash"])
    assert "red" in event["notation"] and "note" in event["notation"]
    stored = stored_events(any_api, game["id"])
    assert stored[1]["hash"] == event["hash"]
    assert stored[1]["prev_hash"] == created_hash
    assert stored[0]["prev_hash"] == GENESIS


def test_game_moves_to_the_new_version_when_an_action_is_recorded(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    recorded = any_api.act(game, type="note", seat="red").get_json()

    fetched = any_api.client.get(f"/api/v1/games/{game}")

    assert fetched.headers["ETag"] == '"2"'
    assert fetched.get_json()["version"] == 2
    assert fetched.get_json()["last_hash"] == recorded["events"][-1]["hash"]


def test_location_reads_the_recorded_events_when_an_action_records_several(api: Api) -> None:
    """openapi.yaml: a recorded action's `Location` is its events (`/events?after=<the version before>`); the end of
    a server-dice game records `GameEnded` and `DiceSeedRevealed` together, and a retry gets the same place."""
    game = api.create_game(dice="server")["id"]
    api.act(game, type="note", seat="red")
    ending = {"type": "end_game", "data": {"winners": ["red"]}}
    headers = {"Idempotency-Key": "end-1"}

    response = api.send_action(game, ending, headers=headers)
    retried = api.send_action(game, ending, headers=headers)

    assert response.status_code == 201
    assert response.headers["Location"] == f"/api/v1/games/{game}/events?after=2"
    assert retried.headers["Location"] == response.headers["Location"]
    listed = api.client.get(response.headers["Location"]).get_json()["items"]
    recorded = response.get_json()["events"]
    assert [(e["version"], e["type"], e["hash"]) for e in listed] == [
        (e["version"], e["type"], e["hash"]) for e in recorded
    ]
    assert [e["type"] for e in recorded] == ["GameEnded", "DiceSeedRevealed"]


@pytest.mark.parametrize("etag", ['"1"', "1", 'W/"1"'])
def test_201_when_if_match_names_the_current_version(api: Api, etag: str) -> None:
    game = api.create_game()["id"]

    response = api.act(game, headers={"If-Match": etag}, type="note", seat="red")

    assert response.status_code == 201
    assert response.get_json()["version"] == 2


def test_201_when_if_match_is_a_wildcard_on_an_existing_game(api: Api) -> None:
    """RFC 9110 §13.1.1: `If-Match: *` holds whenever the resource has a current representation."""
    game = api.create_game()["id"]
    api.act(game, type="note", seat="red")

    response = api.act(game, headers={"If-Match": "*"}, type="note", seat="blue")

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["version"] == 3


def test_412_with_current_version_and_nothing_written_when_if_match_is_stale(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    any_api.act(game, type="note", seat="red")
    before = total_events(any_api)

    response = any_api.act(game, headers={"If-Match": '"1"'}, type="note", seat="blue")

    problem = assert_problem(response, 412, "wrong-expected-version")
    assert problem["current_version"] == 2
    assert response.headers["ETag"] == '"2"'
    assert total_events(any_api) == before
    assert len(stored_events(any_api, game)) == 2


def test_412_for_the_second_writer_when_two_write_at_the_same_version(any_api: Api) -> None:
    game = any_api.create_game()["id"]

    first = any_api.act(game, headers={"If-Match": '"1"'}, type="move", seat="red")
    second = any_api.act(game, "organiser", headers={"If-Match": '"1"'}, type="move", seat="blue")

    assert first.status_code == 201
    assert_problem(second, 412)
    assert [e["data"].get("seat") for e in stored_events(any_api, game)[1:]] == ["red"]


@pytest.mark.parametrize("etag", ["abc", '"two"', '"-1"', '""', '"²"'])
def test_400_naming_if_match_when_it_is_not_a_version(api: Api, etag: str) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    response = api.act(game, headers={"If-Match": etag}, type="note", seat="red")

    problem = assert_problem(response, 400)
    assert "If-Match" in problem["errors"]
    assert total_events(api) == before


def test_same_result_and_nothing_written_when_idempotency_key_is_repeated(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    first = any_api.act(game, headers={"Idempotency-Key": "roll-7"}, type="roll", seat="red", data={"count": 3})
    after_first = total_events(any_api)

    again = any_api.act(game, headers={"Idempotency-Key": "roll-7"}, type="roll", seat="red", data={"count": 3})

    assert first.status_code == 201
    assert again.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["ETag"] == first.headers["ETag"]
    # The first answer byte for byte, its ruling included (issue 16, point 4: the trace was [] on a retry).
    assert again.get_data() == first.get_data()
    assert again.get_json()["version"] == 2
    assert [step["rule_id"] for step in again.get_json()["trace"]] == ["FF-ROLL-1"]
    assert total_events(any_api) == after_first


def test_the_first_answer_byte_for_byte_when_a_key_is_replayed_after_the_game_moved_on(api: Api) -> None:
    game = api.create_game()["id"]
    first = api.act(game, headers={"Idempotency-Key": "r"}, type="roll", seat="red", data={"count": 2})
    api.act(game, type="note", seat="blue")
    api.services.loader.forget(game)  # nothing cached from the first request helps the retry

    again = api.act(game, headers={"Idempotency-Key": "r"}, type="roll", seat="red", data={"count": 2})

    assert again.get_data() == first.get_data()
    assert again.headers["ETag"] == first.headers["ETag"] == '"2"'


def test_500_and_nothing_written_when_the_answer_cannot_be_built(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer is built in the append's transaction: a failure there rolls the append back, so no 500
    ever follows a committed write (a client that retries then records the action once)."""
    import service.game_appends

    game = api.create_game()["id"]
    before = total_events(api)

    def failing(_payload: object) -> str:
        raise RuntimeError("the answer cannot be encoded")

    monkeypatch.setattr(service.game_appends, "answer_text", failing)  # where the answer is built
    assert api.act(game, type="note", seat="red", data={}).status_code == 500
    assert total_events(api) == before
    monkeypatch.undo()
    assert api.act(game, type="note", seat="red", data={}).get_json()["version"] == 2


def test_first_result_when_a_key_is_replayed_after_the_game_moved_on(api: Api) -> None:
    game = api.create_game()["id"]
    first = api.act(game, headers={"Idempotency-Key": "k"}, type="note", seat="red").get_json()
    api.act(game, type="note", seat="blue")

    again = api.act(game, headers={"Idempotency-Key": "k"}, type="note", seat="red")

    assert again.get_json()["version"] == first["version"] == 2
    assert len(stored_events(api, game)) == 3


def test_422_and_nothing_written_when_idempotency_key_is_reused_with_another_body(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    any_api.act(game, headers={"Idempotency-Key": "k-1"}, type="note", seat="red")
    before = total_events(any_api)

    response = any_api.act(game, headers={"Idempotency-Key": "k-1"}, type="note", seat="blue")

    assert_problem(response, 422, "idempotency-key-reused")
    assert "'k-1'" in response.get_json()["detail"] and game not in response.get_json()["detail"]
    assert total_events(any_api) == before


@pytest.mark.parametrize(
    ("action", "rule_id"),
    [
        pytest.param({"type": "Bad", "seat": "red"}, "FF-ACTION-1", id="type-not-snake-case"),
        pytest.param({"type": "note", "seat": "green"}, "CORE-SEAT-1", id="unknown-seat"),
        pytest.param({"type": "open_sealed", "data": {"round": "r1", "seats": ["green"]}}, "FF-SEAL-1", id="bad-seat"),
        pytest.param({"type": "add_client_seed", "data": {"client_seed": "x"}}, "CORE-DICE-3", id="seed-of-no-seat"),
        pytest.param({"type": "end_game", "data": {"winners": ["green"]}}, "CORE-END-1", id="end-unknown-winner"),
    ],
)
def test_422_citing_the_rule_and_nothing_written_when_an_action_breaks_it(
    api: Api, action: dict[str, Any], rule_id: str
) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    response = api.send_action(game, action)

    assert_refused(response, rule_id)
    assert total_events(api) == before


@pytest.mark.parametrize(
    ("action", "pointer"),
    [
        pytest.param({"type": "roll", "seat": "red", "data": {"count": 0}}, "/data/count", id="roll-zero-dice"),
        pytest.param({"type": "roll", "seat": "red", "data": {"count": 101}}, "/data/count", id="roll-too-many"),
        pytest.param({"type": "open_sealed", "data": {"round": "Bad Round"}}, "/data/round", id="bad-round-name"),
        pytest.param({"type": "add_client_seed", "seat": "red", "data": {}}, "/data/client_seed", id="seed-missing"),
        pytest.param({"type": "end_game", "data": {}}, "/data", id="end-without-result"),
    ],
)
def test_400_naming_the_pointer_and_nothing_written_when_the_data_breaks_the_declared_schema(
    api: Api, action: dict[str, Any], pointer: str
) -> None:
    """FF-ROLL-1's range, FF-SEAL-1's round name, CORE-DICE-3's seed and CORE-END-1's result are shapes."""
    game = api.create_game()["id"]
    before = total_events(api)

    problem = assert_problem(api.send_action(game, action), 400)

    assert pointer in problem["errors"]
    assert total_events(api) == before


def test_rule_summary_matches_the_rulebook_when_an_action_is_refused(api: Api) -> None:
    game = api.create_game()["id"]
    rule = api.client.get("/api/v1/rulesets/freeform/rules/FF-SEAL-1").get_json()

    body = assert_refused(api.act(game, type="open_sealed", data={"round": "r1", "seats": ["green"]}), "FF-SEAL-1")

    assert body["rule"]["summary"] == rule["summary"]
    assert body["rule"]["source_quote"] == rule["source_quote"]


def test_422_citing_core_adjust_1_when_a_player_adjusts(api: Api) -> None:
    alice = api.player("Alice")
    game = api.create_game(seats=[{"seat": "red", "player": alice}])["id"]
    token = api.token_for_player(alice)
    before = total_events(api)

    response = api.act(
        game,
        None,
        {"Authorization": f"Bearer {token}"},
        type="adjust",
        seat="red",
        data={"changes": [{"op": "set", "path": "/counts/move", "value": 5}], "reason": "I say so"},
    )

    assert_refused(response, "CORE-ADJUST-1")
    assert total_events(api) == before


def test_422_citing_core_end_1_when_a_player_ends_the_game(api: Api) -> None:
    alice = api.player("Alice")
    game = api.create_game(seats=[{"seat": "red", "player": alice}, {"seat": "blue"}])["id"]
    token = api.token_for_player(alice)

    response = api.act(
        game, None, {"Authorization": f"Bearer {token}"}, type="end_game", seat="red", data={"winners": ["red"]}
    )

    assert_refused(response, "CORE-END-1")
    assert api.client.get(f"/api/v1/games/{game}").get_json()["status"] == "active"


def test_422_citing_core_game_1_and_nothing_written_when_the_game_has_ended(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    assert any_api.act(game, type="end_game", data={"winners": ["red"]}).status_code == 201
    before = total_events(any_api)

    response = any_api.act(game, type="note", seat="red")

    assert_refused(response, "CORE-GAME-1")
    assert total_events(any_api) == before


def test_400_naming_type_when_the_action_has_no_type(api: Api) -> None:
    game = api.create_game()["id"]

    problem = assert_problem(api.act(game, seat="red", data={}), 400)

    assert "type" in problem["errors"]


def test_400_naming_data_when_data_is_not_an_object(api: Api) -> None:
    game = api.create_game()["id"]

    problem = assert_problem(api.act(game, type="note", seat="red", data=[1, 2]), 400)

    assert "data" in problem["errors"]


def test_404_when_acting_in_an_unknown_game(api: Api) -> None:
    response = api.act("00000000-0000-4000-8000-000000000000", type="note", seat="red")

    assert_problem(response, 404)


def test_recorded_with_a_deviation_when_a_transcript_enters_more_faces_than_rolled(any_api: Api) -> None:
    game = any_api.create_game(mode="transcript", dice="table")["id"]

    response = any_api.act(game, type="roll", seat="red", data={"count": 2, "dice": [6, 4, 2]})

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert [d["rule_id"] for d in body["deviations"]] == ["CORE-DICE-1"]
    assert body["events"][0]["type"] == "DiceRolled"
    assert body["events"][0]["data"]["faces"] == [6, 4]
    recorded = stored_events(any_api, game)[-1]
    assert [d["rule_id"] for d in recorded["metadata"]["deviations"]] == ["CORE-DICE-1"]


def test_422_citing_core_dice_1_when_adjudicated_game_enters_more_faces_than_rolled(any_api: Api) -> None:
    game = any_api.create_game(mode="adjudicated", dice="table")["id"]
    before = total_events(any_api)

    response = any_api.act(game, type="roll", seat="red", data={"count": 2, "dice": [6, 4, 2]})

    assert_refused(response, "CORE-DICE-1")
    assert total_events(any_api) == before


def test_no_deviations_in_metadata_when_a_transcript_action_breaks_nothing(api: Api) -> None:
    game = api.create_game(mode="transcript", dice="table")["id"]

    response = api.act(game, type="roll", seat="red", data={"count": 2, "dice": [3, 5]})

    assert response.get_json()["deviations"] == []
    assert "deviations" not in stored_events(api, game)[-1]["metadata"]


def test_422_even_in_a_transcript_when_the_breach_leaves_nothing_to_record(api: Api) -> None:
    game = api.create_game(mode="transcript")["id"]
    before = total_events(api)

    assert_refused(api.act(game, type="Bad", seat="red"), "FF-ACTION-1")
    assert total_events(api) == before
