"""Disputes, rulings, corrections and appeals through HTTP (DESIGN §8, issue 8).

The game used throughout is a transcript freeform game with table dice, recorded by the organiser:
v2 red moves, v3 blue rolls 3 4, v4 red rolls one die but two faces are entered (6 6) — recorded
with a CORE-DICE-1 deviation. Red's player disputes v4.
"""

from __future__ import annotations

import uuid
from typing import Any

from domain.platform import PLATFORM_RULES
from tests.api.conftest import assert_problem, assert_refused, bearer, stored_events, total_events
from tests.conftest import Api


def _table_game(api: Api) -> tuple[str, str]:
    """The game of the module docstring, and a token of the player holding red."""
    red = api.player("Red")
    game = api.create_game(mode="transcript", dice="table", seats=[{"seat": "red", "player": red}, {"seat": "blue"}])
    for action in (
        {"type": "move", "seat": "red", "data": {"to": "b2"}},
        {"type": "roll", "seat": "blue", "data": {"count": 2, "dice": [3, 4]}},
        {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [6, 6]}},
    ):
        response = api.send_action(game["id"], action, "organiser")
        assert response.status_code == 201, response.get_json()
    return game["id"], api.token_for_player(red)


def _open(api: Api, game: str, token: str, version: int = 4, **body: Any) -> Any:
    payload = {"version": version, "claim": "one die was rolled but two faces were entered", **body}
    return api.client.post(f"/api/v1/games/{game}/disputes", json=payload, headers=bearer(token))


def _rule(api: Api, dispute: str, decision: str, role: str = "arbiter", **body: Any) -> Any:
    payload = {"decision": decision, "reasoning": "see the rule", "rule_ids": ["CORE-DICE-1"], **body}
    return api.client.post(f"/api/v1/disputes/{dispute}/ruling", json=payload, headers=api.headers(role))


def _state(api: Api, game: str) -> dict[str, Any]:
    """The freeform state (counts, last action by seat, action count) as the arbiter sees it."""
    body: dict[str, Any] = api.client.get(f"/api/v1/games/{game}/state?as=arbiter", headers=api.headers()).get_json()
    state: dict[str, Any] = body["state"]["state"]
    return state


def test_dispute_is_open_with_the_audit_citing_the_rule_when_a_seated_player_disputes_a_deviation(
    any_api: Api,
) -> None:
    game, red = _table_game(any_api)

    response = _open(any_api, game, red, rule_ids=["CORE-DICE-1"])

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert response.headers["Location"] == f"/api/v1/disputes/{body['id']}"
    assert body["status"] == "open" and body["game"] == game and body["version"] == 4
    assert body["rule_ids"] == ["CORE-DICE-1"] and body["rulings"] == 0 and body["ruling"] is None
    assert [e["type"] for e in body["events"]] == ["DisputeOpened", "AuditAttached"]
    opened, attached = (e["data"] for e in body["events"])
    assert opened["raised_by"].startswith("player:") and opened["claim"].startswith("one die")
    audit = attached["audit"]
    assert audit["version"] == 4 and audit["verdict"] == "consistent"
    assert [d["rule_id"] for d in audit["deviations"]] == ["CORE-DICE-1"]
    cited = {rule["id"]: rule for rule in audit["rules"]}
    assert cited["CORE-DICE-1"]["summary"] == PLATFORM_RULES["CORE-DICE-1"].summary
    assert cited["CORE-DICE-1"]["source_quote"] == PLATFORM_RULES["CORE-DICE-1"].source_quote
    assert "state_before" not in audit
    assert any_api.services.store.read(f"dispute:{body['id']}")[0].type == "DisputeOpened"
    shown = any_api.client.get(f"/api/v1/games/{game}").get_json()
    assert shown["provisional"] is True and shown["open_disputes"] == 1
    assert any_api.client.get(f"/api/v1/disputes/{body['id']}").get_json() == body


