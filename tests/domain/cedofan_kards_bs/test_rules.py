"""Rule tests of cedofan_kards_bs beyond the worked examples: one scenario per rule, given events -> action."""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Event, Viewer
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from domain.rulesets.cedofan_kards_bs.battle_guards import borders_admin_territory
from domain.rulesets.cedofan_kards_bs.state import Captive
from tests.domain.cedofan_kards_bs.builders import (
    HOMES,
    TWO,
    army,
    at_turn,
    board_doc,
    city,
    events_of,
    given,
    play,
    refused_by,
    then,
    when,
)


def _siege_board(armies: list[dict[str, Any]], *, fortified: bool = False, fortress: bool = False) -> dict[str, Any]:
    return board_doc(
        regions={"r-c": {"fortress": True} if fortress else {}, "r-z": {}, "r-r": {}, "r-n": {}},
        cities={**HOMES, "c": city("r-c", "z", fortified=fortified)},
        land=[("r-c", "r-z"), ("r-c", "r-r"), ("r-c", "r-n")],
        factions=TWO,
        armies=armies,
    )


SIEGE = Event("SiegeStarted", {"seat": "r", "army": "rs", "city": "c", "round": 1, "cost": 1})


def test_besieged_survivors_stay_inside_and_relievers_may_not_retreat_into_the_city_when_a_relief_fails() -> None:
    board = _siege_board(
        [army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8), army("zr", "z", "r-c", ["jaromir"], army=2)]
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    decision = when(game, "relieve_siege", "z", dice=[1, 6], armies=["zr"], city="c")
    battle = events_of(decision, "BattleResolved")[0]
    assert battle["bs"] == [4, 8] and battle["values"] == [1, 3]  # floor((2+2+1+1)/4), floor((8+6)/4)
    # KBS-AMB-18: losses fall on the relieving army first (2), then on the besieged (1).
    assert {e["army"]: e["units"] for e in events_of(decision, "UnitsLost")} == {
        "zr": {"army": 2},
        "zg": {"army": 1},
        "rs": {"army": 5},
    }
    assert events_of(decision, "RetreatsRequired")[0] == {
        "armies": ["zr"],
        "from": "r-c",
        "barred": "c",
        "rule_ids": ["KBS-CMB-4"],
    }
    game = then(game, decision)
    assert game.state.armies["zg"].at == "c" and "c" in game.state.sieges  # KBS-REL-3, siege holds 3 >= 1
    assert refused_by(when(game, "retreat", "z", army="zr", to="c")) == "KBS-AMB-9"
    assert refused_by(when(game, "end_turn", "z")) == "KBS-CMB-4"
    assert play(game, "retreat", "z", army="zr", to="r-z").state.armies["zr"].at == "r-z"


def test_siege_ends_and_besiegers_retreat_when_a_relief_wins() -> None:
    # KBS-AMB-18; the besiegers keep 1 BS, as many as the 1 army unit inside, so the siege is relieved, not broken
    # (KBS-AMB-4: broken only when strictly weaker; test_sieges_and_reliefs has that case).
    board = _siege_board(
        [army("zg", "z", "c", army=1), army("rs", "r", "r-c", army=5), army("zr", "z", "r-c", ["jaromir"], army=6)]
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    decision = when(game, "relieve_siege", "z", dice=[4, 1], armies=["zr"], city="c")
    assert events_of(decision, "BattleResolved")[0]["values"] == [3, 1]  # floor((7+1+4)/4), floor((5+1)/4)
    assert not events_of(decision, "SiegeBroken")
    assert events_of(decision, "SiegeEnded")[0]["reason"] == "relieved"
    assert events_of(decision, "RetreatsRequired")[0]["armies"] == ["rs"]


def test_422_citing_kbs_rel_2_when_a_third_faction_commits_the_besieged_units() -> None:
    board = _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=5), army("xr", "x", "r-c", army=6)])
    board["attributes"]["factions"]["x"] = {"capital": "c-x", "ruler": "xk"}
    board["areas"].append({"id": "c-x", "kind": "city", "attributes": city("r-n", "x")})
    game = given(board, ("z", "r", "x"), *at_turn(1, "r"), SIEGE, *at_turn(2, "x"))
    assert (
        refused_by(when(game, "relieve_siege", "x", dice=[1, 1], armies=["xr"], city="c", garrison=True)) == "KBS-REL-2"
    )
    assert events_of(when(game, "relieve_siege", "x", dice=[1, 1], armies=["xr"], city="c"), "ReliefAttackDeclared")


