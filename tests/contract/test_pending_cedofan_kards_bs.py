"""`pending` of cedofan_kards_bs (issue 15, point 2): random campaigns on the shipped board played from its options
alone, and the options of situations worked out from the catalog (seed 002) with the rule ids they cite."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from domain.kernel import Event, Game, Viewer, fold
from domain.pending import Option, Pending
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from tests.contract.pending_play import check_pending, created, play
from tests.domain.cedofan_kards_bs import builders
from tests.domain.cedofan_kards_bs.builders import (
    FILLER_TARGETS,
    HOMES,
    OPTIONS,
    TWO,
    army,
    at_turn,
    board_doc,
    city,
    events_of,
    then,
    when,
)
from tests.domain.cedofan_kards_bs.test_rules import _pirate_board as pirate_board

SEATS = ("zapad", "rudern", "stiny", "ostius")
SAMPLES = Path(__file__).resolve().parents[2] / "replays" / "samples"
BOARD = "demonstration"
FACTIONS = {
    "rudern": {"capital": "c-ru", "ruler": "robert", "supplies": 10, "influence": 5},
    "zapad": {"capital": "c-za", "ruler": "jaromir", "supplies": 10, "influence": 5},
}
PAIR = ("rudern", "zapad")
HOME_CITIES = {"c-ru": city("r-ru", "rudern", capital_of="rudern"), "c-za": city("r-za", "zapad", capital_of="zapad")}


def _options(pending: Pending, seat: str | None) -> dict[str, Option]:
    return {o.type: o for w in pending.waiting if w.seat == seat for o in w.options}


SIEGE = Event("SiegeStarted", {"seat": "r", "army": "rs", "city": "c", "round": 1, "cost": 1})


def _siege_board(armies: list[dict[str, Any]], *, fortified: bool = False) -> dict[str, Any]:
    """Západ's city c in r-c, which borders r-z, r-r and r-n."""
    return board_doc(
        regions={"r-c": {}, "r-z": {}, "r-r": {}, "r-n": {}},
        cities={**HOMES, "c": city("r-c", "z", fortified=fortified)},
        land=[("r-c", "r-z"), ("r-c", "r-r"), ("r-c", "r-n")],
        factions=TWO,
        armies=armies,
    )


def _pending(game: Game) -> Pending:
    """The arbiter's pending, checked as pending_play checks it (every viewer sees the same, somebody waited on)."""
    return check_pending(KBS, game)


def test_random_campaigns_on_the_shipped_board_played_from_pending_alone_reach_battles_sieges_and_storms() -> None:
    """Every option played (and a sample of the others) is accepted; the games get to battles, retreats, sieges,
    storms and the raid rounds (giants from round 3, pirates from round 4)."""
    reached: Counter[str] = Counter()
    rounds: list[int] = []

    @settings(max_examples=10, deadline=None, database=None)
    @given(st.integers(min_value=0, max_value=2**32))
    @example(2)  # a storm (KBS-STM-1) and a relief (KBS-REL-1) at 150 steps
    @example(21)
    def one_campaign(seed: int) -> None:
        event = created(KBS, SEATS, options=OPTIONS, board=BOARD)
        played = play(KBS, event, KBS.shipped_boards[BOARD], random.Random(seed), steps=160)
        reached.update(action for _, action, _ in played.steps)
        rounds.append(played.game.state.round)

    one_campaign()

    for action in ("start_round", "begin_turns", "end_turn", "move_army", "attack", "retreat", "allocate_losses"):
        assert reached[action] > 0, (action, reached)
    assert reached["start_siege"] > 0 and reached["storm_city"] > 0 and reached["relieve_siege"] > 0, reached
    assert reached["enter_jointly"] > 0 and reached["merge_armies"] > 0, reached
    assert max(rounds) >= 5, rounds  # the giants' round 3 and 5 and the pirates' round 4 were begun from pending