def test_overturn_strikes_the_disputed_roll_and_records_the_corrected_one_when_the_arbiter_rules(
    any_api: Api,
) -> None:
    api = any_api  # both backends: the ruling and its correction commit in one transaction across two streams
    game, red = _table_game(api)
    dispute = _open(api, game, red).get_json()["id"]
    reroll = {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [5]}}

    response = _rule(api, dispute, "overturned", corrected_action=reroll)

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["status"] == "overturned"
    ruling = body["ruling"]
    assert ruling["decision"] == "overturned" and ruling["appeal"] is False
    assert ruling["arbiter"].startswith("token:") and ruling["correction"] == {"from": 5, "to": 7}
    assert [e["type"] for e in body["events"]][-1] == "RulingIssued"
    events = stored_events(api, game)
    assert [e["type"] for e in events[4:]] == ["CorrectionApplied", "StateAdjusted", "DiceRolled"]
    marker = events[4]["data"]
    assert marker["dispute"] == dispute and marker["version"] == 4 and marker["strikes"] == [[4, 4]]
    assert marker["superseded"] == []
    assert events[6]["data"]["faces"] == [5]
    # Red's 6 is struck and the 5 stands in its place: still two rolls, three actions, red last rolled 5.
    state = _state(api, game)
    assert state["counts"] == {"move": 1, "roll": 2}
    assert state["actions"] == 3
    assert state["last"]["red"]["data"]["faces"] == [5]
    shown = api.client.get(f"/api/v1/games/{game}").get_json()
    assert shown["version"] == 7 and shown["provisional"] is False and shown["open_disputes"] == 0
    audit = api.client.get(f"/api/v1/games/{game}/audit").get_json()
    assert audit["counts"]["corrections"] == 1 and audit["counts"]["deviates"] == 0
    assert audit["counts"]["consistent"] == audit["counts"]["actions"] == 5
    assert api.client.get(f"/api/v1/games/{game}/audit/5").get_json()["verdict"] == "consistent"
    assert api.client.get(f"/api/v1/games/{game}/verify").get_json()["ok"] is True


def test_upheld_ruling_changes_nothing_in_the_game_when_the_record_stands(api: Api) -> None:
    game, red = _table_game(api)
    dispute = _open(api, game, red, version=3, claim="blue's roll was 3 3").get_json()["id"]
    before = stored_events(api, game)

    response = _rule(api, dispute, "upheld", rule_ids=["FF-ROLL-1"], reasoning="the faces were entered as rolled")

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["status"] == "upheld"
    assert response.get_json()["ruling"]["correction"] is None
    assert stored_events(api, game) == before
    assert api.client.get(f"/api/v1/games/{game}").get_json()["provisional"] is False


def test_upheld_appeal_after_an_overturn_reverses_its_correction_when_ruled(api: Api) -> None:
    game, red = _table_game(api)
    dispute = _open(api, game, red).get_json()["id"]
    reroll = {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [5]}}
    assert _rule(api, dispute, "overturned", corrected_action=reroll).status_code == 201
    recorded = {"counts": {"move": 1, "roll": 2}, "actions": 3, "faces": [6]}

    appealed = api.client.post(
        f"/api/v1/disputes/{dispute}/appeal", json={"claim": "the 6 was fair"}, headers=api.headers("arbiter")
    )
    assert appealed.status_code == 201, appealed.get_json()
    assert appealed.get_json()["status"] == "open" and appealed.get_json()["appeals"] == 1
    assert api.client.get(f"/api/v1/games/{game}").get_json()["provisional"] is True
    response = _rule(api, dispute, "upheld", reasoning="on appeal: the extra face was a typo, the 6 stands")

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["status"] == "upheld" and body["rulings"] == 2
    assert body["ruling"]["appeal"] is True and body["ruling"]["correction"] == {"from": 8, "to": 9}
    assert [e["type"] for e in body["events"]] == [
        "DisputeOpened",
        "AuditAttached",
        "RulingIssued",
        "AppealOpened",
        "RulingIssued",
    ]
    events = stored_events(api, game)
    assert [e["type"] for e in events[7:]] == ["CorrectionApplied", "StateAdjusted"]
    assert events[7]["data"]["strikes"] == [[5, 7]] and events[7]["data"]["appeal"] is True
    state = _state(api, game)
    shown = {"counts": state["counts"], "actions": state["actions"], "faces": state["last"]["red"]["data"]["faces"]}
    assert shown == recorded
    audit = api.client.get(f"/api/v1/games/{game}/audit").get_json()
    assert audit["counts"]["corrections"] == 2 and audit["counts"]["deviates"] == 0


