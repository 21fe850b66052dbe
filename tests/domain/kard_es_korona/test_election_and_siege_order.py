"""Who may bid in an election and who decides its ties (KK-ELECT-10/11/14), and whose battle follows a forced
battle in the siege stage (KK-BATTLE-12, KK-SIEGE-11): the QA pass's D5, D6 and D7.

Outcomes are worked out from the rulebook (seed 000): who is refused and why, who decides a tie, which siege is
fought next.
"""

from __future__ import annotations

from dataclasses import replace

from domain.kernel import Game, Viewer
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, then, types, when, with_state
from tests.domain.kard_es_korona.election_helpers import at_election, awarded, bid, seal
from tests.domain.kard_es_korona.test_battle_endings import BLUE, PTD, RED, YELLOW, fight

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
    tie_steps = [(step.rule_id, step.text) for step in decision.trace if "tie" in step.text]
    assert [rule for rule, _ in tie_steps] == ["KK-ELECT-11", "KK-ELECT-10"]  # why no Palatine, then the dice
    assert "first election" in tie_steps[0][1] and "roll-off" in tie_steps[1][1]
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


# --- D6: KK-BATTLE-12 after a forced battle (KK-SIEGE-11) ---


def three_sieges() -> Game:
    """1301, Pannónia (Red) starts: Red besieges Tiszahát's K1 (9 units) and Erdély's K1, Tiszahát (Blue)
    besieges Délvidék's K1; Blue has stepped into Tiszahát A behind Red, so every neighbour of K1 is enemy-held."""
    units = {
        "pannonia_k2": {RED: Force(infantry=1)},
        "delvidek_k2": {YELLOW: Force(infantry=1)},
        "tiszahat_k2": {BLUE: Force(infantry=1)},
        "tiszahat_k1": {BLUE: Force(infantry=1)},
        "tiszahat_d": {BLUE: Force(infantry=1)},
        "felvidek_m": {BLUE: Force(infantry=1)},
        "pest": {YELLOW: Force(infantry=1)},
        "tiszahat_a": {RED: Force(infantry=4, archer=3, cavalry=2)},
        "erdely_a": {RED: Force(infantry=2)},
        "erdely_k1": {BLUE: Force(infantry=1)},
        "delvidek_a": {BLUE: Force(infantry=2)},
        "delvidek_k1": {YELLOW: Force(infantry=1)},
    }
    game = position(set_up(PTD), units, lords={RED: "pannonia_k2", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"})
    game = play(game, act("draw_event", RED, card="veres_kard"))
    k1_attack = {"infantry": 4, "archer": 3, "cavalry": 2}
    game = play(game, act("move", RED, to="tiszahat_k1", groups=[{"from": "tiszahat_a", "units": k1_attack}]))
    game = play(game, act("move", BLUE, to="tiszahat_a", groups=[{"from": "tiszahat_d", "units": {"infantry": 1}}]))
    game = play(game, act("pass", YELLOW))
    game = play(game, act("move", RED, to="erdely_k1", groups=[{"from": "erdely_a", "units": {"infantry": 2}}]))
    game = play(game, act("move", BLUE, to="delvidek_k1", groups=[{"from": "delvidek_a", "units": {"infantry": 2}}]))
    while game.state.phase == "movement":
        game = play(game, act("pass", game.state.turn))
    return game


def test_next_siege_is_the_next_players_kk_battle_12_when_a_forced_battle_kk_siege_11_ends() -> None:
    """KK-BATTLE-12: sieges go round the table like the open battles; seed 000 L198: „Ha valaki több csatát
    és/vagy ostromot is bevállalt egy körben, akkor … a saját választása szerinti kezdheti el közülük egyiket, a
    következőt pedig majd akkor, ha újra rákerül a sor." Red takes Tiszahát K1; his surplus (1 infantry,
    1 archer) must attack Tiszahát A at once (KK-SIEGE-11) and dies there. That forced battle is part of Red's
    siege, so Blue's siege of Délvidék K1 comes next, not Red's second siege of Erdély K1."""
    game = play(three_sieges(), act("select_battle", RED, battle="b1301-1"))
    game = then(game, fight(game, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1))  # 9 hits on the lone defender: K1 is taken
    keep = {"infantry": 3, "archer": 2, "cavalry": 2}
    surplus = [{"to": "tiszahat_a", "units": {"infantry": 1, "archer": 1}}]
    game = play(game, act("withdraw", RED, keep=keep, moves=surplus))
    assert game.state.current_battle == "b1301-4" and game.state.battle("b1301-4").forced
    game = then(game, fight(game, 1))  # Red's archer volleys and misses
    game = then(game, fight(game, 1, 6))  # melee: Blue's infantry kills Red's infantry
    game = play(game, act("assign_casualties", BLUE, casualties={"infantry": 1}))
    decision = fight(game, 1, 6)  # Blue's infantry kills Red's archer: the forced battle is lost
    assert types(decision)[-2:] == ["BattleEnded", "BattleStarted"]
    assert decision.events[-1].data["battle"] == "b1301-3"  # Blue's siege, then Red's b1301-2
    game = then(game, decision)
    assert game.state.turn == BLUE and game.state.battle("b1301-2").status == "pending"
    decision = fight(game, 6, 6, 1)  # Blue takes Délvidék K1; Red's turn comes round again
    assert types(decision)[-2:] == ["BattleEnded", "BattleStarted"]
    assert decision.events[-1].data["battle"] == "b1301-2"
