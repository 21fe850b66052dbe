"""Cedofan RV refusals of sieges, storms, sorties and field battles cite the rule that bars them (issue 17, point 4).

`_siege` is A's (house head `ha`, 3 infantry in `r`) siege of B's city `c` (general `gc`, 2 infantry) begun in A's
impulse of round 1; `r` borders `c`, A's city `a_home` and the empty `x`. The fixture's unit table (catalog §6).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision
from tests.domain.cedofan_rv.fixtures import A, B, C, Table, board, city, noble, troops
from tests.domain.cedofan_rv.test_sieges_and_reliefs import _besieged
from tests.domain.citations.cited import Path, assert_cites
from tests.domain.citations.paths_cedofan_rv import CEDOFAN_RV as INVENTORY


def cites(paths: list[Path], decision: Decision, *expected: str) -> None:
    """The decision cites `expected` in order; the path is an inventoried one."""
    assert_cites(INVENTORY, paths, decision, expected, events=True)


def _siege(treasury_a: int = 20, extra: tuple[dict[str, Any], ...] = (), **options: Any) -> Table:
    pieces = [
        noble("ha", A, "r", "house_head"),
        *troops("a", 3, "infantry", A, "r", "ha"),
        noble("gc", B, "c"),
        *troops("c", 2, "infantry", B, "c", "gc"),
        *extra,
    ]
    areas = {"r": {}, "c": city(B), "a_home": city(A), "x": {}}
    edges = [("r", "c", "passable", 1), ("r", "a_home", "passable", 1), ("r", "x", "passable", 1)]
    table = Table.on(board(areas, edges, pieces, treasuries={A: treasury_a, B: 20, C: 20}), options=options)
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    return table


def test_storm_refused_rv_stm_1_in_the_round_the_siege_began() -> None:
    """RV-STM-1: a storm may be called "if the place has been besieged since the previous round" — A began the
    siege of c this round."""
    cites([("RV-STM-1", "storms:storm_place")], _siege().decide(A, "storm_place", place="c"), "RV-STM-1")


def test_storm_over_the_impulse_limit_cites_rv_sup_1_then_rv_stm_3() -> None:
    """RV-SUP-1, the limit rule: „počet měst pod správou + 4" — A owns one city: limit 5; a storm costing 9 breaks
    it. RV-STM-3, seed 003: „Zteč jde v průběhu hráčova impulzu opakovat, dokud nedojde limit … (4+počet měst ve
    vlastnictví)" follows (issue 17, point 4: the limit rule bars it, the storm rule is kept)."""
    table = _siege(storm_cost=9)
    table.impulse(A)
    assert table.state.limit == 5
    storm = table.decide(A, "storm_place", place="c", dice=[1] * 4)
    cites(
        [("rule_id", "guards:within_limit"), ("RV-STM-3", "storms:_storm_within_limit")], storm, "RV-SUP-1", "RV-STM-3"
    )


def test_sortie_over_the_impulse_limit_cites_rv_sup_1_then_rv_stm_4() -> None:
    """RV-SUP-1 (B owns c: limit 1 + 4 = 5), then RV-STM-4, the besieged's storm, seed 003: „Vyvolání zteče obráncem
    opět stojí 1 surovinu. … Zteč jde v průběhu hráčova impulzu opakovat, dokud nedojde limit" — not RV-STM-3, the
    besiegers'. B sallies five times (gc + 2 = 3 dice against A's ha + 3 = 4 ÷ 2 = 2, all missing); the sixth
    would make 6 > 5."""
    table = _siege()
    table.impulse(B)
    assert table.state.limit == 5
    for _ in range(5):
        table.act(B, "sortie", place="c", dice=[1] * 5)
    sortie = table.decide(B, "sortie", place="c", dice=[1] * 5)
    cites(
        [("rule_id", "guards:within_limit"), ("RV-STM-4", "storms:_storm_within_limit")], sortie, "RV-SUP-1", "RV-STM-4"
    )


def test_storm_refused_rv_sup_1_when_the_treasury_cannot_pay() -> None:
    """RV-SUP-1: costs are "paid from its own treasury" — A started with none; a_home's 1 paid for the siege, so
    round 2's storm (cost 1, RV-STM-2) finds 0."""
    table = _siege(treasury_a=0)
    table.impulse(A)
    assert table.state.treasuries[A] == 0
    storm = table.decide(A, "storm_place", place="c", dice=[1] * 4)
    cites([("rule_id", "guards:can_pay")], storm, "RV-SUP-1")


def test_sortie_refused_rv_stm_4_by_a_faction_with_no_units_inside() -> None:
    """RV-STM-4: "The besieged may also call a storm" — A, the besieger, has nobody inside c."""
    table = _besieged()
    table.impulse(A)
    cites([("RV-STM-4", "storms:sortie")], table.decide(A, "sortie", place="c"), "RV-STM-4")