def test_strike_moves_counters_back_and_leaves_what_later_actions_rewrote_when_the_game_went_on(api: Api) -> None:
    game, red = _table_game(api)
    dispute = _open(api, game, red).get_json()["id"]
    for action in (
        {"type": "note", "seat": "red", "data": {"text": "rolled a 6"}},
        {"type": "move", "seat": "blue", "data": {"to": "c3"}},
    ):
        assert api.send_action(game, action, "organiser").status_code == 201

    response = _rule(api, dispute, "overturned", reasoning="one die, one face")

    assert response.status_code == 201, response.get_json()
    marker = stored_events(api, game)[6]["data"]
    assert marker["superseded"] == ["/last/red"] and marker["corrected_action"] is None
    # The struck roll no longer counts; red's later note stays red's last action.
    state = _state(api, game)
    assert state["counts"] == {"move": 2, "roll": 1, "note": 1}
    assert state["actions"] == 4
    assert state["last"]["red"]["type"] == "note"


def test_ruling_is_refused_and_nothing_written_when_the_corrected_action_breaks_a_rule(api: Api) -> None:
    game, red = _table_game(api)
    dispute = _open(api, game, red).get_json()["id"]
    before = total_events(api)

    response = _rule(api, dispute, "overturned", corrected_action={"type": "roll", "seat": "red", "data": {}})

    body = assert_refused(response, "FF-ROLL-1")
    assert body["detail"].startswith("corrected_action: FF-ROLL-1")
    assert total_events(api) == before
    assert api.client.get(f"/api/v1/disputes/{dispute}").get_json()["status"] == "open"


def test_ending_a_game_records_a_provisional_result_when_a_dispute_is_open(api: Api) -> None:
    game, red = _table_game(api)
    dispute = _open(api, game, red).get_json()["id"]

    ended = api.act(game, "organiser", type="end_game", data={"winners": ["blue"]})

    assert ended.status_code == 201, ended.get_json()
    [end] = [e for e in stored_events(api, game) if e["type"] == "GameEnded"]
    assert end["metadata"]["provisional"] is True and end["metadata"]["open_disputes"] == [dispute]
    shown = api.client.get(f"/api/v1/games/{game}").get_json()
    assert shown["status"] == "ended" and shown["provisional"] is True
    [listed] = [g for g in api.client.get("/api/v1/games").get_json()["items"] if g["id"] == game]
    assert listed["provisional"] is True and listed["open_disputes"] == 1
    # Ruled after the end: the correction is still recorded (as if the game were running).
    reroll = {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [2]}}
    assert _rule(api, dispute, "overturned", corrected_action=reroll).status_code == 201
    assert _state(api, game)["last"]["red"]["data"]["faces"] == [2]
    assert api.client.get(f"/api/v1/games/{game}").get_json()["provisional"] is False
    assert api.client.get(f"/api/v1/games/{game}/audit").get_json()["counts"]["deviates"] == 0


def test_disputes_are_listed_as_precedents_by_rule_id_game_and_status_one_page_at_a_time(api: Api) -> None:
    game, red = _table_game(api)
    first = _open(api, game, red, rule_ids=["CORE-DICE-1"]).get_json()["id"]
    second = _open(api, game, red, version=2, claim="the move was illegal").get_json()["id"]
    _rule(api, first, "overturned")
    other, other_red = _table_game(api)
    third = _open(api, other, other_red, version=3, claim="blue rolled twice").get_json()["id"]

    def ids(query: str) -> list[str]:
        response = api.client.get(f"/api/v1/disputes?{query}")
        assert response.status_code == 200, response.get_json()
        return [item["id"] for item in response.get_json()["items"]]

    assert ids("rule_id=CORE-DICE-1") == [first]
    assert ids("status=open") == [third, second]
    assert ids(f"game={game}") == [second, first]
    assert ids("rule_id=FF-SEAL-1") == []
    page = api.client.get("/api/v1/disputes?limit=2").get_json()
    assert [i["id"] for i in page["items"]] == [third, second] and page["next"]
    rest = api.client.get(f"/api/v1/disputes?limit=2&after={page['next']}").get_json()
    assert [i["id"] for i in rest["items"]] == [first] and rest["next"] is None
    [precedent] = api.client.get("/api/v1/disputes?rule_id=CORE-DICE-1").get_json()["items"]
    assert precedent["ruling"]["decision"] == "overturned" and precedent["ruling"]["reasoning"] == "see the rule"


