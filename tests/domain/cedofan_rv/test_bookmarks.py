"""A replay's bookmarks read factions and places as notation does (the Kard League (Stínové země), Brod); without a
state, the labels old links hold (ids). On the shipped demonstration board."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from replays.frames import Bookmark, bookmarks_of
from tests.domain.cedofan_rv.test_notation import _demonstration_game


def test_rv_turn_1_an_impulse_bookmark_names_the_faction_and_sub_faction() -> None:
    data = {"round": 2, "faction": "kard_league", "subfaction": "stinove_zeme", "impulse": 1}
    started = Event("ImpulseStarted", data)

    assert CEDOFAN_RV.bookmarks(started, _demonstration_game()) == (
        "round 2: the Kard League (Stínové země)'s impulse 1",
    )
    assert CEDOFAN_RV.bookmarks(started) == ("round 2: kard_league (stinove_zeme)'s impulse 1",)


def test_rv_sie_1_siege_storm_capture_and_battle_bookmarks_name_the_place_and_the_winner() -> None:
    state = _demonstration_game()
    events = [
        Event("SiegeStarted", {"place": "brod", "besieger": "katzowicove"}),
        Event("StormCalled", {"place": "vysoka"}),
        Event("PlaceCaptured", {"place": "knorow", "by": "katzowicove"}),
        Event("BattleResolved", {"kind": "field", "area": "pole", "winner": "gliviciove"}),
    ]

    assert [CEDOFAN_RV.bookmarks(e, state) for e in events] == [
        ("siege of Brod begins",),
        ("storm of Vysoká",),
        ("Knorów captured",),
        ("battle won by Gliviciové",),
    ]
    assert [CEDOFAN_RV.bookmarks(e) for e in events] == [
        ("siege of brod begins",),
        ("storm of vysoka",),
        ("knorow captured",),
        ("battle won by gliviciove",),
    ]


def test_rv_amb_9_a_battle_with_equal_units_after_it_is_bookmarked_as_without_a_winner() -> None:
    tied = Event("BattleResolved", {"kind": "field", "area": "pole", "winner": None})

    assert CEDOFAN_RV.bookmarks(tied, _demonstration_game()) == ("battle without a winner",)
    assert CEDOFAN_RV.bookmarks(tied) == ("battle won by None",)  # the label an old link holds


def test_rv_loot_2_a_loot_slip_s_sealed_round_is_bookmarked_by_whose_slip_it_is_and_keeps_its_id_label() -> None:
    events = [
        Event("SealedRoundOpened", {"round": "loot-2-katzowicove", "seats": ["katzowicove"], "purpose": "loot"}),
        Event("SubmissionsRevealed", {"round": "loot-2-katzowicove", "submissions": {}}),
    ]
    slip = "the loot slip of Katzowicové from battle 2"

    assert bookmarks_of(CEDOFAN_RV, events, 35, _demonstration_game()) == [
        Bookmark(35, f"sealed round: {slip}", was="sealed round: loot-2-katzowicove"),
        Bookmark(36, f"reveal: {slip}", was="reveal: loot-2-katzowicove"),
    ]
    assert CEDOFAN_RV.sealed_round_name("loot-x") == "loot-x"  # an id these rules never open reads as it is
