"""Transcript mode (DESIGN §2, issue 3): what a physical table did against the rules is recorded with deviations.

Each rule is shown twice: the adjudicated game refuses the action citing the rule id, the transcript game records
the same action with that rule id as its deviation, and the recorded facts fold into the state the rules give for
them. Facts that cannot be folded (units that do not exist, unknown battles, more casualties than hits, a piece
the pool does not have) stay refused in a transcript too.

Hit numbers used below (KK-BATTLE-5, KK-SIEGE-3): infantry hits infantry on 5-6 and mounted cavalry only on 6;
mounted cavalry hits foot units on 4-6; in a siege assault the attackers hit on 5-6. Table dice are entered in
rolling order: attacker before defender; cavalry, infantry, archers.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import Authority, Decision, Game, advance, fold
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.battle_order import chooser_summary
from domain.rulesets.kard_es_korona.cards import siege_roll_due
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.hits import lord_present, other, rolling_arms, side_force
from tests.domain.kard_es_korona.builders import (
    BASIC_START,
    THREE,
    act,
    new_game,
    placements,
    play,
    position,
    rule_ids,
    set_up,
    then,
    types,
    when,
)

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD
GUARDS = {f"{s}_k2": {s: Force(infantry=1)} for s in PTD}
LORDS_AWAY = {s: f"{s}_k2" for s in PTD}
MODES = ("adjudicated", "transcript")
ARMS_ORDER = ("cavalry", "infantry", "archer")


def moving(
    units: dict[str, dict[str, Force]],
    mode: str,
    variant: str = "basic",
    card: str = "veres_kard",
    lords: dict[str, str] | None = None,
) -> Game:
    """1301's movement phase, Red to move, with exactly these units (plus each lord's guard in his K2)."""
    game = set_up(PTD, variant, mode=mode)
    game = position(game, {**GUARDS, **units}, lords={**LORDS_AWAY, **(lords or {})})
    game = play(game, act("draw_event", RED, card=card))
    assert game.state.phase == "movement" and game.state.turn == RED
    return game


def step(seat: str, to: str, origin: str, units: dict[str, int], lord: bool = False) -> Any:
    return act("move", seat, to=to, groups=[{"from": origin, "units": units, "lord": lord}])


def everyone_passes(game: Game) -> Game:
    return play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))


def fight(*dice: int, seat: str | None = None) -> Any:
    if seat is None:
        return act("fight_exchange", None, Authority.RECORDER, dice=list(dice))
    return act("fight_exchange", seat, dice=list(dice))


def recorded(game: Game, decision: Decision) -> Game:
    """The transcript game after a decision recorded with its deviations (the platform keeps them as metadata)."""
    assert decision.events, decision.violations
    return then(game, Decision(decision.events))


def refused_in_both(build: Any, action: Any, rule_id: str) -> None:
    for mode in MODES:
        decision = when(build(mode), action)
        assert rule_ids(decision) == [rule_id] and not decision.events, (mode, decision)


# --- KK-BATTLE-12: the battle order ---


def three_battles(mode: str) -> Game:
    """Red attacks Fejér and Pannónia D (open) and Tiszahát's castle K1 (a siege); Red chooses the next battle."""
    units = {
        "pest": {RED: Force(infantry=4)},
        "fejer": {BLUE: Force(infantry=1)},
        "tiszahat_k1": {BLUE: Force(infantry=1)},
        "pannonia_a": {RED: Force(infantry=2)},
        "pannonia_d": {BLUE: Force(infantry=1)},
    }
    game = moving(units, mode)
    game = play(game, step(RED, "fejer", "pest", {"infantry": 2}), act("pass", BLUE), act("pass", YELLOW))
    game = play(game, step(RED, "tiszahat_k1", "pest", {"infantry": 2}))
    game = play(game, step(RED, "pannonia_d", "pannonia_a", {"infantry": 2}), act("pass", RED))
    assert game.state.current_battle is None
    assert chooser_summary(game.state) == {"choose_battle": RED, "among": ["b1301-1", "b1301-3"]}
    return game


def test_kk_battle_12_a_siege_chosen_before_the_open_battles_is_a_deviation_in_a_transcript() -> None:
    siege_first = act("select_battle", RED, battle="b1301-2")
    assert rule_ids(when(three_battles("adjudicated"), siege_first)) == ["KK-BATTLE-12"]
    game = three_battles("transcript")
    decision = when(game, siege_first)
    assert rule_ids(decision) == ["KK-BATTLE-12"]
    assert types(decision) == ["BattleSelected", "BattleStarted"]
    game = recorded(game, decision)
    battle = game.state.battle("b1301-2")
    assert game.state.current_battle == "b1301-2"
    assert battle is not None and battle.kind == "siege" and battle.exchange == "siege_assault"
    # Red's infantry 6 kills the castle's only defender; the other die and Blue's miss: the castle is Red's.
    game = play(game, fight(6, 1, 1))
    assert game.state.control["tiszahat_k1"] == RED
    assert game.state.force("tiszahat_k1", RED) == Force(infantry=2)
    # The order goes on from the player after the siege's attacker: Red again chooses among his open battles.
    assert chooser_summary(game.state) == {"choose_battle": RED, "among": ["b1301-1", "b1301-3"]}


