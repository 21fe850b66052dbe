"""Group commit (issue 19, points 1 and 2), on SQLite and PostgreSQL: appends queued while another batch
holds the writer commit together, each under its own savepoint, and every caller gets its own outcome once
the batch commits.

Each test forms its batch on purpose: a first append holds the writer (its `on_append` waits), the
appends under test queue behind it in a known order, and once it is let go the next leader takes them
all into one transaction.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, select, text
from sqlalchemy.exc import IntegrityError

from service.clock import SystemClock
from service.errors import WrongExpectedVersion
from service.store import summaries
from service.store.engine import make_engine
from service.store.events import AppendResult, EventDraft, EventStore, RecordedEvent
from service.store.migrate import upgrade
from service.store.tables import events
from service.store.writer_socket import AppendRequest
from tests.service.store.batching import WAIT_SECONDS, Batch, wait_until
from tests.service.store.conftest import FrozenClock


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated database: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        made = f"sqlite:///{tmp_path / 'annals.db'}"
    else:
        made = request.getfixturevalue("fresh_postgres_url")
    engine = make_engine(made)
    upgrade(engine)
    engine.dispose()
    return made


@pytest.fixture
def batched_store(url: str) -> Iterator[EventStore]:
    engine = make_engine(url)
    made = EventStore(engine, FrozenClock())
    yield made
    made.close()
    engine.dispose()


def _draft(n: int) -> list[EventDraft]:
    return [EventDraft("Noted", {"n": n})]


def _positions(engine: Engine) -> list[int]:
    with engine.connect() as conn:
        return [r[0] for r in conn.execute(select(events.c.position).order_by(events.c.position))]


def test_second_append_to_a_game_sees_the_first_when_both_commit_in_one_batch(batched_store: EventStore) -> None:
    batch = Batch(batched_store)
    batch.queue(lambda: batched_store.append("game:1", 0, _draft(1)))
    batch.queue(lambda: batched_store.append("game:1", 1, _draft(2)))  # expects the first one's version

    first, second = batch.commit()

    assert [e.version for e in first.events + second.events] == [1, 2]
    assert second.events[0].prev_hash == first.events[0].hash
    assert second.events[0].position == first.events[0].position + 1
    assert batched_store.verify("game:1").ok
    assert _positions(batched_store.engine) == [1, 2, 3]  # the held append, then the batch, no gap


def test_only_the_refused_appends_roll_back_when_a_batch_mixes_accepted_and_refused(batched_store: EventStore) -> None:
    def fail_after_writing(conn: Connection, _recorded: tuple[RecordedEvent, ...]) -> None:
        conn.execute(text("UPDATE game_summaries SET title = 'never' WHERE 1 = 0"))  # SQLAlchemy joins in
        raise ValueError("the read model refused it")

    batch = Batch(batched_store)
    batch.queue(lambda: batched_store.append("game:2", 0, _draft(1), answer=lambda r: f"v{r[-1].version}"))
    batch.queue(lambda: batched_store.append("game:2", 0, _draft(2)))  # stale: the append before took version 1
    batch.queue(lambda: batched_store.append("game:3", 0, _draft(3), on_append=fail_after_writing))
    batch.queue(lambda: batched_store.append("game:3", 0, _draft(4), answer=lambda r: f"v{r[-1].version}"))

    accepted, stale, failed, after_failed = batch.commit()

    assert accepted.answer == "v1" and accepted.version == 1
    assert isinstance(stale, WrongExpectedVersion) and stale.current == 1
    assert isinstance(failed, ValueError)
    # the failed append's version and positions went back: the next append of the batch took them
    assert after_failed.answer == "v1" and after_failed.events[0].data == {"n": 4}
    assert [e.data["n"] for e in batched_store.read("game:3")] == [4]
    assert [e.data["n"] for e in batched_store.read("game:2")] == [1]
    assert _positions(batched_store.engine) == [1, 2, 3]
    assert batched_store.verify("game:2").ok and batched_store.verify("game:3").ok


def test_one_write_and_one_result_when_a_key_repeats_within_a_batch(batched_store: EventStore) -> None:
    batch = Batch(batched_store)
    for _ in range(2):
        batch.queue(lambda: batched_store.append("game:4", None, _draft(1), "key-1", answer=lambda r: r[0].event_id))

    first, second = batch.commit()

    assert not first.replayed and second.replayed
    assert second.events == first.events and second.answer == first.answer
    assert batched_store.stream_version("game:4") == 1


def test_only_the_append_reusing_an_event_id_fails_when_a_batch_holds_it(batched_store: EventStore) -> None:
    """The database refuses a row (a unique key): the batch's INSERTs were held back for its COMMIT (one
    executemany on SQLite, one round trip on PostgreSQL), so the batch runs again with each run at once, and
    only the append that owns it fails."""
    batched_store.append("game:8", 0, [EventDraft("Noted", {}, event_id="taken")])
    batch = Batch(batched_store)
    batch.queue(lambda: batched_store.append("game:9", 0, _draft(1)))
    batch.queue(lambda: batched_store.append("game:10", 0, [EventDraft("Noted", {}, event_id="taken")]))
    batch.queue(lambda: batched_store.append("game:9", 1, _draft(2)))

    first, refused, second = batch.commit()

    assert isinstance(refused, IntegrityError)
    assert batched_store.group_commit.reruns == 1
    assert [e.version for e in first.events + second.events] == [1, 2]
    assert batched_store.read("game:10") == []
    assert _positions(batched_store.engine) == [1, 2, 3, 4]  # game:8, the held append, game:9 twice
    assert batched_store.verify("game:9").ok


def test_an_append_that_read_its_head_in_a_batch_rolls_back_alone_when_it_fails_after(
    batched_store: EventStore,
) -> None:
    """Another store wrote game:11, so this one reads its head inside the batch (on PostgreSQL that sends
    the batch's statements so far, and the append's own under a savepoint); then it fails."""
    other = EventStore(batched_store.engine, FrozenClock())
    other.append("game:11", 0, _draft(0))
    other.close()

    def fail_after_writing(conn: Connection, _recorded: tuple[RecordedEvent, ...]) -> None:
        conn.execute(text("UPDATE game_summaries SET title = 'never' WHERE 1 = 0"))
        raise ValueError("the read model refused it")

    batch = Batch(batched_store)
    batch.queue(lambda: batched_store.append("game:12", 0, _draft(1)))
    batch.queue(lambda: batched_store.append("game:11", 1, _draft(2), on_append=fail_after_writing))
    batch.queue(lambda: batched_store.append("game:11", 1, _draft(3)))

    created, failed, appended = batch.commit()

    assert isinstance(failed, ValueError)
    assert created.version == 1 and appended.version == 2
    assert [e.data["n"] for e in batched_store.read("game:11")] == [0, 3]
    assert _positions(batched_store.engine) == [1, 2, 3, 4]
    assert batched_store.verify("game:11").ok and batched_store.verify("game:12").ok


@pytest.mark.postgres
def test_appends_go_on_when_the_server_ended_the_idle_write_connection(fresh_postgres_url: str) -> None:
    engine = make_engine(fresh_postgres_url)
    upgrade(engine)
    appender = EventStore(engine, SystemClock())

    def end_other_connections() -> int:
        with engine.connect() as conn:  # as a server restart or an administrator would
            others = "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ended = int(conn.execute(text(f"SELECT count(pg_terminate_backend(pid)) {others}")).scalar_one())
            # pg_terminate_backend only signals: the write connection is closed once its backend is gone,
            # and a batch begun before that would be sent on a connection still open.
            wait_until(lambda: _count_anew(conn, f"SELECT count(*) {others}") == 0)
            return ended

    try:
        appender.append("game:1", 0, _draft(1))
        assert end_other_connections() == 1  # the store's write connection, before its second batch
        assert appender.append("game:1", 1, _draft(2)).version == 2
        appender.append("game:1", 2, _draft(3))  # the writer now trusts its cache: one round trip a batch
        assert end_other_connections() == 1
        assert appender.append("game:1", 3, _draft(4)).version == 4
        assert appender.verify("game:1").ok and _positions(engine) == [1, 2, 3, 4]
    finally:
        appender.close()
        engine.dispose()


def _trusted(store: EventStore, stream_id: str) -> None:
    """Two batches appending to `stream_id`: the store's writer now trusts its cache (on PostgreSQL its
    batches then hold their BEGIN back with their statements)."""
    store.append(stream_id, 0, _draft(1))
    store.append(stream_id, 1, _draft(2))


def _another_store_appends(store: EventStore, stream_id: str, version: int) -> None:
    """Another store on the same database (another serving process) appends to `stream_id` at `version`."""
    other = EventStore(store.engine, FrozenClock())
    try:
        other.append(stream_id, version, _draft(3))
    finally:
        other.close()


def _count_anew(conn: Connection, query: str) -> int:
    """`query`'s count in a transaction of its own (pg_stat_activity is read once per transaction)."""
    conn.rollback()
    return int(conn.execute(text(query)).scalar_one())


