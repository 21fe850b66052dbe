"""HTTP append throughput: POST /api/v1/games/{id}/actions against waitress, from K keep-alive clients.

The server is the real WSGI app under waitress (8 threads) in a thread of this process. The clients
are K threads of a separate, spawned load-generator process (their Python would otherwise compete
with the server's for this process's GIL). Each holds one keep-alive `http.client.HTTPConnection` and
records into its own game, so clients never race each other for a version: the number is the
service's append path under concurrency (token lookup, validation, load from cache, decide, append
and summary update in one transaction, JSON), with SQLite serialising the writers.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from waitress.server import BaseWSGIServer, create_server

from tests.bench.reads import Latency
from tests.bench.workload import freeform_actions

SERVER_THREADS = 8


@dataclass(frozen=True, slots=True)
class AppendLoad:
    """What a fixed number of POST /actions did: throughput over the timed phase, latency, failures."""

    requests: int
    seconds: float
    latency: Latency
    failures: int
    samples: tuple[float, ...] = ()  # each timed request's seconds

    @property
    def rate(self) -> float:
        """Recorded actions per second, all clients together."""
        return self.requests / self.seconds


@contextlib.contextmanager
def serving(app: Callable[..., Iterable[bytes]]) -> Iterator[int]:
    """Serve `app` with waitress on a free loopback port in a background thread; yield the port."""
    server = create_server(app, host="127.0.0.1", port=0, threads=SERVER_THREADS)
    assert isinstance(server, BaseWSGIServer)  # one address to listen on: one server, not a MultiSocketServer
    thread = threading.Thread(target=server.run, name="waitress", daemon=True)
    thread.start()
    try:
        yield int(server.getsockname()[1])
    finally:
        # Workers first: a worker finishing a request pulls the loop's trigger, which must still be open.
        server.task_dispatcher.shutdown()
        server.close()
        thread.join(timeout=10)


def served_env() -> dict[str, str]:
    """A served child's settings beyond the database: the per-token rate limit as `bench_app` sets it (the
    default 6,000/minute would answer a load generator 429 within seconds), so the bench measures the
    service, not the limit."""
    return {"ANNALS_RATELIMIT_TOKEN": "100000000/minute"}


@contextlib.contextmanager
def serving_processes(database_url: str, workers: int, threads: int = SERVER_THREADS) -> Iterator[int]:
    """`annals serve --workers N` (gunicorn) as a child process on a free port; yield the port."""

    def command(port: int) -> list[str]:
        serve = [sys.executable, "-c", "from service.cli import main; main()", "serve"]
        return [*serve, "--workers", str(workers), "--threads", str(threads), "--port", str(port)]

    with serving_child(command, database_url) as port:
        yield port


@contextlib.contextmanager
def serving_child(command: Callable[[int], list[str]], database_url: str) -> Iterator[int]:
    """`command(port)` as a child process serving on a free port, until it answers /health; yield the port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    env = {**os.environ, "DATABASE_URL": database_url, **served_env()}
    server = subprocess.Popen(command(port), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_until_healthy(port, server)
        yield port
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def wait_until_healthy(port: int, server: subprocess.Popen[bytes], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"annals serve exited: {server.stderr.read().decode()[-2000:] if server.stderr else ''}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/v1/health")
            if connection.getresponse().status == 200:
                connection.close()
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"annals serve did not answer on port {port} within {seconds:.0f} s")


def drive(port: int, token: str, game_ids: list[str], per_client: int, warmup: int) -> AppendLoad:
    """One client thread per game: `warmup` untimed actions each, then `per_client` timed ones each."""
    start = threading.Barrier(len(game_ids) + 1)
    clients = [_Client(port, token, game_id, per_client, warmup, start, n) for n, game_id in enumerate(game_ids)]
    threads = [threading.Thread(target=c.run, name=f"client-{n}") for n, c in enumerate(clients)]
    for thread in threads:
        thread.start()
    start.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    samples = [s for c in clients for s in c.seconds]
    failures = sum(c.failures for c in clients)
    if not samples:
        raise RuntimeError(f"no request succeeded; first failure: {next((c.error for c in clients if c.error), '')}")
    return AppendLoad(len(samples), seconds, Latency.of(samples), failures, tuple(samples))


def drive_from_another_process(
    port: int, token: str, game_ids: list[str], per_client: int, warmup: int
) -> tuple[AppendLoad, float]:
    """`drive` in a spawned load-generator process, so the clients' Python does not take the server's GIL.

    Also returns this (the server's) process CPU time per request in ms, warm-up included: with one
    GIL, 1 / that time bounds the throughput of the Python part of the work.
    """
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        cpu_before = time.process_time()
        load: AppendLoad = pool.apply(drive, (port, token, game_ids, per_client, warmup))
        cpu = time.process_time() - cpu_before
    served = load.requests + load.failures + warmup * len(game_ids)
    return load, cpu / served * 1000


class _Client:
    """One keep-alive connection recording `warmup + timed` actions into one game."""

    def __init__(
        self, port: int, token: str, game_id: str, timed: int, warmup: int, start: threading.Barrier, seed: int
    ) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.path = f"/api/v1/games/{game_id}/actions"
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        bodies = [json.dumps(b).encode() for b in freeform_actions(warmup + timed, seed=100 + seed)]
        self.warmup, self.timed = bodies[:warmup], bodies[warmup:]
        self.start = start
        self.seconds: list[float] = []
        self.failures = 0
        self.error = ""

    def run(self) -> None:
        """Warm up, wait for every client, then send the timed requests back to back."""
        try:
            for body in self.warmup:
                self._post(body)
        finally:
            self.start.wait()
        for body in self.timed:
            started = time.perf_counter()
            if self._post(body):
                self.seconds.append(time.perf_counter() - started)
        self.connection.close()

    def _post(self, body: bytes) -> bool:
        try:
            self.connection.request("POST", self.path, body=body, headers=self.headers)
            response = self.connection.getresponse()
            answer: Any = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.failures += 1
            self.error = self.error or repr(error)
            self.connection.close()  # the next request reconnects
            return False
        if response.status != 201:
            self.failures += 1
            self.error = self.error or f"{response.status} {answer[:200]!r}"
            return False
        return True
