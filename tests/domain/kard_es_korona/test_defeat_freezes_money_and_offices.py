"""A defeated lord's money and offices while his fate is open, and an eliminated player's money
(KK-ELIM-1, KK-ELIM-4, KK-ELIM-8, KK-VASSAL-1, KK-LORD-7, KK-CAPTIVE-4).

test_defeat's position: Red's lord and 1 cavalry in Pest attack Blue's lord and 1 infantry in plain Fejér; 1 Blue
infantry stands next door in Kunság; Blue has 12 garas. A 6 always hits and a 1 never does.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Game, Viewer
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from tests.domain.kard_es_korona.builders import act, play, rule_ids, then, types, when
from tests.domain.kard_es_korona.test_defeat import BLUE, RED, YELLOW, blue_defeated, fight, lords_battle
from tests.domain.kard_es_korona.test_duel_and_rerolls import duel, duel_roll

TAKEOVER = {"kunsag": "infantry", "tiszahat_k2": None}


def offered(game: Game, seat: str, action_type: str) -> list[dict[str, Any]]:
    """The choices `pending` lists for `seat`'s `action_type`."""
    pending = KARD_ES_KORONA.pending(game, Viewer(arbiter=True))
    return [
        dict(c)
        for w in pending.waiting
        if w.seat == seat
        for o in w.options
        if o.type == action_type
        for c in o.choices
    ]


def recipients(game: Game, seat: str) -> list[str]:
    """Whom `pending` lets `seat` hand money to (the option's `to` field)."""
    pending = KARD_ES_KORONA.pending(game, Viewer(arbiter=True))
    return [
        name
        for w in pending.waiting
        if w.seat == seat
        for o in w.options
        if o.type == "transfer_money"
        for name in o.fields["to"]
    ]


# N5 — the defeated lord's treasury is the victor's until his fate is settled.


def test_kk_elim_4_kk_vassal_1_a_lord_awaiting_his_escape_cannot_hand_his_treasury_away() -> None:
    """KK-ELIM-4: „személyes tulajdonát (területeit és pénzét is) az őt legyőző kapja meg, ha nem vállalja a
    hűbéresküt"; KK-VASSAL-1: if he swears, „a kincstárában lévő pénz a győztes hadizsákmánya lesz". Either way the
    12 garas of Blue, defeated by Red, are Red's unless he escapes: he may not give them to Yellow meanwhile."""
    game = blue_defeated()
    assert rule_ids(when(game, act("transfer_money", BLUE, to=YELLOW, amount=12))) == ["KK-ELIM-4", "KK-VASSAL-1"]
    assert offered(game, BLUE, "transfer_money") == []


def test_kk_elim_4_the_victor_takes_the_whole_treasury_when_the_oath_is_refused() -> None:
    """KK-ELIM-4: with the escape failed, and again with the oath sworn but not yet answered, Blue cannot pay
    Yellow; when Red refuses the oath (A-24) all 12 garas are Red's, the conqueror's."""
    game = play(blue_defeated(), act("attempt_escape", BLUE, to="kunsag", dice=[5]))
    assert game.state.defeat["stage"] == "fealty"
    assert rule_ids(when(game, act("transfer_money", BLUE, to=YELLOW, amount=5))) == ["KK-ELIM-4", "KK-VASSAL-1"]
    assert offered(game, BLUE, "transfer_money") == []
    game = play(game, act("swear_fealty", BLUE))  # the victor has yet to answer the oath
    assert rule_ids(when(game, act("transfer_money", BLUE, to=YELLOW, amount=5))) == ["KK-ELIM-4", "KK-VASSAL-1"]
    assert offered(game, BLUE, "transfer_money") == []
    game = play(game, act("answer_fealty", RED, accept=False))  # a refused oath means elimination
    assert game.state.treasury[RED] == 12 and game.state.treasury.get(YELLOW, 0) == 0


