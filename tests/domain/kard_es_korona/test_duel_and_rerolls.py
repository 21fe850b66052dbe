"""The lords' duel (KK-LORD-5..7, A-22) and the Judge Royal's rerolls (KK-OFFICE-1/2, KK-LORD-6, A-57).

Same position as test_defeat: Red's lord + 1 cavalry attack Blue's lord + 1 infantry in plain Fejér.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Game, advance
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, then, types, when
from tests.domain.kard_es_korona.test_defeat import ATTACK, BLUE, GUARDS, PTD, RED, YELLOW, fight, lords_battle

JR = {"judge_royal": BLUE, "treasurer": None, "palatine": None}


def duel(**kw: Any) -> Game:
    game = fight(lords_battle(**kw), 6, 6)  # both units die in the same exchange
    battle = game.state.battle("b1301-1")
    assert battle is not None and battle.status == "duel"
    return game


def with_judge(game: Game, offices: dict[str, Any]) -> Game:
    return position(game, game.state.units, control=game.state.control, offices=offices)


def duel_roll(game: Game, attacker: int, defender: int) -> Any:
    return when(game, act("fight_duel", None, Authority.RECORDER, dice=[attacker, defender]))


def test_kk_lord_5_two_lords_left_alone_fight_a_duel_not_a_double_defeat() -> None:
    game = duel()
    assert game.state.lords[RED] == "fejer" and game.state.lords[BLUE] == "fejer"
    assert not game.state.defeat
    assert rule_ids(when(game, act("fight_exchange", None, Authority.RECORDER, dice=[6]))) == ["KK-BATTLE-9"]


def test_kk_lord_5_both_sixes_or_none_repeat_the_round() -> None:
    game = duel()
    both = duel_roll(game, 6, 6)
    assert types(both) == ["DiceRolled", "DiceRolled", "DuelRoundResolved"]
    assert both.events[-1].data["winner"] is None
    game = then(game, both)
    game = then(game, duel_roll(game, 2, 3))
    battle = game.state.battle("b1301-1")
    assert battle is not None and battle.status == "duel" and battle.round == 3


def test_kk_lord_6_no_modifier_in_a_duel_a_5_does_not_win() -> None:
    # Both lords led an arm (+1) in the battle; in the duel a 5 stays a 5 and only a 6 wins.
    game = duel()
    resolved = duel_roll(game, 5, 1).events[-1]
    assert resolved.data["winner"] is None


def test_kk_lord_7_a_22_a_lone_six_wins_and_the_loser_is_eliminated_with_lands_and_money_to_the_winner() -> None:
    game = duel()
    decision = duel_roll(game, 3, 6)
    kinds = types(decision)
    assert kinds[2:5] == ["DuelRoundResolved", "LordDefeated", "BattleEnded"]
    assert "PlayerEliminated" in kinds and "EscapeForgone" not in kinds  # beheaded: no escape, no fealty
    game = then(game, decision)
    state = game.state
    assert state.lord_status[RED] == "eliminated" and state.lords[BLUE] == "fejer"
    assert state.control["pannonia_k2"] == BLUE  # Red's territories are Blue's
    assert state.treasury[RED] == 0
    assert state.defeat["stage"] == "takeover" and state.defeat["by"] == BLUE


def test_a_22_normal_defeat_option_lets_the_duel_loser_try_to_escape() -> None:
    game = duel(duel_loser="normal_defeat")
    game = then(game, duel_roll(game, 3, 6))
    assert game.state.defeat["stage"] in ("escape", "fealty") and game.state.lord_status[RED] == "defeated"


def test_kk_lord_6_the_judge_royal_rerolls_one_of_his_own_duel_dice_once_per_duel() -> None:
    game = with_judge(duel(), JR)  # Blue, the defender, is Judge Royal
    lost = duel_roll(game, 6, 2)  # Red alone rolled 6: Blue may reroll his 2
    assert types(lost)[-1] == "RerollOffered"
    game = then(game, lost)
    assert rule_ids(when(game, act("reroll", RED, dice=[6]))) == ["KK-LORD-6", "KK-OFFICE-2"]  # not Red's
    assert rule_ids(duel_roll(game, 1, 1)) == ["KK-LORD-6", "KK-OFFICE-2"]  # the round waits for the Judge Royal
    rerolled = when(game, act("reroll", BLUE, dice=[6]))
    assert types(rerolled) == ["DiceRolled", "DiceRerolled", "DuelRoundResolved"]
    assert rerolled.events[1].data["replaces"] is not None
    faces = {"attacker": 6, "defender": 6}  # both 6 now: the round is void
    assert rerolled.events[-1].data == {"battle": "b1301-1", "round": 1, "faces": faces, "winner": None}
    game = then(game, rerolled)
    again = duel_roll(game, 6, 1)  # his reroll is spent: Red's lone 6 stands
    assert "RerollOffered" not in types(again) and "DuelRoundResolved" in types(again)


def test_kk_office_2_the_judge_royal_rerolls_his_failed_escape_roll_once() -> None:
    game = fight(lords_battle(), 6, 1)
    game = with_judge(game, JR)  # Blue is still Judge Royal: offices go only once the defeat stands
    failed = when(game, act("attempt_escape", BLUE, to="kunsag", dice=[3]))
    assert types(failed) == ["DiceRolled", "RerollOffered"]
    game = then(game, failed)
    rerolled = when(game, act("reroll", BLUE, dice=[6]))
    assert types(rerolled) == ["DiceRolled", "DiceRerolled", "EscapeSucceeded"]
    game = then(game, rerolled)
    assert game.state.lords[BLUE] == "kunsag" and game.state.offices["judge_royal"] == BLUE


def test_kk_office_2_kept_escape_roll_stands() -> None:
    game = with_judge(fight(lords_battle(), 6, 1), JR)
    game = play(game, act("attempt_escape", BLUE, to="kunsag", dice=[3]))
    kept = when(game, act("keep_roll", BLUE))
    assert types(kept)[:2] == ["RerollDeclined", "EscapeFailed"]


def test_kk_office_1_a_57_the_judge_royal_rerolls_all_dice_of_one_arm_group_once_per_battle() -> None:
    game = with_judge(lords_battle(), {"judge_royal": RED, "treasurer": None, "palatine": None})
    rolled = when(game, act("fight_exchange", None, Authority.RECORDER, dice=[1, 1]))
    assert types(rolled)[-1] == "RerollOffered"  # nothing is removed before he decides
    game = then(game, rolled)
    assert rule_ids(when(game, act("assign_casualties", BLUE, casualties={}))) == ["KK-OFFICE-1"]
    assert rule_ids(when(game, act("reroll", RED, arm="infantry", dice=[6]))) == ["KK-OFFICE-1"]  # not his group
    rerolled = when(game, act("reroll", RED, arm="cavalry", dice=[6]))
    assert types(rerolled)[:3] == ["DiceRolled", "DiceRerolled", "HitsRecounted"]
    game = then(game, rerolled)
    assert game.state.force("fejer", BLUE) == Force()  # the new 6 stands and kills the infantry
    assert game.state.defeat["seat"] == BLUE


def test_a_57_no_reroll_offer_once_his_battle_reroll_is_spent() -> None:
    game = with_judge(lords_battle(), {"judge_royal": RED, "treasurer": None, "palatine": None})
    game = play(game, act("fight_exchange", None, Authority.RECORDER, dice=[1, 1]), act("keep_roll", RED))
    assert game.state.reroll_offer == {}
    second = when(game, act("fight_exchange", None, Authority.RECORDER, dice=[1, 1]))
    assert types(second)[-1] == "RerollOffered"  # declining did not spend it
    game = then(game, second)
    game = play(game, act("reroll", RED, arm="cavalry", dice=[1]))
    third = when(game, act("fight_exchange", None, Authority.RECORDER, dice=[1, 1]))
    assert "RerollOffered" not in types(third)


def test_a_57_no_offer_when_the_judge_royal_takes_no_part() -> None:
    game = with_judge(lords_battle(), {"judge_royal": YELLOW, "treasurer": None, "palatine": None})
    assert "RerollOffered" not in types(when(game, act("fight_exchange", None, Authority.RECORDER, dice=[1, 1])))


def test_every_event_of_a_duel_and_an_elimination_has_its_own_notation_line() -> None:
    game = with_judge(duel(), JR)
    lines = []
    for action in (
        act("fight_duel", None, Authority.RECORDER, dice=[6, 2]),
        act("reroll", BLUE, dice=[3]),  # Red's lone 6 stands: Blue is beheaded
        act("place_takeover", RED, placements={"kunsag": "infantry"}),
        act("take_extra_step", RED, to="fejer", groups=[{"from": "kunsag", "units": {"infantry": 1}}]),
    ):
        decision = when(game, action)
        assert not decision.violations, decision.violations
        for event in decision.events:
            lines.append((event.type, KARD_ES_KORONA.notation(event, game.state)))
            game = advance(KARD_ES_KORONA, game, event)
    kinds = {kind for kind, _ in lines}
    assert {"RerollOffered", "DiceRerolled", "DuelRoundResolved", "PlayerEliminated", "ExtraStepTaken"} <= kinds
    assert all(line != kind for kind, line in lines if kind != "DiceRolled"), lines
    assert any("Kunság" in line or "Fejér" in line for _, line in lines)


def test_a_13_the_duel_winner_left_alone_must_rejoin_his_units_with_his_extra_step() -> None:
    game = duel()
    game = play(game, act("fight_duel", None, Authority.RECORDER, dice=[1, 6]))  # Blue wins, alone in Fejér
    game = play(game, act("place_takeover", BLUE, placements={}))
    assert game.state.extra_step["seat"] == BLUE
    assert rule_ids(when(game, act("decline_extra_step", BLUE))) == ["KK-LORD-8"]  # his infantry is next door
    rejoin = [{"from": "kunsag", "units": {"infantry": 1}}]
    game = play(game, act("take_extra_step", BLUE, to="fejer", groups=rejoin))
    assert game.state.force("fejer", BLUE) == Force(infantry=1) and game.state.year == 1302


# --- no offer when no reroll can improve his roll (issue 17) ---


def _noted(decision: Any, rule_id: str) -> list[str]:
    return [step.text for step in decision.trace if step.rule_id == rule_id and "none is offered" in step.text]


def test_no_reroll_offered_kk_office_2_when_the_judge_royal_rolls_a_6_against_a_6_in_a_duel() -> None:
    """KK-LORD-6/KK-OFFICE-2, seed 000 L200: „csak hatos dobással győzedelmeskedhetnek … a párviadal folyamán a
    regnáló országbíró egy dobását egyszer újradobhatja" — his 6 cannot get better: the round is void at once."""
    game = with_judge(duel(), JR)  # Blue, the defender, is Judge Royal
    both = duel_roll(game, 6, 6)
    assert types(both) == ["DiceRolled", "DiceRolled", "DuelRoundResolved"]
    assert both.events[-1].data["winner"] is None
    assert _noted(both, "KK-OFFICE-2")
    game = then(game, both)
    assert game.state.reroll_offer == {} and "duel:b1301-1" not in game.state.rerolls_used  # still his to spend
    assert rule_ids(when(game, act("keep_roll", BLUE))) == ["KK-OFFICE-1"]  # nothing waits for him


