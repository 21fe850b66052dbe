"""The owner's choices the catalog leaves to the players (KBS-AMB-1, KBS-AMB-5 / KBS-SIE-7), the vassal's
payment (KBS-VAS-6) and "no win without a ruler" (KBS-LDR-3)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event, Viewer
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from domain.rulesets.cedofan_kards_bs.state import dump_state, load_state
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


def _board(armies: list[dict[str, Any]]) -> dict[str, Any]:
    return board_doc(
        regions={"r-c": {}, "r-z": {}, "r-r": {}, "r-n": {}},
        cities={**HOMES, "c": city("r-c", "z")},
        land=[("r-c", "r-z"), ("r-c", "r-r"), ("r-c", "r-n"), ("r-z", "r-r")],
        factions=TWO,
        armies=armies,
    )


def _field_battle() -> tuple[Any, Any]:
    """r's 8 army units attack z's 2 fanatics + 2 army units in r-n; dice 6 and 2.

    KBS-CMB-1/2: attacker floor((8 + 0 + 6) / 4) = 3, defender floor((6 + 0 + 2) / 4) = 2: r wins.
    KBS-AMB-1: z keeps min(2, 6) = 2 BS: by default 1 fanatic (the highest BS is kept first).
    """
    board = _board([army("ra", "r", "r-r", army=8), army("zd", "z", "r-n", fanatic=2, army=2)])
    game = given(board, ("z", "r"), *at_turn(2, "r"))
    game = play(game, "move_army", "r", path=["r-c"], army="ra")
    decision = when(game, "attack", "r", dice=[6, 2], army="ra", to="r-n")
    assert events_of(decision, "BattleResolved")[0]["survivors"] == [3, 2]
    return game, decision


def test_kbs_amb_1_the_loser_keeps_two_army_units_instead_of_a_fanatic_when_he_allocates_his_losses() -> None:
    game, decision = _field_battle()
    assert {e["army"]: e["units"] for e in events_of(decision, "UnitsLost")} == {
        "ra": {"army": 5},
        "zd": {"army": 2, "fanatic": 1},
    }
    game = then(game, decision)
    # z chooses to lose both fanatics (BS 4) and keep its 2 army units: still 2 BS kept.
    chosen = when(game, "allocate_losses", "z", at="r-n", removed={"zd": {"fanatic": 2}})
    assert events_of(chosen, "LossesAllocated")[0]["stacks"] == {"zd": {"units": {"army": 2}, "leaders": []}}
    game = then(game, chosen)
    assert dict(game.state.armies["zd"].units) == {"army": 2}
    # The retreat the battle required still stands, and the JSON form keeps the open losses.
    assert game.state.retreats == ("zd",)
    assert load_state(dump_state(game.state)) == game.state


def test_kbs_amb_1_refused_when_the_choice_keeps_less_bs_than_the_battle_decided() -> None:
    game, decision = _field_battle()
    game = then(game, decision)
    # Losing 2 fanatics and 1 army unit keeps 1 BS, not the 2 the battle left.
    rule = refused_by(when(game, "allocate_losses", "z", at="r-n", removed={"zd": {"fanatic": 2, "army": 1}}))
    assert rule == "KBS-AMB-1"


def test_kbs_amb_1_refused_once_the_owners_own_turn_has_ended() -> None:
    game, decision = _field_battle()
    game = then(game, decision)
    game = play(game, "retreat", "z", army="zd", to="r-c")
    game = play(game, "end_turn", "r")  # r plays last (seats z, r): the round ends, and with it the choice
    assert refused_by(when(game, "allocate_losses", "z", at="r-n", removed={"zd": {"fanatic": 2}})) == "KBS-AMB-1"


SIEGE = Event("SiegeStarted", {"seat": "r", "army": "rs", "city": "c", "round": 1, "cost": 1})


def _attrition(garrison: dict[str, Any]) -> tuple[Any, Any]:
    """c (unfortified) is besieged since round 1 by 8 army units; round 2 is the siege's second year."""
    board = _board([garrison, army("rs", "r", "r-c", army=8)])
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, Event("RoundEnded", {"round": 1}))
    decision = when(game, "start_round", None)
    return game, decision


