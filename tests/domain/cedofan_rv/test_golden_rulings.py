"""Golden rulings for cedofan_rv: each worked example's trace (rule ids in order, dice, divisors, hits, losses)
written by hand from catalog §6 (RV-EX-1..8), and hit/miss pairs one step apart on every threshold of combat:
the hit face (RV-DICE-2), the ÷2 and ÷3 of storms (RV-CTY-2/3, RV-AMB-5), the shelter of 5 (RV-BTY-4), the
siege-start majority (RV-SIE-2) and the besiegers outnumbered (RV-STM-6).

Numbers use the catalog's §6 TEST FIXTURE unit table (`fixtures.FIXTURE_UNIT_TABLE`): infantry 1 field die,
1 city die, 1 life; cavalry 2/1/2; elephant 3/2/4; noble 1/1/1.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision
from tests.domain.cedofan_rv.fixtures import FIXTURE_UNIT_TABLE, A, B, Table, board, city, every, first, noble, troops
from tests.domain.cedofan_rv.test_worked_examples import EX3_DICE, ex1_table, ex2_table, ex3_table, ex4_table, ex5_table

HITS_RULES = ["RV-DICE-3", "RV-DICE-4", "RV-DICE-5", "RV-AMB-12"]


def trace(decision: Decision) -> list[tuple[str, dict[str, Any]]]:
    """The ruling's steps as (rule id, numbers)."""
    return [(step.rule_id, dict(step.numbers)) for step in decision.trace]


def roll(side: str, dice: int, before: int, faces: list[int], hits: int) -> dict[str, Any]:
    return {"side": side, "dice": dice, "before": before, "faces": faces, "hits": hits}


def losses(side: str, hits: int, deaths: list[str], wasted: int) -> dict[str, Any]:
    return {"side": side, "hits": hits, "deaths": deaths, "wasted": wasted}


# --- the worked examples ---


def test_golden_ex1_seven_hits_kill_three_infantry_then_one_four_life_elephant() -> None:
    """RV-EX-1 / RV-DICE-6: „3 pěší, 2 sloni a 1 šlechtic dostane 7 zásahů, tak umírají 3 pěší a jeden slon"."""
    table = ex1_table()
    # A: 3 elephants x 3 + general 1 = 10 field dice; B: 3 infantry + 2 elephants x 3 + head 1 = 10.
    decision = table.act(A, "attack", dice=[6] * 7 + [1] * 3 + [1] * 10, nobles=["g"])
    assert trace(decision) == [
        ("RV-BTY-1", {"area": "r"}),
        ("RV-DICE-1", roll("attacker", 10, 10, [6] * 7 + [1] * 3, 7)),
        ("RV-DICE-1", roll("defender", 10, 10, [1] * 10, 0)),
        ("RV-DICE-5", losses("defender", 7, ["bi1", "bi2", "bi3", "be1"], 0)),
        ("RV-DICE-5", losses("attacker", 0, [], 0)),
    ]
    assert [h["rule_ids"] for h in every(decision, "HitsApplied")] == [HITS_RULES, HITS_RULES]


def test_golden_ex1_with_three_life_elephants_the_seventh_hit_is_wasted() -> None:
    """RV-EX-1, last line: a 3-life elephant dies to hits 4-6; the 7th cannot kill elephant #2 (RV-AMB-12)."""
    decision = ex1_table(elephant_lives=3).act(A, "attack", dice=[6] * 7 + [1] * 13, nobles=["g"])
    assert trace(decision)[3] == ("RV-DICE-5", losses("defender", 7, ["bi1", "bi2", "bi3", "be1"], 1))


def test_golden_ex3_field_battle_seven_dice_against_four() -> None:
    """RV-EX-3: A's 4 + 2 + 1 = 7 field dice, faces 6,5,1,2,3,5,4 -> 3 hits; B's 3 + 1 = 4, 5,1,1,2 -> 1 hit."""
    decision = ex3_table().act(A, "attack", dice=EX3_DICE, nobles=["g1"])
    assert trace(decision) == [
        ("RV-BTY-1", {"area": "r"}),
        ("RV-DICE-1", roll("attacker", 7, 7, [6, 5, 1, 2, 3, 5, 4], 3)),
        ("RV-DICE-1", roll("defender", 4, 4, [5, 1, 1, 2], 1)),
        ("RV-DICE-5", losses("defender", 3, ["bi1", "bi2", "bi3"], 0)),  # n2 survives: the noble last
        ("RV-DICE-5", losses("attacker", 1, ["ai1"], 0)),  # fewest lives: an infantry, not the cavalry
    ]
    rules = {e.type: e.data["rule_ids"] for e in decision.events if "rule_ids" in e.data}
    assert rules["HitsApplied"] == HITS_RULES
    assert rules["BattleResolved"][:2] == ["RV-FLD-4", "RV-VIC-1"]  # A 4 units against B 0
    assert rules["PiecesRetreated"] == ["RV-FLD-5", "RV-FLD-6"]  # n2 withdraws, free
    assert rules["LootOwed"][:2] == ["RV-LOOT-1", "RV-LOOT-3"]