def test_no_reroll_offered_kk_office_2_when_the_judge_royal_escapes_with_a_6() -> None:
    """KK-ELIM-2/KK-OFFICE-2, seed 000 L205: „sikerül egy kockával 6-ost dobnia (az országbíró újradobhatja!)" —
    a 6 already escapes."""
    game = with_judge(fight(lords_battle(), 6, 1), JR)
    escaped = when(game, act("attempt_escape", BLUE, to="kunsag", dice=[6]))
    assert types(escaped)[:2] == ["DiceRolled", "EscapeSucceeded"]
    assert _noted(escaped, "KK-OFFICE-2")


def test_no_reroll_offered_kk_office_1_when_the_judge_royals_dice_already_kill_the_whole_enemy_force() -> None:
    """KK-OFFICE-1, seed 000 L232: „Minden csatában egyszer újradobhatja egy fegyvernem részére egy összecsapás
    eredményét" — Red's cavalry 6 already kills Blue's only infantry: a reroll could only lose the kill."""
    game = with_judge(lords_battle(), {"judge_royal": RED, "treasurer": None, "palatine": None})
    rolled = when(game, act("fight_exchange", None, Authority.RECORDER, dice=[6, 1]))
    assert "RerollOffered" not in types(rolled)
    assert _noted(rolled, "KK-OFFICE-1")
    assert then(game, rolled).state.force("fejer", BLUE) == Force()


