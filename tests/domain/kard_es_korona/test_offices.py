"""Office sales by public auction (KK-OFFICE-6, A-38)."""

from __future__ import annotations

from domain.kernel import Event, Game
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.election_state import OfficeSale
from tests.domain.kard_es_korona.builders import act, play, rule_ids, set_up, then, types, when, with_state
from tests.domain.kard_es_korona.election_helpers import OFFICES_VACANT, year_end

F, E, S = "felvidek", "erdely", "szlavonia"


def movement_game(**changes: object) -> Game:
    """1304's movement phase; Felvidék holds the Treasurer's office."""
    game = set_up()
    position = {
        "phase": "movement",
        "year": 1304,
        "turn": F,
        "treasury": {F: 2, E: 15, S: 12},
        "offices": {**OFFICES_VACANT, "treasurer": F},
    }
    return with_state(game, **{**position, **changes})


def test_kk_office_6_the_highest_open_bid_buys_the_office_and_pays_the_seller() -> None:
    game = play(
        movement_game(),
        act("offer_office", F, office="treasurer"),
        act("bid_for_office", E, amount=4),
        act("bid_for_office", S, amount=6),
    )
    closed = when(game, act("close_office_sale", F))
    assert types(closed) == ["OfficeSold"] and closed.events[0].data["buyer"] == S
    game = play(game, act("close_office_sale", F))
    assert game.state.offices["treasurer"] == S
    assert game.state.treasury == {F: 8, E: 15, S: 6}
    assert game.state.office_sale is None


def test_kk_office_6_only_the_holder_offers_an_office() -> None:
    assert rule_ids(when(movement_game(), act("offer_office", E, office="treasurer"))) == ["KK-OFFICE-6"]
    assert rule_ids(when(movement_game(), act("offer_office", F, office="chancellor"))) == ["KK-OFFICE-6"]


def test_kk_office_6_a_bid_must_rise_above_the_last_one() -> None:
    game = play(movement_game(), act("offer_office", F, office="treasurer"), act("bid_for_office", E, amount=4))
    assert rule_ids(when(game, act("bid_for_office", S, amount=4))) == ["KK-OFFICE-6"]
    assert rule_ids(when(game, act("bid_for_office", S, amount=13))) == ["KK-OFFICE-6"]  # he has 12
    assert rule_ids(when(game, act("bid_for_office", F, amount=5))) == ["KK-OFFICE-6"]  # the seller


def test_kk_elect_14_a_captive_player_may_not_buy_an_office() -> None:
    game = play(movement_game(lord_status={E: "captive"}), act("offer_office", F, office="treasurer"))
    assert rule_ids(when(game, act("bid_for_office", E, amount=3))) == ["KK-ELECT-14"]


def test_kk_office_6_without_a_bid_the_seller_keeps_the_office() -> None:
    game = play(movement_game(), act("offer_office", F, office="treasurer"), act("close_office_sale", F))
    assert game.state.offices["treasurer"] == F and game.state.treasury[F] == 2


def test_kk_office_6_only_the_seller_closes_the_sale() -> None:
    game = play(movement_game(), act("offer_office", F, office="treasurer"), act("bid_for_office", E, amount=1))
    assert rule_ids(when(game, act("close_office_sale", E))) == ["KK-OFFICE-6"]


def test_kk_office_6_no_sale_during_an_election() -> None:
    game = movement_game(phase="election")
    assert rule_ids(when(game, act("offer_office", F, office="treasurer"))) == ["KK-ELECT-4"]


def test_kk_office_6_option_empty_treasury_refuses_a_seller_with_money() -> None:
    game = set_up(office_sale_requires_empty_treasury=True)
    game = with_state(
        game, phase="movement", year=1304, treasury={F: 2, E: 15, S: 12}, offices={**OFFICES_VACANT, "treasurer": F}
    )
    assert rule_ids(when(game, act("offer_office", F, office="treasurer"))) == ["KK-OFFICE-6"]
    emptied = with_state(game, treasury={F: 0, E: 15, S: 12})
    assert types(when(emptied, act("offer_office", F, office="treasurer"))) == ["OfficeSaleOpened"]


def test_office_sale_events_have_notation_lines_and_the_sale_a_bookmark() -> None:
    game = movement_game()
    events: list[Event] = []
    for action in (
        act("offer_office", F, office="treasurer"),
        act("bid_for_office", E, amount=4),
        act("close_office_sale", F),
    ):
        decision = when(game, action)
        events += decision.events
        game = play(game, action)
    lines = [KARD_ES_KORONA.notation(e, game.state) for e in events]
    assert lines == [
        "Felvidék offers the office of Treasurer at a public auction",
        "Erdély bids 4 for Treasurer",
        "Erdély buys Treasurer from Felvidék for 4 garas",
    ]
    assert KARD_ES_KORONA.bookmarks(events[-1]) == ("office sale: Treasurer",)


def test_kk_office_7_an_election_ends_a_sale_still_open() -> None:
    sale = OfficeSale("treasurer", F, E, 4)
    game, decision = year_end({F: 2, E: 15, S: 12}, {"treasurer": F}, office_sale=sale)
    [sold] = [e.data for e in decision.events if e.type == "OfficeSold"]
    assert sold["buyer"] is None and sold["reason"] == "election"
    game = then(game, decision)
    assert game.state.office_sale is None and game.state.offices["treasurer"] == F
    assert game.state.treasury == {F: 2, E: 15, S: 12}


def test_kk_office_7_a_seller_who_lost_the_office_sells_nothing() -> None:
    game = play(movement_game(), act("offer_office", F, office="treasurer"), act("bid_for_office", E, amount=4))
    lost = with_state(game, offices=OFFICES_VACANT)  # e.g. captured meanwhile (KK-CAPTIVE-4)
    closed = when(lost, act("close_office_sale", F))
    assert closed.events[0].data["buyer"] is None and closed.events[0].data["reason"] == "office_lost"
    assert then(lost, closed).state.treasury[E] == 15


def test_kk_elect_4_no_bid_for_an_office_during_an_election() -> None:
    game = play(movement_game(), act("offer_office", F, office="treasurer"))
    assert rule_ids(when(with_state(game, phase="election"), act("bid_for_office", E, amount=3))) == ["KK-ELECT-4"]