def test_a_new_game_waits_on_the_table_to_start_round_1_and_an_ended_game_on_nobody() -> None:
    """KBS-AMB-20: a round opens before any turn; CORE-GAME-1: an ended game takes nothing."""
    board = KBS.shipped_boards[BOARD]
    game = play(KBS, created(KBS, SEATS, options=OPTIONS, board=BOARD), board, random.Random(0), steps=0).game
    pending = _pending(game)
    assert pending.phase == "setup" and pending.seats() == (None,)
    assert _options(pending, None)["start_round"].choices == ({},)
    assert _options(pending, None)["start_round"].rule_ids == ("KBS-AMB-20",)
    ended = builders.play(builders.given(_ex1_board(), PAIR), "end_game", None, winners=["zapad"])
    assert KBS.pending(ended, Viewer()).waiting == ()


def _ex1_board() -> dict[str, Any]:
    return board_doc(
        regions={"r1": {}, "r2": {}, "r3": {}, "r-ru": {}, "r-za": {}},
        cities=HOME_CITIES,
        land=[("r1", "r2"), ("r2", "r3"), ("r1", "r-ru")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", ["robert"], army=7), army("za", "zapad", "r2", army=6)],
    )


def test_the_turn_offers_the_attack_of_ex1_at_two_supplies_and_the_tied_attacker_must_retreat_for_free() -> None:
    """KBS-EX-1: Robert's 7 units (8 movement units) step into R2 for ceil(8/5) = 2 supplies; after the tie
    (dice 5, 6) the attacker keeps 3 units and retreats, at 0 supplies, to R1 or R3 (KBS-RET-1, KBS-AMB-9)."""
    game = builders.given(_ex1_board(), PAIR, *at_turn(2, "rudern"))
    turn = _options(_pending(game), "rudern")
    assert turn["attack"].choices == ({"army": "ra", "to": "r2", "defender": "zapad"},)
    assert turn["attack"].fields["cost"] == {"ra": {"r2": 2}} and "KBS-CMB-5" in turn["attack"].rule_ids
    assert turn["attack"].dice_count == 2  # KBS-CMB-1/2: the attacker's d6 and the defender's
    assert "end_turn" in turn and "attack" not in _options(_pending(game), "zapad")

    game = then(game, when(game, "attack", "rudern", dice=[5, 6], **turn["attack"].choices[0]))
    pending = _pending(game)
    assert pending.rule_id == "KBS-CMB-4" and pending.seats() == ("rudern", "zapad")
    retreat = _options(pending, "rudern")["retreat"]
    assert {c["to"] for c in retreat.choices} == {"r1", "r3"}  # R2's neighbours; no enemy there
    assert retreat.fields["destinations"]["ra"] == {"r1": {"cost": 0}, "r3": {"cost": 0}}
    assert retreat.rule_ids == ("KBS-CMB-4", "KBS-RET-1", "KBS-AMB-9")
    assert "end_turn" not in _options(pending, "rudern")  # KBS-CMB-4: the retreat comes first
    assert set(_options(pending, "zapad")) == {"allocate_losses"}  # the winner may still choose its losses


def test_relieving_armies_beaten_are_never_offered_the_besieged_city_as_a_retreat() -> None:
    """KBS-AMB-9: "Relieving armies may not retreat into a besieged city"; the relief of c (dice 1, 6) fails and
    Západ's relievers may go to the regions around r-c only."""
    board = _siege_board(
        [army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8), army("zr", "z", "r-c", ["jaromir"], army=2)]
    )
    game = builders.given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    relief = _options(_pending(game), "z")["relieve_siege"]
    assert {"armies": ["zr"], "city": "c", "garrison": True} in relief.choices  # KBS-REL-2: the owner may commit
    assert relief.dice_count == 2  # a battle like any other (KBS-CMB-1/2): two dice
    # The relievers under the field's own name, named as the table names them, for a recorder's checklist.
    assert (relief.fields["armies"], relief.fields["armies_due"]) == (["zr"], {"minimum": 1, "maximum": 1})
    assert relief.fields["unit_details"] == [{"id": "zr", "type": "army", "area": "r-c", "name": "Jaromír's army"}]
    game = then(game, when(game, "relieve_siege", "z", dice=[1, 6], armies=["zr"], city="c"))

    retreat = _options(_pending(game), "z")["retreat"]
    assert sorted(c["to"] for c in retreat.choices) == ["r-n", "r-r", "r-z"]
    assert retreat.fields["barred"] == "c" and "KBS-AMB-9" in retreat.rule_ids


