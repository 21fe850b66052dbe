"""cedofan_rv over HTTP beyond the worked examples: server dice, transcript deviations, views, notation, relief."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_cedofan_rv_examples import RvGame, of
from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, C, board, city, noble, troops


def _field(api: Api, **body: Any) -> RvGame:
    pieces = [
        noble("g1", A, "r", purse=2),
        *troops("ai", 4, "infantry", A, "r", "g1"),
        noble("n2", B, "r", purse=3),
        *troops("bi", 3, "infantry", B, "r", "n2"),
    ]
    areas = {"r": {}, "b_city": city(B), "a_city": city(A)}
    game = RvGame(api, board(areas, [("r", "b_city", "passable", 2), ("r", "a_city", "passable", 1)], pieces), **body)
    game.impulse(A)
    return game


def test_server_dice_roll_every_die_of_a_field_battle_when_the_service_rolls(any_api: Api) -> None:
    game = _field(any_api, dice="server")

    response = game.post(A, "attack", nobles=["g1"])

    assert response.status_code == 201, response.get_json()
    events = response.get_json()["events"]
    rolls = of(events, "DiceRolled")
    assert [(r["side"], len(r["faces"])) for r in rolls] == [("attacker", 5), ("defender", 4)]
    assert rolls[1]["first_k"] == rolls[0]["first_k"] + 5
    hits = {h["side"]: h["hits"] for h in of(events, "HitsApplied")}
    assert hits["defender"] == sum(1 for f in rolls[0]["faces"] if f >= 5)
    assert hits["attacker"] == sum(1 for f in rolls[1]["faces"] if f >= 5)
    assert all(isinstance(e.get("notation"), str) and e["notation"] for e in events)


def test_server_dice_refuse_entered_faces(api: Api) -> None:
    assert_refused(_field(api, dice="server").post(A, "attack", dice=[6] * 9, nobles=["g1"]), "CORE-DICE-2")


def test_table_dice_must_be_all_used_when_entered(api: Api) -> None:
    assert_refused(_field(api).post(A, "attack", dice=[6] * 8, nobles=["g1"]), "CORE-DICE-1")


def test_transcript_mode_records_a_premature_storm_with_its_deviation(api: Api) -> None:
    pieces = [noble("h", A, "r", "house_head"), *troops("a", 3, "infantry", A, "r", "h")]
    pieces += troops("d", 2, "infantry", B, "c")
    areas = {"r": {}, "c": city(B), "home": city(A)}
    game = RvGame(
        api, board(areas, [("r", "c", "passable", 1), ("r", "home", "passable", 1)], pieces), mode="transcript"
    )
    game.impulse(A)
    game.ok(A, "start_siege", place="c", nobles=["h"])

    response = game.post(A, "storm_place", dice=[1, 1, 1, 1], place="c")

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert [d["rule_id"] for d in body["deviations"]] == ["RV-STM-1"]
    assert "StormCalled" in [e["type"] for e in body["events"]]


def test_refusal_cites_the_rule_with_its_czech_source(api: Api) -> None:
    game = _field(api)
    body = assert_refused(game.post(B, "attack", nobles=["n2"]), "RV-TURN-1")
    assert body["violations"][0]["details"]["field"] == "seat"
    body = assert_refused(game.post(A, "move_banner", noble="n2", path=["b_city"], units=[]), "RV-NOB-1")
    assert body["violations"][0]["details"]["field"] == "data.noble"


def test_purses_are_seen_only_by_their_owner_and_the_arbiter(api: Api) -> None:
    game = _field(api)

    own, _ = game.seen_by(A)
    other, _ = game.seen_by(B)
    outsider, _ = game.seen_by(C)

    assert own["purses"] == {"g1": 2, "n2": "sealed"}
    assert other["purses"] == {"g1": "sealed", "n2": 3}
    assert outsider["purses"] == {"g1": "sealed", "n2": "sealed"}
    assert game.full()["purses"] == {"g1": 2, "n2": 3}


def test_relief_drives_off_the_besiegers_and_their_loot_slip_reaches_the_relief(api: Api) -> None:
    pieces = [
        noble("ha", A, "r", "house_head", purse=4),
        *troops("a", 3, "infantry", A, "r", "ha"),
        noble("gc", B, "c"),
        *troops("c", 2, "infantry", B, "c", "gc"),
        noble("gw", B, "w"),
        *troops("w", 3, "infantry", B, "w", "gw"),
    ]
    areas = {"r": {}, "c": city(B), "w": {}, "a_home": city(A)}
    edges = [("r", "c", "passable", 1), ("c", "w", "passable", 1), ("r", "a_home", "passable", 2)]
    game = RvGame(api, board(areas, edges, pieces))
    game.impulse(A)
    game.ok(A, "start_siege", place="c", nobles=["ha"])
    game.impulse(B)

    events = game.ok(B, "relieve_siege", dice=[6, 6, 6, 1, 1, 1, 1, 1], place="c", nobles=["gw"], joining=[])

    assert of(events, "BattleResolved")[0]["winner"] == B
    assert of(events, "BesiegersWithdrew")[0]["rule_ids"] == ["RV-REL-4"]
    assert of(events, "PiecesRetreated")[0]["to"] == "a_home"
    round_id = of(events, "SealedRoundOpened")[0]["round"]
    assert game.seal(A, round_id, {"amount": 4}).status_code == 201
    state = game.full()
    assert state["sieges"] == {} and state["treasuries"][B] == 20 + 1 + 4  # RV-ECO-4 in round 1, then the slip


def test_shipped_demonstration_board_can_be_named_at_creation(api: Api) -> None:
    created = api.create_game(
        ruleset="cedofan_rv", board="demonstration", options=FIXTURE_OPTIONS, seats=[{"seat": A}, {"seat": B}]
    )
    state = api.client.get(f"/api/v1/games/{created['id']}/state?as=arbiter", headers=api.headers()).get_json()
    assert state["state"]["state"]["places"]["brod"]["owner"] == B
