"""The HTTP/1.1 protocol `annals serve` runs: uvicorn's httptools one, whose own refusals are problem documents.

A request uvicorn cannot parse never reaches the app: a malformed request line, an unknown version, a header
that is not HTTP, or a URL longer than the 65,535 bytes its parser reads (httptools' `parse_url`). uvicorn
answered those itself with `400 text/plain` "Invalid HTTP request received.", which named no cause and was the one
answer of the service that was not a problem document (DESIGN §9). uvicorn takes the protocol as a class
(`Config(http=...)`, gunicorn's worker too); this one writes the refusal, and nothing else changes.
"""

from __future__ import annotations

import json
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.errors import PROBLEM_BASE

# httptools' parse_url keeps offsets in 16 bits: a longer URL is refused before any app sees it.
MAX_URL_BYTES = 65_535
REASONS = {400: b"Bad Request", 414: b"URI Too Long"}


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


class ProblemHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol; a request it cannot parse is refused with a problem document naming why."""

    def send_400_response(self, msg: str) -> None:
        """The refusal uvicorn writes (then closes the connection), as a problem document: 414 for a URL past
        what its parser reads, else 400."""
        problem = unparsed_problem(len(getattr(self, "url", b"") or b""))  # set once a request line began
        body = json.dumps(problem).encode("utf-8")
        head = [b"HTTP/1.1 %d %s\r\n" % (problem["status"], REASONS[problem["status"]])]
        head += [name + b": " + value + b"\r\n" for name, value in self.server_state.default_headers]
        head += [
            b"content-type: application/problem+json\r\n",
            b"content-length: %d\r\n" % len(body),
            b"connection: close\r\n\r\n",
        ]
        self.transport.write(b"".join(head) + body)
        self.transport.close()
