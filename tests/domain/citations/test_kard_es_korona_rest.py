"""The last Kard és Korona refusal paths cite the rule that bars the action (issue 17, point 4): sealed rounds, the
board check, the Rainy Autumn roll, Szlavónia's closed region, the lord's own movement points, the frozen player
and the advanced retreat's destinations.

Positions come from the rule tests' own builders (`tests/domain/kard_es_korona`); each case quotes the catalog.
"""

from __future__ import annotations

from domain.kernel import Authority, Game, Mode, SealedRound
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.elections import BID_PURPOSE
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.citations.paths_kard_es_korona import KARD_ES_KORONA as INVENTORY
from tests.domain.citations.test_kard_es_korona import RED_K1, Path, cites, recruiting
from tests.domain.kard_es_korona.builders import act, new_game, play, position, rule_ids, set_up, when
from tests.domain.kard_es_korona.election_helpers import at_election, bid
from tests.domain.kard_es_korona.small_boards import province_board
from tests.domain.kard_es_korona.test_defeat import lords_battle
from tests.domain.kard_es_korona.test_event_cards import rainy_siege
from tests.domain.kard_es_korona.test_movement_rules import A, B, C, e5_game, step
from tests.domain.kard_es_korona.test_options_and_views import FIVE
from tests.domain.kard_es_korona.test_pinning import moving
from tests.domain.kard_es_korona.test_pinning import step as step_of
from tests.domain.kard_es_korona.test_retreat import BLUE, RED, YELLOW, battle, fejer_battle, fight, red_stays, retreat
from tests.domain.kard_es_korona.test_turn_order import choose, traditional

F, E, S = "felvidek", "erdely", "szlavonia"


def _sealed(game: Game, sealed: SealedRound, seat: str, path: Path) -> list[str]:
    assert path in INVENTORY, f"{path} is not an inventoried refusal path"
    return [v.rule_id for v in KARD_ES_KORONA.sealed_errors(game, sealed, seat, {"amount": 0})]


def test_sealed_bid_refused_kk_elect_5_when_its_auction_was_settled_before_the_next_began() -> None:
    """KK-ELECT-5: "Each auction is settled, with its payments, before the next one begins" — once the Judge
    Royal's auction is settled and the Treasurer's opened, a bid sealed in the Judge Royal's round is no bid."""
    game = at_election({F: 20, E: 15, S: 12})
    first = game.state.election.round
    game, _ = bid(game, {F: 5, E: 0, S: 0})
    assert game.state.election.round != first  # the Treasurer's auction is under way
    stale = SealedRound(first, (F, E, S), BID_PURPOSE + "judge_royal")
    assert _sealed(game, stale, S, ("KK-ELECT-5", "elections:sealed_errors")) == ["KK-ELECT-5"]


def test_sealed_submission_refused_kk_turn_2_outside_the_election_phase() -> None:
    """KK-TURN-2: the year's phases are I–V and only phase V's elections bid secretly (KK-ELECT-6); a sealed
    round of any other purpose has no phase of the year to belong to."""
    game = set_up()
    other = SealedRound("r1", (F, E, S), "kk:orders")
    assert _sealed(game, other, F, ("KK-TURN-2", "ruleset:KardEsKoronaRuleset.sealed_errors")) == ["KK-TURN-2"]


def test_every_action_refused_kk_gen_1_when_the_board_side_is_not_the_variants() -> None:
    """KK-GEN-1: "The basic variant is played on the basic map side ... The advanced variant is played on the other
    side" — an advanced game on the basic board refuses even its first action."""
    game = new_game(variant="advanced", board=province_board("basic"))
    first = act("choose_first_player", None, Authority.RECORDER, player=F)
    cites(("KK-GEN-1", "decide:_decide"), game, first, "KK-GEN-1")


def test_siege_fought_before_the_rainy_autumn_roll_refused_kk_event_7() -> None:
    """KK-EVENT-7: Rainy Autumn "makes a player roll a die ... It can force an army to abandon a siege" — so the
    siege of Pest is not fought before the besieger's roll."""
    fight_first = act("fight_exchange", None, Authority.RECORDER, dice=[1, 1, 1, 1])
    cites(("KK-EVENT-7", "decide:_decide"), rainy_siege(), fight_first, "KK-EVENT-7")


