"""Sieges under fire in cedofan_kards_bs: a besieger's field battle (KBS-AMB-4), a vassal's storm (KBS-VAS-5) and the
order of losses in a relief battle (KBS-AMB-18)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Event, Game, Viewer
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from tests.domain.cedofan_kards_bs.builders import (
    army,
    at_turn,
    board_doc,
    city,
    events_of,
    given,
    refused_by,
    then,
    when,
)
from tests.domain.cedofan_kards_bs.test_rules import SIEGE, _siege_board


def test_kbs_amb_4_the_siege_holds_when_the_besiegers_win_a_field_battle_in_their_region_and_stay_stronger() -> None:
    board = _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8), army("zf", "z", "r-c", army=2)])
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    decision = when(game, "attack", "r", dice=[6, 1], army="rs")
    assert events_of(decision, "BattleResolved")[0]["values"] == [3, 0]  # floor((8+6)/4), floor((2+1)/4)
    assert not events_of(decision, "SiegeEnded") and not events_of(decision, "SiegeBroken")
    game = then(game, decision)
    # KBS-AMB-4: 3 BS outside >= 2 inside, so rs still besieges c and may storm it next round (KBS-STM-1).
    assert dict(game.state.armies["rs"].units) == {"army": 3}
    assert game.state.sieges["c"].army == "rs" and game.state.armies["rs"].besieging == "c"
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"), *decision.events, *at_turn(3, "r"))
    assert events_of(when(game, "storm_city", "r", dice=[1, 1], army="rs", city="c"), "StormDeclared")


def test_kbs_amb_4_kbs_sie_5_the_siege_breaks_and_the_catapult_stays_inside_when_a_field_battle_leaves_one_bs() -> None:
    board = _siege_board(
        [army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=3, catapult=1), army("zf", "z", "r-c", army=1)]
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    decision = when(game, "attack", "r", dice=[1, 1], army="rs")
    # floor((3+1)/4) = 1 beats floor((1+1)/4) = 0, but rs keeps 1 BS against 2 inside: the siege breaks.
    assert events_of(decision, "BattleResolved")[0]["values"] == [1, 0]
    assert events_of(decision, "SiegeBroken")[0]["rule_ids"] == ["KBS-SIE-4", "KBS-AMB-4"]
    assert events_of(decision, "EquipmentSeized")[0]["rule_ids"] == ["KBS-SIE-5"]
    game = then(game, decision)
    assert dict(game.state.armies["zg"].units) == {"army": 2, "catapult": 1}
    assert "c" not in game.state.sieges and game.state.armies["rs"].besieging is None


def _a_and_b(armies: list[dict[str, Any]], second: str = "a") -> dict[str, Any]:
    """Factions a (capital c-a) and b (capital c-b, ruler bk); r-b lies between r-a and r-{second}2, the region of
    the second city c-{second}2 of faction `second`."""
    return board_doc(
        regions={"r-a": {}, "r-b": {}, f"r-{second}2": {}},
        cities={
            "c-a": city("r-a", "a", capital_of="a"),
            "c-b": city("r-b", "b", capital_of="b"),
            f"c-{second}2": city(f"r-{second}2", second),
        },
        land=[("r-a", "r-b"), ("r-b", f"r-{second}2")],
        factions={
            "a": {"capital": "c-a", "ruler": "ak", "supplies": 10},
            "b": {"capital": "c-b", "ruler": "bk", "supplies": 10},
        },
        armies=armies,
    )


def test_kbs_vas_5_a_vassal_may_not_storm_its_lords_city_when_its_siege_began_before_the_vassalage() -> None:
    board = _a_and_b([army("gb2", "b", "r-a2", army=6), army("ga2", "a", "c-a2", army=1)])
    siege = Event("SiegeStarted", {"seat": "b", "army": "gb2", "city": "c-a2", "round": 1, "cost": 1})
    vassal = Event("VassalageEstablished", {"vassal": "b", "lord": "a", "ruler": "bk"})
    free = given(board, ("a", "b"), *at_turn(1, "b"), siege, *at_turn(2, "b"))
    # Without the vassalage 6 BS against 1 takes the city: floor((6+6)/4) = 3 against floor((1+1)/4) = 0.
    assert events_of(when(free, "storm_city", "b", dice=[6, 1], army="gb2", city="c-a2"), "CityCaptured")
    game = given(board, ("a", "b"), *at_turn(1, "b"), siege, vassal, *at_turn(2, "b"))
    assert refused_by(when(game, "storm_city", "b", dice=[6, 1], army="gb2", city="c-a2")) == "KBS-VAS-5"
    assert "storm_city" in _offered(free, "b") and "storm_city" not in _offered(game, "b")


def _bs_capital_stormed_beside_a_siege_of_c2(second: str) -> tuple[Game, Decision]:
    """a's army ga (8 BS) storms b's capital c-b, held by 1 army unit and bk, in round 2 (dice 6, 1: floor((8+6)/4)
    = 3 against floor((1+1)/4) = 0), while the other faction's army besieges c-{second}2 (1 BS inside)."""
    besieger = "b" if second == "a" else "a"
    board = _a_and_b(
        [
            army("ga", "a", "r-b", army=8),
            army("gb", "b", "c-b", ["bk"], army=1),
            army(f"g{besieger}2", besieger, f"r-{second}2", army=6),
            army(f"g{second}2", second, f"c-{second}2", army=1),
        ],
        second,
    )
    sieges = [
        Event("SiegeStarted", {"seat": "a", "army": "ga", "city": "c-b", "round": 1, "cost": 1}),
        Event(
            "SiegeStarted", {"seat": besieger, "army": f"g{besieger}2", "city": f"c-{second}2", "round": 1, "cost": 1}
        ),
    ]
    game = given(board, ("a", "b"), *at_turn(1, "a"), *sieges, *at_turn(2, "a"))
    return game, when(game, "storm_city", "a", dice=[6, 1], army="ga", city="c-b")


