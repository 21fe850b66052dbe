"""A Kard és Korona exchange (domain/rulesets/kard_es_korona/combat.py) pinned where mutation testing found it
loose (issue 18, point 4): the E1 exchange of catalog §6 with every trace text and rule id, the events' data
(dice indexes, the per-die targets, the automatic assignment) and the exact refusals of a wrong assignment.

E1: Red (pannonia) attacks plain Fejér with 3 cavalry; Blue (tiszahat) holds it with 2 infantry and 2 archers.
No volley (KK-OPEN-3: an all-cavalry army). Red's cavalry is mounted (KK-BATTLE-7): it hits foot on 4, cavalry
on 6; Blue's infantry and archers hit foot on 5 and mounted cavalry only on 6 (KK-BATTLE-5). Dice: Red 5,4,1;
Blue infantry 6,5; Blue archers 6,2. Red's 5 and 4 may each kill an infantry or an archer, its 1 nothing; Blue's
two 6s may each kill a cavalry, the 5 and the 2 nothing: 2 kills each side (A-8).

Also pinned: KK-BATTLE-12's choice of battle and its refusals (adjudicated and in transcripts), the refusals of an
exchange (KK-BATTLE-1/9, KK-LORD-2, A-59) and of an assignment (KK-BATTLE-11, KK-OFFICE-1), A-8 `free`.

EQUIVALENT_MUTANTS (measured 2026-11-28, see README "Mutation testing"):
- `lenient: bool = False` -> `True` (`decide_select_battle`, `decide_lead_arm`, `decide_assign_casualties`):
  decide.py always passes `lenient` (the game's mode), so the default is never used.
- `decide_lead_arm`: `round != 1 or pending or rolled` -> `round != 1 and pending or rolled`: casualties wait
  only after a roll, which `_rolled` already sees.
- `decide_lead_arm`: `Flow(state)` -> `Flow(None)`: nothing after the one event reads the flow's state (evolve
  leaves a state it cannot fold as it is), and the kernel folds the decision's events itself.
- `decide_fight_exchange`: `_takes_no_part(None, ...)`: that check reads no state.
- `_dice_allow`: the default of `options.get("casualty_assignment", "maximal")` changed or dropped: every game's
  options carry every default (service/games.py and GameCreated fill them from `default_options`).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Decision, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, position, then, when, with_state
from tests.domain.kard_es_korona.test_battle_rules import (
    BLUE,
    LORDS_AWAY,
    RED,
    YELLOW,
    e1_battle,
    fight,
    moving,
    to_battles,
)
from tests.domain.kard_es_korona.test_mutants_outcome import moving as moving_with
from tests.domain.kard_es_korona.test_transcript_leniency import infantry_against_cavalry, three_battles

FOOT_ON_4 = {"cavalry": 6, "infantry": 4, "archer": 4}
FOOT_ON_5 = {"cavalry": 6, "infantry": 5, "archer": 5}


def first_exchange() -> tuple[Game, Decision]:
    game = e1_battle()
    decision = fight(game, 5, 4, 1, 6, 5, 6, 2)
    assert isinstance(decision, Decision)
    return game, decision


def test_e1_exchange_traces_each_arm_group_and_the_most_each_side_can_kill() -> None:
    _, decision = first_exchange()
    assert [(t.rule_id, t.text) for t in decision.trace] == [
        ("KK-BATTLE-5", f"attacker cavalry ({RED}) rolls 5, 4, 1; hits cavalry 6+, infantry 4+, archer 4+"),
        ("KK-BATTLE-5", f"defender infantry ({BLUE}) rolls 6, 5; hits cavalry 6+, infantry 5+, archer 5+"),
        ("KK-BATTLE-5", f"defender archer ({BLUE}) rolls 6, 2; hits cavalry 6+, infantry 5+, archer 5+"),
        ("KK-BATTLE-11", "attacker can kill at most 2 (A-8)"),
        ("KK-BATTLE-11", "defender can kill at most 2 (A-8)"),
    ]


def test_e1_exchange_records_dice_by_group_with_their_roll_indexes() -> None:
    """DESIGN §6: roll k counts every face of the game: 3 dice (k 1-3), then 2 (k 4-5), then 2 (k 6-7)."""
    _, decision = first_exchange()
    rolled = [dict(e.data) for e in decision.events if e.type == "DiceRolled"]
    assert rolled == [
        {"seat": RED, "purpose": "kk:b1301-1:r1:full:attacker:cavalry", "faces": [5, 4, 1], "first_k": 1},
        {"seat": BLUE, "purpose": "kk:b1301-1:r1:full:defender:infantry", "faces": [6, 5], "first_k": 4},
        {"seat": BLUE, "purpose": "kk:b1301-1:r1:full:defender:archer", "faces": [6, 2], "first_k": 6},
    ]


def test_e1_exchange_names_what_each_die_can_kill() -> None:
    _, decision = first_exchange()
    exchange = next(dict(e.data) for e in decision.events if e.type == "ExchangeRolled")
    assert (exchange["battle"], exchange["round"], exchange["exchange"], exchange["volleyed"]) == (
        "b1301-1",
        1,
        "full",
        [],
    )
    assert exchange["groups"] == [
        {"side": "attacker", "arm": "cavalry", "faces": [5, 4, 1], "modifier": 0, "hit_on": FOOT_ON_4},
        {"side": "defender", "arm": "infantry", "faces": [6, 5], "modifier": 0, "hit_on": FOOT_ON_5},
        {"side": "defender", "arm": "archer", "faces": [6, 2], "modifier": 0, "hit_on": FOOT_ON_5},
    ]
    foot: list[str] = ["infantry", "archer"]
    assert exchange["pending"] == [
        {"side": "attacker", "chooser": RED, "targets": [foot, foot, []], "max_kills": 2},
        {"side": "defender", "chooser": BLUE, "targets": [["cavalry"], [], ["cavalry"], []], "max_kills": 2},
    ]


def test_e1_blue_has_no_choice_so_its_two_cavalry_kills_are_assigned_for_it() -> None:
    """KK-BATTLE-11 / A-8: Blue's hits can only kill cavalry; the one maximal choice is taken automatically."""
    _, decision = first_exchange()
    auto = [dict(e.data) for e in decision.events if e.type == "CasualtiesAssigned"]
    assert auto == [{"battle": "b1301-1", "side": "defender", "seat": BLUE, "casualties": {"cavalry": 2}, "auto": True}]