def test_a_storm_is_offered_only_against_the_city_the_army_has_besieged_since_an_earlier_round() -> None:
    """KBS-STM-1 / KBS-AMB-6: "Město musí být oblehnuto předešlý tah, nebo dřív" — not in round 1, when the siege
    began; in round 2 the besieging army may storm c (KBS-STM-4: 1 supply)."""
    board = _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8)], fortified=True)
    game = builders.given(board, ("z", "r"), *at_turn(1, "r"), SIEGE)
    assert "storm_city" not in _options(_pending(game), "r")
    later = builders.given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    storm = _options(_pending(later), "r")["storm_city"]
    assert storm.choices == ({"army": "rs", "city": "c"},)
    assert {"KBS-STM-1", "KBS-STM-2", "KBS-STM-4"} <= set(storm.rule_ids) and storm.dice_count == 2
    assert "start_siege" not in _options(_pending(later), "r")  # KBS-SIE-1: c is already besieged


def _ex3_board(fortified: bool, reserve: int) -> dict[str, Any]:
    return board_doc(
        regions={"r-c": {}, "r-za": {}, "r-ru": {}},
        cities={"c": city("r-c", "zapad", fortified=fortified), **HOME_CITIES},
        land=[("r-c", "r-za"), ("r-c", "r-ru")],
        factions=FACTIONS,
        armies=[army("zg", "zapad", "c", army=4), army("r8", "rudern", "r-c", army=8 + reserve)],
    )


def test_a_siege_is_offered_only_to_an_army_stronger_than_the_effective_defence_as_in_ex3() -> None:
    """KBS-EX-3: 8 units against a fortified city held by 4 (8 > 4 + 4? no) may not besiege; 9 may; 8 against
    the same city unfortified (8 > 4) may."""
    refused = builders.given(_ex3_board(True, 0), PAIR, *at_turn(1, "rudern"))
    assert "start_siege" not in _options(_pending(refused), "rudern")
    for fortified, reserve in ((True, 1), (False, 0)):
        game = builders.given(_ex3_board(fortified, reserve), PAIR, *at_turn(1, "rudern"))
        siege = _options(_pending(game), "rudern")["start_siege"]
        assert siege.choices == ({"army": "r8", "city": "c"},)
        defence = 4 if fortified else 0
        assert siege.fields["bs"]["r8"]["c"] == {"besiegers": 8 + reserve, "defenders": 4, "city_defence": defence}
        assert {"KBS-SIE-1", "KBS-SIE-3", "KBS-AMB-3"} <= set(siege.rule_ids)


def test_move_destinations_carry_the_supplies_of_ex4_and_never_the_giants_land() -> None:
    """KBS-EX-4: 12 movement units pay 3 into R2 and 3 x 2 into the swamp R3 (9 in all); R4 (giants) is never a
    destination (KBS-MOV-6). A part of the stack may leave as a new army (KBS-MOV-1)."""
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r3": {"swamp": True}, "r4": {"giants": True}, "r-ru": {}, "r-za": {}},
        cities=HOME_CITIES,
        land=[("r1", "r2"), ("r2", "r3"), ("r3", "r4")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", ["robert"], army=10, catapult=1)],
    )
    game = builders.given(board, PAIR, *at_turn(1, "rudern"))
    move = _options(_pending(game), "rudern")["move_army"]
    assert move.fields["destinations"]["ra"] == {
        "r2": {"path": ["r2"], "cost": 3},
        "r3": {"path": ["r2", "r3"], "cost": 9},
    }
    assert {"army": "ra", "path": ["r2", "r3"]} in move.choices and not move.exhaustive
    part = next(c for c in move.choices if "units" in c)
    split = when(game, "move_army", "rudern", **part)
    assert events_of(split, "ArmySplit") and not split.violations


