"""Kard és Korona transcripts through the HTTP API (issue 3): a table's rule breach is recorded with `deviations`.

The same action is refused (422, citing the rule) in an adjudicated game and recorded (201) in a transcript game,
with the rule id in the response's `deviations` and in the first stored event's metadata.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused, stored_events
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

PTD = ["pannonia", "tiszahat", "delvidek"]
RED, BLUE, YELLOW = PTD
GUARDS = {f"{s}_k2": {s: {"infantry": 1}} for s in PTD}


def movement_position(api: Api, mode: str, units: dict[str, Any], lords: dict[str, Any] | None = None) -> str:
    """A basic game on the test board in 1301's movement phase, Red to move, with exactly these units."""
    game = str(
        api.create_game(
            ruleset="kard_es_korona",
            variant="basic",
            options={"variant": "basic"},
            board=province_board("basic"),
            seats=[{"seat": s} for s in PTD],
            dice="table",
            mode=mode,
        )["id"]
    )
    units = {**GUARDS, **units}
    control = {c: next(iter(by)) for c, by in units.items()}
    adjust(api, game, phase="movement", year=1301, starting_player=RED, turn=RED, units=units, control=control)
    lords = {**{s: f"{s}_k2" for s in PTD}, **(lords or {})}
    adjust(api, game, lords=lords, allowances=dict.fromkeys(PTD, 4), steps_taken=dict.fromkeys(PTD, 0))
    return game


def adjust(api: Api, game: str, **values: Any) -> None:
    changes = [{"op": "set", "path": f"/{key}", "value": value} for key, value in values.items()]
    # A worked example's position skips what the setup would have done (neutral pieces, step allowances):
    # CORE-ADJUST-3 refuses it unless the arbiter forces it.
    response = api.act(
        game, "arbiter", type="adjust", data={"changes": changes, "reason": "test position", "force": True}
    )
    assert response.status_code == 201, response.get_json()


def act(api: Api, game: str, type: str, seat: str | None, **data: Any) -> Any:
    return api.act(game, "organiser", type=type, seat=seat, data=data)


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 201, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def step(api: Api, game: str, to: str, origin: str, units: dict[str, int], lord: bool = False) -> None:
    ok(act(api, game, "move", RED, to=to, groups=[{"from": origin, "units": units, "lord": lord}]))


def everyone_passes(api: Api, game: str) -> None:
    for seat in (BLUE, YELLOW, RED):
        ok(act(api, game, "pass", seat))


def rules(api: Api, game: str) -> dict[str, Any]:
    body = api.client.get(f"/api/v1/games/{game}/state?as=spectator", headers=api.headers()).get_json()
    found: dict[str, Any] = body["state"]["rules"]
    return found


def deviations_of(body: dict[str, Any]) -> list[str]:
    return [d["rule_id"] for d in body["deviations"]]


def three_battles(api: Api, mode: str) -> str:
    """Red attacks Fejér and Pannónia D (open) and Tiszahát's castle K1 (a siege); Red chooses the next battle."""
    units = {
        "pest": {RED: {"infantry": 4}},
        "fejer": {BLUE: {"infantry": 1}},
        "tiszahat_k1": {BLUE: {"infantry": 1}},
        "pannonia_a": {RED: {"infantry": 2}},
        "pannonia_d": {BLUE: {"infantry": 1}},
    }
    game = movement_position(api, mode, units)
    step(api, game, "fejer", "pest", {"infantry": 2})
    ok(act(api, game, "pass", BLUE))
    ok(act(api, game, "pass", YELLOW))
    step(api, game, "tiszahat_k1", "pest", {"infantry": 2})
    step(api, game, "pannonia_d", "pannonia_a", {"infantry": 2})
    ok(act(api, game, "pass", RED))
    assert rules(api, game)["battle_status"] == {"choose_battle": RED, "among": ["b1301-1", "b1301-3"]}
    return game


