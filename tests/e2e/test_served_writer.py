"""`annals serve --workers 2` on SQLite with ANNALS_WRITER_PROCESS=1 starts one writer process for both workers,
and starts it again when it is killed (issue 19, points 1 and 3), over real HTTP."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.clock import SystemClock
from service.store.engine import make_engine
from service.store.events import EventStore
from tests.e2e.annals_server import Served, serve_annals

WRITER_MODULE = b"service.store.writer_process"


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'annals.db'}"


@pytest.fixture
def served(database: str) -> Iterator[Served]:
    yield from serve_annals(database, 2, ANNALS_WRITER_PROCESS="1")


def _writers_of(database: str) -> list[int]:
    """The writer processes serving `database` (found by their command line and environment)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if WRITER_MODULE in (entry / "cmdline").read_bytes():
                environment = (entry / "environ").read_bytes().split(b"\0")
                if f"DATABASE_URL={database}".encode() in environment:
                    found.append(int(entry.name))
        except OSError:  # not a process, or gone meanwhile
            continue
    return found


def _replaced(killed: int, writers: list[int]) -> bool:
    """Whether one writer serves again, and not the killed one."""
    return len(writers) == 1 and writers != [killed]


def _record_notes(served: Served, games: list[str], each: int) -> list[int]:
    """`each` notes into every game, one client thread per game; the answers' statuses."""
    statuses: list[int] = []

    def client(game: str) -> None:
        for _ in range(each):
            status, _, _ = served.post(f"/api/v1/games/{game}/actions", {"type": "note", "seat": "red"})
            statuses.append(status)

    threads = [threading.Thread(target=client, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def _wait_for(condition: object, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not callable(condition) or not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_appends_of_both_workers_are_recorded_and_go_on_when_the_writer_process_is_killed(
    served: Served, database: str
) -> None:
    create = {"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}], "title": "writer"}
    games = [json.loads(served.post("/api/v1/games", create)[2])["id"] for _ in range(4)]
    [writer] = _writers_of(database)

    assert _record_notes(served, games, 10) == [201] * 40
    # The workers append through it: an append waits while it is stopped, and is answered once it goes on.
    os.kill(writer, signal.SIGSTOP)
    waiting = threading.Thread(target=_record_notes, args=(served, games[:1], 1))
    waiting.start()
    waiting.join(1.0)
    stopped_meanwhile = waiting.is_alive()
    os.kill(writer, signal.SIGCONT)
    waiting.join(30)
    assert stopped_meanwhile and not waiting.is_alive()

    os.kill(writer, signal.SIGKILL)
    # One look at /proc per check: two looks would see the killed writer alive, then gone (a zombie has no
    # command line) and take "none" for "another", sending the next appends to a writer still dying.
    _wait_for(lambda: _replaced(writer, _writers_of(database)))
    assert _record_notes(served, games, 10) == [201] * 40

    engine = make_engine(database)
    store = EventStore(engine, SystemClock())
    try:
        assert all(
            store.stream_version(f"game:{game}") == (22 if game == games[0] else 21) and store.verify(f"game:{game}").ok
            for game in games
        )
    finally:
        store.close()
        engine.dispose()