def test_kbs_amb_5_kbs_sie_7_the_owner_chooses_the_fanatic_when_a_year_of_siege_kills_one_unit() -> None:
    game, decision = _attrition(army("zg", "z", "c", ["jaromir"], army=1, fanatic=1))
    # The default: the lowest-BS army unit dies (an army unit, BS 1).
    assert events_of(decision, "SiegeAttritionApplied")[0]["units"] == {"army": 1}
    game = then(game, decision)
    game = play(game, "allocate_losses", "z", at="c", removed={"zg": {"fanatic": 1}})
    assert dict(game.state.armies["zg"].units) == {"army": 1}
    assert game.state.armies["zg"].leaders == ("jaromir",)


def test_kbs_sie_7_refused_when_the_owner_would_lose_two_units_or_kbs_amb_5_a_leader_before_his_units() -> None:
    game, decision = _attrition(army("zg", "z", "c", ["jaromir"], army=1, fanatic=1))
    game = then(game, decision)
    two = when(game, "allocate_losses", "z", at="c", removed={"zg": {"fanatic": 1, "army": 1}})
    assert refused_by(two) == "KBS-SIE-7"
    leader = when(game, "allocate_losses", "z", at="c", removed={}, leaders=["jaromir"])
    assert refused_by(leader) == "KBS-AMB-5"
    assert refused_by(when(game, "allocate_losses", "r", at="c", removed={"rs": {"army": 1}})) == "KBS-AMB-1"


def _vassal_game(vassal_supplies: int) -> Any:
    board = board_doc(
        regions={"r-a": {}, "r-b": {}, **{f"r-b{n}": {} for n in range(1, 5)}},
        cities={
            "c-a": city("r-a", "a", capital_of="a"),
            "c-b": city("r-b", "b", capital_of="b"),
            **{f"c-b{n}": city(f"r-b{n}", "b") for n in range(1, 5)},
        },
        land=[("r-a", "r-b")],
        factions={
            "a": {"capital": "c-a", "ruler": "robert", "supplies": 2, "influence": 0},
            "b": {"capital": "c-b", "ruler": "rim", "supplies": vassal_supplies, "influence": 0},
        },
        armies=[army("ga", "a", "c-a", ["robert"], army=1), army("gb", "b", "c-b", ["rim"], army=3)],
    )
    vassalage = Event("VassalageEstablished", {"vassal": "b", "lord": "a", "ruler": "rim"})
    return given(board, ("a", "b"), vassalage, Event("RoundStarted", {"round": 2}))


def test_kbs_vas_6_the_vassal_pays_what_his_lord_requests_within_kbs_vas_9() -> None:
    # b holds 5 cities: a may ask floor(5/2) = 2 supplies, and b must pay them.
    game = _vassal_game(vassal_supplies=6)
    game = play(game, "request_vassal_supplies", "a", vassal="b", amount=2)
    assert (game.state.factions["a"].supplies, game.state.factions["b"].supplies) == (4, 4)
    assert refused_by(when(_vassal_game(6), "request_vassal_supplies", "a", vassal="b", amount=3)) == "KBS-VAS-9"


def test_kbs_ldr_3_a_faction_whose_ruler_is_captured_or_dead_may_not_win() -> None:
    board = _board([army("zg", "z", "c", ["jaromir"], army=1), army("rs", "r", "r-c", ["robert"], army=8)])
    game = given(board, ("z", "r"))
    factions = KBS.view(game.state, Viewer())["factions"]
    assert (factions["z"]["may_win"], factions["r"]["may_win"]) == (True, True)
    # Jaromír dies with his last unit (a year of siege with nobody else inside kills him).
    dead = Event("UnitsLost", {"army": "zg", "units": {"army": 1}, "leaders": ["jaromir"]})
    captured = Event(
        "UnitsCaptured",
        {"army": "rs", "owner": "r", "captor": "z", "at": "r-c", "units": {"army": 8}, "leaders": ["robert"]},
    )
    game = given(board, ("z", "r"), dead, captured)
    factions = KBS.view(game.state, Viewer())["factions"]
    assert (factions["z"]["may_win"], factions["r"]["may_win"]) == (False, False)