def test_kk_battle_12_a_battle_chosen_by_another_player_is_a_deviation_in_a_transcript() -> None:
    by_blue = act("select_battle", BLUE, battle="b1301-3")
    assert rule_ids(when(three_battles("adjudicated"), by_blue)) == ["KK-BATTLE-12"]
    game = three_battles("transcript")
    decision = when(game, by_blue)
    assert rule_ids(decision) == ["KK-BATTLE-12"]
    assert decision.events[0].data == {"seat": BLUE, "battle": "b1301-3"}
    assert recorded(game, decision).state.current_battle == "b1301-3"


def test_kk_battle_12_an_unknown_or_fought_battle_stays_refused_in_a_transcript() -> None:
    refused_in_both(three_battles, act("select_battle", RED, battle="b1301-9"), "KK-BATTLE-12")
    game = three_battles("transcript")
    game = play(recorded(game, when(game, act("select_battle", RED, battle="b1301-2"))), fight(6, 1, 1))
    decision = when(game, act("select_battle", RED, battle="b1301-2"))  # already fought and ended
    assert rule_ids(decision) == ["KK-BATTLE-12"] and not decision.events


# --- KK-LORD-2: the lord's arm; and an exchange rolled before it is named ---


def e7(mode: str) -> Game:
    """E7: Red's lord with 2 infantry + 2 cavalry attacks plain Fejér (Blue's 3 cavalry + 1 archer): a volley first."""
    units = {"pest": {RED: Force(infantry=2, cavalry=2)}, "fejer": {BLUE: Force(cavalry=3, archer=1)}}
    game = moving(units, mode, lords={RED: "pest"})
    game = everyone_passes(play(game, step(RED, "fejer", "pest", {"infantry": 2, "cavalry": 2}, lord=True)))
    battle = game.state.battle(game.state.current_battle)
    assert battle is not None and battle.lord_battle and battle.exchange == "volley"
    return game


def test_kk_lord_2_a_lord_leading_an_arm_he_has_none_of_is_a_deviation_in_a_transcript() -> None:
    archers = act("lead_arm", RED, arm="archer")
    assert rule_ids(when(e7("adjudicated"), archers)) == ["KK-LORD-2"]
    game = e7("transcript")
    decision = when(game, archers)
    assert rule_ids(decision) == ["KK-LORD-2"] and types(decision) == ["LordArmChosen"]
    game = recorded(game, decision)
    assert game.state.battle("b1301-1").led_arms == {"attacker": "archer"}
    # Blue's archer 5 kills one of Red's infantry; Red has no archers, so KK-LORD-3 ends the bonus at once.
    volley = when(game, fight(5))
    assert "LordBonusLost" in types(volley)
    game = then(game, volley)
    assert game.state.battle("b1301-1").bonus_lost == ("attacker",)
    assert game.state.force("fejer", RED) == Force(infantry=1, cavalry=2)


def test_kk_lord_2_an_exchange_rolled_before_the_lord_names_his_arm_is_a_deviation_in_a_transcript() -> None:
    assert rule_ids(when(e7("adjudicated"), fight(5))) == ["KK-LORD-2"]
    game = e7("transcript")
    decision = when(game, fight(5))
    assert rule_ids(decision) == ["KK-LORD-2"]
    game = recorded(game, decision)  # the lord who named no arm leads none
    battle = game.state.battle("b1301-1")
    assert battle is not None and battle.led_arms == {} and battle.exchange == "melee"
    assert game.state.force("fejer", RED) == Force(infantry=1, cavalry=2)


