"""SQLite appenders of different processes queue on a lock file instead of busy-waiting."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from service.clock import SystemClock
from service.store.engine import make_engine
from service.store.events import EventDraft, EventStore
from service.store.migrate import upgrade
from service.store.sqlite_writer import SqliteWriteLock


def _append_many(url: str, stream: str, count: int) -> None:
    engine = make_engine(url)
    store = EventStore(engine, SystemClock())
    for n in range(count):
        store.append(stream, None, [EventDraft("Counted", {"n": n})])
    store.close()
    engine.dispose()


def test_every_append_lands_once_when_three_processes_write_one_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    engine = make_engine(url)
    upgrade(engine)
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_append_many, args=(url, f"s{n}", 40)) for n in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0
    store = EventStore(engine, SystemClock())
    positions = [e.position for e in store.read_all(limit=1000)]
    assert positions == list(range(1, 121))
    assert all(store.verify(f"s{n}").ok and store.stream_version(f"s{n}") == 40 for n in range(3))
    engine.dispose()


def test_lock_file_sits_beside_the_database_when_an_append_holds_it(tmp_path: Path) -> None:
    lock = SqliteWriteLock(str(tmp_path / "annals.db"))
    with lock:
        assert (tmp_path / "annals.db.write-lock").exists()
    with lock:  # released: it can be taken again at once
        pass
