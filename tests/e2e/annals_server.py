"""`annals serve` as an operator starts it, in its own process on a free loopback port, for the tests that
talk to it over real HTTP (tests/e2e)."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from service import create_app
from service.clock import isoformat
from service.store import tokens
from service.store.migrate import upgrade

START_SECONDS = 30.0


class ServerLog:
    """What a running server writes to its stderr (its log), read as it comes so that a test can look at it."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.reader.start()

    def _read(self, stream: IO[bytes]) -> None:
        for line in stream:
            self.lines.append(line.decode(errors="replace"))

    def text(self) -> str:
        """Everything logged so far."""
        return "".join(self.lines)

    def waited_for(self, expected: str, seconds: float = 5.0) -> str:
        """The log once it holds `expected`, or after `seconds` (a line is read a moment after it is written)."""
        deadline = time.monotonic() + seconds
        while expected not in self.text() and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.text()


@dataclass(frozen=True)
class Served:
    """A running `annals serve`, an admin token for it, its process (gunicorn's master with workers) and its log."""

    port: int
    token: str
    pid: int = 0
    log: ServerLog | None = field(default=None, compare=False)

    def call(
        self, method: str, path: str, body: bytes | None = None, headers: Mapping[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        sent = {**({"Content-Type": "application/json"} if body is not None else {}), **(headers or {})}
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def post(
        self, path: str, value: Any, token: bool = True, headers: Mapping[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        sent = {**({"Authorization": f"Bearer {self.token}"} if token else {}), **(headers or {})}
        text = value if isinstance(value, str) else json.dumps(value)
        return self.call("POST", path, text.encode(), sent)

    def get(self, path: str) -> tuple[int, Any]:
        status, _, raw = self.call("GET", path, headers={"Authorization": f"Bearer {self.token}"})
        return status, raw


def serve_annals(backend_url: str, workers: int, **settings: str) -> Generator[Served, None, None]:
    """`annals serve` with `workers` processes over a migrated `backend_url` and ANNALS_* `settings`, until the
    generator is closed; it then stops the server and fails if the server printed a traceback."""
    app = create_app({"DATABASE_URL": backend_url})
    wired = app.extensions["annals"]
    upgrade(wired.engine)
    token = f"admin-{uuid.uuid4()}"
    tokens.create(wired.engine, str(uuid.uuid4()), token, "admin", None, "e2e", isoformat(wired.clock.now()))
    wired.close()
    port = free_port()
    env = {**os.environ, "DATABASE_URL": backend_url, "ANNALS_WORKERS": str(workers), **settings}
    command = [sys.executable, "-c", "from service.cli import main; main()", "serve", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, start_new_session=True)
    assert process.stderr is not None  # started with stderr=PIPE
    log = None
    try:
        _wait_until_up(process, port)
        log = ServerLog(process.stderr)
        yield Served(port, token, process.pid, log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if log is None:
            errors = process.stderr.read().decode(errors="replace")
        else:
            log.reader.join(timeout=10)
            errors = log.text()
        process.stderr.close()
        assert "Traceback" not in errors, errors


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_until_up(process: subprocess.Popen[bytes], port: int) -> None:
    """Until the server answers GET /api/v1/health with 200, not merely until its port takes connections: gunicorn's
    master listens seconds before a worker can answer (the first request of a test waited in the backlog while the
    workers were built), and a port that takes connections may be another program's."""
    deadline = time.monotonic() + START_SECONDS
    while True:
        if process.poll() is not None:
            assert process.stderr is not None  # started with stderr=PIPE
            raise AssertionError(f"annals serve exited with {process.returncode}: {process.stderr.read()!r}")
        left = deadline - time.monotonic()
        assert left > 0, f"annals serve did not answer GET /api/v1/health on port {port} within {START_SECONDS} s"
        if _answers_health(port, max(0.5, left)):
            return
        time.sleep(0.1)


def _answers_health(port: int, seconds: float) -> bool:
    """Whether GET /api/v1/health on `port` is answered 200 within `seconds` (a connection refused is a no at once)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds)
    try:
        connection.request("GET", "/api/v1/health")
        response = connection.getresponse()
        response.read()
        return response.status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()
