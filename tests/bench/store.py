"""Append rates: the bare driver's ceiling, Annals' EventStore, and the `eventsourcing` library.

Every workload appends to ONE stream of its own, each append stating the version it expects
(optimistic concurrency, as a game's actions do), with ~300-byte JSON event data. Payloads are
built before the clock starts, so a rate counts only what the store does with them (canonical JSON,
hashing, SQL, fsync). The workloads of one backend are timed in interleaved rounds, so a change of
the disk's fsync speed during the run hits them all alike and their ratios stay fair.
"""

from __future__ import annotations

import contextlib
import hashlib
import pstats
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from eventsourcing.sqlite import SQLiteFactory
from sqlalchemy import Engine

from domain.canonical import canonical_json
from domain.chain import GENESIS
from service.clock import SystemClock
from service.entropy import time_ordered_uuid
from service.store.engine import make_engine
from service.store.events import EventDraft, EventStore
from service.store.migrate import upgrade
from service.store.tables import events as events_table
from tests.bench.eventsourcing_app import Table, TableApp
from tests.bench.profiling import profiled
from tests.bench.workload import event_data, event_metadata

BATCH = 10  # events per commit in the batched workloads
_COLUMNS = tuple(column.name for column in events_table.columns)  # the schema the store writes


@dataclass(frozen=True, slots=True)
class Workload:
    """A bounded loop: `operation` on each item (one commit each); the first `warmup` items are untimed."""

    operation: Callable[[Any], Any]
    items: Sequence[Any]
    warmup: int
    events_per_item: int = 1


@dataclass(frozen=True, slots=True)
class Sizes:
    """How many events each workload commits: one per commit, and BATCH per commit; warm-up commits."""

    single: int
    batch_events: int
    warmup: int


@dataclass(frozen=True, slots=True)
class Measured:
    """One workload's result: events per second (wall clock) and CPU time of this process per commit."""

    rate: float
    cpu_us_per_commit: float


