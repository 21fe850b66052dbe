"""Who may bid in an election and who decides its ties (KK-ELECT-10/11/14), and whose battle follows a forced
battle in the siege stage (KK-BATTLE-12, KK-SIEGE-11): the QA pass's D5, D6 and D7.

Outcomes are worked out from the rulebook (seed 000): who is refused and why, who decides a tie, which siege is
fought next.
"""

from __future__ import annotations

from dataclasses import replace

from domain.kernel import Viewer
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from tests.domain.kard_es_korona.builders import act, rule_ids, then, when, with_state
from tests.domain.kard_es_korona.election_helpers import at_election, awarded, bid, seal

F, E, S = "felvidek", "erdely", "szlavonia"


# --- D5: KK-ELECT-14, who may bid ---


def test_sealed_bid_refused_citing_kk_elect_14_when_the_bidder_is_a_vassal() -> None:
    """KK-ELECT-14: "Captive players and vassals may not take part." Seed 000 L213, the vassal: „és ezentúl a
    tisztségviselő választáson sem vehet részt" — the Kard és Korona reason comes first, the platform's
    CORE-SEAL-1 (Szlavónia has no place in the sealed round) after it."""
    game = at_election({F: 10, E: 10, S: 10}, lieges={S: F}, lord_status={S: "vassal"})
    after, decision = seal(game, S, 3)
    assert rule_ids(decision) == ["KK-ELECT-14", "CORE-SEAL-1"]
    assert after is game and not decision.events


def test_sealed_bid_refused_citing_kk_elect_14_when_the_bidders_lord_is_a_captive() -> None:
    """KK-ELECT-14; seed 000 L83, the captive: „amíg nem váltották ki, nem vehet részt tisztségviselő
    választáson"."""
    game = at_election({F: 10, E: 10, S: 10}, lord_status={E: "captive"})
    assert rule_ids(seal(game, E, 3)[1]) == ["KK-ELECT-14", "CORE-SEAL-1"]


def test_sealed_bid_still_refused_citing_core_seal_1_alone_when_a_free_lord_seals_twice() -> None:
    """CORE-SEAL-1 (a seat seals once) is untouched for the lords who do bid: Felvidék's second bid is refused
    by the platform alone; Erdély, who is free, seals as before."""
    game, _ = seal(at_election({F: 10, E: 10, S: 10}, lord_status={S: "vassal"}), F, 3)
    assert rule_ids(seal(game, F, 4)[1]) == ["CORE-SEAL-1"]
    assert rule_ids(seal(game, E, 4)[1]) == []


# --- D7: KK-ELECT-10/11, who decides a tie at the first election ---


def test_tie_goes_to_a_roll_off_kk_elect_10_when_a_palatine_is_seated_at_the_first_election() -> None:
    """KK-ELECT-11 gives the Palatine the tie only "from the second election of the game on"; seed 000 L224:
    „A második választástól még jobban felértékelődik a nádor jelentősége: ugyanis, ha két játékos ugyanannyit
    licitál, … ő döntheti el". At the first election (1303) Erdély, seated as Palatine, does not decide the
    Felvidék-Szlavónia tie at 4: the dice do (KK-ELECT-10); the loser gets ⌊4/2⌋ = 2 back (KK-ELECT-12)."""
    game = at_election({F: 10, E: 10, S: 10}, offices={"palatine": E})
    game, decision = bid(game, {F: 4, E: 0, S: 4})
    [tied] = [e.data for e in decision.events if e.type == "AuctionTied"]
    assert (tied["awaiting"], tied["decider"]) == ("roll_off", None)
    assert "KK-ELECT-10" in [step.rule_id for step in decision.trace]
    assert "KK-ELECT-11" not in [step.rule_id for step in decision.trace]
    assert rule_ids(when(game, act("decide_tie", E, player=E))) == ["KK-ELECT-11"]
    pending = KARD_ES_KORONA.pending(game, Viewer(arbiter=True))
    offered = {o.type for w in pending.waiting for o in w.options}
    assert "roll_off" in offered and "decide_tie" not in offered
    rolled = when(game, act("roll_off", F, dice=[2, 5]))
    [award] = awarded(rolled)
    assert (award["holder"], award["refunds"]) == (S, {F: 2})
    assert then(game, rolled).state.treasury == {F: 8, E: 10, S: 6}


def test_tie_goes_to_a_roll_off_kk_elect_10_when_an_older_record_named_the_palatine_at_the_first_election() -> None:
    """KK-ELECT-11: a game recorded before the fix named the seated Palatine as the first election's decider in
    its AuctionOpened; the tie still goes to the dice (KK-ELECT-10)."""
    game = at_election({F: 10, E: 10, S: 10}, offices={"palatine": E})
    assert game.state.election is not None
    game = with_state(game, election=replace(game.state.election, decider=E))
    game, _ = bid(game, {F: 4, E: 0, S: 4})
    assert game.state.election is not None and game.state.election.awaiting == "roll_off"


def test_palatine_decides_the_tie_kk_elect_11_at_the_second_election() -> None:
    """KK-ELECT-11: from the second election (1306 here) the seated Palatine Erdély decides the same tie."""
    game = at_election({F: 10, E: 10, S: 10}, offices={"palatine": E}, elections_held=1, year=1306)
    game, decision = bid(game, {F: 4, E: 0, S: 4})
    [tied] = [e.data for e in decision.events if e.type == "AuctionTied"]
    assert (tied["awaiting"], tied["decider"]) == ("palatine", E)
    [award] = awarded(when(game, act("decide_tie", E, player=F)))
    assert (award["holder"], award["refunds"]) == (F, {S: 2})
