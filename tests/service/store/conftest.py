"""Fixtures for the store contract suite: one migrated engine per backend, a store on a frozen clock."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine

from service.store.engine import make_engine
from service.store.events import EventStore
from service.store.migrate import upgrade

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
    if request.param == "sqlite":
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
