"""Impulses, moves, purses, retreats and data schemas (RV-TURN-1, RV-SUP-*, RV-NOB-*, RV-MOV-*, RV-AMB-1/9/10/21)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.rulesets.cedofan_rv.options import AMBIGUITY_OPTIONS
from tests.domain.cedofan_rv.fixtures import (
    FIXTURE_OPTIONS,
    FIXTURE_UNIT_TABLE,
    A,
    B,
    C,
    Table,
    board,
    city,
    every,
    first,
    noble,
    troops,
    types,
)


def _march() -> Table:
    """A's general with 2 infantry and a cavalry at home; an enemy region beyond."""
    pieces = [
        noble("g", A, "home", purse=2),
        *troops("i", 2, "infantry", A, "home", "g"),
        *troops("c", 1, "cavalry", A, "home", "g"),
        noble("h", A, "home", "house_head"),
        noble("e", B, "enemy"),
    ]
    areas = {"home": city(A), "field": {"home": [A]}, "enemy": {}, "peak": {}}
    edges = [("home", "field", "passable", 3), ("field", "enemy", "passable", 3), ("home", "peak", "mountain", 1)]
    table = Table.on(board(areas, edges, pieces, {A: 3, B: 0, C: 0}))
    table.impulse(A)
    return table


def test_move_costs_steps_over_the_slowest_speed_rounded_up_when_a_banner_marches() -> None:
    table = _march()
    before = table.state.treasuries[A]
    decision = table.act(A, "move_banner", noble="g", path=["field"], units=["i1", "i2", "c1"])

    moved = first(decision, "BannerMoved")
    assert (moved["steps"], moved["cost"], moved["paid_from"]) == (3, 2, "treasury")  # ceil(3 / 2)
    assert table.state.treasuries[A] == before - 2 and table.state.spent == 2
    assert {p.area for p in table.state.banner_of("g")} == {"field"}


def test_move_into_enemy_territory_is_paid_from_the_purse_when_the_treasury_is_full() -> None:
    table = _march()
    refused = table.decide(A, "move_banner", noble="g", path=["field", "enemy"], units=["i1"])
    assert [v.rule_id for v in refused.violations] == ["RV-SUP-2"]  # 6 steps / 2 = 3 > purse 2

    decision = table.act(A, "move_banner", noble="g", path=["field", "enemy"], units=["c1"])  # 6 / 4 -> 2
    assert first(decision, "BannerMoved")["paid_from"] == "purse"


def test_move_is_refused_when_it_would_pass_the_limit_of_cities_plus_four() -> None:
    pieces = [noble("g", A, "home")]
    table = Table.on(board({"home": city(A), "field": {"home": [A]}}, [("home", "field", "passable", 3)], pieces))
    table.impulse(A)
    assert table.state.limit == 1 + 4
    six = table.decide(A, "move_banner", noble="g", path=["field", "home"] * 4, units=[])  # 24 / 4 = 6
    assert [v.rule_id for v in six.violations] == ["RV-SUP-1"]
    assert table.decide(A, "move_banner", noble="g", path=["field", "home"] * 3, units=[]).violations == ()


@pytest.mark.parametrize(
    ("data", "rule_id"),
    [
        ({"noble": "i1", "path": ["field"], "units": []}, "RV-NOB-1"),
        ({"noble": "e", "path": ["field"], "units": []}, "RV-NOB-1"),
        ({"noble": "g", "path": ["enemy"], "units": []}, "RV-MOV-2"),
        ({"noble": "g", "path": ["field"], "units": ["nobody"]}, "RV-NOB-3"),
        ({"noble": "h", "path": ["peak"], "units": ["i1", "i1"]}, "RV-NOB-3"),
    ],
)
def test_move_is_refused_citing_the_rule_when_the_banner_is_not_well_formed(
    data: dict[str, object], rule_id: str
) -> None:
    table = _march()
    refused = table.decide(A, "move_banner", **data)
    assert refused.violations[0].rule_id == rule_id
    assert refused.violations[0].details["field"].startswith("data.")