def test_no_caller_is_answered_before_the_commit_when_its_append_ran_early_in_the_batch(
    batched_store: EventStore,
) -> None:
    still_waiting: list[bool] = []
    engine = batched_store.engine

    def last_in_batch(_conn: Connection, _recorded: tuple[RecordedEvent, ...]) -> None:
        # Runs after the first append of the batch was inserted, before the commit: its caller, given
        # time to return, must still be waiting.
        _, pending = wait([first], timeout=0.5)
        still_waiting.append(bool(pending))

    batch = Batch(batched_store)
    batch.queue(lambda: batched_store.append("game:4", 0, _draft(0)))  # leads the batch: answers itself last
    first = batch.queue(lambda: batched_store.append("game:5", 0, _draft(1)))
    batch.queue(lambda: batched_store.append("game:6", 0, _draft(2), on_append=last_in_batch))

    _, result, _ = batch.commit()

    assert still_waiting == [True]
    with engine.connect() as conn:  # another connection: what was answered is committed
        assert conn.execute(select(events.c.hash).where(events.c.stream_id == "game:5")).scalar() == (
            result.events[0].hash
        )


def test_a_write_of_its_own_waits_for_the_batch_and_the_batch_for_it_when_queued_among_appends(
    batched_store: EventStore,
) -> None:
    order: list[str] = []

    def exclusive_write() -> None:
        with batched_store.write() as conn:
            conn.execute(text("SELECT 1"))
            order.append("write")

    def noted(name: str) -> Callable[[Connection, tuple[RecordedEvent, ...]], None]:
        return lambda _conn, _recorded: order.append(name)

    batch = Batch(batched_store)
    batch.queue(lambda: batched_store.append("game:7", 0, _draft(1), on_append=noted("before")))
    batch.queue(exclusive_write)
    batch.queue(lambda: batched_store.append("game:7", 1, _draft(2), on_append=noted("after")))
    batch.release.set()
    batch.held.result(WAIT_SECONDS)
    for future in batch.futures:
        future.result(WAIT_SECONDS)

    assert order == ["before", "write", "after"]
    assert batched_store.verify("game:7").ok and batched_store.stream_version("game:7") == 2


