"""The combat arithmetic of cedofan_kards_bs (domain/rulesets/cedofan_kards_bs/combat.py) pinned where mutation
testing found it loose (issue 18, point 4), each function on both sides of its thresholds. Numbers use the
seed's BS table (KBS-AMB-19: army unit 1, Shadowlands fanatic 2, ship 2; ruler figure 0) and leader bonuses
(KBS-LDR-1: Robert, Rim +3; KBS-LDR-2: Kalamé, Petros, Jaromír +1).

EQUIVALENT_MUTANTS (what `make mutate MODULE=domain/rulesets/cedofan_kards_bs/combat.py` leaves alive; measured
2026-11-27: 127/130 killed, 97.7%):
- `leader_bonus`: `best = (bonuses.get(leader, 0), leader)` with another default: the line runs only for a leader
  whose bonus is above 0, so the leader is in the table.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.cedofan_kards_bs.combat import (
    army_bs,
    attrition_pick,
    city_defence,
    leader_bonus,
    losses,
    step_cost,
    survivors,
    unit_bs,
    value,
)
from domain.rulesets.cedofan_kards_bs.state import Army

OPTIONS: dict[str, Any] = {
    "unit_bs": {"army": 1, "fanatic": 2, "ship": 2, "ruler": 0},
    "leader_bonus": {"robert": 3, "rim": 3, "kalame": 1, "petros": 1, "jaromir": 1},
}


def army(army_id: str, *leaders: str, **units: int) -> Army:
    return Army(army_id, "red", "r1", units, leaders)


def test_kbs_amb_19_bs_sums_units_and_leaders_add_nothing() -> None:
    """BS = 3 army x 1 + 2 fanatics x 2 + 1 ship x 2 = 9; a ruler figure (0) and an unknown kind add 0."""
    stacks = [army("a1", "robert", army=3, fanatic=2), army("a2", ship=1, ruler=1, catapult=4)]
    assert unit_bs(OPTIONS) == OPTIONS["unit_bs"]
    assert army_bs(stacks, OPTIONS) == 9
    assert army_bs([], OPTIONS) == 0


def test_kbs_ldr_only_the_highest_bonus_counts() -> None:
    """KBS-AMB-21: several leaders: the highest bonus; ties go to the first name in order; unnamed ones add 0."""
    assert leader_bonus([army("a", "petros", "robert"), army("b", "kalame")], OPTIONS) == (3, "robert")
    assert leader_bonus([army("a", "petros", "jaromir")], OPTIONS) == (1, "jaromir")
    assert leader_bonus([army("a", "nobody")], OPTIONS) == (0, None)
    assert leader_bonus([army("a")], OPTIONS) == (0, None)


def test_kbs_cty_3_a_fortified_city_adds_the_defenders_bs_again() -> None:
    assert (city_defence(4, True), city_defence(4, False)) == (4, 0)


@pytest.mark.parametrize(
    ("bs", "bonus", "defence", "die", "expected"),
    [(5, 0, 0, 3, 2), (5, 0, 0, 2, 1), (4, 3, 4, 1, 3), (0, 0, 0, 3, 0), (0, 0, 0, 4, 1), (9, 1, 0, 6, 4)],
)
def test_kbs_cmb_1_2_value_is_the_sum_divided_by_four_rounded_down(
    bs: int, bonus: int, defence: int, die: int, expected: int
) -> None:
    """KBS-CMB-1/2 „(BS armády + schopnost generála + obrana města + 1K6)/4"."""
    assert value(bs, bonus, defence, die) == expected


@pytest.mark.parametrize(
    ("units", "doubled", "cost"),
    [(1, False, 1), (5, False, 1), (6, False, 2), (10, False, 2), (6, True, 4), (0, False, 0)],
)
def test_kbs_mov_2_a_step_costs_one_supply_per_five_units(units: int, doubled: bool, cost: int) -> None:
    """KBS-MOV-2 „Na přesun 1-5 jednotek o jedno pole je potřeba 1 zásoba", KBS-AMB-8: x2 into swamps."""
    assert step_cost(units, doubled) == cost


def test_kbs_amb_1_survivors_never_exceed_what_a_side_had() -> None:
    """`survivors`: min(V, BS before); `inflicted`: BS before minus the other's value, at least 0."""
    assert (survivors(5, 3, 9, "survivors"), survivors(2, 3, 9, "survivors"), survivors(3, 3, 0, "survivors")) == (
        3,
        2,
        3,
    )
    assert (survivors(5, 9, 2, "inflicted"), survivors(5, 0, 7, "inflicted"), survivors(5, 0, 5, "inflicted")) == (
        3,
        0,
        0,
    )


def test_kbs_amb_1_losses_keep_the_largest_bs_not_above_the_survivors() -> None:
    """Keep 5 of 2 fanatics (4) + 3 army (3) = 7: both fanatics (4) and 1 army unit stay, 2 army go."""
    assert losses([army("a", army=3, fanatic=2)], 5, OPTIONS) == {"a": {"army": 2}}
    assert losses([army("a", army=3, fanatic=2)], 3, OPTIONS) == {"a": {"fanatic": 1, "army": 2}}
    assert losses([army("a", army=3, fanatic=2)], 7, OPTIONS) == {}
    assert losses([army("a", "robert", army=1, ruler=1)], 0, OPTIONS) == {"a": {"army": 1}}


def test_kbs_amb_18_losses_fall_on_the_stacks_in_the_order_given() -> None:
    """The relieving stack first, then the besieged: keep 2 of 2 + 3 army units: 2 + 1 go from `relief`."""
    relief, besieged = army("relief", army=2), army("besieged", army=3)
    assert losses([relief, besieged], 2, OPTIONS) == {"relief": {"army": 2}, "besieged": {"army": 1}}
    assert losses([besieged, relief], 2, OPTIONS) == {"besieged": {"army": 3}}
    fanatics = army("relief", fanatic=1)
    assert losses([fanatics, besieged], 0, OPTIONS) == {"relief": {"fanatic": 1}, "besieged": {"army": 3}}


def test_kbs_amb_5_attrition_takes_the_lowest_bs_unit_then_others_then_a_leader() -> None:
    assert attrition_pick(army("a", "rim", fanatic=1, army=2), OPTIONS) == ("army", None)
    assert attrition_pick(army("a", "rim", fanatic=1), OPTIONS) == ("fanatic", None)
    assert attrition_pick(army("a", "rim", ruler=1, catapult=1), OPTIONS) == ("catapult", None)
    assert attrition_pick(army("a", "rim", "kalame"), OPTIONS) == (None, "kalame")
    assert attrition_pick(army("a"), OPTIONS) == (None, None)


def test_kbs_amb_5_attrition_goes_by_bs_not_by_name() -> None:
    """A yeoman (BS 1, a house-rule kind) dies before a fanatic (2), though "fanatic" sorts first; a catapult
    (no BS) outlives both."""
    table = {**OPTIONS, "unit_bs": {**OPTIONS["unit_bs"], "yeoman": 1}}
    assert attrition_pick(army("a", catapult=1, fanatic=1, yeoman=1), table) == ("yeoman", None)
    assert attrition_pick(army("a", catapult=1, fanatic=1), table) == ("fanatic", None)
