"""A game's live Server-Sent Events body: what is recorded after a version, as it is recorded.

The view builds it with everything decided (caller, redaction, resume point, deadline, its client's
slot); then one of two drivers runs it. A WSGI server iterates it on its request thread (the Flask
test client does); the ASGI front of `annals serve` finds it instead of a finished body and drives it
on its event loop (`drive`), taking a pool thread only for each short read of new events.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

from service.live.limits import Slot, StreamLimits
from service.live.notifier import Notifier
from service.store.events import EventStore
from service.views import EventRedactor

HEARTBEAT_SECONDS = 15.0
READ_LIMIT = 500
RETRY = "retry: 1000\n\n"
KEEP_ALIVE = ": keep-alive\n\n"

T = TypeVar("T")
RunSync = Callable[[Callable[[], T]], Awaitable[T]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Receive = Callable[[], Awaitable[dict[str, Any]]]


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
    ) -> None:
        self._store = store
        self._notifier = notifier
        self._limits = limits
        self._slot = slot
        self._stream_id = stream_id
        self._after = after
        self._deadline = time.monotonic() + timeout
        self._redactor = redactor
        self._iterator: Iterator[bytes] | None = None

    def next_chunk(self) -> str:
        """The SSE text of the events recorded after the last one sent (at most READ_LIMIT), or ''."""
        events = self._store.read(self._stream_id, after=self._after, limit=READ_LIMIT)
        lines = []
        for event in events:
            shown = json.dumps(self._redactor.event(event.to_json()), ensure_ascii=False, separators=(",", ":"))
            lines.append(f"id: {event.version}\nevent: {event.type}\ndata: {shown}\n\n")
            self._after = event.version
        return "".join(lines)

    def close(self) -> None:
        """Give the client's slot back (a WSGI server calls this when the body is done or dropped)."""
        if self._iterator is not None:
            self._iterator.close()  # type: ignore[attr-defined]
        self._limits.release(self._slot)

    # --- driven by a WSGI server's request thread ---

    def __iter__(self) -> Iterator[bytes]:
        self._iterator = self._blocking()
        return self._iterator

    def _blocking(self) -> Iterator[bytes]:
        woken = threading.Event()
        self._notifier.subscribe(self._stream_id, woken.set)
        try:
            yield RETRY.encode()
            last_sent = time.monotonic()
            while True:
                woken.clear()
                chunk = self.next_chunk()
                now = time.monotonic()
                if chunk:
                    yield chunk.encode()
                    last_sent = now
                    continue
                if now >= self._deadline:
                    return
                if now - last_sent >= HEARTBEAT_SECONDS:
                    yield KEEP_ALIVE.encode()
                    last_sent = now
                woken.wait(min(self._deadline - now, HEARTBEAT_SECONDS - (now - last_sent)))
        finally:
            self._notifier.unsubscribe(self._stream_id, woken.set)

    # --- driven by the ASGI front's event loop ---

    async def drive(self, send: Send, receive: Receive, run_sync: RunSync[str]) -> None:
        """Send the body on an ASGI connection; ends at the deadline or when the client goes away."""
        loop = asyncio.get_running_loop()
        woken = asyncio.Event()

        def wake() -> None:  # called from the notifier's thread
            if not loop.is_closed():
                loop.call_soon_threadsafe(woken.set)

        self._notifier.subscribe(self._stream_id, wake)
        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            await _send_text(send, RETRY)
            last_sent = time.monotonic()
            while not gone.done():
                woken.clear()
                chunk = await run_sync(self.next_chunk)
                now = time.monotonic()
                if chunk:
                    await _send_text(send, chunk)
                    last_sent = now
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
            self._notifier.unsubscribe(self._stream_id, wake)
            self.close()


async def _send_text(send: Send, text: str) -> None:
    await send({"type": "http.response.body", "body": text.encode(), "more_body": True})


async def _disconnected(receive: Receive) -> None:
    """Return when the client has gone (a GET's body, if any, is read and dropped)."""
    while (await receive())["type"] != "http.disconnect":
        pass