def test_golden_ex2_five_units_and_two_nobles_are_besieged() -> None:
    """RV-EX-2 / RV-BTY-4: 5 units (the 2 nobles not counted, RV-AMB-2) is not more than 5: a siege, 7 > 5."""
    decision = ex2_table(5).decide(A, "start_siege", place="c", nobles=["h"])
    assert trace(decision) == [("RV-SIE-2", {"besiegers": 7, "defenders": 5}), ("RV-SIE-4", {"cost": 1})]


def test_golden_ex2_six_units_inside_are_met_in_a_field_battle() -> None:
    """RV-EX-2 / RV-BTY-1: 6 units inside: a field battle, undivided field dice 7 + 1 against 6 + 2 nobles."""
    decision = ex2_table(6).decide(A, "attack", dice=[1] * 16, nobles=["h"])
    assert trace(decision)[:3] == [
        ("RV-BTY-1", {"area": "c"}),
        ("RV-DICE-1", roll("attacker", 8, 8, [1] * 8, 0)),
        ("RV-DICE-1", roll("defender", 8, 8, [1] * 8, 0)),
    ]


def test_golden_ex4_two_banners_start_one_siege_for_one_resource() -> None:
    """RV-EX-4: 3 + 1 infantry in two banners against 3: `4 > 3` accepted, 1 resource in total (RV-SIE-4)."""
    decision = ex4_table().act(A, "start_siege", place="c", nobles=["g", "h"])
    assert trace(decision) == [("RV-SIE-2", {"besiegers": 4, "defenders": 3}), ("RV-SIE-4", {"cost": 1})]


def test_golden_ex5_storm_of_a_city_five_dice_halved_to_two() -> None:
    """RV-EX-5: besiegers 1 + 1 + 2 + 1 = 5 city dice ÷ 2 -> 2, faces 5,6 -> 2 hits; defenders 3, 1,5,2 -> 1."""
    table = ex5_table()
    table.impulse(A)
    decision = table.act(A, "storm_place", dice=[5, 6, 1, 5, 2], place="c")
    assert trace(decision) == [
        ("RV-STM-3", {"cost": 1, "spent": 1, "limit": 4 + 1}),  # A owns one city: limit 4 + 1
        ("RV-CTY-2", roll("besieger", 2, 5, [5, 6], 2)),
        ("RV-DICE-1", roll("defender", 3, 3, [1, 5, 2], 1)),
        ("RV-DICE-5", losses("defender", 2, ["di1", "di2"], 0)),
        ("RV-DICE-5", losses("besieger", 1, ["bi1"], 0)),
        ("RV-STM-5", {}),
    ]
    assert first(decision, "StormCalled")["rule_ids"] == ["RV-STM-2", "RV-STM-3"]
    assert first(decision, "PlaceCaptured")["rule_ids"] == ["RV-STM-5"]
    assert first(decision, "PiecesRetreated")["rule_ids"] == ["RV-AMB-8"]  # nD withdraws; his purse is loot


