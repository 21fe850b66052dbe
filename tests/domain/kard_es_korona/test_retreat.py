"""Advanced retreat (KK-ADV-5..11, A-46, A-47): when it may be declared, the pursuit, destinations, obstacle losses.

Hit numbers used below (KK-BATTLE-5, KK-SIEGE-3): infantry hits infantry on 5-6 and mounted cavalry only on 6;
in a siege the defending archers hit on 4-6 and the attackers on 5-6. Table dice are entered in rolling order:
attacker before defender; cavalry, infantry, archers.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Game
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, then, types, when

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD
GUARDS = {f"{s}_k2": {s: Force(infantry=1)} for s in PTD}
LORDS_AWAY = {s: f"{s}_k2" for s in PTD}


def battle(
    units: dict[str, dict[str, Force]],
    to: str,
    origin: str,
    attack: dict[str, int],
    lords: dict[str, str] | None = None,
    lord: bool = False,
    **options: Any,
) -> Game:
    """Red attacks `to` from `origin` in 1301, everyone passes, and the battle begins."""
    variant = options.pop("variant", "advanced")
    game = set_up(PTD, variant, **options)
    game = position(game, {**GUARDS, **units}, lords={**LORDS_AWAY, **(lords or {})})
    game = play(game, act("draw_event", RED, card="veres_kard"))
    group = {"from": origin, "units": attack, "lord": lord}
    game = play(game, act("move", RED, to=to, groups=[group]), act("pass", BLUE), act("pass", YELLOW))
    game = play(game, act("pass", RED))
    assert game.state.current_battle == "b1301-1"
    return game


def fight(game: Game, *dice: int) -> Game:
    return play(game, act("fight_exchange", None, Authority.RECORDER, dice=list(dice)))


def retreat(seat: str, to: str, *dice: int) -> Any:
    return act("retreat", seat, to=to, dice=list(dice))


def red_stays(game: Game) -> Game:
    """A-46: the attacker declares first; once Red stays, the defender may retreat."""
    return play(game, act("stay", RED))


def fejer_battle(**options: Any) -> Game:
    """Red's 2 infantry from pest against Blue's 2 infantry in fejer; round 1 misses, so round 2 is next."""
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}}
    game = battle(units, "fejer", "pest", {"infantry": 2}, **options)
    return fight(game, 1, 1, 1, 1)


def ended(decision: Any) -> str:
    [event] = [e for e in decision.events if e.type == "BattleEnded"]
    return str(event.data["result"])


# --- KK-ADV-5: when ---


def test_refused_kk_adv_5_when_no_full_round_has_been_fought() -> None:
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}}
    game = battle(units, "fejer", "pest", {"infantry": 2})
    assert rule_ids(when(game, retreat(RED, "pest", 1, 1))) == ["KK-ADV-5"]


def test_refused_kk_battle_3_when_a_basic_battle_would_retreat() -> None:
    game = fejer_battle(variant="basic")
    assert rule_ids(when(game, retreat(RED, "pest", 1, 1))) == ["KK-BATTLE-3"]


def test_refused_kk_neutral_2_when_neutral_defenders_would_retreat() -> None:
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {"royal": Force(infantry=2)}}
    game = fight(battle(units, "fejer", "pest", {"infantry": 2}), 1, 1, 1, 1)
    assert rule_ids(when(game, retreat(YELLOW, "kunsag", 1, 1))) == ["KK-NEUTRAL-2"]  # Yellow rolls for them


# --- KK-ADV-6 / KK-ADV-8: the attacker retreats and is pursued ---


def test_kk_adv_6_kk_adv_8_attacker_retreats_to_where_he_came_from_after_the_pursuit() -> None:
    game = fejer_battle()
    decision = when(game, retreat(RED, "pest", 5, 2))  # Blue's two infantry pursue: the 5 kills one
    assert types(decision)[:3] == ["RetreatDeclared", "DiceRolled", "PursuitRolled"]
    assert ended(decision) == "attacker_retreated"
    after = then(game, decision)
    assert after.state.force("pest", RED) == Force(infantry=2)  # the 1 left behind and 1 survivor
    assert after.state.force("fejer", BLUE) == Force(infantry=2)
    assert after.state.control["fejer"] == BLUE


def test_refused_kk_adv_8_when_the_attacker_retreats_where_no_attacker_came_from() -> None:
    assert rule_ids(when(fejer_battle(), retreat(RED, "kunsag", 1, 1))) == ["KK-ADV-8"]


def test_refused_core_dice_1_when_a_pursuit_die_is_missing_kk_adv_6() -> None:
    assert rule_ids(when(fejer_battle(), retreat(RED, "pest", 5))) == ["CORE-DICE-1"]


def test_kk_adv_10_attacker_falls_back_to_an_empty_county_when_his_entry_county_is_lost() -> None:
    units = {"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=2)}}
    game = fight(battle(units, "fejer", "pest", {"infantry": 2}), 1, 1, 1, 1)
    game = position(game, game.state.units, control={**game.state.control, "pest": YELLOW})
    after = then(game, when(game, retreat(RED, "kunsag", 1, 1)))
    assert after.state.force("kunsag", RED) == Force(infantry=2)
    assert after.state.control["kunsag"] == RED


def test_kk_castle_2_full_castle_is_no_destination_so_the_retreat_falls_back_kk_adv_10() -> None:
    units = {"pest": {RED: Force(infantry=5, archer=3)}, "fejer": {BLUE: Force(infantry=2)}}
    game = fight(battle(units, "fejer", "pest", {"infantry": 2}), 1, 1, 1, 1)
    # pest keeps 3 infantry and 3 archers: 2 more infantry would make 8 units in a castle of 7.
    assert rule_ids(when(game, retreat(RED, "pest", 1, 1))) == ["KK-ADV-8"]
    assert then(game, when(game, retreat(RED, "kunsag", 1, 1))).state.force("kunsag", RED) == Force(infantry=2)


def test_kk_adv_6_lord_retreats_with_his_army() -> None:
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}}
    game = battle(units, "fejer", "pest", {"infantry": 2}, lords={RED: "pest"}, lord=True)
    game = play(game, act("lead_arm", RED, arm="infantry"))
    game = fight(game, 1, 1, 1, 1)
    after = then(game, when(game, retreat(RED, "pest", 1, 1)))
    assert after.state.lords[RED] == "pest"


def test_kk_lord_4_lord_defeated_when_the_pursuit_destroys_his_army_a_46() -> None:
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}}
    game = battle(units, "fejer", "pest", {"infantry": 2}, lords={RED: "pest"}, lord=True)
    game = fight(play(game, act("lead_arm", RED, arm=None)), 1, 1, 1, 1)
    decision = when(game, retreat(RED, "pest", 6, 5))
    assert "LordDefeated" in types(decision)
    assert ended(decision) == "defender_won"


# --- the attacker declares first ---


def test_refused_kk_adv_5_when_the_defender_retreats_before_the_attacker_stays_a_46() -> None:
    assert rule_ids(when(fejer_battle(), retreat(BLUE, "kunsag", 1, 1))) == ["KK-ADV-5"]


def test_refused_kk_adv_5_when_the_attacker_retreats_after_declaring_he_stays_a_46() -> None:
    game = red_stays(fejer_battle())
    assert rule_ids(when(game, retreat(RED, "pest", 1, 1))) == ["KK-ADV-5"]
    assert rule_ids(when(game, act("stay", RED))) == ["KK-ADV-5"]
    assert rule_ids(when(fejer_battle(), act("stay", BLUE))) == ["KK-ADV-5"]


def test_next_round_needs_a_new_stay_before_the_defender_retreats_a_46() -> None:
    game = fight(red_stays(fejer_battle()), 1, 1, 1, 1)  # both stayed: round 2 is fought, round 3 is next
    assert rule_ids(when(game, retreat(BLUE, "kunsag", 1, 1))) == ["KK-ADV-5"]
    assert not when(red_stays(game), retreat(BLUE, "kunsag", 1, 1)).violations


# --- KK-ADV-9 / KK-ADV-10: the defender retreats ---


def test_kk_adv_9_defender_retreats_to_an_empty_neighbour_and_the_attacker_takes_the_county() -> None:
    game = red_stays(fejer_battle())
    decision = when(game, retreat(BLUE, "kunsag", 1, 1))
    assert ended(decision) == "defender_retreated"
    after = then(game, decision)
    assert after.state.force("kunsag", BLUE) == Force(infantry=2)
    assert after.state.control["fejer"] == RED and after.state.control["kunsag"] == BLUE


def test_refused_kk_adv_9_when_the_defender_retreats_where_the_attackers_came_from() -> None:
    assert rule_ids(when(red_stays(fejer_battle()), retreat(BLUE, "pest", 1, 1))) == ["KK-ADV-9"]


def test_refused_kk_adv_10_when_no_legal_destination_exists() -> None:
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}, "kunsag": {YELLOW: Force(archer=1)}}
    game = fight(battle(units, "fejer", "pest", {"infantry": 2}), 1, 1, 1, 1)
    assert rule_ids(when(red_stays(game), retreat(BLUE, "kunsag", 1, 1))) == ["KK-ADV-10"]


def test_kk_battle_14_defender_destroyed_by_the_pursuit_loses_the_county_kk_adv_6() -> None:
    decision = when(red_stays(fejer_battle()), retreat(BLUE, "kunsag", 6, 5))
    assert ended(decision) == "attacker_won"


# --- KK-ADV-7 and A-47: sieges ---


def siege() -> Game:
    """Red's 3 infantry besiege Yellow's castle (1 archer, 2 infantry); round 1: archers miss, assault misses."""
    units = {"pest": {RED: Force(infantry=4)}, "delvidek_k1": {YELLOW: Force(archer=1, infantry=2)}}
    game = battle(units, "delvidek_k1", "pest", {"infantry": 3})
    game = fight(game, 1)  # the defending archer
    return fight(game, 1, 1, 1, 1, 1)  # Red's 3 infantry, then Yellow's 2 infantry


def test_kk_adv_7_only_the_defending_archers_pursue_a_siege_attacker_hitting_on_4() -> None:
    game = siege()
    assert rule_ids(when(game, retreat(RED, "pest", 4, 1, 1))) == ["CORE-DICE-1"]  # one archer, one die
    decision = when(game, retreat(RED, "pest", 4))
    assert ended(decision) == "attacker_retreated"
    assert then(game, decision).state.force("pest", RED) == Force(infantry=3)  # 1 left + 2 of 3


def test_refused_kk_adv_5_when_a_siege_round_is_half_fought() -> None:
    game = fight(siege(), 1)  # round 2's archers have shot; the assault is still due
    assert rule_ids(when(game, retreat(RED, "pest", 4))) == ["KK-ADV-5"]


def test_a_47_castle_defenders_retreat_pursued_by_every_attacker_on_5_or_6() -> None:
    game = siege()
    game = play(red_stays(game), retreat(YELLOW, "delvidek_k2", 5, 4, 6))  # two hits: Red chooses
    assert game.state.battle("b1301-1").pending[0].chooser == RED
    decision = when(game, act("assign_casualties", RED, casualties={"archer": 1, "infantry": 1}))
    assert "CastleCaptured" in types(decision)
    assert ended(decision) == "defender_retreated"
    after = then(game, decision)
    assert after.state.force("delvidek_k2", YELLOW) == Force(infantry=2)  # the guard and the survivor
    assert after.state.control["delvidek_k1"] == RED


# --- KK-ADV-11: obstacles ---


def test_kk_adv_11_retreat_into_a_swamp_loses_half_chosen_by_the_retreating_player() -> None:
    units = {"pannonia_a": {RED: Force(infantry=3)}, "pannonia_d": {BLUE: Force(infantry=3, cavalry=2)}}
    game = battle(units, "pannonia_d", "pannonia_a", {"infantry": 3})
    game = fight(game, 1, 1, 1, 1, 1, 1, 1, 1)
    # Red's pursuing infantry: the 6 can kill cavalry or infantry, the 5 only infantry.
    game = play(red_stays(game), retreat(BLUE, "pannonia_b", 6, 5, 1))
    game = play(game, act("assign_casualties", RED, casualties={"cavalry": 1, "infantry": 1}))
    assert game.state.retreat is not None and game.state.retreat.losses_due == 1  # 3 survivors, half rounded down
    assert rule_ids(when(game, act("choose_retreat_losses", RED, units={"cavalry": 1}))) == ["KK-ADV-11"]
    assert rule_ids(when(game, act("choose_retreat_losses", BLUE, units={"infantry": 2}))) == ["KK-ADV-11"]
    decision = when(game, act("choose_retreat_losses", BLUE, units={"cavalry": 1}))
    assert ended(decision) == "defender_retreated"
    after = then(game, decision)
    assert after.state.force("pannonia_b", BLUE) == Force(infantry=2)
    assert after.state.control["pannonia_d"] == RED


def test_kk_adv_11_river_and_swamp_together_halve_the_army_once() -> None:
    units = {"pannonia_b": {RED: Force(infantry=5)}, "pannonia_a": {BLUE: Force(infantry=1)}}
    game = battle(units, "pannonia_a", "pannonia_b", {"infantry": 4})  # across the Tisza
    game = fight(game, 1, 1, 1, 1, 1)
    decision = when(game, retreat(RED, "pannonia_b", 1))  # the one pursuer misses
    [lost] = [e.data for e in decision.events if e.type == "ObstacleLossesChosen"]
    assert lost["removed"] == {"infantry": 2} and lost["auto"] is True
    assert then(game, decision).state.force("pannonia_b", RED) == Force(infantry=3)  # 1 stayed + 2 of 4


def test_no_obstacle_loss_when_the_retreat_stays_on_plain_ground_kk_adv_11() -> None:
    decision = when(fejer_battle(), retreat(RED, "pest", 1, 1))
    assert "ObstacleLossesChosen" not in types(decision) and "ObstacleLossesDue" not in types(decision)


# --- server dice ---


def test_pursuit_rolls_one_server_die_per_pursuing_unit_kk_adv_6() -> None:
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}}
    game = battle(units, "fejer", "pest", {"infantry": 2}, dice="server")
    game = play(game, act("fight_exchange", RED))  # the fixed test seed kills one defender, no attacker
    assert game.state.battle("b1301-1").round == 2
    decision = when(game, act("retreat", RED, to="pest"))
    rolls = [e.data for e in decision.events if e.type == "DiceRolled"]
    assert [len(r["faces"]) for r in rolls] == [game.state.force("fejer", BLUE).total]


def test_retreat_is_a_bookmark_and_reads_as_a_plain_line() -> None:
    game = fejer_battle()
    decision = when(game, retreat(RED, "pest", 5, 2))
    declared = decision.events[0]
    assert KARD_ES_KORONA.bookmarks(declared) == ("battle b1301-1 retreat",)
    assert KARD_ES_KORONA.bookmarks(declared, game.state) == ("retreat from the battle in Fejér",)  # in Fejér
    assert KARD_ES_KORONA.notation(declared, game.state) == (
        "Pannónia (attacker) retreats from battle b1301-1 in Fejér to Pest"
    )
    pursuit = next(e for e in decision.events if e.type == "PursuitRolled")
    assert KARD_ES_KORONA.notation(pursuit, game.state) == "battle b1301-1 in Fejér, pursuit: infantry 5 2"


def test_snapshot_keeps_a_retreat_waiting_for_its_obstacle_losses() -> None:
    units = {"pannonia_a": {RED: Force(infantry=3)}, "pannonia_d": {BLUE: Force(infantry=3, cavalry=2)}}
    game = fight(battle(units, "pannonia_d", "pannonia_a", {"infantry": 3}), 1, 1, 1, 1, 1, 1, 1, 1)
    game = play(red_stays(game), retreat(BLUE, "pannonia_b", 1, 1, 1))  # no hits: 5 survivors, 2 to lose
    assert game.state.retreat is not None and game.state.retreat.losses_due == 2
    assert KARD_ES_KORONA.load_state(KARD_ES_KORONA.dump_state(game.state)) == game.state


def test_transcript_records_a_retreat_in_mid_round_with_its_deviation_kk_adv_5() -> None:
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}}
    game = battle(units, "fejer", "pest", {"infantry": 2}, mode="transcript")
    decision = when(game, retreat(RED, "pest", 1, 1))
    assert rule_ids(decision) == ["KK-ADV-5"]
    assert ended(decision) == "attacker_retreated"
