"""PostgreSQL at the driver's speed (issue 19, point 2): bare psycopg and Annals' append with one writer and
with eight, on a durable PostgreSQL (fsync, synchronous_commit and full_page_writes on, as in production),
timed in the same interleaved rounds so that only their ratios are read.

Bare psycopg commits one row per transaction on each writer's own connection, and its eight writers
speed up through PostgreSQL's own group commit (commits that wait for the WAL flush together share it).
Annals' eight writers are eight threads appending to eight streams of their own through one store, each
append stating the version it expects; they meet in the store's batches on its one write connection.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import psycopg

from service.store.engine import make_engine
from service.store.migrate import upgrade
from tests.bench import group_commit, store
from tests.bench.report import Row, rate_row, ratio_row, skipped_row
from tests.bench.workload import Plan
from tests.postgres_server import PostgresServer, PostgresUnavailable, to_libpq_url

WRITERS = 8
OF_RAW = 0.8  # issue 19's goal: Annals at least 0.8× bare psycopg, with one writer and with eight
SCALING = 1.0  # and more writers append more, as they do on bare psycopg
_LABEL = "PostgreSQL, durable (fsync=on)"


def postgres_writer_rows(plan: Plan, progress: Callable[[str], None]) -> list[Row]:
    """Bare psycopg and Annals with 1 and 8 writers on a throw-away durable PostgreSQL: rates and ratios."""
    progress("starting a throw-away durable PostgreSQL (fsync=on)")
    try:
        server = PostgresServer(durable=True).start()
    except PostgresUnavailable as error:
        return [skipped_row(f"{_LABEL}: psycopg and Annals, 1 and {WRITERS} writers", str(error).splitlines()[0])]
    try:
        return _rows(server, plan, progress)
    finally:
        server.stop()


def _rows(server: PostgresServer, plan: Plan, progress: Callable[[str], None]) -> list[Row]:
    sizes = store.Sizes(plan.appends, plan.batch_events, plan.append_warmup)
    urls = [server.create_database(f"bench_writers_{n}") for n in range(4)]
    progress(f"{_LABEL}: psycopg and Annals with 1 and {WRITERS} writers ({plan.rounds} interleaved rounds)")
    with (
        store.postgres_ceiling(urls[0], to_libpq_url(urls[0]), sizes) as raw_one,
        concurrent_psycopg(urls[1], WRITERS, sizes) as raw_eight,
        store.annals(urls[2], sizes) as (one_writer, _ten),
        group_commit.concurrent_writers(urls[3], WRITERS, sizes) as (eight_writers, group),
    ):
        # Each Annals workload right after the psycopg one it is compared with, in every round.
        raw1, one, raw8, eight = store.measure([raw_one, one_writer, raw_eight, eight_writers], plan.rounds)
        per_commit = group.batched / max(group.batches, 1)
    return [
        rate_row(f"{_LABEL}: psycopg, 1 writer, 1 row/commit", raw1.rate, "rows/s"),
        rate_row(f"{_LABEL}: psycopg, {WRITERS} writers, 1 row/commit each", raw8.rate, "rows/s"),
        rate_row(f"{_LABEL}: Annals append, 1 writer", one.rate, "events/s"),
        rate_row(f"{_LABEL}: Annals append, 1 writer: CPU per append", one.cpu_us_per_commit, "µs"),
        rate_row(f"{_LABEL}: Annals append, {WRITERS} writers", eight.rate, "events/s"),
        rate_row(f"{_LABEL}: Annals append, {WRITERS} writers: appends per commit", per_commit, "appends"),
        ratio_row(f"{_LABEL}: Annals 1 writer ÷ psycopg 1 writer", one.rate / raw1.rate, OF_RAW),
        ratio_row(f"{_LABEL}: Annals {WRITERS} writers ÷ psycopg {WRITERS} writers", eight.rate / raw8.rate, OF_RAW),
        ratio_row(f"{_LABEL}: psycopg {WRITERS} writers ÷ psycopg 1 writer", raw8.rate / raw1.rate),
        ratio_row(f"{_LABEL}: Annals {WRITERS} writers ÷ Annals 1 writer", eight.rate / one.rate, SCALING),
    ]


@contextlib.contextmanager
def concurrent_psycopg(url: str, writers: int, sizes: store.Sizes) -> Iterator[store.Workload]:
    """`writers` threads, each on its own psycopg connection inserting its own stream's rows, one row per
    commit, `group_commit.BLOCK` rows per thread per timed item (as Annals' concurrent writers append)."""
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    per_item, block = writers * group_commit.BLOCK, group_commit.BLOCK
    items, warmup = max(1, sizes.single // per_item), max(1, sizes.warmup // per_item)
    rows = group_commit.interleaved_rows(writers, (items + warmup) * block)
    columns = list(rows[0])
    statement = f"INSERT INTO events ({', '.join(columns)}) VALUES ({', '.join(f'%({c})s' for c in columns)})"
    # Each writer's rows of each item, sliced before the clock starts.
    chunks = [[rows[w::writers][i * block : (i + 1) * block] for i in range(items + warmup)] for w in range(writers)]
    connections = [psycopg.connect(to_libpq_url(url)) for _ in range(writers)]
    pool = ThreadPoolExecutor(max_workers=writers, thread_name_prefix="bench-psycopg")

    def insert(writer: int, item: int) -> None:
        conn = connections[writer]
        for row in chunks[writer][item]:
            conn.execute(statement, row)
            conn.commit()

    def together(item: int) -> None:
        for future in [pool.submit(insert, writer, item) for writer in range(writers)]:
            future.result()

    try:
        yield store.Workload(together, range(items + warmup), warmup, per_item)
    finally:
        pool.shutdown()
        for conn in connections:
            conn.close()