def test_kk_lord_2_an_arm_named_after_the_first_die_is_a_deviation_and_counts_from_then_on() -> None:
    adjudicated = play(e7("adjudicated"), act("lead_arm", RED, arm="cavalry"), fight(5))
    assert rule_ids(when(adjudicated, act("lead_arm", RED, arm="infantry"))) == ["KK-LORD-2"]
    game = recorded(e7("transcript"), when(e7("transcript"), fight(5)))
    late = when(game, act("lead_arm", RED, arm="infantry"))
    assert rule_ids(late) == ["KK-LORD-2"]
    game = recorded(game, late)
    # Melee as in E7: Red's cavalry 6 2 and infantry 4, now +1 = 5, kill a cavalry and the archer; Blue's cavalry
    # 4 5 1 kill Red's last infantry, and the lord's bonus ends with them (KK-LORD-3).
    melee = when(game, fight(6, 2, 4, 4, 5, 1))
    rolled = next(e for e in melee.events if e.type == "ExchangeRolled")
    assert {p["side"]: p["max_kills"] for p in rolled.data["pending"]} == {"attacker": 2, "defender": 1}
    assert "LordBonusLost" in types(melee)
    game = then(game, melee)
    assert game.state.force("fejer", RED) == Force(cavalry=2)
    assert game.state.force("fejer", BLUE) == Force(cavalry=2)


def test_kk_lord_2_an_arm_that_is_no_arm_stays_refused_in_a_transcript() -> None:
    refused_in_both(e7, act("lead_arm", RED, arm="catapult"), "KK-LORD-2")
    refused_in_both(e7, act("lead_arm", YELLOW, arm="cavalry"), "KK-LORD-2")  # Yellow has no lord there


# --- KK-BATTLE-1 and KK-EVENT-7: exchanges rolled when the rules say otherwise ---


def e1(mode: str) -> Game:
    """E1: Red attacks plain Fejér with 3 cavalry; Blue holds it with 2 archers + 2 infantry."""
    game = moving({"pest": {RED: Force(cavalry=3)}, "fejer": {BLUE: Force(archer=2, infantry=2)}}, mode)
    return everyone_passes(play(game, step(RED, "fejer", "pest", {"cavalry": 3})))


def test_kk_battle_1_an_exchange_entered_by_a_player_outside_the_battle_is_a_deviation_in_a_transcript() -> None:
    by_yellow = fight(5, 4, 1, 6, 5, 6, 2, seat=YELLOW)
    assert rule_ids(when(e1("adjudicated"), by_yellow)) == ["KK-BATTLE-1"]
    decision = when(e1("transcript"), by_yellow)
    assert rule_ids(decision) == ["KK-BATTLE-1"]
    # The dice are still the armies' own: Red's cavalry, then Blue's infantry and archers.
    assert [e.data["seat"] for e in decision.events if e.type == "DiceRolled"] == [RED, BLUE, BLUE]


def rainy_siege(mode: str) -> Game:
    """Rainy Autumn (esős ősz) is the year's card; Red's 2 infantry besiege Blue's castle K1 (1 infantry)."""
    units = {"pest": {RED: Force(infantry=2)}, "tiszahat_k1": {BLUE: Force(infantry=1)}}
    game = moving(units, mode, card="esos_osz")
    game = everyone_passes(play(game, step(RED, "tiszahat_k1", "pest", {"infantry": 2})))
    assert siege_roll_due(game.state) is not None
    return game


def test_kk_event_7_a_siege_fought_without_the_rainy_autumn_roll_is_a_deviation_in_a_transcript() -> None:
    assert rule_ids(when(rainy_siege("adjudicated"), fight(1, 1, 1))) == ["KK-EVENT-7"]
    game = rainy_siege("transcript")
    decision = when(game, fight(1, 1, 1))
    assert rule_ids(decision) == ["KK-EVENT-7"]
    game = recorded(game, decision)
    # No roll was made, so nothing abandons the siege: it goes on to its second round.
    assert siege_roll_due(game.state) is None
    battle = game.state.battle("b1301-1")
    assert (
        battle is not None and battle.status == "fighting" and (battle.round, battle.exchange) == (2, "siege_assault")
    )


# --- KK-BATTLE-11: casualties ---