def test_kk_vassal_1_the_sworn_vassal_pays_his_whole_treasury_to_the_liege() -> None:
    """KK-VASSAL-1: „a kincstárában lévő pénz a győztes hadizsákmánya lesz" — none of it went elsewhere first."""
    game = play(blue_defeated(), act("forgo_escape", BLUE), act("swear_fealty", BLUE))
    decision = when(game, act("answer_fealty", RED, accept=True))
    sworn = next(e for e in decision.events if e.type == "FealtySworn")
    assert sworn.data["treasury_transferred"] == 12


def test_kk_lord_7_the_duel_loser_awaiting_his_fate_cannot_hand_his_fortune_away() -> None:
    """KK-LORD-7: the duel winner „ellenfele fejét veszi, és vele minden területét és egész vagyonát"; with the
    A-22 option of a normal defeat the loser (Blue, 12 garas) may escape, but until then his money is frozen."""
    game = duel(duel_loser="normal_defeat")
    game = then(game, duel_roll(game, 6, 3))  # Red's lone 6: Blue loses the duel
    assert game.state.defeat["seat"] == BLUE and game.state.defeat["cause"] == "duel"
    assert rule_ids(when(game, act("transfer_money", BLUE, to=YELLOW, amount=12))) == ["KK-LORD-7", "KK-VASSAL-1"]
    assert offered(game, BLUE, "transfer_money") == []


def test_kk_elim_2_a_lord_who_escapes_has_his_treasury_to_spend_again() -> None:
    """KK-ELIM-2: a 6 escapes and cancels the defeat (A-23): Blue's money is his own again."""
    game = play(blue_defeated(), act("attempt_escape", BLUE, to="kunsag", dice=[6]))
    assert types(when(game, act("transfer_money", BLUE, to=YELLOW, amount=5))) == ["MoneyTransferred"]


# N1 — an eliminated player is out of the game: no money passes to or from him.


def eliminated_blue() -> Game:
    """Blue forgoes his escape and declines fealty: eliminated, his 12 garas Red's; Red places his takeover."""
    game = fight(lords_battle(), 6, 1)
    game = play(game, act("forgo_escape", BLUE), act("decline_fealty", BLUE))
    game = play(game, act("place_takeover", RED, placements=TAKEOVER))
    assert game.state.lord_status[BLUE] == "eliminated" and game.state.treasury[RED] == 12
    return game


def test_kk_elim_1_kk_elim_4_no_money_is_handed_to_an_eliminated_player() -> None:
    """KK-ELIM-1: „A játékos azonnal kiesik, ha tartományura egy ütközete számára kedvezőtlenül végződik";
    KK-ELIM-4: his money went to the one who defeated him. Red cannot hand 5 garas back to the eliminated Blue."""
    game = eliminated_blue()
    assert rule_ids(when(game, act("transfer_money", RED, to=BLUE, amount=5))) == ["KK-ELIM-1", "KK-ELIM-4"]
    assert BLUE not in recipients(game, RED)
    assert all(choice["to"] != BLUE for choice in offered(game, RED, "transfer_money"))


def test_kk_elim_1_an_eliminated_player_pays_nobody() -> None:
    """KK-ELIM-1: the eliminated Blue is out of the game: he hands no money to a live player."""
    game = eliminated_blue()
    assert rule_ids(when(game, act("transfer_money", BLUE, to=RED, amount=1))) == ["KK-ELIM-1", "KK-ELIM-4"]
    assert offered(game, BLUE, "transfer_money") == []


def test_kk_vassal_1_a_vassal_is_still_a_player_who_trades_money() -> None:
    """KK-VASSAL-1: the vassal „részleges önállóságát azonban megőrzi": Red may pay his vassal Blue, who pays on."""
    game = play(blue_defeated(), act("forgo_escape", BLUE), act("swear_fealty", BLUE))
    game = play(game, act("answer_fealty", RED, accept=True))
    assert game.state.lord_status[BLUE] == "vassal"
    game = play(game, act("transfer_money", RED, to=BLUE, amount=3))
    assert types(when(game, act("transfer_money", BLUE, to=YELLOW, amount=1))) == ["MoneyTransferred"]
    assert BLUE in recipients(game, RED)