def test_judge_royal_reroll_choice_refused_kk_office_2_when_it_is_no_yes_or_no() -> None:
    """KK-OFFICE-2: the Judge Royal "may reroll his own roll once" — whether he does is yes or no, both for the
    Rainy Autumn roll and for the traditional starting-player roll (KK-TRAD-1)."""
    rain = act("roll_event_die", RED, dice=[2], judge_royal_reroll="maybe")
    cites(("KK-OFFICE-2", "event_die:decide_roll_event_die"), rainy_siege(judge_royal=True), rain, "KK-OFFICE-2")
    game = play(choose(traditional(), "first"), act("pass", F), act("pass", E), act("pass", S))
    assert game.state.phase == "starting_roll"
    roll = act("roll_for_starting_player", None, Authority.RECORDER, dice=[1, 2, 6, 6, 3, 4], judge_royal_reroll=1)
    cites(("KK-OFFICE-2", "starting_player:decide_roll_for_starting_player"), game, roll, "KK-OFFICE-2")


def _five_at_pannonias_turn() -> Game:
    """5 players (Szlavónia out): Pannónia has 2 cavalry and 1 infantry in its K1, next to Szlavónia's M, and 1
    cavalry in Pest, next to Szlavónia's K1."""
    game = set_up(FIVE)
    units = {"pannonia_k1": {"pannonia": Force(cavalry=2, infantry=1)}, "pest": {"pannonia": Force(cavalry=1)}}
    game = position(game, units, lords={**game.state.lords, "pannonia": "pannonia_k1"})
    game = play(game, act("draw_event", F, card="veres_kard"))
    return play(game, *(act("pass", s) for s in ("felvidek", "tiszahat", "erdely", "delvidek")))


def test_step_refused_kk_setup_2_when_it_ends_in_or_crosses_szlavonias_closed_region() -> None:
    """KK-SETUP-2: with 5 players "Its region between the Drava and the Sava is closed: no unit may enter it. Of
    Szlavónia's (yellow) counties only Baranya is in play" — a step may neither end in Szlavónia M nor reach
    Baranya (Szlavónia A, open) through Szlavónia K1 (closed)."""
    game = _five_at_pannonias_turn()
    into = act("move", "pannonia", to="szlavonia_m", groups=[{"from": "pannonia_k1", "units": {"cavalry": 1}}])
    cites(("KK-SETUP-2", "step_checks:outside_the_closed_region"), game, into, "KK-SETUP-2")
    assert "szlavonia_k1" in game.state.closed and "szlavonia_a" not in game.state.closed
    group = {"from": "pest", "units": {"cavalry": 1}, "path": ["szlavonia_k1", "szlavonia_a"]}
    through = act("move", "pannonia", to="szlavonia_a", groups=[group])
    cites(("KK-SETUP-2", "movement:_group_path"), game, through, "KK-SETUP-2")


def test_lord_alone_refused_kk_move_7_when_his_path_costs_more_than_4_mp() -> None:
    """KK-MOVE-7: "The lord moves like cavalry, with 4" MP. Alone from A across the Tisza into the swamp B (3,
    KK-MOVE-8), then C (1) and the castle K2 (1): 5 MP, one more than he has."""
    game = e5_game(lord_in=A)
    lone = act(
        "move", RED, to="pannonia_k2", groups=[{"from": A, "units": {}, "lord": True, "path": [B, C, "pannonia_k2"]}]
    )
    cites(("KK-MOVE-7", "movement:_group_cost"), game, lone, "KK-MOVE-7")
    assert "KK-MOVE-7" not in rule_ids(when(game, step(C, (A, {}, [B, C]), lord_from=A)))  # 4 MP: his to spend