# --- kill -9 ---

_APPENDER = """
import sys, threading
from service.clock import SystemClock
from service.store.engine import make_engine
from service.store.events import EventDraft, EventStore

store = EventStore(make_engine(sys.argv[1]), SystemClock())
group = store.group_commit
out = threading.Lock()

def appender(n):
    version = 0
    while True:
        result = store.append(f"s{n}", version, [EventDraft("Counted", {"n": version + 1})])
        version = result.version
        with out:  # acknowledged: what a client would have been answered
            print(n, version, result.events[0].hash, group.batched - group.batches, flush=True)

threads = [threading.Thread(target=appender, args=(n,)) for n in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
"""


def test_every_acknowledged_append_survives_when_the_process_is_killed_right_after_answering_a_batch(
    url: str,
) -> None:
    engine = make_engine(url)
    child = subprocess.Popen([sys.executable, "-c", _APPENDER, url], stdout=subprocess.PIPE, text=True)
    acknowledged: list[tuple[str, int, str]] = []
    batched = False
    assert child.stdout is not None
    try:
        for line in child.stdout:
            n, version, digest, extra = line.split()
            acknowledged.append((f"s{n}", int(version), digest))
            batched = batched or int(extra) > 0  # some commit held more than one append
            if len(acknowledged) >= 300 and batched:
                break
    finally:
        os.kill(child.pid, signal.SIGKILL)  # right after an answer, whatever the other appenders are doing
        child.wait()
        child.stdout.close()

    assert batched, "no batch of more than one append formed"
    store = EventStore(engine, SystemClock())
    try:
        with engine.connect() as conn:
            rows = conn.execute(select(events.c.stream_id, events.c.version, events.c.hash))
            stored = {(stream, version): digest for stream, version, digest in rows}
        assert all(stored.get((stream, version)) == digest for stream, version, digest in acknowledged)
        assert all(store.verify(f"s{n}").ok for n in range(8))
        positions = _positions(engine)
        assert positions == list(range(1, len(positions) + 1))
    finally:
        store.close()
        engine.dispose()


