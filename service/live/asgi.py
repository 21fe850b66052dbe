"""The ASGI front of `annals serve`: live streams on the event loop, every other request in Flask.

Every request but a game's stream goes to the Flask app through a2wsgi's WSGI adapter, on its pool
of request threads. A stream request also runs through Flask on a pool thread (the gate,
authentication, validation, the 404 of a private game, the 429 of a client over its limit: one place
decides them all), and its view answers with a `LiveStream` instead of a finished body; the front then
sends that body from its event loop, which holds no thread while the stream waits.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import Body, build_environ
from flask import Flask

from service.live import Live
from service.live.body import LiveStream

STREAM_PATH = re.compile(r"^/api/v1/games/[^/]+/stream$")
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
        self._wsgi = WSGIMiddleware(app, workers=threads)  # type: ignore[arg-type]
        self._executor: ThreadPoolExecutor = self._wsgi.executor

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and STREAM_PATH.match(scope["path"]):
            await self._stream(scope, receive, send)
        elif scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        else:
            await self._wsgi(scope, receive, send)  # type: ignore[arg-type]

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
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
            live: Live = self.flask.extensions["annals_live"]
            live.notifier.close()
            self._executor.shutdown(wait=False, cancel_futures=True)
            await send({"type": "lifespan.shutdown.complete"})


def _no_write(chunk: bytes) -> None:
    raise RuntimeError("the WSGI write() callable is not supported on stream routes")


def create_asgi_app(config: Mapping[str, Any] | None = None, threads: int = DEFAULT_THREADS) -> AnnalsAsgi:
    """The app `annals serve` runs: `create_app(config)` behind the ASGI front."""
    from service import create_app

    return AnnalsAsgi(create_app(config), threads)