def siege_duel(**options: Any) -> Game:
    """Red's lord and 1 infantry besiege Blue's castle Tiszahát K2 (Blue's lord and 1 infantry) from Tiszahát C;
    both infantry die in the assault, so the lords duel (KK-LORD-5). Blue has 1 infantry next door in K1."""
    game = set_up(PTD, **options)
    units = {**GUARDS, "tiszahat_c": {RED: Force(infantry=1)}, "tiszahat_k1": {BLUE: Force(infantry=1)}}
    game = position(game, units, lords={RED: "tiszahat_c", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"})
    siege = {"to": "tiszahat_k2", "groups": [{"from": "tiszahat_c", "units": {"infantry": 1}, "lord": True}]}
    game = play(game, act("draw_event", RED, card="veres_kard"), act("move", RED, **siege))
    game = play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))
    game = play(game, act("lead_arm", RED, arm="infantry"), act("lead_arm", BLUE, arm="infantry"))
    return fight(game, 6, 6)


def test_kk_lord_5_kk_siege_9_the_attacking_lord_who_wins_a_duel_in_a_castle_takes_it() -> None:
    """The duel ends the siege: the attacking lord is the one left, and a lord counts as infantry for a siege
    (KK-SIEGE-1), so he takes the empty castle as any winning besieger does (KK-BATTLE-14, KK-SIEGE-9)."""
    game = siege_duel()
    decision = duel_roll(game, 6, 1)
    captured = [e.data for e in decision.events if e.type == "CastleCaptured"]
    assert captured == [{"battle": "b1301-1", "county": "tiszahat_k2", "new_owner": RED, "previous_owner": BLUE}]
    assert then(game, decision).state.control["tiszahat_k2"] == RED


