"""A besieger's move and its siege (RV-REL-7, RV-AMB-16, RV-SIE-3): the siege lasts unless it is broken off."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import A, Table, first, types
from tests.domain.cedofan_rv.test_sieges_and_reliefs import _besieged


def _besieging_from_next_door() -> Table:
    """A's ha (3 infantry, purse 5) besieges B's city c (gc + 2 infantry) from r since round 1; A's impulse of
    round 2 (r borders c and A's fortress a_fort; a_fort does not border c)."""
    table = _besieged(purse_a=5)
    table.impulse(A)
    return table


def test_rv_rel_7_rv_amb_16_a_besieger_moving_into_the_besieged_region_keeps_its_siege_and_may_storm() -> None:
    """„Nebylo-li výslovně přerušeno obléhání, tak není potřeba jej znovu započínat a oblehatel může ve svém impulzu
    opět ztečovat" (RV-REL-7): ha steps from r into c's region over a passable border, where a besieger may stand
    (RV-AMB-16). Nothing broke the siege off, so it stands as begun in round 1 and ha may storm c at once."""
    table = _besieging_from_next_door()
    begun = table.state.sieges["c"]
    moved = first(table.act(A, "move_banner", noble="ha", path=["c"], units=["a1", "a2", "a3"]), "BannerMoved")
    assert moved["besieges"] == ["c"] and "breaks_off" not in moved
    assert moved["rule_ids"][-2:] == ["RV-REL-7", "RV-AMB-16"]
    assert table.state.sieges["c"] == begun and table.state.pieces["ha"].area == "c"
    assert "still besieges c" in CEDOFAN_RV.notation(Event("BannerMoved", moved), table.state)
    storm = table.decide(A, "storm_place", [1] * 5, place="c")  # besiegers ha + 3: 4 ÷ 2 = 2 dice; c: gc + 2 = 3
    assert storm.violations == () and "StormCalled" in types(storm)


def test_rv_sie_3_a_besieger_moving_out_of_reach_breaks_off_its_siege_and_the_move_says_so() -> None:
    """RV-SIE-3: from a_fort ha no longer borders c, so the move breaks the siege off, and its event names it."""
    table = _besieging_from_next_door()
    moved = first(table.act(A, "move_banner", noble="ha", path=["a_fort"], units=["a1", "a2", "a3"]), "BannerMoved")
    assert moved["breaks_off"] == ["c"] and "besieges" not in moved
    assert "RV-REL-7" not in moved["rule_ids"] and "c" not in table.state.sieges


def test_rv_rel_7_an_older_move_into_the_besieged_region_folds_as_recorded_ending_the_siege() -> None:
    """Games recorded before RV-REL-7 was applied to moves keep their fold: a `BannerMoved` without `besieges`
    ended the siege then, and still does."""
    table = _besieging_from_next_door()
    decision = table.decide(A, "move_banner", noble="ha", path=["c"], units=["a1", "a2", "a3"])
    older = {k: v for k, v in first(decision, "BannerMoved").items() if k != "besieges"}
    older["rule_ids"] = ["RV-MOV-1", "RV-MOV-2", "RV-AMB-21", "RV-SUP-1", "RV-SUP-2"]
    table.record([Event("BannerMoved", older)])
    assert "c" not in table.state.sieges