def test_sea_destinations_need_ships_enough_for_the_cargo_as_in_ex5() -> None:
    """KBS-EX-5: 5 units on 3 ships sail two sea spaces for ceil(3/5) = 1 each, 2 in all; on 2 ships (capacity
    4 < 5) no sea space is offered (KBS-MOV-8)."""

    def board(ships: int) -> dict[str, Any]:
        return board_doc(
            regions={"r-p": {}, "r-za": {}},
            cities={"c-ru": city("r-p", "rudern", port=True, capital_of="rudern"), "c-za": HOME_CITIES["c-za"]},
            seas=["s1", "s2"],
            sea=[("c-ru", "s1"), ("s1", "s2")],
            factions=FACTIONS,
            armies=[army("fleet", "rudern", "c-ru", army=5, ship=ships)],
        )

    sailing = _options(_pending(builders.given(board(3), PAIR, *at_turn(1, "rudern"))), "rudern")["move_army"]
    assert sailing.fields["destinations"]["fleet"]["s2"] == {"path": ["s1", "s2"], "cost": 2}
    short = _options(_pending(builders.given(board(2), PAIR, *at_turn(1, "rudern"))), "rudern")["move_army"]
    assert set(short.fields["destinations"]["fleet"]) == {"r-p"}


def test_a_kard_is_offered_for_ransom_only_at_the_start_of_the_turn_and_with_five_supplies_as_in_ex7() -> None:
    """KBS-EX-7 / KBS-RAN-1, KBS-AMB-14: F (7 supplies) may ransom its kard at the start of its turn; with 4
    supplies, or once it has acted, it may not."""
    board = builders.ex7_board(army("fb", "f", "r-f", army=2), army("fc", "f", "r-f", army=1))
    capture = Event("UnitsCaptured", {"army": "fa", "captor": "g", "at": "r-g", "units": {}, "leaders": ["fk"]})
    game = builders.given(board, ("f", "g"), capture, *at_turn(2, "f"))
    ransom = _options(_pending(game), "f")["ransom_kard"]
    assert ransom.choices == ({"kard": "fk"},) and "KBS-RAN-1" in ransom.rule_ids
    acted = builders.play(game, "merge_armies", "f", armies=["fb", "fc"])
    assert "ransom_kard" not in _options(_pending(acted), "f")
    poor = builders.given(
        board,
        ("f", "g"),
        capture,
        Event("SuppliesTransferred", {"from": "f", "to": None, "amount": 3}),
        *at_turn(2, "f"),
    )
    assert "ransom_kard" not in _options(_pending(poor), "f")


def test_a_lord_is_offered_up_to_half_the_vassals_cities_in_the_supply_phase_as_in_ex8() -> None:
    """KBS-EX-8 / KBS-VAS-9: B holds 7 cities, so A may ask 1..3 supplies (floor(7/2)), not 4, once per phase."""
    cities = {
        "c-a": city("r-a", "a", capital_of="a"),
        "c-b": city("r-b", "b", capital_of="b"),
        **{f"c-b{n}": city(f"r-b{n}", "b") for n in range(1, 7)},
    }
    board = board_doc(
        regions={"r-a": {}, "r-b": {}, **{f"r-b{n}": {} for n in range(1, 7)}},
        cities=cities,
        land=[("r-a", "r-b")],
        factions={
            "a": {"capital": "c-a", "ruler": "robert", "supplies": 10, "influence": 5},
            "b": {"capital": "c-b", "ruler": "rim", "supplies": 10, "influence": 5},
        },
    )
    vassalage = Event("VassalageEstablished", {"vassal": "b", "lord": "a", "ruler": "rim"})
    game = builders.given(board, ("a", "b"), vassalage, Event("RoundStarted", {"round": 2}))
    request = _options(_pending(game), "a")["request_vassal_supplies"]
    assert [c["amount"] for c in request.choices] == [1, 2, 3]
    assert request.rule_ids == ("KBS-VAS-9", "KBS-VAS-6")
    asked = builders.play(game, "request_vassal_supplies", "a", vassal="b", amount=3)
    assert "a" not in _pending(asked).seats()


