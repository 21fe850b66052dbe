"""Phase V, the office elections: KK-ELECT-1..14, KK-OFFICE-5 and the worked example E3.

Amounts are worked out from the rulebook (L218-L226): every bid goes to the royal treasury, a tied bidder who
does not get the office gets half of his bid back, rounded down.
"""

from __future__ import annotations

import json

from domain.kernel import Game, Viewer
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.election_state import OfficeSale
from tests.domain.kard_es_korona.builders import act, play, rule_ids, then, types, when, with_state
from tests.domain.kard_es_korona.election_helpers import at_election, awarded, bid, seal, year_end

F, E, S = "felvidek", "erdely", "szlavonia"
FOUR = ("felvidek", "tiszahat", "delvidek", "szlavonia")
P1, P2, P3, P4 = FOUR


def test_kk_elect_1_election_opens_when_1303_ends() -> None:
    game = at_election({F: 20, E: 15, S: 12})
    state = game.state
    assert state.phase == "election"
    assert state.election is not None and state.election.office == "judge_royal"
    assert state.election.eligible == (F, E, S)
    [round_] = game.meta.sealed.values()
    assert round_.seats == (F, E, S)


def test_kk_elect_1_no_election_when_1304_ends() -> None:
    game = at_election({F: 20, E: 15, S: 12}, year=1304)
    assert game.state.phase == "event" and game.state.year == 1305
    assert game.state.election is None and not game.meta.sealed


def test_kk_event_4_kiralyvalasztas_opens_an_extraordinary_election_in_1302() -> None:
    game = at_election({F: 3, E: 4, S: 5}, year=1302, extraordinary_election=True)
    assert game.state.election is not None and game.state.election.reason == "kiralyvalasztas"
    assert game.state.elections_held == 1


def test_kk_elect_1_kiralyvalasztas_in_the_last_year_holds_the_election_and_then_the_game_is_finished() -> None:
    game = at_election({F: 2, E: 1, S: 0}, year=1308, extraordinary_election=True)
    assert game.state.phase == "election"
    game, _ = bid(game, {F: 0, E: 0, S: 0})
    game, _ = bid(game, {F: 0, E: 0, S: 0})
    game, decision = bid(game, {F: 1, E: 0, S: 0})
    closed = next(e for e in decision.events if e.type == "ElectionClosed")
    assert closed.data["next"] == "finished"
    # KK-WIN-7 then decides the winner at the end of the last year (the game ends with the election).
    assert types(decision)[-2:] == ["FinalStandingsCounted", "GameEnded"]
    assert game.state.phase == "finished" and game.state.offices["palatine"] == F


def test_kk_elect_3_every_eligible_treasury_is_declared_before_the_first_auction() -> None:
    game, decision = year_end({F: 20, E: 15, S: 12}, lord_status={S: "vassal"})
    assert types(decision)[2:5] == ["ElectionOpened", "TreasuriesDeclared", "AuctionOpened"]
    [declared] = [e.data for e in decision.events if e.type == "TreasuriesDeclared"]
    assert declared["amounts"] == {F: 20, E: 15}
    view = KARD_ES_KORONA.view(then(game, decision).state, Viewer(E))
    assert view["treasury"] == {E: 15}


def test_kk_elect_3_spectator_sees_no_treasury_and_arbiter_sees_all_during_the_election() -> None:
    state = at_election({F: 20, E: 15, S: 12}).state
    assert KARD_ES_KORONA.view(state, Viewer()).get("treasury") == {}
    assert KARD_ES_KORONA.view(state, Viewer(arbiter=True))["treasury"] == {F: 20, E: 15, S: 12}


def test_kk_elect_14_a_captive_player_is_not_in_the_sealed_round() -> None:
    game = at_election({F: 20, E: 15, S: 12}, lord_status={E: "captive"})
    assert game.state.election is not None and game.state.election.eligible == (F, S)
    [round_] = game.meta.sealed.values()
    assert E not in round_.seats


def test_kk_elect_14_with_nobody_eligible_the_holders_keep_their_offices_and_the_next_year_begins() -> None:
    captive = dict.fromkeys((F, E, S), "captive")
    game = at_election({F: 20, E: 15, S: 12}, {"palatine": E}, lord_status=captive)
    assert game.state.year == 1304 and game.state.phase == "event" and not game.meta.sealed
    assert game.state.offices == {"judge_royal": None, "treasurer": None, "palatine": E}


def test_kk_elect_6_a_bid_above_the_treasury_is_refused() -> None:
    game = at_election({F: 20, E: 15, S: 12})
    _, decision = seal(game, S, 13)
    assert rule_ids(decision) == ["KK-ELECT-6"]


