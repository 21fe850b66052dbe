"""A game's live Server-Sent Events body: what is recorded after a version, as it is recorded.

The view builds it with everything decided (caller, redaction, resume point, deadline, its client's
slot); then one of two drivers runs it. A WSGI server iterates it on its request thread (the Flask
test client does); the ASGI front of `annals serve` finds it instead of a finished body and drives it
on its event loop (`drive`), taking a pool thread only to read from the database (when it starts or
resumes, and when the notifier says so). New events otherwise come from the notifier, read once for
every stream of that game.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Awaitable, Callable, Generator, Iterator, Sequence
from typing import Any, TypeVar

from service.auth import StillValid
from service.live.limits import Slot, StreamLimits
from service.live.notifier import Notifier
from service.store.events import EventStore, RecordedEvent
from service.views import EventRedactor

HEARTBEAT_SECONDS = 15.0
READ_LIMIT = 500
RETRY = "retry: 1000\n\n"
KEEP_ALIVE = ": keep-alive\n\n"

T = TypeVar("T")
RunSync = Callable[[Callable[[], T]], Awaitable[T]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]


class _Inbox:
    """What the notifier handed over and the driver has not sent yet (thread-safe)."""

    def __init__(self, on_arrival: Callable[[], None]) -> None:
        self._lock = threading.Lock()
        self._events: list[RecordedEvent] = []
        self._read_again = True  # the first turn reads from the database: the catch-up
        self._on_arrival = on_arrival

    def deliver(self, events: Sequence[RecordedEvent] | None) -> None:
        """Called from the notifier's thread: new events, or None when the stream must read for itself."""
        with self._lock:
            if events is None:
                self._read_again = True
            else:
                self._events.extend(events)
        self._on_arrival()

    def take(self) -> tuple[bool, list[RecordedEvent]]:
        """(read from the database?, the events handed over), emptying the inbox."""
        with self._lock:
            read_again, self._read_again = self._read_again, False
            taken, self._events = self._events, []
        return read_again, taken


