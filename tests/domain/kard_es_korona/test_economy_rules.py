"""The year loop's first phases: the event card, income (E6) and recruitment with castle limits (E4)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, position, rule_ids, set_up, then, types, when

PTD = ("pannonia", "tiszahat", "delvidek")
ONE = Force(infantry=1)


def e6_game(treasurer: bool = True, **options: Any) -> Game:
    """E6: 1305, Red (pannonia) holds all 7 Pannónian counties and Fejér; units in K1, K2, C1-C3 and Y."""
    game = set_up(PTD, **options)
    red = "pannonia"
    units = {
        "pannonia_k1": {red: ONE},
        "pannonia_k2": {red: ONE},
        "pannonia_a": {red: ONE},  # C1
        "pannonia_c": {red: ONE},  # C2
        "pannonia_d": {red: ONE},  # C3
        "fejer": {red: ONE},  # Y, a plain county of the royal territory
    }
    control = {
        c: red
        for c in (
            "pannonia_k1",
            "pannonia_k2",
            "pannonia_a",
            "pannonia_b",
            "pannonia_c",
            "pannonia_d",
            "pannonia_m",
            "fejer",
        )
    }
    offices = {"judge_royal": None, "treasurer": red if treasurer else None, "palatine": None}
    return position(game, units, control=control, offices=offices, year=1305, starting_player=red, turn=red)


def income_of(game: Game, seat: str) -> dict[str, object]:
    decision = when(game, act("draw_event", game.state.starting_player, card="veres_kard"))
    assert types(decision)[:2] == ["EventCardDrawn", "IncomeCollected"]
    [entry] = [e for e in decision.events[1].data["entries"] if e["seat"] == seat]
    return dict(entry)


def test_kk_econ_1_to_4_kk_office_3_treasurer_income_e6() -> None:
    entry = income_of(e6_game(), "pannonia")
    assert entry["castle_income"] == 10  # 2 castles x 5 (Treasurer)
    assert entry["county_income"] == 4  # C1, C2, C3, Y; C4 and C5 are empty
    assert entry["province_bonus"] == 4  # all of Pannónia
    assert entry["total"] == 18


def test_income_14_when_red_is_not_the_treasurer_e6() -> None:
    assert income_of(e6_game(treasurer=False), "pannonia")["total"] == 6 + 4 + 4


def test_income_14_when_the_province_bonus_requires_a_garrison_a_3_e6() -> None:
    assert income_of(e6_game(province_requires_garrison=True), "pannonia")["total"] == 14


def test_castle_county_yields_1_plus_3_when_castle_income_mode_is_add_a_1() -> None:
    assert income_of(e6_game(treasurer=False, castle_income_mode="add"), "pannonia")["total"] == 2 * 4 + 4 + 4


def test_no_income_and_movement_next_when_the_year_is_1301_kk_econ_5() -> None:
    game = set_up(PTD)
    decision = when(game, act("draw_event", "pannonia", card="veres_kard"))
    assert types(decision) == ["EventCardDrawn", "MovementPhaseBegan"]


def test_refused_kk_turn_1_when_another_player_draws_the_event_card() -> None:
    decision = when(set_up(PTD), act("draw_event", "tiszahat", card="veres_kard"))
    assert rule_ids(decision) == ["KK-TURN-1"]


def test_king_election_is_void_when_drawn_in_an_election_year_kk_event_3() -> None:
    game = e6_game()
    game = position(game, game.state.units, control=game.state.control, year=1303)
    decision = when(game, act("draw_event", "pannonia", card="kiralyvalasztas"))
    assert types(decision)[:2] == ["EventCardDrawn", "EventCardVoided"]
    later = position(game, game.state.units, control=game.state.control, year=1304)
    assert (
        types(when(later, act("draw_event", "pannonia", card="kiralyvalasztas")))[1] == "ExtraordinaryElectionScheduled"
    )


def test_income_card_is_void_in_1301_kk_event_3() -> None:
    decision = when(set_up(PTD), act("draw_event", "pannonia", card="cehek_megerosodese", income_related=True))
    assert types(decision)[:2] == ["EventCardDrawn", "EventCardVoided"]


# --- E4 ---


def e4_game(**options: Any) -> Game:
    """E4: 1304, Red's recruitment turn, treasury 30; K1 4 inf + 1 archer + 1 cav, K2 4 inf + 2 archers + 1 cav."""
    game = set_up(PTD, **options)
    red = "pannonia"
    units = {
        "pannonia_k1": {red: Force(infantry=4, archer=1, cavalry=1)},
        "pannonia_k2": {red: Force(infantry=4, archer=2, cavalry=1)},
    }
    return position(
        game,
        units,
        year=1304,
        phase="recruit",
        starting_player=red,
        turn=red,
        treasury={red: 30, "tiszahat": 0, "delvidek": 0},
    )