def test_field_attack_on_the_besieged_or_the_besiegers_refused_for_the_siege_rule_of_that_fight() -> None:
    """RV-STM-4: the besieged fight their besiegers by a storm (sortie), not a field attack; RV-REL-1: "A
    friendly or own army may support the besieged place by attacking the besiegers" — C, B's ally, come to r with 3
    infantry, attacks A's besieging army by a relief, not a field battle."""
    pieces = [
        noble("ha", A, "c", "house_head", purse=1),
        *troops("a", 4, "infantry", A, "c", "ha"),
        noble("gc", B, "c"),
        *troops("c", 2, "infantry", B, "c", "gc"),
    ]
    areas = {"c": city(B), "h": city(A)}
    table = Table.on(board(areas, [("h", "c", "passable", 1)], pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    table.impulse(B)
    instead: Path = ("RV-STM-4", "battles:siege_battle_instead")
    cites([instead], table.decide(B, "attack", nobles=["gc"]), "RV-STM-4")
    table = _siege(extra=(noble("gx", C, "x", purse=5), *troops("x", 3, "infantry", C, "x", "gx")))
    table.act(B, "declare_alliance", **{"with": C})
    table.act(C, "declare_alliance", **{"with": B})
    table.impulse(C)
    table.act(C, "move_banner", noble="gx", path=["r"], units=["x1", "x2", "x3"])
    attack = table.decide(C, "attack", dice=[1] * 10, nobles=["gx"])
    cites([("RV-REL-1", "battles:siege_battle_instead")], attack, "RV-REL-1")


def test_move_refused_rv_sup_2_when_the_nobles_purse_cannot_pay_on_enemy_ground() -> None:
    """RV-SUP-2: "Moves on enemy territory are paid from the resources the moving noble carries in his purse" —
    C's general in x carries nothing; r is not C's territory."""
    table = _siege(extra=(noble("gx", C, "x"), *troops("x", 3, "infantry", C, "x", "gx")))
    table.impulse(C)
    move = table.decide(C, "move_banner", noble="gx", path=["r"], units=["x1", "x2", "x3"])
    cites([("RV-SUP-2", "moves:move_banner")], move, "RV-SUP-2")


def test_attack_on_five_sheltered_defenders_refused_rv_bty_2_and_a_siege_of_six_rv_bty_1() -> None:
    """RV-BTY-2: a place sheltering at most 5 defenders is besieged, then stormed — not attacked in the field
    (A's 6 infantry in B's city with 5); RV-BTY-1: with more than 5 inside „dojde k bitvě v poli" — a siege of 6
    is no siege."""
    pieces = [noble("ha", A, "c", "house_head"), *troops("a", 6, "infantry", A, "c", "ha")]
    table = Table.on(board({"c": city(B)}, [], [*pieces, *troops("d", 5, "infantry", B, "c")]))
    table.impulse(A)
    cites([("RV-BTY-2", "battles:sheltered_from")], table.decide(A, "attack", dice=[1] * 12, nobles=["ha"]), "RV-BTY-2")
    pieces = [noble("ha", A, "r", "house_head"), *troops("a", 7, "infantry", A, "r", "ha")]
    areas = {"r": {}, "c": city(B), "h": city(A)}
    edges = [("r", "c", "passable", 1), ("r", "h", "passable", 1)]
    table = Table.on(board(areas, edges, [*pieces, *troops("d", 6, "infantry", B, "c")]))
    table.impulse(A)
    siege = table.decide(A, "start_siege", place="c", nobles=["ha"])
    cites([("RV-BTY-1", "sieges:_few_enough_inside")], siege, "RV-BTY-1")


def test_storm_after_a_lost_relief_cites_rv_amb_18_then_the_rv_bty_1_umbrella() -> None:
    """RV-AMB-18 (corrected catalog 1.1): while more than 5 units are inside after a relief the besiegers won, no
    storm; RV-BTY-1 (more than 5 defenders: a field battle) follows — the case of `test_cedofan_rv`."""
    table = _besieged(defenders=5, relief=3, besiegers=9)
    table.act(B, "relieve_siege", dice=[1] * 4 + [6, 6] + [1] * 8, place="c", nobles=["gw"])
    table.impulse(A)
    refused = table.decide(A, "storm_place", place="c")
    assert [v.rule_id for v in refused.violations][:2] == ["RV-AMB-18", "RV-BTY-1"]
    assert ("RV-BTY-1", "storms:_no_storm_above_five") in INVENTORY and (
        "RV-AMB-18",
        "storms:_no_storm_above_five",
    ) in INVENTORY


def test_attack_refused_rv_fld_1_without_naming_one_of_two_armies_in_the_open_or_naming_one_not_there() -> None:
    """RV-FLD-1: „Setkají-li se dvě nepřátelské armády mimo město … dojde k bitvě v poli" — a field battle is two
    armies meeting: with B's and C's armies beside A's in the open `r`, A names the one attacked; svebodsti has
    no army there."""
    pieces = [noble("ha", A, "r", "house_head"), *troops("a", 3, "infantry", A, "r", "ha")]
    pieces += [noble("gb", B, "r"), noble("gc", C, "r")]
    areas = {"r": {}, "ha_home": city(A), "hb": city(B), "hc": city(C)}
    edges = [("r", home, "passable", 1) for home in ("ha_home", "hb", "hc")]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(A)
    unnamed = table.decide(A, "attack", dice=[1] * 5, nobles=["ha"])
    cites([("RV-FLD-1", "battles:_side_named")], unnamed, "RV-FLD-1")
    absent = table.decide(A, "attack", dice=[1] * 5, nobles=["ha"], defender="svebodsti")
    cites([("RV-FLD-1", "battles:defending_side")], absent, "RV-FLD-1")


def test_attack_refused_rv_fld_3_naming_another_army_than_the_holder_inside_its_city() -> None:
    """RV-FLD-3: „Pokud se nalézají ve městě jednotky více spojeneckých armád, tak se … vzájemně při obraně
    podporují" — in B's city c B and its ally C defend it together: A may attack B there, not single out C."""
    pieces = [noble("ha", A, "c", "house_head"), *troops("a", 7, "infantry", A, "c", "ha")]
    pieces += [noble("gb", B, "c"), *troops("b", 3, "infantry", B, "c", "gb")]
    pieces += [noble("gc", C, "c"), *troops("x", 3, "infantry", C, "c", "gc")]
    table = Table.on(board({"c": city(B), "a_home": city(A)}, [("c", "a_home", "passable", 1)], pieces))
    table.act(B, "declare_alliance", **{"with": C})
    table.act(C, "declare_alliance", **{"with": B})
    table.impulse(A)
    named = table.decide(A, "attack", dice=[1] * 16, nobles=["ha"], defender=C)
    cites([("RV-FLD-3", "battles:_side_named")], named, "RV-FLD-3")


def _allied(table: Table, one: str, other: str) -> None:
    table.act(one, "declare_alliance", **{"with": other})
    table.act(other, "declare_alliance", **{"with": one})


def test_attack_and_siege_refused_rv_bty_1_against_an_ally() -> None:
    """RV-BTY-1: „Setkají-li se dvě nepřátelské armády" — battles are between enemies: A, allied with B, neither
    attacks B's army nor besieges B's city c."""
    pieces = [noble("ha", A, "r", "house_head"), *troops("a", 3, "infantry", A, "r", "ha")]
    pieces += [noble("gb", B, "r"), noble("gc", B, "c"), *troops("c", 1, "infantry", B, "c", "gc")]
    areas = {"r": {}, "c": city(B), "ha_home": city(A)}
    table = Table.on(board(areas, [("r", "c", "passable", 1), ("r", "ha_home", "passable", 1)], pieces))
    _allied(table, A, B)
    table.impulse(A)
    attack = table.decide(A, "attack", dice=[1] * 5, nobles=["ha"])
    cites([("RV-BTY-1", "battles:defending_side")], attack, "RV-BTY-1")
    siege = table.decide(A, "start_siege", place="c", nobles=["ha"])
    cites([("RV-BTY-1", "sieges:_held_by_another")], siege, "RV-BTY-1")


def test_relief_refused_rv_rel_1_by_a_faction_neither_the_besieged_nor_its_ally() -> None:
    """RV-REL-1: „spřátelená/vlastní armáda" relieves — C, no ally of B, may not relieve B's besieged city c."""
    table = _siege(extra=(noble("gx", C, "x", purse=5), *troops("x", 3, "infantry", C, "x", "gx")))
    table.impulse(C)
    table.act(C, "move_banner", noble="gx", path=["r"], units=["x1", "x2", "x3"])
    relief = table.decide(C, "relieve_siege", dice=[1] * 8, place="c", nobles=["gx"])
    cites([("RV-REL-1", "relief:_a_friend_of_the_besieged")], relief, "RV-REL-1")


def test_alliance_refused_rv_fld_3_with_oneself_twice_or_ending_none() -> None:
    """RV-FLD-3 („spojenecké armády"): an alliance is between two factions of the game, declared once by each;
    only an alliance (or a declaration) there is can be ended."""
    table = _siege()
    cites([("RV-FLD-3", "alliances:_pair")], table.decide(A, "declare_alliance", **{"with": A}), "RV-FLD-3")
    cites([("RV-FLD-3", "alliances:_pair")], table.decide(A, "end_alliance", **{"with": B}), "RV-FLD-3")
    table.act(A, "declare_alliance", **{"with": C})
    again = table.decide(A, "declare_alliance", **{"with": C})
    cites([("RV-FLD-3", "alliances:_pair")], again, "RV-FLD-3")
    table.act(C, "declare_alliance", **{"with": A})
    cites([("RV-FLD-3", "alliances:_pair")], table.decide(C, "declare_alliance", **{"with": A}), "RV-FLD-3")
