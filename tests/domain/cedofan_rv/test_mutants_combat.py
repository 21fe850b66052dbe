"""The dice arithmetic of cedofan_rv (domain/rulesets/cedofan_rv/combat.py) pinned where mutation testing found it
loose (issue 18, point 4): the trace texts and rule ids of a storm, the `DiceRolled` and `HitsApplied` data (rule
ids included), no roll event for 0 dice, and the small functions on both sides of each of their thresholds.

Numbers use the catalog's §6 TEST FIXTURE unit table (`fixtures.FIXTURE_UNIT_TABLE`): infantry 1 field die,
1 city die, 1 life, cost 1; cavalry 2/1/2, cost 2; elephant 3/2/4, cost 3; noble 1/1/1, cost 0.

EQUIVALENT_MUTANTS (what `make mutate MODULE=domain/rulesets/cedofan_rv/combat.py` leaves alive; measured
2026-11-27: 341/348 killed, 98.0%):
- `exchange`: `drawn = 0` -> `1`, `drawn += len(faces)` -> `=` or `-=`, and `_roll(..., drawn)` -> `None`:
  `_roll` takes `drawn` but never reads it (the dice supply counts its own draws for `first_k`).
- `exchange`: `side.divisor == 1 or side.fixed_dice is not None` -> `and`, or the whole test forced false:
  `divided(n, 1, rounding)` is `n` for every n >= 0, and a fixed-dice side (RV-SIE-5) always has divisor 1.
- `_roll`: `side.divisor if side.fixed_dice is None else 1` -> always `side.divisor`: the same 1, as above.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.dice import TableDice
from domain.kernel import Inputs
from domain.rulesets.cedofan_rv.combat import (
    Side,
    apply_hits,
    casualty_order,
    chosen_order,
    divided,
    exchange,
    hits,
    piece_dice,
    pool,
)
from domain.rulesets.cedofan_rv.state import Piece
from tests.domain.cedofan_rv.fixtures import FIXTURE_UNIT_TABLE, NOW, A, B, every
from tests.domain.cedofan_rv.test_golden_rulings import fortress_table
from tests.domain.cedofan_rv.test_worked_examples import ex5_table

HITS_RULES = ["RV-DICE-3", "RV-DICE-4", "RV-DICE-5", "RV-AMB-12"]
T = FIXTURE_UNIT_TABLE


def piece(piece_id: str, kind: str, owner: str = A, **extra: Any) -> Piece:
    return Piece(piece_id, kind, owner, "r", **extra)


def texts(decision: Any) -> list[tuple[str, str]]:
    return [(step.rule_id, step.text) for step in decision.trace]


def test_ex5_storm_traces_its_dice_and_losses_in_words_with_their_rule_ids() -> None:
    """RV-EX-5: besiegers 1 + 1 + 2 + 1 = 5 city dice ÷ 2 -> 2 (RV-CTY-2), faces 5,6 -> 2 hits (RV-DICE-2);
    defenders 1 + 1 + 1 = 3 (RV-CTY-1), faces 1,5,2 -> 1 hit; 2 hits kill di1, di2; 1 hit kills bi1."""
    table = ex5_table()
    table.impulse(A)
    decision = table.act(A, "storm_place", dice=[5, 6, 1, 5, 2], place="c")
    assert texts(decision)[1:5] == [
        ("RV-CTY-2", "RV-CTY-2: besieger city dice 5 ÷ 2 -> 2; faces 5,6 -> 2 hit(s) (RV-DICE-2)"),
        ("RV-DICE-1", "RV-DICE-1: defender city dice 3; faces 1,5,2 -> 1 hit(s) (RV-DICE-2)"),
        ("RV-DICE-5", "RV-DICE-3..5: defender takes 2 hit(s): dead di1, di2; 0 wasted (RV-AMB-12)"),
        ("RV-DICE-5", "RV-DICE-3..5: besieger takes 1 hit(s): dead bi1; 0 wasted (RV-AMB-12)"),
    ]
    assert [dict(e) for e in every(decision, "DiceRolled")] == [
        {
            "seat": A,
            "purpose": "besieger city dice",
            "faces": [5, 6],
            "first_k": 1,
            "side": "besieger",
            "column": "city",
            "dice_before_division": 5,
            "divisor": 2,
        },
        {
            "seat": B,
            "purpose": "defender city dice",
            "faces": [1, 5, 2],
            "first_k": 3,
            "side": "defender",
            "column": "city",
            "dice_before_division": 3,
            "divisor": 1,
        },
    ]
    assert [dict(e) for e in every(decision, "HitsApplied")] == [
        {"side": "defender", "seat": B, "hits": 2, "deaths": ["di1", "di2"], "wasted": 0, "rule_ids": HITS_RULES},
        {"side": "besieger", "seat": A, "hits": 1, "deaths": ["bi1"], "wasted": 0, "rule_ids": HITS_RULES},
    ]


def test_ex6_fortress_storm_names_the_division_by_three_and_the_wasted_hits() -> None:
    """RV-EX-6 / RV-CTY-3: 11 city dice ÷ 3 -> 3; the 3 defender hits cannot kill a 4-life elephant: 3 wasted."""
    decision = fortress_table().act(A, "storm_place", dice=[6, 6, 1, 5, 5, 6, 1, 2], place="f")
    assert texts(decision)[1] == (
        "RV-CTY-3",
        "RV-CTY-3: besieger city dice 11 ÷ 3 -> 3; faces 6,6,1 -> 2 hit(s) (RV-DICE-2)",
    )
    assert texts(decision)[4] == (
        "RV-DICE-5",
        "RV-DICE-3..5: besieger takes 3 hit(s): dead none; 3 wasted (RV-AMB-12)",
    )


# --- exchange on its own: sides built by hand ---


def test_an_empty_place_rolls_its_fixed_die_undivided_and_says_rv_sie_5() -> None:
    """RV-SIE-5 / RV-AMB-7: the empty city defends with 1d6; its nobles take no hits (absorbs false); the
    besiegers' 2 infantry roll 2 city dice, not divided. Faces: besieger 6,1 (1 hit), defender 5 (1 hit)."""
    besieger = (piece("i1", "infantry"), piece("i2", "infantry"))
    empty = Side("defender", B, (piece("n", "noble", B),), "city", fixed_dice=1)
    fixed = exchange(
        game=_game(),
        inputs=Inputs(NOW, TableDice([6, 1, 5])),
        first=Side("besieger", A, besieger, "city"),
        second=empty,
        table=T,
        rounding="floor_min1",
        absorbs={"defender": False},
    )
    assert [(s.rule_id, s.text) for s in fixed.trace] == [
        ("RV-DICE-1", "RV-DICE-1: besieger city dice 2; faces 6,1 -> 1 hit(s) (RV-DICE-2)"),
        ("RV-SIE-5", "RV-SIE-5: empty place defends with 1d6; faces 5 -> 1 hit(s) (RV-DICE-2)"),
        ("RV-DICE-5", "RV-DICE-3..5: besieger takes 1 hit(s): dead i1; 0 wasted (RV-AMB-12)"),
    ]
    assert fixed.hits == {"besieger": 1, "defender": 1}
    assert fixed.dead == frozenset({"i1"})
    rolled = [dict(e.data) for e in fixed.events if e.type == "DiceRolled"]
    assert [(r["side"], r["dice_before_division"], r["divisor"], r["faces"]) for r in rolled] == [
        ("besieger", 2, 1, [6, 1]),
        ("defender", 1, 1, [5]),
    ]
    applied = [dict(e.data) for e in fixed.events if e.type == "HitsApplied"]
    assert applied == [
        {"side": "defender", "seat": B, "hits": 1, "deaths": [], "wasted": 1, "rule_ids": HITS_RULES},
        {"side": "besieger", "seat": A, "hits": 1, "deaths": ["i1"], "wasted": 0, "rule_ids": HITS_RULES},
    ]


