"""A replay's bookmarks read areas, tracks and action steps as notation does (Winterfell, Iron Throne, Consolidate
Power); without a state, the labels old links hold (ids). On the base board."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.agot2 import AGOT2
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
