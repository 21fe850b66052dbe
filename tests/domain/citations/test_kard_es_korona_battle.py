"""Kard és Korona refusal paths in battle, duel, defeat and the Judge Royal's rerolls cite the rule that bars
them (issue 17, point 4), each from a position where that rule is the one in the way.

The positions are `tests/domain/kard_es_korona/test_defeat.py`'s: 1301, Red (pannonia) attacks Fejér with his
lord and 1 cavalry; Blue (tiszahat) holds it with his lord and 1 infantry, 1 more Blue infantry in Kunság.
"""

from __future__ import annotations

from functools import cache

from domain.kernel import Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.citations.test_kard_es_korona import Path, cites, recorder
from tests.domain.kard_es_korona.builders import act, play, position, set_up
from tests.domain.kard_es_korona.test_defeat import ATTACK, BLUE, GUARDS, PTD, RED, YELLOW, fight, lords_battle
from tests.domain.kard_es_korona.test_duel_and_rerolls import JR, duel, with_judge


@cache
def _battle() -> Game:
    """Both lords have named the arm they lead; the first exchange is next."""
    return lords_battle()


@cache
def _before_lead_arm() -> Game:
    """The same battle, chosen, before either lord names his arm."""
    game = set_up(PTD)
    units = {**GUARDS, "pest": {RED: Force(cavalry=1)}, "fejer": {BLUE: Force(infantry=1)}}
    game = position(game, units, lords={RED: "pest", BLUE: "fejer", YELLOW: "delvidek_k2"})
    game = play(game, act("draw_event", RED, card="veres_kard"), act("move", RED, **ATTACK))
    return play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))


@cache
def _judge_may_reroll_the_exchange() -> Game:
    """Blue, the Judge Royal, rolled a 1 for his infantry against Red's killing 6: a reroll could kill too."""
    game = fight(with_judge(lords_battle(), JR), 6, 1)
    assert game.state.reroll_offer["seat"] == BLUE and game.state.reroll_offer["occasion"] == "battle:b1301-1"
    return game


@cache
def _judge_may_reroll_the_escape() -> Game:
    """Blue, the Judge Royal, is defeated and fails his escape roll with a 2: he may reroll it (KK-ELIM-2)."""
    game = fight(with_judge(lords_battle(), JR), 6, 1)
    game = play(game, act("keep_roll", BLUE), act("attempt_escape", BLUE, to="kunsag", dice=[2]))
    assert str(game.state.reroll_offer["occasion"]).startswith("escape:")
    return game


@cache
def _fealty_offered() -> Game:
    """Blue's lord is defeated, forgoes escape and swears fealty: Red, the victor, answers."""
    game = fight(lords_battle(), 6, 1)
    return play(game, act("forgo_escape", BLUE), act("swear_fealty", BLUE))


@cache
def _takeover_with_a_battle_pending() -> Game:
    """Blue moved 2 infantry from Tiszahát A against Yellow's infantry in Tiszahát D (battle b1301-2 pending),
    then his lord fell in Fejér and he refused fealty: Red places one unit per county Blue held (KK-ELIM-5)."""
    extra = {"tiszahat_a": {BLUE: Force(infantry=2)}, "tiszahat_d": {YELLOW: Force(infantry=1)}}
    blue_step = {"to": "tiszahat_d", "groups": [{"from": "tiszahat_a", "units": {"infantry": 2}}]}
    game = fight(lords_battle(extra, blue_step), 6, 1)
    return play(game, act("forgo_escape", BLUE), act("decline_fealty", BLUE))


def test_fight_exchange_refused_kk_battle_9_while_the_lords_duel_is_being_fought() -> None:
    """KK-BATTLE-9 (exchanges go on until one side is gone): both armies died in the last exchange, so no
    exchange is left; the lords fight a duel (KK-LORD-5) instead."""
    cites(("KK-BATTLE-9", "combat:decide_fight_exchange"), duel(), recorder("fight_exchange", dice=[6]), "KK-BATTLE-9")


