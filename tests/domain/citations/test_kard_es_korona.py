"""Kard és Korona refusal paths cite the rule that bars the action (issue 17, point 4).

Each case names its inventory path (`paths_kard_es_korona`); a fixed path also quotes the catalog and seed lines
that decided its new citation, with the umbrella rule after it among the violations.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from domain.kernel import Action, Authority, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.citations.paths_kard_es_korona import KARD_ES_KORONA as INVENTORY
from tests.domain.kard_es_korona.builders import (
    BASIC_START,
    act,
    new_game,
    placements,
    play,
    rule_ids,
    set_up,
    when,
    with_state,
)
from tests.domain.kard_es_korona.test_defeat import BLUE, PTD, RED, YELLOW, fight, lords_battle
from tests.domain.kard_es_korona.test_duel_and_rerolls import JR, duel, with_judge
from tests.domain.kard_es_korona.test_movement_rules import A, B, D, e5_game, step

Path = tuple[str, str]


def cites(path: Path, game: Game, action: Action, *expected: str) -> None:
    """The action is refused citing `expected` in order; the path is an inventoried one."""
    assert path in INVENTORY, f"{path} is not an inventoried refusal path"
    assert rule_ids(when(game, action)) == list(expected)


def recorder(type: str, **data: Any) -> Action:
    return Action(type, None, data, Authority.RECORDER)


def test_refused_citing_kk_move_9_then_kk_move_2_when_infantry_crosses_a_major_river_into_a_swamp() -> None:
    """KK-MOVE-9: "Crossing a major river into a mountain or swamp county costs 3 MP. Only cavalry and the lord
    can make such a move." — seed 000 L156: „Ha folyón kell átkelni mocsárba vagy hegyvidékre, az összesen 3
    mozgáspontba kerül, azaz kizárólag lovassal lehet így lépni." KK-MOVE-2 (every unit needs the MP for its own
    path) is the umbrella; the same infantry going round by D (4 MP, no river) breaks KK-MOVE-2 alone."""
    cites(
        ("KK-MOVE-9", "movement:_group_cost"), e5_game(), step(B, (A, {"infantry": 1}, [B])), "KK-MOVE-9", "KK-MOVE-2"
    )
    cites(("KK-MOVE-2", "movement:_group_cost"), e5_game(), step(B, (A, {"infantry": 1}, [D, B])), "KK-MOVE-2")
    assert not when(e5_game(), step(B, (A, {"cavalry": 1}, [B]))).violations  # 3 of the cavalry's 4 MP


def _judge_may_reroll_the_duel() -> Game:
    game = play(with_judge(duel(), JR), recorder("fight_duel", dice=[6, 2]))
    assert game.state.reroll_offer["seat"] == BLUE  # Red alone rolled 6; Blue, the Judge Royal, may reroll his 2
    return game


def test_refused_citing_kk_lord_6_then_kk_office_2_when_the_duel_goes_on_before_the_judge_royal_decides() -> None:
    """KK-LORD-6: "The reigning Judge Royal, if he is one of the duellists, may reroll one of his own duel rolls,
    once per duel." — seed 000 L200: „a párviadal folyamán a regnáló országbíró egy dobását egyszer
    újradobhatja." KK-OFFICE-2 (any other roll of the Judge Royal) is the umbrella, not the rule of the duel."""
    game = _judge_may_reroll_the_duel()
    cites(
        ("KK-LORD-6", "lords:decide_fight_duel"), game, recorder("fight_duel", dice=[1, 1]), "KK-LORD-6", "KK-OFFICE-2"
    )


@pytest.mark.parametrize("type", ["reroll", "keep_roll"])
def test_refused_citing_kk_lord_6_then_kk_office_2_when_the_other_duellist_rerolls_or_keeps_the_judges_die(
    type: str,
) -> None:
    """KK-LORD-6 (seed 000 L200, above): the duel reroll is the Judge Royal's, of his own roll — not KK-OFFICE-1,
    the battle reroll of an arm group's dice ("Once per battle ... the dice of one of his arm groups")."""
    data = {"dice": [6]} if type == "reroll" else {}
    path = ("KK-LORD-6", "reroll_choices:_no_offer")
    cites(path, _judge_may_reroll_the_duel(), act(type, RED, **data), "KK-LORD-6", "KK-OFFICE-2")


