"""The e2e harness's wait for `annals serve` (tests/e2e/annals_server.py): a test's first request goes to a server
that answers, not to a port that merely takes connections."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.e2e import annals_server


@pytest.fixture
def running() -> Iterator[subprocess.Popen[bytes]]:
    """A process that stays up (in place of `annals serve`, whose port the test provides)."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], stderr=subprocess.PIPE)
    yield process
    process.kill()
    process.wait()
    assert process.stderr is not None
    process.stderr.close()


def test_the_wait_goes_on_while_the_port_takes_connections_that_nobody_answers(
    running: subprocess.Popen[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As gunicorn's master listens before any worker can answer: the wait returned at the first connection."""
    monkeypatch.setattr(annals_server, "START_SECONDS", 1.5)
    with (
        socket.create_server(("127.0.0.1", 0)) as listening,  # connections queue in its backlog, unanswered
        pytest.raises(AssertionError, match="did not answer GET /api/v1/health"),
    ):
        annals_server._wait_until_up(running, listening.getsockname()[1])


class _StartingHealth(BaseHTTPRequestHandler):
    """GET /api/v1/health: 503 for the first two requests, then 200."""

    answered: list[int] = []

    def do_GET(self) -> None:
        status = 200 if len(self.answered) >= 2 and self.path == "/api/v1/health" else 503
        self.answered.append(status)
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_the_wait_ends_once_health_is_answered_200(running: subprocess.Popen[bytes]) -> None:
    _StartingHealth.answered = []
    with ThreadingHTTPServer(("127.0.0.1", 0), _StartingHealth) as server:
        thread = threading.Thread(target=server.serve_forever)
        thread.start()
        try:
            annals_server._wait_until_up(running, server.server_address[1])
        finally:
            server.shutdown()
            thread.join()
    assert _StartingHealth.answered == [503, 503, 200]
