"""Kard és Korona event-card refusals cite the rule that bars them (issue 17, point 4): the neutral infantry an
event card adds or removes (KK-EVENT-5), drawn by Red in 1301's event phase (Pestisjárvány, the plague, only
removes; royal Pest holds neutral infantry after setup)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.domain.citations.test_kard_es_korona import Path, _year_1301, cites
from tests.domain.kard_es_korona.builders import act, play
from tests.domain.kard_es_korona.test_defeat import BLUE, RED, YELLOW

PEST = {"county": "pest", "change": -1}

# (path, the card's neutral_infantry entries): each refused under KK-EVENT-5.
CASES: list[tuple[Path, Any]] = [
    (("KK-EVENT-5", "cards:neutral_changes"), "pest"),  # not a list of {county, change}
    (("KK-EVENT-5", "cards:neutral_changes"), [PEST, PEST]),  # Pest named twice
    (("KK-EVENT-5", "cards:_neutral_change"), [7]),  # not {county, change}
    (("KK-EVENT-5", "cards:_neutral_change"), [{"county": "nowhere", "change": -1}]),
    (("KK-EVENT-5", "cards:_neutral_change"), [{"county": "pest", "change": 0}]),
    (("KK-EVENT-5", "cards:_neutral_change"), [{"county": "pest", "change": 1}]),  # the plague only removes
    (("KK-EVENT-5", "cards:_neutral_change"), [{"county": "pannonia_k1", "change": -1}]),  # Red's own units
]


@pytest.mark.parametrize(("path", "entries"), CASES, ids=[f"{c[0][1]}-{i}" for i, c in enumerate(CASES)])
def test_plague_drawn_with_wrong_neutral_infantry_is_refused_kk_event_5(path: Path, entries: Any) -> None:
    cites(path, _year_1301(), act("draw_event", RED, card="pestisjarvany", neutral_infantry=entries), "KK-EVENT-5")


def test_bloody_sword_overfilling_a_castle_is_refused_kk_castle_2_and_3_under_kk_event_5() -> None:
    """KK-CASTLE-2 (7 units at most) and KK-CASTLE-3 (no arm above half rounded up) bind the infantry Véres Kard
    adds to royal Pest (1/1/1 after setup): 5 more make 8 units, 6 of them infantry. KK-EVENT-5 is the umbrella."""
    sword = act("draw_event", RED, card="veres_kard", neutral_infantry=[{"county": "pest", "change": 5}])
    cites(("rule", "cards:_castle_overfilled"), _year_1301(), sword, "KK-CASTLE-2", "KK-CASTLE-3", "KK-EVENT-5")
    cites(("KK-EVENT-5", "cards:_castle_overfilled"), _year_1301(), sword, "KK-CASTLE-2", "KK-CASTLE-3", "KK-EVENT-5")


def test_a_card_turned_up_in_1301_drawn_again_in_1302_is_refused_kk_event_1() -> None:
    """KK-EVENT-1: one card of the deck is turned up each year („fel kell csapni egyet az eseménykártyák közül"),
    so Szüret, drawn in 1301, is out of the deck when Red draws for 1302 (everyone passed in 1301)."""
    game = play(_year_1301(), act("draw_event", RED, card="szuret"), *(act("pass", s) for s in (RED, BLUE, YELLOW)))
    cites(("KK-EVENT-1", "economy:decide_draw_event"), game, act("draw_event", RED, card="szuret"), "KK-EVENT-1")