def test_the_raid_rules_are_cited_in_their_rounds_only_on_a_board_that_has_giants_and_pirates() -> None:
    """KBS-GNT-1 (odd rounds from 3), KBS-PIR-1 (even rounds from 4); a board with no giants' targets and no
    ports has neither."""
    shipped = KBS.shipped_boards[BOARD]
    start = play(KBS, created(KBS, SEATS, options=OPTIONS, board=BOARD), shipped, random.Random(0), steps=0).game
    for round_no, cited in ((3, "KBS-GNT-1"), (4, "KBS-PIR-1")):
        game = fold(KBS, [_round(round_no)], None, start_from=start)
        assert cited in _options(_pending(game), None)["begin_turns"].rule_ids
    bare = board_doc(regions={"r-z": {}, "r-r": {}}, cities=HOMES, land=[("r-z", "r-r")], factions=TWO)
    del bare["attributes"]["giant_targets"], bare["attributes"]["pirate_target"]
    fillers = {"r-far", "g-ostius", *FILLER_TARGETS.values()}
    bare["areas"] = [a for a in bare["areas"] if a["id"] not in fillers]
    for round_no in (3, 4):
        begin = _options(_pending(builders.given(bare, ("z", "r"), _round(round_no))), None)["begin_turns"]
        assert begin.rule_ids == ("KBS-AMB-20",)


def test_kbs_gnt_1_kbs_pir_1_beginning_the_turns_rolls_no_die_in_a_round_without_raids() -> None:
    """Rounds 1 and 2 have no raid (KBS-GNT-1: odd rounds from 3; KBS-PIR-1: even rounds from 4), so
    `begin_turns` says it rolls no table die; in a giants' round how many depends on their target die, so it says
    nothing; the pirates' round 4 rolls none here (no `pirate_dice`)."""
    shipped = KBS.shipped_boards[BOARD]
    start = play(KBS, created(KBS, SEATS, options=OPTIONS, board=BOARD), shipped, random.Random(0), steps=0).game
    counts = {n: _options(_pending(fold(KBS, [_round(n)], None, start_from=start)), None) for n in (1, 2, 3, 4)}
    assert {n: options["begin_turns"].dice_count for n, options in counts.items()} == {1: 0, 2: 0, 3: None, 4: 0}
    assert counts[1]["begin_turns"].to_json()["dice_count"] == 0


def _round(number: int) -> Event:
    return Event("RoundStarted", {"round": number})


def test_after_a_round_the_officials_may_end_the_game_but_not_name_a_faction_whose_ruler_is_held() -> None:
    """KBS-LDR-3: "Bez panovníka nelze vyhrát" — Rudern, whose ruler Robert is captive, is no eligible winner."""
    capture = Event("UnitsCaptured", {"army": "ra", "captor": "zapad", "at": "r1", "units": {}, "leaders": ["robert"]})
    game = builders.given(_ex1_board(), PAIR, capture, _round(1), Event("RoundEnded", {"round": 1}))
    end = _options(_pending(game), None)["end_game"]
    assert end.fields["winners"] == ["zapad"] and end.rule_ids == ("CORE-END-1", "KBS-LDR-3")
    assert _options(_pending(game), None)["start_round"].choices == ({},)


def test_the_loser_of_a_city_battle_is_offered_to_ransom_its_captured_units_at_one_supply_each() -> None:
    """KBS-RET-3: "1 jednotka = 1 zásoba" — 2 units taken this turn may be ransomed, all or some."""
    board = _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8)])
    taken = Event("UnitsCaptured", {"army": "zg", "captor": "r", "at": "c", "units": {"army": 2}, "leaders": []})
    game = builders.given(board, ("z", "r"), *at_turn(2, "r"), taken)
    ransom = _options(_pending(game), "z")["ransom_prisoners"]
    assert ransom.choices == ({"units": {"army": 2}}, {"units": {"army": 1}})
    assert ransom.rule_ids == ("KBS-RET-3", "KBS-AMB-15") and ransom.fields["held"] == {"army": 2}
    assert (
        events_of(when(game, "ransom_prisoners", "z", None, **ransom.choices[0]), "PrisonersRansomed")[0]["cost"] == 2
    )
    assert "ransom_prisoners" not in _options(_pending(builders.play(game, "end_turn", "r")), "z")  # KBS-AMB-15


