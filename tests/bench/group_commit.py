"""Group commit on SQLite (issue 19, point 1): one and eight concurrent appenders against the bare driver
committing one and eight rows per transaction, timed in the same interleaved rounds.

Eight writers append to eight streams of their own, each stating the version it expects, as eight
games recorded at once do. Their appends meet in the store's GroupCommitWriter: the ones that
arrive while a commit syncs share the next transaction. The bare driver's eight rows per commit are
what one transaction and one fsync for eight events can reach at best, with nothing but the INSERTs.
"""

from __future__ import annotations

import contextlib
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from service.clock import SystemClock
from service.store.engine import make_engine
from service.store.events import EventDraft, EventStore
from service.store.group_commit import GroupCommitWriter
from service.store.migrate import upgrade
from tests.bench import store
from tests.bench.process_writers import process_writers
from tests.bench.report import Row, rate_row, ratio_row
from tests.bench.workload import Plan, event_data, event_metadata

WRITERS = 8
PROCESSES = 4  # appender processes of one thread each, as serving workers busy with one request each
BLOCK = 25  # appends each writer makes per timed item (the writers meet at the end of each item)
EIGHT_WRITERS_OVER_ONE_ROW_CEILING = 1.5  # issue 19's goals
EIGHT_WRITERS_OVER_EIGHT_ROW_CEILING = 0.75
ONE_WRITER_OVER_ONE_ROW_CEILING = 0.85


def group_commit_rows(tmp: Path, plan: Plan, progress: Callable[[str], None]) -> list[Row]:
    """Raw sqlite3 at 1 and 8 rows per commit, Annals with 1 and with 8 concurrent writers: rates and ratios."""
    # Twice the events in twice the rounds of the single-writer rows: the eight-writer items are large
    # (BLOCK appends per writer), and the disk's fsync speed drifts within seconds on a shared machine.
    sizes, rounds = store.Sizes(2 * plan.appends, plan.batch_events, plan.append_warmup), 2 * plan.rounds
    progress(f"group commit on SQLite: 1 and {WRITERS} writers against sqlite3 ({rounds} interleaved rounds)")
    with (
        store.sqlite_ceiling(str(tmp / "gc-raw-1.db"), sizes) as raw_one,
        raw_rows_per_commit(str(tmp / "gc-raw-8.db"), WRITERS, sizes) as raw_eight,
        store.annals(f"sqlite:///{tmp / 'gc-one.db'}", sizes) as (one_writer, _ten),
        concurrent_writers(f"sqlite:///{tmp / 'gc-eight.db'}", WRITERS, sizes) as (eight_writers, group),
        concurrent_writers(f"sqlite:///{tmp / 'gc-off.db'}", WRITERS, sizes, max_batch=1) as (eight_alone, _),
        process_writers(f"sqlite:///{tmp / 'gc-writer.db'}", PROCESSES, sizes, through_writer=True) as via_writer,
        process_writers(f"sqlite:///{tmp / 'gc-flock.db'}", PROCESSES, sizes, through_writer=False) as via_lock,
    ):
        workloads = [raw_one, raw_eight, one_writer, eight_writers, eight_alone, via_writer, via_lock]
        raw1, raw8, one, eight, alone, writer, lock = store.measure(workloads, rounds)
        per_commit = group.batched / max(group.batches, 1)
    return [*_rows(raw1, raw8, one, eight, alone, per_commit), *_process_rows(raw1, writer, lock)]


def _process_rows(raw1: store.Measured, writer: store.Measured, lock: store.Measured) -> list[Row]:
    """N single-threaded appender processes (serving workers) through one writer process, and each on its own."""
    label = f"group commit: Annals, {PROCESSES} processes x 1 appender"
    return [
        rate_row(f"{label}, through one writer process", writer.rate, "events/s"),
        rate_row(f"{label}, each writing itself (lock file)", lock.rate, "events/s"),
        ratio_row(f"{label}: one writer process ÷ lock file", writer.rate / lock.rate),
        ratio_row(f"{label}, one writer process ÷ sqlite3 1 row/commit", writer.rate / raw1.rate),
    ]


