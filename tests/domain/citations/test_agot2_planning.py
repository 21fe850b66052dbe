"""A Game of Thrones refusals of sealed orders and bids, ties, raids and marches on neutral forces cite the rule
that bars them (issue 17, point 4).

Positions come from the rule tests' own builders: `test_rounds` (Red's footman and knight in a and ship in s,
Blue in b, Green in c, three players), `test_tracks` (a bidding of three with Red holding 4 Power),
`test_transcript_deviations` (a raid from l1; a Fiefdoms bid tied between Blue and Green) and
`test_neutral_forces` (Red marches from l1 into l2, where a neutral force stands).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from domain.platform import decide_seal
from domain.rulesets.agot2 import AGOT2
from tests.domain.agot2 import test_qa3_rulings as qa3
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.tables import SALT, act, board, card_set, decide, new_game, open_round, units
from tests.domain.agot2.test_neutral_forces import _march, _march_game
from tests.domain.agot2.test_rounds import RBG
from tests.domain.agot2.test_rounds import _game as _three_houses
from tests.domain.agot2.test_tracks import _game as _bidding_table
from tests.domain.agot2.test_transcript_deviations import _raid_game, _tied
from tests.domain.citations.cited import Path, citing
from tests.domain.citations.paths_agot2 import AGOT2 as INVENTORY

KNIGHT_AND_FOOTMAN = ["red:knight:l1:1", "red:footman:l1:2"]


cites = citing(INVENTORY, events=False)


def _seal(game: Game, purpose: str, seat: str, payload: Any) -> Decision:
    decision, _ = decide_seal(AGOT2, game, seat, open_round(game, purpose).round, payload, SALT)
    return decision


def _orders(*placed: tuple[Any, Any]) -> dict[str, Any]:
    return {"orders": [{"area": area, "token": token} for area, token in placed]}


def test_sealed_orders_refused_citing_the_rule_each_placement_breaks() -> None:
    """GOT-X-14: orders are placed face down as one sealed list of {area, token}; GOT-X-25: each in an area of the
    seat's own units, one per area, each token of the set once (order placement is outside the catalog, §0.2; GOT-X-13
    is the King's Court limit only)."""
    game, _ = act(_three_houses(), "plan_orders", None)
    cites(("GOT-X-14", "planning:orders_errors"), _seal(game, "orders", "red", ["march_0"]), "GOT-X-14")
    x25: Path = ("GOT-X-25", "planning:orders_errors")
    cites(x25, _seal(game, "orders", "red", _orders(("b", "raid_a"))), "GOT-X-25")
    cites(x25, _seal(game, "orders", "red", _orders(("a", "raid_a"), ("a", "march_0"))), "GOT-X-25")
    cites(x25, _seal(game, "orders", "red", _orders(("a", "march_9"))), "GOT-X-25")
    cites(x25, _seal(game, "orders", "red", _orders(("a", "raid_a"), ("s", "raid_a"))), "GOT-X-25")


def test_sealed_orders_refused_got_court_1_over_the_kings_court_stars() -> None:
    """GOT-COURT-1: "Stars limit special orders" — Green, third on the King's Court of three players (stars 3, 2,
    1 with the overlay, COURT-2), may not place two starred orders."""
    b = board({"a": "land", "b": "land"}, [("a", "b")])
    position = {"units": units("green", "a", "footman") + units("green", "b", "footman")}
    tracks = {"iron_throne": list(RBG), "fiefdoms": list(RBG), "kings_court": ["red", "blue", "green"]}
    game = new_game(b, RBG, {"tracks": tracks, "house_cards": card_set(), "position": position})
    game, _ = act(game, "plan_orders", None)
    starred = _orders(("a", "march_plus1"), ("b", "defense_plus2"))
    cites(("GOT-COURT-1", "planning:orders_errors"), _seal(game, "orders", "green", starred), "GOT-COURT-1")


def test_sealed_bid_refused_got_term_6_beyond_the_available_power() -> None:
    """GOT-TERM-6: a bid spends the seat's available Power — Red has 4, so not 5, nor half of one."""
    game, _ = act(_bidding_table(), "open_bidding", None, track="kings_court")
    path: Path = ("GOT-TERM-6", "tracks:bid_errors")
    cites(path, _seal(game, "bid:kings_court", "red", {"amount": 5}), "GOT-TERM-6")
    cites(path, _seal(game, "bid:kings_court", "red", {"amount": 0.5}), "GOT-TERM-6")