def test_private_game_disputes_are_hidden_when_the_caller_may_not_read_the_game(api: Api) -> None:
    red = api.player("Red")
    game = api.create_game(visibility="private", seats=[{"seat": "red", "player": red}, {"seat": "blue"}])["id"]
    assert api.act(game, "organiser", type="move", seat="red", data={}).status_code == 201
    dispute = _open(api, game, api.token_for_player(red), version=2).get_json()["id"]
    outsider = api.token_for_player(api.player("Mallory"))

    assert api.client.get("/api/v1/disputes").get_json()["items"] == []
    assert api.client.get("/api/v1/disputes", headers=bearer(outsider)).get_json()["items"] == []
    assert_problem(api.client.get(f"/api/v1/disputes/{dispute}"), 404, "dispute-not-found")
    assert [i["id"] for i in api.client.get("/api/v1/disputes", headers=api.headers("viewer")).get_json()["items"]] == [
        dispute
    ]


def test_who_may_open_rule_and_appeal_when_roles_and_seats_differ(api: Api) -> None:
    game, red = _table_game(api)
    stranger = api.token_for_player(api.player("Mallory"))

    assert_problem(_open(api, game, stranger), 403)
    assert_problem(_open(api, game, api.tokens["organiser"]), 403)
    assert_problem(_open(api, game, api.tokens["viewer"]), 403)
    assert_problem(api.client.post(f"/api/v1/games/{game}/disputes", json={"version": 4, "claim": "x"}), 401)
    dispute = _open(api, game, api.tokens["arbiter"]).get_json()["id"]
    assert_problem(_rule(api, dispute, "upheld", role="organiser"), 403)
    refused = api.client.post(
        f"/api/v1/disputes/{dispute}/ruling",
        json={"decision": "upheld", "reasoning": "no", "rule_ids": ["CORE-DICE-1"]},
        headers=bearer(red),
    )
    assert_problem(refused, 403)
    assert _rule(api, dispute, "upheld", role="admin").status_code == 201
    appeal = api.client.post(f"/api/v1/disputes/{dispute}/appeal", json={"claim": "again"}, headers=bearer(stranger))
    assert_problem(appeal, 403)


def test_bad_requests_name_the_field_and_write_nothing_when_the_input_is_wrong(api: Api) -> None:
    game, red = _table_game(api)
    before = total_events(api)

    missing = assert_problem(_open(api, game, red, claim=""), 400, "bad-request")
    assert "claim" in missing["errors"]
    assert "version" in assert_problem(_open(api, game, red, version=0), 400)["errors"]
    beyond = assert_problem(_open(api, game, red, version=9), 422, "unprocessable")
    assert beyond["errors"]["version"] == ["version 9 is beyond the game's version 4"]
    created = assert_problem(_open(api, game, red, version=1), 422, "not-an-action")
    assert created["action_version"] is None and "version" in created["errors"]
    unknown = assert_problem(_open(api, game, red, rule_ids=["KK-SIEGE-3"]), 422, "unprocessable")
    assert "KK-SIEGE-3" in unknown["errors"]["rule_ids"][0]
    assert_problem(_open(api, str(uuid.uuid4()), red), 404, "game-not-found")
    assert total_events(api) == before

    dispute = _open(api, game, red).get_json()["id"]
    before = total_events(api)
    wrong = assert_problem(_rule(api, dispute, "dismissed"), 400)
    assert "decision" in wrong["errors"]
    assert "rule_ids" in assert_problem(_rule(api, dispute, "upheld", rule_ids=[]), 400)["errors"]
    reroll = {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [5]}}
    assert "corrected_action" in assert_problem(_rule(api, dispute, "upheld", corrected_action=reroll), 400)["errors"]
    assert_problem(_rule(api, str(uuid.uuid4()), "upheld"), 404, "dispute-not-found")
    appeal = api.client.post(f"/api/v1/disputes/{dispute}/appeal", json={"claim": "x"}, headers=bearer(red))
    assert_problem(appeal, 409, "conflict")
    assert total_events(api) == before
    assert _rule(api, dispute, "upheld").status_code == 201
    assert_problem(_rule(api, dispute, "overturned"), 409, "conflict")


def test_repeated_idempotency_key_returns_the_first_dispute_and_writes_nothing_when_resent(api: Api) -> None:
    game, red = _table_game(api)
    headers = {**bearer(red), "Idempotency-Key": "dispute-1"}
    payload = {"version": 4, "claim": "two faces for one die"}

    first = api.client.post(f"/api/v1/games/{game}/disputes", json=payload, headers=headers)
    count = total_events(api)
    again = api.client.post(f"/api/v1/games/{game}/disputes", json=payload, headers=headers)

    assert first.status_code == again.status_code == 201
    assert again.get_json()["id"] == first.get_json()["id"]
    assert total_events(api) == count
    assert "Idempotent-Replayed" not in first.headers and again.headers["Idempotent-Replayed"] == "true"


