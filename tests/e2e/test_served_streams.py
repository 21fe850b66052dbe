"""Issue 16 point 2 over real HTTP, against `annals serve` itself (uvicorn, and gunicorn with two uvicorn
workers; SQLite and PostgreSQL): open live streams hold no request thread, and each client's count of
them is bounded."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, closing

import pytest

from tests.e2e.annals_server import Served, serve_annals

STREAMS = 100
READ_SECONDS = 30.0  # a bound on every wait below, never a measure: timing goes to `make bench`


@pytest.fixture(params=[pytest.param(1, id="uvicorn"), pytest.param(2, id="gunicorn")])
def served(request: pytest.FixtureRequest, backend_url: str) -> Iterator[Served]:
    """`annals serve` whose anonymous clients may each hold STREAMS streams."""
    yield from serve_annals(backend_url, request.param, ANNALS_STREAMS_PER_ADDRESS=str(STREAMS))


@pytest.fixture
def served_one_process(backend_url: str) -> Iterator[Served]:
    """`annals serve` in one process (limits are counted per process) with the same limit."""
    yield from serve_annals(backend_url, 1, ANNALS_STREAMS_PER_ADDRESS=str(STREAMS))


class _Stream:
    """One anonymous SSE connection on a raw socket, read as it arrives."""

    def __init__(self, port: int, game: str, after: int) -> None:
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=READ_SECONDS)
        request = (
            f"GET /api/v1/games/{game}/stream?after={after}&timeout=60 HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
        )
        self.socket.sendall(request.encode())
        self.received = b""

    def read_until(self, marker: bytes) -> bytes:
        """What has arrived once `marker` has (bounded by READ_SECONDS; a socket timeout fails the test)."""
        deadline = time.monotonic() + READ_SECONDS
        while marker not in self.received and time.monotonic() < deadline:
            chunk = self.socket.recv(65536)
            if not chunk:
                break
            self.received += chunk
        return self.received

    def close(self) -> None:
        self.socket.close()


def _new_game(server: Served) -> str:
    status, _, raw = server.post("/api/v1/games", {"ruleset": "freeform", "seats": [{"seat": "red"}], "title": "e2e"})
    assert status == 201, raw
    return str(json.loads(raw)["id"])


def test_a_write_and_health_answer_and_every_stream_gets_the_event_when_100_streams_are_open(served: Served) -> None:
    game = _new_game(served)
    with ExitStack() as streams_open:
        streams = [streams_open.enter_context(closing(_Stream(served.port, game, after=1))) for _ in range(STREAMS)]
        for stream in streams:
            head = stream.read_until(b"retry: 1000")
            assert head.startswith(b"HTTP/1.1 200") and b"text/event-stream" in head, head[:300]

        health, _, raw = served.call("GET", "/api/v1/health")
        recorded, _, written = served.post(f"/api/v1/games/{game}/actions", {"type": "note", "seat": "red"})

        assert health == 200, raw
        assert recorded == 201, written
        for stream in streams:
            body = stream.read_until(b"event: ActionRecorded")
            assert b"id: 2\nevent: ActionRecorded\n" in body, body[-300:]


def test_429_over_real_http_when_an_address_holds_its_limit_of_streams(served_one_process: Served) -> None:
    game = _new_game(served_one_process)
    with ExitStack() as streams_open:
        streams = [
            streams_open.enter_context(closing(_Stream(served_one_process.port, game, 0))) for _ in range(STREAMS)
        ]
        for stream in streams:
            assert stream.read_until(b"retry: 1000").startswith(b"HTTP/1.1 200")

        refused, headers, raw = served_one_process.call("GET", f"/api/v1/games/{game}/stream?timeout=0")
        with_token, _, _ = served_one_process.call(
            "GET",
            f"/api/v1/games/{game}/stream?timeout=0",
            headers={"Authorization": f"Bearer {served_one_process.token}"},
        )

        assert refused == 429 and headers["content-type"] == "application/problem+json", raw
        assert json.loads(raw)["type"] == "/api/v1/problems/too-many-streams"
        assert 1 <= int(headers["retry-after"]) <= 60
        assert with_token == 200

    # The streams closed by the client give their places back.
    deadline = time.monotonic() + READ_SECONDS
    status = 429
    while status == 429 and time.monotonic() < deadline:
        status, _, _ = served_one_process.call("GET", f"/api/v1/games/{game}/stream?timeout=0")
        time.sleep(0.05)
    assert status == 200
