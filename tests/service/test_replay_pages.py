"""A replay reads the log a page at a time as it folds (issue 19, point 4): the same game, a fraction of the memory."""

from __future__ import annotations

import itertools
import tracemalloc

from sqlalchemy import Connection

from domain.kernel import fold
from domain.rulesets.freeform import FREEFORM
from service.auth import Principal
from service.loading import stream_of
from service.snapshot_cache import REPLAY_PAGE, facts_in_pages
from service.store import summaries
from service.store.events import EventDraft, RecordedEvent
from tests.conftest import Api

LENGTH = 3 * REPLAY_PAGE + 17  # three whole pages and a part
ADMIN = Principal(token_id="test", role="admin")


def _long_game(api: Api) -> str:
    """A freeform game of LENGTH events: notes with a ~300-byte text, appended in batches past the rules."""
    game_id: str = api.create_game(seats=[{"seat": "red"}, {"seat": "blue"}])["id"]
    drafts = (
        EventDraft("ActionRecorded", {"seat": "red", "type": "note", "data": {"text": f"{n:05d}" + "x" * 300}})
        for n in range(LENGTH - 1)
    )
    version = 1

    def advance_summary(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        summaries.advance(conn, game_id, recorded[-1].version, recorded[-1].hash, recorded[-1].recorded_at, False)

    while batch := list(itertools.islice(drafts, 1000)):
        version = api.services.store.append(stream_of(game_id), version, batch, on_append=advance_summary).version
    return game_id


def test_pages_give_every_event_of_the_range_in_order_across_page_boundaries(api: Api) -> None:
    game_id = _long_game(api)
    store, stream = api.services.store, stream_of(game_id)

    for after, until, page in ((0, LENGTH, REPLAY_PAGE), (5, 26, 7), (REPLAY_PAGE - 1, REPLAY_PAGE + 1, 1)):
        paged = list(facts_in_pages(store, stream, after, until, None, page))
        assert paged == store.read_facts(stream, after, until), (after, until, page)
        assert len(paged) == until - after
    assert list(facts_in_pages(store, stream, 9, 9, None)) == []


def test_a_whole_replay_holds_a_page_not_the_game(api: Api) -> None:
    """Folding the log read at once holds every event; the loader's paged replay holds one page at a time."""
    game_id = _long_game(api)
    store, stream, loader = api.services.store, stream_of(game_id), api.services.loader
    loader.refolder.close()  # the replay alone: no background re-fold of this snapshot-less game meanwhile
    loader.forget(game_id)

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    at_once = fold(FREEFORM, store.read_facts(stream, 0, LENGTH), None)
    held_at_once = tracemalloc.get_traced_memory()[1] - before
    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    paged = loader.load(game_id, ADMIN).game
    held_paged = tracemalloc.get_traced_memory()[1] - before
    tracemalloc.stop()

    assert paged == at_once and paged.version == LENGTH
    assert held_paged < held_at_once / 2, (held_paged, held_at_once)
