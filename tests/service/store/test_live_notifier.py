"""The one notifier per process: it wakes the live streams of the games that grew, on both backends."""

from __future__ import annotations

import threading
import time

from sqlalchemy import Engine

from service.live.notifier import Notifier
from service.store.events import EventDraft, EventStore

WAIT_SECONDS = 10.0


def _wait_until_idle(notifier: Notifier) -> bool:
    deadline = time.monotonic() + WAIT_SECONDS
    while notifier.is_watching and time.monotonic() < deadline:
        time.sleep(0.02)
    return not notifier.is_watching


def test_only_the_streams_whose_game_grew_are_woken_when_an_event_is_appended(
    engine: Engine, store: EventStore
) -> None:
    store.append("game:a", 0, [EventDraft("Noted", {"n": 0})])
    notifier = Notifier(engine, poll_seconds=0.02)
    grown, idle = threading.Event(), threading.Event()
    notifier.subscribe("game:a", grown.set)
    notifier.subscribe("game:b", idle.set)
    try:
        # The watch begins by waking everyone once (a commit may have come between their read and it).
        assert grown.wait(WAIT_SECONDS) and idle.wait(WAIT_SECONDS)
        grown.clear()
        idle.clear()

        store.append("game:a", 1, [EventDraft("Noted", {"n": 1})])

        assert grown.wait(WAIT_SECONDS)
        assert not idle.is_set()
    finally:
        notifier.close()


def test_the_watch_stops_when_the_last_stream_leaves(engine: Engine) -> None:
    notifier = Notifier(engine, poll_seconds=0.02)
    woken = threading.Event()
    notifier.subscribe("game:a", woken.set)
    assert notifier.is_watching and woken.wait(WAIT_SECONDS)

    notifier.unsubscribe("game:a", woken.set)

    assert _wait_until_idle(notifier)
    assert notifier.subscribers == 0
    notifier.close()


def test_no_stream_is_woken_when_the_notifier_is_closed(engine: Engine, store: EventStore) -> None:
    notifier = Notifier(engine, poll_seconds=0.02)
    notifier.close()
    woken = threading.Event()

    notifier.subscribe("game:a", woken.set)
    store.append("game:a", 0, [EventDraft("Noted", {"n": 0})])

    assert not notifier.is_watching
    assert not woken.wait(0.2)