def test_kbs_vas_5_the_new_vassals_siege_of_its_lords_city_ends_with_the_vassalage() -> None:
    """KBS-VAS-1: a storms b's capital c-b and captures its general bk: b becomes a's vassal; b's army gb2 besieges
    a's city c-a2 — KBS-VAS-5 („Nesmí na svého pána zaútočit"): that siege ends with the vassalage."""
    game, decision = _bs_capital_stormed_beside_a_siege_of_c2(second="a")
    assert events_of(decision, "VassalageEstablished")[0]["lord"] == "a"
    assert [(e["city"], e["reason"], e["rule_ids"]) for e in events_of(decision, "SiegeEnded")] == [
        ("c-b", "taken", ["KBS-SIE-6"]),  # a's own siege ends with the city it took
        ("c-a2", "vassalage", ["KBS-VAS-5"]),
    ]
    game = then(game, decision)
    assert "c-a2" not in game.state.sieges and game.state.armies["gb2"].besieging is None


def test_kbs_amb_9_kbs_vas_4_a_beaten_vassal_may_retreat_into_a_region_where_its_lords_army_stands() -> None:
    """KBS-AMB-9: a loser retreats into a neighbouring region "it may enter"; KBS-VAS-4: „Může se pohybovat po
    území svého pána" — c beats vassal b's army in r-x; b may retreat to r-a, where only its lord a's army stands."""
    board = board_doc(
        regions={"r-a": {}, "r-b": {}, "r-c": {}, "r-x": {}},
        cities={
            "c-a": city("r-a", "a", capital_of="a"),
            "c-b": city("r-b", "b", capital_of="b"),
            "c-c": city("r-c", "c", capital_of="c"),
        },
        land=[("r-x", "r-a"), ("r-x", "r-c")],
        factions={
            "a": {"capital": "c-a", "ruler": "ak"},
            "b": {"capital": "c-b", "ruler": "bk", "supplies": 10},
            "c": {"capital": "c-c", "ruler": "ck", "supplies": 10},
        },
        armies=[army("gb", "b", "r-x", army=4), army("gc", "c", "r-c", army=9), army("ga", "a", "r-a", army=1)],
    )
    vassalage = Event("VassalageEstablished", {"vassal": "b", "lord": "a", "ruler": "bk"})
    game = given(board, ("a", "b", "c"), vassalage, *at_turn(1, "c"))
    beaten = when(game, "attack", "c", dice=[6, 6], army="gc", to="r-x")
    assert events_of(beaten, "RetreatsRequired")[0]["armies"] == ["gb"]
    retreat = when(then(game, beaten), "retreat", "b", army="gb", to="r-a")
    assert retreat.violations == () and then(then(game, beaten), retreat).state.armies["gb"].at == "r-a"


def test_kbs_amb_18_a_relieving_fanatic_dies_before_two_besieged_army_units_when_a_tied_relief_keeps_two_bs() -> None:
    board = _siege_board(
        [army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=5), army("zr", "z", "r-c", fanatic=1)]
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    decision = when(game, "relieve_siege", "z", dice=[5, 6], armies=["zr"], city="c")
    battle = events_of(decision, "BattleResolved")[0]
    # floor((2+2+5)/4) = 2 ties floor((5+6)/4) = 2: the besiegers win; the relief keeps 2 of its 4 BS, rs 2 of 5.
    assert battle["values"] == [2, 2] and battle["survivors"] == [2, 2]
    assert {e["army"]: e["units"] for e in events_of(decision, "UnitsLost")} == {
        "zr": {"fanatic": 1},
        "rs": {"army": 3},
    }
    game = then(game, decision)
    # KBS-REL-3: the 2 army units go back into c; KBS-AMB-4: the siege holds at 2 BS against 2.
    assert [dict(a.units) for a in game.state.armies_at("c")] == [{"army": 2}] and "zr" not in game.state.armies
    assert game.state.sieges["c"].army == "rs"
    # KBS-AMB-1: the owner may not undo that order by giving up the besieged units to keep the fanatic.
    swap = when(game, "allocate_losses", "z", at="r-c", removed={"zg": {"army": 2}})
    assert refused_by(swap) == "KBS-AMB-1"
    assert events_of(when(game, "allocate_losses", "z", at="r-c", removed={"zr": {"fanatic": 1}}), "LossesAllocated")