def test_fight_exchange_refused_kk_battle_1_when_a_seat_outside_the_battle_rolls_it() -> None:
    """KK-BATTLE-1: "To take a county held by enemy units a player must fight a battle for it" — b1301-1 is Red's
    battle for Blue's Fejér; Yellow, neither its attacker nor its defender, has no dice in it."""
    path = ("KK-BATTLE-1", "combat:_takes_no_part")
    cites(path, _battle(), act("fight_exchange", YELLOW, dice=[6, 1]), "KK-BATTLE-1")


def test_fight_exchange_refused_kk_lord_2_before_the_lords_name_the_arm_they_lead() -> None:
    """KK-LORD-2: "When a battle begins, before its first die is rolled, the lord's player may choose one arm
    present in the lord's army" — both lords are present and neither has chosen yet."""
    path = ("KK-LORD-2", "combat:_lord_undeclared")
    cites(path, _before_lead_arm(), recorder("fight_exchange", dice=[6, 1]), "KK-LORD-2")


def test_casualties_refused_kk_office_1_while_the_judge_royal_decides_on_his_battle_reroll() -> None:
    """KK-OFFICE-1: the Judge Royal may reroll one arm group's dice of an exchange once per battle; the hits are
    not removed before he has decided."""
    path = ("KK-OFFICE-1", "rerolls:awaiting_judge")
    cites(path, _judge_may_reroll_the_exchange(), act("assign_casualties", RED, casualties={}), "KK-OFFICE-1")


def test_reroll_refused_kk_office_1_for_an_arm_the_judge_royal_did_not_roll() -> None:
    """KK-OFFICE-1, seed 000 L232: „egyszer újradobhatja egy fegyvernem részére egy összecsapás eredményét" — the
    reroll is of one of his arm groups of that exchange; Blue rolled only for his infantry."""
    path = ("KK-OFFICE-1", "reroll_choices:_reroll_group")
    cites(path, _judge_may_reroll_the_exchange(), act("reroll", BLUE, arm="cavalry", dice=[6]), "KK-OFFICE-1")


def test_reroll_refused_kk_office_2_when_another_seat_rerolls_the_judge_royals_escape_roll() -> None:
    """KK-OFFICE-2 ("any other roll of the Judge Royal may be rerolled once"), seed 000 L205 on the escape: „(az
    országbíró újradobhatja!)" — the reroll is the Judge Royal's, not Red's; no battle or duel rule applies."""
    path = ("KK-OFFICE-2", "reroll_choices:_no_offer")
    cites(path, _judge_may_reroll_the_escape(), act("reroll", RED, dice=[6]), "KK-OFFICE-2")


def test_duel_umbrella_paths_name_kk_office_2_after_kk_lord_6() -> None:
    """The KK-OFFICE-2 umbrella after KK-LORD-6 is a path of its own in both functions (see test_kard_es_korona)."""
    game = play(with_judge(duel(), JR), recorder("fight_duel", dice=[6, 2]))
    path = ("KK-OFFICE-2", "lords:decide_fight_duel")
    cites(path, game, recorder("fight_duel", dice=[1, 1]), "KK-LORD-6", "KK-OFFICE-2")
    cites(("KK-OFFICE-2", "reroll_choices:_no_offer"), game, act("keep_roll", RED), "KK-LORD-6", "KK-OFFICE-2")


def test_answer_fealty_refused_kk_elim_3_when_the_answer_is_not_yes_or_no() -> None:
    """KK-ELIM-3, A-24: the victor accepts the oath or refuses it; "yes" is neither true nor false."""
    path = ("KK-ELIM-3", "defeat_choices:decide_answer_fealty")
    cites(path, _fealty_offered(), act("answer_fealty", RED, accept="yes"), "KK-ELIM-3")


def test_fealty_refused_kk_elim_3_when_the_victor_is_himself_a_vassal() -> None:
    """KK-ELIM-3, A-29 (Decision N4): a vassal takes no vassal; Yellow, Red's vassal, beat Blue's lord."""
    path = ("KK-ELIM-3", "defeat_choices:_oath_to_a_vassal")
    defeat = {"seat": BLUE, "by": YELLOW, "battle": "b1", "county": "fejer", "stage": "fealty", "cause": "battle"}
    lieges = {"lieges": {YELLOW: RED}, "lord_status": {BLUE: "defeated", YELLOW: "vassal"}}
    lords = {RED: "pannonia_k2", BLUE: None, YELLOW: None}
    game = position(set_up(PTD), GUARDS, defeat=defeat, lords=lords, **lieges)
    cites(path, game, act("swear_fealty", BLUE), "KK-ELIM-3")
    consent = position(set_up(PTD), GUARDS, defeat=defeat | {"stage": "consent"}, lords=lords, **lieges)
    cites(path, consent, act("answer_fealty", YELLOW, accept=True), "KK-ELIM-3")  # an oath offered before the rule