def test_refused_citing_kk_office_1_when_a_reroll_is_asked_with_no_roll_on_offer() -> None:
    """KK-OFFICE-1 (the battle reroll) stays the rule when nothing at all is on offer."""
    cites(("KK-OFFICE-1", "reroll_choices:_no_offer"), set_up(PTD), act("reroll", RED, dice=[6]), "KK-OFFICE-1")
    cites(("KK-OFFICE-1", "reroll_choices:_no_offer"), set_up(PTD), act("keep_roll", RED), "KK-OFFICE-1")


def test_refused_citing_kk_lord_8_when_a_battle_is_chosen_before_the_winners_extra_step() -> None:
    """KK-LORD-8: "After the battle the winning lord may make one extra step within 4 MP." — seed 000 L202: „A
    győztes hadúr csata után még egy, extra lépésre jogosult" — not KK-LORD-4 (the defeat of a lord): the defeat
    is settled, only Red's extra step is open."""
    extra = {"tiszahat_a": {BLUE: Force(infantry=2)}, "tiszahat_d": {YELLOW: Force(infantry=1)}}
    blue_step = {"to": "tiszahat_d", "groups": [{"from": "tiszahat_a", "units": {"infantry": 2}}]}
    game = fight(lords_battle(extra, blue_step), 6, 1)  # Blue's lord is defeated in Fejér
    cites(("KK-LORD-4", "combat:decide_select_battle"), game, act("select_battle", BLUE, battle="b1301-2"), "KK-LORD-4")
    game = play(game, act("forgo_escape", BLUE), act("decline_fealty", BLUE))
    game = play(game, act("place_takeover", RED, placements={"tiszahat_d": "infantry"}))
    assert game.state.extra_step == {"seat": RED, "battle": "b1301-1"} and not game.state.defeat
    path = ("KK-LORD-8", "combat:decide_select_battle")
    cites(path, game, act("select_battle", RED, battle="b1301-2"), "KK-LORD-8")


@pytest.mark.parametrize(("variant", "rule"), [("basic", "KK-SETUP-7"), ("advanced", "KK-SETUP-8")])
def test_refused_citing_kk_setup_7_or_8_when_starting_forces_are_placed_a_second_time(variant: str, rule: str) -> None:
    """KK-SETUP-7: "Each player places his lord and 12 units ... freely in counties of his home province" (seed
    000 L114: „ide kerül fel a tartományúr és induló serege, amely összesen 12 egységet számlál"); KK-SETUP-8 is
    its advanced form. Placing them again is no breach of KK-SETUP-6 (home province): the counties are his own."""
    game = set_up(PTD, variant)
    start = placements(RED, BASIC_START)
    path = ("rule", "setup:decide_place_forces")  # the variant's rule, picked as `rule`
    cites(path, game, act("place_forces", RED, lord=f"{RED}_k1", placements=start), rule)


@cache
def _year_1301() -> Game:
    """After setup, 1301's event phase: Red (pannonia) starts and draws the event card."""
    return set_up(PTD)


@cache
def _movement_1301() -> Game:
    return play(_year_1301(), act("draw_event", RED, card="veres_kard"))