def test_kbs_amb_1_ostius_keeps_its_army_units_instead_of_its_fanatic_when_it_holds_against_pirates() -> None:
    board = board_doc(
        regions={"r-o": {}, "r-p": {}, "r-z": {}},
        cities={
            "c-o": city("r-o", "o", fortified=True, port=True, capital_of="o"),
            "c-p": city("r-p", "neutral", port=True),
            "c-z": city("r-z", "z", capital_of="z"),
        },
        factions={"o": {"capital": "c-o", "ruler": "petros"}, "z": {"capital": "c-z", "ruler": "jaromir"}},
        armies=[army("og", "o", "c-o", ["petros"], army=2, fanatic=1), army("p", "neutral", "c-p", ship=1)],
        pirate_target="c-o",
    )
    game = given(board, ("o", "z"), Event("RoundStarted", {"round": 4}))
    decision = when(game, "begin_turns", None)
    # KBS-PIR-3/4: pirates floor((2 + 4 x 1) / 4) = 1; Ostius floor((4 + 4 wall) / 4) = 2: Ostius holds and
    # keeps min(2, 4) = 2 BS, by default its fanatic.
    assert events_of(decision, "PirateRaidResolved")[0]["values"] == [1, 2]
    assert events_of(decision, "UnitsLost")[0]["units"] == {"army": 2}
    game = play(then(game, decision), "allocate_losses", "o", at="c-o", removed={"og": {"fanatic": 1}})
    assert dict(game.state.armies["og"].units) == {"army": 2}


def _giants_repelled(*given_events: Event, **stacks: dict[str, Any]) -> tuple[Any, Any]:
    """Round 5 (KBS-GNT-1): target roll 4 -> Lomen (KBS-GNT-2), k's city; `stacks` maps a stack id to its owner (k
    unless named), where it stands ("c-lomen" or its region "r-lomen") and its units. Dice: giant 6, defender 3
    (KBS-GNT-6). x's city c-y stands in Lomen's region too."""
    armies = [
        army(army_id, str(units.pop("owner", "k")), str(units.pop("at")), **units) for army_id, units in stacks.items()
    ]
    board = board_doc(
        regions={"r-lomen": {}, "r-k": {}, "r-x": {}},
        cities={
            "c-lomen": city("r-lomen", "k", fortified=True),
            "c-y": city("r-lomen", "x"),
            "c-k": city("r-k", "k", capital_of="k"),
            "c-x": city("r-x", "x", capital_of="x"),
        },
        land=[("r-lomen", "r-k")],
        factions={"k": {"capital": "c-k", "ruler": "kk"}, "x": {"capital": "c-x", "ruler": "xx"}},
        armies=armies,
        giant_targets={"1": "g1", "2": "g2", "3": "g3", "4": "c-lomen", "5": "g5", "6": "g6"},
    )
    game = given(board, ("k", "x"), *given_events, Event("RoundStarted", {"round": 5}))
    return game, when(game, "begin_turns", None, dice=[4, 6, 3])


def test_kbs_amb_1_kbs_amb_11_the_owner_keeps_two_army_units_in_the_city_instead_of_the_fanatic_outside() -> None:
    """KBS-GNT-4/6: 3 army units in Lomen and a fanatic (BS 2) in its region count: giant floor((5 + 6) / 4) = 2,
    defender floor((3 + 2 + 3) / 4) = 2, a tie to the city (KBS-AMB-11). k keeps min(2, 5) = 2 BS (KBS-AMB-1): by
    default the lowest-BS units go, so the 3 army units in the city die and the fanatic outside lives. KBS-AMB-1
    lets k choose instead to lose the fanatic and one army unit, keeping 2 army units in the city."""
    game, decision = _giants_repelled(kin={"at": "c-lomen", "army": 3}, kout={"at": "r-lomen", "fanatic": 1})
    battle = events_of(decision, "BattleResolved")[0]
    assert (battle["values"], battle["winner"], battle["survivors"]) == ([2, 2], "defender", [0, 2])
    assert {e["army"]: e["units"] for e in events_of(decision, "UnitsLost")} == {"kin": {"army": 3}}
    game = then(game, decision)
    chosen = when(game, "allocate_losses", "k", at="c-lomen", removed={"kin": {"army": 1}, "kout": {"fanatic": 1}})
    allocated = events_of(chosen, "LossesAllocated")[0]
    assert allocated["rule_ids"] == ["KBS-AMB-1", "KBS-AMB-11"]
    game = then(game, chosen)
    assert [(a.id, dict(a.units)) for a in game.state.armies_at("c-lomen")] == [("kin", {"army": 2})]
    assert game.state.armies_at("r-lomen") == ()
    assert load_state(dump_state(game.state)) == game.state