def infantry_against_cavalry(mode: str) -> Game:
    """Red's 2 infantry roll 6 and 5 against Blue's 2 (mounted) cavalry + 2 infantry in Fejér; Blue misses.

    The 6 can kill cavalry or infantry, the 5 only infantry: Red kills two, cavalry + infantry or 2 infantry.
    """
    game = moving({"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(cavalry=2, infantry=2)}}, mode)
    game = everyone_passes(play(game, step(RED, "fejer", "pest", {"infantry": 2})))
    game = play(game, fight(6, 5, 1, 1, 1, 1))
    battle = game.state.battle("b1301-1")
    assert battle is not None and [(p.side, p.chooser, p.max_kills) for p in battle.pending] == [("attacker", RED, 2)]
    return game


def test_kk_battle_11_casualties_a_die_cannot_kill_are_a_deviation_in_a_transcript() -> None:
    two_cavalry = act("assign_casualties", RED, casualties={"cavalry": 2})
    assert rule_ids(when(infantry_against_cavalry("adjudicated"), two_cavalry)) == ["KK-BATTLE-11"]
    game = infantry_against_cavalry("transcript")
    decision = when(game, two_cavalry)
    assert rule_ids(decision) == ["KK-BATTLE-11"]
    assert types(decision) == ["CasualtiesAssigned", "CasualtiesRemoved", "ExchangeResolved"]
    assert decision.events[1].data["wasted_hits"] == 0
    game = recorded(game, decision)
    assert game.state.force("fejer", BLUE) == Force(infantry=2)
    assert game.state.force("fejer", RED) == Force(infantry=2)
    battle = game.state.battle("b1301-1")
    assert battle is not None and (battle.round, battle.exchange, battle.pending) == (2, "full", ())


def test_kk_battle_11_fewer_casualties_than_the_dice_can_kill_are_a_deviation_in_a_transcript() -> None:
    one = act("assign_casualties", RED, casualties={"infantry": 1})
    assert rule_ids(when(infantry_against_cavalry("adjudicated"), one)) == ["KK-BATTLE-11"]
    game = infantry_against_cavalry("transcript")
    decision = when(game, one)
    assert rule_ids(decision) == ["KK-BATTLE-11"]
    assert decision.events[1].data["wasted_hits"] == 1
    assert recorded(game, decision).state.force("fejer", BLUE) == Force(cavalry=2, infantry=1)


def test_kk_battle_11_casualties_chosen_by_the_victim_are_a_deviation_in_a_transcript() -> None:
    by_blue = act("assign_casualties", BLUE, casualties={"infantry": 2})
    assert rule_ids(when(infantry_against_cavalry("adjudicated"), by_blue)) == ["KK-BATTLE-11"]
    game = infantry_against_cavalry("transcript")
    decision = when(game, by_blue)
    assert rule_ids(decision) == ["KK-BATTLE-11"]
    assert decision.events[0].data["seat"] == BLUE and decision.events[0].data["side"] == "attacker"
    assert recorded(game, decision).state.force("fejer", BLUE) == Force(cavalry=2)


def test_kk_battle_11_more_casualties_than_hits_or_absent_units_stay_refused_in_a_transcript() -> None:
    three = act("assign_casualties", RED, casualties={"cavalry": 2, "infantry": 1})
    refused_in_both(infantry_against_cavalry, three, "KK-BATTLE-11")
    absent = act("assign_casualties", RED, casualties={"archer": 1})
    refused_in_both(infantry_against_cavalry, absent, "KK-BATTLE-11")
    no_hits = act("assign_casualties", BLUE, side="defender", casualties={"infantry": 1})
    refused_in_both(infantry_against_cavalry, no_hits, "KK-BATTLE-11")  # Blue scored nothing to assign


# --- KK-SIEGE-9/10: the surplus after a capture ---


def capturing(mode: str) -> Game:
    """Red's 5 infantry, 2 archers and a cavalry take Tiszahát K1 from one royal infantry: 8 cannot all stay."""
    units = {"pest": {RED: Force(infantry=5, archer=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}}
    game = moving(units, mode)
    game = everyone_passes(play(game, step(RED, "tiszahat_k1", "pest", {"infantry": 5, "archer": 2, "cavalry": 1})))
    game = play(game, fight(6, 1, 1, 1, 1, 1, 1, 1, 1))  # the cavalry's 6 kills the royal infantry
    assert game.state.battle("b1301-1").status == "capturing"
    return game


KEEP_SEVEN = {"infantry": 4, "archer": 2, "cavalry": 1}


def test_kk_siege_10_a_surplus_sent_to_a_neighbour_that_is_not_its_entry_county_is_a_deviation() -> None:
    to_a = act("withdraw", RED, keep=KEEP_SEVEN, moves=[{"to": "tiszahat_a", "units": {"infantry": 1}}])
    assert rule_ids(when(capturing("adjudicated"), to_a)) == ["KK-SIEGE-10"]  # Pest, its entry county, is Red's
    game = capturing("transcript")
    decision = when(game, to_a)
    assert rule_ids(decision) == ["KK-SIEGE-10"]
    game = recorded(game, decision)
    assert game.state.force("tiszahat_a", RED) == Force(infantry=1)
    assert game.state.control["tiszahat_a"] == RED
    assert game.state.force("tiszahat_k1", RED) == Force(infantry=4, archer=2, cavalry=1)
    assert game.state.control["tiszahat_k1"] == RED


def test_kk_castle_3_a_captured_castle_kept_over_its_limit_is_a_deviation_in_a_transcript() -> None:
    over = act("withdraw", RED, keep={"infantry": 5, "archer": 2}, moves=[{"to": "pest", "units": {"cavalry": 1}}])
    assert rule_ids(when(capturing("adjudicated"), over)) == ["KK-CASTLE-3"]
    game = capturing("transcript")
    decision = when(game, over)
    assert rule_ids(decision) == ["KK-CASTLE-3"]
    game = recorded(game, decision)
    assert game.state.force("tiszahat_k1", RED) == Force(infantry=5, archer=2)
    assert game.state.force("pest", RED) == Force(cavalry=1)


def test_kk_siege_9_a_withdrawal_entered_by_another_player_is_a_deviation_in_a_transcript() -> None:
    by_blue = act("withdraw", BLUE, keep=KEEP_SEVEN, moves=[{"to": "pest", "units": {"infantry": 1}}])
    assert rule_ids(when(capturing("adjudicated"), by_blue)) == ["KK-SIEGE-9"]
    decision = when(capturing("transcript"), by_blue)
    assert rule_ids(decision) == ["KK-SIEGE-9"]
    assert decision.events[0].data["seat"] == RED  # the units withdrawn are still Red's
    assert recorded(capturing("transcript"), decision).state.force("pest", RED) == Force(infantry=1)


def test_kk_siege_10_a_withdrawal_into_enemy_units_or_far_away_stays_refused_in_a_transcript() -> None:
    into_blue = act("withdraw", RED, keep=KEEP_SEVEN, moves=[{"to": "tiszahat_k2", "units": {"infantry": 1}}])
    refused_in_both(capturing, into_blue, "KK-SIEGE-10")  # Blue's lord and guard hold it: that would be a battle
    far = act("withdraw", RED, keep=KEEP_SEVEN, moves=[{"to": "fejer", "units": {"infantry": 1}}])
    refused_in_both(capturing, far, "KK-SIEGE-10")  # not adjacent
    short = act(
        "withdraw",
        RED,
        keep={"infantry": 3, "archer": 2, "cavalry": 1},
        moves=[{"to": "pest", "units": {"infantry": 1}}],
    )
    refused_in_both(capturing, short, "KK-SIEGE-9")  # one infantry is neither kept nor withdrawn


# --- KK-ADV-4: reverse pinning ---


def release_due(mode: str) -> Game:
    """Red's 1 infantry attacks Blue's 2 infantry + 2 archers in Fejér: it pins 2, so Blue releases 2."""
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=2, archer=2)}}, mode, "advanced")
    game = play(game, step(RED, "fejer", "pest", {"infantry": 1}))
    assert game.state.release_due == "b1301-1"
    return game