def test_no_roll_event_is_recorded_for_zero_dice() -> None:
    """RV-CTY-2 with RV-AMB-5 `floor`: one infantry's 1 city die ÷ 2 -> 0 dice: nothing is rolled, no DiceRolled
    event, 'faces none'; the defender's die is the first drawn (first_k 1)."""
    besieger = Side("besieger", A, (piece("i1", "infantry"),), "city", divisor=2)
    defender = Side("defender", B, (piece("d1", "infantry", B),), "city")
    dice = TableDice([5])
    done = exchange(_game(), Inputs(NOW, dice), besieger, defender, T, "floor")
    assert [e.type for e in done.events] == ["DiceRolled", "HitsApplied", "HitsApplied"]
    assert dict(done.events[0].data)["side"] == "defender"
    assert dict(done.events[0].data)["first_k"] == 1
    assert done.trace[0].text == "RV-CTY-2: besieger city dice 1 ÷ 2 -> 0; faces none -> 0 hit(s) (RV-DICE-2)"
    assert dict(done.trace[0].numbers) == {"side": "besieger", "dice": 0, "before": 1, "faces": [], "hits": 0}
    assert dice.drawn == 1


def test_the_players_casualty_order_reaches_the_hits() -> None:
    """RV-AMB-11: two infantry (equal lives); the players chose i2 first: 1 hit kills i2, not i1."""
    attacker = Side("attacker", A, (piece("i1", "infantry"), piece("i2", "infantry")), "field")
    defender = Side("defender", B, (piece("d1", "infantry", B),), "field")
    done = exchange(_game(), Inputs(NOW, TableDice([1, 1, 6])), attacker, defender, T, "floor_min1", chosen=["i2"])
    assert done.dead == frozenset({"i2"})


def _game() -> Any:
    return ex5_table().game


# --- the small functions ---


def test_rv_unit_5_stinove_zeme_infantry_rolls_cavalry_dice_in_the_field_only() -> None:
    """RV-UNIT-5: 「jejich pěší jednotky mají sílu při boji mimo město jako jízdní jednotky」: field 2, city 1."""
    shade = piece("s1", "infantry", subfaction="stinove_zeme")
    assert (piece_dice(shade, "field", T), piece_dice(shade, "city", T)) == (2, 1)
    assert piece_dice(piece("k1", "infantry", subfaction="kard"), "field", T) == 1
    assert piece_dice(piece("c1", "cavalry"), "field", T) == 2


