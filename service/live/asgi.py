"""The ASGI front of `annals serve`: every request runs in the Flask app on a pool thread, and live
streams are then driven on the event loop.

Each request goes through Flask whole on one of `threads` request threads (the gate, authentication,
validation, the 404 of a private game, the 429 of a client over its stream limit: one place decides them
all) and comes back to the loop as a finished body, sent from there. A game's stream view answers with
a `LiveStream` instead, which the front sends from its event loop: a waiting stream holds no thread.

One thread hop per request: a2wsgi's own middleware makes one per ASGI message (three for a small
answer), and cost 15-25 % more server CPU per append in `make bench`; its environ builder and request
body reader are used as they are.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Awaitable, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from a2wsgi.wsgi import Body, build_environ
from flask import Flask

from service.live import live_of
from service.live.body import LiveStream

DEFAULT_THREADS = 8

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

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        else:  # websockets: none are served
            await send({"type": "websocket.close", "code": 1000})

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        # This front types ASGI messages as plain dicts; a2wsgi wants its TypedDicts of the same keys.
        environ: dict[str, Any] = dict(build_environ(scope, Body(loop, receive)))  # type: ignore[arg-type]
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