def _refusal(casualties: Any) -> tuple[str, str, dict[str, Any]]:
    game, decision = first_exchange()
    refused = when(then(game, decision), act("assign_casualties", RED, casualties=casualties))
    assert isinstance(refused, Decision)
    (violation,) = refused.violations
    return violation.rule_id, violation.message, dict(violation.details)


def test_a_wrong_assignment_is_refused_naming_what_is_wrong() -> None:
    """KK-BATTLE-11: each hit goes to a unit that die can kill; A-8: as many as the dice can kill."""
    field = {"field": "data.casualties"}
    assert _refusal({"infantry": 1}) == (
        "KK-BATTLE-11",
        "the hits kill 2 units at most and must (A-8); 1 infantry kills 1",
        field,
    )
    assert _refusal({"cavalry": 1}) == ("KK-BATTLE-11", "the enemy has 2 infantry, 2 archer, not 1 cavalry", field)
    assert _refusal({"infantry": 3}) == ("KK-BATTLE-11", "the enemy has 2 infantry, 2 archer, not 3 infantry", field)
    assert _refusal("x") == ("KK-BATTLE-11", "casualties 'x' are not a force", field)
    assert _refusal({"infantry": 2, "archer": 1}) == (
        "KK-BATTLE-11",
        "the dice cannot kill 2 infantry, 1 archer: each hit needs a unit its die can kill",
        field,
    )


def test_only_the_hitter_with_hits_left_assigns() -> None:
    """KK-BATTLE-11: Blue's hits were assigned for it (no choice); Blue has nothing left to assign."""
    game, decision = first_exchange()
    refused = when(then(game, decision), act("assign_casualties", BLUE, casualties={"cavalry": 1}))
    assert isinstance(refused, Decision)
    assert _refused(refused) == ("KK-BATTLE-11", f"{BLUE} has no hits to assign in b1301-1", {"field": "seat"})


def test_both_sides_casualties_are_removed_together_and_round_two_follows() -> None:
    """KK-BATTLE-9: removed together after both chose; KK-OPEN-5: round 2 is one full exchange."""
    game, decision = first_exchange()
    done = when(then(game, decision), act("assign_casualties", RED, casualties={"infantry": 1, "archer": 1}))
    assert isinstance(done, Decision)
    assert [dict(e.data) for e in done.events] == [
        {
            "battle": "b1301-1",
            "side": "attacker",
            "seat": RED,
            "casualties": {"infantry": 1, "archer": 1},
            "auto": False,
        },
        {"battle": "b1301-1", "side": "defender", "removed": {"infantry": 1, "archer": 1}, "wasted_hits": 0},
        {"battle": "b1301-1", "side": "attacker", "removed": {"cavalry": 2}, "wasted_hits": 0},
        {"battle": "b1301-1", "round": 2, "exchange": "full"},
    ]


