"""cedofan_kards_bs game creation, data validation, dice modes and views through the public HTTP API."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem, assert_refused
from tests.conftest import Api
from tests.domain.cedofan_kards_bs.builders import OPTIONS, army, board_doc, city

SEATS = [{"seat": "zapad"}, {"seat": "rudern"}, {"seat": "stiny"}, {"seat": "ostius"}]


def _create(api: Api, **body: Any) -> Any:
    payload = {"ruleset": "cedofan_kards_bs", "seats": SEATS, "board": "demonstration", "options": OPTIONS, **body}
    return api.client.post("/api/v1/games", json=payload, headers=api.headers())


def test_422_naming_each_value_the_seed_does_not_give_when_the_creator_leaves_it_out(api: Api) -> None:
    problem = assert_problem(_create(api, options={}), 422)
    messages = " ".join(problem["errors"]["options"])
    assert "options.giant_repelled_influence: required" in messages
    assert "options.recruit_cost: required" in messages


def test_422_naming_the_offending_table_entry_when_the_unit_or_leader_table_is_malformed(api: Api) -> None:
    options = {**OPTIONS, "unit_bs": {"army": 1, "dragon": 9}, "leader_bonus": {"robert": -3}, "loss_model": "all"}
    messages = assert_problem(_create(api, options=options), 422)["errors"]["options"]
    assert any(m.startswith("options.unit_bs.dragon: unknown unit kind") for m in messages)
    assert any(m.startswith("options.unit_bs.fanatic: missing") for m in messages)
    assert any(m.startswith("options.leader_bonus.robert: expected a whole number") for m in messages)
    assert any(m.startswith("options.loss_model:") for m in messages)


def test_422_when_the_turn_order_does_not_list_the_seats(api: Api) -> None:
    problem = assert_problem(_create(api, options={**OPTIONS, "turn_order": ["zapad", "rudern"]}), 422)
    assert any(m.startswith("options.turn_order:") for m in problem["errors"]["seats"])


def test_400_naming_the_offending_board_entries_when_the_map_data_is_incomplete(api: Api) -> None:
    board = board_doc(
        regions={"r-a": {"swamp": "yes"}, "r-b": {}, "r-g": {"giants": True}},
        cities={"c-a": city("r-a", "a", capital_of="a"), "c-b": {"owner": "b"}},
        factions={"a": {"capital": "c-a", "ruler": "ak"}, "b": {"capital": "c-nowhere", "ruler": "bk"}},
        armies=[army("x", "a", "r-a", army=2, dragon=1)],
    )
    del board["attributes"]["giant_targets"]
    response = _create(api, board=board, seats=[{"seat": "a"}, {"seat": "b"}])
    messages = " | ".join(assert_problem(response, 400)["errors"]["board"])
    assert "areas[0].attributes.swamp: expected true or false" in messages
    assert "attributes.admin_region: None is not a region" in messages
    assert "attributes.factions.b.capital: 'c-nowhere' is not a city" in messages
    assert "attributes.armies[0].units.dragon: unknown unit kind" in messages
    assert "attributes.giant_targets: required" in messages


def test_options_with_the_catalog_defaults_are_recorded_in_game_created_when_a_game_is_created(api: Api) -> None:
    created = _create(api)
    assert created.status_code == 201, created.get_json()
    game = created.get_json()["id"]
    first = api.client.get(f"/api/v1/games/{game}/events").get_json()["items"][0]
    assert first["type"] == "GameCreated"
    assert first["data"]["options"] == {
        "loss_model": "survivors",
        "pirate_dice": False,
        "unit_bs": {"army": 1, "fanatic": 2, "ship": 2, "catapult": 0, "shade": 0, "giant": 5, "fire_sword": 0},
        "leader_bonus": {"robert": 3, "rim": 3, "kalame": 1, "petros": 1, "jaromir": 1},
        "turn_order": None,
        "territory_measure": "regions",
        "giant_repelled_influence": 2,
        "recruit_cost": 1,
    }


def test_the_demonstration_board_is_listed_and_labelled_when_the_ruleset_is_read(api: Api) -> None:
    ruleset = api.client.get("/api/v1/rulesets/cedofan_kards_bs").get_json()
    assert "demonstration" in ruleset["boards"]
    game = _create(api).get_json()
    board = api.client.get(f"/api/v1/boards/{game['board']}").get_json()["document"]
    assert board["attributes"]["demonstration"] is True and "Demonstration" in board["name"]


def test_every_seat_and_spectators_see_the_same_table_when_nothing_is_hidden(api: Api) -> None:
    game = _create(api).get_json()["id"]
    api.act(game, type="start_round", seat=None, data={})
    views = [
        api.client.get(f"/api/v1/games/{game}/state?as={who}", headers=api.headers()).get_json()["state"]["rules"]
        for who in ("zapad", "spectator")
    ]
    assert views[0] == views[1]
    assert views[0]["phase"] == "supply" and views[0]["armies"]["r-main"]["leaders"] == ["robert"]


def test_server_dice_decide_the_storm_and_entered_faces_are_refused_when_the_service_rolls(any_api: Api) -> None:
    response = _create(any_api, dice="server")
    assert response.status_code == 201
    game = response.get_json()["id"]
    for action in (
        {"type": "start_round"},
        {"type": "begin_turns"},
        {"type": "end_turn", "seat": "zapad"},
        {"type": "move_army", "seat": "rudern", "data": {"army": "r-main", "path": ["r-jezerni"]}},
        {"type": "start_siege", "seat": "rudern", "data": {"army": "r-main", "city": "c-jezerni"}},
        {"type": "end_turn", "seat": "rudern"},
        {"type": "end_turn", "seat": "stiny"},
        {"type": "end_turn", "seat": "ostius"},
        {"type": "start_round"},
        {"type": "begin_turns"},
        {"type": "end_turn", "seat": "zapad"},
    ):
        done = any_api.act(game, type=action["type"], seat=action.get("seat"), data=action.get("data", {}))
        assert done.status_code == 201, done.get_json()
    storm = {"army": "r-main", "city": "c-jezerni"}
    assert_refused(any_api.act(game, type="storm_city", seat="rudern", data={**storm, "dice": [6, 1]}), "CORE-DICE-2")
    events = any_api.act(game, type="storm_city", seat="rudern", data=storm).get_json()["events"]
    rolled = next(e["data"] for e in events if e["type"] == "DiceRolled")
    battle = next(e["data"] for e in events if e["type"] == "BattleResolved")
    assert battle["dice"] == rolled["faces"] and len(rolled["faces"]) == 2
    # Robert's 9 army units (+3) against 2 defenders left after a year of siege, walls doubling them.
    assert battle["values"] == [(9 + 3 + rolled["faces"][0]) // 4, (2 + 1 + 2 + rolled["faces"][1]) // 4]
    assert all(e["notation"] and e["notation"] != e["type"] for e in events)


def _march_beyond_the_treasury(api: Api, mode: str) -> tuple[str, Any]:
    board = board_doc(
        regions={"r1": {}, "r2": {"swamp": True}, "r-a": {}, "r-b": {}},
        cities={"c-a": city("r-a", "a", capital_of="a"), "c-b": city("r-b", "b", capital_of="b")},
        land=[("r1", "r2")],
        factions={"a": {"capital": "c-a", "ruler": "ak", "supplies": 1}, "b": {"capital": "c-b", "ruler": "bk"}},
        armies=[army("aa", "a", "r1", army=3)],
    )
    game = _create(api, board=board, seats=[{"seat": "a"}, {"seat": "b"}], mode=mode, dice="table").get_json()["id"]
    api.act(game, type="start_round", seat=None, data={})
    api.act(game, type="begin_turns", seat=None, data={})
    return game, api.act(game, type="move_army", seat="a", data={"army": "aa", "path": ["r2"]})


def test_422_citing_kbs_mov_2_when_an_adjudicated_march_costs_more_than_the_treasury(api: Api) -> None:
    _, response = _march_beyond_the_treasury(api, "adjudicated")
    assert "costs 2 supplies; 'a' has 1" in assert_refused(response, "KBS-MOV-2")["detail"]


def test_march_recorded_with_a_kbs_mov_2_deviation_when_a_transcript_records_it(api: Api) -> None:
    game, response = _march_beyond_the_treasury(api, "transcript")
    assert response.status_code == 201
    assert [d["rule_id"] for d in response.get_json()["deviations"]] == ["KBS-MOV-2"]
    rules = api.client.get(f"/api/v1/games/{game}/state").get_json()["state"]["rules"]
    assert rules["armies"]["aa"]["at"] == "r2" and rules["factions"]["a"]["supplies"] == 0
