"""The bench's scripted Kard és Korona game is a valid stream that goes on to the game's end (issue 19, point 4)."""

from __future__ import annotations

from collections import Counter

from domain.kernel import fold
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from tests.bench.kard_es_korona_game import whole_game_events


def test_the_whole_scripted_game_ends_after_1312_when_folded_from_game_created() -> None:
    """KK-WIN-7: the advanced game's last year is 1312; the elections (the first in 1303) are held on the way."""
    events = whole_game_events()
    game = fold(KARD_ES_KORONA, events, SHIPPED_BOARDS["advanced"])

    assert game.meta.ended and (game.state.year, game.state.phase) == (1312, "finished")
    kinds = Counter(e.type for e in events)
    assert kinds["GameEnded"] == 1 and kinds["YearBegan"] == 12
    assert kinds["ElectionOpened"] >= 1 and kinds["OfficeAwarded"] >= 1  # past the 1303 election
