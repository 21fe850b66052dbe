"""The head limit of `annals serve`'s HTTP protocol (service/http_protocol.py), fed reads as asyncio would: which
read ends a head, and what else it carries, decides which check runs (the e2e test cannot choose how the kernel
splits what it sends)."""

from __future__ import annotations

import asyncio
import json
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


@pytest.fixture
def connection() -> Iterator[tuple[ProblemHttpToolsProtocol, WrittenTransport, asyncio.AbstractEventLoop]]:
    loop = asyncio.new_event_loop()
    protocol = ProblemHttpToolsProtocol(Config(app=_ok, lifespan="off", log_level="critical"), ServerState(), {}, loop)
    transport = WrittenTransport()
    protocol.connection_made(transport)
    yield protocol, transport, loop
    loop.run_until_complete(asyncio.sleep(0.01))  # the app's task, if one was started
    loop.close()


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