def test_kk_elect_6_a_negative_or_fractional_bid_is_refused() -> None:
    game = at_election({F: 20, E: 15, S: 12})
    assert rule_ids(seal(game, S, -1)[1]) == ["KK-ELECT-6"]
    assert rule_ids(seal(game, S, 2.5)[1]) == ["KK-ELECT-6"]


def test_kk_elect_7_kk_elect_8_highest_bid_wins_and_every_bid_is_paid() -> None:
    game, decision = bid(at_election({F: 20, E: 15, S: 12}), {F: 5, E: 8, S: 0})
    [award] = awarded(decision)
    assert award["holder"] == E and award["outcome"] == "highest_bid"
    assert game.state.offices["judge_royal"] == E
    assert game.state.treasury == {F: 15, E: 7, S: 12}  # 20-5, 15-8 (A-36: the winner pays too)
    assert game.state.royal_treasury == 13


def test_kk_elect_5_the_treasurer_auction_follows_with_the_judge_royal_payments_settled() -> None:
    game, decision = bid(at_election({F: 20, E: 15, S: 12}), {F: 5, E: 8, S: 0})
    assert types(decision)[-2:] == ["AuctionOpened", "SealedRoundOpened"]
    assert game.state.election is not None and game.state.election.office == "treasurer"
    assert rule_ids(seal(game, E, 8)[1]) == ["KK-ELECT-6"]  # Erdély has 7 left


def test_kk_elect_9_kk_elect_12_the_holder_keeps_a_tied_office_and_the_other_gets_half_back() -> None:
    game = at_election({F: 20, E: 15, S: 12}, offices={"judge_royal": F}, elections_held=1, year=1306)
    game, decision = bid(game, {F: 7, E: 7, S: 1})
    [award] = awarded(decision)
    assert award["holder"] == F and award["outcome"] == "incumbent_tie"
    assert game.state.treasury == {F: 13, E: 11, S: 11}  # Erdély: 15 - 7 + ⌊7/2⌋ = 11


def test_kk_elect_10_a_tie_at_the_first_election_goes_to_a_roll_off() -> None:
    game, decision = bid(at_election({F: 20, E: 15, S: 12}), {F: 0, E: 5, S: 5})
    assert types(decision)[-1] == "AuctionTied"
    assert game.state.election is not None and game.state.election.awaiting == "roll_off"
    rolled = when(game, act("roll_off", E, dice=[2, 5]))
    [award] = awarded(rolled)
    assert award["holder"] == S and award["outcome"] == "roll_off"
    game = then(game, rolled)
    assert game.state.treasury == {F: 20, E: 12, S: 7}  # Erdély 15 - 5 + 2, Szlavónia 12 - 5


def test_kk_elect_11_kk_elect_10_the_tie_ruling_says_why_no_palatine_decides_before_the_roll_off() -> None:
    """A-34: at the first election no Palatine breaks a tie, even one an arbiter's position seats; from the second
    on, a tie with no Palatine seated is rolled off too (KK-ELECT-11's last sentence). Both cite KK-ELECT-11."""
    first = at_election({F: 20, E: 15, S: 12}, offices={"palatine": F})
    _, decision = bid(first, {F: 0, E: 5, S: 5})
    cited = [step.rule_id for step in decision.trace if "tie" in step.text]
    assert cited == ["KK-ELECT-11", "KK-ELECT-10"]
    assert "first election" in next(step.text for step in decision.trace if step.rule_id == "KK-ELECT-11")
    second = at_election({F: 20, E: 15, S: 12}, year=1306, elections_held=1)
    _, decision = bid(second, {F: 0, E: 5, S: 5})
    assert [step.rule_id for step in decision.trace if "tie" in step.text] == ["KK-ELECT-11", "KK-ELECT-10"]
    assert "no Palatine" in next(step.text for step in decision.trace if step.rule_id == "KK-ELECT-11")


def test_kk_elect_10_players_tied_on_the_die_roll_again() -> None:
    game, _ = bid(at_election({F: 20, E: 15, S: 12}), {F: 4, E: 4, S: 4})
    rolled = when(game, act("roll_off", F, dice=[6, 2, 6, 1, 3]))
    assert [e.data["leaders"] for e in rolled.events if e.type == "TieRolled"] == [[F, S], [S]]
    [award] = awarded(rolled)
    assert award["holder"] == S and award["refunds"] == {F: 2, E: 2}