def test_banner_capacity_of_a_general_is_five_units() -> None:
    pieces = [noble("g", A, "home"), *troops("i", 6, "infantry", A, "home")]
    table = Table.on(board({"home": city(A), "f": {}}, [("home", "f", "passable", 1)], pieces))
    table.impulse(A)
    refused = table.decide(A, "move_banner", noble="g", path=["f"], units=[f"i{n}" for n in range(1, 7)])
    assert [v.rule_id for v in refused.violations] == ["RV-NOB-2"]


def test_actions_outside_ones_own_impulse_are_refused() -> None:
    table = _march()
    refused = table.decide(B, "move_banner", noble="e", path=["field"], units=[])
    assert [v.rule_id for v in refused.violations] == ["RV-TURN-1"]
    table.act(A, "end_impulse")
    assert table.decide(A, "begin_impulse").violations[0].rule_id == "RV-TURN-1"  # once per round


def test_purse_is_filled_only_on_home_territory() -> None:
    table = _march()
    table.act(A, "transfer_resources", **{"from": "treasury", "to": "g", "amount": 1})
    table.act(A, "move_banner", noble="g", path=["field", "enemy"], units=["c1"])
    refused = table.decide(A, "transfer_resources", **{"from": "treasury", "to": "g", "amount": 1})
    assert [v.rule_id for v in refused.violations] == ["RV-SUP-3"]
    # RV-SUP-4: two banners meeting may pass resources across factions.
    table.act(A, "transfer_resources", **{"from": "g", "to": "e", "amount": 1})
    assert table.state.purses["e"] == 1


def test_stinove_zeme_infantry_fights_in_the_field_as_cavalry() -> None:
    pieces = [
        noble("k", "kard_league", "r"),
        *[{**p, "subfaction": "stinove_zeme"} for p in troops("s", 2, "infantry", "kard_league", "r", "k")],
        *troops("b", 1, "infantry", B, "r"),
    ]
    table = Table.on(board({"r": {}}, [], pieces), seats=("kard_league", B))
    table.impulse("kard_league")
    decision = table.act("kard_league", "attack", dice=[1] * 5 + [1], nobles=["k"])
    assert len(next(r for r in every(decision, "DiceRolled") if r["side"] == "attacker")["faces"]) == 1 + 2 * 2


def test_losers_with_no_city_to_reach_are_eliminated() -> None:
    pieces = [noble("g", A, "r"), *troops("a", 2, "infantry", A, "r", "g"), noble("n", B, "r")]
    pieces += troops("b", 1, "infantry", B, "r", "n")
    areas = {"r": {}, "b_city": city(B), "island": city(B)}
    table = Table.on(board(areas, [("r", "b_city", "mountain", 1)], pieces))
    table.impulse(A)
    decision = table.act(A, "attack", dice=[6, 1, 1, 1, 1], nobles=["g"])
    assert first(decision, "PiecesEliminated")["pieces"] == ["n"]
    assert "n" not in table.state.pieces


def test_drawn_field_battle_sends_the_attacker_back_where_it_came_from() -> None:
    pieces = [noble("g", A, "home", purse=1), *troops("a", 1, "infantry", A, "home", "g")]
    pieces += troops("b", 1, "infantry", B, "r")
    table = Table.on(board({"home": city(A), "r": {}}, [("home", "r", "passable", 1)], pieces))
    table.impulse(A)
    table.act(A, "move_banner", noble="g", path=["r"], units=["a1"])
    decision = table.act(A, "attack", dice=[6, 1, 6], nobles=["g"])  # 1 hit each: a1 and b1 die
    assert first(decision, "BattleResolved")["winner"] is None
    assert first(decision, "PiecesRetreated")["to"] == "home"
    assert table.state.pieces["g"].area == "home"


