"""Kard és Korona refusal paths the shape work gave functions of their own (issue 17, point 4; issue 18, point 3):
each refused from a position where the cited rule is the one in the way.

Positions: `_field` (test_kard_es_korona_movement: Red's lord and 1 infantry in castle K1, 1 infantry + 1 cavalry
in A, 1 infantry in D; Blue's 1 infantry in swamp B; roads K1-A, A-B, A-D, B-D, B-C, C-K2, K1-K2); `_placing`,
`recruiting` (test_kard_es_korona: Red places first; 1302's recruitment, 20 garas each, Red's K1 holding 2
infantry, 1 archer, 1 cavalry); `capturing_pest` (Red took Pest with 5 infantry + 3 archers, one unit too many);
`_hits_to_assign` (Red's 2 cavalry attacked Blue's 1 infantry + 1 archer in open Fejér and rolled 6 and 1: one
hit, Red to remove one of them).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from domain.kernel import Action, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.citations.test_kard_es_korona import RED_K1, Path, _buy, _placing, _start, cites, recorder, recruiting
from tests.domain.citations.test_kard_es_korona_movement import A, B, D, _field, move
from tests.domain.kard_es_korona.builders import act, then, with_state
from tests.domain.kard_es_korona.test_battle_endings import BLUE, RED, YELLOW, attack, capturing_pest, fight, moving


@cache
def _hits_to_assign() -> Game:
    game = moving({"pest": {RED: Force(cavalry=2)}, "fejer": {BLUE: Force(infantry=1, archer=1)}})
    game = attack(game, "fejer", "pest", {"cavalry": 2})
    return then(game, fight(game, 6, 1, 1, 1))


@cache
def _lord_beside_his_cavalry() -> Game:
    """Red's lord and 1 cavalry in Pest; Fejér next to it is empty."""
    return moving({"pest": {RED: Force(cavalry=1)}}, {RED: "pest", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"})


def _home_elsewhere() -> dict[str, dict[str, int]]:
    """The standard start with county A's units put in Tiszahát A instead: 12 units, one county not Red's."""
    start = _start()
    return {("tiszahat_a" if county == f"{RED}_a" else county): units for county, units in start.items()}


# (path, position, action, the rules cited in order), each a situation read from the catalog rule it cites.
CASES: list[tuple[Path, str, Action, tuple[str, ...]]] = [
    # KK-MOVE-1: a step is a player's turn; a recorded step naming no player is no one's turn.
    (("KK-MOVE-1", "movement:decide_move"), "field", recorder("move", to=B, groups=[]), ("KK-MOVE-1",)),
    # KK-MOVE-2: "A step moves any set of the player's units ... into one destination county": none listed.
    (("KK-MOVE-2", "step_checks:listed_groups"), "field", act("move", RED, to=B, groups=[]), ("KK-MOVE-2",)),
    (("KK-MOVE-2", "movement:_group_units"), "field", act("move", RED, to=B, groups=[A]), ("KK-MOVE-2",)),
    # ... each unit with its own path, which ends in the destination: A's cavalry to D cannot stop in B.
    (("KK-MOVE-2", "movement:_group_path"), "field", move(RED, D, (A, {"cavalry": 1}, [B])), ("KK-MOVE-2",)),
    # KK-MOVE-16: the lord "must never end a step in a county where none of his own units will be".
    (
        ("KK-MOVE-16", "step_checks:lord_arrives_with_units"),
        "lord",
        act("move", RED, to="fejer", groups=[{"from": "pest", "units": {}, "lord": True}]),
        ("KK-MOVE-16",),
    ),
    # KK-VASSAL-6: the liege and the vassal "may not move into or through each other's territory".
    (("rule_id", "step_checks:vassal_bans_kept"), "vassal", move(RED, B, (A, {"cavalry": 1}, [B])), ("KK-VASSAL-6",)),
    # KK-RECRUIT-2: infantry, archers and cavalry have prices; nothing else can be bought.
    (
        ("KK-RECRUIT-2", "economy:_purchase"),
        "recruit",
        act("recruit", RED, **_buy(RED_K1, "dragon", 1)),
        ("KK-RECRUIT-2",),
    ),
    # KK-RECRUIT-5: "at most 2 newly recruited cavalry per castle per year" (the money is there: 3 x 9 garas).
    (
        ("rule_id", "economy:_breaks_knight_caps"),
        "rich",
        act("recruit", RED, **_buy(RED_K1, "cavalry", 3)),
        ("KK-RECRUIT-5",),
    ),
    # KK-SETUP-6: the start "may be placed only in counties of his own (home) province".
    (
        ("KK-SETUP-6", "setup:_placements"),
        "placing",
        act("place_forces", RED, lord=RED_K1, placements=_home_elsewhere()),
        ("KK-SETUP-6",),
    ),
    # KK-SIEGE-9: "Every other attacking unit must withdraw": the surplus of 8 over 7 names no move.
    (
        ("KK-SIEGE-9", "withdrawal:_moves"),
        "pest",
        act("withdraw", RED, keep={"infantry": 4, "archer": 3}, moves=[]),
        ("KK-SIEGE-9",),
    ),
    # KK-SIEGE-9: the units that stay take the castle; withdrawing every one of them leaves none to hold it.
    (
        ("KK-SIEGE-9", "withdrawal:_breaks_what_stays"),
        "pest",
        act("withdraw", RED, keep={}, moves=[{"to": "fejer", "units": {"infantry": 5, "archer": 3}}]),
        ("KK-SIEGE-9",),
    ),
    # KK-BATTLE-11: "The side that scored the hits removes the enemy casualties": Blue scored none.
    (
        ("KK-BATTLE-11", "combat:_hits_of"),
        "hits",
        act("assign_casualties", BLUE, casualties={"cavalry": 1}),
        ("KK-BATTLE-11",),
    ),
    # KK-BATTLE-11: "Each hit must go to an enemy unit": one hit cannot remove two units.
    (
        ("KK-BATTLE-11", "combat:_dice_allow"),
        "hits",
        act("assign_casualties", RED, casualties={"infantry": 1, "archer": 1}),
        ("KK-BATTLE-11",),
    ),
]
POSITIONS: dict[str, Callable[[], Game]] = {
    "field": _field,
    "lord": _lord_beside_his_cavalry,
    "vassal": lambda: with_state(_field(), lieges={BLUE: RED}),
    "recruit": recruiting,
    "rich": lambda: with_state(recruiting(), treasury={RED: 40, BLUE: 20, YELLOW: 20}),
    "placing": _placing,
    "pest": capturing_pest,
    "hits": _hits_to_assign,
}


@pytest.mark.parametrize(
    ("path", "where", "action", "expected"), CASES, ids=[f"{c[0][0]}@{c[0][1]}-{i}" for i, c in enumerate(CASES)]
)
def test_refusal_cites_the_rule_of_its_path(path: Path, where: str, action: Action, expected: tuple[str, ...]) -> None:
    cites(path, POSITIONS[where](), action, *expected)
