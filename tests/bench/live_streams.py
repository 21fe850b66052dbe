"""Live streams under load: `annals serve`'s ASGI front against waitress, and 100 open streams against none.

The server is the ASGI front `annals serve` runs (service.live.asgi: uvicorn, the Flask app on 8
request threads, streams on the event loop) in a thread of this process, as the waitress rows serve
the WSGI app. The load generator is a spawned process: 8 keep-alive clients record into
their own games (http_append.drive), one more asks GET /health every few milliseconds, and in the
streamed phases one thread holds 100 SSE connections to those same games (spectators of the games
being recorded) and reads all they send.
"""

from __future__ import annotations

import contextlib
import http.client
import multiprocessing
import selectors
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import uvicorn
from flask import Flask

from service.live.asgi import AnnalsAsgi
from tests.bench import http_append
from tests.bench.http_append import AppendLoad
from tests.bench.reads import Latency

HEALTH_PAUSE_SECONDS = 0.005
HEALTH_MAX_PROBES = 50_000
QUIET_SECONDS = 0.5  # the streams are drained once nothing has arrived for this long
DRAIN_SECONDS = 15.0
OPEN_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class Phase:
    """One load phase: the appends, the /health probes beside them, and what the streams received."""

    appends: AppendLoad
    health_seconds: list[float]
    append_seconds: list[float]
    events_received: int


@contextlib.contextmanager
def serving_asgi(app: Flask, threads: int = http_append.SERVER_THREADS) -> Iterator[int]:
    """`annals serve`'s stack (uvicorn + the ASGI front) on a free loopback port in a thread; yield the port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    # lifespan off: the bench app outlives this server (a shutdown would close its notifier for good)
    config = uvicorn.Config(
        AnnalsAsgi(app, threads), host="127.0.0.1", port=port, lifespan="off", log_level="warning", access_log=False
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + OPEN_SECONDS
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    if not server.started:
        raise RuntimeError("uvicorn did not start")
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def phase_from_another_process(
    port: int, token: str, games: list[str], per_client: int, warmup: int, streams: int
) -> Phase:
    """`drive_phase` in a spawned load-generator process (the clients' Python leaves the server's GIL alone)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        phase: Phase = pool.apply(drive_phase, (port, token, games, per_client, warmup, streams))
    return phase


def drive_phase(port: int, token: str, games: list[str], per_client: int, warmup: int, streams: int) -> Phase:
    """Open `streams` SSE connections over `games`, then append from one client per game while probing /health."""
    watchers = _Watchers(port, [games[n % len(games)] for n in range(streams)])
    prober = _HealthProber(port)
    try:
        watchers.start()
        prober.start()
        load = http_append.drive(port, token, games, per_client, warmup)
        prober.stop()
        received = watchers.drain()
    finally:
        prober.stop()
        watchers.close()
    return Phase(load, prober.seconds, list(load.samples), received)


class _HealthProber:
    """GET /health on one keep-alive connection every few milliseconds until stopped."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.seconds: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="health-prober")

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            for _ in range(HEALTH_MAX_PROBES):
                if self._stop.wait(HEALTH_PAUSE_SECONDS):
                    return
                started = time.perf_counter()
                connection.request("GET", "/api/v1/health")
                response = connection.getresponse()
                response.read()
                if response.status == 200:
                    self.seconds.append(time.perf_counter() - started)
        finally:
            connection.close()


class _Watchers:
    """Anonymous SSE connections, one per entry of `games`, each read as its events arrive."""

    def __init__(self, port: int, games: list[str]) -> None:
        self.port = port
        self.games = games
        self.sockets: list[socket.socket] = []
        self.received = 0
        self._last_arrival = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, name="watchers")
        self._selector = selectors.DefaultSelector()

    def start(self) -> None:
        """Connect every stream and wait for its `retry:` line (it then waits on the server's notifier)."""
        for game in self.games:
            connection = socket.create_connection(("127.0.0.1", self.port), timeout=OPEN_SECONDS)
            request = f"GET /api/v1/games/{game}/stream?after=1&timeout=60 HTTP/1.1\r\nHost: bench\r\n\r\n"
            connection.sendall(request.encode())
            head = b""
            while b"retry: 1000" not in head:
                chunk = connection.recv(4096)
                if not chunk:
                    raise RuntimeError(f"stream closed before it began: {head[:300]!r}")
                head += chunk
            if not head.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(f"stream refused: {head[:300]!r}")
            connection.setblocking(False)
            self._selector.register(connection, selectors.EVENT_READ)
            self.sockets.append(connection)
        if self.sockets:
            self._thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            for key, _ in self._selector.select(timeout=0.1):
                stream = key.fileobj
                assert isinstance(stream, socket.socket)  # only the streams' sockets are registered
                chunk = stream.recv(65536)
                if chunk:
                    self.received += chunk.count(b"\nevent: ")
                    self._last_arrival = time.monotonic()

    def drain(self) -> int:
        """Events received by all streams, once they have been quiet for a moment (bounded)."""
        deadline = time.monotonic() + DRAIN_SECONDS
        while self.sockets and time.monotonic() < deadline:
            if time.monotonic() - self._last_arrival >= QUIET_SECONDS:
                break
            time.sleep(0.05)
        return self.received

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        for connection in self.sockets:
            connection.close()
        self._selector.close()


def pooled(seconds: list[list[float]]) -> Latency:
    """p50 and p99 over the samples of several phases together."""
    return Latency.of([s for samples in seconds for s in samples])


def total_rate(loads: Sequence[AppendLoad]) -> float:
    """Appends per second over several phases together."""
    return sum(load.requests for load in loads) / sum(load.seconds for load in loads)
