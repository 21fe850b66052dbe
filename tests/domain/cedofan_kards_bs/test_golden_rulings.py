"""Golden rulings for cedofan_kards_bs: the combat traces of the worked examples KBS-EX-1, -2 and -6 (rule ids in
order and every number: BS, leader bonus, city defence, die, value, survivors) written by hand from catalog §6,
and pairs one step apart on each component of the combat formula (KBS-CMB-1/2: „(BS armády + schopnost
generála + obrana města + 1K6)/4"), where the step moves a value across a multiple of 4 and flips the winner.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Event
from tests.domain.cedofan_kards_bs.builders import army, at_turn, board_doc, city, given, play, then, when
from tests.domain.cedofan_kards_bs.test_worked_examples import FACTIONS, SEATS, ex1_board, ex2_board, ex6_board

Step = tuple[str, dict[str, Any]]


def trace(decision: Decision) -> list[Step]:
    return [(step.rule_id, dict(step.numbers)) for step in decision.trace]


def attacker(bs: int, bonus: int, die: int, value: int) -> Step:
    return ("KBS-CMB-1", {"bs": bs, "bonus": bonus, "die": die, "value": value})


def defender(bs: int, bonus: int, city_defence: int, die: int, value: int) -> Step:
    return ("KBS-CMB-2", {"bs": bs, "bonus": bonus, "city_defence": city_defence, "die": die, "value": value})


def winner(rule: str, att: int, dfd: int) -> Step:
    return (rule, {"attacker": att, "defender": dfd})


def survivors(att: int, dfd: int) -> Step:
    return ("KBS-AMB-1", {"attacker": att, "defender": dfd})


def test_golden_ex1_field_battle_tie_to_the_defender() -> None:
    """KBS-EX-1: 8 movement units -> ceil(8/5) = 2 supplies; floor((7+3+5)/4) = 3 against floor((6+0+0+6)/4) = 3:
    a tie, so the defender wins (KBS-CMB-5); survivors min(3,7) = 3 and min(3,6) = 3; the loser must withdraw."""
    game = given(ex1_board(), SEATS, *at_turn(2, "rudern"))
    decision = when(game, "attack", "rudern", dice=[5, 6], army="ra", to="r2")
    assert trace(decision) == [
        ("KBS-MOV-3", {"movement_units": 8, "cost": 2}),
        attacker(7, 3, 5, 3),
        defender(6, 0, 0, 6, 3),
        winner("KBS-CMB-5", 3, 3),
        survivors(3, 3),
        ("KBS-CMB-4", {}),
    ]


def test_golden_ex2_siege_and_storm_of_a_fortified_city() -> None:
    """KBS-EX-2: 9 > 4 + 4 (KBS-AMB-3), 1 supply; storm a round later, 1 supply: floor((9+1+6)/4) = 4 against
    floor((4+1+4+2)/4) = 2; the attacker wins; survivors min(4,9) = 4 and min(2,4) = 2, captured (KBS-RET-2)."""
    game = given(ex2_board(), ("stiny", "zapad"), *at_turn(3, "stiny"))
    siege = when(game, "start_siege", "stiny", army="ka", city="c1")
    assert trace(siege) == [
        ("KBS-SIE-2", {}),
        ("KBS-AMB-3", {"besiegers": 9, "defenders": 4, "city_defence": 4}),
        ("KBS-SIE-1", {}),
    ]
    game = given(ex2_board(), ("stiny", "zapad"), *at_turn(3, "stiny"), *siege.events, *at_turn(4, "stiny"))
    storm = when(game, "storm_city", "stiny", dice=[6, 2], army="ka", city="c1")
    assert trace(storm)[:6] == [
        ("KBS-STM-4", {}),
        attacker(9, 1, 6, 4),
        defender(4, 1, 4, 2, 2),
        winner("KBS-CMB-3", 4, 2),
        survivors(4, 2),
        ("KBS-RET-2", {}),
    ]


def test_golden_ex2_through_the_round_boundary_attrition_takes_a_defender_first() -> None:
    """KBS-SIE-7 „Každý rok obležení, počínaje druhým je zabita jedna jednotka v obleženém městě": round 4 is the
    siege's second year, so one of the 4 defenders dies when it opens (KBS-AMB-5). The catalog's EX-2 counts 4
    defenders in round 4 and leaves this out; with it: floor((3+1+3+2)/4) = floor(9/4) = 2, the same value, so
    the attacker still wins 4 > 2 and captures min(2,3) = 2 units."""
    game = given(ex2_board(), ("stiny", "zapad"), *at_turn(3, "stiny"))
    game = play(game, "start_siege", "stiny", army="ka", city="c1")
    game = play(play(game, "end_turn", "stiny"), "end_turn", "zapad")
    opened = when(game, "start_round", None)
    assert [rule for rule, _ in trace(opened)][:2] == ["KBS-AMB-20", "KBS-SIE-7"]
    game = play(then(game, opened), "begin_turns", None)
    storm = when(game, "storm_city", "stiny", dice=[6, 2], army="ka", city="c1")
    assert trace(storm)[1:5] == [
        attacker(9, 1, 6, 4),
        defender(3, 1, 3, 2, 2),
        winner("KBS-CMB-3", 4, 2),
        survivors(4, 2),
    ]


def test_golden_ex6_giant_raid() -> None:
    """KBS-EX-6: round 5, target roll 4 -> Lomen; giant floor((5+6)/4) = 2 against floor((5+1)/4) = 1 (3 BS in the
    city + 2 outside; the fortification ignored): the giant wins (KBS-GNT-7)."""
    game = given(ex6_board(), ("k", "x"), Event("RoundStarted", {"round": 5}))
    raid = when(game, "begin_turns", None, dice=[4, 6, 1])
    steps = trace(raid)
    assert [rule for rule, _ in steps] == ["KBS-GNT-2", "KBS-GNT-6", "KBS-GNT-7"]
    assert steps[1][1] == {"giant": 5, "giant_die": 6, "giant_value": 2, "bs": 5, "die": 1, "value": 1}


def test_golden_ex6_defender_roll_three_ties_and_holds() -> None:
    """KBS-EX-6 variant: defender 3 -> floor(8/4) = 2 = 2: a tie; K holds Lomen and keeps min(2,5) = 2 BS."""
    game = given(ex6_board(), ("k", "x"), Event("RoundStarted", {"round": 5}))
    steps = trace(when(game, "begin_turns", None, dice=[4, 6, 3]))
    assert [rule for rule, _ in steps] == ["KBS-GNT-2", "KBS-GNT-6", "KBS-GNT-9"]
    assert steps[1][1]["value"] == 2 and steps[1][1]["giant_value"] == 2


def threshold_board(fortified: bool, besiegers: int) -> dict[str, object]:
    """KBS-EX-3: `besiegers` army units of Rudern in the administrative region of C, held by Zapad's 4."""
    return board_doc(
        regions={"r-c": {}, "r-za": {}, "r-ru": {}},
        cities={
            "c": city("r-c", "zapad", fortified=fortified),
            "c-za": city("r-za", "zapad", capital_of="zapad"),
            "c-ru": city("r-ru", "rudern", capital_of="rudern"),
        },
        land=[("r-c", "r-za"), ("r-c", "r-ru")],
        factions=FACTIONS,
        armies=[army("zg", "zapad", "c", army=4), army("r", "rudern", "r-c", army=besiegers)],
    )


