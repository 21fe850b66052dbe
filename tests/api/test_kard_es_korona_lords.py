"""Kard és Korona through the public HTTP API: E8 to capture, ransom and the timeline; E6's vassal part; a duel."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_kard_es_korona_api import PTD, act, adjust, create, guards, movement_position, ok, state
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

RED = "pannonia"


def e8_capture(api: Api) -> tuple[str, list[dict[str, Any]]]:
    """E8: 1304, Blue -> Red -> Green; Red, the Palatine, attacks royal Pest with his lord + 2 cavalry and loses."""
    seats = ["tiszahat", "pannonia", "delvidek"]
    game = create(api, board=province_board("basic"), seats=seats)
    units = {
        **guards(),
        "fejer": {RED: {"cavalry": 2}},
        "pest": {"royal": {"cavalry": 1, "infantry": 1, "archer": 1}},
    }
    control = {c: next(iter(by)) for c, by in units.items()}
    adjust(api, game, phase="movement", year=1304, starting_player="tiszahat", turn="tiszahat")
    adjust(api, game, units=units, control=control, treasury={"tiszahat": 0, RED: 17, "delvidek": 0})
    lords = {RED: "fejer", "tiszahat": "tiszahat_k2", "delvidek": "delvidek_k2"}
    adjust(api, game, lords=lords, allowances=dict.fromkeys(seats, 4), steps_taken=dict.fromkeys(seats, 0))
    adjust(api, game, offices={"judge_royal": None, "treasurer": None, "palatine": RED})
    ok(act(api, game, "pass", "tiszahat"))
    ok(act(api, game, "move", RED, to="pest", groups=[{"from": "fejer", "units": {"cavalry": 2}, "lord": True}]))
    ok(act(api, game, "pass", "delvidek"))
    ok(act(api, game, "pass", RED))
    ok(act(api, game, "lead_arm", RED, arm="cavalry"))
    ok(act(api, game, "fight_exchange", "tiszahat", dice=[4]))  # the royal archer hits: Red loses 1 cavalry
    ok(act(api, game, "fight_exchange", "tiszahat", dice=[4, 2, 6]))  # Red 4+1 hits; royal inf 6 hits, cav 2 misses
    return game, ok(act(api, game, "assign_casualties", RED, casualties={"archer": 1}))


def pass_through_year(api: Api, game: str, keep_recruiting: bool = False) -> None:
    """Every player whose turn comes passes, until the year's movement is over."""
    for _ in range(12):
        rules = state(api, game)
        if rules["phase"] not in ("recruit", "movement") or rules["turn"] is None:
            return
        if keep_recruiting and rules["phase"] == "recruit" and rules["turn"] == RED:
            return
        ok(act(api, game, "pass", rules["turn"]))


def test_kk_captive_1_kk_captive_4_kk_captive_2_captured_by_a_neutral_garrison_and_ransomed_e8(api: Api) -> None:
    game, events = e8_capture(api)
    kinds = [e["type"] for e in events]
    # No Red unit stands one county from Pest, so there is no escape attempt (KK-ELIM-2).
    assert kinds[kinds.index("LordDefeated") :][:6] == [
        "LordDefeated",
        "BattleEnded",
        "EscapeForgone",
        "OfficeVacated",
        "LordCaptured",
        "BattlePhaseEnded",
    ]
    captured = next(e for e in events if e["type"] == "LordCaptured")
    assert captured["data"]["execution_year"] == 1307  # placed on the timeline at 1304 + 3
    assert "1307" in captured["notation"]
    rules = state(api, game)
    assert rules["offices"]["palatine"] is None  # lost at once (KK-CAPTIVE-4)
    assert rules["lord_status"][RED] == "captive" and rules["captives"] == {RED: 1307}
    assert rules["units"]["pest"] == {"royal": {"cavalry": 1, "infantry": 1}}  # R stays neutral
    assert rules["year"] == 1305 and rules["phase"] == "event"
    # 1305: Red (20 garas after income) could pay, but waits. No card comes up twice (KK-EVENT-1).
    ok(act(api, game, "draw_event", rules["starting_player"], card="szuret"))
    pass_through_year(api, game)
    rules = state(api, game)
    assert rules["year"] == 1306 and rules["lord_status"][RED] == "captive"
    # 1306: he pays at his recruitment turn; the lord returns to a county with Red units.
    ok(act(api, game, "draw_event", rules["starting_player"], card="parasztlazadas"))
    pass_through_year(api, game, keep_recruiting=True)
    assert_refused(act(api, game, "pay_ransom", RED, to="pest"), "KK-CAPTIVE-2")
    paid = ok(act(api, game, "pay_ransom", RED, to="pannonia_k2"))
    assert paid[0]["type"] == "RansomPaid" and paid[0]["data"]["amount"] == 20
    rules = state(api, game)
    assert rules["lords"][RED] == "pannonia_k2" and RED not in rules["lord_status"] and rules["captives"] == {}
    assert rules["royal_treasury"] == 20 and rules["treasury"][RED] == 17 + 3 + 3 - 20
    pass_through_year(api, game)
    rules = state(api, game)
    assert rules["phase"] == "election" and RED not in rules["lord_status"]  # he may bid at the end of 1306


