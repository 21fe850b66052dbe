"""Kard és Korona event cards through the public HTTP API: neutral infantry (KK-EVENT-5) and the Rainy Autumn
siege roll with server dice (KK-EVENT-7), shown in the views while it is due."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_kard_es_korona_api import PTD, act, adjust, ok, state
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

RED, GREEN, BLUE = PTD
GARRISON = {"cavalry": 1, "infantry": 1, "archer": 1}


def server_game(api: Api) -> str:
    game = api.create_game(
        ruleset="kard_es_korona",
        variant="basic",
        options={"variant": "basic"},
        board=province_board("basic"),
        seats=[{"seat": s} for s in PTD],
        dice="server",
    )
    return str(game["id"])


def at_year_start(api: Api, game: str, units: dict[str, Any]) -> None:
    control = {c: next(iter(by)) for c, by in units.items()}
    adjust(api, game, phase="event", year=1301, starting_player=RED, turn=RED, units=units, control=control)
    adjust(api, game, lords={s: f"{s}_k1" for s in PTD})


def guards() -> dict[str, Any]:
    return {f"{s}_k1": {s: {"infantry": 1}} for s in PTD}


def test_kk_event_5_plague_takes_an_infantry_from_the_royal_garrison_through_the_api(api: Api) -> None:
    game = server_game(api)
    at_year_start(api, game, {**guards(), "pest": {"royal": GARRISON}})
    refused = act(
        api, game, "draw_event", RED, card="pestisjarvany", neutral_infantry=[{"county": "pest", "change": 2}]
    )
    assert_refused(refused, "KK-EVENT-5")
    events = ok(
        act(api, game, "draw_event", RED, card="pestisjarvany", neutral_infantry=[{"county": "pest", "change": -1}])
    )
    assert events[1]["type"] == "EventEffectApplied"
    assert state(api, game)["units"]["pest"] == {"royal": {"cavalry": 1, "archer": 1}}


def test_kk_event_7_rainy_autumn_roll_with_server_dice_through_the_api(api: Api) -> None:
    game = server_game(api)
    at_year_start(api, game, {**guards(), "fejer": {RED: {"infantry": 2}}, "pest": {"royal": GARRISON}})
    ok(act(api, game, "draw_event", RED, card="esos_osz"))
    ok(act(api, game, "move", RED, to="pest", groups=[{"from": "fejer", "units": {"infantry": 2}}]))
    for seat in (GREEN, BLUE, RED):
        ok(act(api, game, "pass", seat))
    assert state(api, game)["battle_status"]["event_roll_due"] == RED
    assert_refused(act(api, game, "fight_exchange", RED), "KK-EVENT-7")
    assert_refused(act(api, game, "roll_event_die", RED, dice=[6]), "CORE-DICE-2")
    events = ok(act(api, game, "roll_event_die", RED))
    rolled = next(e for e in events if e["type"] == "EventDieRolled")["data"]
    [face] = rolled["faces"]  # Red holds no office: no reroll (KK-OFFICE-2)
    assert rolled["withdraws"] is (face <= 3)
    assert ("SiegeAbandoned" in [e["type"] for e in events]) is rolled["withdraws"]
    assert "event_roll_due" not in state(api, game)["battle_status"]