def test_repeated_ruling_and_appeal_are_marked_replayed_and_write_nothing_when_resent(api: Api) -> None:
    game, red = _table_game(api)
    dispute = _open(api, game, red).get_json()["id"]
    ruling = {"decision": "upheld", "reasoning": "as entered", "rule_ids": ["CORE-DICE-1"]}
    ruled = [
        api.client.post(
            f"/api/v1/disputes/{dispute}/ruling",
            json=ruling,
            headers=api.headers("arbiter", **{"Idempotency-Key": "r1"}),
        )
        for _ in range(2)
    ]
    appealed = [
        api.client.post(
            f"/api/v1/disputes/{dispute}/appeal",
            json={"claim": "the 6"},
            headers={**bearer(red), "Idempotency-Key": "a1"},
        )
        for _ in range(2)
    ]

    for first, again in (ruled, appealed):
        assert first.status_code == again.status_code == 201, first.get_json()
        assert "Idempotent-Replayed" not in first.headers and again.headers["Idempotent-Replayed"] == "true"
    assert api.client.get(f"/api/v1/disputes/{dispute}").get_json()["appeals"] == 1


def test_a_retry_after_later_rulings_gets_the_first_answer_byte_for_byte_not_the_dispute_as_it_is_now(
    api: Api,
) -> None:
    game, red = _table_game(api)
    opening = {**bearer(red), "Idempotency-Key": "open-1"}
    payload = {"version": 4, "claim": "two faces for one die"}
    opened = api.client.post(f"/api/v1/games/{game}/disputes", json=payload, headers=opening)
    dispute = opened.get_json()["id"]
    ruling = {"decision": "upheld", "reasoning": "as entered", "rule_ids": ["CORE-DICE-1"]}
    ruling_headers = api.headers("arbiter", **{"Idempotency-Key": "r1"})
    ruled = api.client.post(f"/api/v1/disputes/{dispute}/ruling", json=ruling, headers=ruling_headers)
    appeal = api.client.post(f"/api/v1/disputes/{dispute}/appeal", json={"claim": "the 6"}, headers=bearer(red))
    assert (opened.status_code, ruled.status_code, appeal.status_code) == (201, 201, 201)

    opened_again = api.client.post(f"/api/v1/games/{game}/disputes", json=payload, headers=opening)
    ruled_again = api.client.post(f"/api/v1/disputes/{dispute}/ruling", json=ruling, headers=ruling_headers)

    assert opened_again.get_data() == opened.get_data() and opened_again.get_json()["status"] == "open"
    assert ruled_again.get_data() == ruled.get_data() and ruled_again.get_json()["appeals"] == 0
    assert api.client.get(f"/api/v1/disputes/{dispute}").get_json()["appeals"] == 1


def test_corrected_game_imports_with_every_action_consistent_when_its_record_is_exported(api: Api) -> None:
    game, red = _table_game(api)
    dispute = _open(api, game, red).get_json()["id"]
    assert api.act(game, "organiser", type="end_game", data={"winners": ["blue"]}).status_code == 201
    reroll = {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [5]}}
    assert _rule(api, dispute, "overturned", corrected_action=reroll).status_code == 201
    appealed = api.client.post(f"/api/v1/disputes/{dispute}/appeal", json={"claim": "the 6"}, headers=bearer(red))
    assert appealed.status_code == 201
    assert _rule(api, dispute, "upheld", reasoning="on appeal: the 6 stands").status_code == 201
    record = api.client.get(f"/api/v1/games/{game}/export", headers=api.headers()).get_data(as_text=True)

    response = api.client.post(
        "/api/v1/games/import", data=record.encode(), headers=api.headers(**{"Content-Type": "application/x-ndjson"})
    )

    assert response.status_code == 201, response.get_json()
    report = response.get_json()
    # Four recorded actions (move, roll, roll, end) and three correction batches (the overturn's strike and
    # re-roll, the appeal's strike), each re-decided as the rules give it.
    assert report["findings"] == {"consistent": 7, "deviates": 0, "unverifiable": 0}
    assert _state(api, report["game"]) == _state(api, game)
    assert _state(api, game)["last"]["red"]["data"]["faces"] == [6]
