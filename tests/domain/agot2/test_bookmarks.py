"""A replay's bookmarks read areas, tracks and action steps as notation does (Winterfell, Iron Throne, Consolidate
Power); without a state, the labels old links hold (ids). On the base board."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.agot2 import AGOT2
from replays.frames import Bookmark, bookmarks_of
from tests.domain.agot2.test_notation import _base_game

_EVENTS = [
    Event("CombatInitiated", {"combat_id": 12, "embattled_area": "white_harbor", "attacker": "stark"}),
    Event("TrackBidsRevealed", {"track": "iron_throne", "bids": {}}),
    Event("ActionStepBegun", {"step": "consolidate_power"}),
    Event("RoundEnded", {"round": 3}),
]


def test_got_combat_1_a_combat_bookmark_names_the_embattled_area_and_bids_their_track() -> None:
    state = _base_game()

    assert [AGOT2.bookmarks(e, state) for e in _EVENTS] == [
        ("combat 12 in White Harbor begins",),
        ("bids for Iron Throne revealed",),
        ("action step: Consolidate Power",),
        ("round 3 ends",),
    ]
    assert [AGOT2.bookmarks(e) for e in _EVENTS] == [
        ("combat 12 in white_harbor begins",),
        ("bids for iron_throne revealed",),
        ("action step: consolidate_power",),
        ("round 3 ends",),
    ]


def test_got_track_1_sealed_orders_cards_and_bids_are_bookmarked_by_what_they_seal_and_keep_their_id_label() -> None:
    rounds = ("orders-2", "cards-12", "cards-12-2", "bid-kings-court-2-4")
    events = [Event("SealedRoundOpened", {"round": r, "seats": ["stark"], "purpose": "x"}) for r in rounds]

    assert bookmarks_of(AGOT2, events, 2, _base_game()) == [
        Bookmark(2, "sealed round: the orders of round 2", was="sealed round: orders-2"),
        Bookmark(3, "sealed round: the house cards of combat 12", was="sealed round: cards-12"),
        Bookmark(4, "sealed round: the house cards of combat 12", was="sealed round: cards-12-2"),
        Bookmark(5, "sealed round: the King's Court bids of round 2", was="sealed round: bid-kings-court-2-4"),
    ]