# --- KK-LORD-2: the lord names the arm he leads before the first die ---


def lord_led_battle() -> Game:
    """Red's lord leads 2 cavalry from Pest into Blue's Fejér (2 infantry); no arm named yet."""
    game = moving({"pest": {RED: Force(cavalry=2)}, "fejer": {BLUE: Force(infantry=2)}})
    game = position(game, game.state.units, lords={**LORDS_AWAY, RED: "pest"}, phase="movement", turn=RED)
    return to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"cavalry": 2}, "lord": True}]})


def _lead(game: Game, seat: str, arm: Any) -> Decision:
    decision = when(game, act("lead_arm", seat, arm=arm))
    assert isinstance(decision, Decision)
    return decision


def _refused(decision: Decision) -> tuple[str, str, dict[str, Any]]:
    (violation,) = decision.violations
    return violation.rule_id, violation.message, dict(violation.details)


def test_kk_lord_2_the_lord_leads_an_arm_of_his_army() -> None:
    game = lord_led_battle()
    chosen = _lead(game, RED, "cavalry")
    assert [(e.type, dict(e.data)) for e in chosen.events] == [
        ("LordArmChosen", {"battle": "b1301-1", "side": "attacker", "seat": RED, "arm": "cavalry"})
    ]
    assert [(t.rule_id, t.text) for t in chosen.trace] == [("KK-LORD-2", f"{RED}'s lord leads cavalry: +1 to its dice")]
    none = _lead(game, RED, None)
    assert [t.text for t in none.trace] == [f"{RED}'s lord leads no arm: +1 to its dice"]


def test_kk_lord_2_refusals_name_the_arm_or_the_seat() -> None:
    game = lord_led_battle()
    assert _refused(_lead(game, RED, "archer")) == (
        "KK-LORD-2",
        "the lord can lead only an arm present in his army, not 'archer'",
        {"field": "data.arm"},
    )
    assert _refused(_lead(game, RED, "dragon")) == (
        "KK-LORD-2",
        "the lord can lead only an arm present in his army, not 'dragon'",
        {"field": "data.arm"},
    )
    assert _refused(_lead(game, BLUE, "infantry")) == (
        "KK-LORD-2",
        f"{BLUE} has no lord in b1301-1 still to declare",
        {"field": "seat"},
    )
    led = then(game, _lead(game, RED, "cavalry"))
    assert _refused(_lead(led, RED, "cavalry")) == (
        "KK-LORD-2",
        f"{RED} has no lord in b1301-1 still to declare",
        {"field": "seat"},
    )
    rolled = then(led, fight(led, 1, 1, 1, 1))
    assert _refused(_lead(rolled, RED, "cavalry")) == (
        "KK-LORD-2",
        "the lord chooses his arm when a battle begins, before its first die",
        {"field": "type"},
    )


# --- KK-BATTLE-12: the battle chosen (three_battles: Red started the open battles b1301-1 and b1301-3 and the
# siege b1301-2; Red chooses, and only among his open battles, because open battles come before sieges) ---


def _chosen(game: Game, seat: str | None, battle: str) -> Decision:
    authority = Authority.RECORDER if seat is None else Authority.PLAYER
    decision = when(game, act("select_battle", seat, authority, battle=battle))
    assert isinstance(decision, Decision)
    return decision


def test_kk_battle_12_refusals_name_the_rule_the_seat_or_the_battle() -> None:
    game = three_battles("adjudicated")
    not_one = "is not one of b1301-1, b1301-3"
    assert _refused(_chosen(game, BLUE, "b1301-3")) == (
        "KK-BATTLE-12",
        f"it is {RED}'s turn to choose a battle",
        {"field": "seat"},
    )
    assert _refused(_chosen(game, RED, "b1301-9")) == ("KK-BATTLE-12", f"'b1301-9' {not_one}", {"field": "data.battle"})
    assert _refused(_chosen(game, RED, "b1301-2")) == ("KK-BATTLE-12", f"'b1301-2' {not_one}", {"field": "data.battle"})
    fighting = then(game, _chosen(game, RED, "b1301-3"))
    none_now = ("KK-BATTLE-12", "no battle is to be chosen now", {"field": "type"})
    assert _refused(_chosen(fighting, RED, "b1301-1")) == none_now  # a battle is being fought (KK-BATTLE-9)
    assert _refused(_chosen(moving({}), RED, "b1301-1")) == none_now  # the movement phase