# --- several processes on one file ---


def _append_in_threads(url: str, process: int, threads: int, appends: int, batches: Any) -> None:
    engine = make_engine(url)
    appender = EventStore(engine, SystemClock())

    def write(stream: str) -> None:
        for n in range(appends):
            appender.append(stream, n, _draft(n))

    workers = [threading.Thread(target=write, args=(f"p{process}t{t}",)) for t in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    group = appender.group_commit
    assert group is not None
    batches[process] = (group.batches, group.batched)
    appender.close()
    engine.dispose()


def test_each_process_commits_in_batches_and_positions_stay_gap_free_when_processes_share_a_database(
    url: str,
) -> None:
    engine = make_engine(url)
    context = multiprocessing.get_context("spawn")
    batches = context.Manager().dict()
    processes = [context.Process(target=_append_in_threads, args=(url, p, 4, 30, batches)) for p in range(2)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
        assert process.exitcode == 0

    assert all(batched == 4 * 30 and commits < batched for commits, batched in batches.values())
    assert _positions(engine) == list(range(1, 2 * 4 * 30 + 1))
    reader = EventStore(engine, SystemClock())
    assert all(
        reader.verify(f"p{p}t{t}").ok and reader.stream_version(f"p{p}t{t}") == 30 for p in range(2) for t in range(4)
    )
    reader.close()
    engine.dispose()


def test_a_read_model_update_rolls_back_with_its_append_when_the_append_fails_after_it(
    batched_store: EventStore,
) -> None:
    """The game summary's update runs on the writer's own driver connection (summaries.advance): it must be
    part of the append's transaction, also in a batch whose statements are held back for the COMMIT
    (PostgreSQL's, once the writer trusts its cache), and undone when the append fails after it."""
    with batched_store.write() as conn:
        conn.execute(
            text(
                "INSERT INTO game_summaries (game_id, title, ruleset, ruleset_version, mode, dice, visibility, "
                "options, seats, status, version, last_hash, created_at, updated_at) VALUES ('g', 't', 'freeform', "
                "'1', 'adjudicated', 'server', 'public', '{}', '[]', 'active', 1, 'h1', 'then', 'then')"
            )
        )
    batched_store.append("game:g", 0, _draft(1))
    batched_store.append("game:g", 1, _draft(2))  # a second batch: PostgreSQL's writer now holds writes back

    def advance_summary(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        summaries.advance(conn, "g", recorded[-1].version, recorded[-1].hash, "now", ended=True)

    def refuse(_recorded: tuple[RecordedEvent, ...]) -> str:
        raise ValueError("the answer could not be built")

    with pytest.raises(ValueError, match="could not be built"):
        batched_store.append("game:g", 2, _draft(3), on_append=advance_summary, answer=refuse)

    summary = summaries.get(batched_store.engine, "g")
    assert summary is not None
    assert (summary["version"], summary["status"], summary["updated_at"]) == (1, "active", "then")
    assert batched_store.stream_version("game:g") == 2
    appended = batched_store.append("game:g", 2, _draft(4), on_append=advance_summary)
    summary = summaries.get(batched_store.engine, "g")
    assert summary is not None and (summary["version"], summary["last_hash"]) == (3, appended.events[-1].hash)


def test_text_that_looks_like_sql_or_quoting_is_stored_as_sent_when_a_batch_binds_it_into_one_query(
    batched_store: EventStore,
) -> None:
    """PostgreSQL's batches bind their parameters into one query text (`PostgresWriter._send`): quotes,
    backslashes, statement ends, comments, placeholders and characters beyond ASCII must come back as sent."""
    awkward = "it's a \\'trap\\'; DROP TABLE events; -- %s %(n)s $1 \\x00 E'\\n' ü 日本 🎲 \"q\""
    batched_store.append("game:q", 0, _draft(0))  # a second batch: PostgreSQL's writer now holds writes back
    batch = Batch(batched_store)
    batch.queue(lambda: batched_store.append("game:q", 1, [EventDraft("Noted", {"text": awkward, awkward: 1})]))
    batch.queue(lambda: batched_store.append("game:r", 0, [EventDraft("Noted", {"n": 1}, {"note": awkward})] * 2))

    first, second = batch.commit()

    assert first.version == 2 and second.version == 2
    stored = batched_store.read("game:q")[-1]
    assert stored.data == {"text": awkward, awkward: 1}
    assert [e.metadata for e in batched_store.read("game:r")] == [{"note": awkward}] * 2
    assert batched_store.verify("game:q").ok and batched_store.verify("game:r").ok


def test_an_append_stating_the_right_version_is_recorded_when_another_store_moved_the_stream_since(
    batched_store: EventStore,
) -> None:
    """Two serving processes on one database: this store's cached head of game:s is stale once the other
    store appends to it. An append stating the stream's true version must be recorded, not refused on the
    stale cache (PostgreSQL's writer decides a batch before its check of the last position is answered)."""
    _trusted(batched_store, "game:s")
    _another_store_appends(batched_store, "game:s", 2)

    appended = batched_store.append("game:s", 3, _draft(4))

    assert appended.version == 4
    with pytest.raises(WrongExpectedVersion) as refused:
        batched_store.append("game:s", 3, _draft(5))
    assert refused.value.current == 4 and "expected game:s at version 3" in str(refused.value)
    assert batched_store.verify("game:s").ok and _positions(batched_store.engine) == [1, 2, 3, 4]


def test_an_append_takes_the_next_position_when_another_store_committed_to_another_stream_since(
    batched_store: EventStore,
) -> None:
    """The position this store's writer would hand out next was taken by another store meanwhile. On
    PostgreSQL the batch, sent whole with its COMMIT on the writer's trusted cache, is refused by the first
    row's primary key and runs again on the position read anew; on SQLite the writer sees the other commit
    when its transaction begins."""
    _trusted(batched_store, "game:a")
    _another_store_appends(batched_store, "game:b", 0)
    reruns = batched_store.group_commit.reruns

    appended = batched_store.append("game:a", 2, _draft(4))

    postgres = batched_store.engine.dialect.name == "postgresql"
    assert batched_store.group_commit.reruns == reruns + (1 if postgres else 0)
    assert (appended.version, appended.events[0].position) == (3, 4)
    assert _positions(batched_store.engine) == [1, 2, 3, 4]
    assert batched_store.verify("game:a").ok and batched_store.verify("game:b").ok


def test_a_batch_whose_appends_were_all_refused_on_a_moved_head_runs_again_on_the_true_head(
    batched_store: EventStore,
) -> None:
    """Two appends in one batch (as the writer process queues them), both stating game:s's true version,
    which another store set after this store's writer cached an older one: nothing of the batch is written
    to prove or disprove the cache, so the batch must check it before anyone is refused."""
    _trusted(batched_store, "game:s")
    _another_store_appends(batched_store, "game:s", 2)

    first, second = batched_store.append_all(
        [AppendRequest("game:s", 3, tuple(_draft(n)), None, None, None, None) for n in (4, 5)]
    )

    assert isinstance(first, AppendResult) and first.version == 4
    assert isinstance(second, WrongExpectedVersion) and second.current == 4
    assert batched_store.verify("game:s").ok and _positions(batched_store.engine) == [1, 2, 3, 4]


def test_only_the_refused_append_fails_when_a_batch_on_a_trusted_cache_mixes_accepted_and_refused(
    batched_store: EventStore,
) -> None:
    """A batch queued at once after earlier batches (PostgreSQL's writer then holds its BEGIN back with its
    statements): the refused append in its middle must not take the appends around it down."""
    for version in range(3):
        batched_store.append("game:a", version, _draft(version))

    before, refused, after = batched_store.append_all(
        [
            AppendRequest("game:b", 0, tuple(_draft(1)), None, None, None, None),
            AppendRequest("game:a", 1, tuple(_draft(9)), None, None, None, None),
            AppendRequest("game:c", 0, tuple(_draft(1)), None, None, None, None),
        ]
    )

    assert isinstance(refused, WrongExpectedVersion) and refused.current == 3
    assert isinstance(before, AppendResult) and isinstance(after, AppendResult)
    assert (before.events[0].position, after.events[0].position) == (4, 5)
    assert _positions(batched_store.engine) == [1, 2, 3, 4, 5]
    assert batched_store.stream_version("game:a") == 3


def test_no_append_of_a_batch_is_acknowledged_when_the_batch_fails_at_its_commit(batched_store: EventStore) -> None:
    """A constraint checked only at COMMIT refuses the batch (a deferred foreign key here; a full disk or a
    lost connection in life): nothing of it is stored, so no append of it may be answered as recorded,
    not even those whose own work had run."""
    deferred = "DEFERRABLE INITIALLY DEFERRED"
    with batched_store.write() as conn:
        conn.execute(text(f"CREATE TABLE probe (game_id VARCHAR(36) REFERENCES game_summaries (game_id) {deferred})"))
    batched_store.append("game:a", 0, _draft(0))

    def dangling(conn: Connection, _recorded: tuple[RecordedEvent, ...]) -> None:
        conn.execute(text("INSERT INTO probe (game_id) VALUES ('no such game')"))

    outcomes = batched_store.append_all(
        [
            AppendRequest("game:a", 1, tuple(_draft(1)), None, None, None, None),
            AppendRequest("game:b", 0, tuple(_draft(2)), None, None, dangling, None),
        ]
    )

    assert [isinstance(outcome, AppendResult) for outcome in outcomes] == [False, False]
    assert all("foreign key" in str(outcome).lower() for outcome in outcomes)
    assert _positions(batched_store.engine) == [1]


def _batch_of_three(store: EventStore) -> None:
    """A batch of three appends (after the held one that forms it): the next leader gathers for three."""
    batch = Batch(store)
    for stream in ("game:x", "game:y", "game:z"):
        batch.queue(functools.partial(store.append, stream, 0, _draft(1)))
    batch.commit()


def test_a_leader_takes_the_callers_of_the_batch_before_when_they_queue_again_within_the_gathering_window(
    batched_store: EventStore,
) -> None:
    """Callers just answered need a moment (the interpreter lock the leader holds) to queue their next
    appends: the next leader waits for as many as the batch before it had, up to `gather_seconds`, before it
    takes its batch, so that they share one commit instead of one each (issue 19, point 1)."""
    group = batched_store.group_commit
    group.gather_seconds = WAIT_SECONDS  # the wait ends as soon as three are queued
    _batch_of_three(batched_store)
    batches, batched = group.batches, group.batched

    with ThreadPoolExecutor(max_workers=3) as pool:
        first = pool.submit(batched_store.append, "game:x", 1, _draft(2))
        wait_until(lambda: group.waiting() == 1)  # it leads, and gathers
        later = [pool.submit(batched_store.append, stream, 1, _draft(2)) for stream in ("game:y", "game:z")]
        versions = [f.result(WAIT_SECONDS).version for f in (first, *later)]

    assert versions == [2, 2, 2]
    assert (group.batches - batches, group.batched - batched) == (1, 3)


def test_a_leader_does_not_gather_after_a_lone_batch_nor_for_the_writer_process_batches(
    batched_store: EventStore,
) -> None:
    """No wait when the batch before was one append (a lone writer keeps its latency), nor in `append_all`,
    whose callers queue through the very thread that leads (the writer process reads their sockets)."""
    group = batched_store.group_commit
    group.gather_seconds = 20.0  # a gathering leader would wait for all of it: nobody else comes
    batched_store.append("game:l", 0, _draft(1))
    started = time.monotonic()
    batched_store.append("game:l", 1, _draft(2))  # after a lone batch: taken at once
    lone_seconds = time.monotonic() - started
    _batch_of_three(batched_store)

    started = time.monotonic()
    results = batched_store.append_all([AppendRequest("game:x", 1, tuple(_draft(2)), None, None, None, None)])
    writer_process_seconds = time.monotonic() - started

    assert [r.version for r in results if isinstance(r, AppendResult)] == [2]
    assert lone_seconds < 10 and writer_process_seconds < 10


def test_a_gathering_leader_commits_what_it_has_when_the_window_ends(batched_store: EventStore) -> None:
    """Nobody else comes: after `gather_seconds` the leader commits its batch of one."""
    group = batched_store.group_commit
    group.gather_seconds = 0.05
    _batch_of_three(batched_store)
    batches = group.batches

    assert batched_store.append("game:x", 1, _draft(2)).version == 2
    assert group.batches == batches + 1