def _rows(
    raw1: store.Measured,
    raw8: store.Measured,
    one: store.Measured,
    eight: store.Measured,
    alone: store.Measured,
    per_commit: float,
) -> list[Row]:
    return [
        rate_row("group commit: sqlite3, 1 row/commit", raw1.rate, "rows/s"),
        rate_row(f"group commit: sqlite3, {WRITERS} rows/commit", raw8.rate, "rows/s"),
        rate_row("group commit: Annals, 1 writer", one.rate, "events/s"),
        rate_row(f"group commit: Annals, {WRITERS} concurrent writers", eight.rate, "events/s"),
        rate_row(f"group commit: Annals, {WRITERS} writers: appends per commit", per_commit, "appends"),
        rate_row(
            f"group commit: Annals, {WRITERS} writers, each append its own commit (batches of 1)",
            alone.rate,
            "events/s",
        ),
        ratio_row(f"group commit: Annals {WRITERS} writers ÷ the same with batches of 1", eight.rate / alone.rate),
        ratio_row(
            "group commit: Annals 1 writer ÷ sqlite3 1 row/commit",
            one.rate / raw1.rate,
            ONE_WRITER_OVER_ONE_ROW_CEILING,
        ),
        ratio_row(
            f"group commit: Annals {WRITERS} writers ÷ sqlite3 1 row/commit (one bare writer's ceiling)",
            eight.rate / raw1.rate,
            EIGHT_WRITERS_OVER_ONE_ROW_CEILING,
        ),
        ratio_row(
            f"group commit: Annals {WRITERS} writers ÷ sqlite3 {WRITERS} rows/commit",
            eight.rate / raw8.rate,
            EIGHT_WRITERS_OVER_EIGHT_ROW_CEILING,
        ),
    ]


@contextlib.contextmanager
def raw_rows_per_commit(path: str, per_commit: int, sizes: store.Sizes) -> Iterator[store.Workload]:
    """stdlib sqlite3 (WAL, synchronous=FULL) inserting `per_commit` rows per BEGIN IMMEDIATE … COMMIT,
    one row of each of `per_commit` streams."""
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    engine.dispose()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    rows = interleaved_rows(per_commit, (sizes.warmup + sizes.single) // per_commit)
    columns = list(rows[0])
    statement = f"INSERT INTO events ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)})"

    def insert(batch: list[dict[str, Any]]) -> None:
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(statement, batch)
        conn.execute("COMMIT")

    batches = [rows[i : i + per_commit] for i in range(0, len(rows), per_commit)]
    try:
        yield store.Workload(insert, batches, sizes.warmup // per_commit, per_commit)
    finally:
        conn.close()


def interleaved_rows(streams: int, per_stream: int) -> list[dict[str, Any]]:
    """Rows of `streams` streams taken in turn, numbered by global position: each commit of `streams`
    rows holds one event of each stream, as a batch of the concurrent writers does (one leaf of the
    (stream, version) index per stream is written, not one for all)."""
    chains = [store.event_rows(per_stream) for _ in range(streams)]
    rows = [row for turn in zip(*chains, strict=True) for row in turn]
    for position, row in enumerate(rows, start=1):
        row["position"] = position
    return rows


class _Writer:
    """One appender: its own stream, its drafts built in advance, the version it expects next."""

    def __init__(self, store_: EventStore, events: int) -> None:
        self.store, self.stream, self.version = store_, f"game:{uuid.uuid4()}", 0
        self.drafts = [EventDraft("ActionRecorded", event_data(n), event_metadata()) for n in range(events)]

    def append(self, count: int) -> None:
        for _ in range(count):
            self.version = self.store.append(self.stream, self.version, [self.drafts[self.version]]).version


@contextlib.contextmanager
def concurrent_writers(
    url: str, writers: int, sizes: store.Sizes, max_batch: int | None = None
) -> Iterator[tuple[store.Workload, GroupCommitWriter]]:
    """`writers` threads appending one event per append each, BLOCK appends per thread per item; the
    item's events are `writers * BLOCK`, as many in all as the other workloads commit. `max_batch=1`
    commits every append alone, as the store did before group commit."""
    engine = make_engine(url)
    upgrade(engine)
    appender = EventStore(engine, SystemClock())
    group = appender.group_commit
    assert group is not None
    if max_batch is not None:
        group.max_batch = max_batch
    per_item = writers * BLOCK
    items, warmup = max(1, sizes.single // per_item), max(1, sizes.warmup // per_item)
    threads = [_Writer(appender, (items + warmup) * BLOCK) for _ in range(writers)]
    pool = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="bench-writer")

    def together(_item: int) -> None:
        for future in [pool.submit(thread.append, BLOCK) for thread in threads]:
            future.result()

    try:
        yield store.Workload(together, range(items + warmup), warmup, per_item), group
    finally:
        pool.shutdown()
        appender.close()
        engine.dispose()
