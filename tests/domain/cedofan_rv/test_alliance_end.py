"""When an alliance ends while one ally's army stands in a city the other holds (RV-FLD-3, RV-FLD-5, RV-AMB-10).

**Decision** (alliances.py): only allies share a city („jednotky více spojeneckých armád … se vzájemně při obraně
podporují", RV-FLD-3), so at the end of the alliance each ex-ally's pieces in the other's cities and fortresses
leave, free, for their owner's nearest friendly city („se stahují do nejbližšího spřáteleného města/města ve
vlastnictví. Za ústup se neplatí suroviny", RV-FLD-5): the ex-ally's cities are no longer friendly, a remaining
ally's are; none reachable, they are lost; equally near ones, the owner chooses (RV-AMB-10).

Distances are divider steps on the test boards; the catalog's §6 TEST FIXTURE unit table.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Seat, Viewer
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import A, B, C, Table, board, city, every, first, noble, troops
from tests.domain.cedofan_rv.test_field_battle_sides import allied
from tests.domain.position_contract import assert_round_trip


def _board(areas: dict[str, Any], edges: list[tuple[str, str, str, int]], *extra: dict[str, Any]) -> dict[str, Any]:
    """B's general gb with 2 infantry stands in A's city c, beside A's ga and 1 infantry."""
    pieces = [noble("ga", A, "c"), *troops("a", 1, "infantry", A, "c", "ga")]
    pieces += [noble("gb", B, "c"), *troops("b", 2, "infantry", B, "c", "gb"), *extra]
    return board({"c": city(A), **areas}, edges, pieces)


def _guests(areas: dict[str, Any], edges: list[tuple[str, str, str, int]], *extra: dict[str, Any]) -> Table:
    """`_board`'s game with A and B allies, in A's impulse of round 1."""
    table = Table.on(_board(areas, edges, *extra))
    table.impulse(A)
    allied(table, A, B)
    return table


def test_rv_fld_3_rv_fld_5_the_ex_allys_army_leaves_the_city_for_its_own_nearest_city_free() -> None:
    """A's city a2 is 1 step from c, B's city hb 2 steps (c-r-hb). Once the alliance ends a2 is no friend of B's:
    gb and his 2 infantry go to hb, 2 steps, at no cost; A's own army stays in c."""
    table = _guests(
        {"a2": city(A), "r": {}, "hb": city(B)},
        [("c", "a2", "passable", 1), ("c", "r", "passable", 1), ("r", "hb", "passable", 1)],
    )
    before = dict(table.state.treasuries)
    decision = table.act(A, "end_alliance", **{"with": B})
    assert [e.type for e in decision.events] == ["AllianceEnded", "PiecesRetreated"]
    left = first(decision, "PiecesRetreated")
    assert (left["seat"], left["pieces"], left["from"], left["to"], left["steps"], left["cost"]) == (
        B,
        ["gb", "b1", "b2"],
        "c",
        "hb",
        2,
        0,
    )
    assert left["rule_ids"] == ["RV-FLD-3", "RV-FLD-5", "RV-AMB-10"]
    assert {p: table.state.pieces[p].area for p in ("gb", "b1", "b2", "ga", "a1")} == {
        "gb": "hb",
        "b1": "hb",
        "b2": "hb",
        "ga": "c",
        "a1": "c",
    }
    assert table.state.treasuries == before


def test_rv_fld_3_rv_fld_5_either_ex_ally_leaves_the_others_city_whoever_ends_it() -> None:
    """B ends the alliance. B's army leaves A's city c for hb (1 step); A's general gh, standing in B's hb, leaves
    it for A's c (1 step) — each goes to its own city, not to the other's."""
    table = _guests({"hb": city(B)}, [("c", "hb", "passable", 1)], noble("gh", A, "hb"))
    decision = table.act(B, "end_alliance", **{"with": A})
    moves = {e["seat"]: (e["pieces"], e["from"], e["to"]) for e in every(decision, "PiecesRetreated")}
    assert moves == {B: (["gb", "b1", "b2"], "c", "hb"), A: (["gh"], "hb", "c")}