def recruit(game: Game, *purchases: tuple[str, str, int]) -> Decision:
    data = [{"castle": f"pannonia_{c}", "arm": arm, "count": n} for c, arm, n in purchases]
    return when(game, act("recruit", "pannonia", purchases=data))


def test_kk_castle_2_kk_castle_3_kk_recruit_4_no_infantry_fits_e4() -> None:
    game = e4_game()
    for attempt, limit in (
        (("k1", "infantry", 2), "KK-CASTLE-2"),  # 8 units
        (("k1", "infantry", 1), "KK-CASTLE-3"),  # 5 infantry of 7
        (("k2", "infantry", 1), "KK-CASTLE-2"),
    ):
        decision = recruit(game, attempt)
        assert rule_ids(decision) == [limit, "KK-RECRUIT-4"]
    full = recruit(game, ("k2", "archer", 1))
    assert "KK-CASTLE-2" in full.violations[0].message


def test_kk_recruit_2_one_archer_in_k1_leaves_25_e4() -> None:
    game = e4_game()
    decision = recruit(game, ("k1", "archer", 1))
    assert types(decision)[:2] == ["UnitsRecruited", "RecruitmentFinished"]
    after = then(game, decision)
    assert after.state.treasury["pannonia"] == 25
    assert after.state.force("pannonia_k1", "pannonia") == Force(infantry=4, archer=2, cavalry=1)
    assert after.state.phase == "movement"  # Tiszahát and Délvidék hold no castle: nothing to recruit


def test_cavalry_in_k1_costs_9_and_the_palatine_pays_4_for_an_archer_e4() -> None:
    assert then(e4_game(), recruit(e4_game(), ("k1", "cavalry", 1))).state.treasury["pannonia"] == 21
    game = e4_game()
    palatine = position(
        game, game.state.units, offices={"judge_royal": None, "treasurer": None, "palatine": "pannonia"}
    )
    assert then(palatine, recruit(palatine, ("k1", "archer", 1))).state.treasury["pannonia"] == 26


def test_infantry_allowed_when_castle_arm_limit_is_advanced_only_in_the_basic_game_e4() -> None:
    decision = recruit(e4_game(castle_arm_limit="advanced_only"), ("k1", "infantry", 1))
    assert not decision.violations


def test_refused_kk_recruit_3_when_units_are_raised_outside_a_castle() -> None:
    game = e4_game()
    decision = when(game, act("recruit", "pannonia", purchases=[{"castle": "pannonia_a", "arm": "archer", "count": 1}]))
    assert rule_ids(decision) == ["KK-RECRUIT-3"]


def test_refused_kk_recruit_2_when_the_purchases_cost_more_than_the_treasury() -> None:
    game = e4_game()
    game = position(game, {"pannonia_k1": {"pannonia": Force(infantry=1)}}, treasury={"pannonia": 9})
    assert rule_ids(recruit(game, ("k1", "archer", 2))) == ["KK-RECRUIT-2"]


def test_refused_kk_recruit_5_when_three_knights_go_to_one_castle() -> None:
    game = position(e4_game(), {"pannonia_k1": {"pannonia": Force(infantry=2, archer=2)}}, treasury={"pannonia": 30})
    assert rule_ids(recruit(game, ("k1", "cavalry", 3))) == ["KK-RECRUIT-5"]
    uncapped = position(e4_game(knight_recruit_caps=False), game.state.units, treasury={"pannonia": 30})
    assert not recruit(uncapped, ("k1", "cavalry", 3)).violations


def test_refused_kk_recruit_1_when_a_player_recruits_out_of_turn() -> None:
    decision = when(e4_game(), act("recruit", "tiszahat", purchases=[]))
    assert rule_ids(decision) == ["KK-RECRUIT-1"]


def test_movement_begins_with_castles_plus_two_steps_when_the_last_player_has_recruited() -> None:
    game = e4_game()
    game = position(game, {**game.state.units, "tiszahat_k1": {"tiszahat": Force(infantry=1)}})
    game = position(game, game.state.units, treasury={"pannonia": 30, "tiszahat": 5, "delvidek": 0})
    game = then(game, recruit(game, ("k1", "archer", 1)))
    assert game.state.turn == "tiszahat"
    decision = when(game, act("pass", "tiszahat"))
    assert types(decision) == ["RecruitmentFinished", "RecruitmentFinished", "MovementPhaseBegan"]
    assert decision.events[1].data["reason"] == "no_castle"  # Délvidék holds no castle
    assert decision.events[-1].data["step_allowances"] == {"pannonia": 4, "tiszahat": 3, "delvidek": 2}
