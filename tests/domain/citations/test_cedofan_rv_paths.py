"""More Cedofan RV refusal paths cite the rule that bars the action (issue 17, point 4).

The position is `_besieged` of the siege tests: A's house head `ha` and 3 infantry in `r` besiege B's city `c`
(B's general `gc` and 2 infantry inside) since round 1; it is B's impulse, with B's general `gw` and 3 infantry
next door in `w`. The borders: r-c, c-w, r-a_fort, a_fort-a_home (A's fortress and city).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.domain.cedofan_rv.fixtures import A, B, Table, board, city, noble, troops
from tests.domain.cedofan_rv.test_sieges_and_reliefs import _besieged
from tests.domain.citations.paths_cedofan_rv import CEDOFAN_RV as INVENTORY

Path = tuple[str, str]
TREASURY_TO_GW = {"amount": 1, "from": "treasury", "to": "gw"}

# (path, action, data, the rule cited), B acting in its impulse; each read from the catalog rule it cites.
CASES: list[tuple[Path, str, dict[str, Any], str]] = [
    # RV-STM-7: a storm needs "a siege from the previous round" — B besieges nothing.
    (("RV-STM-7", "storms:storm_place"), "storm_place", {"place": "c"}, "RV-STM-7"),
    # RV-SIE-1: the place is besieged (by A) for an impulse before a storm; a second siege of it is no siege.
    (("RV-SIE-1", "sieges:_not_besieged_yet"), "start_siege", {"place": "c", "nobles": ["gw"]}, "RV-SIE-1"),
    # RV-SIE-3: the besieger borders the place across a passable border; w does not border a_home.
    (("RV-SIE-3", "sieges:_impassable_approaches"), "start_siege", {"place": "a_home", "nobles": ["gw"]}, "RV-SIE-3"),
    # RV-REL-2: "The besieged units may join it" — those inside c, not gw's own w1.
    (
        ("RV-REL-2", "relief:_joining_from_inside"),
        "relieve_siege",
        {"place": "c", "nobles": ["gw"], "joining": ["w1"]},
        "RV-REL-2",
    ),
    # RV-NOB-3: "A banner ... is a noble and all the units he moves" — no noble, no banner.
    (("RV-NOB-3", "battles:banners"), "attack", {"nobles": []}, "RV-NOB-3"),
    (("RV-NOB-3", "moves:banner_units"), "move_banner", {"noble": "gw", "path": ["c"], "units": ["zz"]}, "RV-NOB-3"),
    # RV-NOB-1: units move only with a noble — of one's own: ha is A's, zz no noble at all.
    (("RV-NOB-1", "guards:own_noble"), "attack", {"nobles": ["ha"]}, "RV-NOB-1"),
    (("RV-NOB-1", "guards:own_noble"), "attack", {"nobles": ["zz"]}, "RV-NOB-1"),
    # RV-FLD-1: the strength is that of "all banners that meet" — gw in w and gc in c do not meet.
    (("RV-FLD-1", "battles:attack"), "attack", {"nobles": ["gw", "gc"]}, "RV-FLD-1"),
    # RV-TURN-1: rounds, "in which every player plays", and impulses: B is still playing his; no new round.
    (("RV-TURN-1", "decide:_start_round"), "start_round", {}, "RV-TURN-1"),
    # RV-MOV-2: a move is measured in steps across the map's borders; w has none to a_home.
    (("RV-MOV-2", "moves:_route"), "move_banner", {"noble": "gw", "path": ["a_home"], "units": []}, "RV-MOV-2"),
    # RV-SUP-3: a purse is held on home or friendly territory; w is neither, and 0 is no amount.
    (("RV-SUP-3", "moves:_treasury_to_purse"), "transfer_resources", TREASURY_TO_GW, "RV-SUP-3"),
    (("RV-SUP-3", "moves:_whole_amount"), "transfer_resources", {**TREASURY_TO_GW, "amount": 0}, "RV-SUP-3"),
    # RV-SUP-4: nobles pass resources when "two banners meet" — gw (w) and gc (c) do not.
    (
        ("RV-SUP-4", "moves:_purse_to"),
        "transfer_resources",
        {"amount": 1, "from": "gw", "to": "gc"},
        "RV-SUP-4",
    ),
    # RV-ECO-1: resources are extracted in one's own cities and fortresses; a_home is A's.
    (("RV-ECO-1", "economy:workable"), "extract", {"place": "a_home"}, "RV-ECO-1"),
    # RV-UNIT-1: the unit table gives every kind that can be recruited; it has no dragons.
    (("RV-UNIT-1", "economy:_in_the_unit_table"), "recruit", {"place": "c", "kind": "dragon"}, "RV-UNIT-1"),
    # RV-UNIT-3: "Flame legions cannot be recruited."
    (("RV-UNIT-3", "economy:_not_a_flame_legion"), "recruit", {"place": "c", "kind": "flame_legion"}, "RV-UNIT-3"),
    # RV-ECO-2: "A city yields per round either 1 resource or 1 recruited unit" — c has yielded this round.
    (("RV-ECO-2", "economy:workable"), "extract", {"place": "c"}, "RV-ECO-2"),
    # RV-ECO-8 / RV-ECO-6: the extraordinary tax and an imperial general are the kard's; none is elected yet.
    (("rule_id", "imperial:_the_kard"), "levy_extraordinary_tax", {}, "RV-ECO-8"),
    (("rule_id", "imperial:_the_kard"), "buy_imperial_general", {"place": "c"}, "RV-ECO-6"),
    # RV-ECO-7: shades are summoned by Kalamé, the kardka of Stínové země, "where she stands"; B has no Kalamé.
    (("RV-ECO-7", "imperial:summon_shade"), "summon_shade", {"place": "c"}, "RV-ECO-7"),
]


@pytest.mark.parametrize(
    ("path", "kind", "data", "rule"), CASES, ids=[f"{c[0][0]}@{c[1]}-{i}" for i, c in enumerate(CASES)]
)
def test_refusal_in_bs_impulse_cites_the_rule_of_its_path(
    path: Path, kind: str, data: dict[str, Any], rule: str
) -> None:
    assert path in INVENTORY
    refused = _besieged().decide(B, kind, **data)
    assert [v.rule_id for v in refused.violations] == [rule] and not refused.events


def test_relief_refused_rv_rel_1_by_the_besieger_of_the_place() -> None:
    """RV-REL-1: "A friendly or own army may support the besieged place by attacking the besiegers" — A, the
    besieger, cannot relieve the place it besieges."""
    table = _besieged()
    table.impulse(A)
    refused = table.decide(A, "relieve_siege", place="c", nobles=["ha"])
    assert ("RV-REL-1", "relief:_not_the_besieger") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["RV-REL-1"] and not refused.events


def test_siege_refused_rv_sie_2_of_a_place_the_faction_holds_itself() -> None:
    """RV-SIE-2: a siege is the attacking faction's, against defenders; A's own fortress a_fort has none to
    outnumber."""
    table = _besieged()
    table.impulse(A)
    refused = table.decide(A, "start_siege", place="a_fort", nobles=["ha"])
    assert ("RV-SIE-2", "sieges:_held_by_another") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["RV-SIE-2"] and not refused.events


def _approach(besiegers: int, defenders: int) -> Table:
    """A's house head `ha` with `besiegers` infantry in r, next to B's city c (`defenders` infantry and B's
    general `gc` inside); B's general `gf` waits in f, two steps away across w. It is A's impulse, round 1."""
    pieces = [
        noble("ha", A, "r", "house_head"),
        *troops("a", besiegers, "infantry", A, "r", "ha"),
        noble("gc", B, "c"),
        *troops("c", defenders, "infantry", B, "c", "gc"),
        noble("gf", B, "f"),
        *troops("f", 3, "infantry", B, "f", "gf"),
    ]
    areas = {"r": {}, "c": city(B), "w": {}, "f": {}, "a_home": city(A)}
    edges = [("r", "c", "passable", 1), ("c", "w", "passable", 1), ("w", "f", "passable", 1)]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(A)
    return table


def test_siege_refused_rv_sie_2_when_the_besiegers_do_not_outnumber_the_defenders() -> None:
    """RV-SIE-2: "Obléhání … útočník musí mít více jednotek než obránce" (catalog: the besiegers have more units
    than the defenders; RV-AMB-2: nobles do not count) — 2 infantry against 2 is not more."""
    refused = _approach(besiegers=2, defenders=2).decide(A, "start_siege", place="c", nobles=["ha"])
    assert ("RV-SIE-2", "sieges:_besiegers_outnumber") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["RV-SIE-2"] and not refused.events


def test_relief_refused_rv_rel_1_by_a_banner_that_is_neither_at_the_place_nor_next_to_it() -> None:
    """RV-REL-1: "A friendly or own army may support the besieged place by attacking the besiegers" — the attack
    is made from next to the place: B's gf, two steps away in f, cannot relieve c."""
    table = _approach(besiegers=3, defenders=2)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    table.impulse(B)
    refused = table.decide(B, "relieve_siege", place="c", nobles=["gf"])
    assert ("RV-REL-1", "relief:_relievers_reach") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["RV-REL-1"] and not refused.events
    assert "'gf' in 'f' is not at 'c'" in refused.violations[0].message


def test_transfer_refused_rv_sup_3_beyond_what_the_treasury_holds() -> None:
    """RV-SUP-3: a noble holds in his purse resources passed to him on home territory — no more than the treasury
    holds: one more than B's treasury cannot go into gc's purse (gc stands in B's own city c)."""
    table = _besieged()
    held = table.state.treasuries[B]
    refused = table.decide(B, "transfer_resources", amount=held + 1, **{"from": "treasury", "to": "gc"})
    assert ("RV-SUP-3", "moves:_holds_enough") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["RV-SUP-3"] and not refused.events
    assert f"holds {held}, not {held + 1}" in refused.violations[0].message


def test_second_impulse_in_a_round_refused_rv_turn_1() -> None:
    """RV-TURN-1: the game is played in rounds "in which every player plays" one impulse — B, having ended its
    impulse of round 1, cannot begin another in the same round."""
    table = _besieged()
    table.act(B, "end_impulse")
    refused = table.decide(B, "begin_impulse")
    assert ("RV-TURN-1", "decide:_not_played_yet") in INVENTORY
    assert [v.rule_id for v in refused.violations] == ["RV-TURN-1"] and not refused.events
