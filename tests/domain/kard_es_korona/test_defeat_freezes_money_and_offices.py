"""A defeated lord's money and offices while his fate is open, and an eliminated player's money
(KK-ELIM-1, KK-ELIM-4, KK-ELIM-8, KK-VASSAL-1, KK-LORD-7, KK-CAPTIVE-4).

test_defeat's position: Red's lord and 1 cavalry in Pest attack Blue's lord and 1 infantry in plain Fejér; 1 Blue
infantry stands next door in Kunság; Blue has 12 garas. A 6 always hits and a 1 never does.
"""

from __future__ import annotations

from domain.kernel import Game, Viewer
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.state import ROYAL
from tests.domain.kard_es_korona.builders import act, offered, play, position, rule_ids, set_up, then, types, when
from tests.domain.kard_es_korona.test_defeat import (
    ATTACK,
    BLUE,
    GUARDS,
    PTD,
    RED,
    YELLOW,
    blue_defeated,
    fight,
    lords_battle,
)
from tests.domain.kard_es_korona.test_duel_and_rerolls import duel, duel_roll

TAKEOVER = {"kunsag": "infantry", "tiszahat_k2": None}
BLUE_TREASURER = {"judge_royal": None, "treasurer": BLUE, "palatine": None}


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


# N3 — a defeated lord's offices wait for his fate: no sale meanwhile, and an open sale ends with the office.


def treasurer_defeated() -> Game:
    """Blue, the Treasurer, is defeated by Red (test_defeat's battle) and awaits his escape."""
    game = blue_defeated()
    return position(game, game.state.units, control=game.state.control, offices=BLUE_TREASURER)


def test_kk_elim_8_a_defeated_lord_awaiting_his_fate_cannot_sell_his_office() -> None:
    """KK-ELIM-8: „Ha a legyőzött tartományúr tisztséget is töltött be, az visszaszáll a koronára a következő
    választásig." Blue's Treasurer's office is the crown's if his defeat stands: he may not auction it first."""
    game = treasurer_defeated()
    assert rule_ids(when(game, act("offer_office", BLUE, office="treasurer"))) == ["KK-ELIM-8"]
    assert offered(game, BLUE, "offer_office") == []


def red_treasurer_beaten_by_royals() -> Game:
    """Red, the Treasurer, leads his lone cavalry from Pannónia K1 against Pest's royal archer, who kills it."""
    game = set_up(PTD)
    units = {**GUARDS, "pannonia_k1": {RED: Force(infantry=1, cavalry=1)}, "pest": {ROYAL: Force(archer=1)}}
    lords = {RED: "pannonia_k1", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"}
    game = position(game, units, lords=lords, offices={"judge_royal": None, "treasurer": RED, "palatine": None})
    move = act("move", RED, to="pest", groups=[{"from": "pannonia_k1", "units": {"cavalry": 1}, "lord": True}])
    game = play(game, act("draw_event", RED, card="veres_kard"), move)
    game = play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED), act("lead_arm", RED, arm="cavalry"))
    game = fight(game, 6)
    assert game.state.defeat["seat"] == RED and game.state.defeat["stage"] == "escape"
    return game


def test_kk_captive_4_a_lord_defeated_by_royal_troops_cannot_sell_his_office_before_his_capture() -> None:
    """KK-CAPTIVE-4: the captive „ha valamilyen rangja volt, azt is azonnal elveszíti". Red, the Treasurer, beaten
    by royal troops, may not sell the office while he awaits his escape; captured, he has lost it."""
    game = red_treasurer_beaten_by_royals()
    assert rule_ids(when(game, act("offer_office", RED, office="treasurer"))) == ["KK-CAPTIVE-4"]
    assert offered(game, RED, "offer_office") == []
    game = play(game, act("attempt_escape", RED, to="pannonia_k1", dice=[3]))
    assert game.state.offices["treasurer"] is None and game.state.lord_status[RED] == "captive"


def sale_open_when_blue_falls() -> Game:
    """Blue, the Treasurer (12 garas), auctions his office and Yellow (5 garas) bids 3; then test_defeat's battle
    defeats Blue's lord."""
    game = set_up(PTD)
    units = {
        **GUARDS,
        "pest": {RED: Force(cavalry=1)},
        "fejer": {BLUE: Force(infantry=1)},
        "kunsag": {BLUE: Force(infantry=1)},
    }
    lords = {RED: "pest", BLUE: "fejer", YELLOW: "delvidek_k2"}
    treasury = {RED: 0, BLUE: 12, YELLOW: 5}
    game = position(game, units, lords=lords, treasury=treasury, offices=BLUE_TREASURER)
    game = play(game, act("draw_event", RED, card="veres_kard"), act("offer_office", BLUE, office="treasurer"))
    game = play(game, act("bid_for_office", YELLOW, amount=3), act("move", RED, **ATTACK))
    game = play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))
    game = play(game, act("lead_arm", RED, arm="cavalry"), act("lead_arm", BLUE, arm="infantry"))
    game = fight(game, 6, 1)
    assert game.state.defeat["seat"] == BLUE and game.state.office_sale is not None
    return game


def test_kk_elim_8_a_sale_open_when_the_seller_is_defeated_takes_no_bid_and_is_not_closed() -> None:
    """KK-ELIM-8 (A-23): until Blue's fate is settled the sale he opened neither takes bids nor closes."""
    game = sale_open_when_blue_falls()
    assert rule_ids(when(game, act("close_office_sale", BLUE))) == ["KK-ELIM-8"]
    assert rule_ids(when(game, act("bid_for_office", YELLOW, amount=4))) == ["KK-ELIM-8"]
    assert offered(game, BLUE, "close_office_sale") == [] and offered(game, YELLOW, "bid_for_office") == []


def test_kk_elim_8_kk_elim_4_the_fallen_sellers_office_goes_back_to_the_crown_unsold() -> None:
    """KK-ELIM-8: the office „visszaszáll a koronára"; the sale ends with it (no buyer, reason office_lost), so
    Yellow keeps his 5 garas, and Blue's 12 are Red's by KK-ELIM-4."""
    game = play(sale_open_when_blue_falls(), act("forgo_escape", BLUE))
    decision = when(game, act("decline_fealty", BLUE))
    sold = next(e for e in decision.events if e.type == "OfficeSold")
    assert sold.data["buyer"] is None and sold.data["reason"] == "office_lost"
    state = then(game, decision).state
    assert state.offices["treasurer"] is None and state.office_sale is None
    assert state.treasury[YELLOW] == 5 and state.treasury[RED] == 12


def test_kk_elim_2_a_seller_who_escapes_may_close_his_sale_again() -> None:
    """KK-ELIM-2: a 6 escapes and cancels the defeat (A-23): Blue is the Treasurer still and sells to Yellow."""
    game = play(sale_open_when_blue_falls(), act("attempt_escape", BLUE, to="kunsag", dice=[6]))
    game = play(game, act("close_office_sale", BLUE))
    assert game.state.offices["treasurer"] == YELLOW
    assert game.state.treasury[YELLOW] == 2 and game.state.treasury[BLUE] == 15