def fortress_table(defending_infantry: int = 4) -> Table:
    """RV-EX-6: a general with 5 elephants besieges fortress F (4 infantry + 1 noble); the storm round follows."""
    pieces = [
        noble("g", A, "r"),
        *troops("e", 5, "elephant", A, "r", "g"),
        noble("d", B, "f"),
        *troops("di", defending_infantry, "infantry", B, "f", "d"),
    ]
    areas = {"r": {}, "f": city(B, kind="fortress"), "home": city(A)}
    table = Table.on(board(areas, [("r", "f", "passable", 1), ("r", "home", "passable", 1)], pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="f", nobles=["g"])
    table.impulse(A)
    return table


def test_golden_ex6_storm_of_a_fortress_eleven_dice_divided_by_three() -> None:
    """RV-EX-6: 5 x 2 + 1 = 11 ÷ 3 -> 3 dice, 6,6,1 -> 2 hits; defenders 5 dice, 5,5,6,1,2 -> 3 hits, all on
    elephant #1 (4 lives), which survives; 2 defending units do not outnumber 5 besiegers: the siege goes on."""
    decision = fortress_table().act(A, "storm_place", dice=[6, 6, 1, 5, 5, 6, 1, 2], place="f")
    steps = trace(decision)
    assert steps[1:5] == [
        ("RV-CTY-3", roll("besieger", 3, 11, [6, 6, 1], 2)),
        ("RV-DICE-1", roll("defender", 5, 5, [5, 5, 6, 1, 2], 3)),
        ("RV-DICE-5", losses("defender", 2, ["di1", "di2"], 0)),
        ("RV-DICE-5", losses("besieger", 3, [], 3)),
    ]
    assert steps[0][0] == "RV-STM-3" and len(steps) == 5
    assert first(decision, "BattleResolved")["units_after"] == {"besieger": 5, "defender": 2}


def test_golden_ex7_empty_city_one_defending_die_and_undivided_besiegers() -> None:
    """RV-EX-7 / RV-SIE-5: „Brání se pak pouze silou 1k6 a útočníkovi se nedělí bojová síla"; 1 hit takes E."""
    pieces = [noble("n", A, "r"), *troops("i", 2, "infantry", A, "r", "n")]
    areas = {"r": {}, "e": city(B), "home": city(A)}
    table = Table.on(board(areas, [("r", "e", "passable", 1), ("r", "home", "passable", 1)], pieces))
    table.to_round(2)
    table.impulse(A)
    table.act(A, "start_siege", place="e", nobles=["n"])
    table.impulse(A)
    decision = table.act(A, "storm_place", dice=[1, 2, 6, 5], place="e")
    steps = trace(decision)
    assert ("RV-DICE-1", roll("besieger", 3, 3, [1, 2, 6], 1)) in steps  # 1 + 1 + 1 city dice, not ÷2
    assert ("RV-SIE-5", roll("defender", 1, 1, [5], 1)) in steps
    assert ("RV-DICE-5", losses("besieger", 1, ["i1"], 0)) in steps
    assert first(decision, "PlaceCaptured")["rule_ids"] == ["RV-SIE-5"]


# --- RV-DICE-2: a 5 hits, a 4 misses ---


def skirmish(attacker_face: int) -> Decision:
    """A's general with 1 infantry attacks B's noble with 1 infantry in open country; B rolls 1s."""
    pieces = [noble("g", A, "r"), *troops("a", 1, "infantry", A, "r", "g")]
    pieces += [noble("n", B, "r"), *troops("b", 1, "infantry", B, "r", "n")]
    areas = {"r": {}, "b_city": city(B), "a_city": city(A)}
    table = Table.on(board(areas, [("r", "b_city", "passable", 1), ("r", "a_city", "passable", 1)], pieces))
    table.impulse(A)
    return table.act(A, "attack", dice=[attacker_face, 1, 1, 1], nobles=["g"])


def test_rv_dice_2_a_five_is_a_hit_and_kills_the_infantry() -> None:
    """RV-DICE-2: „Ztráty způsobují kostky, na kterých padlo 5 a 6." 2 field dice each (1 infantry + noble)."""
    steps = trace(skirmish(5))
    assert steps[1] == ("RV-DICE-1", roll("attacker", 2, 2, [5, 1], 1))
    assert steps[3] == ("RV-DICE-5", losses("defender", 1, ["b1"], 0))


def test_rv_dice_2_a_four_is_a_miss_and_kills_nothing() -> None:
    steps = trace(skirmish(4))
    assert steps[1] == ("RV-DICE-1", roll("attacker", 2, 2, [4, 1], 0))
    assert steps[3] == ("RV-DICE-5", losses("defender", 0, [], 0))


# --- RV-CTY-2 / RV-CTY-3 / RV-AMB-5: the besiegers' total divided, rounded down, at least 1 ---


def storm(kind: str, besieging_infantry: int, besieger_dice: int, options: dict[str, Any] | None = None) -> Decision:
    """A noble with `besieging_infantry` infantry storms B's place holding 1 infantry, a round after the siege;
    every face is a 1. Table dice must match the count rolled, so the expected count is entered (CORE-DICE-1)."""
    pieces = [noble("n", A, "r"), *troops("i", besieging_infantry, "infantry", A, "r", "n")]
    pieces += [*troops("d", 1, "infantry", B, "p")]
    areas = {"r": {}, "p": city(B, kind=kind), "home": city(A)}
    document = board(areas, [("r", "p", "passable", 1), ("r", "home", "passable", 1)], pieces)
    table = Table.on(document, options=options)
    table.impulse(A)
    table.act(A, "start_siege", place="p", nobles=["n"])
    table.impulse(A)
    return table.act(A, "storm_place", dice=[1] * (besieger_dice + 1), place="p")


def besieger_roll(decision: Decision) -> tuple[str, dict[str, Any]]:
    return next(step for step in trace(decision) if step[1].get("side") == "besieger" and "dice" in step[1])


def test_rv_cty_2_three_city_dice_halve_to_one_die() -> None:
    """RV-CTY-2: „síla jednotek obléhající město … /2": noble + 2 infantry = 3 city dice, ⌊3/2⌋ = 1."""
    assert besieger_roll(storm("city", 2, 1)) == ("RV-CTY-2", roll("besieger", 1, 3, [1], 0))


def test_rv_cty_2_four_city_dice_halve_to_two_dice() -> None:
    assert besieger_roll(storm("city", 3, 2)) == ("RV-CTY-2", roll("besieger", 2, 4, [1, 1], 0))


def test_rv_cty_3_five_city_dice_divide_by_three_to_one_die() -> None:
    """RV-CTY-3: „síla jednotek obléhající pevnost … /3": noble + 4 infantry = 5 city dice, ⌊5/3⌋ = 1."""
    assert besieger_roll(storm("fortress", 4, 1)) == ("RV-CTY-3", roll("besieger", 1, 5, [1], 0))


def test_rv_cty_3_six_city_dice_divide_by_three_to_two_dice() -> None:
    assert besieger_roll(storm("fortress", 5, 2)) == ("RV-CTY-3", roll("besieger", 2, 6, [1, 1], 0))


NOBLE_WITHOUT_CITY_DICE = {**FIXTURE_UNIT_TABLE, "noble": {**FIXTURE_UNIT_TABLE["noble"], "city_dice": 0}}


def test_rv_amb_5_floor_min1_gives_one_die_for_two_city_dice_at_a_fortress() -> None:
    """RV-AMB-5 default `floor_min1`: max(1, ⌊2/3⌋) = 1 die (2 infantry; this table's noble rolls no city die)."""
    decision = storm("fortress", 2, 1, {"unit_table": NOBLE_WITHOUT_CITY_DICE})
    assert besieger_roll(decision) == ("RV-CTY-3", roll("besieger", 1, 2, [1], 0))
    assert [r["side"] for r in every(decision, "DiceRolled")] == ["besieger", "defender"]


def test_rv_amb_5_floor_gives_no_die_and_records_no_roll() -> None:
    """RV-AMB-5 `floor`: ⌊2/3⌋ = 0 dice; nothing is rolled, so no DiceRolled event for the besiegers."""
    decision = storm("fortress", 2, 0, {"unit_table": NOBLE_WITHOUT_CITY_DICE, "siege_dice": "floor"})
    assert besieger_roll(decision) == ("RV-CTY-3", roll("besieger", 0, 2, [], 0))
    assert [r["side"] for r in every(decision, "DiceRolled")] == ["defender"]


# --- RV-STM-6: the besiegers withdraw only when the defenders outnumber them ---


def city_storm(defender_faces: list[int]) -> Decision:
    """A noble with 3 infantry storms B's city of 2 infantry: ⌊4/2⌋ = 2 besieger dice (1s), then B's 2 dice."""
    pieces = [noble("n", A, "r"), *troops("i", 3, "infantry", A, "r", "n"), *troops("d", 2, "infantry", B, "p")]
    areas = {"r": {}, "p": city(B), "home": city(A)}
    table = Table.on(board(areas, [("r", "p", "passable", 1), ("r", "home", "passable", 1)], pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="p", nobles=["n"])
    table.impulse(A)
    return table.act(A, "storm_place", dice=[1, 1, *defender_faces], place="p")


def test_rv_stm_6_two_defenders_against_one_besieger_send_the_besiegers_away() -> None:
    """RV-STM-6: „Pokud obránci města početně přečíslí oblehatele": 2 hits leave 1 besieging unit against 2."""
    decision = city_storm([5, 5])
    assert ("RV-DICE-5", losses("besieger", 2, ["i1", "i2"], 0)) in trace(decision)
    assert first(decision, "BesiegersWithdrew")["rule_ids"][0] == "RV-STM-6"
    assert "SiegeContinues" not in [e.type for e in decision.events]


def test_rv_stm_6_two_against_two_is_not_outnumbered_and_the_siege_continues() -> None:
    decision = city_storm([5, 1])
    assert ("RV-DICE-5", losses("besieger", 1, ["i1"], 0)) in trace(decision)
    assert "SiegeContinues" in [e.type for e in decision.events]
    assert "BesiegersWithdrew" not in [e.type for e in decision.events]