def test_rv_fld_1_a_pool_is_the_sum_of_the_pieces_dice() -> None:
    pieces = [piece("i", "infantry"), piece("c", "cavalry"), piece("e", "elephant"), piece("n", "noble")]
    assert (pool(pieces, "field", T), pool(pieces, "city", T)) == (1 + 2 + 3 + 1, 1 + 1 + 2 + 1)


@pytest.mark.parametrize(
    ("total", "divisor", "rounding", "dice"),
    [
        (5, 2, "floor", 2),
        (1, 2, "floor", 0),
        (1, 2, "floor_min1", 1),
        (0, 2, "floor_min1", 0),
        (2, 3, "floor_min1", 1),
        (6, 3, "floor_min1", 2),
    ],
)
def test_rv_amb_5_division_rounds_down_and_floor_min1_keeps_one_die(
    total: int, divisor: int, rounding: str, dice: int
) -> None:
    """RV-AMB-5: ÷2 / ÷3 rounded down; `floor_min1` leaves at least 1 die to a side that had any."""
    assert divided(total, divisor, rounding) == dice


def test_rv_dice_2_five_and_six_hit_four_does_not() -> None:
    """RV-DICE-2 「Ztráty způsobují kostky, na kterých padlo 5 a 6」."""
    assert (hits([4]), hits([5]), hits([6]), hits([1, 2, 3, 4, 5, 6])) == (0, 1, 1, 2)


def test_casualty_order_fewest_lives_first_noble_last_then_the_default_ties() -> None:
    """RV-DICE-3/4, RV-AMB-11: infantry (1 life) before cavalry (2) before elephant (4), the noble (1 life) last;
    among equal lives fewer dice, then lower cost, then the id."""
    pieces = [
        piece("n", "noble"),
        piece("e", "elephant"),
        piece("c", "cavalry"),
        piece("i2", "infantry"),
        piece("i1", "infantry"),
    ]
    assert [p.id for p in casualty_order(pieces, "field", T)] == ["i1", "i2", "c", "e", "n"]
    shade = piece("s", "infantry", subfaction="stinove_zeme")  # 2 field dice, 1 life
    assert [p.id for p in casualty_order([shade, piece("i", "infantry")], "field", T)] == ["i", "s"]
    assert [p.id for p in casualty_order([shade, piece("i", "infantry")], "city", T)] == ["i", "s"]
    archers = {**T, "archer": {"cost": 2, "field_dice": 1, "city_dice": 1, "lives": 1, "speed": 2}}
    assert [p.id for p in casualty_order([piece("a", "archer"), piece("z", "infantry")], "city", archers)] == ["z", "a"]
    assert [p.id for p in casualty_order(pieces[3:], "field", T, chosen=["i2"])] == ["i2", "i1"]


def test_rv_dice_5_hits_kill_whole_pieces_and_the_rest_is_wasted() -> None:
    """RV-DICE-5 / RV-AMB-12 / RV-DICE-6: 3 infantry, 2 elephants (4 lives), a noble: 7 hits kill the infantry
    and one elephant, 0 left; 8 hits leave 1 wasted; 6 hits kill the infantry, 3 wasted on the elephant."""
    pieces = [
        piece("n", "noble"),
        piece("e1", "elephant"),
        piece("e2", "elephant"),
        *(piece(f"i{n}", "infantry") for n in (1, 2, 3)),
    ]
    assert apply_hits(pieces, 7, "field", T) == (("i1", "i2", "i3", "e1"), 0)
    assert apply_hits(pieces, 8, "field", T) == (("i1", "i2", "i3", "e1"), 1)
    assert apply_hits(pieces, 6, "field", T) == (("i1", "i2", "i3"), 3)
    assert apply_hits(pieces, 0, "field", T) == ((), 0)
    assert apply_hits(pieces, 12, "field", T) == (("i1", "i2", "i3", "e1", "e2", "n"), 0)


def test_rv_amb_11_chosen_order_lists_distinct_pieces_of_the_battle_that_the_sender_controls() -> None:
    """RV-AMB-11: „The controlling player chooses" — A orders its own a and b, not B's c."""
    pieces = [piece("a", "infantry"), piece("b", "infantry"), piece("c", "infantry", owner=B)]
    assert chosen_order({"casualty_order": ["b", "a"]}, pieces, A) == ("b", "a")
    assert chosen_order({}, pieces, A) == ()
    for bad in (["a", "a"], ["z"], "ab", ["c"]):
        refused = chosen_order({"casualty_order": bad}, pieces, A)
        assert not isinstance(refused, tuple)
        assert (refused.rule_id, dict(refused.details)) == ("RV-AMB-11", {"field": "data.casualty_order"})
        assert refused.message == f"casualty_order {bad!r} must list distinct pieces of this battle that {A!r} controls"
