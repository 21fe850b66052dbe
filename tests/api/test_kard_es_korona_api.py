"""Kard és Korona through the public HTTP API: the worked examples E1, E2, E4, E5, E6 and the setup flow."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import assert_problem, assert_refused
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

PTD = ["pannonia", "tiszahat", "delvidek"]


def create(api: Api, board: Any = "basic", seats: list[str] | None = None, **options: Any) -> str:
    game = api.create_game(
        ruleset="kard_es_korona",
        variant="basic",
        options={"variant": "basic", **options},
        board=board,
        seats=[{"seat": s} for s in (seats or PTD)],
        dice="table",
        mode="adjudicated",
    )
    return str(game["id"])


def adjust(api: Api, game: str, **values: Any) -> None:
    changes = [{"op": "set", "path": f"/{key}", "value": value} for key, value in values.items()]
    # A worked example's position skips what the setup would have done (neutral pieces, step allowances):
    # CORE-ADJUST-3 refuses it unless the arbiter forces it.
    response = api.act(
        game, "arbiter", type="adjust", data={"changes": changes, "reason": "worked example position", "force": True}
    )
    assert response.status_code == 201, response.get_json()


def act(api: Api, game: str, type: str, seat: str | None, **data: Any) -> Any:
    return api.act(game, "organiser", type=type, seat=seat, data=data)


def ok(response: Any) -> list[dict[str, Any]]:
    assert response.status_code == 201, response.get_json()
    events: list[dict[str, Any]] = response.get_json()["events"]
    return events


def state(api: Api, game: str) -> dict[str, Any]:
    body = api.client.get(f"/api/v1/games/{game}/state?as=spectator", headers=api.headers()).get_json()
    rules: dict[str, Any] = body["state"]["rules"]
    return rules


def test_setup_flow_through_the_api_ends_in_1301_with_garrisons(api: Api) -> None:
    game = create(api, seats=["felvidek", "erdely", "szlavonia"])
    ok(act(api, game, "roll_for_first_player", None, dice=[6, 2, 3]))
    start = {
        "felvidek": (
            "trencsen",
            {
                "trencsen": {"infantry": 2, "archer": 1, "cavalry": 1},
                "pozsony": {"infantry": 2, "archer": 1, "cavalry": 1},
                "nyitra": {"infantry": 1, "archer": 2, "cavalry": 1},
            },
        ),
        "erdely": (
            "kolozs",
            {
                "kolozs": {"infantry": 2, "archer": 1, "cavalry": 1},
                "feher": {"infantry": 2, "archer": 1, "cavalry": 1},
                "torda": {"infantry": 1, "archer": 2, "cavalry": 1},
            },
        ),
        "szlavonia": (
            "zagrab",
            {
                "zagrab": {"infantry": 2, "archer": 1, "cavalry": 1},
                "varasd": {"infantry": 2, "archer": 1, "cavalry": 1},
                "koros": {"infantry": 1, "archer": 2, "cavalry": 1},
            },
        ),
    }
    refused = act(api, game, "place_forces", "erdely", lord="kolozs", placements=start["erdely"][1])
    assert_refused(refused, "KK-TURN-3")  # felvidek rolled highest and places first
    for seat, (lord, placed) in start.items():
        ok(act(api, game, "place_forces", seat, lord=lord, placements=placed))
    rules = state(api, game)
    assert rules["phase"] == "neutral_placement"
    assert rules["units"]["bihar"] == {"royal": {"cavalry": 1}}
    assert_refused(act(api, game, "place_neutral_piece", "felvidek", county="szepes", arm="cavalry"), "KK-SETUP-10")


def test_kk_econ_1_to_4_treasurer_income_e6_through_the_api(api: Api) -> None:
    game = create(api)
    red = "pannonia"
    one = {red: {"infantry": 1}}
    units = {c: one for c in ("gyor", "vas", "zala", "veszprem", "tolna", "kunsag")}
    control = {c: red for c in ("gyor", "vas", "sopron", "somogy", "zala", "veszprem", "tolna", "kunsag")}
    adjust(api, game, phase="event", year=1305, starting_player=red, turn=red, units=units, control=control)
    adjust(api, game, offices={"judge_royal": None, "treasurer": red, "palatine": None})
    events = ok(act(api, game, "draw_event", red, card="veres_kard"))
    [income] = [e for e in events if e["type"] == "IncomeCollected"]
    entry = next(e for e in income["data"]["entries"] if e["seat"] == red)
    assert (entry["castle_income"], entry["county_income"], entry["province_bonus"], entry["total"]) == (10, 4, 4, 18)
    assert state(api, game)["treasury"][red] == 18
    assert state(api, game)["phase"] == "recruit"


def test_kk_recruit_4_no_infantry_fits_and_an_archer_costs_5_e4_through_the_api(api: Api) -> None:
    game = create(api)
    red = "pannonia"
    units = {
        "gyor": {red: {"infantry": 4, "archer": 1, "cavalry": 1}},
        "vas": {red: {"infantry": 4, "archer": 2, "cavalry": 1}},
    }
    control = {"gyor": red, "vas": red}
    adjust(api, game, phase="recruit", year=1304, starting_player=red, turn=red, units=units, control=control)
    adjust(api, game, treasury={red: 30, "tiszahat": 0, "delvidek": 0})
    two = [{"castle": "gyor", "arm": "infantry", "count": 2}]
    body = assert_refused(act(api, game, "recruit", red, purchases=two), "KK-CASTLE-2")
    assert [v["rule_id"] for v in body["violations"]] == ["KK-CASTLE-2", "KK-RECRUIT-4"]
    one = [{"castle": "gyor", "arm": "infantry", "count": 1}]
    body = assert_refused(act(api, game, "recruit", red, purchases=one), "KK-CASTLE-3")  # 5 infantry of 7 > 4
    assert [v["rule_id"] for v in body["violations"]] == ["KK-CASTLE-3", "KK-RECRUIT-4"]
    assert_refused(
        act(api, game, "recruit", red, purchases=[{"castle": "zala", "arm": "archer", "count": 1}]), "KK-RECRUIT-3"
    )
    events = ok(act(api, game, "recruit", red, purchases=[{"castle": "gyor", "arm": "archer", "count": 1}]))
    assert [e["type"] for e in events][:3] == ["UnitsRecruited", "RecruitmentFinished", "RecruitmentFinished"]
    assert events[0]["data"]["total_cost"] == 5
    rules = state(api, game)
    assert rules["treasury"][red] == 25
    assert rules["units"]["gyor"][red] == {"cavalry": 1, "infantry": 4, "archer": 2}
    assert rules["phase"] == "movement"  # the others hold no castle and recruit nothing


def movement_position(api: Api, units: dict[str, Any], lords: dict[str, Any]) -> str:
    game = create(api, board=province_board("basic"))
    control = {c: next(iter(by)) for c, by in units.items()}
    adjust(
        api,
        game,
        phase="movement",
        year=1301,
        starting_player="pannonia",
        turn="pannonia",
        units=units,
        control=control,
    )
    adjust(api, game, lords=lords, allowances=dict.fromkeys(PTD, 4), steps_taken=dict.fromkeys(PTD, 0))
    return game


def test_kk_move_2_kk_move_8_river_into_swamp_e5_through_the_api(api: Api) -> None:
    red = "pannonia"
    units = {
        "pannonia_a": {red: {"infantry": 1, "cavalry": 1}},
        "pannonia_d": {red: {"infantry": 1}},
        "pannonia_k1": {red: {"infantry": 1}},
    }
    game = movement_position(api, units, {red: "pannonia_k1", "tiszahat": None, "delvidek": None})
    both = [{"from": "pannonia_a", "units": {"infantry": 1, "cavalry": 1}, "path": ["pannonia_b"]}]
    body = assert_refused(act(api, game, "move", red, to="pannonia_b", groups=both), "KK-MOVE-9")
    assert [v["rule_id"] for v in body["violations"]] == ["KK-MOVE-9", "KK-MOVE-2"]
    assert body["violations"][0]["details"]["field"] == "data.groups[0].path"
    groups = [
        {"from": "pannonia_a", "units": {"cavalry": 1}, "path": ["pannonia_b"]},
        {"from": "pannonia_d", "units": {"infantry": 1}, "path": ["pannonia_b"]},
    ]
    events = ok(act(api, game, "move", red, to="pannonia_b", groups=groups))
    assert [g["mp"] for g in events[0]["data"]["groups"]] == [3, 2]
    rules = state(api, game)
    assert rules["units"]["pannonia_b"][red] == {"cavalry": 1, "infantry": 1}
    assert rules["steps_taken"][red] == 1 and rules["turn"] == "tiszahat"


def guards() -> dict[str, Any]:
    return {f"{s}_k2": {s: {"infantry": 1}} for s in PTD}


def pass_all(api: Api, game: str) -> list[dict[str, Any]]:
    events = ok(act(api, game, "pass", "tiszahat"))
    events += ok(act(api, game, "pass", "delvidek"))
    return events + ok(act(api, game, "pass", "pannonia"))


def test_kk_battle_5_open_battle_no_volley_e1_through_the_api(api: Api) -> None:
    units = {**guards(), "pest": {"pannonia": {"cavalry": 3}}, "fejer": {"tiszahat": {"archer": 2, "infantry": 2}}}
    game = movement_position(api, units, {s: f"{s}_k2" for s in PTD})
    ok(act(api, game, "move", "pannonia", to="fejer", groups=[{"from": "pest", "units": {"cavalry": 3}}]))
    started = pass_all(api, game)
    assert started[-1]["type"] == "BattleStarted" and started[-1]["data"]["exchange"] == "full"
    rolled = ok(act(api, game, "fight_exchange", "pannonia", dice=[5, 4, 1, 6, 5, 6, 2]))
    assert [e["data"]["faces"] for e in rolled if e["type"] == "DiceRolled"] == [[5, 4, 1], [6, 5], [6, 2]]
    assert_refused(act(api, game, "fight_exchange", "pannonia", dice=[1]), "KK-BATTLE-9")
    assert_refused(act(api, game, "assign_casualties", "pannonia", casualties={"archer": 1}), "KK-BATTLE-11")
    ok(act(api, game, "assign_casualties", "pannonia", casualties={"infantry": 2}))
    rules = state(api, game)
    assert rules["units"]["fejer"] == {"pannonia": {"cavalry": 1}, "tiszahat": {"archer": 2}}
    last = ok(act(api, game, "fight_exchange", "pannonia", dice=[4, 3, 6]))
    [ended] = [e for e in last if e["type"] == "BattleEnded"]
    assert ended["data"]["result"] == "defender_won"
    assert state(api, game)["units"]["fejer"] == {"tiszahat": {"archer": 1}}


def test_kk_siege_6_last_infantry_falls_no_assault_e2_through_the_api(api: Api) -> None:
    units = {
        **guards(),
        "pest": {"pannonia": {"infantry": 2, "archer": 1, "cavalry": 3}},
        "delvidek_k1": {"delvidek": {"archer": 2, "infantry": 1, "cavalry": 1}},
    }
    game = movement_position(api, units, {"pannonia": "pest", "tiszahat": "tiszahat_k2", "delvidek": "delvidek_k2"})
    attack = [{"from": "pest", "units": {"infantry": 1, "archer": 1, "cavalry": 3}}]
    ok(act(api, game, "move", "pannonia", to="delvidek_k1", groups=attack))
    pass_all(api, game)
    assert_refused(act(api, game, "fight_exchange", "pannonia", dice=[5]), "CORE-DICE-1")
    rolled = ok(act(api, game, "fight_exchange", "pannonia", dice=[5, 2]))
    assert rolled[-1]["type"] == "ExchangeRolled" and rolled[-1]["data"]["pending"][0]["chooser"] == "delvidek"
    events = ok(act(api, game, "assign_casualties", "delvidek", casualties={"infantry": 1}))
    kinds = [e["type"] for e in events]
    assert kinds[:5] == ["CasualtiesAssigned", "CasualtiesRemoved", "SiegeAbandoned", "UnitsWithdrawn", "BattleEnded"]
    rules = state(api, game)
    assert rules["units"]["delvidek_k1"] == {"delvidek": {"cavalry": 1, "infantry": 1, "archer": 2}}
    assert rules["units"]["pest"] == {"pannonia": {"cavalry": 3, "infantry": 1, "archer": 1}}
    assert rules["year"] == 1302


def test_transcript_records_a_recruitment_over_the_castle_limit_with_its_deviation(api: Api) -> None:
    game = api.create_game(
        ruleset="kard_es_korona",
        variant="basic",
        options={"variant": "basic"},
        board="basic",
        seats=[{"seat": s} for s in PTD],
        dice="table",
        mode="transcript",
    )["id"]
    red = "pannonia"
    adjust(api, game, phase="recruit", year=1302, starting_player=red, turn=red)
    adjust(api, game, units={"gyor": {red: {"infantry": 4, "archer": 1, "cavalry": 1}}}, control={"gyor": red})
    adjust(api, game, treasury={red: 10, "tiszahat": 0, "delvidek": 0})
    response = act(api, game, "recruit", red, purchases=[{"castle": "gyor", "arm": "infantry", "count": 1}])
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert [d["rule_id"] for d in body["deviations"]] == ["KK-CASTLE-3", "KK-RECRUIT-4"]
    assert state(api, game)["units"]["gyor"][red] == {"cavalry": 1, "infantry": 5, "archer": 1}


def test_422_names_the_option_when_the_variant_is_missing_and_the_board_names_none(api: Api) -> None:
    board = province_board("basic")  # a board document: no shipped map's name to take the variant from
    body = {"ruleset": "kard_es_korona", "board": board, "seats": [{"seat": s} for s in PTD], "options": {}}
    response = api.client.post("/api/v1/games", json=body, headers=api.headers())
    assert response.status_code == 422
    assert "options.variant" in str(response.get_json())


@pytest.mark.parametrize("board", ["basic", "advanced"])
def test_kk_gen_1_a_shipped_map_names_the_variant_when_none_is_given(api: Api, board: str) -> None:
    # KK-GEN-1: each variant is played on its own side of the map, so the map chosen says which game it is.
    body = {"ruleset": "kard_es_korona", "board": board, "seats": [{"seat": s} for s in PTD]}
    created = api.client.post("/api/v1/games", json=body, headers=api.headers())
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["variant"] == board and created.get_json()["options"]["variant"] == board


def test_setup_and_server_dice_first_player_on_every_backend(any_api: Api) -> None:
    game = any_api.create_game(
        ruleset="kard_es_korona",
        variant="basic",
        options={"variant": "basic"},
        board="basic",
        seats=[{"seat": s} for s in PTD],
        dice="server",
    )["id"]
    events = ok(any_api.act(game, "organiser", type="roll_for_first_player", seat=None, data={}))
    assert events[-1]["type"] == "StartingPlayerChosen"
    assert events[-1]["data"]["seat"] in PTD
    assert "starting player of 1301" in events[-1]["notation"]


def test_kk_lord_2_kk_lord_3_lords_bonus_and_losing_it_e7_through_the_api(api: Api) -> None:
    units = {
        **guards(),
        "pest": {"pannonia": {"infantry": 2, "cavalry": 2}},
        "fejer": {"tiszahat": {"cavalry": 3, "archer": 1}},
    }
    game = movement_position(api, units, {"pannonia": "pest", "tiszahat": "tiszahat_k2", "delvidek": "delvidek_k2"})
    attack = [{"from": "pest", "units": {"infantry": 2, "cavalry": 2}, "lord": True}]
    ok(act(api, game, "move", "pannonia", to="fejer", groups=attack))
    pass_all(api, game)
    assert_refused(act(api, game, "fight_exchange", "pannonia", dice=[5]), "KK-LORD-2")
    ok(act(api, game, "lead_arm", "pannonia", arm="infantry"))
    ok(act(api, game, "fight_exchange", "pannonia", dice=[5]))
    melee = ok(act(api, game, "fight_exchange", "pannonia", dice=[6, 2, 4, 4, 5, 1]))
    assert "LordBonusLost" in [e["type"] for e in melee]
    ok(act(api, game, "fight_exchange", "pannonia", dice=[6, 5, 6, 3]))
    last = ok(act(api, game, "fight_exchange", "pannonia", dice=[6, 2]))
    assert next(e for e in last if e["type"] == "BattleEnded")["data"]["result"] == "attacker_won"
    rules = state(api, game)
    assert rules["units"]["fejer"] == {"pannonia": {"cavalry": 1}}
    assert rules["lords"]["pannonia"] == "fejer" and rules["control"]["fejer"] == "pannonia"


def test_kk_siege_1_kk_neutral_3_neutral_castle_defeats_a_lord_e8_through_the_api(api: Api) -> None:
    seats = ["tiszahat", "pannonia", "delvidek"]  # Blue, Red, Green in seating order
    game = create(api, board=province_board("basic"), seats=seats)
    units = {
        **guards(),
        "fejer": {"pannonia": {"cavalry": 2}},
        "pest": {"royal": {"cavalry": 1, "infantry": 1, "archer": 1}},
    }
    control = {c: next(iter(by)) for c, by in units.items()}
    adjust(
        api,
        game,
        phase="movement",
        year=1304,
        starting_player="tiszahat",
        turn="tiszahat",
        units=units,
        control=control,
    )
    lords = {"pannonia": "fejer", "tiszahat": "tiszahat_k2", "delvidek": "delvidek_k2"}
    adjust(api, game, lords=lords, allowances=dict.fromkeys(seats, 4), steps_taken=dict.fromkeys(seats, 0))
    ok(act(api, game, "pass", "tiszahat"))
    ok(act(api, game, "move", "pannonia", to="pest", groups=[{"from": "fejer", "units": {"cavalry": 2}, "lord": True}]))
    ok(act(api, game, "pass", "delvidek"))
    ok(act(api, game, "pass", "pannonia"))
    ok(act(api, game, "lead_arm", "pannonia", arm="cavalry"))
    archers = ok(act(api, game, "fight_exchange", "tiszahat", dice=[4]))
    assert [e["data"]["seat"] for e in archers if e["type"] == "DiceRolled"] == ["tiszahat"]
    ok(act(api, game, "fight_exchange", "tiszahat", dice=[4, 2, 6]))
    assert_refused(act(api, game, "assign_casualties", "pannonia", casualties={"archer": 2}), "KK-BATTLE-11")
    events = ok(act(api, game, "assign_casualties", "pannonia", casualties={"archer": 1}))
    defeated = next(e for e in events if e["type"] == "LordDefeated")
    assert defeated["data"]["by_owner"] == "royal"
    assert state(api, game)["units"]["pest"] == {"royal": {"cavalry": 1, "infantry": 1}}


def test_kk_gen_1_game_is_422_when_the_variant_does_not_match_the_board(api: Api) -> None:
    seats = [{"seat": s} for s in ("felvidek", "erdely", "szlavonia")]
    body = {"ruleset": "kard_es_korona", "options": {"variant": "advanced"}, "board": "basic", "seats": seats}

    response = api.client.post("/api/v1/games", json=body, headers=api.headers())

    problem = assert_problem(response, 422)
    assert "game" in problem["errors"] and "KK-GEN-1" in problem["errors"]["game"][0]


def test_kk_gen_1_top_level_variant_is_the_variant_option_when_created(api: Api) -> None:
    seats = [{"seat": s} for s in ("felvidek", "erdely", "szlavonia")]
    body = {"ruleset": "kard_es_korona", "variant": "basic", "board": "basic", "seats": seats}

    created = api.client.post("/api/v1/games", json=body, headers=api.headers())

    assert created.status_code == 201, created.get_json()
    assert created.get_json()["variant"] == "basic" and created.get_json()["options"]["variant"] == "basic"


def test_kk_game_without_a_board_is_422_naming_the_board(api: Api) -> None:
    seats = [{"seat": s} for s in ("felvidek", "erdely", "szlavonia")]
    body = {"ruleset": "kard_es_korona", "variant": "basic", "seats": seats}

    problem = assert_problem(api.client.post("/api/v1/games", json=body, headers=api.headers()), 422)
    assert "board" in problem["errors"]