def test_rv_fld_5_a_remaining_allys_city_is_friendly_and_with_none_reachable_the_army_is_lost() -> None:
    """B holds no city. Allied with C too, B's army in A's c goes to C's hc (2 steps); without that alliance no
    friendly city is reachable and it is lost (RV-AMB-10)."""
    areas = {"r": {}, "hc": city(C)}
    edges = [("c", "r", "passable", 1), ("r", "hc", "passable", 1)]
    table = _guests(areas, edges)
    allied(table, B, C)
    left = first(table.act(A, "end_alliance", **{"with": B}), "PiecesRetreated")
    assert (left["to"], left["steps"]) == ("hc", 2)
    lonely = _guests(areas, edges)
    lost = lonely.act(A, "end_alliance", **{"with": B})
    assert [e.type for e in lost.events] == ["AllianceEnded", "PiecesEliminated"]
    assert first(lost, "PiecesEliminated") == {"seat": B, "pieces": ["gb", "b1", "b2"], "rule_ids": ["RV-AMB-10"]}
    assert not {"gb", "b1", "b2"} & set(lonely.state.pieces)


def test_rv_amb_10_equally_near_cities_the_owner_chooses_after_the_alliance_ends() -> None:
    """B's cities h1 and h2 are both 1 step from c: B's army goes to h1 (first by id) and `pending` offers B the
    choice of h2, which `choose_retreat` makes, free."""
    areas, edges = {"h1": city(B), "h2": city(B)}, [("c", "h1", "passable", 1), ("c", "h2", "passable", 1)]
    table = _guests(areas, edges)
    left = first(table.act(A, "end_alliance", **{"with": B}), "PiecesRetreated")
    assert (left["to"], left["ties"]) == ("h1", ["h1", "h2"])
    waiting = {w.seat: w for w in CEDOFAN_RV.pending(table.game, Viewer(B)).waiting}
    offered = {o.type: o for o in waiting[B].options}["choose_retreat"]
    assert [dict(c) for c in offered.choices] == [{"to": "h2"}]
    # The open choice is part of the position an arbiter may take and set up again.
    assert_round_trip(CEDOFAN_RV, table.game, _board(areas, edges), tuple(Seat(s) for s in (A, B, C)))
    table.act(B, "choose_retreat", to="h2")
    assert {table.state.pieces[p].area for p in ("gb", "b1", "b2")} == {"h2"}


def test_rv_fld_3_nothing_moves_when_an_unanswered_declaration_is_withdrawn_or_a_banner_besieges_from_there() -> None:
    """B's gb besieges C's city d (1 infantry) from c, A's city (RV-AMB-16: next to d over a passable border);
    his banner stands in the field, not in c, and stays when A ends the alliance; B's gk (no siege) leaves for hb.
    A declaration never answered is withdrawn without any move."""
    areas = {"d": city(C), "hb": city(B)}
    edges = [("c", "d", "passable", 1), ("c", "hb", "passable", 1)]
    table = _guests(areas, edges, noble("gk", B, "c"), noble("gd", C, "d"), *troops("d", 1, "infantry", C, "d", "gd"))
    table.impulse(B)
    table.act(B, "start_siege", place="d", nobles=["gb"])
    decision = table.act(A, "end_alliance", **{"with": B})
    assert [(e["pieces"], e["to"]) for e in every(decision, "PiecesRetreated")] == [(["gk"], "hb")]
    assert table.state.pieces["gb"].area == "c" and "d" in table.state.sieges
    table.act(A, "declare_alliance", **{"with": C})
    assert [e.type for e in table.act(A, "end_alliance", **{"with": C}).events] == ["AllianceEnded"]