# (path, game, action, the rules cited in order): each a situation read from the catalog rule it cites.
CASES: list[tuple[Path, str, Action, tuple[str, ...]]] = [
    (("KK-TURN-1", "economy:decide_draw_event"), "year", act("draw_event", BLUE, card="veres_kard"), ("KK-TURN-1",)),
    (("KK-EVENT-1", "economy:decide_draw_event"), "year", act("draw_event", RED, card=7), ("KK-EVENT-1",)),
    (("KK-TURN-2", "economy:decide_draw_event"), "move", act("draw_event", RED, card="veres_kard"), ("KK-TURN-2",)),
    (
        ("KK-TURN-2", "step_checks:in_movement_phase"),
        "year",
        act("move", RED, to=f"{RED}_a", groups=[]),
        ("KK-TURN-2",),
    ),
    (("KK-MOVE-1", "step_checks:in_his_turn"), "move", act("move", BLUE, to="tiszahat_a", groups=[]), ("KK-MOVE-1",)),
    (("KK-MOVE-2", "step_checks:to_a_county"), "move", act("move", RED, to="nowhere", groups=[]), ("KK-MOVE-2",)),
    (("KK-TURN-2", "movement:decide_pass"), "year", act("pass", RED), ("KK-TURN-2",)),
    (("KK-MOVE-1", "movement:decide_pass"), "move", act("pass", BLUE), ("KK-MOVE-1",)),
    (("KK-TURN-2", "economy:decide_recruit"), "move", act("recruit", RED, purchases=[]), ("KK-TURN-2",)),
    (
        ("KK-GEN-6", "economy:decide_transfer_money"),
        "move",
        act("transfer_money", RED, to="x", amount=1),
        ("KK-GEN-6",),
    ),
    (
        ("KK-GEN-7", "economy:decide_transfer_money"),
        "move",
        act("transfer_money", RED, to=BLUE, amount=1.5),
        ("KK-GEN-7",),
    ),
    (
        ("KK-TURN-3", "setup:decide_choose_first_player"),
        "year",
        recorder("choose_first_player", player=RED),
        ("KK-TURN-3",),
    ),
    (
        ("KK-TURN-3", "setup:decide_roll_for_first_player"),
        "year",
        recorder("roll_for_first_player", dice=[6]),
        ("KK-TURN-3",),
    ),
    (
        ("KK-BATTLE-12", "combat:decide_select_battle"),
        "move",
        act("select_battle", RED, battle="b1"),
        ("KK-BATTLE-12",),
    ),
    (("KK-BATTLE-12", "combat:decide_fight_exchange"), "move", recorder("fight_exchange", dice=[6]), ("KK-BATTLE-12",)),
    (("KK-LORD-2", "combat:decide_lead_arm"), "move", act("lead_arm", RED, arm="cavalry"), ("KK-LORD-2",)),
    (
        ("KK-BATTLE-11", "combat:decide_assign_casualties"),
        "move",
        act("assign_casualties", RED, casualties={}),
        ("KK-BATTLE-11",),
    ),
    (("KK-LORD-5", "lords:decide_fight_duel"), "move", recorder("fight_duel", dice=[6, 1]), ("KK-LORD-5",)),
    (
        ("KK-LORD-8", "lords:decide_take_extra_step"),
        "move",
        act("take_extra_step", RED, to=f"{RED}_a", groups=[]),
        ("KK-LORD-8",),
    ),
    (("KK-LORD-8", "lords:decide_decline_extra_step"), "move", act("decline_extra_step", RED), ("KK-LORD-8",)),
    (
        ("KK-OFFICE-6", "offices:decide_offer_office"),
        "move",
        act("offer_office", RED, office="palatine"),
        ("KK-OFFICE-6",),
    ),
    (("KK-OFFICE-6", "offices:decide_bid_for_office"), "move", act("bid_for_office", BLUE, amount=3), ("KK-OFFICE-6",)),
    (("KK-OFFICE-6", "offices:decide_close_office_sale"), "move", act("close_office_sale", RED), ("KK-OFFICE-6",)),
    (("KK-ELECT-11", "elections:decide_tie"), "move", act("decide_tie", RED, player=BLUE), ("KK-ELECT-11",)),
    (("KK-ELECT-10", "elections:decide_roll_off"), "move", recorder("roll_off", dice=[6]), ("KK-ELECT-10",)),
    (("KK-OFFICE-2", "elections:decide_judge_reroll"), "move", act("reroll_tie_die", RED), ("KK-OFFICE-2",)),
    (("KK-SIEGE-9", "withdrawal:decide_withdraw"), "move", act("withdraw", RED, keep={}, moves=[]), ("KK-SIEGE-9",)),
    (
        ("KK-ADV-4", "movement:decide_release_defenders"),
        "move",
        act("release_defenders", BLUE, units={}),
        ("KK-ADV-4",),
    ),
    (
        ("KK-ADV-11", "retreat_choices:decide_choose_retreat_losses"),
        "move",
        act("choose_retreat_losses", RED, units={}),
        ("KK-ADV-11",),
    ),
    (("KK-ADV-5", "retreat_choices:decide_retreat"), "move", act("retreat", RED, to=f"{RED}_a"), ("KK-ADV-5",)),
    (("KK-ADV-5", "retreat_choices:decide_stay"), "move", act("stay", RED), ("KK-ADV-5",)),
    (
        ("KK-CAPTIVE-2", "captivity:decide_pay_ransom"),
        "move",
        act("pay_ransom", RED, to=f"{RED}_k1"),
        ("KK-CAPTIVE-2",),
    ),
    (("KK-EVENT-7", "event_die:decide_roll_event_die"), "move", act("roll_event_die", RED, dice=[3]), ("KK-EVENT-7",)),
    (("KK-VASSAL-2", "vassals:decide_veto_battle"), "move", act("veto_battle", RED, battle="b1"), ("KK-VASSAL-2",)),
    (("KK-VASSAL-7", "vassals:decide_return_lord"), "move", act("return_lord", RED, to=f"{RED}_k1"), ("KK-VASSAL-7",)),
    (
        ("KK-TRAD-3", "starting_player:decide_choose_turn_position"),
        "move",
        act("choose_turn_position", RED, position="first"),
        ("KK-TRAD-3",),
    ),
    (
        ("KK-TRAD-1", "starting_player:decide_roll_for_starting_player"),
        "move",
        recorder("roll_for_starting_player", dice=[6]),
        ("KK-TRAD-1",),
    ),
    (
        ("KK-SETUP-10", "setup:decide_place_neutral_piece"),
        "move",
        act("place_neutral_piece", RED, county=f"{RED}_a", arm="infantry"),
        ("KK-SETUP-10",),
    ),
    (
        ("KK-SETUP-12", "setup:decide_substitute_royal_cavalry"),
        "move",
        act("substitute_royal_cavalry", RED, castles=[]),
        ("KK-SETUP-12",),
    ),
    (("KK-TURN-2", "decide:_dispatch"), "move", act("no_such_action", RED), ("KK-TURN-2",)),
    (
        ("KK-ELIM-2", "defeat_choices:decide_attempt_escape"),
        "move",
        act("attempt_escape", BLUE, to="x", dice=[6]),
        ("KK-ELIM-2",),
    ),
]


