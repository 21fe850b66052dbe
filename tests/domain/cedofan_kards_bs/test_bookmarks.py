"""A replay's bookmarks read factions and cities as notation does (Západní kardství, Heráň); without a state, the
labels old links hold (ids). On the shipped demonstration board."""

from __future__ import annotations

from domain.kernel import Event
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from tests.domain.cedofan_kards_bs.test_notation import _demonstration_game

_EVENTS = [
    Event("TurnStarted", {"round": 2, "seat": "zapad", "rule_ids": ["KBS-AMB-20"]}),
    Event("SiegeStarted", {"city": "c-heran", "seat": "rudern"}),
    Event("StormDeclared", {"city": "c-jezerni", "seat": "rudern"}),
    Event("SiegeEnded", {"city": "c-heran"}),
    Event("CityCaptured", {"city": "c-stiny", "by": "rudern"}),
]


def test_kbs_sie_1_turn_siege_storm_and_capture_bookmarks_name_the_faction_and_the_city() -> None:
    state = _demonstration_game()

    assert [KBS.bookmarks(e, state) for e in _EVENTS] == [
        ("round 2: Západní kardství's turn",),
        ("siege of Heráň begins",),
        ("storm of Jezerní město",),
        ("siege of Heráň ends",),
        ("Seat of the Shadowlands (demo name) captured",),
    ]
    assert [KBS.bookmarks(e) for e in _EVENTS] == [
        ("round 2: zapad's turn",),
        ("siege of c-heran begins",),
        ("storm of c-jezerni",),
        ("siege of c-heran ends",),
        ("c-stiny captured",),
    ]