def test_kk_adv_4_releasing_fewer_than_d_minus_2a_is_a_deviation_in_a_transcript() -> None:
    one = act("release_defenders", BLUE, units={"archer": 1})
    assert rule_ids(when(release_due("adjudicated"), one)) == ["KK-ADV-4"]
    game = release_due("transcript")
    decision = when(game, one)
    assert rule_ids(decision) == ["KK-ADV-4"]
    game = recorded(game, decision)
    assert game.state.release_due is None
    assert game.state.bound == {"b1301-1": Force(infantry=2, archer=1)}
    game = play(game, step(BLUE, "kunsag", "fejer", {"archer": 1}))  # the released archer may leave
    assert game.state.force("kunsag", BLUE) == Force(archer=1)


def test_kk_adv_4_a_release_named_by_the_attacker_is_a_deviation_in_a_transcript() -> None:
    by_red = act("release_defenders", RED, units={"archer": 2})
    assert rule_ids(when(release_due("adjudicated"), by_red)) == ["KK-ADV-4"]
    decision = when(release_due("transcript"), by_red)
    assert rule_ids(decision) == ["KK-ADV-4"]
    assert decision.events[0].data["seat"] == BLUE
    assert recorded(release_due("transcript"), decision).state.bound == {"b1301-1": Force(infantry=2)}


def test_kk_adv_4_releasing_units_that_are_not_there_stays_refused_in_a_transcript() -> None:
    refused_in_both(release_due, act("release_defenders", BLUE, units={"cavalry": 2}), "KK-ADV-4")


# --- KK-ADV-5/8/11: retreats ---


def retreat_battle(mode: str, units: dict[str, dict[str, Force]], to: str, origin: str, **attack: int) -> Game:
    game = moving(units, mode, "advanced")
    game = everyone_passes(play(game, step(RED, to, origin, attack)))
    assert game.state.current_battle == "b1301-1"
    return game


def fejer_battle(mode: str) -> Game:
    """Red's 2 of 3 infantry from Pest against Blue's 2 infantry in Fejér, before any die."""
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}}
    return retreat_battle(mode, units, "fejer", "pest", infantry=2)