def measure(workloads: Sequence[Workload], rounds: int) -> list[Measured]:
    """Each workload warmed up, then timed in `rounds` interleaved slices.

    Interleaving matters on a virtual disk whose fsync speed drifts several-fold within a minute;
    slices of a few hundred commits keep the cost of switching files between fsyncs negligible.
    CPU time is the steady number: it leaves out the fsync wait, which the wall-clock rate includes.
    """
    for workload in workloads:
        for item in workload.items[: workload.warmup]:
            workload.operation(item)
    wall, cpu = [0.0] * len(workloads), [0.0] * len(workloads)
    for round_ in range(rounds):
        for index, workload in enumerate(workloads):
            timed = workload.items[workload.warmup :]
            chunk = timed[round_ * len(timed) // rounds : (round_ + 1) * len(timed) // rounds]
            started, cpu_started = time.perf_counter(), time.process_time()
            for item in chunk:
                workload.operation(item)
            wall[index] += time.perf_counter() - started
            cpu[index] += time.process_time() - cpu_started
    results = []
    for workload, seconds, cpu_seconds in zip(workloads, wall, cpu, strict=True):
        commits = len(workload.items) - workload.warmup
        results.append(Measured(commits * workload.events_per_item / seconds, cpu_seconds / commits * 1e6))
    return results


# --- the ceiling: the bare driver inserting rows shaped like `events` rows ---


def event_rows(count: int) -> list[dict[str, Any]]:
    """`count` rows of the `events` table for one stream: ~300-byte data, an event id made as the store makes
    it (time-ordered), a 64-hex hash chain."""
    rows, prev_hash, stream_id = [], GENESIS, f"game:{uuid.uuid4()}"
    for n in range(1, count + 1):
        data, metadata = canonical_json(event_data(n)), canonical_json(event_metadata())
        digest = hashlib.sha256(f"{prev_hash}\n{data}{metadata}".encode()).hexdigest()
        event_id = time_ordered_uuid(time.time_ns() // 1_000_000)
        values = (n, stream_id, n, event_id, "ActionRecorded", 1, data, metadata, _now(), prev_hash, digest)
        rows.append(dict(zip(_COLUMNS, values, strict=True)))
        prev_hash = digest
    return rows


@contextlib.contextmanager
def sqlite_ceiling(path: str, sizes: Sizes) -> Iterator[Workload]:
    """stdlib sqlite3 (WAL, synchronous=FULL): one INSERT per BEGIN IMMEDIATE … COMMIT.

    The table is the real migrated `events` table (same indexes and triggers), so the only
    difference from an Annals append is everything Annals does around the INSERT.
    """
    _migrate(f"sqlite:///{path}").dispose()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    statement = f"INSERT INTO events ({', '.join(_COLUMNS)}) VALUES ({', '.join(':' + c for c in _COLUMNS)})"

    def insert(row: dict[str, Any]) -> None:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(statement, row)
        conn.execute("COMMIT")

    try:
        yield Workload(insert, event_rows(sizes.warmup + sizes.single), sizes.warmup)
    finally:
        conn.close()


@contextlib.contextmanager
def postgres_ceiling(url: str, libpq_url: str, sizes: Sizes) -> Iterator[Workload]:
    """Bare psycopg inserting into the migrated `events` table, one row per commit."""
    import psycopg

    _migrate(url).dispose()
    statement = f"INSERT INTO events ({', '.join(_COLUMNS)}) VALUES ({', '.join(f'%({c})s' for c in _COLUMNS)})"
    with psycopg.connect(libpq_url) as conn:

        def insert(row: dict[str, Any]) -> None:
            conn.execute(statement, row)
            conn.commit()

        yield Workload(insert, event_rows(sizes.warmup + sizes.single), sizes.warmup)


# --- Annals ---


@contextlib.contextmanager
def annals(url: str, sizes: Sizes) -> Iterator[tuple[Workload, Workload]]:
    """EventStore.append on a fresh database: one event per append, and BATCH per append."""
    engine = _migrate(url)
    try:
        store = EventStore(engine, SystemClock())
        yield (
            _annals_appends(store, 1, sizes.single, sizes.warmup),
            _annals_appends(store, BATCH, sizes.batch_events, sizes.warmup),
        )
        store.close()
    finally:
        engine.dispose()


def profile_single_appends(url: str, sizes: Sizes) -> pstats.Stats:
    """cProfile (wall clock) of `sizes.single` one-event appends to one stream, after the warm-up."""
    with annals(url, sizes) as (single, _batched):
        for batch in single.items[: single.warmup]:
            single.operation(batch)

        def run() -> None:
            for batch in single.items[single.warmup :]:
                single.operation(batch)

        return profiled(run)


def _annals_appends(store: EventStore, per_commit: int, events: int, warmup: int) -> Workload:
    """Appends of `per_commit` drafts to one new stream, each stating the version it expects."""
    stream = f"game:{uuid.uuid4()}"
    drafts = [
        EventDraft("ActionRecorded", event_data(n), event_metadata()) for n in range(warmup * per_commit + events)
    ]
    batches = [drafts[i : i + per_commit] for i in range(0, len(drafts), per_commit)]
    version = 0

    def append(batch: list[EventDraft]) -> None:
        nonlocal version
        version = store.append(stream, version, batch).version

    return Workload(append, batches, warmup, per_commit)


# --- the `eventsourcing` library (v9) ---


@contextlib.contextmanager
def eventsourcing(env: dict[str, str], sizes: Sizes) -> Iterator[tuple[Workload, Workload]]:
    """`Application.save` of one aggregate (one stream): the library's mapper, transcoder and recorder.

    (originator_id, originator_version) is the library's optimistic concurrency, as (stream_id,
    version) is Annals'.
    """
    app = TableApp(env=env)
    try:
        yield _saves(app, 1, sizes.single, sizes.warmup), _saves(app, BATCH, sizes.batch_events, sizes.warmup)
    finally:
        app.close()


@contextlib.contextmanager
def eventsourcing_recorder(env: dict[str, str], sizes: Sizes) -> Iterator[Workload]:
    """The library's recorder alone: `insert_events` of one pre-encoded event per commit (its floor)."""
    from eventsourcing.persistence import StoredEvent

    app = TableApp(env=env)
    stream = uuid.uuid4()
    stored = [
        StoredEvent(stream, n, "bench:Noted", canonical_json([event_data(n), event_metadata()]).encode())
        for n in range(1, sizes.warmup + sizes.single + 1)
    ]
    try:
        yield Workload(lambda event: app.recorder.insert_events([event]), stored, sizes.warmup)
    finally:
        app.close()


def eventsourcing_synchronous(env: dict[str, str]) -> int:
    """PRAGMA synchronous on the library's own SQLite connection (2 = FULL, 1 = NORMAL)."""
    app = TableApp(env=env)
    try:
        factory = app.factory
        assert isinstance(factory, SQLiteFactory), "eventsourcing_synchronous reads SQLite's pragma"
        with factory.datastore.transaction(commit=False) as cursor:
            cursor.execute("PRAGMA synchronous")
            return int(cursor.fetchone()[0])
    finally:
        app.close()


def _saves(app: TableApp, per_commit: int, events: int, warmup: int) -> Workload:
    """`per_commit` events triggered on one aggregate, then one `app.save` (one transaction)."""
    table = Table()
    app.save(table)
    payloads = [event_data(n) for n in range(warmup * per_commit + events)]
    batches = [payloads[i : i + per_commit] for i in range(0, len(payloads), per_commit)]

    def save(batch: list[dict[str, Any]]) -> None:
        for data in batch:
            table.note(data=data)
        app.save(table)

    return Workload(save, batches, warmup, per_commit)


# --- shared ---


def _migrate(url: str) -> Engine:
    engine = make_engine(url)
    upgrade(engine)
    return engine


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())
