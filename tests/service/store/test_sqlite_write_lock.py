"""SQLite appenders of different processes queue on a lock file instead of busy-waiting."""

from __future__ import annotations

import multiprocessing
import time
import uuid
from pathlib import Path
from typing import Any

from service.clock import SystemClock
from service.entropy import random_uuid
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


def test_request_ids_are_random_version_4_uuids_in_their_usual_text_form_when_a_client_sends_none() -> None:
    ids = [random_uuid() for _ in range(2000)]
    parsed = [uuid.UUID(i) for i in ids]
    assert all(p.version == 4 and p.variant == uuid.RFC_4122 and str(p) == i for p, i in zip(parsed, ids, strict=True))
    assert len(set(ids)) == len(ids)
    assert {i[19] for i in ids} == set("89ab")  # both variant bits are random, not one value


def _acquire_and_report(lock: SqliteWriteLock, go: Any, acquired_at: Any) -> None:
    go.wait(timeout=30)
    with lock:
        acquired_at.value = time.monotonic()


def test_forked_child_waits_for_the_parent_when_both_use_a_lock_opened_before_the_fork(tmp_path: Path) -> None:
    lock = SqliteWriteLock(str(tmp_path / "annals.db"))
    with lock:  # opens the lock file: the child inherits the descriptor
        pass
    context = multiprocessing.get_context("fork")
    go, acquired_at = context.Event(), context.Value("d", 0.0)
    child = context.Process(target=_acquire_and_report, args=(lock, go, acquired_at))
    child.start()
    with lock:
        go.set()
        time.sleep(0.5)
        released_at = time.monotonic()
    child.join(timeout=30)
    lock.close()

    assert child.exitcode == 0
    assert acquired_at.value >= released_at