def test_kk_lord_4_and_kk_lord_8_an_open_defeat_or_extra_step_comes_before_the_next_battle() -> None:
    game = three_battles("adjudicated")
    defeat = with_state(game, defeat={"seat": BLUE, "battle": "b1301-9"})
    assert _refused(_chosen(defeat, RED, "b1301-1")) == (
        "KK-LORD-4",
        "the last battle's defeat is settled first",
        {"field": "type"},
    )
    step = with_state(game, extra_step={"seat": BLUE, "battle": "b1301-9"})
    assert _refused(_chosen(step, RED, "b1301-1")) == (
        "KK-LORD-8",
        "the winning lord's extra step is taken or declined first",
        {"field": "type"},
    )


def test_kk_battle_12_the_chooser_starts_the_battle_he_picked() -> None:
    game = three_battles("adjudicated")
    decision = _chosen(game, RED, "b1301-3")
    assert [(e.type, e.data["battle"]) for e in decision.events] == [
        ("BattleSelected", "b1301-3"),
        ("BattleStarted", "b1301-3"),
    ]
    assert decision.events[0].data["seat"] == RED and decision.events[1].data["selected_by"] == RED


def test_kk_battle_12_a_transcript_recording_the_choice_without_a_seat_credits_the_chooser() -> None:
    """A transcript's recorder enters the choice: a deviation (not the chooser's action), credited to Red."""
    game = three_battles("transcript")
    decision = _chosen(game, None, "b1301-2")
    assert [v.message for v in decision.violations] == [
        f"it is {RED}'s turn to choose a battle",
        "'b1301-2' is not one of b1301-1, b1301-3",
    ]
    assert decision.events[0].data == {"seat": RED, "battle": "b1301-2"}
    assert decision.events[1].data["selected_by"] == RED


# --- KK-BATTLE-11: who may assign, and the transcript's limits ---


def test_kk_battle_11_no_assignment_outside_a_battle_or_before_the_judge_royals_reroll() -> None:
    assert _refused(when(moving({}), act("assign_casualties", RED, casualties={"infantry": 1}))) == (
        "KK-BATTLE-11",
        "no battle is being fought",
        {"field": "type"},
    )
    game, decision = first_exchange()
    waiting = with_state(then(game, decision), reroll_offer={"seat": BLUE})
    assert _refused(when(waiting, act("assign_casualties", RED, casualties={"infantry": 2}))) == (
        "KK-OFFICE-1",
        "the Judge Royal first decides whether to reroll",
        {"field": "type"},
    )


def test_kk_battle_11_a_player_outside_the_battle_has_no_hits_when_both_sides_choose() -> None:
    """Red's cavalry 6 and Blue's cavalry 6 may each kill a cavalry or an infantry: both sides choose."""
    game = moving({"pest": {RED: Force(infantry=1, cavalry=1)}, "fejer": {BLUE: Force(infantry=1, cavalry=1)}})
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"infantry": 1, "cavalry": 1}}]})
    game = then(game, fight(game, 6, 1, 6, 1))
    assert _refused(when(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))) == (
        "KK-BATTLE-11",
        f"{YELLOW} has no hits to assign in b1301-1",
        {"field": "seat"},
    )


def test_kk_battle_11_a_transcript_still_refuses_more_casualties_than_hits() -> None:
    """Red's 6 and 5 scored 2 hits: 3 casualties cannot be recorded, even in a transcript."""
    game = infantry_against_cavalry("transcript")
    three = when(game, act("assign_casualties", RED, casualties={"cavalry": 2, "infantry": 1}))
    assert _refused(three) == (
        "KK-BATTLE-11",
        "2 hits cannot kill 2 cavalry, 1 infantry",
        {"field": "data.casualties", "hits": 2},
    )


def test_a_8_free_assignment_accepts_fewer_casualties_than_the_dice_can_kill() -> None:
    """A-8 `casualty_assignment = free`: E1's Red may kill 1 infantry though his dice could kill 2."""
    units = {"pest": {RED: Force(cavalry=3)}, "fejer": {BLUE: Force(archer=2, infantry=2)}}
    game = moving_with(units, casualty_assignment="free")
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"cavalry": 3}}]})
    game = then(game, fight(game, 5, 4, 1, 6, 5, 6, 2))
    decision = when(game, act("assign_casualties", RED, casualties={"infantry": 1}))
    assert not decision.violations
    assert [e.type for e in decision.events][:1] == ["CasualtiesAssigned"]


# --- KK-LORD-2 / A-59: the lords' declarations ---