def test_siege_breaks_and_the_catapult_stays_with_the_defenders_when_a_storm_leaves_the_besiegers_weaker() -> None:
    board = _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=5, catapult=1)], fortified=True)
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    decision = when(game, "storm_city", "r", dice=[1, 6], army="rs", city="c")
    assert events_of(decision, "BattleResolved")[0]["values"] == [1, 2]  # floor((5+1)/4), floor((2+2+6)/4)
    assert events_of(decision, "SiegeBroken")[0]["army"] == "rs"
    assert events_of(decision, "EquipmentSeized")[0] == {
        "from": "rs",
        "to": "zg",
        "units": {"catapult": 1},
        "rule_ids": ["KBS-SIE-5"],
    }
    game = then(game, decision)
    assert dict(game.state.armies["zg"].units) == {"army": 2, "catapult": 1}
    assert game.state.armies["rs"].besieging is None and game.state.armies["rs"].at == "r-c"


def test_one_defender_dies_from_the_second_year_of_a_siege_when_a_round_starts() -> None:
    board = _siege_board([army("zg", "z", "c", ["jaromir"], army=1, fanatic=1), army("rs", "r", "r-c", army=8)])
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, Event("RoundEnded", {"round": 1}))
    first = when(game, "start_round", None)
    assert events_of(first, "SiegeAttritionApplied")[0]["units"] == {"army": 1}  # lowest BS first
    game = then(game, first)
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *first.events, Event("RoundEnded", {"round": 2}))
    game = play(game, "start_round", None)
    game = play(game, "begin_turns", None, dice=[1])  # round 3: giants roll 1, a far neutral city
    assert game.state.armies["zg"].leaders == ("jaromir",) and not game.state.armies["zg"].units
    fresh = Event("SiegeStarted", {"seat": "r", "army": "rs", "city": "c", "round": 2, "cost": 1})
    late = given(board, ("z", "r"), *at_turn(2, "r"), fresh, Event("RoundEnded", {"round": 2}))
    year_two = events_of(when(late, "start_round", None), "SiegeAttritionApplied")
    assert [(e["year"], e["units"]) for e in year_two] == [(2, {"army": 1})]  # begun in round 2: round 3 is year 2


def test_defenders_withdraw_into_the_fortress_instead_of_being_captured_when_their_city_falls() -> None:
    board = _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8)], fortress=True)
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    decision = when(game, "storm_city", "r", dice=[4, 4], army="rs", city="c")
    assert events_of(decision, "BattleResolved")[0]["values"] == [3, 1]
    assert events_of(decision, "ArmyRetreated")[0] == {"army": "zg", "to": "r-c", "rule_ids": ["KBS-RET-2"]}
    assert not events_of(decision, "UnitsCaptured")


def _pirate_board(*, besieged_port: bool = False, o_supplies: int | None = None) -> dict[str, Any]:
    return board_doc(
        regions={"r-o": {}, "r-p1": {}, "r-p2": {}, "r-z": {}},
        cities={
            "c-o": city("r-o", "o", fortified=True, port=True, capital_of="o"),
            "c-p1": city("r-p1", "neutral", port=True),
            "c-p2": city("r-p2", "neutral", port=True),
            "c-z": city("r-z", "z", capital_of="z"),
        },
        factions={
            "o": {"capital": "c-o", "ruler": "petros", **({"supplies": o_supplies} if o_supplies is not None else {})},
            "z": {"capital": "c-z", "ruler": "jaromir", "supplies": 5},
        },
        armies=[
            army("og", "o", "c-o", ["petros"], army=2),
            army("p1", "neutral", "c-p1", ship=1),
            army("p2", "neutral", "c-p2", ship=1),
            *([army("zs", "z", "r-p2", army=5)] if besieged_port else []),
        ],
        pirate_target="c-o",
    )


