"""More Cedofan kards-era refusal paths cite the rule that bars the action (issue 17, point 4).

The position is `test_cedofan_kards_bs`'s: round 1, Rudern's (`r`) turn; its army `rs` (3 units) stands in `r-c`,
the administrative region of Západ's (`z`) unfortified city `c`, which borders `r-z`, `r-r` and `r-n`; Západ's
army `zs` (1 unit) stands in `r-z`. `besieged` adds Rudern's siege of `c` begun this round.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.domain.cedofan_kards_bs.builders import army, at_turn, given, when
from tests.domain.cedofan_kards_bs.test_rules import SIEGE, _siege_board
from tests.domain.citations.paths_cedofan_kards_bs import CEDOFAN_KARDS_BS as INVENTORY

Path = tuple[str, str]
ARMIES = [army("rs", "r", "r-c", army=3), army("zs", "z", "r-z", army=1)]


def _move(path: list[str], **more: Any) -> dict[str, Any]:
    return {"army": "rs", "path": path, **more}


# (path, seat, action, data, the rules cited in order), read from the catalog rule each cites.
CASES: list[tuple[Path, str | None, str, dict[str, Any], list[str]]] = [
    # KBS-AMB-22: "one field of movement = one step into an adjacent region" — 'nowhere' is none; r-n and r-z
    # are not adjacent.
    (("KBS-AMB-22", "battle_guards:_land_step"), "r", "attack", {"army": "rs", "to": "nowhere"}, ["KBS-AMB-22"]),
    (("KBS-AMB-22", "movement:path_cost"), "r", "move_army", _move(["r-n", "r-z"]), ["KBS-AMB-22"]),
    # KBS-CMB-3: a battle is won against a side that "gains the region"; r-n holds no enemy to fight.
    (("KBS-CMB-3", "battle_guards:_enemy_present"), "r", "attack", {"army": "rs", "to": "r-n"}, ["KBS-CMB-3"]),
    # KBS-CTY-2: even an unfortified city "must be besieged before it can be stormed" — not attacked, not
    # entered; and a storm with no siege cites it, then KBS-STM-1 (besieged in an earlier turn).
    (("KBS-CTY-2", "battle_guards:_not_a_city"), "r", "attack", {"army": "rs", "to": "c"}, ["KBS-CTY-2"]),
    (("KBS-CTY-2", "movement:entry_refusal"), "r", "move_army", _move(["c"]), ["KBS-CTY-2"]),
    (
        ("KBS-CTY-2", "battle_guards:_not_besieging"),
        "r",
        "storm_city",
        {"army": "rs", "city": "c"},
        ["KBS-CTY-2", "KBS-STM-1"],
    ),
    # KBS-REL-1: "While a city is besieged, another army may come and attack the besiegers" — c is not besieged.
    (("KBS-REL-1", "battle_guards:relief_sides"), "r", "relieve_siege", {"armies": ["rs"], "city": "c"}, ["KBS-REL-1"]),
    # KBS-MOV-4: the move action's path lists the fields moved through; an empty one moves nowhere.
    (("KBS-MOV-4", "movement:decide_move"), "r", "move_army", _move([]), ["KBS-MOV-4"]),
    # KBS-MOV-2: "Moving 1 to 5 movement units one field" — 0 units is no move.
    (("KBS-MOV-2", "movement:moving_part"), "r", "move_army", _move(["r-n"], units={"army": 0}), ["KBS-MOV-2"]),
    # KBS-MOV-1: the movement units are the army's own: -1, or 9 of its 3, or a leader twice, are none.
    (("KBS-MOV-1", "movement:_moved_units"), "r", "move_army", _move(["r-n"], units={"army": -1}), ["KBS-MOV-1"]),
    (("KBS-MOV-1", "movement:_moved_units"), "r", "move_army", _move(["r-n"], units={"army": 9}), ["KBS-MOV-1"]),
    (("KBS-MOV-1", "movement:_moved_leaders"), "r", "move_army", _move(["r-n"], leaders=["x", "x"]), ["KBS-MOV-1"]),
    # KBS-MOV-10: a joint entry is of "units from two different regions"; one army is no joint entry.
    (
        ("KBS-MOV-10", "movement:decide_enter_jointly"),
        "r",
        "enter_jointly",
        {"armies": ["rs"], "to": "r-n"},
        ["KBS-MOV-10"],
    ),
    # KBS-MOV-9: merging is of one's armies in one region: one army, or Západ's zs, is no merge for Rudern.
    (("KBS-MOV-9", "movement:decide_merge"), "r", "merge_armies", {"armies": ["rs"]}, ["KBS-MOV-9"]),
    (("KBS-MOV-9", "movement:decide_merge"), "r", "merge_armies", {"armies": ["rs", "zs"]}, ["KBS-MOV-9"]),
    # KBS-RET-3: "Captured units may be ransomed after the battle" — no battle, no prisoners.
    (("KBS-RET-3", "decide:_decide_ransom_prisoners"), "r", "ransom_prisoners", {"units": {"army": 1}}, ["KBS-RET-3"]),
    # KBS-VAS-8: "A vassal ... may declare a revolt" — Rudern is no one's vassal.
    (("KBS-VAS-8", "decide:_decide_revolt"), "r", "declare_revolt", {}, ["KBS-VAS-8"]),
    # KBS-VAS-9: "In the supply-gathering phase the lord may request" — the turns have begun.
    (
        ("KBS-VAS-9", "decide:_decide_vassal_supplies"),
        "r",
        "request_vassal_supplies",
        {"vassal": "z", "amount": 1},
        ["KBS-VAS-9"],
    ),
    # KBS-AMB-20: the supply phase opens every round before its turns; round 1's turns are still being played.
    (("KBS-AMB-20", "decide:_decide_start_round"), None, "start_round", {}, ["KBS-AMB-20"]),
    # KBS-AMB-1: the losses of a battle are allocated by the side that suffered them; Rudern has none open.
    (("KBS-AMB-1", "losses:decide_allocate_losses"), "r", "allocate_losses", {"at": "r-c"}, ["KBS-AMB-1"]),
]


@pytest.mark.parametrize(
    ("path", "seat", "kind", "data", "rules"), CASES, ids=[f"{c[0][0]}@{c[2]}-{i}" for i, c in enumerate(CASES)]
)
def test_refusal_cites_the_rule_of_its_path(
    path: Path, seat: str | None, kind: str, data: dict[str, Any], rules: list[str]
) -> None:
    assert path in INVENTORY
    decision = when(given(_siege_board(ARMIES), ("z", "r"), *at_turn(1, "r")), kind, seat, **data)
    assert [v.rule_id for v in decision.violations] == rules and not decision.events


def test_storm_and_second_siege_refused_kbs_stm_1_and_kbs_sie_1_while_the_siege_is_in_its_first_round() -> None:
    """KBS-STM-1: "A city can be stormed only if it was besieged in a previous turn or earlier" — Rudern's siege
    of c began this round. KBS-SIE-1 (starting a siege) bars besieging it a second time."""
    game = given(_siege_board(ARMIES), ("z", "r"), *at_turn(1, "r"), SIEGE)
    storm = when(game, "storm_city", "r", army="rs", city="c")
    assert ("KBS-STM-1", "battle_guards:storm_siege") in INVENTORY
    assert [v.rule_id for v in storm.violations] == ["KBS-STM-1"] and not storm.events
    again = when(game, "start_siege", "r", army="rs", city="c")
    assert ("KBS-SIE-1", "battle_guards:_not_in_a_siege") in INVENTORY
    assert [v.rule_id for v in again.violations] == ["KBS-SIE-1"] and not again.events


def test_storm_of_a_fortified_city_without_a_siege_cites_kbs_stm_1_alone() -> None:
    """KBS-STM-1 (issue 17's own example): the unfortified-city rule KBS-CTY-2 does not apply to a fortified c."""
    game = given(_siege_board(ARMIES, fortified=True), ("z", "r"), *at_turn(1, "r"))
    storm = when(game, "storm_city", "r", army="rs", city="c")
    assert ("KBS-STM-1", "battle_guards:_not_besieging") in INVENTORY
    assert [v.rule_id for v in storm.violations] == ["KBS-STM-1"] and not storm.events


def test_attack_on_besiegers_refused_kbs_rel_1_it_is_a_relief() -> None:
    """KBS-REL-1: "While a city is besieged, another army may come and attack the besiegers" — that attack is the
    relief (relieve_siege), not a plain attack on the region."""
    armies = [*ARMIES, army("zg", "z", "c", army=1)]
    game = given(_siege_board(armies), ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    refused = when(game, "attack", "z", army="zs", to="r-c")
    assert ("KBS-REL-1", "battle_guards:_enemy_present") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["KBS-REL-1"] and not refused.events


def test_siege_refused_kbs_sie_3_when_the_besiegers_bs_is_not_above_the_citys_defence() -> None:
    """KBS-SIE-3: "When the siege starts, the besieging army's BS must be strictly greater than the BS of the
    city's defence" — 1 BS against a fortified c with 3 units inside (3 + 3 = 6)."""
    armies = [army("rs", "r", "r-c", army=1), army("zg", "z", "c", army=3)]
    game = given(_siege_board(armies, fortified=True), ("z", "r"), *at_turn(1, "r"))
    refused = when(game, "start_siege", "r", army="rs", city="c")
    assert ("KBS-SIE-3", "battle_guards:_siege_strength") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["KBS-SIE-3"] and not refused.events


@pytest.mark.parametrize(
    ("armies", "message"),
    [
        ([], "must list the relieving armies"),
        (["nobody"], "is not an army of 'z'"),
        (["zg"], "does not stand free in 'r-c'"),
    ],
)
def test_relief_refused_kbs_rel_1_unless_the_relievers_are_own_armies_standing_free_in_the_region(
    armies: list[str], message: str
) -> None:
    """KBS-REL-1: "While a city is besieged, another army may come and attack the besiegers" — an army must come:
    none listed, one Západ does not have, or zg shut inside c (not free in its region r-c) is no relief."""
    with_garrison = [*ARMIES, army("zg", "z", "c", army=1)]
    game = given(_siege_board(with_garrison), ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    refused = when(game, "relieve_siege", "z", armies=armies, city="c")
    assert ("KBS-REL-1", "battle_guards:_relievers") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["KBS-REL-1"] and not refused.events
    assert message in refused.violations[0].message