def test_tie_order_refused_got_x_22_unless_it_lists_every_tied_seat_once() -> None:
    """GOT-X-22: the Iron Throne holder "fixes the full relative order of the tied seats" — Blue and Green tied on
    the Fiefdoms bid; Red's order naming Blue alone is not one."""
    decision = decide(_tied("adjudicated"), "break_tie", "red", order=["blue"])
    cites(("GOT-X-22", "tracks:break_tie"), decision, "GOT-X-22")


def test_raid_refused_got_x_25_against_an_order_it_may_not_remove() -> None:
    """GOT-X-25 (the catalog has no raid rule; the engine cites its scope rule): a raid removes an adjacent
    enemy Support, Raid or Consolidate Power order (a special raid also Defense); land units raid no sea area.
    l4 is not adjacent to l1; Blue's Defense order is beyond a plain raid; l3 holds no enemy order."""
    path: Path = ("GOT-X-25", "orders:resolve_raid")
    far = _raid_game("support_0_a", "l4")("adjudicated")
    cites(path, decide(far, "resolve_raid", "red", area="l1", target_area="l4"), "GOT-X-25")
    defended = _raid_game("defense_plus1_a", "l2")("adjudicated")
    cites(path, decide(defended, "resolve_raid", "red", area="l1", target_area="l2"), "GOT-X-25")
    cites(path, decide(far, "resolve_raid", "red", area="l1", target_area="l3"), "GOT-X-25")
    at_sea = _raid_game("support_0_a", "s1")("adjudicated")
    cites(path, decide(at_sea, "resolve_raid", "red", area="l1", target_area="s1"), "GOT-X-25")


def test_march_on_a_neutral_force_refused_got_x_26_when_closed_and_got_x_27_when_too_weak() -> None:
    """GOT-X-26: a neutral force token without strength closes its area; GOT-X-27: a march "must bring at least"
    the token's strength — Red's knight and footman bring 3 against 4."""
    closed = _march(_march_game(strength=None), KNIGHT_AND_FOOTMAN)
    cites(("GOT-X-26", "neutral:attack_neutral"), closed, "GOT-X-26")
    weak = _march(_march_game(strength=4), KNIGHT_AND_FOOTMAN)
    cites(("GOT-X-27", "neutral:attack_neutral"), weak, "GOT-X-27")


def test_march_into_a_neutral_force_and_another_houses_area_refused_got_x_27() -> None:
    """GOT-X-27: "Attacking a neutral force is the march's one combat" — Red's knight and footman would beat the
    neutral force of 3 in l2, but its other knight may not attack Blue's footman in l4 in the same march; two
    Houses' areas in one march stay GOT-X-25's (march legality)."""
    areas = {"l1": "land", "l2": ("land", {"structure": "castle"}), "l4": "land", "l5": "land"}
    adjacency = [("l1", "l2"), ("l1", "l4"), ("l1", "l5")]
    reds = units("red", "l1", "knight", "footman", "knight")
    blues = units("blue", "l4", "footman") + units("blue", "l5", "footman")
    neutral = {"neutral_forces": [{"area": "l2", "strength": 3}]}
    game = deviations._game("adjudicated", areas, adjacency, reds + blues, [("l1", "red", "march_0")], position=neutral)
    knights = ["red:knight:l1:1", "red:footman:l1:2"]
    both = [{"to_area": "l2", "units": knights}, {"to_area": "l4", "units": ["red:knight:l1:3"]}]
    cites(("rule", "orders:march"), decide(game, "march", "red", from_area="l1", moves=both), "GOT-X-27")
    houses = [{"to_area": "l5", "units": knights}, {"to_area": "l4", "units": ["red:knight:l1:3"]}]
    cites(("rule", "orders:march"), decide(game, "march", "red", from_area="l1", moves=houses), "GOT-X-25")


def test_bidding_refused_got_x_13_while_orders_are_sealed_and_got_x_25_while_orders_remain() -> None:
    """GOT-X-13: the sealed orders are held to the King's Court stars until their reveal; GOT-X-25: bids belong to
    the Westeros phase, not among the orders still to be resolved (test_qa3_rulings builds both positions)."""
    sealing = qa3._planning()
    cites(
        ("GOT-X-13", "tracks:_orders_in_play"), decide(sealing, "open_bidding", None, track="iron_throne"), "GOT-X-13"
    )
    resolving = qa3._orders_on_the_board()
    cites(("GOT-X-25", "tracks:_orders_in_play"), decide(resolving, "open_bidding", None, track="fiefdoms"), "GOT-X-25")
    cites(("GOT-X-11", "orders:close_round"), decide(resolving, "end_round", "blue"), "GOT-X-11")