@pytest.mark.parametrize(("path", "when_in", "action", "expected"), CASES, ids=[f"{c[0][0]}@{c[0][1]}" for c in CASES])
def test_refusal_cites_the_rule_of_its_path(
    path: Path, when_in: str, action: Action, expected: tuple[str, ...]
) -> None:
    cites(path, _year_1301() if when_in == "year" else _movement_1301(), action, *expected)


def test_refused_citing_kk_turn_3_when_starting_forces_are_placed_before_the_first_player_is_chosen() -> None:
    """KK-TURN-3, seed 000 L122: „Az első év/forduló elején a játékosok kockadobással vagy sorsolás útján döntik
    el, melyikük kezdi a játékot. A többi játékos az óramutató járásának megfelelően követi a kezdő játékost." —
    placement goes in that order (A-53), so nobody places before it is known; not KK-SETUP-6 (home province)."""
    start = placements(RED, BASIC_START)
    path = ("KK-TURN-3", "setup:decide_place_forces")
    cites(path, new_game(PTD), act("place_forces", RED, lord=f"{RED}_k1", placements=start), "KK-TURN-3")


@cache
def _placing() -> Game:
    """Setup: Red (pannonia) starts and places first."""
    return play(new_game(PTD), recorder("choose_first_player", player=RED))


@cache
def _blue_places() -> Game:
    return play(_placing(), act("place_forces", RED, lord=f"{RED}_k1", placements=placements(RED, BASIC_START)))