def test_a_22_a_duel_loser_who_escapes_still_loses_the_castle_he_defended() -> None:
    """With `duel_loser = normal_defeat` Blue's beaten lord escapes to K1 on a 6 (KK-ELIM-2): that saves him, not
    the castle Red's lord won (KK-BATTLE-14); the same when he swears fealty instead (KK-ELIM-3)."""
    duelled = siege_duel(duel_loser="normal_defeat")
    game = then(duelled, duel_roll(duelled, 6, 1))
    escaped = play(game, act("attempt_escape", BLUE, to="tiszahat_k1", dice=[6]))
    assert escaped.state.lords[BLUE] == "tiszahat_k1" and escaped.state.control["tiszahat_k2"] == RED
    sworn = play(game, act("forgo_escape", BLUE), act("swear_fealty", BLUE), act("answer_fealty", RED, accept=True))
    assert sworn.state.lieges == {BLUE: RED} and sworn.state.control["tiszahat_k2"] == RED


def vassal_freed_by_the_duel() -> Game:
    """Blue's lord kills Red's in a duel (KK-LORD-7) and takes over Red's counties; Yellow, Red's vassal, is free
    and his lord waits to be placed (KK-VASSAL-7) while Blue's lord has his extra step (KK-LORD-8)."""
    units = {
        **GUARDS,
        "pest": {RED: Force(cavalry=1)},
        "fejer": {BLUE: Force(infantry=1)},
        "kunsag": {BLUE: Force(infantry=1)},
        "delvidek_k1": {YELLOW: Force(infantry=1)},
        "pannonia_a": {RED: Force(archer=1)},
    }
    game = position(
        set_up(PTD),
        units,
        lords={RED: "pest", BLUE: "fejer", YELLOW: None},
        treasury={RED: 7, BLUE: 12, YELLOW: 2},
        lieges={YELLOW: RED},
        lord_status={YELLOW: "vassal"},
        offices={"judge_royal": None, "treasurer": RED, "palatine": None},
    )
    game = play(game, act("draw_event", RED, card="veres_kard"), act("move", RED, **ATTACK))
    game = play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))
    game = play(game, act("lead_arm", RED, arm="cavalry"), act("lead_arm", BLUE, arm="infantry"))
    game = play(game, act("fight_exchange", None, Authority.RECORDER, dice=[6, 6]))
    game = play(game, act("fight_duel", None, Authority.RECORDER, dice=[1, 6]))
    return play(game, act("place_takeover", BLUE, placements={"pannonia_k2": "infantry", "pannonia_a": "archer"}))


EXTRA_STEP_TO_KUNSAG = act("take_extra_step", BLUE, to="kunsag", groups=[{"from": "fejer", "units": {}, "lord": True}])


def test_kk_vassal_7_a_vassal_freed_by_the_duel_places_his_lord_before_the_winners_extra_step() -> None:
    """KK-LORD-7 (the duel's winner takes the loser's lands), KK-VASSAL-7 (the loser's freed vassal places his lord),
    KK-LORD-8 (the winner's extra step): the extra step may end the year, so it waits until Yellow's lord stands:
    taking or declining it first is refused citing KK-VASSAL-7, as `pending` asks the return first; after
    `return_lord` it is taken."""
    game = vassal_freed_by_the_duel()
    assert game.state.returning == (YELLOW,) and game.state.extra_step["seat"] == BLUE
    for early in (EXTRA_STEP_TO_KUNSAG, act("decline_extra_step", BLUE)):
        refused = when(game, early)
        assert [v.rule_id for v in refused.violations] == ["KK-VASSAL-7"] and not refused.events
    game = play(game, act("return_lord", YELLOW, to="delvidek_k1"))
    taken = when(game, EXTRA_STEP_TO_KUNSAG)
    assert not taken.violations and "ExtraStepTaken" in types(taken)