def test_defeat_steps_refused_by_their_own_rule_when_no_defeat_waits_or_another_seat_answers() -> None:
    """`_refusal` cites the rule of the step asked for: the escape (KK-ELIM-2) when nobody is defeated, the oath
    (KK-ELIM-3) when the defeated player, not the victor, answers it."""
    path: Path = ("rule_id", "defeat_choices:_refusal")
    cites(path, _battle(), act("forgo_escape", BLUE), "KK-ELIM-2")
    cites(path, _fealty_offered(), act("answer_fealty", BLUE, accept=True), "KK-ELIM-3")


def test_takeover_refused_kk_elim_5_for_a_county_the_fallen_player_did_not_hold() -> None:
    """KK-ELIM-5: the conqueror puts one unit in each county the fallen player held; Pest was Red's own."""
    path = ("KK-ELIM-5", "defeat_choices:decide_place_takeover")
    game = _takeover_with_a_battle_pending()
    cites(path, game, act("place_takeover", RED, placements={"pest": "cavalry"}), "KK-ELIM-5")
    cites(path, game, act("place_takeover", RED, placements=["tiszahat_d"]), "KK-ELIM-5")


def test_takeover_refused_kk_elim_6_when_the_county_of_a_pending_battle_is_left_empty() -> None:
    """KK-ELIM-6: where the fallen player had a battle pending, the conqueror's unit takes it over, so one unit
    must be placed there (Tiszahát D, b1301-2)."""
    path = ("KK-ELIM-6", "defeat_choices:decide_place_takeover")
    cites(path, _takeover_with_a_battle_pending(), act("place_takeover", RED, placements={}), "KK-ELIM-6")


def test_extra_step_refused_kk_lord_9_into_a_county_with_a_pending_battle() -> None:
    """KK-LORD-9: the winner's extra step may neither cross nor enter enemy units or a pending battle."""
    game = play(_takeover_with_a_battle_pending(), act("place_takeover", RED, placements={"tiszahat_d": "infantry"}))
    assert game.state.extra_step["seat"] == RED
    step = {"to": "tiszahat_d", "groups": [{"from": "fejer", "units": {"cavalry": 1}, "lord": True}]}
    cites(("KK-LORD-9", "lords:decide_take_extra_step"), game, act("take_extra_step", RED, **step), "KK-LORD-9")


def test_retreat_refused_kk_battle_3_in_the_basic_game() -> None:
    """KK-BATTLE-3: in the basic game a battle goes on until one side is destroyed; retreat is the advanced
    game's (KK-ADV-5)."""
    path: Path = ("KK-BATTLE-3", "retreat_choices:decide_retreat")
    cites(path, _battle(), act("retreat", RED, to="pest"), "KK-BATTLE-3")


def test_retreat_refused_kk_neutral_2_for_the_neutral_defenders_of_a_county() -> None:
    """KK-NEUTRAL-2: neutral forces defend to the last unit; Red's lord attacks royal Pest in the advanced game,
    and no seat can retreat the royal infantry."""
    units = {**GUARDS, "fejer": {RED: Force(cavalry=1, infantry=1)}, "pest": {"royal": Force(infantry=1)}}
    game = position(set_up(PTD, "advanced"), units, lords={RED: "fejer", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"})
    attack = {"to": "pest", "groups": [{"from": "fejer", "units": {"cavalry": 1, "infantry": 1}, "lord": True}]}
    game = play(game, act("draw_event", RED, card="veres_kard"), act("move", RED, **attack))
    game = play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))
    assert game.state.current_battle == "b1301-1"
    path: Path = ("KK-NEUTRAL-2", "retreat_choices:decide_retreat")
    cites(path, game, act("retreat", BLUE, to="fejer"), "KK-NEUTRAL-2")
