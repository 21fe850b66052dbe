"""The HTTP/1.1 protocol `annals serve` runs: uvicorn's httptools one, whose own refusals are problem documents.

A request uvicorn cannot parse never reaches the app: a malformed request line, an unknown version, a header
that is not HTTP, or a URL longer than the 65,535 bytes its parser reads (httptools' `parse_url`). uvicorn
answered those itself with `400 text/plain` "Invalid HTTP request received.", which named no cause and was the one
answer of the service that was not a problem document (DESIGN §9). uvicorn takes the protocol as a class
(`Config(http=...)`, gunicorn's worker too); this one writes the refusal.

It also bounds the head of a request, which uvicorn and httptools read whole however long it is (a 20 MB header
was buffered and answered 200): header fields past ANNALS_MAX_HEADER_BYTES in all are a 431, and a URL past the
65,535 bytes a 414, as soon as a read passes the limit rather than once the head ends. The bytes of each read are
added while a head is incomplete, and only a read that takes the count past the limit looks further.

Nor did anything bound the time a head takes: uvicorn times out only the idle wait between requests, and a client
that never sent a byte, or one of its head a second, held its connection (a file descriptor of the worker) for
ever. A head must now end within ANNALS_HEADER_TIMEOUT_SECONDS of the connection, or of the previous response:
past it, a head begun is a 408 and the connection closed, a connection with nothing sent is closed. A request
answered before its body all came (a 401 read no body) is not a connection with nothing sent: the rest of its body
is read and dropped as it comes (uvicorn's), the next head's time starting when it ends; a body not ended within
ANNALS_HEADER_TIMEOUT_SECONDS of the answer has its connection closed as a refusal's is, never answered again.

Each refusal is one warning on uvicorn's error log naming its status, the peer and why (uvicorn's own
"Invalid HTTP request received." beside it named neither, and said it of a 431 too).
"""

from __future__ import annotations

import asyncio
import json
from asyncio import TimerHandle
from collections.abc import Callable
from functools import cache
from typing import Any

import httptools
from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle
from uvicorn.server import ServerState

from service import config
from service.errors import PROBLEM_BASE

# httptools' parse_url keeps offsets in 16 bits: a longer URL is refused before any app sees it.
MAX_URL_BYTES = 65_535
REASONS = {400: b"Bad Request", 408: b"Request Timeout", 414: b"URI Too Long", 431: b"Request Header Fields Too Large"}
# What a header field adds to the head besides its name and value: ": " and CRLF.
FIELD_FRAMING = 4
# How long a refused connection is still read from (and what is read dropped) before it is closed.
LINGER_SECONDS = 2.0


@cache
def header_limit() -> int:
    """ANNALS_MAX_HEADER_BYTES, read once per serving process (not per connection)."""
    return int(config.load()["MAX_HEADER_BYTES"])


@cache
def header_seconds() -> float:
    """ANNALS_HEADER_TIMEOUT_SECONDS, read once per serving process."""
    return float(config.load()["HEADER_TIMEOUT_SECONDS"])


def parser_reason(error: Exception) -> str:
    """Why httptools refused a request, for the log: its reason, and for a callback's failure what the callback
    raised (llhttp's reasons are fixed texts; the URL and headers are not quoted)."""
    cause = error.__context__
    return f"{error}: {type(cause).__name__}: {cause}" if cause is not None else str(error)


class HeadTooLarge(Exception):
    """Raised in a parser callback to stop httptools; uvicorn then calls `send_400_response`."""


def unparsed_problem(url_bytes: int) -> dict[str, Any]:
    """The problem document of a request the server could not parse, `url_bytes` of URL read."""
    if url_bytes > MAX_URL_BYTES:
        return {
            "type": PROBLEM_BASE + "uri-too-long",
            "title": "URI Too Long",
            "status": 414,
            "detail": f"the URL is {url_bytes:,} bytes long; the server reads at most {MAX_URL_BYTES:,}",
            "limit_bytes": MAX_URL_BYTES,
        }
    return {
        "type": PROBLEM_BASE + "bad-request",
        "title": "The request is malformed",
        "status": 400,
        "detail": "the request is not HTTP/1.1 the server can parse: its request line (method, URL, version) "
        "or a header is malformed",
        "errors": {"request": ["not parsable as HTTP/1.1"]},
    }