def test_kk_adv_5_staying_in_the_middle_of_a_round_is_a_deviation_in_a_transcript() -> None:
    stay = act("stay", RED)
    assert rule_ids(when(fejer_battle("adjudicated"), stay)) == ["KK-ADV-5"]
    game = fejer_battle("transcript")
    decision = when(game, stay)
    assert rule_ids(decision) == ["KK-ADV-5"] and types(decision) == ["RetreatDeclined"]
    assert recorded(game, decision).state.stayed == "b1301-1:1"


def after_a_full_round(mode: str) -> Game:
    return play(fejer_battle(mode), fight(1, 1, 1, 1))


def test_kk_adv_8_an_attacker_retreating_where_no_attacker_came_from_is_a_deviation_in_a_transcript() -> None:
    to_kunsag = act("retreat", RED, to="kunsag", dice=[1, 1])
    assert rule_ids(when(after_a_full_round("adjudicated"), to_kunsag)) == ["KK-ADV-8"]
    game = after_a_full_round("transcript")
    decision = when(game, to_kunsag)
    assert rule_ids(decision) == ["KK-ADV-8"]
    ended = next(e for e in decision.events if e.type == "BattleEnded")
    assert ended.data["result"] == "attacker_retreated"
    game = recorded(game, decision)
    # Blue's pursuit (1, 1) misses; the plain land edge costs nothing (KK-ADV-11): both infantry reach Kunság.
    assert game.state.force("kunsag", RED) == Force(infantry=2)
    assert game.state.control["kunsag"] == RED
    assert game.state.force("fejer", BLUE) == Force(infantry=2) and game.state.control["fejer"] == BLUE


def test_kk_adv_8_a_retreat_that_is_not_a_step_stays_refused_in_a_transcript() -> None:
    far = act("retreat", RED, to="pannonia_a", dice=[1, 1])
    refused_in_both(after_a_full_round, far, "KK-ADV-8")


def full_castle_behind(mode: str) -> Game:
    """Red's 2 infantry from Kunság against Blue's 2 in Fejér; Blue's castle Pest behind them is full (7 units)."""
    units = {
        "kunsag": {RED: Force(infantry=2)},
        "fejer": {BLUE: Force(infantry=2)},
        "pest": {BLUE: Force(infantry=4, archer=2, cavalry=1)},
    }
    game = retreat_battle(mode, units, "fejer", "kunsag", infantry=2)
    return play(game, fight(1, 1, 1, 1), act("stay", RED))


def test_kk_adv_10_a_retreat_into_a_full_castle_is_a_deviation_with_the_castle_limits_in_a_transcript() -> None:
    into_pest = act("retreat", BLUE, to="pest", dice=[1, 1])
    # Pest cannot take 2 more, Kunság is where the attackers came from: no legal destination at all.
    assert rule_ids(when(full_castle_behind("adjudicated"), into_pest)) == ["KK-ADV-10"]
    game = full_castle_behind("transcript")
    decision = when(game, into_pest)
    # 9 units exceed the castle's 7 (KK-CASTLE-2); 6 infantry exceed half of 9 rounded up (KK-CASTLE-4, advanced).
    assert rule_ids(decision) == ["KK-ADV-10", "KK-CASTLE-2", "KK-CASTLE-4"]
    game = recorded(game, decision)
    assert game.state.force("pest", BLUE) == Force(infantry=6, archer=2, cavalry=1)
    assert game.state.control["fejer"] == RED and game.state.force("fejer", RED) == Force(infantry=2)


def obstacle_losses_due(mode: str) -> Game:
    """Blue's 3 infantry + 2 cavalry retreat from Pannónia D into swamp B; Red's pursuit kills two of them."""
    units = {"pannonia_a": {RED: Force(infantry=3)}, "pannonia_d": {BLUE: Force(infantry=3, cavalry=2)}}
    game = retreat_battle(mode, units, "pannonia_d", "pannonia_a", infantry=3)
    game = play(game, fight(1, 1, 1, 1, 1, 1, 1, 1), act("stay", RED))
    game = play(game, act("retreat", BLUE, to="pannonia_b", dice=[6, 5, 1]))
    game = play(game, act("assign_casualties", RED, casualties={"cavalry": 1, "infantry": 1}))
    assert game.state.retreat is not None and game.state.retreat.losses_due == 1  # 3 left, half rounded down
    return game


def test_kk_adv_11_losing_more_than_half_to_the_obstacle_is_a_deviation_in_a_transcript() -> None:
    two = act("choose_retreat_losses", BLUE, units={"cavalry": 1, "infantry": 1})
    assert rule_ids(when(obstacle_losses_due("adjudicated"), two)) == ["KK-ADV-11"]
    game = obstacle_losses_due("transcript")
    decision = when(game, two)
    assert rule_ids(decision) == ["KK-ADV-11"]
    game = recorded(game, decision)
    assert game.state.force("pannonia_b", BLUE) == Force(infantry=1)
    assert game.state.force("pannonia_d", BLUE) == Force()
    assert game.state.control["pannonia_d"] == RED


