"""The head limit of `annals serve`'s HTTP protocol (service/http_protocol.py), fed reads as asyncio would: which
read ends a head, and what else it carries, decides which check runs (the e2e test cannot choose how the kernel
splits what it sends)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState

from service.http_protocol import ProblemHttpToolsProtocol, header_limit

LIMIT = header_limit()  # ANNALS_MAX_HEADER_BYTES, 64 KiB unless set


class WrittenTransport(asyncio.Transport):
    """A transport that keeps what is written to it, and whether it was half-closed and closed."""

    def __init__(self) -> None:
        super().__init__()
        self.written, self.eof, self.closed = bytearray(), False, False

    def write(self, data: Any) -> None:
        self.written += data

    def can_write_eof(self) -> bool:
        return True

    def write_eof(self) -> None:
        self.eof = True

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 5000), "peername": ("127.0.0.1", 40000)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def _ok(scope: Any, receive: Any, send: Any) -> None:
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


async def _refuses_unread(scope: Any, receive: Any, send: Any) -> None:
    """Answers at once, reading no body (as the API's 401 does)."""
    await send({"type": "http.response.start", "status": 401, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"no"})


async def _closes_unread(scope: Any, receive: Any, send: Any) -> None:
    """Answers at once with `Connection: close`, reading no body (as the front's 408 of a body too slow does)."""
    headers = [(b"content-length", b"2"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": 408, "headers": headers})
    await send({"type": "http.response.body", "body": b"no"})


Connection = tuple[ProblemHttpToolsProtocol, WrittenTransport, asyncio.AbstractEventLoop]


def _connect(app: Any) -> Iterator[Connection]:
    loop = asyncio.new_event_loop()
    protocol = ProblemHttpToolsProtocol(Config(app=app, lifespan="off", log_level="critical"), ServerState(), {}, loop)
    transport = WrittenTransport()
    protocol.connection_made(transport)
    yield protocol, transport, loop
    loop.run_until_complete(asyncio.sleep(0.01))  # the app's task, if one was started
    loop.close()


@pytest.fixture
def connection() -> Iterator[Connection]:
    yield from _connect(_ok)


@pytest.fixture
def closing_answer() -> Iterator[Connection]:
    """A connection to an app that answers with `Connection: close` before reading the request's body."""
    yield from _connect(_closes_unread)


@pytest.fixture
def hasty(monkeypatch: pytest.MonkeyPatch) -> Iterator[Connection]:
    """A connection whose heads have 0.05 s (ANNALS_HEADER_TIMEOUT_SECONDS) from its start."""
    monkeypatch.setattr("service.http_protocol.header_seconds", lambda: 0.05)
    yield from _connect(_ok)


@pytest.fixture
def early_answer() -> Iterator[Connection]:
    """A connection to an app that answers before reading the request's body."""
    yield from _connect(_refuses_unread)


def _head(field_bytes: int, body: int = 0) -> bytes:
    """A request head whose one field's name, value and framing are `field_bytes`, then a body of `body` bytes."""
    length = f"Content-Length: {body}\r\n".encode()
    value = b"a" * (field_bytes - len(length) - len("X-Filler: \r\n"))
    return b"POST /api/v1/health HTTP/1.1\r\n" + length + b"X-Filler: " + value + b"\r\n\r\n" + b"b" * body


def _status(transport: WrittenTransport) -> tuple[str, dict[str, Any]]:
    head, _, body = bytes(transport.written).partition(b"\r\n\r\n")
    return head.split(b"\r\n")[0].decode(), (json.loads(body) if b"problem+json" in head else {})


def test_431_when_the_read_that_ends_a_head_takes_it_past_the_header_limit(connection: Any) -> None:
    protocol, transport, _ = connection
    protocol.data_received(_head(LIMIT + 1))

    status, problem = _status(transport)
    assert status == "HTTP/1.1 431 Request Header Fields Too Large"
    assert problem["limit_bytes"] == LIMIT and f"({LIMIT + 1:,} read)" in problem["detail"]
    assert transport.eof and not transport.closed  # half-closed: it lingers, reading what still comes
    protocol.data_received(b"c" * 100_000)  # dropped unread
    assert _status(transport)[0] == status and len(transport.written) < 1000


def test_431_when_a_head_not_yet_ended_passes_the_header_limit(connection: Any) -> None:
    protocol, transport, _ = connection
    protocol.data_received(_head(LIMIT)[: LIMIT // 2])
    assert transport.written == b""
    protocol.data_received(_head(LIMIT)[LIMIT // 2 : -4])  # the whole head but its last CRLFs
    assert _status(transport)[0] == "HTTP/1.1 431 Request Header Fields Too Large"


def test_a_head_at_the_header_limit_is_served_when_its_read_carries_a_body_past_it(connection: Any) -> None:
    """The read takes the count past the limit, but what passes it is body: the head's own fields are measured."""
    protocol, transport, loop = connection
    protocol.data_received(_head(LIMIT, body=200_000))
    loop.run_until_complete(asyncio.sleep(0.01))

    assert _status(transport)[0] == "HTTP/1.1 200 OK"
    protocol.data_received(_head(LIMIT - 100))  # the next request's head is counted from nothing
    loop.run_until_complete(asyncio.sleep(0.01))
    assert bytes(transport.written).count(b"HTTP/1.1 200 OK") == 2


def test_a_body_still_coming_after_its_answer_is_dropped_and_its_connection_closed_in_order_past_the_time(
    early_answer: Connection,
) -> None:
    """The head timer took a request answered before its body ended for a connection with nothing sent, and closed
    it under a client still sending (a reset, which may lose the answer): it is half-closed and read from instead."""
    protocol, transport, loop = early_answer
    protocol.header_seconds = 0.05
    protocol.data_received(b"POST /api/v1/games HTTP/1.1\r\nContent-Length: 1000\r\n\r\n" + b"b" * 10)
    loop.run_until_complete(asyncio.sleep(0.01))
    assert _status(transport)[0] == "HTTP/1.1 401 Unauthorized"
    protocol.data_received(b"b" * 10)  # read and dropped, as uvicorn drops a body answered
    loop.run_until_complete(asyncio.sleep(0.2))  # past the time the rest of the body had

    assert transport.eof and not transport.closed  # lingering: what still comes is read, then it closes
    assert bytes(transport.written).count(b"HTTP/1.1") == 1  # the one answer: no 408 to a request answered
    protocol.data_received(b"b" * 100_000)
    assert bytes(transport.written).count(b"HTTP/1.1") == 1


def test_the_next_head_s_time_runs_from_the_end_of_a_body_answered_before_it_ended(early_answer: Connection) -> None:
    """Timed from the answer, a connection whose body ended after the time was closed before its next head came."""
    protocol, transport, loop = early_answer
    protocol.header_seconds = 0.5
    protocol.data_received(b"POST /api/v1/games HTTP/1.1\r\nContent-Length: 20\r\n\r\n" + b"b" * 10)
    loop.run_until_complete(asyncio.sleep(0.01))
    time.sleep(0.6)  # the rest of the body comes past the time from the answer, though within the time it has
    protocol.data_received(b"b" * 10)
    loop.run_until_complete(asyncio.sleep(0.01))
    protocol.data_received(b"GET /api/v1/health HTTP/1.1\r\n\r\n")
    loop.run_until_complete(asyncio.sleep(0.01))

    assert not transport.closed and not transport.eof
    assert bytes(transport.written).count(b"HTTP/1.1 401 Unauthorized") == 2


@pytest.mark.parametrize(("length", "lingers"), [(1000, True), (10, False)], ids=["body-coming", "body-whole"])
def test_a_response_closing_its_connection_lingers_while_the_body_still_comes(
    closing_answer: Connection, length: int, lingers: bool
) -> None:
    """uvicorn closed the connection as the response ended, the body still coming: a reset under the client."""
    protocol, transport, loop = closing_answer
    protocol.data_received(b"POST /api/v1/games HTTP/1.1\r\nContent-Length: %d\r\n\r\n" % length + b"b" * 10)
    loop.run_until_complete(asyncio.sleep(0.01))

    assert _status(transport)[0] == "HTTP/1.1 408 Request Timeout"
    assert (transport.eof, transport.closed) == (lingers, not lingers)  # lingering: half-closed, still reading
    protocol.data_received(b"b" * (length - 10))  # the rest of the body, read and dropped while lingering
    assert bytes(transport.written).count(b"HTTP/1.1") == 1


@pytest.fixture
def server_log(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """uvicorn's error log, which `annals serve` prints, from its warnings on."""
    caplog.set_level(logging.WARNING, logger="uvicorn.error")
    return caplog


@pytest.mark.parametrize(
    ("sent", "logged"),
    [
        ([b"NOT AN HTTP REQUEST\r\n\r\n"], "refused 400 The request is malformed: Invalid method encountered"),
        (
            [_head(LIMIT + 1)],
            f"refused 431 Request Header Fields Too Large: the request's header fields passed {LIMIT:,}",
        ),
        (
            [_head(LIMIT)[:-4]],
            f"refused 431 Request Header Fields Too Large: the request's header fields passed {LIMIT:,}",
        ),
        ([b"GET /?" + b"a" * 70_000], "refused 414 URI Too Long: the URL is 70,002 bytes long"),
        (
            [b"GET /api/v1/health HTTP/1.1\r\nX-Filler: a"],
            "refused 408 The request's head came too slowly: the request",
        ),
    ],
    ids=["not-http", "431-whole", "431-incomplete", "414", "408"],
)
def test_one_warning_naming_status_peer_and_reason_per_refusal(
    hasty: Connection, server_log: pytest.LogCaptureFixture, sent: list[bytes], logged: str
) -> None:
    """uvicorn logged "Invalid HTTP request received." beside a 400 or a whole head's 431 (naming neither), and
    nothing for the other refusals."""
    protocol, transport, loop = hasty
    for data in sent:
        protocol.data_received(data)
    loop.run_until_complete(asyncio.sleep(0.1))

    assert _status(transport)[0].startswith("HTTP/1.1 4")
    lines = [record.getMessage() for record in server_log.records]
    assert len(lines) == 1 and lines[0].startswith("127.0.0.1:40000 - " + logged), lines