def test_pirates_take_ostius_with_ships_worth_their_value_when_they_win_an_even_round_raid() -> None:
    game = given(_pirate_board(), ("o", "z"), Event("RoundStarted", {"round": 4}))
    decision = when(game, "begin_turns", None)
    raid = events_of(decision, "PirateRaidResolved")[0]
    assert raid["values"] == [3, 1]  # floor((2+2 + 4*2)/4), floor((2+2)/4)
    assert raid["winner"] == "pirates" and raid["dice"] == [0, 0]
    game = then(game, decision)
    assert game.state.owners["c-o"] == "neutral" and game.state.pirate_held == ("c-o",)
    assert [(a.owner, dict(a.units)) for a in game.state.armies_at("c-o")] == [("neutral", {"ship": 2})]
    assert "petros" not in {n for a in game.state.armies.values() for n in a.leaders} and not game.state.prisoners


def test_a_besieged_neutral_port_sends_no_pirates_and_ostius_wins_the_tie() -> None:
    siege = Event("SiegeStarted", {"seat": "z", "army": "zs", "city": "c-p2", "round": 3, "cost": 1})
    game = given(_pirate_board(besieged_port=True), ("o", "z"), siege, Event("RoundStarted", {"round": 4}))
    raid = events_of(when(game, "begin_turns", None), "PirateRaidResolved")[0]
    assert raid["ports"] == ["c-p1"] and raid["values"] == [1, 1] and raid["winner"] == "ostius"


def test_no_pirates_in_odd_rounds_and_dice_only_when_the_option_says_so() -> None:
    odd = given(_pirate_board(), ("o", "z"), Event("RoundStarted", {"round": 5}))
    assert not events_of(when(odd, "begin_turns", None, dice=[1]), "PirateRaidResolved")
    dice = given(_pirate_board(), ("o", "z"), Event("RoundStarted", {"round": 4}), options={"pirate_dice": True})
    raid = events_of(when(dice, "begin_turns", None, dice=[1, 6]), "PirateRaidResolved")[0]
    assert raid["values"] == [3, 2] and raid["dice"] == [1, 6]  # floor(13/4), floor(10/4)


def test_a_neutral_captor_recruits_with_the_ransom_when_a_kard_is_bought_back() -> None:
    board = board_doc(
        regions={"r-z": {}, "r-r": {}, "r-n": {}},
        cities={**HOMES, "c-n": city("r-n", "neutral")},
        factions=TWO,
        armies=[army("zk", "z", "r-n", ["jaromir"])],
    )
    taken = Event(
        "UnitsCaptured", {"army": "zk", "captor": "neutral", "at": "r-n", "units": {}, "leaders": ["jaromir"]}
    )
    game = given(board, ("z", "r"), taken, *at_turn(2, "z"), options={"recruit_cost": 2})
    decision = when(game, "ransom_kard", "z", kard="jaromir")
    assert events_of(decision, "NeutralUnitsRecruited")[0]["units"] == {"army": 2}  # floor(5 / 2)
    assert events_of(decision, "SuppliesTransferred")[0]["to"] is None
    game = then(game, decision)
    assert game.state.factions["z"].supplies == 5 and game.state.factions["z"].influence == 0


def test_ransom_refused_when_the_faction_has_already_acted_this_turn() -> None:
    board = board_doc(
        regions={"r-z": {}, "r-r": {}},
        cities=HOMES,
        land=[("r-z", "r-r")],
        factions=TWO,
        armies=[army("zk", "z", "r-r", ["jaromir"]), army("za", "z", "r-z", army=1)],
    )
    taken = Event("UnitsCaptured", {"army": "zk", "captor": "r", "at": "r-r", "units": {}, "leaders": ["jaromir"]})
    game = play(given(board, ("z", "r"), taken, *at_turn(2, "z")), "move_army", "z", army="za", path=["r-r"])
    assert refused_by(when(game, "ransom_kard", "z", kard="jaromir")) == "KBS-RAN-1"