def test_kk_elect_10_server_dice_roll_off_names_one_winner_among_the_tied() -> None:
    game = at_election({F: 20, E: 15, S: 12}, game={"dice": "server"})
    game, _ = bid(game, {F: 0, E: 5, S: 5})
    rolled = when(game, act("roll_off", E))
    dice = [e for e in rolled.events if e.type == "DiceRolled"]
    assert dice and all(e.data["purpose"] == "kk:election-1303:judge_royal:roll-off" for e in dice)
    [award] = awarded(rolled)
    last = dice[-1].data["faces"]
    assert award["holder"] == (E if last[0] > last[1] else S)  # the final roll separates the two
    assert award["refunds"] == {({E, S} - {award["holder"]}).pop(): 2}


def test_kk_elect_10_a_roll_off_without_a_tie_is_refused() -> None:
    game = at_election({F: 20, E: 15, S: 12})
    assert rule_ids(when(game, act("roll_off", F, dice=[3, 4]))) == ["KK-ELECT-10"]


def judge_in_a_treasurer_roll_off() -> Game:
    """1306: Felvidék is Judge Royal (kept with a lone bid of 3); Felvidék and Erdély tie at 5 for Treasurer."""
    game = at_election({F: 20, E: 15, S: 12}, {"judge_royal": F}, year=1306, elections_held=1)
    game, _ = bid(game, {F: 3, E: 0, S: 0})
    game, _ = bid(game, {F: 5, E: 5, S: 0})
    return game


def test_kk_office_2_the_judge_royal_rerolls_his_losing_roll_off_die_and_the_new_result_stands() -> None:
    game = judge_in_a_treasurer_roll_off()
    game = play(game, act("roll_off", E, dice=[2, 4]))
    assert game.state.election is not None and game.state.election.awaiting == "judge_reroll"
    assert rule_ids(when(game, act("reroll_tie_die", E, reroll=True, dice=[6]))) == ["KK-OFFICE-2"]
    assert rule_ids(when(game, act("roll_off", E, dice=[1, 1]))) == ["KK-ELECT-10"]
    rerolled = when(game, act("reroll_tie_die", F, reroll=True, dice=[6]))
    [award] = awarded(rerolled)
    assert award["holder"] == F and award["refunds"] == {E: 2}
    worse = when(game, act("reroll_tie_die", F, reroll=True, dice=[1]))
    assert awarded(worse)[0]["holder"] == E


def test_no_reroll_offered_kk_office_2_when_the_judge_royal_ties_the_roll_off_with_a_6() -> None:
    """KK-OFFICE-2, seed 000 L233: „Minden egyéb olyan esetben, amikor a játékosnak dobnia kell … egyszer
    újradobhatja azt!" — his 6 cannot beat the other 6: the tied bidders roll again at once."""
    game = judge_in_a_treasurer_roll_off()
    decision = when(game, act("roll_off", E, dice=[6, 6, 5, 2]))  # Felvidék 6, Erdély 6; then 5 against 2
    assert [e.data["awaiting"] for e in decision.events if e.type == "TieRolled"] == ["roll_off", "roll_off"]
    assert [s.rule_id for s in decision.trace if "none is offered" in s.text] == ["KK-OFFICE-2"]
    [award] = awarded(decision)
    assert award["holder"] == F


def test_kk_office_2_the_judge_royal_may_keep_his_die() -> None:
    game = play(judge_in_a_treasurer_roll_off(), act("roll_off", E, dice=[3, 3]))
    kept = when(game, act("reroll_tie_die", F, reroll=False))
    assert types(kept) == ["TieRollSettled"]
    game = then(game, kept)
    assert game.state.election is not None and game.state.election.awaiting == "roll_off"
    assert game.state.election.tied == (F, E)


def test_kk_office_2_no_pause_when_the_judge_royal_wins_the_roll() -> None:
    game = judge_in_a_treasurer_roll_off()
    assert awarded(when(game, act("roll_off", E, dice=[5, 4])))[0]["holder"] == F


def test_kk_elect_11_e3_the_palatine_decides_a_tie_at_the_second_election() -> None:
    offices = {"judge_royal": P1, "treasurer": P2, "palatine": P3}
    game = at_election({P1: 20, P2: 15, P3: 12, P4: 9}, offices, year=1306, seats=FOUR, elections_held=1)
    game, decision = bid(game, {P1: 5, P2: 8, P3: 0, P4: 8})
    assert types(decision)[-1] == "AuctionTied" and game.state.turn == P3
    assert rule_ids(when(game, act("decide_tie", P2, player=P2))) == ["KK-OFFICE-5"]
    assert rule_ids(when(game, act("decide_tie", P3, player=P1))) == ["KK-ELECT-11"]
    game = play(game, act("decide_tie", P3, player=P4))
    assert game.state.offices["judge_royal"] == P4
    assert game.state.treasury == {P1: 15, P2: 11, P3: 12, P4: 1}
    assert game.state.election is not None and game.state.election.office == "treasurer"