def test_kk_captive_3_unransomed_lord_is_executed_when_the_marker_reaches_his_year_e8(api: Api) -> None:
    game, _ = e8_capture(api)
    # Skip to the movement of 1305 (the end of 1306 is an election, which is not this part's): nobody pays.
    adjust(api, game, year=1305, phase="movement", current_battle=None, battles=[], passed=[])
    adjust(api, game, allowances=dict.fromkeys(PTD, 0), steps_taken=dict.fromkeys(PTD, 0))
    adjust(api, game, captives={RED: 1306}, turn="tiszahat", starting_player="tiszahat")
    events = ok(act(api, game, "pass", "tiszahat"))  # with no steps left the others pass at once (KK-MOVE-4)
    kinds = [e["type"] for e in events]
    assert "LordExecuted" in kinds and "PlayerEliminated" in kinds
    eliminated = next(e for e in events if e["type"] == "PlayerEliminated")
    assert eliminated["data"]["conqueror"] is None and eliminated["data"]["cause"] == "execution"
    rules = state(api, game)
    assert rules["year"] == 1306 and rules["lord_status"][RED] == "eliminated"
    assert rules["units"]["pannonia_k2"] == {"neutral:pannonia": {"infantry": 1}}  # Red's units turn neutral


def test_kk_vassal_5_vassal_income_e6_through_the_api(api: Api) -> None:
    game = create(api, board=province_board("basic"))
    blue, green = "tiszahat", "delvidek"
    one = {blue: {"infantry": 1}}
    units = {**guards(), **{c: one for c in ("tiszahat_a", "tiszahat_b", "tiszahat_c", "tiszahat_d")}}
    control = {c: next(iter(by)) for c, by in units.items()}
    adjust(api, game, phase="event", year=1305, starting_player=RED, turn=RED, units=units, control=control)
    adjust(api, game, lieges={blue: green}, lord_status={blue: "vassal"}, lords={RED: None, blue: None, green: None})
    events = ok(act(api, game, "draw_event", RED, card="veres_kard"))
    [income] = [e for e in events if e["type"] == "IncomeCollected"]
    totals = {e["seat"]: e["total"] for e in income["data"]["entries"]}
    assert totals[blue] == 3  # normal 7 (1 castle with units = 3, 4 counties = 4), halved and rounded down
    assert totals[green] == 3 + 7  # his own castle, plus the vassal's full income


def test_kk_lord_5_kk_lord_7_a_duel_through_the_api(api: Api) -> None:
    units = {**guards(), "pest": {RED: {"cavalry": 1}}, "fejer": {"tiszahat": {"infantry": 1}}}
    game = movement_position(api, units, {RED: "pest", "tiszahat": "fejer", "delvidek": "delvidek_k2"})
    ok(act(api, game, "move", RED, to="fejer", groups=[{"from": "pest", "units": {"cavalry": 1}, "lord": True}]))
    for seat in ("tiszahat", "delvidek", RED):
        ok(act(api, game, "pass", seat))
    ok(act(api, game, "lead_arm", RED, arm="cavalry"))
    ok(act(api, game, "lead_arm", "tiszahat", arm="infantry"))
    started = ok(act(api, game, "fight_exchange", RED, dice=[6, 6]))
    assert started[-1]["type"] == "DuelStarted"
    void = ok(act(api, game, "fight_duel", RED, dice=[6, 6]))
    assert void[-1]["data"]["winner"] is None
    won = ok(act(api, game, "fight_duel", "tiszahat", dice=[1, 6]))
    assert [e["type"] for e in won][2:4] == ["DuelRoundResolved", "LordDefeated"]
    rules = state(api, game)
    assert rules["lord_status"][RED] == "eliminated" and rules["control"]["pannonia_k2"] == "tiszahat"
    assert rules["defeat"]["stage"] == "takeover"
    takeover = {"seat": RED, "stage": "takeover", "decides": "tiszahat"}
    assert rules["lords_waiting"] == {"defeat": takeover, "extra_step": "tiszahat"}  # KK-LORD-8 after a duel too
    ok(act(api, game, "place_takeover", "tiszahat", placements={"pannonia_k2": "infantry"}))
    assert state(api, game)["units"]["pannonia_k2"] == {"tiszahat": {"infantry": 1}}


def test_kk_neutral_5_a_26_a_player_leaves_and_his_garrison_turns_neutral_through_the_api(api: Api) -> None:
    seats = ["tiszahat", "pannonia", "delvidek"]
    game = create(api, board=province_board("basic"), seats=seats)
    adjust(api, game, phase="movement", year=1304, starting_player="tiszahat", turn="tiszahat")
    adjust(api, game, units=guards(), control={c: next(iter(by)) for c, by in guards().items()})
    adjust(api, game, treasury={"tiszahat": 0, RED: 17, "delvidek": 0}, royal_treasury=0)
    adjust(api, game, allowances=dict.fromkeys(seats, 4), steps_taken=dict.fromkeys(seats, 0))
    ok(act(api, game, "pass", "tiszahat"))

    events = ok(act(api, game, "leave_game", RED))

    assert [e["type"] for e in events] == ["StepPassed", "PlayerEliminated"]
    rules = state(api, game)
    assert rules["lord_status"][RED] == "eliminated" and rules["turn"] == "delvidek"
    assert rules["units"]["pannonia_k2"] == {f"neutral:{RED}": {"infantry": 1}}
    assert rules["royal_treasury"] == 17
    assert_refused(act(api, game, "leave_game", RED), "KK-NEUTRAL-5")