def test_the_new_lord_pays_the_third_faction_when_the_vassals_general_is_held_elsewhere() -> None:
    board = board_doc(
        regions={"r-a": {}, "r-b": {}, "r-c": {}},
        cities={
            "c-a": city("r-a", "a", capital_of="a"),
            "c-b": city("r-b", "b", capital_of="b"),
            "c-c": city("r-c", "c", capital_of="c"),
        },
        land=[("r-a", "r-b")],
        factions={
            "a": {"capital": "c-a", "ruler": "ak", "supplies": 10, "influence": 3},
            "b": {"capital": "c-b", "ruler": "rim"},
            "c": {"capital": "c-c", "ruler": "ck"},
        },
        armies=[army("ga", "a", "r-b", army=6), army("gb", "b", "c-b", army=1), army("bk", "b", "r-c", ["rim"])],
    )
    held = Event("UnitsCaptured", {"army": "bk", "captor": "c", "at": "r-c", "units": {}, "leaders": ["rim"]})
    siege = Event("SiegeStarted", {"seat": "a", "army": "ga", "city": "c-b", "round": 1, "cost": 1})
    game = given(board, ("a", "b", "c"), held, *at_turn(1, "a"), siege, *at_turn(2, "a"))
    decision = when(game, "storm_city", "a", dice=[6, 1], army="ga", city="c-b")
    assert [(e["from"], e["to"], e["amount"]) for e in events_of(decision, "SuppliesTransferred")] == [("a", "c", 5)]
    assert [(e["from"], e["to"], e["amount"]) for e in events_of(decision, "InfluenceTransferred")] == [("a", "c", 3)]
    game = then(game, decision)
    assert game.state.factions["b"].lord == "a" and "rim" not in game.state.captives


def test_revolt_frees_a_vassal_only_when_its_territory_is_larger_than_its_lords() -> None:
    board = board_doc(
        regions={"r-a": {}, "r-b": {}, "r-b2": {}},
        cities={
            "c-a": city("r-a", "a", capital_of="a"),
            "c-b": city("r-b", "b", capital_of="b"),
            "c-b2": city("r-b2", "b"),
        },
        factions={"a": {"capital": "c-a", "ruler": "ak"}, "b": {"capital": "c-b", "ruler": "bk"}},
    )
    vassal = Event("VassalageEstablished", {"vassal": "b", "lord": "a", "ruler": "bk"})
    game = given(board, ("a", "b"), vassal, *at_turn(3, "b"))
    decision = when(game, "declare_revolt", "b")
    assert events_of(decision, "RevoltDeclared")[0]["territory"] == [4, 2]  # 2 cities + 2 regions vs 1 + 1
    assert then(game, decision).state.factions["b"].lord is None
    small = given(board, ("a", "b"), vassal, *at_turn(3, "b"), options={"territory_measure": "cities"})
    assert events_of(when(small, "declare_revolt", "b"), "RevoltDeclared")[0]["territory"] == [2, 1]
    equal = given(board, ("a", "b"), vassal, Event("CityCaptured", {"city": "c-b2", "owner": "a"}), *at_turn(3, "b"))
    assert refused_by(when(equal, "declare_revolt", "b")) == "KBS-VAS-8"
    assert refused_by(when(given(board, ("a", "b"), *at_turn(3, "a")), "declare_revolt", "a")) == "KBS-VAS-8"