def test_golden_ex3_eight_against_a_fortified_four_is_refused() -> None:
    """KBS-EX-3 / KBS-AMB-3: `8 > 4 + 4`? No: refused (KBS-SIE-3)."""
    game = given(threshold_board(True, 8), SEATS, *at_turn(1, "rudern"))
    assert [v.rule_id for v in when(game, "start_siege", "rudern", army="r", city="c").violations] == ["KBS-SIE-3"]


def test_golden_ex3_nine_against_a_fortified_four_may_start() -> None:
    """KBS-EX-3: `9 > 8`: allowed, 1 supply."""
    game = given(threshold_board(True, 9), SEATS, *at_turn(1, "rudern"))
    assert trace(when(game, "start_siege", "rudern", army="r", city="c"))[1:] == [
        ("KBS-AMB-3", {"besiegers": 9, "defenders": 4, "city_defence": 4}),
        ("KBS-SIE-1", {}),
    ]


def test_golden_ex3_eight_against_an_unfortified_four_may_start() -> None:
    """KBS-EX-3 / KBS-CTY-1: no city defence: `8 > 4`."""
    game = given(threshold_board(False, 8), SEATS, *at_turn(1, "rudern"))
    assert trace(when(game, "start_siege", "rudern", army="r", city="c"))[1] == (
        "KBS-AMB-3",
        {"besiegers": 8, "defenders": 4, "city_defence": 0},
    )


