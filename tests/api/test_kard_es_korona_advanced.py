"""Kard és Korona's advanced rules through the public HTTP API: a pinning pass-through (KK-ADV-1/2) and a retreat
with pursuit and obstacle halving (KK-ADV-5/6/9/11). Positions are set with the arbiter's `adjust`."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_kard_es_korona_api import act, ok
from tests.api.test_kard_es_korona_api import state as rules
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

PTD = ["pannonia", "tiszahat", "delvidek"]
RED, BLUE, YELLOW = PTD


def advanced_movement(api: Api, units: dict[str, Any]) -> str:
    """An advanced game in 1301's movement phase with these units (and a guard in each k2), Red to step."""
    game = api.create_game(
        ruleset="kard_es_korona",
        variant="advanced",
        options={"variant": "advanced"},
        board=province_board("advanced"),
        seats=[{"seat": s} for s in PTD],
        dice="table",
        mode="adjudicated",
    )
    game_id = str(game["id"])
    units = {**{f"{s}_k2": {s: {"infantry": 1}} for s in PTD}, **units}
    position = {
        "phase": "movement",
        "year": 1301,
        "starting_player": RED,
        "turn": RED,
        "units": units,
        "control": {c: next(iter(by)) for c, by in units.items()},
        "lords": {s: f"{s}_k2" for s in PTD},
        "allowances": dict.fromkeys(PTD, 4),
        "steps_taken": dict.fromkeys(PTD, 0),
    }
    changes = [{"op": "set", "path": f"/{key}", "value": value} for key, value in position.items()]
    # A worked example's position skips what the setup would have done (neutral pieces, step allowances):
    # CORE-ADJUST-3 refuses it unless the arbiter forces it.
    response = api.act(
        game_id, "arbiter", type="adjust", data={"changes": changes, "reason": "advanced position", "force": True}
    )
    assert response.status_code == 201, response.get_json()
    return game_id


def move(api: Api, game: str, seat: str, to: str, origin: str, units: dict[str, int], path: list[str]) -> Any:
    return act(api, game, "move", seat, to=to, groups=[{"from": origin, "units": units, "path": path}])


def test_kk_adv_1_kk_adv_2_cavalry_crosses_a_pinned_county_through_the_api(api: Api) -> None:
    units = {"pest": {RED: {"infantry": 2, "cavalry": 1}}, "fejer": {BLUE: {"infantry": 1}}}
    game = advanced_movement(api, units)
    assert_refused(move(api, game, RED, "kunsag", "pest", {"cavalry": 1}, ["fejer", "kunsag"]), "KK-MOVE-11")
    attack = ok(move(api, game, RED, "fejer", "pest", {"infantry": 2}, ["fejer"]))
    [pinned] = [e for e in attack if e["type"] == "CountyPinned"]
    assert pinned["data"]["pinned"] is True  # 2 attackers against 1 defender
    ok(act(api, game, "pass", BLUE))
    ok(act(api, game, "pass", YELLOW))
    crossing = ok(move(api, game, RED, "kunsag", "pest", {"cavalry": 1}, ["fejer", "kunsag"]))
    assert crossing[0]["data"]["pass_through_pinned"] == ["fejer"]
    battles = ok(act(api, game, "pass", RED))
    assert [e["type"] for e in battles if e["type"] == "BattleStarted"] == ["BattleStarted"]  # the pinned one
    state = rules(api, game)
    assert state["units"]["kunsag"] == {RED: {"cavalry": 1}}
    assert state["units"]["fejer"] == {RED: {"infantry": 2}, BLUE: {"infantry": 1}}


def test_kk_adv_6_kk_adv_9_kk_adv_11_retreat_into_a_swamp_is_pursued_then_halved_through_the_api(api: Api) -> None:
    units = {"pannonia_a": {RED: {"infantry": 3}}, "pannonia_d": {BLUE: {"infantry": 3, "cavalry": 2}}}
    game = advanced_movement(api, units)
    ok(move(api, game, RED, "pannonia_d", "pannonia_a", {"infantry": 3}, ["pannonia_d"]))
    for seat in (BLUE, YELLOW, RED):
        ok(act(api, game, "pass", seat))
    # Round 1: Red's 3 infantry, Blue's 2 cavalry and 3 infantry all miss.
    assert_refused(act(api, game, "retreat", BLUE, to="pannonia_b", dice=[1, 1, 1]), "KK-ADV-5")
    ok(act(api, game, "fight_exchange", RED, dice=[1, 1, 1, 1, 1, 1, 1, 1]))
    assert_refused(act(api, game, "retreat", BLUE, to="pannonia_b", dice=[1, 1, 1]), "KK-ADV-5")  # Red first
    ok(act(api, game, "stay", RED))
    assert_refused(act(api, game, "retreat", BLUE, to="pannonia_a", dice=[1, 1, 1]), "KK-ADV-9")
    # Red's 3 pursuing infantry: the 6 may kill mounted cavalry or infantry, the 5 only infantry.
    pursuit = ok(act(api, game, "retreat", BLUE, to="pannonia_b", dice=[6, 5, 1]))
    assert [e["type"] for e in pursuit] == ["RetreatDeclared", "DiceRolled", "PursuitRolled"]
    ok(act(api, game, "assign_casualties", RED, casualties={"cavalry": 1, "infantry": 1}))
    assert rules(api, game)["retreat"]["losses_due"] == 1  # 3 survivors enter the swamp: half, rounded down
    assert_refused(act(api, game, "choose_retreat_losses", BLUE, units={"infantry": 2}), "KK-ADV-11")
    done = ok(act(api, game, "choose_retreat_losses", BLUE, units={"cavalry": 1}))
    [ended] = [e for e in done if e["type"] == "BattleEnded"]
    assert ended["data"]["result"] == "defender_retreated"
    state = rules(api, game)
    assert state["units"]["pannonia_b"] == {BLUE: {"infantry": 2}}
    assert state["units"]["pannonia_d"] == {RED: {"infantry": 3}}
    assert state["control"]["pannonia_d"] == RED and state["control"]["pannonia_b"] == BLUE
    replay = api.client.get(f"/api/v1/games/{game}/replay", headers=api.headers()).get_json()
    lines = {frame["type"]: frame["notation"] for frame in replay["frames"]}
    assert lines["RetreatDeclared"] == "Tiszahát (defender) retreats from battle b1301-1 in Pannónia D to Pannónia B"
    assert lines["ObstacleLossesChosen"] == "Tiszahát loses 1 cavalry crossing the obstacle of the retreat"
    audit = api.client.get(f"/api/v1/games/{game}/audit", headers=api.headers()).get_json()
    assert audit["counts"]["consistent"] == audit["counts"]["actions"]  # every action re-decides the same
    # Its bookmark reads as a sentence; a saved link's old labels (named, by id) still find it.
    items = api.client.get(f"/api/v1/games/{game}/bookmarks", headers=api.headers()).get_json()["items"]
    assert [b["label"] for b in items if "retreat" in b["label"]] == ["retreat from the battle in Pannónia D"]
    labels = ("retreat from the battle in Pannónia D", "battle in Pannónia D retreat", "battle b1301-1 retreat")
    sought = [api.client.get(f"/api/v1/games/{game}/seek?bookmark={label}", headers=api.headers()) for label in labels]
    assert [r.status_code for r in sought] == [200, 200, 200]
    assert len({r.get_json()["version"] for r in sought}) == 1
