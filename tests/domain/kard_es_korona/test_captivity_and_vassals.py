"""Captivity's timeline, ransom and execution (KK-CAPTIVE-1..5, A-31..A-33) and vassals (KK-VASSAL-1..7, A-27..A-30)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, then, types, when
from tests.domain.kard_es_korona.test_defeat import BLUE, GUARDS, PTD, RED, YELLOW, fight, lords_battle

ONE = Force(infantry=1)


def captive_red(timeline: int, treasury: int, **options: Any) -> Game:
    """1304's event phase, Red starting; Red's lord is a captive on the timeline at `timeline`."""
    game = set_up(PTD, **options)
    return position(
        game,
        GUARDS,
        lords={RED: None, BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"},
        lord_status={RED: "captive"},
        captives={RED: timeline},
        treasury={RED: treasury, BLUE: 0, YELLOW: 0},
        year=1304,
        starting_player=RED,
        turn=RED,
    )


def test_kk_captive_2_ransom_of_20_garas_in_his_recruitment_turn_returns_the_lord() -> None:
    game = play(captive_red(1305, 30), act("draw_event", RED, card="veres_kard"))  # captured in 1302
    assert game.state.phase == "recruit" and game.state.turn == RED
    assert rule_ids(when(game, act("pay_ransom", RED, to="pest"))) == ["KK-CAPTIVE-2"]  # no Red unit there
    decision = when(game, act("pay_ransom", RED, to="pannonia_k2"))
    assert types(decision) == ["RansomPaid"]
    game = then(game, decision)
    state = game.state
    assert state.treasury[RED] == 30 + 3 - 20  # 1304's income (one castle with units) less the ransom
    assert state.royal_treasury == 20 and state.lords[RED] == "pannonia_k2"
    assert RED not in state.lord_status and RED not in state.captives and state.turn == RED  # still recruiting


def test_kk_captive_2_no_ransom_in_the_year_of_capture() -> None:
    game = play(captive_red(1307, 30), act("draw_event", RED, card="veres_kard"))  # captured in 1304
    assert rule_ids(when(game, act("pay_ransom", RED, to="pannonia_k2"))) == ["KK-CAPTIVE-2"]


def test_kk_captive_2_a_poor_captive_cannot_pay() -> None:
    game = captive_red(1305, 10)
    game = position(game, {**GUARDS, "pannonia_k1": {RED: ONE}}, treasury={RED: 10, BLUE: 0, YELLOW: 0})
    game = play(game, act("draw_event", RED, card="veres_kard"))  # 10 + 6 = 16 garas
    assert rule_ids(when(game, act("pay_ransom", RED, to="pannonia_k2"))) == ["KK-CAPTIVE-2"]


def year_out(game: Game) -> tuple[Game, Any]:
    """From the event phase of a year where nobody can recruit: the game before the last pass, and that pass."""
    game = play(game, act("draw_event", RED, card="veres_kard"))
    game = play(game, act("pass", RED), act("pass", BLUE))
    return game, when(game, act("pass", YELLOW))


def test_kk_captive_3_a_26_executed_when_the_marker_reaches_his_year_and_his_units_turn_neutral() -> None:
    game, decision = year_out(captive_red(1305, 0))  # 3 garas each: nobody can buy a unit (KK-RECRUIT-2)
    kinds = types(decision)
    at = kinds.index("LordExecuted")
    assert kinds[at : at + 3] == ["LordExecuted", "PlayerEliminated", "YearBegan"]  # the marker reaches 1305
    began = decision.events[at + 2].data
    assert began["starting_player"] == BLUE and RED not in began["turn_order"]  # Red passed first, but is out
    state = then(game, decision).state
    assert state.year == 1305 and state.lord_status[RED] == "eliminated" and RED not in state.captives
    assert state.force("pannonia_k2", "neutral:pannonia") == ONE and state.control["pannonia_k2"] == "neutral:pannonia"
    assert state.royal_treasury == 3 and state.treasury[RED] == 0  # his money goes to the crown


def test_a_31_with_three_windows_the_execution_waits_a_year() -> None:
    _, decision = year_out(captive_red(1305, 0, ransom_windows=3))
    assert "LordExecuted" not in types(decision)


# --- vassals ---


def vassal_income(**options: Any) -> dict[str, int]:
    """E6, vassal part: Blue (vassal of Yellow) has 1 castle and 4 counties with units: a normal income of 7."""
    game = set_up(PTD, **options)
    units = {
        **GUARDS,
        **{c: {BLUE: ONE} for c in ("tiszahat_a", "tiszahat_b", "tiszahat_c", "tiszahat_d")},
    }
    game = position(
        game, units, lieges={BLUE: YELLOW}, lord_status={BLUE: "vassal"}, year=1305, starting_player=RED, turn=RED
    )
    decision = when(game, act("draw_event", RED, card="veres_kard"))
    return {e["seat"]: e["total"] for e in decision.events[1].data["entries"]}


def test_kk_vassal_5_a_27_e6_vassal_keeps_half_rounded_down_and_the_liege_collects_the_full_income() -> None:
    totals = vassal_income()
    assert totals[BLUE] == 3  # floor(7 / 2)
    assert totals[YELLOW] == 3 + 7  # his own castle + the vassal's full income
    assert totals[RED] == 3


def test_a_27_split_half_option_gives_the_liege_the_other_half() -> None:
    totals = vassal_income(vassal_income_mode="split_half")
    assert totals[BLUE] == 3 and totals[YELLOW] == 3 + 4


def province_income(tiszahat: dict[str, str]) -> tuple[dict[str, int], Any]:
    """1305's income with Blue Yellow's vassal, one infantry in every Tiszahát county of `tiszahat` (county ->
    owner), Red and Yellow each a castle of their own: each player's total, and the income's ruling."""
    game = set_up(PTD)
    units = {**GUARDS, **{county: {owner: ONE} for county, owner in tiszahat.items()}}
    control = {county: owner for county, units_there in units.items() for owner in units_there}
    game = position(
        game,
        units,
        control=control,
        lieges={BLUE: YELLOW},
        lord_status={BLUE: "vassal"},
        year=1305,
        starting_player=RED,
        turn=RED,
    )
    decision = when(game, act("draw_event", RED, card="veres_kard"))
    income = next(event for event in decision.events if event.type == "IncomeCollected")
    return {e["seat"]: e["total"] for e in income.data["entries"]}, decision


TISZAHAT = ("tiszahat_a", "tiszahat_b", "tiszahat_c", "tiszahat_d", "tiszahat_k1", "tiszahat_k2", "tiszahat_m")


def test_kk_econ_4_kk_vassal_5_a_province_wholly_his_vassals_pays_its_4_once() -> None:
    # The seed: a lord who unites a whole province gets 4 garas more a year; the liege collects the vassal's
    # whole income. Blue's own: 2 castles x 3 + 5 counties + 4 for Tiszahát = 15, of which he keeps 7; Yellow
    # gets his castle's 3 and Blue's 15, that +4 among them, not a second +4 of his own (22 until this fix).
    totals, decision = province_income({county: BLUE for county in TISZAHAT})
    assert totals == {RED: 3, BLUE: 7, YELLOW: 3 + 15}
    vassal_rulings = [step.text for step in decision.trace if step.rule_id == "KK-VASSAL-5"]
    assert vassal_rulings == [
        "tiszahat: 7 of his own 15 + 0 from his vassals' income = 7",
        "delvidek: 3 of his own 3 + 15 from his vassals' income = 18",
    ]


def test_a_27_kk_vassal_4_a_province_liege_and_vassal_hold_together_gives_the_liege_its_4() -> None:
    # Yellow holds Tiszahát A himself, Blue the other six: only counted together is the province whole, and the
    # vassal's counties count for the liege (KK-VASSAL-4, A-27), so the +4 is Yellow's. Blue: 2 x 3 + 4 = 10.
    totals, _ = province_income({county: YELLOW if county == "tiszahat_a" else BLUE for county in TISZAHAT})
    assert totals == {RED: 3, BLUE: 5, YELLOW: 3 + 1 + 4 + 10}


def vassal_moving(**options: Any) -> Game:
    """1301's movement, Red to move; Blue is Yellow's vassal with units in Tiszahát K1; Yellow holds Pest."""
    game = set_up(PTD, **options)
    units = {**GUARDS, "tiszahat_k1": {BLUE: Force(infantry=2)}, "pest": {YELLOW: Force(infantry=2)}}
    game = position(
        game,
        units,
        lords={RED: "pannonia_k2", BLUE: None, YELLOW: "delvidek_k2"},
        lieges={BLUE: YELLOW},
        lord_status={BLUE: "vassal"},
    )
    return play(game, act("draw_event", RED, card="veres_kard"), act("pass", RED))


def test_kk_vassal_2_a_vassal_may_not_attack_his_liege() -> None:
    game = vassal_moving()
    step = {"to": "pest", "groups": [{"from": "tiszahat_k1", "units": {"infantry": 1}}]}
    assert rule_ids(when(game, act("move", BLUE, **step))) == ["KK-VASSAL-2"]


def test_kk_vassal_6_a_30_the_liege_may_not_enter_his_vassals_county() -> None:
    game = play(vassal_moving(), act("pass", BLUE))
    step = {"to": "tiszahat_k1", "groups": [{"from": "pest", "units": {"infantry": 2}}]}
    assert rule_ids(when(game, act("move", YELLOW, **step))) == ["KK-VASSAL-6"]
    allowed = play(vassal_moving(liege_may_attack_vassal=True), act("pass", BLUE))
    assert "BattleCreated" in types(when(allowed, act("move", YELLOW, **step)))


def test_kk_vassal_2_the_liege_vetoes_his_vassals_battle() -> None:
    game = vassal_moving()
    game = position(game, {**game.state.units, "tiszahat_a": {RED: ONE}}, control=game.state.control)
    step = {"to": "tiszahat_a", "groups": [{"from": "tiszahat_k1", "units": {"infantry": 2}}]}
    game = play(game, act("move", BLUE, **step))
    battle = game.state.battle_in("tiszahat_a")
    assert battle is not None
    assert rule_ids(when(game, act("veto_battle", RED, battle=battle.id))) == ["KK-VASSAL-2"]
    decision = when(game, act("veto_battle", YELLOW, battle=battle.id))
    assert types(decision) == ["BattleVetoed"]
    game = then(game, decision)
    assert game.state.battle_in("tiszahat_a") is None
    assert game.state.force("tiszahat_k1", BLUE) == Force(infantry=2)
    assert game.state.force("tiszahat_a", BLUE) == Force()


def test_kk_move_6_units_sent_back_by_their_lieges_veto_do_not_step_again_that_year() -> None:
    """KK-MOVE-6: "Egy adott sereg mindig csak egyszer mozoghat egy fordulóban" — the units a liege's veto
    (KK-VASSAL-2) sends back have made their step of the year; they may not step again (engine bug: they could)."""
    game = vassal_moving()
    game = position(game, {**game.state.units, "tiszahat_a": {RED: ONE}}, control=game.state.control)
    game = play(game, act("move", BLUE, to="tiszahat_a", groups=[{"from": "tiszahat_k1", "units": {"infantry": 2}}]))
    battle = game.state.battle_in("tiszahat_a")
    assert battle is not None
    game = play(game, act("veto_battle", YELLOW, battle=battle.id), act("pass", YELLOW))
    assert game.state.turn == BLUE and game.state.moved_force("tiszahat_k1", BLUE) == Force(infantry=2)
    again = act("move", BLUE, to="tiszahat_k2", groups=[{"from": "tiszahat_k1", "units": {"infantry": 2}}])
    assert rule_ids(when(game, again)) == ["KK-MOVE-6"]


def test_kk_vassal_7_a_29_the_vassal_is_freed_when_his_liege_falls_and_places_his_lord() -> None:
    game = fight(lords_battle(), 6, 1)  # Blue's lord is defeated by Red
    game = position(
        game,
        game.state.units,
        control=game.state.control,
        lieges={YELLOW: BLUE},
        lord_status={**game.state.lord_status, YELLOW: "vassal"},
        lords={**game.state.lords, YELLOW: None},
    )
    decision = when(play(game, act("forgo_escape", BLUE)), act("decline_fealty", BLUE))
    assert "VassalFreed" in types(decision)
    game = then(play(game, act("forgo_escape", BLUE)), decision)
    assert game.state.lieges == {} and YELLOW not in game.state.lord_status and game.state.returning == (YELLOW,)
    assert rule_ids(when(game, act("return_lord", YELLOW, to="pest"))) == ["KK-VASSAL-7"]
    game = play(game, act("return_lord", YELLOW, to="delvidek_k2"))
    assert game.state.lords[YELLOW] == "delvidek_k2" and game.state.returning == ()


def test_kk_captive_2_a_transcript_records_a_ransom_paid_in_the_year_of_capture_as_a_deviation() -> None:
    game = play(captive_red(1307, 30, mode="transcript"), act("draw_event", RED, card="veres_kard"))
    decision = when(game, act("pay_ransom", RED, to="pannonia_k2"))
    assert types(decision) == ["RansomPaid"] and rule_ids(decision) == ["KK-CAPTIVE-2"]