def test_kbs_amb_1_kbs_amb_11_the_owner_splits_his_losses_between_the_city_and_its_region_ex6() -> None:
    """KBS-EX-6 variant: 3 army units in Lomen, 2 outside, defender roll 3: a tie, k holds and keeps min(2, 5) = 2
    BS. The default is every battle's (KBS-AMB-1: lowest BS first, then the stacks in id order), so `in` loses its 3;
    k may keep one army unit in the city and one outside instead (KBS-AMB-11 counts both areas as one side)."""
    game, decision = _giants_repelled(**{"in": {"at": "c-lomen", "army": 3}, "out": {"at": "r-lomen", "army": 2}})
    assert {e["army"]: e["units"] for e in events_of(decision, "UnitsLost")} == {"in": {"army": 3}}
    game = then(game, decision)
    offered = [
        c["removed"]
        for w in KBS.pending(game, Viewer()).waiting
        if w.seat == "k"
        for o in w.options
        if o.type == "allocate_losses"
        for c in o.choices
    ]
    assert {"in": {"army": 2}, "out": {"army": 1}} in offered
    game = play(game, "allocate_losses", "k", at="c-lomen", removed={"in": {"army": 2}, "out": {"army": 1}})
    assert [dict(a.units) for a in (*game.state.armies_at("c-lomen"), *game.state.armies_at("r-lomen"))] == [
        {"army": 1},
        {"army": 1},
    ]
    # KBS-AMB-1: the choice still keeps the 2 BS the battle decided, not 3.
    three = when(game, "allocate_losses", "k", at="c-lomen", removed={"in": {"army": 1}, "out": {"army": 1}})
    assert refused_by(three) == "KBS-AMB-1"


def test_kbs_gnt_8_kbs_amb_11_nothing_is_left_to_allocate_when_the_giant_wins() -> None:
    """KBS-EX-6: defender roll 1, floor((5 + 1) / 4) = 1 < 2: the giant wins and every counted unit is lost
    (KBS-GNT-7/8), so k has no losses to choose (KBS-AMB-1)."""
    game, _ = _giants_repelled(**{"in": {"at": "c-lomen", "army": 3}, "out": {"at": "r-lomen", "army": 2}})
    game = then(game, when(game, "begin_turns", None, dice=[4, 6, 1]))
    assert game.state.owners["c-lomen"] == "neutral" and not game.state.open_losses
    assert refused_by(when(game, "allocate_losses", "k", at="c-lomen", removed={"in": {"army": 3}})) == "KBS-AMB-1"


def test_kbs_amb_11_refused_when_the_owner_would_give_up_a_stack_besieging_another_city_of_the_region() -> None:
    """KBS-EX-6 numbers: `in` (3 army units in Lomen) and `out` (2 outside, besieging x's c-y in the same region)
    keep min(2, 5) = 2 BS; by default `in` loses its 3 (KBS-AMB-1). Keeping the city's units by wiping `out` out
    would end its siege, which the giant battle left standing: refused (KBS-AMB-11)."""
    siege = Event("SiegeStarted", {"seat": "k", "army": "out", "city": "c-y", "round": 4, "cost": 1})
    game, decision = _giants_repelled(
        siege,
        **{
            "in": {"at": "c-lomen", "army": 3},
            "out": {"at": "r-lomen", "army": 2},
            "y": {"owner": "x", "at": "c-y", "army": 1},
        },
    )
    game = then(game, decision)
    assert game.state.sieges["c-y"].army == "out"
    wiped = when(game, "allocate_losses", "k", at="c-lomen", removed={"in": {"army": 1}, "out": {"army": 2}})
    assert refused_by(wiped) == "KBS-AMB-11"
    game = play(game, "allocate_losses", "k", at="c-lomen", removed={"in": {"army": 2}, "out": {"army": 1}})
    assert game.state.sieges["c-y"].army == "out" and dict(game.state.armies["in"].units) == {"army": 1}