def test_the_defender_may_lose_a_fanatic_instead_of_a_ship_of_the_same_bs() -> None:
    """KBS-AMB-1: 2 fanatics and 2 ships (8 BS) win with floor((8+6)/4) = 3 and keep 2 BS (the largest total of
    BS-2 units not above 3); the default loses both ships and a fanatic, the owner may keep a ship instead."""
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r3": {}, "r-ru": {}, "r-za": {}},
        cities=HOME_CITIES,
        land=[("r1", "r2"), ("r2", "r3")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", ["robert"], army=7), army("zd", "zapad", "r2", fanatic=2, ship=2)],
    )
    game = builders.given(board, PAIR, *at_turn(2, "rudern"))
    game = then(game, when(game, "attack", "rudern", dice=[1, 6], army="ra", to="r2", defender="zapad"))
    losses = _options(_pending(game), "zapad")["allocate_losses"]
    removed = [c["removed"] for c in losses.choices]
    assert removed == [{"zd": {"fanatic": 1, "ship": 2}}, {"zd": {"fanatic": 2, "ship": 1}}]
    assert losses.rule_ids == ("KBS-AMB-1",) and not losses.exhaustive
    chosen = builders.play(game, "allocate_losses", "zapad", **losses.choices[1])
    assert dict(chosen.state.armies["zd"].units) == {"ship": 1}


def test_a_year_of_siege_offers_the_owner_any_one_unit_inside_but_no_leader_while_units_are_left() -> None:
    """KBS-SIE-7, KBS-AMB-5: in round 2 (year 2) one unit inside c dies: the army unit by default, or the
    catapult if the owner chooses; Jaromír only when no unit is left."""
    board = _siege_board([army("zg", "z", "c", ["jaromir"], army=1, catapult=1), army("rs", "r", "r-c", army=8)])
    game = builders.given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, Event("RoundEnded", {"round": 1}))
    start = _options(_pending(game), None)["start_round"]
    assert start.rule_ids == ("KBS-AMB-20", "KBS-AMB-5", "KBS-SIE-7")
    game = builders.play(game, "start_round", None)
    losses = _options(_pending(game), "z")["allocate_losses"]
    assert [c["removed"] for c in losses.choices] == [{"zg": {"army": 1}}, {"zg": {"catapult": 1}}]
    assert losses.rule_ids == ("KBS-AMB-5", "KBS-SIE-7")


def _ex8_board() -> dict[str, Any]:
    cities = {
        "c-a": city("r-a", "a", capital_of="a"),
        "c-b": city("r-b", "b", capital_of="b"),
        **{f"c-b{n}": city(f"r-b{n}", "b") for n in range(1, 7)},
    }
    return board_doc(
        regions={"r-a": {}, "r-b": {}, **{f"r-b{n}": {} for n in range(1, 7)}},
        cities=cities,
        land=[("r-a", "r-b")],
        factions={
            "a": {"capital": "c-a", "ruler": "robert", "supplies": 10, "influence": 5},
            "b": {"capital": "c-b", "ruler": "rim", "supplies": 10, "influence": 5},
        },
    )


VASSALAGE = Event("VassalageEstablished", {"vassal": "b", "lord": "a", "ruler": "rim"})


def test_a_vassal_larger_than_its_lord_is_offered_the_revolt_in_its_turn() -> None:
    """KBS-VAS-8: B (7 cities and their 7 regions, KBS-AMB-17) is larger than A (1 and 1): B may revolt; A,
    no one's vassal, may not."""
    game = builders.given(_ex8_board(), ("a", "b"), VASSALAGE, *at_turn(2, "b"))
    revolt = _options(_pending(game), "b")["declare_revolt"]
    assert revolt.choices == ({},) and revolt.rule_ids == ("KBS-VAS-8",)
    lord = builders.given(_ex8_board(), ("a", "b"), VASSALAGE, *at_turn(2, "a"))
    assert "declare_revolt" not in _options(_pending(lord), "a")