def test_kbs_amb_18_kbs_amb_1_the_relievers_keep_their_fanatic_when_only_it_makes_up_the_bs_kept() -> None:
    board = _siege_board(
        [army("zg", "z", "c", army=1), army("rs", "r", "r-c", army=5), army("zr", "z", "r-c", fanatic=1)]
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    decision = when(game, "relieve_siege", "z", dice=[5, 6], armies=["zr"], city="c")
    # floor((1+2+5)/4) = 2 ties floor((5+6)/4) = 2; keeping the besieged unit would leave the relief 1 BS, not 2.
    assert events_of(decision, "BattleResolved")[0]["survivors"] == [2, 2]
    assert {e["army"]: e["units"] for e in events_of(decision, "UnitsLost")} == {"zg": {"army": 1}, "rs": {"army": 3}}


def test_kbs_amb_4_kbs_sie_5_a_relief_that_leaves_the_besiegers_weaker_than_the_garrison_breaks_the_siege() -> None:
    """KBS-AMB-4: "after every battle involving the besiegers" — a relief too. zr's 6 army units (value
    floor((6 + 6) / 4) = 3) beat rs (5 army and a catapult, value floor((5 + 1) / 4) = 1); rs keeps 1 BS against
    the garrison's 3: the siege is broken, not just relieved, and the catapult stays with the defenders (KBS-SIE-5)."""
    board = _siege_board(
        [army("zg", "z", "c", army=3), army("rs", "r", "r-c", army=5, catapult=1), army("zr", "z", "r-c", army=6)]
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    decision = when(game, "relieve_siege", "z", dice=[6, 1], armies=["zr"], city="c", garrison=False)
    assert events_of(decision, "BattleResolved")[0]["values"] == [3, 1]
    assert events_of(decision, "SiegeBroken")[0]["rule_ids"] == ["KBS-SIE-4", "KBS-AMB-4"]
    assert events_of(decision, "EquipmentSeized")[0]["units"] == {"catapult": 1} and not events_of(
        decision, "SiegeEnded"
    )
    game = then(game, decision)
    assert dict(game.state.armies["zg"].units) == {"army": 3, "catapult": 1} and "c" not in game.state.sieges


def test_kbs_rel_1_kbs_cmb_1_a_relief_listing_one_army_twice_is_refused() -> None:
    """KBS-CMB-1 sums a side's units once: zr listed twice would count its 3 BS twice (7 against 6, turning the
    besiegers' tie into a relief's win); KBS-REL-1 refuses the list, naming the repeated entry."""
    board = _siege_board([army("zg", "z", "c", army=1), army("rs", "r", "r-c", army=6), army("zr", "z", "r-c", army=3)])
    game = given(board, ("z", "r"), SIEGE, *at_turn(2, "z"))
    once = when(game, "relieve_siege", "z", dice=[6, 5], armies=["zr"], city="c")
    assert events_of(once, "BattleResolved")[0]["values"] == [2, 2]  # floor((3+1+6)/4), floor((6+5)/4): besiegers
    twice = when(game, "relieve_siege", "z", dice=[6, 5], armies=["zr", "zr"], city="c")
    assert refused_by(twice) == "KBS-REL-1" and twice.violations[0].details["field"] == "data.armies[1]"


def test_kbs_cmb_3_an_attack_naming_a_faction_with_no_army_there_cites_cmb_3_even_beside_a_siege() -> None:
    """KBS-CMB-3: a battle needs an army of the named defender in the region; r besieges c from r-c, but z names
    neutral (no army there): that is no relief matter (KBS-REL-1 is for attacking the besiegers)."""
    board = _siege_board([army("zg", "z", "c", army=1), army("rs", "r", "r-c", army=6), army("zr", "z", "r-c", army=3)])
    game = given(board, ("z", "r"), SIEGE, *at_turn(2, "z"))
    assert refused_by(when(game, "attack", "z", dice=[6, 1], army="zr", defender="neutral")) == "KBS-CMB-3"
    assert refused_by(when(game, "attack", "z", dice=[6, 1], army="zr")) == "KBS-REL-1"  # the besiegers, unnamed


def test_kbs_vas_10_the_lords_siege_of_its_new_vassals_city_ends_with_the_vassalage() -> None:
    """KBS-VAS-1: a storms b's capital c-b and captures bk, so b becomes a's vassal while a's army ga2 besieges b's
    city c-b2. KBS-VAS-10 („Může chodit přes vazalská území, ale nemůže vstupovat do měst"): a storm would take
    the lord into its vassal's city, so that siege ends with the vassalage and b keeps c-b2 (KBS-VAS-3)."""
    game, decision = _bs_capital_stormed_beside_a_siege_of_c2(second="b")
    assert events_of(decision, "VassalageEstablished")[0]["lord"] == "a"
    assert [(e["city"], e["reason"], e["rule_ids"]) for e in events_of(decision, "SiegeEnded")] == [
        ("c-b", "taken", ["KBS-SIE-6"]),
        ("c-b2", "vassalage", ["KBS-VAS-10"]),
    ]
    game = then(game, decision)
    assert "c-b2" not in game.state.sieges and game.state.armies["ga2"].besieging is None
    assert game.state.owners["c-b2"] == "b" and "storm_city" not in _offered(game, "a")


def test_kbs_vas_10_a_lord_neither_besieges_nor_storms_its_vassals_city() -> None:
    """KBS-VAS-10: the lord may not enter its vassal's cities. Without the vassalage 6 BS against 1 may besiege c-b2
    (6 > 1, KBS-SIE-3) and storm it: floor((6+6)/4) = 3 against floor((1+1)/4) = 0 takes it."""
    board = _a_and_b(second="b", armies=[army("ga2", "a", "r-b2", army=6), army("gb2", "b", "c-b2", army=1)])
    siege = Event("SiegeStarted", {"seat": "a", "army": "ga2", "city": "c-b2", "round": 1, "cost": 1})
    vassal = Event("VassalageEstablished", {"vassal": "b", "lord": "a", "ruler": "bk"})
    free = given(board, ("a", "b"), *at_turn(1, "a"))
    assert events_of(when(free, "start_siege", "a", army="ga2", city="c-b2"), "SiegeStarted")
    assert "start_siege" in _offered(free, "a")
    lord = given(board, ("a", "b"), vassal, *at_turn(1, "a"))
    assert refused_by(when(lord, "start_siege", "a", army="ga2", city="c-b2")) == "KBS-VAS-10"
    assert "start_siege" not in _offered(lord, "a")
    stormed = given(board, ("a", "b"), *at_turn(1, "a"), siege, *at_turn(2, "a"))
    assert events_of(when(stormed, "storm_city", "a", dice=[6, 1], army="ga2", city="c-b2"), "CityCaptured")
    lord = given(board, ("a", "b"), *at_turn(1, "a"), siege, vassal, *at_turn(2, "a"))
    assert refused_by(when(lord, "storm_city", "a", dice=[6, 1], army="ga2", city="c-b2")) == "KBS-VAS-10"
    assert "storm_city" not in _offered(lord, "a")


def _offered(game: Game, seat: str) -> set[str]:
    """The action types `pending` offers the seat."""
    return {o.type for w in KBS.pending(game, Viewer()).waiting if w.seat == seat for o in w.options}


def test_kbs_amb_9_kbs_amb_4_relievers_beaten_may_retreat_into_the_city_their_lost_relief_freed() -> None:
    """KBS-AMB-9 bars relievers from "a besieged city" only. zr's 6 army units (floor((6 + 1) / 4) = 1) lose to rs
    (5 army and a catapult, floor((5 + 3) / 4) = 2), but rs keeps 2 BS against the garrison's 3: the siege is
    broken (KBS-SIE-4, KBS-AMB-4), c is no longer besieged, and zr may retreat into its own city c (KBS-RET-1)."""
    board = _siege_board(
        [army("zg", "z", "c", army=3), army("rs", "r", "r-c", army=5, catapult=1), army("zr", "z", "r-c", army=6)]
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    decision = when(game, "relieve_siege", "z", dice=[1, 3], armies=["zr"], city="c", garrison=False)
    assert events_of(decision, "BattleResolved")[0]["winner"] == "defender"
    assert events_of(decision, "SiegeBroken") and events_of(decision, "RetreatsRequired")[0]["barred"] is None
    game = then(game, decision)
    retreat = {o.type: o for w in KBS.pending(game, Viewer()).waiting if w.seat == "z" for o in w.options}["retreat"]
    assert {"army": "zr", "to": "c"} in retreat.choices and retreat.fields["barred"] is None
    game = then(game, when(game, "retreat", "z", army="zr", to="c"))
    assert game.state.armies["zr"].at == "c" and not game.state.retreats