def test_creation_names_the_missing_unit_table_and_influence_awards() -> None:
    errors = CEDOFAN_RV.option_errors({})
    assert any(e.startswith("options.unit_table: required") for e in errors)
    assert any(e.startswith("options.influence_awards: required") for e in errors)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"infantry": {**FIXTURE_UNIT_TABLE["infantry"], "lives": 2}}, "options.unit_table.infantry.lives"),
        ({"elephant": {**FIXTURE_UNIT_TABLE["elephant"], "lives": 2}}, "options.unit_table.elephant.lives"),
        ({"cavalry": {"cost": 1}}, "options.unit_table.cavalry.field_dice: required"),
        ({"dragon": FIXTURE_UNIT_TABLE["infantry"]}, "options.unit_table.dragon: unknown unit kind"),
    ],
)
def test_unit_table_errors_name_the_offending_entry(change: dict[str, object], expected: str) -> None:
    errors = CEDOFAN_RV.option_errors({**FIXTURE_OPTIONS, "unit_table": {**FIXTURE_UNIT_TABLE, **change}})
    assert any(e.startswith(expected) for e in errors), errors


def test_option_errors_name_unsupported_ambiguity_values() -> None:
    errors = CEDOFAN_RV.option_errors({**FIXTURE_OPTIONS, "siege_dice": "round", "storm_cost": True, "x": 1})
    assert any(e.startswith("options.siege_dice: 'round' is not supported (RV-AMB-5") for e in errors)
    assert any(e.startswith("options.storm_cost:") for e in errors)
    assert "options.x: cedofan_rv has no option 'x'" in errors


def test_every_ambiguity_default_is_an_option_of_the_game() -> None:
    documented = {spec.rule_id for spec in AMBIGUITY_OPTIONS.values()}
    expected = {f"RV-AMB-{n}" for n in range(2, 26)}
    assert expected <= documented
    assert set(CEDOFAN_RV.default_options) >= {"siege_dice", "limit_counts_siege_start", "leader_table"}


def test_board_errors_name_the_offending_entry() -> None:
    document = board(
        {"r": {"place": {"kind": "castle"}}, "s": {}},
        [("r", "s", "road", 0)],
        [{"id": "x", "kind": "noble", "owner": A, "area": "nowhere", "rank": "emperor"}],
    )
    errors = CEDOFAN_RV.board_errors(document)
    assert any("areas[0] ('r').attributes.place.kind: 'castle'" in e for e in errors)
    assert any("edges[0] ('r'-'s').kind: 'road'" in e for e in errors)
    assert any("edges[0] ('r'-'s').attributes.steps: 0" in e for e in errors)
    assert any("pieces[0] ('x').area: 'nowhere'" in e for e in errors)
    assert any("pieces[0] ('x').rank: 'emperor'" in e for e in errors)


def test_shipped_demonstration_board_is_valid_and_labelled() -> None:
    shipped = CEDOFAN_RV.shipped_boards["demonstration"]
    assert CEDOFAN_RV.board_errors(shipped) == []
    assert shipped["attributes"]["demonstration"] is True
    assert "demonstration" in shipped["name"].lower()


def test_pieces_of_a_kind_missing_from_the_unit_table_refuse_every_action() -> None:
    pieces = [noble("g", A, "r"), *troops("f", 1, "flame_legion", A, "r", "g")]
    table = Table.on(board({"r": {}}, [], pieces))
    refused = table.decide(None, "start_round")
    assert [v.rule_id for v in refused.violations] == ["RV-AMB-1"]


def test_garrison_beaten_in_the_field_leaves_its_own_city_for_the_nearest_other_one() -> None:
    pieces = [noble("h", A, "c", "house_head"), *troops("a", 7, "infantry", A, "c", "h")]
    pieces += troops("d", 6, "infantry", B, "c")
    areas = {"c": city(B), "near": city(B), "far": city(B)}
    edges = [("c", "near", "passable", 2), ("c", "far", "passable", 1), ("far", "near", "mountain", 1)]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(A)
    # 8 attacker dice, 5 hits kill 5 of 6 defenders; 6 defender dice, no hit: B keeps 1 unit, loses 7 to 1.
    decision = table.act(A, "attack", dice=[6] * 5 + [1] * 3 + [1] * 6, nobles=["h"])
    assert first(decision, "BattleResolved")["winner"] == A
    retreat = first(decision, "PiecesRetreated")
    assert (retreat["pieces"], retreat["to"], retreat["steps"]) == (["d6"], "far", 1)