def head_too_large_problem(read: int, limit: int) -> dict[str, Any]:
    """The problem document of a request whose header fields passed `limit` bytes (`read` of them read)."""
    return {
        "type": PROBLEM_BASE + "request-header-fields-too-large",
        "title": "Request Header Fields Too Large",
        "status": 431,
        "detail": f"the request's header fields passed {limit:,} bytes ({read:,} read), the most this server reads "
        "(ANNALS_MAX_HEADER_BYTES)",
        "limit_bytes": limit,
    }


def head_timeout_problem(seconds: float) -> dict[str, Any]:
    """The problem document of a request whose head did not end within `seconds`."""
    return {
        "type": PROBLEM_BASE + "request-header-timeout",
        "title": "The request's head came too slowly",
        "status": 408,
        "detail": f"the request's line and header fields did not all arrive within {seconds:g} s "
        "(ANNALS_HEADER_TIMEOUT_SECONDS); send them again, whole",
        "limit_seconds": seconds,
    }


class ClosingAfterTheBody(asyncio.Transport):
    """The transport as uvicorn's response sees it. A response that closes its connection (`Connection: close`, the
    front's 408 of a body too slow) closed it at once, with the request's body still coming: closed with bytes
    unread, the socket is reset, and the reset may discard the answer before the client reads it. Such a close is
    the refusals' lingering one instead (`_close_lingering`); any other close is the transport's own."""

    def __init__(self, protocol: ProblemHttpToolsProtocol, cycle: RequestResponseCycle) -> None:
        super().__init__()
        self.protocol, self.cycle, self.transport = protocol, cycle, protocol.transport

    def close(self) -> None:
        if self.cycle.response_complete and self.protocol.head_read is None and not self.protocol.refused:
            self.protocol._close_lingering()
        else:
            self.transport.close()

    def is_closing(self) -> bool:
        return self.transport.is_closing() or self.protocol.refused

    def write(self, data: Any) -> None:
        self.transport.write(data)

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.transport.get_extra_info(name, default)


class ProblemHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol; a request it cannot parse, or whose head is too large, is refused with a problem
    document naming why."""

    # Besides the parser's callbacks, this reads attributes uvicorn's class keeps without documenting them: `url`
    # (the URL read so far), `headers`, `transport`, `loop` and `server_state`. If one goes, the tests of
    # tests/e2e/test_served_hardening.py that send a long URL or head fail (a 400 or a 431 instead of a 414).

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.header_limit, self.header_seconds = header_limit(), header_seconds()
        self.head_timer: TimerHandle | None = None  # runs from a connection or a response until the next head ends
        # Bytes read since the current request's head began; None from its end to the end of its body.
        self.head_read: int | None = 0
        self.refusal: dict[str, Any] | None = None  # a refusal decided in a parser callback
        self.refused = False  # answered with a refusal: the connection is closing

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """uvicorn's; the first head's time starts."""
        super().connection_made(transport)
        self._time(self._head_timed_out)

    def connection_lost(self, exc: Exception | None) -> None:
        """uvicorn's, with the head's timer stopped."""
        self._stop_the_head_timer()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        """uvicorn's; the next head's time starts (not before: a live stream's client sends nothing for long), or, for
        a request answered before its body all came, the time the rest of its body has to come."""
        super().on_response_complete()
        if not self.transport.is_closing():
            self._time(self._body_timed_out if self.head_read is None else self._head_timed_out)

    def _time(self, timed_out: Callable[[], None]) -> None:
        self._stop_the_head_timer()
        self.head_timer = self.loop.call_later(self.header_seconds, timed_out)

    def _stop_the_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _answering(self) -> bool:
        """Whether the connection is refused, closing, or its response still going out: no timer acts on it."""
        return (
            self.refused or self.transport.is_closing() or (self.cycle is not None and not self.cycle.response_complete)
        )

    def _head_timed_out(self) -> None:
        """A head begun is refused with a 408; a connection that sent nothing since its last answer is closed (as
        uvicorn's keep-alive timeout closes it); one whose response is still going out is left to it."""
        self.head_timer = None
        if self._answering():
            return
        if not self.head_read:
            self.transport.close()
            return
        self.refusal = head_timeout_problem(self.header_seconds)
        self.send_400_response("head timeout")

    def _body_timed_out(self) -> None:
        """The rest of a body answered early did not come in time: its request has its answer, so nothing is written
        (a 408 would be read as the answer to the next request); the connection is closed as after a refusal, what
        still comes read and dropped, rather than reset under a client still sending."""
        self.head_timer = None
        if not self._answering():
            self._close_lingering()

    def data_received(self, data: bytes) -> None:
        """uvicorn's, counting the bytes of an incomplete head (one addition and one comparison per read), and with
        a request its parser refuses logged once, by the refusal."""
        if self.refused:  # what follows a refusal is dropped unread (_close_lingering)
            return
        if self.head_read is not None:
            self.head_read += len(data)
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as error:
            self.send_400_response(parser_reason(error))
            return
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
        if self.head_read is not None and self.head_read > self.header_limit and not self.refused:
            self._head_past_limit(self.head_read)

    def _head_past_limit(self, read: int) -> None:
        """The head is still incomplete after `read` bytes: refused once its URL or its other bytes pass a limit
        (a long URL alone takes the count past the header limit, and has its own)."""
        url = len(getattr(self, "url", b""))  # set by on_message_begin, once a request line began
        if url > MAX_URL_BYTES:
            self.send_400_response("URL too long")
        elif read - url > self.header_limit:
            self.refusal = head_too_large_problem(read - url, self.header_limit)
            self.send_400_response("header fields too large")

    def on_headers_complete(self) -> None:
        """uvicorn's, once the head is known to be within the limit. Only when the read that ended it took the
        count past the limit (and maybe into the body) are its fields measured, a read at most behind."""
        read, self.head_read = self.head_read, None
        self._stop_the_head_timer()
        if read is not None and read > self.header_limit:
            fields = sum(len(name) + len(value) + FIELD_FRAMING for name, value in self.headers)
            if fields > self.header_limit:
                self.refusal = head_too_large_problem(fields, self.header_limit)
                raise HeadTooLarge(fields)
        super().on_headers_complete()
        if self.cycle is not None:  # None when the request was an upgrade
            self.cycle.transport = ClosingAfterTheBody(self, self.cycle)

    def on_message_complete(self) -> None:
        """uvicorn's; the next request's head begins (its bytes already in this read go uncounted), and its time
        with it when this request was answered before its body ended (drained meanwhile)."""
        self.head_read = 0
        if self.cycle is not None and self.cycle.response_complete:
            self._time(self._head_timed_out)
        super().on_message_complete()

    def send_400_response(self, msg: str) -> None:
        """The refusal uvicorn writes (then closes the connection), as a problem document: 431 for a head past the
        header limit, 408 for one that came too slowly, 414 for a URL past what its parser reads, else 400 (`msg`,
        the parser's reason, is logged). One warning line names the status, the peer and why."""
        problem = self.refusal or unparsed_problem(len(getattr(self, "url", b"") or b""))  # once a request began
        peer = f"{self.client[0]}:{self.client[1]}" if self.client else "unknown peer"
        why = msg if problem["status"] == 400 else problem["detail"]
        self.logger.warning("%s - refused %d %s: %s", peer, problem["status"], problem["title"], why)
        body = json.dumps(problem).encode("utf-8")
        head = [b"HTTP/1.1 %d %s\r\n" % (problem["status"], REASONS[problem["status"]])]
        head += [name + b": " + value + b"\r\n" for name, value in self.server_state.default_headers]
        head += [
            b"content-type: application/problem+json\r\n",
            b"content-length: %d\r\n" % len(body),
            b"connection: close\r\n\r\n",
        ]
        self.transport.write(b"".join(head) + body)
        self._close_lingering()

    def _close_lingering(self) -> None:
        """Close after the refusal is sent, reading (and dropping) what the client still sends for a while, as
        nginx's lingering close does: a socket closed with bytes unread is reset, and the reset discards the
        refusal not yet sent and may reach the client before the refusal it did send (a client still sending its
        head read `connection reset` instead of the 431). The client's own close, or LINGER_SECONDS, ends it."""
        self.refused = True
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        self.transport.write_eof()  # sent once the refusal is
        self.loop.call_later(LINGER_SECONDS, self.transport.close)