class LiveStream:
    """Events of one stream after `after` until `timeout` seconds have passed (60 s at most).

    The stream ends after its timeout so that connections do not pile up behind proxies; the client
    reconnects with Last-Event-ID (browsers' EventSource does so by itself after `retry`).
    """

    def __init__(
        self,
        store: EventStore,
        notifier: Notifier,
        limits: StreamLimits,
        slot: Slot,
        stream_id: str,
        after: int,
        timeout: float,
        redactor: EventRedactor,
        pending_at: Callable[[int], str] | None = None,
        token: StillValid | None = None,
    ) -> None:
        self._store = store
        self._notifier = notifier
        self._limits = limits
        self._slot = slot
        self._stream_id = stream_id
        self._after = after
        self._deadline = time.monotonic() + timeout
        self._redactor = redactor
        # The JSON of what the game waits for at a version; it reads the database, so never on the event loop.
        self._pending_at = pending_at
        self._pending_sent = False
        # The caller's token, looked up again before events are sent: once it is revoked or expired the stream ends.
        self._token = token
        self.ended = False
        self._iterator: Generator[bytes] | None = None

    def read_chunk(self) -> tuple[str, bool]:
        """The SSE text of the next events from the database, and whether more may follow at once (nothing, and
        `ended`, once the caller's token no longer works)."""
        if self._token is not None and not self._token.holds():
            self.ended = True
            return "", False
        events = self._store.read(self._stream_id, after=self._after, limit=READ_LIMIT)
        more = len(events) == READ_LIMIT
        text = self._text(events)
        if not more and self._pending_at is not None and (events or not self._pending_sent):
            # Once per batch, after its last event: the pending of a version already passed would be stale. Also
            # once on connecting with nothing to replay (resumed at the head), so the client knows what is awaited.
            text += f"event: pending\ndata: {self._pending_at(self._after)}\n\n"
            self._pending_sent = True
        return text, more

    def handed_chunk(self, events: list[RecordedEvent]) -> str | None:
        """The SSE text of events the notifier handed over, or None when they leave a gap or the stream also
        sends what the game waits for, or the caller's token must be looked up again (all read from the database
        instead, off the event loop)."""
        if self._pending_at is not None or (self._token is not None and self._token.due()):
            return None
        fresh = [event for event in events if event.version > self._after]
        if fresh and fresh[0].version != self._after + 1:
            return None
        return self._text(fresh)

    def _text(self, events: Sequence[RecordedEvent]) -> str:
        lines = []
        for event in events:
            if self._redactor.hides_anything:
                shown = json.dumps(self._redactor.event(event.to_json()), ensure_ascii=False, separators=(",", ":"))
            else:
                shown = self._notifier.shared_json(event)
            lines.append(f"id: {event.version}\nevent: {event.type}\ndata: {shown}\n\n")
            self._after = event.version
        return "".join(lines)

    def close(self) -> None:
        """Give the client's slot back (a WSGI server calls this when the body is done or dropped)."""
        if self._iterator is not None:
            self._iterator.close()
        self._limits.release(self._slot)

    # --- driven by a WSGI server's request thread ---

    def __iter__(self) -> Iterator[bytes]:
        self._iterator = self._blocking()
        return self._iterator

    def _blocking(self) -> Generator[bytes]:
        woken = threading.Event()
        inbox = _Inbox(woken.set)
        self._notifier.subscribe(self._stream_id, inbox.deliver)
        try:
            yield RETRY.encode()
            last_sent = time.monotonic()
            while True:
                woken.clear()
                chunk, more = self._next(inbox, self.read_chunk)
                if self.ended:
                    return
                now = time.monotonic()
                if chunk:
                    yield chunk.encode()
                    last_sent = now
                if more:
                    continue
                if now >= self._deadline:
                    return
                if now - last_sent >= HEARTBEAT_SECONDS:
                    yield KEEP_ALIVE.encode()
                    last_sent = now
                woken.wait(min(self._deadline - now, HEARTBEAT_SECONDS - (now - last_sent)))
        finally:
            self._notifier.unsubscribe(self._stream_id, inbox.deliver)

    def _next(self, inbox: _Inbox, read: Callable[[], tuple[str, bool]]) -> tuple[str, bool]:
        """The next text to send and whether more is waiting, reading from the database only when needed."""
        read_again, handed = inbox.take()
        if not read_again:
            chunk = self.handed_chunk(handed)
            if chunk is not None:
                return chunk, False
        text, more = read()
        return text, more or bool(handed)

    # --- driven by the ASGI front's event loop ---

    async def drive(self, send: Send, receive: Receive, run_sync: RunSync[tuple[str, bool]]) -> None:
        """Send the body on an ASGI connection; ends at the deadline or when the client goes away."""
        loop = asyncio.get_running_loop()
        woken = asyncio.Event()

        def arrived() -> None:  # called from the notifier's thread
            if not loop.is_closed():
                loop.call_soon_threadsafe(woken.set)

        inbox = _Inbox(arrived)
        self._notifier.subscribe(self._stream_id, inbox.deliver)
        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            await _send_text(send, RETRY)
            last_sent = time.monotonic()
            while not gone.done():
                woken.clear()
                read_again, handed = inbox.take()
                chunk = None if read_again else self.handed_chunk(handed)
                more = False
                if chunk is None:
                    chunk, more = await run_sync(self.read_chunk)
                now = time.monotonic()
                if self.ended:
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
                if chunk:
                    await _send_text(send, chunk)
                    last_sent = now
                if more:
                    continue
                if now >= self._deadline:
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
                if now - last_sent >= HEARTBEAT_SECONDS:
                    await _send_text(send, KEEP_ALIVE)
                    last_sent = now
                waiting = asyncio.ensure_future(woken.wait())
                wait = min(self._deadline - now, HEARTBEAT_SECONDS - (now - last_sent))
                await asyncio.wait({waiting, gone}, timeout=wait, return_when=asyncio.FIRST_COMPLETED)
                waiting.cancel()
        finally:
            gone.cancel()
            self._notifier.unsubscribe(self._stream_id, inbox.deliver)
            self.close()


async def _send_text(send: Send, text: str) -> None:
    await send({"type": "http.response.body", "body": text.encode(), "more_body": True})


async def _disconnected(receive: Receive) -> None:
    """Return when the client has gone (a GET's body, if any, is read and dropped)."""
    while (await receive())["type"] != "http.disconnect":
        pass
