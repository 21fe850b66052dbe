"""Rulings the third QA pass of the agot2 engine found wrong (/work/wt/qa_agot3_report.md), as the rulebook gives them.

Each test names the rule ids of the catalog (shared/rules/agot2.md) and quotes the seed where it speaks.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game, Viewer
from domain.platform import decide_seal
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.pending import pending
from tests.domain.agot2.tables import SALT, act, apply, board, card_set, decide, new_game, open_round, seal, units
from tests.domain.agot2.test_rounds import RBG, _planned
from tests.domain.agot2.test_rounds import _game as _three_houses

# Red holds a, b and c; Red is first on the King's Court: 3 stars of the three-player overlay (3, 2, 1, COURT-2).
RED_SPECIALS = {
    "orders": [
        {"area": "a", "token": "march_plus1"},
        {"area": "b", "token": "defense_plus2"},
        {"area": "c", "token": "support_plus1"},
    ]
}


def _planning() -> Game:
    """The Planning Phase of three Houses, its orders being sealed: Red holds a, b and c, Blue d, Green e."""
    areas = {"a": "land", "b": "land", "c": "land", "d": "land", "e": "land"}
    b = board(areas, [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")])
    unit_list = units("red", "a", "footman") + units("red", "b", "footman") + units("red", "c", "footman")
    position = {"units": unit_list + units("blue", "d", "footman") + units("green", "e", "footman")}
    tracks = {"iron_throne": list(RBG), "fiefdoms": list(RBG), "kings_court": ["red", "blue", "green"]}
    options = {"tracks": tracks, "house_cards": card_set(), "position": position}
    game, _ = act(new_game(b, RBG, options), "plan_orders", None)
    return game


def _rules(decision: Decision) -> list[str]:
    return [v.rule_id for v in decision.violations]


def test_got_x_13_court_1_no_kings_court_bidding_while_the_orders_are_sealed() -> None:
    """GOT-COURT-1: 「宫廷势力条上每个位置旁对应的星数，表示可部署的特殊指令标记数量。」 GOT-X-13 checks the sealed
    orders against those stars at their reveal. Red sealed three special orders with its 3 stars; a King's Court
    bidding before the reveal could put Red third (1 star) under its three special orders, so it is refused, and
    the orders are revealed with Red still first on the King's Court, within its stars."""
    game = _planning()
    sealed, _ = decide_seal(AGOT2, game, "red", open_round(game, "orders").round, RED_SPECIALS, SALT)
    assert not sealed.violations

    refused = decide(apply(game, sealed), "open_bidding", None, track="kings_court")

    assert _rules(refused) == ["GOT-X-13"] and not refused.events
    game, _ = seal(game, "orders", {"blue": {"orders": []}, "green": {"orders": []}, "red": RED_SPECIALS})
    assert game.state.tracks["kings_court"][0] == "red"
    assert sorted(a for a, o in game.state.orders.items() if o.seat == "red") == ["a", "b", "c"]


def _orders_on_the_board() -> Game:
    """Three Houses' orders revealed and the Raven declined: Red's Raid in s, then Red's March in a to resolve."""
    red = [{"area": "a", "token": "march_0"}, {"area": "s", "token": "raid_a"}]
    game, _ = _planned(_three_houses(), red, [{"area": "b", "token": "defense_plus1_a"}], [])
    game, _ = act(game, "decline_raven", "red")
    return game


def _offered(game: Game) -> set[tuple[str | None, str]]:
    return {(w.seat, o.type) for w in pending(game, Viewer()).waiting for o in w.options}


def test_got_x_25_resolve_2_no_bidding_while_orders_remain_to_be_resolved() -> None:
    """GOT-RESOLVE-2 (「如果双方的总战力相等，封臣势力条上位置较高…的玩家赢得战斗」) and GOT-TERM-4: the orders on the
    board are resolved in Iron Throne order and their combats tied by the Fiefdoms track. A Fiefdoms bidding
    opened now could be revealed inside Red's coming combat (which no bidding may interrupt, GOT-COMBAT-4);
    bids belong to the Westeros phase, before the orders (GOT-X-25). `pending` offers no bidding here either."""
    game = _orders_on_the_board()

    refused = decide(game, "open_bidding", None, track="fiefdoms")

    assert _rules(refused) == ["GOT-X-25"] and not refused.events
    assert all(kind != "open_bidding" for _, kind in _offered(game))


def test_got_x_11_term_4_a_player_cannot_end_the_round_while_orders_remain() -> None:
    """GOT-X-11: "The round ends after the last order of the Action Phase is resolved"; GOT-TERM-4: 「游戏中任何按照
    “顺位”的规则，均按照王权势力条上的家族位次来执行。」 Blue (first on the Iron Throne) may not end the round while
    Red's Raid and March are still to be resolved: that would remove them unresolved. `pending` offers it to no
    one; the recorder may still close the round (test_rounds)."""
    game = _orders_on_the_board()

    refused: dict[str, Any] = {seat: decide(game, "end_round", seat) for seat in ("blue", "red")}

    assert {seat: _rules(d) for seat, d in refused.items()} == {"blue": ["GOT-X-11"], "red": ["GOT-X-11"]}
    assert all(not d.events for d in refused.values())
    assert all(kind != "end_round" for _, kind in _offered(game))
    assert sorted(game.state.orders) == ["a", "b", "s"]


def test_got_retreat_5_a_retreat_into_an_area_without_own_units_loses_none_to_supply() -> None:
    """GOT-RETREAT-5: 「如果撤退单位因撤退至有己方单位的区域，而导致超过补给上限，玩家不能选择这种撤退。」
    Only a retreat into an area of the seat's own units is held to supply. Blue's supply was cut to [2]
    (entered with adjust, GOT-X-25) while it keeps two armies of 2 (b and x); beaten in b, its two footmen
    retreat together into the empty area c (a is Red's march origin, GOT-RETREAT-4) and none is destroyed."""
    b = board({"a": "land", "b": "land", "c": "land", "x": "land"}, [("a", "b"), ("b", "c"), ("c", "x")])
    unit_list = units("red", "a", "knight", "knight") + units("blue", "b", "footman", "footman")
    position = {
        "phase": "action",
        "step": "march",
        "blade_used": True,
        "units": unit_list + units("blue", "x", "footman", "footman"),
        "orders": [{"area": "a", "seat": "red", "token": "march_0"}],
    }
    tracks = {t: ["red", "blue"] for t in ("iron_throne", "fiefdoms", "kings_court")}
    options = {"tracks": tracks, "house_cards": card_set(), "position": position, "supply_limits": {"blue": [2]}}
    game = new_game(b, ("red", "blue"), {**options, "kings_court_stars": [3, 2]})
    moves = [{"to_area": "b", "units": ["red:knight:a:1", "red:knight:a:2"]}]
    game, _ = act(game, "march", "red", from_area="a", moves=moves)

    _, decision = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})

    assert [(e.data["to_area"], e.data["destroy"]) for e in decision.events if e.type == "RetreatChosen"] == [("c", [])]
    retreated = [e.data["units"] for e in decision.events if e.type == "UnitsRetreated"]
    assert retreated == [["blue:footman:b:1", "blue:footman:b:2"]]
    assert not [e for e in decision.events if e.type == "UnitsDestroyed"]
