"""The writer process of `annals serve --workers N` on SQLite (ANNALS_WRITER_PROCESS=1), and the supervisor
that keeps it running.

The serve command starts it before gunicorn forks the workers and passes its socket and key to them
through the environment (`writer_socket.py`); the supervisor, a thread of the serve command, starts it
again when it dies (a caller waiting at that moment gets WriterUnavailable; nothing it acknowledged is
lost, since every answer follows its batch's commit). Run as `python -m service.store.writer_process`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from service import config
from service.clock import SystemClock
from service.store.engine import make_engine
from service.store.events import EventStore
from service.store.writer_socket import ADDRESS_ENV, AUTHKEY_ENV, WriterClient, WriterServer

log = logging.getLogger("annals.writer")

READY_SECONDS = 20.0  # how long the serve command waits for the writer's socket before starting anyway
RESTART_PAUSE = 0.2  # between a writer's death and its restart, so a writer failing at start cannot spin


def wants_writer(database_url: str, workers: int) -> bool:
    """Whether serving needs the writer process: several workers on one SQLite file."""
    return workers > 1 and make_url(database_url).get_backend_name() == "sqlite"


def client_from(settings: dict[str, Any]) -> WriterClient | None:
    """The connection to the serve command's writer process, when this process serves beside one."""
    address, key = settings.get("WRITER_SOCKET"), settings.get("WRITER_AUTHKEY")
    if not address or not key:
        return None
    return WriterClient(address, bytes.fromhex(key))


def serve(database_url: str, address: str, authkey: bytes) -> None:
    """Be the writer: accept the workers' appends on `address` until SIGTERM or SIGINT."""
    engine = make_engine(database_url)
    store = EventStore(engine, SystemClock())
    with contextlib.suppress(FileNotFoundError):
        os.unlink(address)  # left by a writer that was killed: this one replaces it
    server = WriterServer(store, address, authkey)

    def stop(_signal: int, _frame: Any) -> None:
        server.close()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    threading.Thread(target=_stop_with_parent, args=(server, os.getppid()), daemon=True).start()
    try:
        server.serve_forever()
    finally:
        store.close()
        engine.dispose()


def _stop_with_parent(server: WriterServer, parent: int) -> None:
    """Stop when the serve command is gone (killed without stopping its writer): no orphan keeps the socket."""
    while os.getppid() == parent:
        time.sleep(1.0)
    log.error("the serve command %s is gone: the writer stops", parent)
    server.close()


class WriterSupervisor:
    """Runs the writer process, restarts it when it dies, and tells the workers where it listens."""

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self.directory = Path(tempfile.mkdtemp(prefix="annals-writer-"))  # 0700: only this user connects
        self.address = str(self.directory / "writer.sock")
        self.authkey = secrets.token_bytes(32)
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts = 0
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._supervise, name="annals-writer-supervisor", daemon=True)

    def start(self) -> None:
        """Start the writer, publish its address and key to the processes started after this, and wait
        until it listens (workers that found no writer would append on the lock-file path instead)."""
        os.environ[ADDRESS_ENV] = self.address
        os.environ[AUTHKEY_ENV] = self.authkey.hex()
        self._launch()
        self._thread.start()
        self.wait_ready()

    def wait_ready(self, timeout: float = READY_SECONDS) -> bool:
        """Whether the writer accepts connections within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        client = WriterClient(self.address, self.authkey)
        try:
            while time.monotonic() < deadline:
                if client.answers():
                    return True
                time.sleep(0.05)
            return False
        finally:
            client.close()

    def stop(self) -> None:
        """Stop the writer (called once the workers have stopped: no append is in flight)."""
        self._stopping.set()
        process = self.process
        if process is not None and process.poll() is None:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(10)
            if process.poll() is None:
                process.kill()
        shutil.rmtree(self.directory, ignore_errors=True)

    def _launch(self) -> None:
        env = {**os.environ, "DATABASE_URL": self.database_url}
        # Its own process group: a Ctrl-C at the terminal stops the serve command, which stops the writer
        # after the workers, so the writer answers the appends they still send.
        self.process = subprocess.Popen([sys.executable, "-m", __name__], env=env, start_new_session=True)

    def _supervise(self) -> None:
        while not self._stopping.is_set():
            process = self.process
            assert process is not None
            code = process.wait()  # gunicorn's master may reap it first: then this returns 0 at once
            if self._stopping.is_set():
                return
            self.restarts += 1
            log.error("the writer process exited (%s): starting it again", code)
            time.sleep(RESTART_PAUSE)
            self._launch()


def main() -> None:
    """The writer process: its database, socket and key from the environment the serve command set."""
    logging.basicConfig(level=logging.WARNING)
    settings = config.load()
    serve(settings["DATABASE_URL"], os.environ[ADDRESS_ENV], bytes.fromhex(os.environ[AUTHKEY_ENV]))


if __name__ == "__main__":
    main()