def test_kk_adv_11_obstacle_losses_named_by_the_pursuer_are_a_deviation_in_a_transcript() -> None:
    by_red = act("choose_retreat_losses", RED, units={"cavalry": 1})
    assert rule_ids(when(obstacle_losses_due("adjudicated"), by_red)) == ["KK-ADV-11"]
    decision = when(obstacle_losses_due("transcript"), by_red)
    assert rule_ids(decision) == ["KK-ADV-11"]
    assert decision.events[0].data["seat"] == BLUE
    game = recorded(obstacle_losses_due("transcript"), decision)
    assert game.state.force("pannonia_b", BLUE) == Force(infantry=2)


def test_kk_adv_11_losing_the_whole_army_stays_refused_in_a_transcript() -> None:
    everything = act("choose_retreat_losses", BLUE, units={"cavalry": 1, "infantry": 2})
    refused_in_both(obstacle_losses_due, everything, "KK-ADV-11")


# --- KK-SETUP-10/12: setup ---


def neutral_placement(mode: str) -> Game:
    """Felvidék, Erdély and Szlavónia placed their forces; Felvidék places the first neutral piece."""
    game = play(new_game(mode=mode), act("choose_first_player", None, Authority.RECORDER, player="felvidek"))
    for seat in THREE:
        game = play(game, act("place_forces", seat, lord=f"{seat}_k1", placements=placements(seat, BASIC_START)))
    assert game.state.phase == "neutral_placement" and game.state.turn == "felvidek"
    return game


def test_kk_setup_10_a_neutral_piece_in_a_mountain_is_a_deviation_in_a_transcript() -> None:
    mountain = act("place_neutral_piece", "felvidek", county="pannonia_m", arm="cavalry")
    assert rule_ids(when(neutral_placement("adjudicated"), mountain)) == ["KK-SETUP-10"]
    game = neutral_placement("transcript")
    decision = when(game, mountain)
    assert rule_ids(decision) == ["KK-SETUP-10"]
    game = recorded(game, decision)
    assert game.state.force("pannonia_m", "neutral:pannonia") == Force(cavalry=1)
    assert game.state.control["pannonia_m"] == "neutral:pannonia"
    assert game.state.neutral_pool["pannonia"] == Force(infantry=1, archer=1)
    assert game.state.turn == "erdely"


def test_kk_setup_10_a_neutral_piece_placed_out_of_turn_is_a_deviation_in_a_transcript() -> None:
    erdely = act("place_neutral_piece", "erdely", county="pannonia_a", arm="archer")
    assert rule_ids(when(neutral_placement("adjudicated"), erdely)) == ["KK-SETUP-10"]
    game = neutral_placement("transcript")
    decision = when(game, erdely)
    assert rule_ids(decision) == ["KK-SETUP-10"]
    assert recorded(game, decision).state.turn == "szlavonia"  # the turn passes on from the one who placed


def test_kk_setup_10_a_neutral_piece_in_a_castle_keeps_its_royal_garrison_out_in_a_transcript() -> None:
    castle = act("place_neutral_piece", "felvidek", county="pannonia_k1", arm="infantry")
    assert rule_ids(when(neutral_placement("adjudicated"), castle)) == ["KK-SETUP-10"]
    game = neutral_placement("transcript")
    game = recorded(game, when(game, castle))
    # The other eight pieces go where the rules put them; then KK-SETUP-9 garrisons only the empty castles.
    pieces = [("pannonia", "pannonia_a", "cavalry"), ("pannonia", "pannonia_c", "archer")]
    pieces += [(p, f"{p}_{c}", arm) for p in ("tiszahat", "delvidek") for c, arm in zip("acd", ARMS_ORDER, strict=True)]
    for _, county, arm in pieces:
        game = play(game, act("place_neutral_piece", game.state.turn, county=county, arm=arm))
    assert game.state.year == 1301
    assert game.state.force("pannonia_k1", "neutral:pannonia") == Force(infantry=1)
    assert game.state.force("pannonia_k2", "neutral:pannonia") == Force(1, 1, 1)