def test_kk_battle_12_a_siege_chosen_out_of_order_is_a_deviation_in_a_transcript_through_the_api(api: Api) -> None:
    adjudicated = three_battles(api, "adjudicated")
    assert_refused(act(api, adjudicated, "select_battle", RED, battle="b1301-2"), "KK-BATTLE-12")
    game = three_battles(api, "transcript")
    body = ok(act(api, game, "select_battle", RED, battle="b1301-2"))
    assert deviations_of(body) == ["KK-BATTLE-12"]
    assert [e["type"] for e in body["events"]] == ["BattleSelected", "BattleStarted"]
    first = stored_events(api, game)[-2]
    assert first["type"] == "BattleSelected"
    assert [d["rule_id"] for d in first["metadata"]["deviations"]] == ["KK-BATTLE-12"]
    assert "deviations" not in stored_events(api, game)[-1]["metadata"]
    assert rules(api, game)["current_battle"] == "b1301-2"
    # An unknown battle is no fact at all: refused in a transcript too.
    assert_refused(act(api, game, "select_battle", RED, battle="b1301-9"), "KK-BATTLE-12")


def infantry_against_cavalry(api: Api, mode: str) -> str:
    """Red's 2 infantry roll 6 and 5 against Blue's 2 mounted cavalry + 2 infantry in Fejér; Blue misses.

    The 6 can kill cavalry or infantry, the 5 only infantry (KK-BATTLE-5): 2 cavalry cannot both die.
    """
    game = movement_position(
        api, mode, {"pest": {RED: {"infantry": 2}}, "fejer": {BLUE: {"cavalry": 2, "infantry": 2}}}
    )
    step(api, game, "fejer", "pest", {"infantry": 2})
    everyone_passes(api, game)
    ok(act(api, game, "fight_exchange", RED, dice=[6, 5, 1, 1, 1, 1]))
    return game


def test_kk_battle_11_casualties_the_dice_cannot_kill_are_a_deviation_in_a_transcript_through_the_api(
    api: Api,
) -> None:
    adjudicated = infantry_against_cavalry(api, "adjudicated")
    assert_refused(act(api, adjudicated, "assign_casualties", RED, casualties={"cavalry": 2}), "KK-BATTLE-11")
    game = infantry_against_cavalry(api, "transcript")
    # Three casualties from two hits is not a fact a table can have played: refused in a transcript too.
    three = act(api, game, "assign_casualties", RED, casualties={"cavalry": 2, "infantry": 1})
    assert_refused(three, "KK-BATTLE-11")
    body = ok(act(api, game, "assign_casualties", RED, casualties={"cavalry": 2}))
    assert deviations_of(body) == ["KK-BATTLE-11"]
    assert [e["type"] for e in body["events"]] == ["CasualtiesAssigned", "CasualtiesRemoved", "ExchangeResolved"]
    stored = stored_events(api, game)
    assert [d["rule_id"] for d in stored[-3]["metadata"]["deviations"]] == ["KK-BATTLE-11"]
    assert rules(api, game)["units"]["fejer"] == {RED: {"infantry": 2}, BLUE: {"infantry": 2}}


def test_kk_lord_2_an_exchange_before_the_lord_names_his_arm_is_a_deviation_in_a_transcript_through_the_api(
    api: Api,
) -> None:
    units = {"pest": {RED: {"infantry": 2, "cavalry": 2}}, "fejer": {BLUE: {"cavalry": 3, "archer": 1}}}
    games = {}
    for mode in ("adjudicated", "transcript"):
        games[mode] = movement_position(api, mode, units, {RED: "pest"})
        step(api, games[mode], "fejer", "pest", {"infantry": 2, "cavalry": 2}, lord=True)
        everyone_passes(api, games[mode])
    assert_refused(act(api, games["adjudicated"], "fight_exchange", BLUE, dice=[5]), "KK-LORD-2")
    body = ok(act(api, games["transcript"], "fight_exchange", BLUE, dice=[5]))
    assert deviations_of(body) == ["KK-LORD-2"]
    # Blue's archer volleys: its 5 kills one of Red's infantry, the only foot units it can aim at.
    assert rules(api, games["transcript"])["units"]["fejer"][RED] == {"infantry": 1, "cavalry": 2}
