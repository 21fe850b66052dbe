"""Who fights a field battle when more than two factions stand in a region (RV-FLD-1, RV-FLD-3).

The seed: „Setkají-li se dvě nepřátelské armády mimo město … dojde k bitvě v poli" — a field battle is two
armies meeting; only allied armies in a city support each other in its defence (RV-FLD-3, „více spojeneckých
armád"). So in the open the attacker names the army attacked (`data.defender`) and a third army stays out; in a
city its holder and the holder's allies (both seats declared the alliance, alliances.py) defend it together, and
a third faction's army there is no part of its garrison.

Dice use the catalog's §6 TEST FIXTURE unit table: infantry and nobles roll 1 field die and have 1 life.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Event
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.values import Viewer
from tests.domain.cedofan_rv.fixtures import A, B, C, Table, board, city, every, first, noble, troops


def three_armies(place: dict[str, Any] | None = None) -> Table:
    """A (noble ga + 3 infantry), B (gb + 1 infantry) and C (gc + 3 infantry) in region `r`, each with a city
    beside it; `place` makes `r` hold a place."""
    pieces = [noble("ga", A, "r"), *troops("a", 3, "infantry", A, "r", "ga")]
    pieces += [noble("gb", B, "r"), *troops("b", 1, "infantry", B, "r", "gb")]
    pieces += [noble("gc", C, "r"), *troops("c", 3, "infantry", C, "r", "gc")]
    areas = {"r": place or {}, "ha": city(A), "hb": city(B), "hc": city(C)}
    edges = [("r", home, "passable", 1) for home in ("ha", "hb", "hc")]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(A)
    return table


def allied(table: Table, one: str, other: str) -> None:
    """Both seats declare the alliance (RV-FLD-3)."""
    table.act(one, "declare_alliance", **{"with": other})
    table.act(other, "declare_alliance", **{"with": one})


def in_bs_city(mover: str) -> Table:
    """A (ga + 7 infantry), B (gb + 3), C (gc + 3) in `r`, B's city, each with a city beside it; `mover`'s impulse."""
    pieces = [noble("ga", A, "r"), *troops("a", 7, "infantry", A, "r", "ga")]
    pieces += [noble("gb", B, "r"), *troops("b", 3, "infantry", B, "r", "gb")]
    pieces += [noble("gc", C, "r"), *troops("c", 3, "infantry", C, "r", "gc")]
    areas = {"r": city(B), "ha": city(A), "hb": city(B), "hc": city(C)}
    table = Table.on(board(areas, [("r", h, "passable", 1) for h in ("ha", "hb", "hc")], pieces))
    table.impulse(mover)
    return table


def test_rv_fld_1_with_two_other_armies_in_the_open_the_attacker_must_name_the_defender() -> None:
    decision = three_armies().decide(A, "attack", [6] * 4 + [1] * 6, nobles=["ga"])
    assert decision.events == ()
    (violation,) = decision.violations
    assert violation.rule_id == "RV-FLD-1"
    assert violation.details["field"] == "data.defender"
    assert B in violation.message and C in violation.message


def test_rv_fld_1_only_the_named_army_fights_and_a_third_one_in_the_region_stays_out() -> None:
    table = three_armies()
    # A: 4 dice (3 infantry + ga), all hits; B: 2 dice (1 infantry + gb), misses. C rolls nothing.
    decision = table.act(A, "attack", [6, 6, 6, 6, 1, 1], nobles=["ga"], defender=B)
    assert first(decision, "AttackDeclared")["defender"] == B
    hits = {(hit["seat"], hit["hits"], tuple(hit["deaths"]), hit["wasted"]) for hit in every(decision, "HitsApplied")}
    # 4 hits on B's two pieces (the infantry first, then the noble; two hits wasted), none on C; B hits nothing.
    assert hits == {(B, 4, ("b1", "gb"), 2), (A, 0, (), 0)}
    assert {p.id for p in table.state.pieces_in("r")} == {"ga", "a1", "a2", "a3", "gc", "c1", "c2", "c3"}


def test_rv_fld_1_naming_a_faction_with_no_army_there_is_refused() -> None:
    decision = three_armies().decide(A, "attack", [1] * 6, nobles=["ga"], defender="svebodsti")
    (violation,) = decision.violations
    assert (violation.rule_id, violation.details["field"]) == ("RV-FLD-1", "data.defender")


def test_rv_fld_3_allied_armies_in_a_city_held_by_one_of_them_defend_it_together() -> None:
    # r is B's city sheltering B's 3 and its ally C's 3 units: 6, more than 5, so it is met in a field battle.
    table = in_bs_city(A)
    allied(table, B, C)
    # A rolls 8 dice, all misses; the defence rolls 8 dice (B's 4 and C's 4 together), all misses.
    decision = table.act(A, "attack", [1] * 16, nobles=["ga"])
    assert first(decision, "AttackDeclared")["defender"] == B  # recorded under the city's holder
    rolls = [step.numbers for step in decision.trace if step.rule_id == "RV-DICE-1"]
    assert [roll["dice"] for roll in rolls] == [8, 8]


def test_rv_fld_1_the_pending_attack_offers_one_choice_per_army_in_the_open() -> None:
    table = three_armies()
    waiting = CEDOFAN_RV.pending(table.game, Viewer(arbiter=True))
    (attack,) = [o for w in waiting.waiting if w.seat == A for o in w.options if o.type == "attack"]
    assert list(attack.choices) == [{"nobles": ["ga"], "defender": B}, {"nobles": ["ga"], "defender": C}]
    offered = attack.fields["areas"]["r"]["defenders"]
    assert {seat: sorted(ids) for seat, ids in offered.items()} == {B: ["b1", "gb"], C: ["c1", "c2", "c3", "gc"]}
    defending_dice = {B: 2, C: 4}
    for choice in attack.choices:  # what is offered is accepted, with A's 4 dice and the defender's
        assert table.decide(A, "attack", [1] * (4 + defending_dice[choice["defender"]]), **choice).violations == ()


def test_rv_fld_3_naming_another_army_than_the_holder_of_a_city_is_refused_not_replaced() -> None:
    """RV-FLD-3: allied armies in a held city defend it together, under its holder: C may attack B's city r (B's
    and its ally A's armies inside) as B, not single out A there. C rolls 4 dice, the defence 4 (B's) + 8 (A's)."""
    table = in_bs_city(C)
    allied(table, B, A)
    refused = table.decide(C, "attack", [1] * 16, nobles=["gc"], defender=A)
    assert [(v.rule_id, v.details["field"]) for v in refused.violations] == [("RV-FLD-3", "data.defender")]
    assert first(table.act(C, "attack", [1] * 16, nobles=["gc"], defender=B), "AttackDeclared")["defender"] == B


def test_rv_amb_11_the_attacker_orders_its_own_casualties_not_the_defenders() -> None:
    """RV-AMB-11: „The controlling player chooses" the order among pieces of equal lives — A may not pick which of
    B's infantry die."""
    table = three_armies()
    refused = table.decide(A, "attack", [6, 6, 1, 1, 1, 1], nobles=["ga"], defender=B, casualty_order=["b1"])
    assert [(v.rule_id, v.details["field"]) for v in refused.violations] == [("RV-AMB-11", "data.casualty_order")]
    assert (
        table.decide(A, "attack", [6, 6, 1, 1, 1, 1], nobles=["ga"], defender=B, casualty_order=["a3"]).violations == ()
    )


def test_notation_says_why_pieces_are_lost() -> None:
    """RV-AMB-10 (no city to withdraw to), RV-DTH-2 (lost with a League ruler), RV-ECO-8 (the tax's unrest)."""
    state = three_armies().state
    lines = {
        rule: CEDOFAN_RV.notation(Event("PiecesEliminated", {"seat": A, "pieces": ["a1"], "rule_ids": [rule]}), state)
        for rule in ("RV-AMB-10", "RV-DTH-2", "RV-ECO-8")
    }
    assert lines == {
        "RV-AMB-10": "Katzowicové: 1 infantry have no city to withdraw to and are lost",
        "RV-DTH-2": "Katzowicové: 1 infantry fell with their sub-faction's ruler and are lost",
        "RV-ECO-8": "Katzowicové: 1 infantry died in the unrest of the extraordinary tax and are lost",
    }


def test_rv_fld_3_without_an_alliance_a_third_faction_in_a_city_is_not_its_garrison() -> None:
    """RV-FLD-3 speaks of allied armies only; RV-BTY-1 of two enemy armies. B and C have no alliance, so B's city r
    shelters B's 3 units alone (at most 5: besieged, not attacked, RV-BTY-2/4), and C's army there is met on its
    own: A's 8 dice against C's 4 (3 infantry + gc), B rolls nothing."""
    table = in_bs_city(A)
    unnamed = table.decide(A, "attack", [1] * 16, nobles=["ga"])
    assert [(v.rule_id, v.details["field"]) for v in unnamed.violations] == [("RV-FLD-1", "data.defender")]
    sheltered = table.decide(A, "attack", [1] * 12, nobles=["ga"], defender=B)
    assert [v.rule_id for v in sheltered.violations] == ["RV-BTY-2"]
    decision = table.act(A, "attack", [1] * 12, nobles=["ga"], defender=C)
    assert first(decision, "AttackDeclared")["defender"] == C
    rolls = [step.numbers["dice"] for step in decision.trace if step.rule_id == "RV-DICE-1"]
    assert rolls == [8, 4]


def test_rv_fld_3_an_alliance_is_in_force_once_both_declare_and_ends_when_either_ends_it() -> None:
    table = in_bs_city(A)
    table.act(B, "declare_alliance", **{"with": C})
    assert table.state.alliances == ()  # C has not declared it: B's 3 units still stand alone in r
    assert [v.rule_id for v in table.decide(A, "attack", [1] * 12, nobles=["ga"], defender=B).violations] == [
        "RV-BTY-2"
    ]
    table.act(C, "declare_alliance", **{"with": B})
    assert table.state.alliances == ((B, C),)
    table.act(C, "end_alliance", **{"with": B})
    assert table.state.alliances == () and table.state.alliance_offers == ()
    assert [v.rule_id for v in table.decide(A, "end_alliance", **{"with": B}).violations] == ["RV-FLD-3"]


def test_rv_bty_1_an_ally_is_not_attacked() -> None:
    """RV-BTY-1: a field battle is fought by enemy armies; allies end their alliance before they fight."""
    table = three_armies()
    allied(table, A, B)
    refused = table.decide(A, "attack", [1] * 6, nobles=["ga"], defender=B)
    assert [(v.rule_id, v.details["field"]) for v in refused.violations] == [("RV-BTY-1", "data.defender")]
    table.act(A, "end_alliance", **{"with": B})
    assert table.decide(A, "attack", [1] * 6, nobles=["ga"], defender=B).violations == ()


def _b_beaten_between_its_city_and_cs(alliance: bool) -> Event:
    """A (ga + 3 infantry) beats B (gb + 5 infantry) in region r: B's own city hb is 2 steps away (r-x-hb), C's
    city hc 1; B and C allied when `alliance`. B's survivors' withdrawal."""
    pieces = [noble("ga", A, "r"), *troops("a", 3, "infantry", A, "r", "ga")]
    pieces += [noble("gb", B, "r"), *troops("b", 5, "infantry", B, "r", "gb")]
    areas = {"r": {}, "x": {}, "ha": city(A), "hb": city(B), "hc": city(C)}
    edges = [("r", "ha", "passable", 1), ("r", "hc", "passable", 1), ("r", "x", "passable", 1)]
    table = Table.on(board(areas, [*edges, ("x", "hb", "passable", 1)], pieces))
    table.impulse(A)
    if alliance:
        allied(table, B, C)
    decision = table.decide(A, "attack", [6] * 4 + [1] * 6, nobles=["ga"], defender=B)
    assert first(decision, "BattleResolved")["winner"] == A
    (retreat,) = [e for e in decision.events if e.type == "PiecesRetreated"]
    return retreat


def test_rv_fld_5_the_beaten_withdraw_to_the_nearest_friendly_city_an_allys_included() -> None:
    """RV-FLD-5 and the seed: „Přeživší z poražené armády se stahují do nejbližšího spřáteleného města/města ve
    vlastnictví": with C allied, B's survivors go to C's city hc, one step away, not to B's own hb two steps away;
    without the alliance, to hb."""
    alone = _b_beaten_between_its_city_and_cs(alliance=False).data
    assert (alone["seat"], alone["to"], alone["steps"]) == (B, "hb", 2)
    allied_retreat = _b_beaten_between_its_city_and_cs(alliance=True).data
    assert (allied_retreat["seat"], allied_retreat["to"], allied_retreat["steps"]) == (B, "hc", 1)