def test_kk_lord_2_no_arm_is_named_outside_a_battle() -> None:
    assert _refused(when(moving({}), act("lead_arm", RED, arm="infantry"))) == (
        "KK-LORD-2",
        "the lord chooses his arm when a battle begins, before its first die",
        {"field": "type"},
    )


def test_a_59_the_attacking_lord_declares_first() -> None:
    """A-59: with a lord on each side, Blue (defending) waits for Red's declaration."""
    units = {"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=2)}}
    game = moving(units)
    game = position(
        game, game.state.units, lords={**LORDS_AWAY, RED: "pest", BLUE: "fejer"}, phase="movement", turn=RED
    )
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"infantry": 2}, "lord": True}]})
    assert _refused(_lead(game, BLUE, "infantry")) == (
        "KK-LORD-2",
        "the attacking lord declares first (A-59)",
        {"field": "seat"},
    )
    assert not _lead(then(game, _lead(game, RED, None)), BLUE, "infantry").violations


# --- KK-BATTLE-1/9, KK-LORD-2: when an exchange may be rolled, and by whom ---


def _exchange(game: Game, seat: str | None, *dice: int) -> Decision:
    authority = Authority.RECORDER if seat is None else Authority.PLAYER
    decision = when(game, act("fight_exchange", seat, authority, dice=list(dice)))
    assert isinstance(decision, Decision)
    return decision


def test_kk_battle_9_no_exchange_outside_a_battle_or_before_the_last_casualties() -> None:
    none_fought = ("KK-BATTLE-12", "no battle is being fought", {"field": "type"})
    assert _refused(_exchange(moving({}), None, 1)) == none_fought
    assert _refused(_exchange(three_battles("adjudicated"), None, 1)) == none_fought  # a battle is still to be chosen
    game, decision = first_exchange()
    assert _refused(_exchange(then(game, decision), None, 1, 1)) == (
        "KK-BATTLE-9",
        "b1301-1: the last exchange's casualties are still to be chosen",
        {"field": "type"},
    )


def test_kk_battle_1_only_the_battles_sides_roll_its_exchange() -> None:
    assert _refused(_exchange(e1_battle(), YELLOW, 5, 4, 1, 6, 5, 6, 2)) == (
        "KK-BATTLE-1",
        f"{YELLOW} takes no part in b1301-1",
        {"field": "seat"},
    )


def test_kk_neutral_3_the_neutrals_roller_may_enter_the_exchange() -> None:
    """Yellow sits just before Red, so Yellow rolls for the royal defenders of Fejér and may enter the dice."""
    game = moving({"pest": {RED: Force(infantry=2)}, "fejer": {"royal": Force(infantry=1)}})
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"infantry": 2}}]})
    assert not _exchange(game, YELLOW, 1, 1, 1).violations


def test_kk_lord_2_no_die_before_the_lord_names_his_arm() -> None:
    refused = _exchange(lord_led_battle(), None, 1, 1, 1, 1)
    assert not refused.events
    assert _refused(refused) == (
        "KK-LORD-2",
        "the attacker's lord names the arm he leads before the first die",
        {"field": "type"},
    )


def test_kk_battle_11_the_defender_kills_units_of_the_attackers_army() -> None:
    """Red's cavalry and infantry roll 1s; Blue's infantry 6 may kill Red's cavalry (a 6 hits mounted cavalry) or
    his infantry, so Blue chooses: the cavalry, which Blue's own army does not have."""
    game = moving({"pest": {RED: Force(infantry=1, cavalry=1)}, "fejer": {BLUE: Force(infantry=2)}})
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"infantry": 1, "cavalry": 1}}]})
    game = then(game, _exchange(game, None, 1, 1, 6, 1))
    decision = when(game, act("assign_casualties", BLUE, casualties={"cavalry": 1}))
    assert not decision.violations
    assert decision.events[1].data == {
        "battle": "b1301-1",
        "side": "attacker",
        "removed": {"cavalry": 1},
        "wasted_hits": 0,
    }


def test_kk_battle_11_a_transcripts_recorder_entering_the_casualties_credits_the_hitter() -> None:
    """Red's 6 and 5 against Blue's cavalry and infantry: the recorder enters Red's choice, 2 infantry."""
    game = infantry_against_cavalry("transcript")
    decision = when(game, act("assign_casualties", None, Authority.RECORDER, casualties={"infantry": 2}))
    assert decision.events[0].data == {
        "battle": "b1301-1",
        "side": "attacker",
        "seat": RED,
        "casualties": {"infantry": 2},
        "auto": False,
    }