def test_lord_may_not_enter_a_vassal_city_but_may_cross_its_land() -> None:
    board = board_doc(
        regions={"r-a": {}, "r-b": {}},
        cities={"c-a": city("r-a", "a", capital_of="a"), "c-b": city("r-b", "b", capital_of="b")},
        land=[("r-a", "r-b")],
        factions={"a": {"capital": "c-a", "ruler": "ak", "supplies": 5}, "b": {"capital": "c-b", "ruler": "bk"}},
        armies=[army("ga", "a", "r-a", army=1)],
    )
    game = given(board, ("a", "b"), Event("VassalageEstablished", {"vassal": "b", "lord": "a"}), *at_turn(1, "a"))
    assert refused_by(when(game, "move_army", "a", army="ga", path=["r-b", "c-b"])) == "KBS-VAS-10"
    assert events_of(when(game, "move_army", "a", army="ga", path=["r-b"]), "ArmyMoved")


def test_storming_faction_borders_the_administrative_territory_by_its_army_or_a_neighbouring_city() -> None:
    board = _siege_board([army("rs", "r", "r-c", army=3)])
    state = given(board, ("z", "r")).state
    assert borders_admin_territory(state, "r", "c")  # its army stands in r-c
    assert borders_admin_territory(state, "z", "c")  # c-z's region r-z borders r-c
    far = board_doc(regions={"r-c": {}, "r-z": {}, "r-r": {}}, cities={**HOMES, "c": city("r-c", "z")}, factions=TWO)
    assert not borders_admin_territory(given(far, ("z", "r")).state, "r", "c")


def test_joint_entry_from_one_region_refused_and_a_merge_keeps_the_siege() -> None:
    board = _siege_board(
        [
            army("zg", "z", "c", army=2),
            army("rs", "r", "r-c", army=5),
            army("r2", "r", "r-c", army=1),
            army("r3", "r", "r-r", army=1),
            army("r4", "r", "r-r", army=1),
        ]
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    assert refused_by(when(game, "enter_jointly", "r", armies=["r3", "r4"], to="r-c")) == "KBS-MOV-10"
    merged = play(game, "merge_armies", "r", armies=["r2", "rs"])
    assert merged.state.sieges["c"].army == "r2" and merged.state.armies["r2"].besieging == "c"
    assert merged.state.factions["r"].supplies == 9  # only the siege's 1 supply was spent


def test_inflicted_losses_strip_the_other_sides_value_when_the_option_is_chosen() -> None:
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r-z": {}, "r-r": {}},
        cities=HOMES,
        land=[("r1", "r2")],
        factions=TWO,
        armies=[army("ra", "r", "r1", army=8), army("za", "z", "r2", army=6)],
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), options={"loss_model": "inflicted"})
    battle = events_of(when(game, "attack", "r", dice=[4, 2], army="ra", to="r2"), "BattleResolved")[0]
    assert battle["values"] == [3, 2] and battle["survivors"] == [6, 3]  # 8 - 2, 6 - 3


def test_out_of_turn_actions_and_a_second_round_start_are_refused_citing_kbs_amb_20() -> None:
    board = _siege_board([army("rs", "r", "r-c", army=3)])
    game = given(board, ("z", "r"), *at_turn(1, "z"))
    assert refused_by(when(game, "move_army", "r", army="rs", path=["r-r"])) == "KBS-AMB-20"
    assert refused_by(when(game, "start_round", None)) == "KBS-AMB-20"
    assert refused_by(when(game, "fly", "z")) == "KBS-AMB-20"


def test_attack_needs_a_named_defender_when_two_factions_stand_in_the_region() -> None:
    board = _siege_board(
        [army("rs", "r", "r-c", army=3), army("zs", "z", "r-c", army=1), army("xs", "x", "r-c", army=1)]
    )
    board["attributes"]["factions"]["x"] = {"capital": "c-x", "ruler": "xk"}
    board["areas"].append({"id": "c-x", "kind": "city", "attributes": city("r-n", "x")})
    game = given(board, ("z", "r", "x"), *at_turn(1, "r"))
    assert refused_by(when(game, "attack", "r", dice=[1, 1], army="rs")) == "KBS-AMB-10"
    assert events_of(when(game, "attack", "r", dice=[1, 1], army="rs", defender="x"), "BattleResolved")
    assert refused_by(when(game, "attack", "r", dice=[1, 1], army="rs", to="r-z")) == "KBS-CMB-3"