def test_step_refused_kk_adv_3_when_the_players_lord_is_attacked() -> None:
    """KK-ADV-3: a player whose lord is attacked "may only pass" for the rest of the year (KK-MOVE-4) — Blue,
    attacked in Fejér by Red, may not step from Kunság. His turns are passed for him, so it is never his turn when
    he tries: the attacked lord, not the turn order (KK-MOVE-1), is what bars him."""
    units = {"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=1)}, "kunsag": {BLUE: Force(cavalry=1)}}
    game = play(moving(units, lords={BLUE: "fejer"}), step_of(RED, "fejer", "pest", {"infantry": 1}))
    assert game.state.turn == YELLOW  # Blue's turns are passed for him (PlayerMovementFrozen)
    blue_steps = step_of(BLUE, "tiszahat_k1", "kunsag", {"cavalry": 1}, ["fejer", "pest", "tiszahat_k1"])
    cites(("KK-ADV-3", "step_checks:lord_not_attacked"), game, blue_steps, "KK-ADV-3")
    # A transcript records the step with every rule it breaks, the attacked lord's first: then the turn order,
    # then KK-MOVE-11 (the path crosses Fejér, where Red's infantry now stands).
    recorded = play(
        moving(units, lords={BLUE: "fejer"}, mode="transcript"), step_of(RED, "fejer", "pest", {"infantry": 1})
    )
    decision = when(recorded, blue_steps)
    assert rule_ids(decision) == ["KK-ADV-3", "KK-MOVE-1", "KK-MOVE-11"] and decision.events


def test_retreat_refused_kk_adv_8_9_10_when_the_destination_is_not_the_sides_own() -> None:
    """KK-ADV-8: the attacker retreats to a county an attacking unit came from (Pest, not Kunság); KK-ADV-9: the
    defender to an adjacent county without enemies that no attacker came from (not Pest); KK-ADV-10: with no such
    county (Kunság held by Yellow) there is no retreat at all."""
    path: Path = ("rule", "retreat_choices:decide_retreat")
    cites(path, fejer_battle(), retreat(RED, "kunsag", 1, 1), "KK-ADV-8")
    cites(path, red_stays(fejer_battle()), retreat(BLUE, "pest", 1, 1), "KK-ADV-9")
    units = {
        "pest": {RED: Force(infantry=3)},
        "fejer": {BLUE: Force(infantry=2)},
        "kunsag": {"delvidek": Force(archer=1)},
    }
    boxed_in = fight(battle(units, "fejer", "pest", {"infantry": 2}), 1, 1, 1, 1)
    cites(path, red_stays(boxed_in), retreat(BLUE, "kunsag", 1, 1), "KK-ADV-10")


def test_transcript_retreat_into_a_full_castle_records_kk_castle_2_after_kk_adv_8() -> None:
    """KK-CASTLE-2: a castle holds at most 7 units. Pest keeps 1 infantry, 3 archers and 2 cavalry; Red's 2
    attacking infantry retreating there would make 8 (no arm above half, so KK-CASTLE-4 holds), so Pest is no
    legal destination (KK-ADV-8) and the transcript records both."""
    units = {"pest": {RED: Force(infantry=3, archer=3, cavalry=2)}, "fejer": {BLUE: Force(infantry=2)}}
    game = fight(battle(units, "fejer", "pest", {"infantry": 2}, mode="transcript"), 1, 1, 1, 1)
    assert game.meta.mode is Mode.TRANSCRIPT
    cites(("rule_id", "retreat_choices:decide_retreat"), game, retreat(RED, "pest", 1, 1), "KK-ADV-8", "KK-CASTLE-2")


def test_recruit_over_a_castles_capacity_cites_kk_castle_2_then_the_kk_recruit_4_umbrella() -> None:
    """KK-RECRUIT-4: "After placement every castle must respect the 7-unit capacity (KK-CASTLE-2)" — Red's K1
    holds 4 units (BASIC_START); 4 more infantry make 8: the castle's own rule leads, the recruitment umbrella
    follows, both naming KK-CASTLE-2 as the limit broken."""
    purchases = [{"castle": RED_K1, "arm": "infantry", "count": 4}]
    buy = act("recruit", RED, purchases=purchases)
    cites(("KK-RECRUIT-4", "economy:_breaks_castle_limits"), recruiting(), buy, "KK-CASTLE-2", "KK-RECRUIT-4")
    limits = [v.details.get("limit_rule") for v in when(recruiting(), buy).violations]
    assert limits == ["KK-CASTLE-2", "KK-CASTLE-2"]


def test_escape_refused_kk_elim_2_to_a_county_that_is_no_escape_route() -> None:
    """KK-ELIM-2: the defeated lord may escape "if at least one of his own units stands in a county at distance
    one" — Blue, beaten in Fejér (Red's 6 against his 1), may run to Kunság (his infantry), not to Pest (Red's)."""
    game = fight(lords_battle(), 6, 1)
    assert game.state.defeat is not None
    cites(
        ("KK-ELIM-2", "defeat_choices:decide_attempt_escape"),
        game,
        act("attempt_escape", BLUE, to="pest", dice=[6]),
        "KK-ELIM-2",
    )
