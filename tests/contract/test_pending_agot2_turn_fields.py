"""`pending` of agot2 in the Action Phase: a Raid's and a Consolidate Power's option lists its legal areas under the
fields' own names (GOT-TERM-4, X-25), as the Raven's does, so a recorder's drop-downs offer those and not every area
of the board (found at a club table: a Raid's `area` offered all 58 areas)."""

from __future__ import annotations

from domain.kernel import Game, Viewer
from domain.pending import Option
from domain.rulesets.agot2 import AGOT2
from tests.contract.test_pending_agot2 import _e1_marched
from tests.domain.agot2.tables import act, board, card_set, new_game, seal, units

RBG = ("red", "blue", "green")


def _planned() -> Game:
    """Red raids from `s` (Blue's Defense in `b` and Green's Consolidate in `c` adjacent) and from `d`; Green
    consolidates in `c`."""
    b = board(
        {"a": "land", "b": "land", "c": "land", "d": "land", "s": "sea"},
        [("a", "b"), ("b", "c"), ("c", "d"), ("a", "s"), ("b", "s"), ("c", "s")],
    )
    position = {
        "units": units("red", "a", "footman")
        + units("red", "d", "footman")
        + units("blue", "b", "footman")
        + units("green", "c", "knight")
        + units("red", "s", "ship")
    }
    tracks = {"iron_throne": list(RBG), "fiefdoms": list(RBG), "kings_court": list(RBG)}
    game = new_game(b, RBG, {"tracks": tracks, "house_cards": card_set(), "position": position})
    game, _ = act(game, "plan_orders", None)
    orders = {
        "red": {"orders": [{"area": "s", "token": "raid_a"}, {"area": "d", "token": "raid_b"}]},
        "blue": {"orders": [{"area": "b", "token": "defense_plus1_a"}]},
        "green": {"orders": [{"area": "c", "token": "consolidate_power_a"}]},
    }
    game, _ = seal(game, "orders", orders)
    game, _ = act(game, "decline_raven", "red")
    return game


def _option(game: Game, seat: str, kind: str) -> Option:
    pending = AGOT2.pending(game, Viewer(arbiter=True))
    [found] = [o for w in pending.waiting if w.seat == seat for o in w.options if o.type == kind]
    return found


def test_got_x_25_a_raids_fields_are_its_raids_areas_and_the_orders_they_may_take() -> None:
    raid = _option(_planned(), "red", "resolve_raid")
    assert raid.fields["area"] == ["d", "s"]
    # Green's Consolidate only: a plain Raid takes no Defense (Blue's in b), and never Red's own Raid in d
    assert raid.fields["target_area"] == ["c"]
    # every choice's values are among the fields', and every field value is some choice's
    assert {c["area"] for c in raid.choices} == set(raid.fields["area"])
    assert {c["target_area"] for c in raid.choices} - {None} == set(raid.fields["target_area"])


def test_got_term_4_a_consolidate_powers_field_is_the_areas_of_the_seats_consolidate_orders() -> None:
    game = _planned()
    for area in ("s", "d"):
        game, _ = act(game, "resolve_raid", "red", area=area, target_area=None)
    consolidate = _option(game, "green", "resolve_consolidate")
    assert consolidate.fields["area"] == ["c"]
    assert [c["area"] for c in consolidate.choices] == ["c"]


def test_got_term_4_whose_turn_reads_by_house_and_the_step_in_words() -> None:
    """The recorder shows the pending's summary and reasons as they are: they read "red resolves a raid order" and
    "resolves one of its consolidate_power orders" (a seat id, an identifier) at the table."""
    game = _planned()
    raid = AGOT2.pending(game, Viewer(arbiter=True))
    assert raid.summary == "Red resolves a raid order, in Iron Throne order", raid.summary
    for area in ("s", "d"):
        game, _ = act(game, "resolve_raid", "red", area=area, target_area=None)
    consolidate = AGOT2.pending(game, Viewer(arbiter=True))
    assert consolidate.summary == "Green resolves a consolidate power order, in Iron Throne order"
    reasons = [w.reason for w in consolidate.waiting if w.seat == "green"]
    assert reasons == ["resolves one of its consolidate power orders"]


def test_got_x_5_a_combatants_support_lists_its_own_side_under_the_fields_name() -> None:
    """E1: Red, the attacker, may back only its own side: the pending said so under `sides`, and the recorder's
    `side` drop-down still offered "defender" (found at the table, Lannister supporting its own defence)."""
    game = _e1_marched()
    combat_id = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "green", combat_id=combat_id, side="defender")
    [red] = [
        o for w in AGOT2.pending(game, Viewer(arbiter=True)).waiting for o in w.options if o.type == "declare_support"
    ]
    assert red.fields["side"] == ["attacker"] == [c["side"] for c in red.choices]
    [green] = [
        o
        for w in AGOT2.pending(_e1_marched(), Viewer(arbiter=True)).waiting
        for o in w.options
        if o.type == "declare_support"
    ]
    assert green.fields["side"] == ["attacker", "defender"]  # a House not in the combat backs either


def test_got_x_14_a_sealed_bid_names_its_track_as_the_board_prints_it() -> None:
    """The bids' summary read "every House seals its bid on the kings_court track" (an identifier) at the table."""
    tracks = {"iron_throne": list(RBG), "fiefdoms": list(RBG), "kings_court": list(RBG)}
    game = new_game(
        board({"l1": "land", "l2": "land"}, [("l1", "l2")]), RBG, {"house_cards": card_set(), "tracks": tracks}
    )
    game, _ = act(game, "open_bidding", None, track="kings_court")

    assert AGOT2.pending(game, Viewer(arbiter=True)).summary == "every House seals its bid on the King's Court track"
