"""One watcher of the event log per process: it hands new events to the live streams waiting on them.

Every open stream used to poll the database on its own; now one thread polls the log's newest
positions (one indexed query per tick, and none while no stream is open) and, when a watched game
grew, reads the new events once for all its watchers, so 100 streams cost the database what one
does. Polling rather than PostgreSQL's LISTEN/NOTIFY: it works alike on SQLite and PostgreSQL, sees
writes from every process (other workers, the CLI) and needs no change to the append path. Positions
follow commit order with no late-filled gaps (DESIGN §5), so `position > last` never misses a commit.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence

from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from service.store.events import EventStore, RecordedEvent
from service.store.tables import events

POLL_SECONDS = 0.1
BATCH = 1000
SHARED_JSON_EVENTS = 4096
log = logging.getLogger("annals.live")

Wake = Callable[[Sequence[RecordedEvent] | None], None]
"""Called from the watcher's thread with a stream's new events in order, or None: read them yourself."""


class Notifier:
    """Hands each subscriber its stream's new events (and None once when the watch starts)."""

    def __init__(self, store: EventStore, poll_seconds: float = POLL_SECONDS) -> None:
        self._store = store
        self._engine = store.engine
        self._poll_seconds = poll_seconds
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Wake]] = {}
        self._watcher: threading.Thread | None = None
        self._closed = threading.Event()
        self._shared_json: OrderedDict[int, str] = OrderedDict()

    def subscribe(self, stream_id: str, wake: Wake) -> None:
        """Call `wake` (from the watcher's thread) with the new events whenever `stream_id` grows."""
        with self._lock:
            self._subscribers.setdefault(stream_id, set()).add(wake)
            if self._watcher is None and not self._closed.is_set():
                self._watcher = threading.Thread(target=self._watch, name="annals-notifier", daemon=True)
                self._watcher.start()

    def unsubscribe(self, stream_id: str, wake: Wake) -> None:
        """Stop waking `wake` for `stream_id`."""
        with self._lock:
            found = self._subscribers.get(stream_id)
            if found is not None:
                found.discard(wake)
                if not found:
                    del self._subscribers[stream_id]

    @property
    def subscribers(self) -> int:
        """Streams waiting now (all streams together)."""
        with self._lock:
            return sum(len(wakes) for wakes in self._subscribers.values())

    @property
    def is_watching(self) -> bool:
        """Whether the watcher thread runs (it does only while some stream waits)."""
        with self._lock:
            return self._watcher is not None

    def close(self) -> None:
        """Stop watching; later subscribers are never woken (the process is shutting down)."""
        self._closed.set()
        with self._lock:
            watcher = self._watcher
        if watcher is not None:
            watcher.join(timeout=5)

    def _watch(self) -> None:
        """Poll while anyone listens; the thread ends when the last subscriber leaves."""
        last: int | None = None
        while not self._closed.is_set():
            with self._lock:
                if not self._subscribers:
                    self._watcher = None
                    return
            try:
                if last is None:
                    # Whoever subscribed before this first look may have missed a commit made between
                    # its own read and now: wake everyone once, to read again.
                    last = self._newest()
                    self._wake_all()
                else:
                    last = self._changes_after(last)
            except SQLAlchemyError:
                log.exception("the live-stream notifier could not read the event log; retrying")
            self._closed.wait(self._poll_seconds)
        with self._lock:
            self._watcher = None

    def _newest(self) -> int:
        with self._engine.connect() as conn:
            return int(conn.execute(select(func.max(events.c.position))).scalar() or 0)

    def shared_json(self, event: RecordedEvent) -> str:
        """The event's JSON as every caller who sees it whole gets it, encoded once for all its streams."""
        with self._lock:
            found = self._shared_json.get(event.position)
        if found is None:
            found = json.dumps(event.to_json(), ensure_ascii=False, separators=(",", ":"))
            with self._lock:
                self._shared_json[event.position] = found
                if len(self._shared_json) > SHARED_JSON_EVENTS:
                    self._shared_json.popitem(last=False)
        return found

    def _changes_after(self, last: int) -> int:
        """Hand the new events of every watched stream that grew after `last` to its subscribers."""
        while True:
            with self._engine.connect() as conn:
                rows = conn.execute(
                    select(events.c.position, events.c.stream_id)
                    .where(events.c.position > last)
                    .order_by(events.c.position)
                    .limit(BATCH)
                ).all()
            if not rows:
                return last
            with self._lock:
                watched = any(row.stream_id in self._subscribers for row in rows)
            if watched:
                grown: dict[str, list[RecordedEvent]] = {}
                for event in self._store.read_all(after=last, limit=len(rows)):
                    grown.setdefault(event.stream_id, []).append(event)
                self._hand_over(grown)
            last = int(rows[-1].position)
            if len(rows) < BATCH:
                return last

    def _wake_all(self) -> None:
        with self._lock:
            wakes = [wake for found in self._subscribers.values() for wake in found]
        for wake in wakes:
            wake(None)

    def _hand_over(self, grown: dict[str, list[RecordedEvent]]) -> None:
        with self._lock:
            deliveries = [(wake, new) for stream, new in grown.items() for wake in self._subscribers.get(stream, ())]
        for wake, new in deliveries:
            wake(new)
