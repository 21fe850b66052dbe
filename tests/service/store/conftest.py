"""Fixtures for the store contract suite: one migrated engine per backend, a store on a frozen clock."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine

from service.store.engine import make_engine
from service.store.events import EventStore
from service.store.migrate import upgrade
from service.store.writer_socket import WriterClient, WriterServer

START = datetime(2026, 11, 22, 12, 0, 0, tzinfo=UTC)


class FrozenClock:
    """A clock that stands still until a test moves it (thread-safe: writers run in threads)."""

    def __init__(self, moment: datetime = START) -> None:
        self._moment = moment
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._moment

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._moment += timedelta(seconds=seconds)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    yield from migrated_engine(request, tmp_path, request.param)


def migrated_engine(request: pytest.FixtureRequest, tmp_path: Path, backend: str) -> Iterator[Engine]:
    """A migrated engine on a SQLite file or a fresh PostgreSQL database, disposed of after the test."""
    if backend == "sqlite":
        url = "sqlite:///" + str(tmp_path / "annals.db")
    else:
        url = request.getfixturevalue("fresh_postgres_url")
    engine = make_engine(url)
    try:
        upgrade(engine)
        yield engine
    finally:
        engine.dispose()


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture
def store(engine: Engine, clock: FrozenClock) -> Iterator[EventStore]:
    made = EventStore(engine, clock)
    yield made
    made.close()


@contextlib.contextmanager
def writer_served(engine: Engine, clock: FrozenClock) -> Iterator[tuple[WriterServer, WriterClient]]:
    """A writer serving on a Unix socket from a thread of this process (its store on `clock`, so times stay
    frozen), and a client of it: the remote path of the store, over the real socket and protocol."""
    # A short private directory: a socket path is limited to about 100 bytes, which tmp_path may exceed.
    directory = tempfile.mkdtemp(prefix="annals-w-")
    address, key = os.path.join(directory, "writer.sock"), os.urandom(32)
    server = WriterServer(EventStore(engine, clock), address, key)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    client = WriterClient(address, key)
    try:
        yield server, client
    finally:
        client.close()
        server.close()
        thread.join(10)
        server.store.close()
        shutil.rmtree(directory, ignore_errors=True)
