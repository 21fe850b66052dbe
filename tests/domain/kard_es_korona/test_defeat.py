"""A lord defeated by another player: escape, fealty, elimination and the hand-over (KK-ELIM-1..8, KK-LORD-8).

The position: 1301, Red (pannonia) starts. Red's lord and 1 cavalry stand in Pest; Blue's (tiszahat) lord and
1 infantry hold plain Fejér, with 1 Blue infantry next door in Kunság. Red attacks Fejér. A 6 always hits and
a 1 never does, so the dice below decide the exchange whatever the arms' hit numbers are.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Game
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.vassals import holds_for
from tests.domain.kard_es_korona.builders import act, offered, play, position, rule_ids, set_up, then, types, when

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD
GUARDS = {f"{s}_k2": {s: Force(infantry=1)} for s in PTD}
ATTACK = {"to": "fejer", "groups": [{"from": "pest", "units": {"cavalry": 1}, "lord": True}]}


def lords_battle(extra_units: dict[str, Any] | None = None, blue_step: dict[str, Any] | None = None, **kw: Any) -> Game:
    """Red's lord-led cavalry against Blue's lord-led infantry in Fejér, both lords leading their arm."""
    game = set_up(PTD, **kw)
    units = {
        **GUARDS,
        "pest": {RED: Force(cavalry=1)},
        "fejer": {BLUE: Force(infantry=1)},
        "kunsag": {BLUE: Force(infantry=1)},
        **(extra_units or {}),
    }
    lords = {RED: "pest", BLUE: "fejer", YELLOW: "delvidek_k2"}
    game = position(game, units, lords=lords, treasury={RED: 0, BLUE: 12, YELLOW: 0})
    game = play(game, act("draw_event", RED, card="veres_kard"), act("move", RED, **ATTACK))
    game = play(game, act("move", BLUE, **blue_step) if blue_step else act("pass", BLUE))
    game = play(game, act("pass", YELLOW), act("pass", RED))
    if blue_step:
        game = play(game, act("pass", BLUE))
    return play(game, act("lead_arm", RED, arm="cavalry"), act("lead_arm", BLUE, arm="infantry"))


def fight(game: Game, *dice: int) -> Game:
    return then(game, when(game, act("fight_exchange", None, Authority.RECORDER, dice=list(dice))))


def blue_defeated(**kw: Any) -> Game:
    game = fight(lords_battle(**kw), 6, 1)  # Red's cavalry kills the infantry; Blue's infantry misses
    assert game.state.defeat["seat"] == BLUE and game.state.defeat["stage"] == "escape"
    return game


def test_kk_lord_4_kk_elim_2_defeated_lord_may_try_to_escape_to_his_units_one_step_away() -> None:
    game = blue_defeated()
    assert game.state.lords[BLUE] is None and game.state.lord_status[BLUE] == "defeated"
    assert game.state.control["fejer"] == RED
    assert game.state.extra_step == {"seat": RED, "battle": "b1301-1"}  # KK-LORD-8: a lord-against-lord win
    assert rule_ids(when(game, act("attempt_escape", BLUE, to="pest", dice=[6]))) == ["KK-ELIM-2"]
    assert rule_ids(when(game, act("forgo_escape", RED))) == ["KK-ELIM-2"]


def test_kk_elim_2_a_6_escapes_and_cancels_the_defeat() -> None:
    game = blue_defeated()
    decision = when(game, act("attempt_escape", BLUE, to="kunsag", dice=[6]))
    assert types(decision) == ["DiceRolled", "EscapeSucceeded"]
    game = then(game, decision)
    assert game.state.lords[BLUE] == "kunsag" and BLUE not in game.state.lord_status and not game.state.defeat


def test_kk_elim_3_a_failed_escape_leaves_fealty_which_the_victor_accepts_a_24() -> None:
    game = blue_defeated()
    game = play(game, act("attempt_escape", BLUE, to="kunsag", dice=[5]))
    assert game.state.defeat["stage"] == "fealty"
    assert rule_ids(when(game, act("answer_fealty", RED, accept=True))) == ["KK-ELIM-3"]  # not offered yet
    game = play(game, act("swear_fealty", BLUE))
    assert rule_ids(when(game, act("answer_fealty", BLUE, accept=True))) == ["KK-ELIM-3"]  # the victor answers
    decision = when(game, act("answer_fealty", RED, accept=True))
    assert "FealtySworn" in types(decision)
    game = then(game, decision)
    state = game.state
    assert state.lord_status[BLUE] == "vassal" and state.lieges == {BLUE: RED}  # KK-VASSAL-1
    assert state.treasury[BLUE] == 0 and state.treasury[RED] == 12  # the whole treasury is the victor's spoils
    assert state.force("kunsag", BLUE) == Force(infantry=1)  # he keeps his remaining units


def test_kk_vassal_1_kk_elim_8_offices_are_lost_on_the_oath() -> None:
    game = blue_defeated()
    offices = {"judge_royal": None, "treasurer": BLUE, "palatine": None}
    game = position(game, game.state.units, control=game.state.control, offices=offices)
    game = play(game, act("forgo_escape", BLUE), act("swear_fealty", BLUE))
    decision = when(game, act("answer_fealty", RED, accept=True))
    assert types(decision)[:2] == ["OfficeVacated", "FealtySworn"]
    assert then(game, decision).state.offices["treasurer"] is None


def test_kk_elim_4_kk_elim_5_without_fealty_the_conqueror_takes_lands_money_and_one_unit_per_county() -> None:
    game = blue_defeated()
    game = play(game, act("forgo_escape", BLUE))
    decision = when(game, act("decline_fealty", BLUE))
    eliminated = next(e for e in decision.events if e.type == "PlayerEliminated")
    assert eliminated.data["conqueror"] == RED and eliminated.data["treasury_transferred"] == 12
    game = then(game, decision)
    state = game.state
    assert state.lord_status[BLUE] == "eliminated"
    assert state.control["kunsag"] == RED and state.control["tiszahat_k2"] == RED
    assert state.treasury[RED] == 12 and state.treasury[BLUE] == 0
    assert state.force("kunsag", BLUE) == Force() and state.force("tiszahat_k2", BLUE) == Force()
    assert state.defeat["stage"] == "takeover"
    wrong = when(game, act("place_takeover", RED, placements={"kunsag": "cavalry"}))
    assert rule_ids(wrong) == ["KK-ELIM-5"]  # only infantry stood there
    game = play(game, act("place_takeover", RED, placements={"kunsag": "infantry", "tiszahat_k2": None}))
    assert game.state.force("kunsag", RED) == Force(infantry=1)
    assert game.state.force("tiszahat_k2", RED) == Force() and game.state.control["tiszahat_k2"] == RED


def test_a_24_a_refused_oath_means_elimination() -> None:
    game = blue_defeated()
    game = play(game, act("forgo_escape", BLUE), act("swear_fealty", BLUE))
    game = play(game, act("answer_fealty", RED, accept=False))
    assert game.state.lord_status[BLUE] == "eliminated" and game.state.defeat["stage"] == "takeover"


def test_kk_elim_6_a_pending_battle_of_the_fallen_lord_passes_to_the_conqueror() -> None:
    # Blue also attacked Yellow's infantry in Tiszahát D (Bihar) from Tiszahát A.
    extra = {"tiszahat_a": {BLUE: Force(infantry=2)}, "tiszahat_d": {YELLOW: Force(infantry=1)}}
    step = {"to": "tiszahat_d", "groups": [{"from": "tiszahat_a", "units": {"infantry": 2}}]}
    game = fight(lords_battle(extra, step), 6, 1)
    game = play(game, act("forgo_escape", BLUE), act("decline_fealty", BLUE))
    missing = when(game, act("place_takeover", RED, placements={"kunsag": "infantry"}))
    assert rule_ids(missing) == ["KK-ELIM-6"]
    game = play(game, act("place_takeover", RED, placements={"tiszahat_d": "infantry"}))
    battle = game.state.battle_in("tiszahat_d")
    assert battle is not None and battle.attacker == RED and battle.defender == YELLOW
    assert game.state.force("tiszahat_d", RED) == Force(infantry=1)  # one unit, not the two Blue had


def test_kk_lord_8_the_winner_steps_units_to_his_lord_and_then_the_battles_go_on() -> None:
    game = blue_defeated(extra_units=None)
    game = play(game, act("forgo_escape", BLUE), act("swear_fealty", BLUE), act("answer_fealty", RED, accept=True))
    guard = [{"from": "pannonia_k2", "units": {"infantry": 1}, "path": ["pannonia_k1", "pest", "fejer"]}]
    assert rule_ids(when(game, act("take_extra_step", RED, to="fejer", groups=guard))) == ["KK-MOVE-2"]  # 3 MP
    near = {"pest": {RED: Force(infantry=1)}}
    game = position(game, {**game.state.units, **near}, control=game.state.control)
    decision = when(game, act("take_extra_step", RED, to="fejer", groups=[{"from": "pest", "units": {"infantry": 1}}]))
    assert types(decision)[0] == "ExtraStepTaken" and "YearEnded" in types(decision)
    game = then(game, decision)
    assert game.state.force("fejer", RED) == Force(infantry=1, cavalry=1)


def test_kk_lord_9_the_extra_step_never_passes_through_enemy_units() -> None:
    game = blue_defeated()
    game = play(game, act("forgo_escape", BLUE), act("swear_fealty", BLUE), act("answer_fealty", RED, accept=True))
    # Red's cavalry in Pannónia K1 would reach the lord in Fejér through Pest, where a Yellow unit stands.
    units = {**game.state.units, "pannonia_k1": {RED: Force(cavalry=1)}, "pest": {YELLOW: Force(infantry=1)}}
    game = position(game, units, control=game.state.control)
    through = [{"from": "pannonia_k1", "units": {"cavalry": 1}, "path": ["pest", "fejer"]}]
    assert rule_ids(when(game, act("take_extra_step", RED, to="fejer", groups=through))) == ["KK-LORD-9"]
    into = [{"from": "fejer", "units": {"cavalry": 1}, "lord": True, "path": ["kunsag"]}]
    assert rule_ids(when(game, act("take_extra_step", RED, to="kunsag", groups=into))) == ["KK-LORD-9"]
    decline = when(game, act("decline_extra_step", RED))
    assert types(decline)[0] == "ExtraStepDeclined"


def test_a_21_no_extra_step_after_beating_an_army_without_a_lord() -> None:
    game = set_up(PTD)
    units = {**GUARDS, "pest": {RED: Force(cavalry=1)}, "fejer": {BLUE: Force(infantry=1)}}
    game = position(game, units, lords={RED: "pest", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"})
    game = play(game, act("draw_event", RED, card="veres_kard"), act("move", RED, **ATTACK))
    game = play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED), act("lead_arm", RED, arm=None))
    game = fight(game, 6, 1)
    assert game.state.extra_step == {} and game.state.year == 1302


def test_kk_elim_6_a_pending_battle_against_the_conqueror_himself_is_not_fought() -> None:
    extra = {"tiszahat_a": {BLUE: Force(infantry=2)}, "tiszahat_d": {RED: Force(infantry=1)}}
    step = {"to": "tiszahat_d", "groups": [{"from": "tiszahat_a", "units": {"infantry": 2}}]}
    game = fight(lords_battle(extra, step), 6, 1)
    game = play(game, act("forgo_escape", BLUE), act("decline_fealty", BLUE))
    assert game.state.battle_in("tiszahat_d") is None
    game = play(game, act("place_takeover", RED, placements={}), act("decline_extra_step", RED))
    assert game.state.force("tiszahat_d", RED) == Force(infantry=1) and game.state.year == 1302


def test_a_21_any_lord_victory_option_gives_the_step_after_beating_an_army_without_a_lord() -> None:
    game = set_up(PTD, winner_extra_step="any_lord_victory")
    units = {**GUARDS, "pest": {RED: Force(cavalry=1)}, "fejer": {BLUE: Force(infantry=1)}}
    game = position(game, units, lords={RED: "pest", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"})
    game = play(game, act("draw_event", RED, card="veres_kard"), act("move", RED, **ATTACK))
    game = play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED), act("lead_arm", RED, arm=None))
    game = fight(game, 6, 1)
    assert game.state.extra_step == {"seat": RED, "battle": "b1301-1"} and game.state.year == 1301
    assert rule_ids(when(game, act("decline_extra_step", BLUE))) == ["KK-LORD-8"]
    assert play(game, act("decline_extra_step", RED)).state.year == 1302


def test_replay_bookmarks_mark_the_duel_and_the_elimination() -> None:
    from domain.rulesets.kard_es_korona import KARD_ES_KORONA

    game = fight(lords_battle(), 6, 6)
    decision = when(game, act("fight_duel", None, Authority.RECORDER, dice=[6, 1]))
    marks = [m for e in decision.events for m in KARD_ES_KORONA.bookmarks(e)]
    assert "tiszahat: PlayerEliminated" in marks
    started = when(lords_battle(), act("fight_exchange", None, Authority.RECORDER, dice=[6, 6]))
    assert [m for e in started.events for m in KARD_ES_KORONA.bookmarks(e)][-1] == "duel in battle b1301-1"


def test_kk_lord_4_no_next_battle_is_chosen_while_a_defeat_waits() -> None:
    # Blue's second battle (a non-lord battle) waits until Blue's defeat is settled.
    extra = {"tiszahat_a": {BLUE: Force(infantry=2)}, "tiszahat_d": {YELLOW: Force(infantry=1)}}
    step = {"to": "tiszahat_d", "groups": [{"from": "tiszahat_a", "units": {"infantry": 2}}]}
    game = fight(lords_battle(extra, step), 6, 1)
    assert rule_ids(when(game, act("select_battle", BLUE, battle="b1301-2"))) == ["KK-LORD-4"]


def test_kk_elim_2_server_dice_roll_the_escape_and_its_face_decides() -> None:
    game = set_up(PTD, dice="server")
    defeat = {"seat": BLUE, "by": RED, "battle": "b1", "county": "fejer", "stage": "escape", "cause": "battle"}
    game = position(
        game, {**GUARDS, "kunsag": {BLUE: Force(infantry=1)}}, defeat=defeat, lord_status={BLUE: "defeated"}
    )
    decision = when(game, act("attempt_escape", BLUE, to="kunsag"))
    rolled, outcome = decision.events[0], decision.events[1]
    assert rolled.data["seat"] == BLUE and len(rolled.data["faces"]) == 1
    assert outcome.type == ("EscapeSucceeded" if rolled.data["faces"] == [6] else "EscapeFailed")


def blue_defeated_by_reds_vassal() -> Game:
    """Yellow, Red's vassal (his lord off the board), beats Blue's lord in Fejér with lordless cavalry from Pest."""
    units = {**GUARDS, "pest": {YELLOW: Force(cavalry=2)}, "fejer": {BLUE: Force(infantry=1)}}
    game = position(
        set_up(PTD),
        {**units, "kunsag": {BLUE: Force(infantry=1)}},
        lords={RED: "pannonia_k2", BLUE: "fejer", YELLOW: None},
        lieges={YELLOW: RED},
        lord_status={YELLOW: "vassal"},
        treasury={RED: 0, BLUE: 12, YELLOW: 0},
    )
    game = play(game, act("draw_event", RED, card="veres_kard"), act("pass", RED), act("pass", BLUE))
    game = play(game, act("move", YELLOW, to="fejer", groups=[{"from": "pest", "units": {"cavalry": 2}}]))
    game = play(game, act("pass", YELLOW), act("lead_arm", BLUE, arm="infantry"))
    game = fight(game, 6, 6, 1)  # Yellow's two cavalry kill the infantry; Blue's misses
    assert game.state.defeat["by"] == YELLOW and game.state.defeat["stage"] == "escape"
    return play(game, act("forgo_escape", BLUE))


def test_kk_elim_3_a_29_no_fealty_to_a_vassal_so_the_fallen_lords_castles_count_for_the_top_liege() -> None:
    """Decision (N4): a vassal takes no vassal. The seed knows one liege and his vassal (L213-215) and A-29 frees a
    liege's vassals when he swears fealty himself; so fealty to a vassal is refused, as to neutrals (A-24)."""
    game = blue_defeated_by_reds_vassal()
    assert rule_ids(when(game, act("swear_fealty", BLUE))) == ["KK-ELIM-3"]
    assert offered(game, BLUE, "swear_fealty") == [] and offered(game, BLUE, "decline_fealty") == [{}]
    game = play(game, act("decline_fealty", BLUE))
    state = game.state
    assert state.lord_status[BLUE] == "eliminated" and state.lieges == {YELLOW: RED}  # KK-ELIM-4: no chain
    assert state.control["tiszahat_k2"] == YELLOW and state.treasury[YELLOW] == 12
    assert holds_for(state, RED, "tiszahat_k2")  # Blue's castle, now Yellow's, counts for Red (KK-VASSAL-4)
