"""The catalog's worked examples (§6, RV-EX-1..8) decided by the domain, named after their rule ids."""

from __future__ import annotations

from typing import Any

from domain.kernel import Viewer
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import (
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

# --- RV-EX-1: order of casualties ---


def ex1_table(elephant_lives: int = 4) -> Table:
    """B's house head with 3 infantry and 2 elephants in open country; A's general with 3 elephants attacks."""
    pieces = [
        noble("h", B, "r", "house_head"),
        *troops("bi", 3, "infantry", B, "r", "h"),
        *troops("be", 2, "elephant", B, "r", "h"),
        noble("g", A, "r"),
        *troops("ae", 3, "elephant", A, "r", "g"),
    ]
    table_ = {**FIXTURE_UNIT_TABLE, "elephant": {**FIXTURE_UNIT_TABLE["elephant"], "lives": elephant_lives}}
    table = Table.on(
        board({"r": {}, "home": city(B)}, [("r", "home", "passable", 1)], pieces),
        options={"unit_table": table_},
    )
    table.impulse(A)
    return table


def test_rv_dice_3_4_5_6_amb_12_seven_hits_kill_three_infantry_and_one_elephant_ex1() -> None:
    table = ex1_table()
    # A: 3 elephants x 3 + general 1 = 10 field dice, seven 6s -> 7 hits; B: 3 + 6 + 1 = 10 dice, no hit.
    decision = table.act(A, "attack", dice=[6] * 7 + [1] * 3 + [1] * 10, nobles=["g"])

    on_b = next(h for h in every(decision, "HitsApplied") if h["side"] == "defender")
    assert on_b["hits"] == 7
    assert on_b["deaths"] == ["bi1", "bi2", "bi3", "be1"]
    assert on_b["wasted"] == 0
    survivors = {p.id for p in table.state.pieces.values() if p.owner == B}
    assert survivors == {"be2", "h"}


def test_rv_dice_6_amb_12_seventh_hit_is_wasted_with_three_life_elephants_ex1() -> None:
    table = ex1_table(elephant_lives=3)
    decision = table.act(A, "attack", dice=[6] * 7 + [1] * 3 + [1] * 10, nobles=["g"])

    on_b = next(h for h in every(decision, "HitsApplied") if h["side"] == "defender")
    assert on_b["deaths"] == ["bi1", "bi2", "bi3", "be1"]
    assert on_b["wasted"] == 1


# --- RV-EX-2: which battle ---


def ex2_table(infantry_inside: int) -> Table:
    pieces = [
        noble("n1", B, "c"),
        noble("n2", B, "c"),
        *troops("d", infantry_inside, "infantry", B, "c"),
        noble("h", A, "c", "house_head"),
        *troops("a", 7, "infantry", A, "c", "h"),
    ]
    areas = {"c": city(B), "r": {}, "home": city(A)}
    table = Table.on(board(areas, [("r", "c", "passable", 1), ("r", "home", "passable", 1)], pieces))
    table.impulse(A)
    return table


def test_rv_bty_2_bty_4_amb_2_amb_3_five_units_and_two_nobles_must_be_besieged_ex2() -> None:
    table = ex2_table(5)

    refused = table.decide(A, "attack", nobles=["h"])
    assert [v.rule_id for v in refused.violations] == ["RV-BTY-2"]
    accepted = table.decide(A, "start_siege", place="c", nobles=["h"])
    assert types(accepted) == ["SiegeStarted"]


def test_rv_bty_1_six_units_inside_is_a_field_battle_ex2() -> None:
    table = ex2_table(6)

    refused = table.decide(A, "start_siege", place="c", nobles=["h"])
    assert [v.rule_id for v in refused.violations] == ["RV-BTY-1"]
    # 8 attacker field dice (7 infantry + noble), 8 defender dice (6 infantry + 2 nobles), undivided.
    decision = table.act(A, "attack", dice=[1] * 8 + [1] * 8, nobles=["h"])
    rolls = every(decision, "DiceRolled")
    assert [(r["side"], r["column"], len(r["faces"]), r["divisor"]) for r in rolls] == [
        ("attacker", "field", 8, 1),
        ("defender", "field", 8, 1),
    ]


# --- RV-EX-3: field battle with hidden loot ---


def ex3_table() -> Table:
    pieces = [
        noble("g1", A, "r"),
        *troops("ai", 4, "infantry", A, "r", "g1"),
        *troops("ac", 1, "cavalry", A, "r", "g1"),
        noble("n2", B, "r", purse=3),
        *troops("bi", 3, "infantry", B, "r", "n2"),
    ]
    areas = {"r": {}, "b_city": city(B), "b_far": city(B), "a_city": city(A)}
    edges = [("r", "b_city", "passable", 2), ("b_city", "b_far", "passable", 1), ("r", "a_city", "passable", 1)]
    table = Table.on(board(areas, edges, pieces, {A: 5, B: 5, C: 5}))
    table.impulse(A)
    return table


EX3_DICE = [6, 5, 1, 2, 3, 5, 4, 5, 1, 1, 2]


def test_rv_fld_1_6_dice_loot_1_3_vic_1_field_battle_with_hidden_loot_ex3() -> None:
    table = ex3_table()
    decision = table.act(A, "attack", dice=EX3_DICE, nobles=["g1"])

    rolls = {r["side"]: r for r in every(decision, "DiceRolled")}
    assert len(rolls["attacker"]["faces"]) == 7 and len(rolls["defender"]["faces"]) == 4
    hits = {h["side"]: h for h in every(decision, "HitsApplied")}
    assert hits["defender"]["hits"] == 3 and hits["defender"]["deaths"] == ["bi1", "bi2", "bi3"]
    assert hits["attacker"]["hits"] == 1 and hits["attacker"]["deaths"] == ["ai1"]
    resolved = first(decision, "BattleResolved")
    assert resolved["units_after"] == {"attacker": 4, "defender": 0}
    assert resolved["winner"] == A
    retreat = first(decision, "PiecesRetreated")
    assert retreat["pieces"] == ["n2"] and retreat["to"] == "b_city" and retreat["cost"] == 0
    assert first(decision, "InfluenceGained") == {
        "seat": A,
        "amount": 1,
        "reason": "battle_won",
        "rule_ids": ["RV-VIC-1"],
    }
    owed = first(decision, "LootOwed")
    assert owed["from_seat"] == B and owed["to_seat"] == A
    opened = first(decision, "SealedRoundOpened")
    assert opened["seats"] == [B]
    assert table.state.purses["n2"] == 0  # RV-LOOT-3: the loser loses it at once
    before = table.state.treasuries[A]

    table.seal_loot(opened["round"], B, 3)

    assert table.state.treasuries[A] == before + 3
    assert table.state.loot[opened["round"]].delivered == 3


def test_rv_loot_2_slip_amount_is_seen_by_winner_and_loser_only_ex3() -> None:
    table = ex3_table()
    decision = table.act(A, "attack", dice=EX3_DICE, nobles=["g1"])
    round_id = first(decision, "SealedRoundOpened")["round"]

    for moment in ("owed", "delivered"):
        if moment == "delivered":
            table.seal_loot(round_id, B, 3)
        views: dict[str | None, Any] = {
            seat: CEDOFAN_RV.view(table.state, Viewer(seat=seat)) for seat in (A, B, C, None)
        }
        assert views[A]["loot"][round_id]["amount"] == 3
        assert views[B]["loot"][round_id]["amount"] == 3
        assert views[C]["loot"][round_id]["amount"] == "sealed"
        assert views[None]["loot"][round_id]["amount"] == "sealed"
        assert views[C]["treasuries"][A] == "sealed" and views[None]["treasuries"][A] == "sealed"


def test_rv_loot_2_slip_differing_from_the_purse_is_a_violation_ex3() -> None:
    table = ex3_table()
    decision = table.act(A, "attack", dice=EX3_DICE, nobles=["g1"])
    round_id = first(decision, "SealedRoundOpened")["round"]

    resolved = table.seal_loot(round_id, B, 1)

    assert [v.rule_id for v in resolved.violations] == ["RV-LOOT-2"]


# --- RV-EX-4: starting a siege ---


def ex4_table(border: str = "passable", with_head: bool = True) -> Table:
    pieces = [
        noble("g", A, "r"),
        *troops("gi", 3, "infantry", A, "r", "g"),
        noble("d", B, "c"),
        *troops("di", 3, "infantry", B, "c"),
    ]
    if with_head:
        pieces += [noble("h", A, "r", "house_head"), *troops("hi", 1, "infantry", A, "r", "h")]
    areas = {"r": {}, "c": city(B), "home": city(A)}
    table = Table.on(board(areas, [("r", "c", border, 1), ("r", "home", "passable", 1)], pieces))
    table.impulse(A)
    return table


def test_rv_sie_2_4_amb_15_16_two_banners_start_a_siege_for_one_resource_ex4() -> None:
    table = ex4_table()
    before = table.state.treasuries[A]
    decision = table.act(A, "start_siege", place="c", nobles=["g", "h"])

    started = first(decision, "SiegeStarted")
    assert started["cost"] == 1
    assert started["units"] == {"besiegers": 4, "defenders": 3}
    assert table.state.treasuries[A] == before - 1
    assert table.state.spent == 1


def test_rv_sie_3_mountain_border_refuses_the_siege_ex4() -> None:
    table = ex4_table(border="mountain")
    refused = table.decide(A, "start_siege", place="c", nobles=["g", "h"])
    assert {v.rule_id for v in refused.violations} == {"RV-SIE-3"}


def test_rv_sie_2_three_units_against_three_refuses_the_siege_ex4() -> None:
    table = ex4_table(with_head=False)
    refused = table.decide(A, "start_siege", place="c", nobles=["g"])
    assert [v.rule_id for v in refused.violations] == ["RV-SIE-2"]


# --- RV-EX-5: storm of a city ---


def ex5_table() -> Table:
    pieces = [
        noble("nB", A, "r", "house_head"),
        *troops("bi", 2, "infantry", A, "r", "nB"),
        *troops("be", 1, "elephant", A, "r", "nB"),
        noble("nD", B, "c", purse=2),
        *troops("di", 2, "infantry", B, "c", "nD"),
    ]
    areas = {"r": {}, "c": city(B), "b2": city(B), "home": city(A)}
    edges = [("r", "c", "passable", 1), ("c", "b2", "passable", 3), ("r", "home", "passable", 1)]
    table = Table.on(board(areas, edges, pieces))
    table.to_round(3)
    table.impulse(A)
    assert table.state.round == 3
    table.act(A, "start_siege", place="c", nobles=["nB"])
    return table


def test_rv_stm_1_storm_in_the_round_of_the_siege_start_is_refused_ex5() -> None:
    table = ex5_table()
    refused = table.decide(A, "storm_place", place="c")
    assert [v.rule_id for v in refused.violations] == ["RV-STM-1"]


def test_rv_stm_1_3_5_cty_1_2_amb_5_8_storm_takes_the_city_ex5() -> None:
    table = ex5_table()
    table.impulse(A)
    assert table.state.round == 4
    treasury = table.state.treasuries[A]

    decision = table.act(A, "storm_place", dice=[5, 6, 1, 5, 2], place="c")

    assert first(decision, "StormCalled")["cost"] == 1
    rolls = {r["side"]: r for r in every(decision, "DiceRolled")}
    assert (rolls["besieger"]["dice_before_division"], rolls["besieger"]["divisor"]) == (5, 2)
    assert rolls["besieger"]["faces"] == [5, 6]
    assert rolls["defender"]["faces"] == [1, 5, 2]
    hits = {h["side"]: h for h in every(decision, "HitsApplied")}
    assert hits["defender"]["deaths"] == ["di1", "di2"]
    assert hits["besieger"]["deaths"] == ["bi1"]
    assert first(decision, "PlaceCaptured")["by"] == A
    assert first(decision, "BattleResolved")["units_after"] == {"besieger": 2, "defender": 0}
    assert first(decision, "BattleResolved")["winner"] == A
    retreat = first(decision, "PiecesRetreated")
    assert retreat["pieces"] == ["nD"] and retreat["to"] == "b2"
    assert first(decision, "LootOwed")["to_seat"] == A
    assert table.state.places["c"].owner == A
    assert "c" not in table.state.sieges
    assert table.state.treasuries[A] == treasury - 1
    table.seal_loot(first(decision, "SealedRoundOpened")["round"], B, 2)
    assert table.state.treasuries[A] == treasury - 1 + 2


# --- RV-EX-6: storm of a fortress ---


def test_rv_cty_3_amb_5_12_stm_6_vic_1_fortress_holds_and_siege_continues_ex6() -> None:
    pieces = [
        noble("g", A, "r"),
        *troops("e", 5, "elephant", A, "r", "g"),
        noble("d", B, "f"),
        *troops("di", 4, "infantry", B, "f", "d"),
    ]
    areas = {"r": {}, "f": city(B, kind="fortress"), "home": city(A)}
    table = Table.on(board(areas, [("r", "f", "passable", 1), ("r", "home", "passable", 1)], pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="f", nobles=["g"])
    table.impulse(A)

    decision = table.act(A, "storm_place", dice=[6, 6, 1, 5, 5, 6, 1, 2], place="f")

    besieger_roll = next(r for r in every(decision, "DiceRolled") if r["side"] == "besieger")
    assert (besieger_roll["dice_before_division"], besieger_roll["divisor"], len(besieger_roll["faces"])) == (11, 3, 3)
    hits = {h["side"]: h for h in every(decision, "HitsApplied")}
    assert hits["defender"]["deaths"] == ["di1", "di2"]
    assert hits["besieger"]["hits"] == 3 and hits["besieger"]["deaths"] == [] and hits["besieger"]["wasted"] == 3
    assert "PlaceCaptured" not in types(decision) and "BesiegersWithdrew" not in types(decision)
    assert "SiegeContinues" in types(decision)
    assert first(decision, "BattleResolved")["units_after"] == {"besieger": 5, "defender": 2}
    assert first(decision, "BattleResolved")["winner"] == A
    assert table.state.places["f"].owner == B and "f" in table.state.sieges


# --- RV-EX-7: empty city ---


def test_rv_sie_4_5_stm_1_2_amb_7_empty_city_taken_by_one_hit_ex7() -> None:
    pieces = [noble("n", A, "r"), *troops("i", 2, "infantry", A, "r", "n")]
    areas = {"r": {}, "e": city(B), "home": city(A)}
    table = Table.on(board(areas, [("r", "e", "passable", 1), ("r", "home", "passable", 1)], pieces))
    table.to_round(2)
    table.impulse(A)
    before = table.state.treasuries[A]
    table.act(A, "start_siege", place="e", nobles=["n"])
    table.impulse(A)
    assert table.state.round == 3

    decision = table.act(A, "storm_place", dice=[1, 2, 6, 5], place="e")

    rolls = {r["side"]: r for r in every(decision, "DiceRolled")}
    assert rolls["defender"]["faces"] == [5] and rolls["besieger"]["divisor"] == 1
    assert rolls["besieger"]["faces"] == [1, 2, 6]
    hits = {h["side"]: h for h in every(decision, "HitsApplied")}
    assert hits["besieger"]["deaths"] == ["i1"]
    assert first(decision, "BattleResolved")["kind"] == "empty_city"
    assert first(decision, "PlaceCaptured")["rule_ids"] == ["RV-SIE-5"]
    assert table.state.places["e"].owner == A
    assert table.state.treasuries[A] == before - 2


# --- RV-EX-8: the per-impulse limit ---


def test_rv_sup_1_stm_3_amb_13_14_fourth_storm_exceeds_the_limit_ex8() -> None:
    pieces = [
        noble("mover", A, "h1", "general"),
        noble("h", A, "r", "house_head"),
        *troops("i", 3, "infantry", A, "r", "h"),
        *troops("d", 2, "infantry", B, "c"),
    ]
    areas = {"h1": city(A), "h2": city(A), "h3": city(A), "r": {}, "c": city(B)}
    edges = [
        ("h1", "h2", "passable", 8),
        ("h2", "h3", "passable", 8),
        ("h3", "r", "passable", 1),
        ("r", "c", "passable", 1),
    ]
    table = Table.on(board(areas, edges, pieces, {A: 30, B: 0, C: 0}))
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["h"])
    table.impulse(A)
    assert table.state.limit == 3 + 4

    move = table.act(A, "move_banner", noble="mover", path=["h2", "h3"], units=[])  # 16 steps / speed 4
    assert first(move, "BannerMoved")["cost"] == 4 and first(move, "BannerMoved")["paid_from"] == "treasury"
    spent = []
    for _ in range(3):
        storm = table.act(A, "storm_place", dice=[1, 1, 1, 1], place="c")
        spent.append(first(storm, "StormCalled")["spent"])
    assert spent == [5, 6, 7]

    refused = table.decide(A, "storm_place", dice=[1, 1, 1, 1], place="c")
    assert [v.rule_id for v in refused.violations] == ["RV-SUP-1", "RV-STM-3"]
    assert table.state.treasuries[A] > 1  # the limit alone refuses it


def test_rv_amb_11_players_order_pieces_of_equal_lives_but_not_across_lives() -> None:
    table = ex3_table()
    decision = table.act(A, "attack", dice=EX3_DICE, nobles=["g1"], casualty_order=["ac1", "ai4"])

    hits = {h["side"]: h for h in every(decision, "HitsApplied")}
    assert hits["attacker"]["deaths"] == ["ai4"]  # the cavalry has 2 lives: listing it first changes nothing


def test_rv_amb_11_casualty_order_naming_a_stranger_is_refused() -> None:
    refused = ex3_table().decide(A, "attack", dice=EX3_DICE, nobles=["g1"], casualty_order=["nobody"])
    assert [v.rule_id for v in refused.violations] == ["RV-AMB-11"]