def test_golden_ex4_three_groups_pay_three_then_six_in_the_swamp() -> None:
    """KBS-EX-4: 10 army units + ruler + catapult = 12 movement units, ceil(12/5) = 3 groups: R2 costs 3, the
    swamp R3 costs 3 x 2 = 6 (KBS-MOV-5): 9 supplies."""
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r3": {"swamp": True}, "r-ru": {}, "r-za": {}},
        cities={"c-ru": city("r-ru", "rudern", capital_of="rudern"), "c-za": city("r-za", "zapad", capital_of="zapad")},
        land=[("r1", "r2"), ("r2", "r3")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", ["robert"], army=10, catapult=1)],
    )
    game = given(board, SEATS, *at_turn(1, "rudern"))
    assert trace(when(game, "move_army", "rudern", army="ra", path=["r2", "r3"])) == [
        ("KBS-MOV-3", {"movement_units": 12, "cost": 3}),
        ("KBS-MOV-5", {"movement_units": 12, "cost": 6}),
        ("KBS-MOV-2", {"cost": 9}),
    ]


def fleet(ships: int) -> Decision:
    """KBS-EX-5: 5 army units on `ships` ships sail two sea spaces."""
    board = board_doc(
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
    return when(given(board, SEATS, *at_turn(1, "rudern")), "move_army", "rudern", army="fleet", path=["s1", "s2"])


def test_golden_ex5_three_ships_carry_six_and_pay_one_a_space() -> None:
    """KBS-EX-5: capacity 3 x 2 = 6 >= 5; ships only pay, ceil(3/5) = 1 per space: 2 supplies."""
    assert trace(fleet(3)) == [
        ("KBS-MOV-7", {"ships": 3, "capacity": 6, "cost": 1}),
        ("KBS-MOV-7", {"ships": 3, "capacity": 6, "cost": 1}),
        ("KBS-MOV-2", {"cost": 2}),
    ]


def test_golden_ex5_two_ships_carry_four_and_are_refused() -> None:
    """KBS-EX-5: capacity 2 x 2 = 4 < 5: refused (KBS-MOV-8)."""
    assert [v.rule_id for v in fleet(2).violations] == ["KBS-MOV-8"]


# --- KBS-CMB-1/2/3/5: one step on each component of the formula ---


def field(bs: int, leaders: list[str], die: int) -> Decision:
    """Rudern's army (`bs` army units, `leaders`) attacks Zapad's 6 army units (no leader, die 2: floor(8/4) = 2)."""
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r-ru": {}, "r-za": {}},
        cities={"c-ru": city("r-ru", "rudern", capital_of="rudern"), "c-za": city("r-za", "zapad", capital_of="zapad")},
        land=[("r1", "r2"), ("r1", "r-ru")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", leaders, army=bs), army("za", "zapad", "r2", army=6)],
    )
    game = given(board, SEATS, *at_turn(2, "rudern"))
    return when(game, "attack", "rudern", dice=[die, 2], army="ra", to="r2")


def test_kbs_cmb_5_eleven_is_a_tie_and_the_defender_wins() -> None:
    """floor((4 + 3 Robert + 4)/4) = 2 against 2: „Remízy vyhrává obránce.\""""
    steps = trace(field(4, ["robert"], 4))
    assert steps[1:4] == [attacker(4, 3, 4, 2), defender(6, 0, 0, 2, 2), winner("KBS-CMB-5", 2, 2)]


def test_kbs_cmb_1_one_more_army_unit_makes_twelve_and_the_attacker_wins() -> None:
    steps = trace(field(5, ["robert"], 4))
    assert steps[1:4] == [attacker(5, 3, 4, 3), defender(6, 0, 0, 2, 2), winner("KBS-CMB-3", 3, 2)]


def test_kbs_cmb_1_one_pip_more_makes_twelve_and_the_attacker_wins() -> None:
    steps = trace(field(4, ["robert"], 5))
    assert steps[1:4] == [attacker(4, 3, 5, 3), defender(6, 0, 0, 2, 2), winner("KBS-CMB-3", 3, 2)]


def test_kbs_ldr_2_jaromir_adds_one_and_makes_twelve() -> None:
    """KBS-LDR-2 „Kalamé, Petros a Jaromír +1 BS": 7 + 1 + 4 = 12 -> 3 (Jaromír leading Rudern's army here)."""
    steps = trace(field(7, ["jaromir"], 4))
    assert steps[1] == attacker(7, 1, 4, 3)
    assert steps[3] == winner("KBS-CMB-3", 3, 2)


def test_kbs_amb_21_an_unnamed_leader_adds_nothing() -> None:
    """KBS-AMB-21: a leader not named in KBS-LDR-1..2 has bonus 0: 7 + 0 + 4 = 11 -> 2, a tie."""
    steps = trace(field(7, ["kapitan"], 4))
    assert steps[1] == attacker(7, 0, 4, 2)
    assert steps[3] == winner("KBS-CMB-5", 2, 2)


def storm(fortified: bool) -> Decision:
    """Kalamé (+1) with 7 army units storms C (3 army units, no leader) a round after the siege; dice 1 and 4."""
    board = board_doc(
        regions={"r-c": {}, "r-za": {}, "r-st": {}},
        cities={
            "c": city("r-c", "zapad", fortified=fortified),
            "c-za": city("r-za", "zapad", capital_of="zapad"),
            "c-st": city("r-st", "stiny", capital_of="stiny"),
        },
        land=[("r-c", "r-za"), ("r-c", "r-st")],
        factions={
            "stiny": {"capital": "c-st", "ruler": "kalame", "supplies": 10, "influence": 5},
            "zapad": {"capital": "c-za", "ruler": "jaromir", "supplies": 10, "influence": 5},
        },
        armies=[army("zg", "zapad", "c", army=3), army("ka", "stiny", "r-c", ["kalame"], army=7)],
    )
    seats = ("stiny", "zapad")
    siege = when(given(board, seats, *at_turn(3, "stiny")), "start_siege", "stiny", army="ka", city="c")
    game = given(board, seats, *at_turn(3, "stiny"), *siege.events, *at_turn(4, "stiny"))
    return when(game, "storm_city", "stiny", dice=[1, 4], army="ka", city="c")


def test_kbs_cty_1_an_unfortified_city_adds_no_defence() -> None:
    """KBS-CTY-1 „Neopevněné město nedává žádné bonusy": floor((7+1+1)/4) = 2 beats floor((3+0+0+4)/4) = 1."""
    steps = trace(storm(False))
    assert steps[1:4] == [attacker(7, 1, 1, 2), defender(3, 0, 0, 4, 1), winner("KBS-CMB-3", 2, 1)]


def test_kbs_cty_3_a_fortified_city_doubles_the_defenders_bs() -> None:
    """KBS-CTY-3 „Opevněné město zvedá 2x BS bránících jednotek": floor((3+0+3+4)/4) = 2 ties the attacker's 2,
    and a tie goes to the defender (KBS-CMB-5)."""
    steps = trace(storm(True))
    assert steps[1:4] == [attacker(7, 1, 1, 2), defender(3, 0, 3, 4, 2), winner("KBS-CMB-5", 2, 2)]
