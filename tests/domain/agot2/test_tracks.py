"""Influence tracks: bids sealed and revealed together, ties broken by the Iron Throne holder (GOT-THRONE-*)."""

from __future__ import annotations

from domain.kernel import Decision, Game, Viewer
from domain.platform import decide_seal
from domain.rulesets.agot2 import AGOT2
from tests.domain.agot2.tables import (
    SALT,
    act,
    all_of,
    apply,
    board,
    card_set,
    decide,
    new_game,
    only,
    open_round,
    seal,
    types,
)

RBG = ("red", "blue", "green")


def _game() -> Game:
    b = board({"a": "land", "b": "land"}, [("a", "b")])
    tracks = {"iron_throne": list(RBG), "fiefdoms": list(RBG), "kings_court": list(RBG)}
    return new_game(b, RBG, {"tracks": tracks, "house_cards": card_set(), "position": {"power": {"red": 4}}})


def _bid(game: Game, track: str, red: int, blue: int, green: int) -> tuple[Game, Decision]:
    game, _ = act(game, "open_bidding", None, track=track)
    return seal(game, f"bid:{track}", {"red": {"amount": red}, "blue": {"amount": blue}, "green": {"amount": green}})


def test_positions_follow_the_bids_and_the_token_passes_when_no_bids_tie_track_4() -> None:
    game, decision = _bid(_game(), "iron_throne", 1, 3, 2)

    assert only(decision, "TrackPositionsSet")["order"] == ["blue", "green", "red"]
    assert only(decision, "DominanceTokenPassed") == {
        "round": 1,
        "token": "iron_throne_token",
        "from": "red",
        "to": "blue",
    }
    assert game.state.turn_order() == ("blue", "green", "red")


def test_the_old_holder_breaks_the_tie_when_bidding_on_the_iron_throne_track_throne_3() -> None:
    game, decision = _bid(_game(), "iron_throne", 1, 3, 3)
    revealed = only(decision, "TrackBidsRevealed")
    assert (revealed["tie_decider"], revealed["tied"]) == ("red", ["blue", "green"])
    assert "TrackPositionsSet" not in types(decision)  # the track moves only when every bid is settled
    assert [v.rule_id for v in decide(game, "break_tie", "blue", order=["blue", "green"]).violations] == [
        "GOT-THRONE-1"
    ]
    assert [v.rule_id for v in decide(game, "break_tie", "red", order=["green"]).violations] == ["GOT-X-22"]

    game, broken = act(game, "break_tie", "red", order=["green", "blue"])

    assert only(broken, "TieBroken")["decided_by"] == "red"
    assert only(broken, "TrackPositionsSet")["order"] == ["green", "blue", "red"]
    assert game.state.holder("iron_throne") == "green"


def test_the_new_holder_breaks_ties_when_bidding_on_the_fiefdoms_track_afterwards_throne_2() -> None:
    game, _ = _bid(_game(), "iron_throne", 0, 3, 1)  # Blue takes the Iron Throne
    game, decision = _bid(game, "fiefdoms", 2, 2, 0)

    assert only(decision, "TrackBidsRevealed")["tie_decider"] == "blue"
    game, broken = act(game, "break_tie", "blue", order=["red", "blue"])
    assert game.state.tracks["fiefdoms"] == ("red", "blue", "green")
    assert all_of(broken, "DominanceTokenPassed") == []  # Red keeps the Blade


def test_a_bid_is_refused_when_it_exceeds_the_available_power_term_6() -> None:
    game, _ = act(_game(), "open_bidding", None, track="kings_court")
    decision, _ = decide_seal(AGOT2, game, "red", open_round(game, "bid:kings_court").round, {"amount": 5}, SALT)
    assert [v.rule_id for v in decision.violations] == ["GOT-TERM-6"]


def test_bids_are_hidden_from_every_view_until_the_last_seat_seals_x_14() -> None:
    game, _ = act(_game(), "open_bidding", None, track="kings_court")
    decision, _ = decide_seal(AGOT2, game, "red", open_round(game, "bid:kings_court").round, {"amount": 3}, SALT)
    game = apply(game, decision)

    for viewer in (Viewer(None), Viewer("blue"), Viewer("red"), Viewer(arbiter=True)):
        assert AGOT2.view(game.state, viewer)["bidding"]["bids"] == {}