@cache
def recruiting() -> Game:
    """1302's recruitment, Red first, 20 garas each; Red's castle k1 holds 4 units (BASIC_START)."""
    return with_state(
        _year_1301(), phase="recruit", year=1302, turn=RED, starting_player=RED, treasury={s: 20 for s in PTD}
    )


def _start(**changes: dict[str, int]) -> dict[str, dict[str, int]]:
    return {**placements(RED, BASIC_START), **changes}


def _buy(castle: str, arm: str, count: int) -> dict[str, Any]:
    return {"purchases": [{"castle": castle, "arm": arm, "count": count}]}


BLUE_START = {k.replace("tiszahat_a", "tiszahat_d"): v for k, v in placements(BLUE, BASIC_START).items()}
RED_K1 = f"{RED}_k1"
# (path, position, action, the rules cited in order), the positions built above.
MORE: list[tuple[Path, str, Action, tuple[str, ...]]] = [
    (
        ("KK-MOVE-16", "setup:decide_place_forces"),
        "placing",
        act("place_forces", RED, lord=f"{RED}_m", placements=_start()),
        ("KK-MOVE-16",),
    ),
    (
        ("rule", "setup:decide_place_forces"),
        "placing",
        act("place_forces", RED, lord=RED_K1, placements=_start(**{f"{RED}_a": {"infantry": 2, "archer": 1}})),
        ("KK-SETUP-7",),
    ),
    (
        ("rule_id", "setup:_breaks_castle_limits"),
        "placing",
        act(
            "place_forces",
            RED,
            lord=RED_K1,
            placements={RED_K1: {"infantry": 5, "archer": 2, "cavalry": 1}, f"{RED}_a": {"archer": 2, "cavalry": 2}},
        ),
        ("KK-CASTLE-2",),
    ),
    (
        ("KK-SETUP-11", "setup:_placements"),
        "blue",
        act("place_forces", BLUE, lord="tiszahat_k1", placements=BLUE_START),
        ("KK-SETUP-11",),
    ),
    (
        ("KK-RECRUIT-1", "economy:decide_recruit"),
        "recruit",
        act("recruit", BLUE, **_buy("tiszahat_k1", "infantry", 1)),
        ("KK-RECRUIT-1",),
    ),
    (
        ("KK-RECRUIT-3", "economy:_purchase"),
        "recruit",
        act("recruit", RED, **_buy(f"{RED}_a", "infantry", 1)),
        ("KK-RECRUIT-3",),
    ),
    (
        ("KK-RECRUIT-3", "economy:_purchase"),
        "recruit",
        act("recruit", RED, **_buy("tiszahat_k1", "infantry", 1)),
        ("KK-RECRUIT-3",),
    ),
    (
        ("KK-RECRUIT-2", "economy:decide_recruit"),
        "recruit",
        act("recruit", RED, **_buy(RED_K1, "cavalry", 3)),
        ("KK-RECRUIT-2",),
    ),
    (
        ("rule_id", "economy:_breaks_castle_limits"),
        "recruit",
        act("recruit", RED, **_buy(RED_K1, "infantry", 4)),
        ("KK-CASTLE-2", "KK-RECRUIT-4"),
    ),
    (
        ("KK-ELECT-4", "economy:decide_transfer_money"),
        "election",
        act("transfer_money", RED, to=BLUE, amount=1),
        ("KK-ELECT-4",),
    ),
    (("KK-MOVE-16", "movement:_group_units"), "e5", step(B, (A, {"cavalry": 1}, [B]), lord_from=A), ("KK-MOVE-16",)),
]
POSITIONS: dict[str, Callable[[], Game]] = {
    "placing": _placing,
    "blue": _blue_places,
    "recruit": recruiting,
    "election": lambda: with_state(_year_1301(), phase="election"),
    "e5": e5_game,
}


@pytest.mark.parametrize(
    ("path", "where", "action", "expected"), MORE, ids=[f"{c[0][0]}@{c[0][1]}-{i}" for i, c in enumerate(MORE)]
)
def test_refusal_cites_the_rule_of_its_path_in_setup_recruitment_and_movement(
    path: Path, where: str, action: Action, expected: tuple[str, ...]
) -> None:
    cites(path, POSITIONS[where](), action, *expected)