def test_kk_elect_13_nobody_bids_the_holder_keeps_and_a_vacant_office_stays_unfilled() -> None:
    game = at_election({F: 20, E: 15, S: 12}, offices={"judge_royal": F}, elections_held=1, year=1306)
    game, decision = bid(game, {F: 0, E: 0, S: 0})
    assert awarded(decision)[0]["outcome"] == "no_bids_retained" and game.state.offices["judge_royal"] == F
    game, decision = bid(game, {F: 0, E: 0, S: 0})
    assert awarded(decision)[0]["outcome"] == "no_bids_unfilled" and game.state.offices["treasurer"] is None
    assert game.state.treasury == {F: 20, E: 15, S: 12}


def test_kk_elect_2_the_next_year_begins_after_the_palatine_auction() -> None:
    game = at_election({F: 20, E: 15, S: 12})
    game, _ = bid(game, {F: 3, E: 0, S: 0})
    game, _ = bid(game, {F: 0, E: 4, S: 0})
    game, decision = bid(game, {F: 0, E: 0, S: 2})
    assert types(decision)[-2:] == ["ElectionClosed", "YearBegan"]
    state = game.state
    assert state.year == 1304 and state.phase == "event" and state.election is None
    assert state.offices == {"judge_royal": F, "treasurer": E, "palatine": S}
    assert KARD_ES_KORONA.view(state, Viewer(E))["treasury"] == {F: 17, E: 11, S: 10}  # public again


def test_kk_elect_4_money_transfer_is_refused_during_the_election() -> None:
    game = at_election({F: 20, E: 15, S: 12})
    assert rule_ids(when(game, act("transfer_money", F, to=E, amount=5))) == ["KK-ELECT-4"]


def test_every_event_of_an_election_has_its_own_notation_line() -> None:
    game, opening = year_end({F: 20, E: 15, S: 12}, lord_status={S: "captive"})
    game = then(game, opening)
    events = list(opening.events)
    for amounts in ({F: 4, E: 0}, {F: 4, E: 4}):
        game, decision = bid(game, amounts)
        events += decision.events
    rolled = when(game, act("roll_off", E, dice=[1, 2]))
    assert rolled.events[-1].type == "TieRolled"  # the Judge Royal Felvidék may reroll his 1
    game = then(game, rolled)
    settled = when(game, act("reroll_tie_die", F, reroll=False))
    events += [*rolled.events, *settled.events]
    game = then(game, settled)
    _, decision = bid(game, {F: 3, E: 0})
    events += decision.events
    lines = {e.type: KARD_ES_KORONA.notation(e, game.state) for e in events}
    assert {"TieRolled", "TieRollSettled", "ElectionClosed", "SubmissionsRevealed"} <= set(lines)
    assert [kind for kind, line in lines.items() if line == kind] == []


def test_election_events_have_readable_notation_and_bookmarks() -> None:
    game = at_election({F: 20, E: 15, S: 12})
    _, decision = bid(game, {F: 5, E: 8, S: 0})
    [event] = [e for e in decision.events if e.type == "OfficeAwarded"]
    line = KARD_ES_KORONA.notation(event, game.state)
    assert line.startswith("Judge Royal: Erdély (highest bid")
    opened = next(e for e in decision.events if e.type == "AuctionOpened")
    assert KARD_ES_KORONA.bookmarks(opened) == ("auction: Treasurer",)


def test_a_state_mid_election_round_trips_through_its_json_form() -> None:
    game = play(judge_in_a_treasurer_roll_off(), act("roll_off", E, dice=[2, 4]))
    state = with_state(game, office_sale=OfficeSale("palatine", S, F, 3)).state
    document = json.loads(json.dumps(KARD_ES_KORONA.dump_state(state)))
    assert KARD_ES_KORONA.load_state(document) == state


def test_a_document_from_before_the_election_fields_loads_with_their_defaults() -> None:
    document = KARD_ES_KORONA.dump_state(at_election({F: 1, E: 1, S: 1}, year=1304).state)
    for name in ("election", "elections_held", "office_sale"):
        del document[name]
    loaded = KARD_ES_KORONA.load_state(document)
    assert loaded.election is None and loaded.elections_held == 0 and loaded.office_sale is None
