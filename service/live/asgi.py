"""The ASGI front of `annals serve`: every request runs in the Flask app on a pool thread, and live
streams are then driven on the event loop.

Each request goes through Flask whole on one of `threads` request threads (the gate, authentication,
validation, the 404 of a private game, the 429 of a client over its stream limit: one place decides them
all) and comes back to the loop as a finished body, sent from there. A game's stream view answers with
a `LiveStream` instead, which the front sends from its event loop: a waiting stream holds no thread.

One thread hop per request: a2wsgi's own middleware makes one per ASGI message (three for a small
answer), and cost 15-25 % more server CPU per append in `make bench`; its environ builder is used as it is.
The request body is read whole on the loop before the request is handed to a thread (within the body
limit, and within BODY_SECONDS): a client that sends its headers and then trickles its body, or stops,
holds no request thread while it does, and eight of them no longer stall the server.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import io
import json
from collections.abc import Awaitable, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from a2wsgi.wsgi import build_environ
from flask import Flask

from service.errors import RequestTimeout
from service.live import live_of
from service.live.body import LiveStream

DEFAULT_THREADS = 8
BODY_SECONDS = 30.0  # a request's body must have arrived whole this long after its headers (else 408)
# Request bodies one process holds while they arrive and until their requests are answered. While the other
# requests hold more, a body that comes in several parts waits (on the loop, its socket no longer read)
# before taking more; a body that comes whole in its first part (nearly every request) never waits.
BODY_BUFFER_BYTES = 64 * 1024 * 1024

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
T = TypeVar("T")


class AnnalsAsgi:
    """The Flask app behind an ASGI server, with its live streams driven on the event loop."""

    def __init__(self, app: Flask, threads: int = DEFAULT_THREADS) -> None:
        self.flask = app
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="annals-request")
        self.buffered = _BodyBudget(BODY_BUFFER_BYTES)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        else:  # websockets: none are served
            await send({"type": "websocket.close", "code": 1000})

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        held = _Held(self.buffered)
        try:
            await self._answer(scope, receive, send, held)
        finally:
            held.release()

    async def _answer(self, scope: Scope, receive: Receive, send: Send, held: _Held) -> None:
        try:
            async with asyncio.timeout(BODY_SECONDS):
                body = await self._body(scope, receive, held)
        except TimeoutError:
            await _too_slow(send)
            return
        except _ClientGone:
            return
        # This front types ASGI messages as plain dicts; a2wsgi wants its TypedDicts of the same keys.
        environ: dict[str, Any] = dict(build_environ(scope, io.BytesIO(body)))  # type: ignore[arg-type]
        if environ.pop("HTTP_TRANSFER_ENCODING", None) is not None:
            # A chunked body is all here now: given its length, as a proxy would, werkzeug reads it (it reads
            # a body of no length as empty) or answers 413 past the body limit.
            environ["CONTENT_LENGTH"] = str(len(body))
        started: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[..., Any]:
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
            return _no_write

        def respond() -> LiveStream | bytes:
            body: Iterable[bytes] = self.flask(environ, start_response)
            if isinstance(body, LiveStream):
                return body
            try:
                return b"".join(body)
            finally:
                getattr(body, "close", lambda: None)()

        answer = await self._run_sync(respond)
        await send({"type": "http.response.start", "status": started["status"], "headers": started["headers"]})
        if isinstance(answer, LiveStream):
            await answer.drive(send, receive, self._run_sync)
        else:
            await send({"type": "http.response.body", "body": answer, "more_body": False})

    async def _body(self, scope: Scope, receive: Receive, held: _Held) -> bytes:
        """The request's body, read on the loop and counted in `held`; past the body limit, only as much as
        lets Flask answer 413."""
        limit: int | None = self.flask.config.get("MAX_CONTENT_LENGTH")
        if limit is not None and _declared_length(scope) > limit:
            return b""  # Flask answers 413 from the header alone, as it always did
        chunks: list[bytes] = []
        while True:
            if chunks:  # more to come: within the process's budget
                await held.budget.room(held.size)
            message = await receive()
            if message["type"] == "http.disconnect":
                raise _ClientGone
            chunk: bytes = message.get("body", b"")
            chunks.append(chunk)
            held.add(len(chunk))  # this request's bytes so far, in held.size
            if not message.get("more_body", False) or (limit is not None and held.size > limit):
                return b"".join(chunks)

    async def _run_sync(self, work: Callable[[], T]) -> T:
        """`work` on a request thread (with this task's context), awaited from the loop."""
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(self._executor, functools.partial(context.run, work))

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        """Start at once; at shutdown stop the notifier and the request threads."""
        if (await receive())["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        if (await receive())["type"] == "lifespan.shutdown":
            self.close(wait=False)
            await send({"type": "lifespan.shutdown.complete"})

    def close(self, wait: bool = True) -> None:
        """Stop the notifier and the request threads (requests not yet started are dropped)."""
        live_of(self.flask).notifier.close()
        self._executor.shutdown(wait=wait, cancel_futures=True)


class _BodyBudget:
    """Bytes of request bodies held by one process's requests, and a wait for room under `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held = 0
        self._freed: asyncio.Event | None = None  # made on the loop, when somebody first waits

    async def room(self, own: int) -> None:
        """Wait while the other requests hold more than the budget (this one's own bytes never stop it: it
        would wait for itself; so the process holds at most the budget and one body more)."""
        while self.held - own > self.limit:
            self._freed = self._freed or asyncio.Event()
            self._freed.clear()
            await self._freed.wait()

    def add(self, size: int) -> None:
        self.held += size

    def free(self, size: int) -> None:
        self.held -= size
        if self._freed is not None:
            self._freed.set()  # waiters look again at what the others hold


class _Held:
    """What one request has taken from the budget, given back once when it is answered or abandoned."""

    def __init__(self, budget: _BodyBudget) -> None:
        self.budget = budget
        self.size = 0

    def add(self, size: int) -> None:
        self.size += size
        self.budget.add(size)

    def release(self) -> None:
        self.budget.free(self.size)
        self.size = 0


class _ClientGone(Exception):
    """The client closed the connection before its request's body had arrived."""


def _declared_length(scope: Scope) -> int:
    """The request's Content-Length, 0 when it has none (or none that reads as a number)."""
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0


async def _too_slow(send: Send) -> None:
    """408 as problem+json (`request-timeout`, a project problem like the 413's `body-too-large`), and the
    connection closed: what is left of the body cannot be told from a next request."""
    body = json.dumps(RequestTimeout(BODY_SECONDS).problem())
    headers = [(b"content-type", b"application/problem+json"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": 408, "headers": headers})
    await send({"type": "http.response.body", "body": body.encode(), "more_body": False})


def _no_write(chunk: bytes) -> None:
    raise RuntimeError("the WSGI write() callable is not supported (Flask never uses it)")


def create_asgi_app(
    config: Mapping[str, Any] | None = None, threads: int = DEFAULT_THREADS, checkpoints: bool = False
) -> AnnalsAsgi:
    """The app `annals serve` runs: `create_app(config)` behind the ASGI front; with `checkpoints`, this
    process also makes the global checkpoints (service.serving.start_checkpoints)."""
    from service import create_app

    app = create_app(config)
    if checkpoints:
        from service.serving import start_checkpoints

        start_checkpoints(app)
    return AnnalsAsgi(app, threads)