def test_an_unpaid_siege_or_storm_breaks_kbs_sie_1_or_kbs_stm_4_and_is_decided_for_a_transcript() -> None:
    broke = {**TWO, "r": {**TWO["r"], "supplies": 0}}
    board = _siege_board([army("zg", "z", "c", army=1), army("rs", "r", "r-c", army=5)])
    board["attributes"]["factions"] = broke
    game = given(board, ("z", "r"), *at_turn(1, "r"))
    siege = when(game, "start_siege", "r", army="rs", city="c")
    assert [v.rule_id for v in siege.violations] == ["KBS-SIE-1"] and events_of(siege, "SiegeStarted")
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    storm = when(game, "storm_city", "r", dice=[6, 1], army="rs", city="c")
    assert [v.rule_id for v in storm.violations] == ["KBS-STM-4"]
    assert events_of(storm, "CityCaptured")[0]["owner"] == "r"
    assert then(game, Decision(storm.events)).state.factions["r"].supplies == 0  # never below zero


def test_kbs_pir_6_a_kard_in_ostius_when_the_pirates_win_is_their_prisoner_never_ransomed() -> None:
    """KBS-PIR-6: „Nedá se skrýt do pevnosti ani vykoupit zajatci" — the seed kills no kard: Petros, in Ostius
    when it falls, is a prisoner of the neutral city, not dead, and Ostius may not ransom him though it has the
    5 supplies (KBS-RAN-1 does not apply); without its ruler it cannot win (KBS-LDR-3)."""
    start = given(_pirate_board(o_supplies=9), ("o", "z"), Event("RoundStarted", {"round": 4}))
    game = play(start, "begin_turns", None)
    assert game.state.captives["petros"] == Captive("o", "neutral", "c-o", "KBS-PIR-6")
    assert game.state.turn == "o" and not game.state.acted
    assert refused_by(when(game, "ransom_kard", "o", kard="petros")) == "KBS-PIR-6"
    assert KBS.view(game.state, Viewer())["factions"]["o"]["may_win"] is False


def test_kbs_ldr_3_a_faction_whose_ruler_is_held_is_named_no_winner_until_it_ransoms_him() -> None:
    """KBS-LDR-3: „Bez panovníka nelze vyhrát." Západ's 9 units beat Robert's 1 in r-c (floor((9+6)/4) = 3 against
    floor((1+3+1)/4) = 1); r-c's only neighbour r-z holds Západ's army, so Robert is captured (KBS-AMB-9). The
    officials may then name Západ the winner but not Rudern; once Rudern ransoms Robert (5 supplies, KBS-RAN-2)
    at the start of its next turn, it may be named again."""
    board = board_doc(
        regions={"r-c": {}, "r-z": {}, "r-r": {}},
        cities={**HOMES, "c": city("r-c", "z")},
        land=[("r-c", "r-z")],
        factions=TWO,
        armies=[
            army("zg", "z", "r-c", army=9),
            army("zh", "z", "r-z", army=1),
            army("ra", "r", "r-c", ["robert"], army=1),
        ],
    )
    game = given(board, ("z", "r"), *at_turn(1, "z"))
    game = play(game, "attack", "z", dice=[6, 1], army="zg", defender="r")
    assert game.state.captives["robert"].captor == "z"
    game = play(play(game, "end_turn", "z"), "end_turn", "r")
    assert refused_by(when(game, "end_game", None, winners=["r"])) == "KBS-LDR-3"
    assert refused_by(when(game, "end_game", None, winners=["z", "r"])) == "KBS-LDR-3"
    assert events_of(when(game, "end_game", None, winners=["z"]), "GameEnded")
    game = play(play(play(game, "start_round", None), "begin_turns", None), "end_turn", "z")
    game = play(game, "ransom_kard", "r", kard="robert")
    assert events_of(when(game, "end_game", None, winners=["r"]), "GameEnded")
