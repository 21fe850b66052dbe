"""The one notifier per process: it hands new events to the live streams of the games that grew, on both backends."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from service.live.notifier import Notifier
from service.store.events import EventDraft, EventStore, RecordedEvent

WAIT_SECONDS = 10.0


class _Subscriber:
    """What one stream was handed: lists of events, or None (read for yourself)."""

    def __init__(self) -> None:
        self.handed: list[list[int] | None] = []
        self.arrived = threading.Event()

    def __call__(self, events: Sequence[RecordedEvent] | None) -> None:
        self.handed.append(None if events is None else [e.version for e in events])
        self.arrived.set()

    def wait(self) -> bool:
        found = self.arrived.wait(WAIT_SECONDS)
        self.arrived.clear()
        return found


def _wait_until_idle(notifier: Notifier) -> bool:
    deadline = time.monotonic() + WAIT_SECONDS
    while notifier.is_watching and time.monotonic() < deadline:
        time.sleep(0.02)
    return not notifier.is_watching


def test_only_the_streams_whose_game_grew_are_handed_its_events_when_they_are_appended(store: EventStore) -> None:
    store.append("game:a", 0, [EventDraft("Noted", {"n": 0})])
    notifier = Notifier(store, poll_seconds=0.02)
    grown, idle = _Subscriber(), _Subscriber()
    notifier.subscribe("game:a", grown)
    notifier.subscribe("game:b", idle)
    try:
        # The watch begins by telling everyone to read once (a commit may have come between their read and it).
        assert grown.wait() and idle.wait()
        assert grown.handed == idle.handed == [None]

        store.append("game:a", 1, [EventDraft("Noted", {"n": 1}), EventDraft("Noted", {"n": 2})])

        assert grown.wait()
        assert grown.handed[1:] == [[2, 3]]
        assert idle.handed == [None]
    finally:
        notifier.close()


def test_the_watch_stops_when_the_last_stream_leaves(store: EventStore) -> None:
    notifier = Notifier(store, poll_seconds=0.02)
    subscriber = _Subscriber()
    notifier.subscribe("game:a", subscriber)
    assert notifier.is_watching and subscriber.wait()

    notifier.unsubscribe("game:a", subscriber)

    assert _wait_until_idle(notifier)
    assert notifier.subscribers == 0
    notifier.close()


def test_no_stream_is_handed_anything_when_the_notifier_is_closed(store: EventStore) -> None:
    notifier = Notifier(store, poll_seconds=0.02)
    notifier.close()
    subscriber = _Subscriber()

    notifier.subscribe("game:a", subscriber)
    store.append("game:a", 0, [EventDraft("Noted", {"n": 0})])

    assert not notifier.is_watching
    assert not subscriber.arrived.wait(0.2)
