"""Catalog §6 worked examples KBS-EX-1..8, decided in the domain; expected numbers worked out from the rules."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event
from domain.rulesets.cedofan_kards_bs.state import Captive
from tests.domain.cedofan_kards_bs.builders import (
    army,
    at_turn,
    board_doc,
    city,
    events_of,
    ex7_board,
    given,
    play,
    refused_by,
    then,
    when,
)

FACTIONS = {
    "rudern": {"capital": "c-ru", "ruler": "robert", "supplies": 10, "influence": 5},
    "zapad": {"capital": "c-za", "ruler": "jaromir", "supplies": 10, "influence": 5},
}
SEATS = ("rudern", "zapad")


def ex1_board() -> dict[str, object]:
    return board_doc(
        regions={"r1": {}, "r2": {}, "r3": {}, "r-ru": {}, "r-za": {}},
        cities={"c-ru": city("r-ru", "rudern", capital_of="rudern"), "c-za": city("r-za", "zapad", capital_of="zapad")},
        land=[("r1", "r2"), ("r2", "r3"), ("r1", "r-ru")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", ["robert"], army=7), army("za", "zapad", "r2", army=6)],
    )


def test_kbs_mov_2_mov_3_cmb_1_5_ret_1_amb_1_amb_9_field_battle_tie_to_defender_ex1() -> None:
    game = given(ex1_board(), SEATS, *at_turn(2, "rudern"))
    decision = when(game, "attack", "rudern", dice=[5, 6], army="ra", to="r2")
    assert events_of(decision, "AttackDeclared")[0]["cost"] == 2  # ceil(8/5)
    battle = events_of(decision, "BattleResolved")[0]
    assert battle["values"] == [3, 3]  # floor((7+3+5)/4), floor((6+0+0+6)/4)
    assert battle["winner"] == "defender" and battle["tie_to_defender"] is True
    assert battle["survivors"] == [3, 3]
    assert {e["army"]: e["units"] for e in events_of(decision, "UnitsLost")} == {"ra": {"army": 4}, "za": {"army": 3}}
    assert events_of(decision, "RetreatsRequired")[0]["armies"] == ["ra"]
    game = then(game, decision)
    assert game.state.factions["rudern"].supplies == 8
    assert game.state.armies["za"].at == "r2"
    retreat = when(game, "retreat", "rudern", army="ra", to="r1")
    assert events_of(retreat, "ArmyRetreated")[0]["cost"] == 0
    game = then(game, retreat)
    assert game.state.armies["ra"].at == "r1" and dict(game.state.armies["ra"].units) == {"army": 3}
    assert game.state.armies["ra"].leaders == ("robert",)
    assert game.state.factions["rudern"].supplies == 8


def test_kbs_mov_8_amb_19_a_ship_fights_with_bs_2_as_the_seed_gives_it() -> None:
    """KBS-MOV-8: „Jedna loď uveze tolik jednotek, kolik jej její BS. (Tedy každá loď uveze 2 jednotky.)" — a ship's
    BS is 2 (KBS-AMB-19), against KBS-AMB-1's "ships have no BS"; the seed wins. KBS-EX-1 with Západ's 6 army units
    replaced by 4 and a ship: still 6 BS, so the same values, survivors and losses (the ship is kept: it is worth
    2 of the 3 BS that survive)."""
    board: dict[str, Any] = ex1_board()
    board["attributes"]["armies"][1]["units"] = {"army": 4, "ship": 1}
    decision = when(given(board, SEATS, *at_turn(2, "rudern")), "attack", "rudern", dice=[5, 6], army="ra", to="r2")
    battle = events_of(decision, "BattleResolved")[0]
    assert battle["bs"] == [7, 6] and battle["values"] == [3, 3] and battle["survivors"] == [3, 3]
    assert {e["army"]: e["units"] for e in events_of(decision, "UnitsLost")} == {"ra": {"army": 4}, "za": {"army": 3}}


def ex2_board(garrison: int = 4) -> dict[str, object]:
    return board_doc(
        regions={"r-c1": {}, "r-za": {}, "r-st": {}},
        cities={
            "c1": city("r-c1", "zapad", fortified=True),
            "c-za": city("r-za", "zapad", capital_of="zapad"),
            "c-st": city("r-st", "stiny", capital_of="stiny"),
        },
        land=[("r-c1", "r-za"), ("r-c1", "r-st")],
        factions={
            "stiny": {"capital": "c-st", "ruler": "kalame", "supplies": 10, "influence": 5},
            "zapad": {"capital": "c-za", "ruler": "jaromir", "supplies": 10, "influence": 5},
        },
        armies=[army("zg", "zapad", "c1", ["jaromir"], army=garrison), army("ka", "stiny", "r-c1", ["kalame"], army=9)],
    )


def test_kbs_sie_1_3_stm_1_stm_4_cmb_1_3_cty_3_ret_2_ret_3_ran_1_siege_and_storm_ex2() -> None:
    game = given(ex2_board(), ("stiny", "zapad"), *at_turn(3, "stiny"))
    siege = when(game, "start_siege", "stiny", army="ka", city="c1")
    assert events_of(siege, "SiegeStarted")[0]["cost"] == 1
    assert siege.trace[1].numbers == {"besiegers": 9, "defenders": 4, "city_defence": 4}
    game = then(game, siege)
    assert refused_by(when(game, "storm_city", "stiny", dice=[6, 2], army="ka", city="c1")) == "KBS-STM-1"
    # The catalog's example counts 4 defenders in round 4, so it leaves out the attrition of KBS-AMB-5.
    game = given(ex2_board(), ("stiny", "zapad"), *at_turn(3, "stiny"), *siege.events, *at_turn(4, "stiny"))
    storm = when(game, "storm_city", "stiny", dice=[6, 2], army="ka", city="c1")
    assert events_of(storm, "StormDeclared")[0]["cost"] == 1
    battle = events_of(storm, "BattleResolved")[0]
    assert battle["values"] == [4, 2]  # floor((9+1+6)/4), floor((4+1+4+2)/4)
    assert battle["winner"] == "attacker" and battle["survivors"] == [4, 2]
    captured = events_of(storm, "UnitsCaptured")[0]
    assert captured["units"] == {"army": 2} and captured["leaders"] == ["jaromir"]
    assert events_of(storm, "CityCaptured")[0]["owner"] == "stiny"
    game = then(game, storm)
    assert dict(game.state.armies["ka"].units) == {"army": 4} and game.state.armies["ka"].at == "c1"
    assert game.state.factions["stiny"].supplies == 8  # 1 for the siege, 1 for the storm
    ransom = when(game, "ransom_prisoners", "zapad", units={"army": 2})
    assert events_of(ransom, "PrisonersRansomed")[0]["cost"] == 2
    assert events_of(ransom, "ArmyPlaced")[0]["at"] == "c-za"
    game = then(game, ransom)
    assert game.state.factions["zapad"].supplies == 8
    game = play(game, "end_turn", "stiny")
    kard = when(game, "ransom_kard", "zapad", kard="jaromir")
    assert [(e["from"], e["to"], e["amount"]) for e in events_of(kard, "SuppliesTransferred")] == [
        ("zapad", "stiny", 5)
    ]
    assert [(e["from"], e["to"], e["amount"]) for e in events_of(kard, "InfluenceTransferred")] == [
        ("zapad", "stiny", 5)
    ]


def test_kbs_cty_1_3_sie_2_sie_3_amb_3_siege_threshold_ex3() -> None:
    def board(fortified: bool) -> dict[str, object]:
        return board_doc(
            regions={"r-c": {}, "r-za": {}, "r-ru": {}},
            cities={
                "c": city("r-c", "zapad", fortified=fortified),
                "c-za": city("r-za", "zapad", capital_of="zapad"),
                "c-ru": city("r-ru", "rudern", capital_of="rudern"),
            },
            land=[("r-c", "r-za"), ("r-c", "r-ru")],
            factions=FACTIONS,
            armies=[
                army("zg", "zapad", "c", army=4),
                army("r8", "rudern", "r-c", army=8),
                army("r1", "rudern", "r-c", army=1),
            ],
        )

    fortified = given(board(True), SEATS, *at_turn(1, "rudern"))
    assert refused_by(when(fortified, "start_siege", "rudern", army="r8", city="c")) == "KBS-SIE-3"
    unfortified = given(board(False), SEATS, *at_turn(1, "rudern"))
    started = play(unfortified, "start_siege", "rudern", army="r8", city="c")
    assert started.state.factions["rudern"].supplies == 9
    assert refused_by(when(started, "storm_city", "rudern", dice=[1, 1], army="r8", city="c")) == "KBS-STM-1"
    merge = when(fortified, "merge_armies", "rudern", armies=["r8", "r1"])
    assert events_of(merge, "ArmiesMerged")[0]["cost"] == 0
    merged = then(fortified, merge)
    assert merged.state.factions["rudern"].supplies == 10
    assert events_of(when(merged, "start_siege", "rudern", army="r8", city="c"), "SiegeStarted")


def test_kbs_mov_1_6_amb_8_movement_cost_swamp_and_blocked_land_ex4() -> None:
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r3": {"swamp": True}, "r4": {"giants": True}, "r-ru": {}, "r-za": {}},
        cities={"c-ru": city("r-ru", "rudern", capital_of="rudern"), "c-za": city("r-za", "zapad", capital_of="zapad")},
        land=[("r1", "r2"), ("r2", "r3"), ("r3", "r4")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", ["robert"], army=10, catapult=1)],
    )
    game = given(board, SEATS, *at_turn(1, "rudern"))
    moved = when(game, "move_army", "rudern", army="ra", path=["r2", "r3"])
    assert events_of(moved, "ArmyMoved")[0]["cost"] == 9  # 3 + 3 x 2
    assert refused_by(when(game, "move_army", "rudern", army="ra", path=["r2", "r3", "r4"])) == "KBS-MOV-6"


def test_kbs_mov_7_mov_8_amb_8_transport_by_sea_ex5() -> None:
    def board(ships: int) -> dict[str, object]:
        return board_doc(
            regions={"r-p": {}, "r-q": {}, "r-za": {}},
            cities={
                "c-ru": city("r-p", "rudern", port=True, capital_of="rudern"),
                "c-q": city("r-q", "rudern", port=True),
                "c-za": city("r-za", "zapad", capital_of="zapad"),
            },
            seas=["s1", "s2"],
            sea=[("c-ru", "s1"), ("s1", "s2"), ("s2", "c-q")],
            factions=FACTIONS,
            armies=[army("fleet", "rudern", "c-ru", army=5, ship=ships)],
        )

    game = given(board(3), SEATS, *at_turn(1, "rudern"))
    assert events_of(when(game, "move_army", "rudern", army="fleet", path=["s1", "s2"]), "ArmyMoved")[0]["cost"] == 2
    short = given(board(2), SEATS, *at_turn(1, "rudern"))
    assert refused_by(when(short, "move_army", "rudern", army="fleet", path=["s1", "s2"])) == "KBS-MOV-8"


def ex6_board(lomen_owner: str = "k") -> dict[str, object]:
    targets = {"1": "g1", "2": "g2", "3": "g3", "4": "c-lomen", "5": "g5", "6": "g6"}
    return board_doc(
        regions={"r-lomen": {}, "r-k": {}, "r-x": {}},
        cities={
            "c-lomen": city("r-lomen", lomen_owner, fortified=True),
            "c-k": city("r-k", "k", capital_of="k"),
            "c-x": city("r-x", "x", capital_of="x"),
        },
        land=[("r-lomen", "r-k")],
        factions={
            "k": {"capital": "c-k", "ruler": "kk", "supplies": 5, "influence": 1},
            "x": {"capital": "c-x", "ruler": "xx", "supplies": 5, "influence": 1},
        },
        armies=[army("in", "k", "c-lomen", army=3), army("out", "k", "r-lomen", army=2)] if lomen_owner == "k" else [],
        giant_targets=targets,
    )


def test_kbs_gnt_1_9_amb_1_amb_11_giant_raid_ex6() -> None:
    even = given(ex6_board(), ("k", "x"), Event("RoundStarted", {"round": 4}))
    assert not events_of(when(even, "begin_turns", None), "GiantsArrived")
    game = given(ex6_board(), ("k", "x"), Event("RoundStarted", {"round": 5}))
    won = when(game, "begin_turns", None, dice=[4, 6, 1])
    battle = events_of(won, "BattleResolved")[0]
    assert battle["values"] == [2, 1] and battle["city_defence"] == 0
    after = then(game, won)
    assert after.state.owners["c-lomen"] == "neutral"
    assert [dict(a.units) for a in after.state.armies_at("c-lomen")] == [{"army": 2}]
    assert after.state.armies_at("r-lomen") == () and not after.state.prisoners
    held = then(game, when(game, "begin_turns", None, dice=[4, 6, 3]))
    assert held.state.owners["c-lomen"] == "k"
    assert held.state.factions["k"].influence == 1 + 2  # giant_repelled_influence = 2 in these tests
    assert sum(n for a in held.state.armies.values() if a.owner == "k" for n in a.units.values()) == 2
    neutral = given(ex6_board("neutral"), ("k", "x"), Event("RoundStarted", {"round": 5}))
    assert events_of(when(neutral, "begin_turns", None, dice=[4]), "GiantsStayedAway")[0]["city"] == "c-lomen"


def test_kbs_gnt_8_a_kard_defending_against_a_winning_giant_is_a_prisoner_never_ransomed() -> None:
    """KBS-GNT-8: „Obránci se nestahují do města ani pevnosti a nejdou vykoupit zajatci" — KBS-EX-6 with the
    kard kk inside Lomen: the giant wins (dice 6 and 1), the units are lost, and kk is no casualty but a prisoner
    of the now neutral Lomen, whom k may not ransom (KBS-RAN-1 does not apply)."""
    board: dict[str, Any] = ex6_board()
    board["attributes"]["armies"][0]["leaders"] = ["kk"]
    game = play(given(board, ("k", "x"), Event("RoundStarted", {"round": 5})), "begin_turns", None, dice=[4, 6, 1])
    assert game.state.captives["kk"] == Captive("k", "neutral", "c-lomen", "KBS-GNT-8")
    assert game.state.turn == "k"
    assert refused_by(when(game, "ransom_kard", "k", kard="kk")) == "KBS-GNT-8"


def test_kbs_ran_1_ran_2_ran_4_amb_14_ransom_with_little_influence_ex7() -> None:
    board = ex7_board()
    capture = Event("UnitsCaptured", {"army": "fa", "captor": "g", "at": "r-g", "units": {}, "leaders": ["fk"]})
    game = given(board, ("f", "g"), capture, *at_turn(2, "f"))
    game = play(game, "ransom_kard", "f", kard="fk")
    assert (game.state.factions["f"].supplies, game.state.factions["f"].influence) == (2, 0)
    assert (game.state.factions["g"].supplies, game.state.factions["g"].influence) == (5, 3)
    assert [a.at for a in game.state.armies.values() if "fk" in a.leaders] == ["c-f"]
    poor = given(
        board,
        ("f", "g"),
        capture,
        Event("SuppliesTransferred", {"from": "f", "to": None, "amount": 3}),
        *at_turn(2, "f"),
    )
    assert refused_by(when(poor, "ransom_kard", "f", kard="fk")) == "KBS-AMB-14"


def ex8_board() -> dict[str, object]:
    cities = {
        "c-a": city("r-a", "a", capital_of="a"),
        "c-b": city("r-b", "b", capital_of="b"),
        **{f"c-b{n}": city(f"r-b{n}", "b") for n in range(1, 7)},
    }
    regions: dict[str, dict[str, Any]] = {"r-a": {}, "r-b": {}, **{f"r-b{n}": {} for n in range(1, 7)}}
    return board_doc(
        regions=regions,
        cities=cities,
        land=[("r-a", "r-b"), *[("r-b", f"r-b{n}") for n in range(1, 7)]],
        factions={
            "a": {"capital": "c-a", "ruler": "robert", "supplies": 10, "influence": 5},
            "b": {"capital": "c-b", "ruler": "rim", "supplies": 10, "influence": 5},
        },
        armies=[
            army("ga", "a", "r-b", ["robert"], army=12),
            army("gb", "b", "c-b", ["rim"], army=2),
            army("ha", "a", "r-a", army=1),
        ],
    )


def test_kbs_vas_1_10_amb_16_amb_17_vassalage_ex8() -> None:
    siege = Event("SiegeStarted", {"seat": "a", "army": "ga", "city": "c-b", "round": 1, "cost": 1})
    game = given(ex8_board(), ("a", "b"), *at_turn(1, "a"), siege, *at_turn(2, "a"))
    storm = when(game, "storm_city", "a", dice=[6, 1], army="ga", city="c-b")
    assert events_of(storm, "BattleResolved")[0]["values"] == [5, 1]  # floor((12+3+6)/4), floor((2+3+0+1)/4)
    assert events_of(storm, "VassalageEstablished")[0] == {
        "vassal": "b",
        "lord": "a",
        "ruler": "rim",
        "rule_ids": ["KBS-VAS-1"],
    }
    game = then(game, storm)
    assert game.state.factions["b"].lord == "a" and game.state.owners["c-b"] == "b"
    home = [a for a in game.state.armies_at("c-b")]
    assert [(dict(a.units), a.leaders) for a in home] == [({"army": 3}, ("rim",))]
    assert sum(1 for o in game.state.owners.values() if o == "b") == 7
    game = play(game, "end_turn", "a")
    game = play(game, "end_turn", "b")
    game = play(game, "start_round", None)
    assert refused_by(when(game, "request_vassal_supplies", "a", vassal="b", amount=4)) == "KBS-VAS-9"
    paid = play(game, "request_vassal_supplies", "a", vassal="b", amount=3)
    assert paid.state.factions["b"].supplies == 7 and paid.state.factions["a"].supplies == 10 - 1 - 1 + 3
    turn_b = given(ex8_board(), ("a", "b"), *at_turn(1, "a"), siege, *at_turn(2, "a"), *storm.events, *at_turn(3, "b"))
    placed = home[0].id
    assert refused_by(when(turn_b, "attack", "b", dice=[1, 1], army=placed, to="r-b")) == "KBS-VAS-5"
    assert refused_by(when(turn_b, "move_army", "b", army=placed, path=["r-b", "r-a", "c-a"])) == "KBS-VAS-4"
    through = when(turn_b, "move_army", "b", army=placed, path=["r-b", "r-a"])
    assert events_of(through, "ArmyMoved") and "KBS-VAS-4" in [step.rule_id for step in through.trace]
