"""`annals serve --workers 2` gives each worker half of a burst of keep-alive connections
(service/balanced_accept.py), over real HTTP: which process holds a connection is read from /proc, as
`ss -p` reads it."""

from __future__ import annotations

import http.client
import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.annals_server import Served, serve_annals

CONNECTIONS = 8
IDLE_SECONDS = 3  # past gunicorn's own 2 s keep-alive, within the 5 s annals serve keeps (service/serving.py)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    yield from serve_annals(f"sqlite:///{tmp_path / 'annals.db'}", 2)


def _established_inodes(port: int) -> set[str]:
    """Socket inodes of the established TCP connections whose local port is `port` (the server's ends)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table, encoding="ascii") as rows:
            next(rows)
            for row in rows:
                fields = row.split()
                local, state, inode = fields[1], fields[3], fields[9]
                if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:
                    inodes.add(inode)
    return inodes


def _holders(port: int) -> Counter[int]:
    """How many of the server's established connections each process holds, by pid."""
    inodes = _established_inodes(port)
    held: Counter[int] = Counter()
    for process in Path("/proc").iterdir():
        if not process.name.isdigit() or int(process.name) == os.getpid():
            continue
        try:
            for fd in (process / "fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    held[int(process.name)] += 1
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return held


def _burst(served: Served) -> list[http.client.HTTPConnection]:
    """CONNECTIONS keep-alive connections opened at once, each answered once (so each is accepted)."""
    start = threading.Barrier(CONNECTIONS)
    opened: list[http.client.HTTPConnection] = []
    statuses: list[int] = []

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
        start.wait()
        connection.request("GET", "/api/v1/health")
        response = connection.getresponse()
        response.read()
        statuses.append(response.status)
        opened.append(connection)

    threads = [threading.Thread(target=client) for _ in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * CONNECTIONS
    return opened


def _close(served: Served, connections: list[http.client.HTTPConnection]) -> None:
    for connection in connections:
        connection.close()
    deadline = time.monotonic() + 10
    while _established_inodes(served.port):
        assert time.monotonic() < deadline, "the server kept closed connections open"
        time.sleep(0.02)


def _workers_once_both_serve(served: Served) -> set[int]:
    """The two worker pids, once both take connections (a worker builds its app after the other may
    already serve: until then the first takes them all)."""
    deadline = time.monotonic() + 30
    while True:
        connections = _burst(served)
        workers = set(_holders(served.port))
        _close(served, connections)
        if len(workers) == 2:
            return workers
        assert time.monotonic() < deadline, "the second worker never took a connection"


def _assert_half_each(served: Served, bursts: int = 3) -> None:
    for _ in range(bursts):
        connections = _burst(served)
        try:
            assert sorted(_holders(served.port).values()) == [CONNECTIONS // 2, CONNECTIONS // 2]
        finally:
            _close(served, connections)


def test_two_workers_hold_half_of_a_burst_of_keep_alive_connections_each(served: Served) -> None:
    _workers_once_both_serve(served)
    _assert_half_each(served)


def test_a_worker_started_in_place_of_a_killed_one_takes_its_half(served: Served) -> None:
    killed = min(_workers_once_both_serve(served))
    os.kill(killed, signal.SIGKILL)  # gunicorn starts another; its master frees the dead one's slot
    assert killed not in _workers_once_both_serve(served)
    _assert_half_each(served)


def test_two_workers_keep_an_idle_keep_alive_connection_as_long_as_one_process_does(served: Served) -> None:
    """gunicorn gave its workers its own 2 s keep-alive (uvicorn alone keeps 5 s): a request sent on a connection
    idle for 3 s found it closed, and http.client got a broken pipe or a reset instead of an answer."""
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
    try:
        statuses = []
        for pause in (IDLE_SECONDS, 0):
            connection.request("GET", "/api/v1/health")
            response = connection.getresponse()
            statuses.append((response.status, response.read()[:1]))
            time.sleep(pause)
        assert statuses == [(200, b"{")] * 2
    finally:
        connection.close()