def test_kk_setup_10_pieces_the_pool_lacks_or_outside_unplayed_provinces_stay_refused_in_a_transcript() -> None:
    refused_in_both(
        neutral_placement, act("place_neutral_piece", "felvidek", county="felvidek_a", arm="cavalry"), "KK-SETUP-10"
    )
    game = recorded(
        neutral_placement("transcript"),
        when(
            neutral_placement("transcript"), act("place_neutral_piece", "felvidek", county="pannonia_a", arm="cavalry")
        ),
    )
    second = when(game, act("place_neutral_piece", "erdely", county="pannonia_c", arm="cavalry"))
    assert rule_ids(second) == ["KK-SETUP-10"] and not second.events  # Pannónia's only cavalry is placed


SIX = ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")


def test_kk_setup_12_substituting_one_royal_garrison_is_a_deviation_in_a_transcript() -> None:
    one = act("substitute_royal_cavalry", None, Authority.RECORDER, castles=["pest"])
    assert rule_ids(when(set_up(SIX, "advanced"), one)) == ["KK-SETUP-12"]
    game = set_up(SIX, "advanced", mode="transcript")
    decision = when(game, one)
    assert rule_ids(decision) == ["KK-SETUP-12"]
    game = recorded(game, decision)
    assert game.state.force("pest", "royal") == Force(infantry=2, archer=1)
    assert game.state.force("felvidek_k2", "royal") == Force(1, 1, 1)
    assert game.state.year == 1301


def test_kk_setup_12_substituting_an_occupied_castle_stays_refused_in_a_transcript() -> None:
    occupied = act("substitute_royal_cavalry", None, Authority.RECORDER, castles=["pest", "felvidek_k1"])
    for mode in MODES:
        decision = when(set_up(SIX, "advanced", mode=mode), occupied)  # Felvidék's start holds its K1
        assert rule_ids(decision) == ["KK-SETUP-12"] and not decision.events


# --- the fold keeps its invariants through random transcript play ---


def units_total(game: Game) -> int:
    return sum(f.total for by in game.state.units.values() for f in by.values())


def removed(event: Any) -> int:
    match event.type:
        case "CasualtiesRemoved" | "ObstacleLossesChosen":
            return sum(event.data["removed"].values())
        case "WithdrawingUnitsDestroyed":
            return sum(event.data["units"].values())
        case _:
            return 0


def random_table_action(data: st.DataObject, game: Game) -> Any:
    """What a careless table might do in the battle phase: any battle by anyone, any arm, any casualties."""
    state = game.state
    battle = state.battle(state.current_battle)
    if state.phase != "battle":
        return None
    if battle is None:
        waiting = [b.id for b in state.battles if b.status == "pending"]
        seat = data.draw(st.sampled_from(PTD))
        return act("select_battle", seat, battle=data.draw(st.sampled_from(waiting))) if waiting else None
    if battle.status != "fighting":
        return None
    for p in battle.pending:
        if p.chosen is None:
            enemy = side_force(state, battle, other(p.side))
            counts = {arm: data.draw(st.integers(0, enemy.of(arm))) for arm in ARMS_ORDER}
            seat = data.draw(st.sampled_from((p.chooser, *PTD)))
            return act("assign_casualties", seat, side=p.side, casualties={k: v for k, v in counts.items() if v})
    if data.draw(st.integers(0, 4)) == 0:
        side = data.draw(st.sampled_from(("attacker", "defender")))
        if lord_present(state, battle, side):
            arm = data.draw(st.sampled_from((None, *ARMS_ORDER)))
            return act("lead_arm", battle.owner_of(side), arm=arm)
    count = sum(
        side_force(state, battle, side).of(arm)
        for side in ("attacker", "defender")
        for arm in rolling_arms(state, battle, side)
    )
    faces = data.draw(st.lists(st.integers(1, 6), min_size=count, max_size=count))
    return fight(*faces, seat=data.draw(st.sampled_from((None, *PTD))))


@pytest.mark.parametrize("position_of", [three_battles, e7, infantry_against_cavalry])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_transcript_folds_keep_units_and_replay_identically(position_of: Any, data: st.DataObject) -> None:
    game = start_game = position_of("transcript")
    events = []
    for _ in range(data.draw(st.integers(1, 25))):
        action = random_table_action(data, game)
        if action is None:
            break
        decision = when(game, action)
        if not decision.events:
            continue  # refused even in a transcript: nothing is recorded
        for event in decision.events:
            expected = units_total(game) - removed(event)
            game = advance(KARD_ES_KORONA, game, event)
            assert units_total(game) == expected, event  # every recorded removal was applied
            assert all(f.of(arm) >= 0 for by in game.state.units.values() for f in by.values() for arm in ARMS_ORDER)
            events.append(event)
        assert KARD_ES_KORONA.load_state(KARD_ES_KORONA.dump_state(game.state)) == game.state
    assert fold(KARD_ES_KORONA, events, None, start_from=start_game).state == game.state