def test_the_supply_phase_describes_the_treasuries_the_officials_fill_and_a_lost_capital_s_kard_to_place() -> None:
    """KBS-AMB-20: the supplies and influence gathered are not in the seed (entered with adjust); KBS-AMB-14:
    a kard freed while his capital is lost is placed by the officials."""
    freed = Event(
        "KardRansomed", {"seat": "b", "kard": "rim", "captor": "a", "supplies": 5, "influence": 5, "placed_at": None}
    )
    game = builders.given(_ex8_board(), ("a", "b"), freed, _round(1))
    table = [o for w in _pending(game).waiting if w.seat is None for o in w.options]
    income = next(o for o in table if "KBS-AMB-20" in o.rule_ids and o.type == "adjust")
    assert income.fields["treasuries"]["a"] == {"/factions/a/supplies": 10, "/factions/a/influence": 5}
    gathered = builders.play(
        game, "adjust", None, reason="supplies gathered", changes=[{"path": "/factions/a/supplies", "value": 13}]
    )
    assert gathered.state.factions["a"].supplies == 13
    place = next(o for o in table if "KBS-AMB-14" in o.rule_ids)
    assert place.type == "adjust" and place.fields["unplaced"] == ["rim"]
    assert [o.type for o in table if o.choices] == ["begin_turns"]


def test_a_game_without_a_board_waits_only_on_the_officials_to_end_it() -> None:
    """KBS-AMB-22: the seed gives no map, so every action is refused; the end is the only way on (CORE-END-1)."""
    # `given` is typed for a board; KBS-AMB-22 is the game with none, which `start` accepts (board: None).
    game = builders.given(None, PAIR)  # type: ignore[arg-type]
    pending = _pending(game)
    assert pending.rule_id == "KBS-AMB-22" and pending.seats() == (None,)
    end = _options(pending, None)["end_game"]
    assert not when(game, "end_game", None, **end.choices[0]).violations


def test_every_action_of_the_recorded_sample_campaign_was_offered_to_its_seat_when_it_was_played() -> None:
    """The sample of replays/samples (five rounds: sieges, attrition, a relief with a joint entry, a storm, a
    field battle, retreats, giants and pirates) played through: at each version the game waits on somebody and
    the recorded action is among its seat's options, within the choices when they are exhaustive."""
    sample = json.loads((SAMPLES / "cedofan_kards_bs_kards_war.sample.json").read_text(encoding="utf-8"))
    setup = sample["game"]
    seats = tuple(s["seat"] for s in setup["seats"])
    game = builders.given(KBS.shipped_boards[BOARD], seats, options=setup["options"])
    offered: Counter[str] = Counter()
    for recorded in sample["actions"]:
        options = _options(_pending(game), recorded["seat"])
        option = options.get(recorded["type"])
        assert option is not None, (game.version, recorded, sorted(options))
        data = {k: v for k, v in recorded["data"].items() if k != "dice"}
        assert not option.exhaustive or data in option.choices, (game.version, recorded, option.choices)
        offered[recorded["type"]] += 1
        game = builders.play(game, recorded["type"], recorded["seat"], recorded["data"].get("dice"), **data)
    assert offered["relieve_siege"] and offered["storm_city"] and offered["retreat"] and offered["enter_jointly"]


def test_kbs_pir_3_kbs_amb_12_a_pirates_raid_says_it_rolls_their_and_ostiuss_die_when_the_game_rolls_them() -> None:
    """KBS-PIR-3, KBS-AMB-12: in an even round from 4 the pirates storm a held Ostius; with `pirate_dice` the
    pirates and Ostius roll a die each, without it none: the count is known before the turns begin."""
    for pirate_dice, dice in ((True, 2), (False, 0)):
        round_4 = Event("RoundStarted", {"round": 4})
        game = builders.given(pirate_board(), ("o", "z"), round_4, options={"pirate_dice": pirate_dice})
        assert _options(_pending(game), None)["begin_turns"].dice_count == dice
