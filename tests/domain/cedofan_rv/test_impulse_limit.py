"""What counts against an impulse's spending limit (RV-SUP-1, RV-STM-3, RV-AMB-14).

**Decision** (guards.spending_within_limit): the seed caps what an impulse uses, „dokud nedojde limit využitelných
zásob během impulzu. (4+počet měst ve vlastnictví)" (RV-STM-3), and the limit page names building („na přesuny,
zteče a stavbu", RV-SUP-1), units being what a faction builds („jednotek, které může vystavět", RV-UNIT-2). So a
recruit and an imperial general count against the limit like a move, a siege start or a storm.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Viewer
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import A, B, Table, board, every, first, noble
from tests.domain.cedofan_rv.test_league_and_empire import _empire


def _three_cities(mode: str = "adjudicated") -> Table:
    """A holds kiertz, jezero (yields 2, RV-ECO-3) and ostius: 3 cities, limit 3 + 4 = 7; its treasury holds 20."""
    places: dict[str, dict[str, Any]] = {
        "kiertz": {"place": {"kind": "city", "owner": A}},
        "jezero": {"place": {"kind": "city", "owner": A, "yield": 2}},
        "ostius": {"place": {"kind": "city", "owner": A}},
        "knorow": {"place": {"kind": "city", "owner": B}},
    }
    table = Table.on(board(places, [], [noble("h", A, "kiertz", "house_head")], {A: 20, B: 0}), mode=mode)
    table.impulse(A)
    table.impulse(A)  # round 2: in round 1 every city extracted on its own (RV-ECO-4)
    return table


def test_rv_sup_1_rv_amb_14_recruits_spend_the_impulse_limit_and_the_fourth_cavalry_is_refused() -> None:
    """A's limit is 3 cities + 4 = 7. Cavalry cost 2 each (the fixture's table): 2, 4, 6 spent; a fourth cavalry
    would make 8 > 7 and is refused though the treasury (20 + 4 from round 1's extraction - 6 = 18) could pay it; an
    infantry (1) makes 7."""
    table = _three_cities()
    assert table.state.limit == 7
    for place in ("kiertz", "jezero", "jezero"):
        recruited = first(table.act(A, "recruit", place=place, kind="cavalry"), "UnitsRecruited")
        assert recruited["counted"] == 2
    assert table.state.spent == 6 and table.state.treasuries[A] == 18
    refused = table.decide(A, "recruit", place="ostius", kind="cavalry")
    assert [v.rule_id for v in refused.violations] == ["RV-SUP-1", "RV-AMB-14"]
    assert refused.violations[0].details == {"spent": 6, "cost": 2, "limit": 7}
    table.act(A, "recruit", place="ostius", kind="infantry")
    assert table.act(A, "end_impulse").events[0].data == {"faction": A, "spent": 7}


def test_rv_sup_1_rv_amb_14_a_recruit_leaves_less_of_the_limit_for_a_move() -> None:
    """A holds 3 cities: limit 7. Two cavalry (4) leave 3; the noble alone moving 16 steps home (speed 4 in the
    fixture's table: 16 / 4 = 4, RV-AMB-21) would make 4 + 4 = 8 > 7."""
    places: dict[str, dict[str, Any]] = {
        "kiertz": {"place": {"kind": "city", "owner": A}, "home": [A]},
        "jezero": {"place": {"kind": "city", "owner": A, "yield": 2}, "home": [A]},
        "ostius": {"place": {"kind": "city", "owner": A}, "home": [A]},
    }
    edges = [("kiertz", "ostius", "passable", 16)]
    table = Table.on(board(places, edges, [noble("h", A, "kiertz", "house_head")], {A: 20, B: 0}))
    table.impulse(A)
    table.impulse(A)
    table.act(A, "recruit", place="jezero", kind="cavalry")
    table.act(A, "recruit", place="jezero", kind="cavalry")
    move = table.decide(A, "move_banner", noble="h", units=[], path=["ostius"])
    assert [v.rule_id for v in move.violations] == ["RV-SUP-1"]
    assert move.violations[0].details == {"spent": 4, "cost": 4, "limit": 7}


def test_rv_sup_1_rv_amb_14_pending_offers_no_recruit_over_the_limit() -> None:
    """With 6 of 7 spent, the recruit offer lists infantry (1) and no cavalry (2): the limit is public."""
    table = _three_cities()
    for place in ("kiertz", "jezero", "jezero"):
        table.act(A, "recruit", place=place, kind="cavalry")
    options = {o.type: o for w in CEDOFAN_RV.pending(table.game, Viewer(A)).waiting for o in w.options}
    assert [dict(c) for c in options["recruit"].choices] == [{"kind": "infantry", "place": "ostius"}]


def test_rv_sup_1_rv_amb_14_an_imperial_general_spends_the_kards_limit() -> None:
    """A, the kard, holds one city (home): limit 1 + 4 = 5. The general bought at imp2 spends 3 of the imperial
    treasury's 6 and of the limit; a second at imp1 (3 more) would make 6 > 5, though the treasury holds 3."""
    table = _empire()
    assert table.state.limit == 5 and table.state.treasuries["imperial"] == 6
    bought = first(table.act(A, "buy_imperial_general", place="imp2"), "ImperialGeneralBought")
    assert bought["counted"] == 3 and table.state.spent == 3
    refused = table.decide(A, "buy_imperial_general", place="imp1")
    assert [v.rule_id for v in refused.violations] == ["RV-SUP-1", "RV-AMB-14"]
    options = {o.type for w in CEDOFAN_RV.pending(table.game, Viewer(A)).waiting for o in w.options}
    assert "buy_imperial_general" not in options


def test_rv_amb_14_a_transcript_records_the_recruit_over_the_limit_with_its_deviation() -> None:
    """Transcript mode records what the table did: the fourth cavalry is kept, citing RV-SUP-1 and RV-AMB-14."""
    table = _three_cities(mode="transcript")
    for place in ("kiertz", "jezero", "jezero"):
        table.act(A, "recruit", place=place, kind="cavalry")
    decided = table.decide(A, "recruit", place="ostius", kind="cavalry")
    assert [e["unit"] for e in every(decided, "UnitsRecruited")] == ["cavalry-ostius-r2-1"]
    assert [v.rule_id for v in decided.violations] == ["RV-SUP-1", "RV-AMB-14"]
    table.record(decided.events)
    assert table.state.spent == 8  # what the table overspent stays on record