def _ruler_falls(own_capital: bool) -> Table:
    capital = {"place": {"kind": "city", "owner": A if own_capital else B, "capital_of": A}}
    rudern = {"place": {"kind": "city", "owner": C, "rudern": True}}
    pieces = [noble("h", A, "r", "house_head"), noble("g", B, "r"), *troops("b", 2, "infantry", B, "r", "g")]
    areas: dict[str, dict[str, Any]] = {"r": {}, "kiertz": capital, "rudern": rudern, "b_city": city(B)}
    edges = [("r", "kiertz", "passable", 1), ("r", "rudern", "passable", 1), ("r", "b_city", "passable", 1)]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(B)
    table.act(B, "attack", dice=[6, 1, 1, 1], nobles=["g"])  # one hit kills the lone house head
    assert "h" not in table.state.pieces
    return table


def test_house_head_reappears_in_his_house_city_when_the_round_ends() -> None:
    table = _ruler_falls(own_capital=True)
    table.act(B, "end_impulse")
    decision = table.act(None, "start_round")
    back = first(decision, "RulerReappeared")
    assert (back["seat"], back["area"], back["rank"], back["rule_ids"]) == (A, "kiertz", "house_head", ["RV-DTH-1"])
    assert table.state.pieces[back["noble"]].area == "kiertz" and table.state.fallen == {}


def test_house_head_reappears_in_rudern_when_his_house_lost_its_city() -> None:
    table = _ruler_falls(own_capital=False)
    table.act(B, "end_impulse")
    assert first(table.act(None, "start_round"), "RulerReappeared")["area"] == "rudern"


def test_impulses_follow_the_fixed_order_of_factions() -> None:
    table = Table.on(board({"r": {}}, [], [noble("g", A, "r")]))
    table.act(None, "start_round")
    refused = table.decide(B, "begin_impulse")
    assert [v.rule_id for v in refused.violations] == ["RV-TURN-3"]
    assert first(table.act(A, "begin_impulse"), "ImpulseStarted")["faction"] == A


def test_reaching_the_influence_target_ends_the_game() -> None:
    pieces = [noble("g", A, "r"), *troops("a", 2, "infantry", A, "r", "g"), *troops("b", 1, "infantry", B, "r")]
    table = Table.on(board({"r": {}}, [], pieces), options={"influence_target": 1})
    table.impulse(A)
    decision = table.act(A, "attack", dice=[6, 1, 1, 1], nobles=["g"])
    ended = first(decision, "GameEnded")
    assert ended["winners"] == [A] and ended["reason"].startswith("RV-VIC-3")
    assert table.game.meta.ended


def test_rv_vic_3_rv_loot_2_the_loot_of_the_battle_that_wins_the_game_is_delivered_before_it_ends() -> None:
    """RV-LOOT-1/2: the beaten noble h carried 3, owed to the winner on a slip; RV-VIC-3: the same battle brings A to
    the influence target. Nothing can be sealed after the end, so the slip is settled first: A's treasury gets 3."""
    pieces = [
        noble("g", A, "r"),
        *troops("a", 2, "infantry", A, "r", "g"),
        noble("h", B, "r", purse=3),
        *troops("b", 1, "infantry", B, "r", "h"),
    ]
    table = Table.on(
        board({"r": {}, "b_home": city(B)}, [("r", "b_home", "passable", 1)], pieces), options={"influence_target": 1}
    )
    table.impulse(A)
    before = table.state.treasuries.get(A, 0)
    decision = table.act(A, "attack", [6, 1, 1, 1, 1], nobles=["g"])  # A: g, a1, a2; B: h, b1
    owed, delivered = first(decision, "LootOwed"), first(decision, "LootDelivered")
    assert (delivered["loot"], delivered["from_seat"], delivered["to_seat"]) == (owed["loot"], B, A)
    assert delivered["amount"] == 3 and "RV-VIC-3" in delivered["rule_ids"]
    assert types(decision)[-2:] == ["LootDelivered", "GameEnded"] and table.game.meta.ended
    assert table.state.treasuries.get(A, 0) == before + 3 and table.state.loot[owed["loot"]].delivered == 3
