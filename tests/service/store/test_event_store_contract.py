"""The event store contract (DESIGN §5), run against SQLite and PostgreSQL alike."""

from __future__ import annotations

import functools
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, func, insert, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from domain.canonical import canonical_json
from domain.chain import GENESIS, event_hash, event_hash_of_texts
from service.errors import IdempotencyKeyReused, WrongExpectedVersion
from service.store.events import AppendResult, EmptyAppend, EventDraft, EventStore, RecordedEvent
from service.store.tables import events, idempotency_keys, snapshots
from tests.chain_fields import ChainedFields
from tests.service.store.conftest import FrozenClock, migrated_engine, writer_served

JOIN_TIMEOUT = 60.0


# The contract holds on the remote path too (issue 19, point 1): appends sent over the socket to a writer,
# as every serving process of `annals serve --workers N` on SQLite sends them. Appends whose `on_append`
# is a closure (these tests' own) do not pickle and take the local path, as they would in a worker.
@pytest.fixture(params=["sqlite", "sqlite-writer", pytest.param("postgresql", marks=pytest.mark.postgres)])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    yield from migrated_engine(request, tmp_path, "postgresql" if request.param == "postgresql" else "sqlite")


@pytest.fixture
def store(request: pytest.FixtureRequest, engine: Engine, clock: FrozenClock) -> Iterator[EventStore]:
    if request.node.callspec.params.get("engine") != "sqlite-writer":
        made = EventStore(engine, clock)
        yield made
        made.close()
        return
    with writer_served(engine, clock) as (_server, client):
        made = EventStore(engine, clock, writer=client)
        yield made
        made.close()


NON_ASCII_DATA: dict[str, Any] = {
    "title": "Ærøskøbing — 城堡 🏰 «naïve»",
    "nested": {"units": [1, 2.5, {"deep": [True, False, None, "ß"]}], "empty": {}, "none": []},
    "floats": [0.1, -1.5e-7, 3.0, 1e16, 123456.789],
    "ints": [0, -7, 2**53 + 1, 10**20],
    "escapes": 'quote " backslash \\ newline \n tab \t nul \u0000',
}


# --- helpers ---


def _drafts(count: int, kind: str = "UnitsRecruited", **extra: Any) -> list[EventDraft]:
    return [EventDraft(kind, {"n": n, **extra}) for n in range(1, count + 1)]


def _count(engine: Engine, table: Any = events) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


def _rows(engine: Engine) -> list[tuple[Any, ...]]:
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(select(events).order_by(events.c.position))]


def _in_threads(calls: Sequence[Callable[[], Any]]) -> list[Any]:
    """Run each call in its own thread; return each one's result or the exception it raised."""
    pool = ThreadPoolExecutor(max_workers=len(calls))
    futures = [pool.submit(call) for call in calls]
    _, pending = wait(futures, timeout=JOIN_TIMEOUT)
    pool.shutdown(wait=not pending, cancel_futures=True)
    assert not pending, f"{len(pending)} thread(s) still running after {JOIN_TIMEOUT}s"
    return [f.exception() or f.result() for f in futures]


def _unlock_events(conn: Connection) -> None:
    """Remove the immutability triggers, as an attacker with DDL rights could."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("ALTER TABLE events DISABLE TRIGGER USER")
    else:
        conn.exec_driver_sql("DROP TRIGGER events_refuse_update")
        conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")


def _tamper(engine: Engine, statement: str, **params: Any) -> None:
    with engine.begin() as conn:
        _unlock_events(conn)
        changed = conn.execute(text(statement), params).rowcount
    assert changed == 1


def _expected_hash(event: RecordedEvent) -> str:
    return event_hash(
        event.prev_hash,
        stream_id=event.stream_id,
        version=event.version,
        event_id=event.event_id,
        type=event.type,
        schema_version=event.schema_version,
        data=event.data,
        metadata=event.metadata,
        recorded_at=event.recorded_at,
    )


# --- append and read ---


def test_events_read_back_as_appended_when_a_stream_is_written(store: EventStore, engine: Engine) -> None:
    drafts = [
        EventDraft("GameCreated", NON_ASCII_DATA, {"actor": "player:Zoë", "seat": "北"}, 2, "id-1"),
        EventDraft("UnitsRecruited", {"castle": "c1", "units": 3}, {"actor": "player:Zoë"}),
        EventDraft("TurnEnded", {}),
    ]

    result = store.append("game:1", 0, drafts)
    read = store.read("game:1")

    assert read == list(result.events)
    assert result.version == 3 and not result.replayed
    assert [e.version for e in read] == [1, 2, 3]
    assert [e.position for e in read] == [1, 2, 3]
    assert [e.type for e in read] == ["GameCreated", "UnitsRecruited", "TurnEnded"]
    assert read[0].event_id == "id-1" and read[0].schema_version == 2
    assert read[0].metadata == {"actor": "player:Zoë", "seat": "北"}
    assert all(e.recorded_at == "2026-11-22T12:00:00.000000Z" for e in read)
    assert read[0].prev_hash == GENESIS
    assert [e.prev_hash for e in read[1:]] == [e.hash for e in read[:-1]]
    assert all(e.hash == _expected_hash(e) for e in read)


def test_data_round_trips_canonically_when_it_has_non_ascii_nesting_floats_and_ints(
    store: EventStore, engine: Engine
) -> None:
    store.append("game:1", 0, [EventDraft("GameCreated", NON_ASCII_DATA, {"note": "naïve ✓"})])

    [event] = store.read("game:1")

    assert event.data == NON_ASCII_DATA
    assert canonical_json(event.data) == canonical_json(NON_ASCII_DATA)
    assert [type(x) for x in event.data["floats"]] == [float] * 5
    assert [type(x) for x in event.data["ints"]] == [int] * 4
    assert event.data["ints"][2] == 2**53 + 1 and event.data["ints"][3] == 10**20
    with engine.connect() as conn:
        stored = conn.execute(select(events.c.data, events.c.meta)).one()
    assert stored.data == canonical_json(NON_ASCII_DATA)
    assert stored.meta == '{"note":"naïve ✓"}'


def test_versions_continue_and_positions_stay_global_when_streams_interleave(
    store: EventStore, clock: FrozenClock
) -> None:
    first = store.append("game:1", 0, _drafts(2))
    clock.advance(1.5)
    other = store.append("game:2", 0, _drafts(1))
    more = store.append("game:1", 2, _drafts(2))

    assert [e.version for e in more.events] == [3, 4]
    assert more.events[0].prev_hash == first.events[-1].hash
    assert more.events[0].recorded_at == "2026-11-22T12:00:01.500000Z"
    assert other.events[0].version == 1 and other.events[0].prev_hash == GENESIS
    assert [e.position for e in store.read_all()] == [1, 2, 3, 4, 5]
    assert [(e.stream_id, e.version) for e in store.read_all()] == [
        ("game:1", 1),
        ("game:1", 2),
        ("game:2", 1),
        ("game:1", 3),
        ("game:1", 4),
    ]


def test_empty_append_raises_when_there_are_no_drafts(store: EventStore, engine: Engine) -> None:
    with pytest.raises(EmptyAppend):
        store.append("game:1", 0, [])
    assert _count(engine) == 0


# --- expected version ---


def test_append_succeeds_when_expected_version_is_0_on_a_new_stream(store: EventStore) -> None:
    result = store.append("game:new", 0, _drafts(1))

    assert result.version == 1
    assert store.stream_version("game:new") == 1


@pytest.mark.parametrize("stale", [0, 1, 2, 4, 9])
def test_wrong_expected_version_reports_current_when_expected_version_is_stale(
    store: EventStore, engine: Engine, stale: int
) -> None:
    store.append("game:1", 0, _drafts(3))

    with pytest.raises(WrongExpectedVersion) as raised:
        store.append("game:1", stale, _drafts(1))

    assert raised.value.current == 3
    assert raised.value.extra["current_version"] == 3
    assert _count(engine) == 3


def test_append_lands_at_the_head_when_expected_version_is_none(store: EventStore) -> None:
    store.append("game:1", None, _drafts(2))
    result = store.append("game:1", None, _drafts(3))

    assert [e.version for e in result.events] == [3, 4, 5]
    assert store.verify("game:1").ok


# --- concurrency ---


def test_exactly_one_writer_wins_when_two_append_at_the_same_expected_version(
    store: EventStore, engine: Engine
) -> None:
    for expected in range(8):
        barrier = threading.Barrier(2, timeout=JOIN_TIMEOUT)

        def write(writer: str, expected: int = expected, barrier: threading.Barrier = barrier) -> AppendResult:
            barrier.wait()
            return store.append("game:race", expected, [EventDraft("Moved", {"by": writer})])

        outcomes = _in_threads([lambda: write("a"), lambda: write("b")])

        winners = [o for o in outcomes if isinstance(o, AppendResult)]
        losers = [o for o in outcomes if isinstance(o, WrongExpectedVersion)]
        assert len(winners) == 1 and len(losers) == 1, outcomes
        assert winners[0].version == expected + 1
        assert losers[0].current == expected + 1
    assert _count(engine) == 8
    assert store.verify("game:race").ok


def test_all_appends_get_consecutive_versions_when_threads_append_with_any_version(
    store: EventStore,
) -> None:
    threads, appends_each = 4, 15
    barrier = threading.Barrier(threads, timeout=JOIN_TIMEOUT)

    def writer(name: str) -> list[AppendResult]:
        barrier.wait()
        return [store.append("game:busy", None, _drafts(2, writer=name)) for _ in range(appends_each)]

    outcomes = _in_threads([functools.partial(writer, f"w{i}") for i in range(threads)])

    assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes
    results = [r for batch in outcomes for r in batch]
    total = threads * appends_each * 2
    for result in results:
        first, second = result.events
        assert second.version == first.version + 1 and second.position == first.position + 1
    assert sorted(e.version for r in results for e in r.events) == list(range(1, total + 1))
    read = store.read("game:busy")
    assert [e.version for e in read] == list(range(1, total + 1))
    assert [e.position for e in read] == list(range(1, total + 1))
    report = store.verify("game:busy")
    assert report.ok and report.events == total


def test_tailing_reader_sees_every_position_once_in_order_when_writers_append_concurrently(
    store: EventStore,
) -> None:
    writers, appends_each = 3, 30
    writers_done = threading.Event()
    start = threading.Barrier(writers + 1, timeout=JOIN_TIMEOUT)
    seen: list[tuple[int, str]] = []

    def tail() -> None:
        start.wait()
        last = 0
        while True:
            # Read the flag before reading: an empty page after the writers finished is the end.
            done = writers_done.is_set()
            page = store.read_all(after=last, limit=50)
            seen.extend((e.position, e.event_id) for e in page)
            if page:
                last = page[-1].position
            elif done:
                return
            else:
                time.sleep(0.001)

    def write(name: str) -> None:
        start.wait()
        version = 0
        for n in range(appends_each):
            version = store.append(f"game:{name}", version, _drafts(1 + n % 3, writer=name)).version

    with ThreadPoolExecutor(max_workers=1) as reader_pool:
        reader = reader_pool.submit(tail)
        outcomes = _in_threads([functools.partial(write, f"w{i}") for i in range(writers)])
        writers_done.set()
        reader.result(timeout=JOIN_TIMEOUT)

    assert outcomes == [None] * writers
    final = store.read_all(limit=10_000)
    total = writers * sum(1 + n % 3 for n in range(appends_each))
    assert [e.position for e in final] == list(range(1, total + 1))
    assert seen == [(e.position, e.event_id) for e in final]


# --- idempotency ---


def test_first_result_is_replayed_and_nothing_written_when_a_key_is_resent_with_the_same_content(
    store: EventStore, engine: Engine
) -> None:
    first = store.append("game:1", 0, _drafts(2), idempotency_key="player:1:k1")
    rows = _rows(engine)

    # The retry carries the same expected version, now stale: the key must win over the version check.
    again = store.append("game:1", 0, _drafts(2), idempotency_key="player:1:k1")

    assert not first.replayed and again.replayed
    assert again.events == first.events
    assert [e.event_id for e in again.events] == [e.event_id for e in first.events]
    assert _rows(engine) == rows
    assert _count(engine, idempotency_keys) == 1


def test_idempotency_key_reused_raises_when_a_key_is_resent_with_different_content(
    store: EventStore, engine: Engine
) -> None:
    store.append("game:1", 0, _drafts(2), idempotency_key="player:1:k1")
    rows = _rows(engine)

    with pytest.raises(IdempotencyKeyReused, match="k1"):
        store.append("game:1", 2, _drafts(3), idempotency_key="player:1:k1")

    assert _rows(engine) == rows
    assert _count(engine, idempotency_keys) == 1


@pytest.mark.parametrize("expected", [None, 0])
def test_one_write_and_one_result_when_two_threads_send_the_same_key_at_once(
    store: EventStore, engine: Engine, expected: int | None
) -> None:
    rounds = 6
    for n in range(rounds):
        barrier = threading.Barrier(2, timeout=JOIN_TIMEOUT)

        def send(n: int = n, barrier: threading.Barrier = barrier) -> AppendResult:
            barrier.wait()
            return store.append(f"game:{n}", expected, _drafts(2), idempotency_key=f"player:1:key-{n}")

        outcomes = _in_threads([send, send])

        assert all(isinstance(o, AppendResult) for o in outcomes), outcomes
        first, second = outcomes
        assert first.events == second.events
        assert sorted([first.replayed, second.replayed]) == [False, True]
        assert _count(engine) == 2 * (n + 1)
    assert _count(engine, idempotency_keys) == rounds


# --- atomicity ---


def test_nothing_is_written_when_the_on_append_callback_raises(store: EventStore, engine: Engine) -> None:
    store.append("game:1", 0, _drafts(1))
    rows = _rows(engine)
    handed: list[tuple[RecordedEvent, ...]] = []

    def failing_read_model(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        handed.append(recorded)
        conn.execute(
            insert(snapshots).values(stream_id="game:1", ruleset_version="r1", version=3, state="{}", created_at="now")
        )
        raise RuntimeError("read model failed")

    with pytest.raises(RuntimeError, match="read model failed"):
        store.append("game:1", 1, _drafts(2), idempotency_key="player:1:k", on_append=failing_read_model)

    assert [e.version for e in handed[0]] == [2, 3]
    assert _rows(engine) == rows
    assert _count(engine, idempotency_keys) == 0
    assert _count(engine, snapshots) == 0
    assert store.stream_version("game:1") == 1


def test_on_append_writes_commit_with_the_events_when_the_callback_succeeds(store: EventStore, engine: Engine) -> None:
    def read_model(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        conn.execute(
            insert(snapshots).values(
                stream_id=recorded[-1].stream_id,
                ruleset_version="r1",
                version=recorded[-1].version,
                state=recorded[-1].hash,
                created_at=recorded[-1].recorded_at,
            )
        )

    result = store.append("game:1", 0, _drafts(2), on_append=read_model)

    with engine.connect() as conn:
        snapshot = conn.execute(select(snapshots)).one()
    assert (snapshot.version, snapshot.state) == (2, result.events[-1].hash)


def test_next_append_lands_at_the_head_when_the_append_before_it_rolled_back(store: EventStore) -> None:
    store.append("game:1", 0, _drafts(1))

    def failing_read_model(_conn: Connection, _recorded: tuple[RecordedEvent, ...]) -> None:
        raise RuntimeError("read model failed")

    with pytest.raises(RuntimeError):
        store.append("game:1", 1, _drafts(2), on_append=failing_read_model)
    with pytest.raises(WrongExpectedVersion) as stale:
        store.append("game:1", 3, _drafts(1))
    result = store.append("game:1", 1, _drafts(1))

    assert stale.value.current == 1
    assert [(e.version, e.position) for e in result.events] == [(2, 2)]
    assert store.verify("game:1").ok


def test_a_store_appends_after_the_events_another_store_wrote_when_both_share_the_database(
    store: EventStore, engine: Engine, clock: FrozenClock
) -> None:
    other = EventStore(engine, clock)
    store.append("game:1", 0, _drafts(2))
    other.append("game:1", 2, _drafts(1))  # version 3, position 3
    other.append("game:2", 0, _drafts(1))  # position 4
    other.close()

    result = store.append("game:1", 3, _drafts(1))
    with pytest.raises(WrongExpectedVersion) as stale:
        store.append("game:1", 3, _drafts(1))

    assert [(e.version, e.position) for e in result.events] == [(4, 5)]
    assert stale.value.current == 4
    assert [e.position for e in store.read_all()] == [1, 2, 3, 4, 5]
    assert store.verify("game:1").ok


def test_events_without_an_id_get_version_7_uuids_stamped_with_their_recorded_time_in_append_order(
    store: EventStore, clock: FrozenClock
) -> None:
    """Time-ordered ids (RFC 9562 version 7): the first 48 bits are the event's recorded_at in Unix
    milliseconds, so ids of later appends sort after earlier ones and land at the end of the unique index."""
    first = store.append("game:1", 0, _drafts(3)).events
    clock.advance(0.002)
    later = store.append("game:2", 0, _drafts(1)).events

    recorded = [*first, *later]
    parsed = [uuid.UUID(e.event_id) for e in recorded]
    assert all(p.version == 7 and p.variant == uuid.RFC_4122 for p in parsed)
    assert [str(p) for p in parsed] == [e.event_id for e in recorded]  # the usual lower-case text form
    stamped = [datetime.fromtimestamp((p.int >> 80) / 1000, UTC) for p in parsed]
    assert stamped == [datetime.fromisoformat(e.recorded_at) for e in recorded]
    assert len({e.event_id for e in recorded}) == 4
    assert max(e.event_id for e in first) < later[0].event_id


def test_nothing_is_written_when_a_later_draft_reuses_an_existing_event_id(store: EventStore, engine: Engine) -> None:
    existing = store.append("game:1", 0, [EventDraft("GameCreated", {}, event_id="dup-id")])
    rows = _rows(engine)
    batch = [EventDraft("GameCreated", {}, event_id="fresh-id"), EventDraft("Moved", {}, event_id="dup-id")]

    with pytest.raises(IntegrityError):
        store.append("game:2", 0, batch, idempotency_key="player:1:k")

    assert _rows(engine) == rows
    assert _count(engine, idempotency_keys) == 0
    assert store.read("game:2") == []
    # The failed batch left no hole: the next append takes the next position.
    after = store.append("game:2", 0, _drafts(1))
    assert after.events[0].position == existing.events[0].position + 1


# --- immutability triggers ---


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE events SET data = '{\"n\":99}' WHERE version = 1",
        "UPDATE events SET hash = hash",
        "DELETE FROM events WHERE version = 1",
        "DELETE FROM events",
    ],
)
def test_change_is_refused_and_rows_unchanged_when_events_are_updated_or_deleted(
    store: EventStore, engine: Engine, statement: str
) -> None:
    store.append("game:1", 0, _drafts(2))
    rows = _rows(engine)

    with pytest.raises(DBAPIError, match="events are immutable"), engine.begin() as conn:
        conn.exec_driver_sql(statement)

    assert _rows(engine) == rows
    assert store.verify("game:1").ok


def test_truncate_is_refused_and_rows_unchanged_when_postgres_events_are_truncated(
    store: EventStore, engine: Engine
) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite has no TRUNCATE (DELETE FROM events is covered above)")
    store.append("game:1", 0, _drafts(2))
    rows = _rows(engine)

    with pytest.raises(DBAPIError, match="events are immutable: TRUNCATE refused"), engine.begin() as conn:
        conn.exec_driver_sql("TRUNCATE events")

    assert _rows(engine) == rows


# --- verification ---


def test_verify_is_ok_when_the_stream_is_intact(store: EventStore) -> None:
    store.append("game:1", 0, _drafts(2))
    last = store.append("game:1", 2, _drafts(3))

    report = store.verify("game:1")

    assert report.ok and report.events == 5
    assert report.first_broken is None and report.reason is None
    assert report.head == last.events[-1].hash


def test_verify_is_ok_and_empty_when_the_stream_does_not_exist(store: EventStore) -> None:
    report = store.verify("game:none")

    assert report.ok and report.events == 0 and report.head == GENESIS


def test_verify_reports_version_3_when_its_data_was_tampered(store: EventStore, engine: Engine) -> None:
    store.append("game:1", 0, _drafts(5))
    store.append("game:2", 0, _drafts(5))

    _tamper(engine, "UPDATE events SET data = :data WHERE stream_id = 'game:1' AND version = 3", data='{"n":300}')

    report = store.verify("game:1")
    assert not report.ok
    assert report.first_broken == 3
    assert report.reason is not None and "hash" in report.reason
    assert store.verify("game:2").ok


def test_verify_reports_missing_version_2_when_it_was_deleted(store: EventStore, engine: Engine) -> None:
    store.append("game:1", 0, _drafts(4))

    _tamper(engine, "DELETE FROM events WHERE stream_id = 'game:1' AND version = 2")

    report = store.verify("game:1")
    assert not report.ok
    assert report.first_broken == 2
    assert report.reason is not None and "missing" in report.reason


def test_verify_reports_the_last_event_when_its_hash_was_edited(store: EventStore, engine: Engine) -> None:
    store.append("game:1", 0, _drafts(4))

    _tamper(engine, "UPDATE events SET hash = :forged WHERE stream_id = 'game:1' AND version = 4", forged="f" * 64)

    report = store.verify("game:1")
    assert not report.ok
    assert report.first_broken == 4
    assert report.reason is not None and "hash" in report.reason


def test_verify_reports_the_next_event_when_a_middle_hash_was_rewritten_consistently(
    store: EventStore, engine: Engine
) -> None:
    appended = store.append("game:1", 0, _drafts(4)).events
    forged = _expected_hash(replace(appended[1], data={"n": 200}))

    _tamper(
        engine,
        "UPDATE events SET data = :data, hash = :forged WHERE stream_id = 'game:1' AND version = 2",
        data='{"n":200}',
        forged=forged,
    )

    report = store.verify("game:1")
    assert report.first_broken == 3
    assert report.reason is not None and "prev_hash" in report.reason


# --- reading windows ---


def test_read_returns_the_window_when_after_until_and_limit_are_given(store: EventStore) -> None:
    store.append("game:1", 0, _drafts(5))
    store.append("game:2", 0, _drafts(2))

    def versions(**window: int) -> list[int]:
        return [e.version for e in store.read("game:1", **window)]

    assert versions() == [1, 2, 3, 4, 5]
    assert versions(after=2) == [3, 4, 5]
    assert versions(until=2) == [1, 2]
    assert versions(after=1, until=4) == [2, 3, 4]
    assert versions(limit=2) == [1, 2]
    assert versions(after=3, limit=10) == [4, 5]
    assert versions(after=5) == []
    assert store.read("game:missing") == []


def test_iter_stream_yields_every_event_when_the_stream_spans_several_batches(store: EventStore) -> None:
    store.append("game:1", 0, _drafts(6))

    assert [e.version for e in store.iter_stream("game:1", batch=2)] == [1, 2, 3, 4, 5, 6]
    assert [e.version for e in store.iter_stream("game:1", batch=4)] == [1, 2, 3, 4, 5, 6]


def test_read_all_pages_by_position_when_after_and_limit_are_given(store: EventStore) -> None:
    store.append("game:1", 0, _drafts(3))
    store.append("game:2", 0, _drafts(3))

    assert [e.position for e in store.read_all(after=2, limit=3)] == [3, 4, 5]
    assert [e.position for e in store.read_all(after=5)] == [6]
    assert store.read_all(after=6) == []


def test_read_all_keeps_only_matching_streams_when_a_prefix_is_given(store: EventStore) -> None:
    for stream in ["game:a", "annotations:a", "gamex:b", "game:b", "g_me:c", "dispute:d"]:
        store.append(stream, 0, _drafts(1))

    def streams(prefix: str, **page: int) -> list[str]:
        return [e.stream_id for e in store.read_all(stream_prefix=prefix, **page)]

    assert streams("game:") == ["game:a", "game:b"]
    assert streams("game") == ["game:a", "gamex:b", "game:b"]
    assert streams("g_me:") == ["g_me:c"]  # LIKE wildcards in the prefix are taken literally
    assert streams("game:", after=1) == ["game:b"]
    assert streams("game", limit=2) == ["game:a", "gamex:b"]
    assert streams("tournament:") == []


def test_stream_ids_lists_streams_in_creation_order_when_filtered_by_prefix(store: EventStore) -> None:
    store.append("game:b", 0, _drafts(1))
    store.append("annotations:b", 0, _drafts(1))
    store.append("game:a", 0, _drafts(1))
    store.append("game:b", 1, _drafts(2))
    store.append("game%:x", 0, _drafts(1))

    assert store.stream_ids() == ["game:b", "annotations:b", "game:a", "game%:x"]
    assert store.stream_ids("game:") == ["game:b", "game:a"]
    assert store.stream_ids("game%") == ["game%:x"]
    assert store.stream_ids("dispute:") == []


def test_stream_version_is_0_when_the_stream_does_not_exist(store: EventStore) -> None:
    store.append("game:1", 0, _drafts(3))

    assert store.stream_version("game:1") == 3
    assert store.stream_version("game:2") == 0


# --- SQLite connection settings ---


def test_sqlite_connections_are_durable_when_newly_opened(engine: Engine) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite pragmas only")
    engine.dispose()  # the next connection is a new one, configured by the connect hook

    with engine.connect() as conn:
        pragmas = {
            name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
        }

    assert pragmas == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1, "busy_timeout": 30000}


def test_text_hash_equals_the_documented_hash_when_fields_are_pre_encoded() -> None:
    data = {"b": [1, 2.5, "é"], "a": {"z": None, "y": True}}
    metadata = {"actor": "t", "deviations": []}
    fields = ChainedFields(
        stream_id="game:ü", version=7, event_id="e-1", type="Moved", schema_version=2, recorded_at="2026"
    )
    expected = event_hash("f" * 64, data=data, metadata=metadata, **fields)
    got = event_hash_of_texts(
        "f" * 64, data_json=canonical_json(data), metadata_json=canonical_json(metadata), **fields
    )
    assert got == expected


def _elsewhere(stream: str, position: int, count: int) -> list[RecordedEvent]:
    """Events as another server recorded them: their own times, ids and chain."""
    found, prev, when = [], GENESIS, "2020-01-01T00:00:00.000000Z"
    for version in range(1, count + 1):
        event_id, data = f"e-{stream}-{version}", {"n": version}
        digest = event_hash(
            prev,
            stream_id=stream,
            version=version,
            event_id=event_id,
            type="Imported",
            schema_version=1,
            data=data,
            metadata={},
            recorded_at=when,
        )
        at = position + version
        event = RecordedEvent(at, stream, version, event_id, "Imported", 1, data, {}, when, prev, digest)
        found.append(event)
        prev = digest
    return found


def test_recorded_events_keep_their_times_and_chain_when_appended_after_the_log(store: EventStore) -> None:
    store.append("other", 0, [EventDraft("Local", {})])

    stored = store.append_recorded("imported", lambda position: _elsewhere("imported", position, 3))

    assert [e.position for e in store.read("imported")] == [2, 3, 4]
    assert store.read("imported") == list(stored.events)
    assert store.verify("imported").ok
    assert {e.recorded_at for e in store.read("imported")} == {"2020-01-01T00:00:00.000000Z"}


def test_recorded_events_are_refused_when_the_stream_exists(store: EventStore) -> None:
    store.append("taken", 0, [EventDraft("Local", {})])

    with pytest.raises(WrongExpectedVersion):
        store.append_recorded("taken", lambda position: _elsewhere("taken", position, 2))

    assert store.stream_version("taken") == 1


def test_nothing_is_stored_when_the_callback_of_recorded_events_fails(store: EventStore) -> None:
    def fail(_conn: Connection, _events: tuple[RecordedEvent, ...]) -> None:
        raise RuntimeError("read model refused")

    with pytest.raises(RuntimeError):
        store.append_recorded("lost", lambda position: _elsewhere("lost", position, 2), fail)

    assert store.read("lost") == [] and store.read_all() == []


def test_recorded_events_are_stored_once_and_answered_alike_when_their_key_is_resent(
    store: EventStore, engine: Engine
) -> None:
    """A fork or an import retried with its Idempotency-Key: the key is kept with the events and the answer."""
    first = store.append_recorded(
        "forked", lambda position: _elsewhere("forked", position, 2), None, (), "player:1:fork:k", "same", _versions
    )
    rows = _rows(engine)

    again = store.append_recorded(
        "forked-again", lambda position: _elsewhere("forked-again", position, 2), None, (), "player:1:fork:k", "same"
    )

    assert not first.replayed and again.replayed
    assert again.events == first.events and again.answer == first.answer == "[1,2]"
    assert _rows(engine) == rows
    assert _count(engine, idempotency_keys) == 1


def test_recorded_events_are_refused_and_not_stored_when_their_key_is_resent_with_another_request(
    store: EventStore, engine: Engine
) -> None:
    store.append_recorded("forked", lambda position: _elsewhere("forked", position, 2), None, (), "player:1:k", "one")
    rows = _rows(engine)

    with pytest.raises(IdempotencyKeyReused, match="player:1:k"):
        store.append_recorded("other", lambda position: _elsewhere("other", position, 2), None, (), "player:1:k", "two")

    assert _rows(engine) == rows
    assert _count(engine, idempotency_keys) == 1


def test_the_key_of_recorded_events_is_not_kept_when_their_callback_fails(store: EventStore, engine: Engine) -> None:
    def fail(_conn: Connection, _events: tuple[RecordedEvent, ...]) -> None:
        raise RuntimeError("read model refused")

    with pytest.raises(RuntimeError):
        store.append_recorded("lost", lambda position: _elsewhere("lost", position, 2), fail, (), "player:1:k", "one")

    assert _count(engine, idempotency_keys) == 0


def _versions(recorded: tuple[RecordedEvent, ...]) -> str:
    return canonical_json([e.version for e in recorded])


def test_old_schema_event_is_folded_as_the_current_one_and_still_verifies(store: EventStore) -> None:
    """A synthetic v1 event read through an upcaster; its stored data and hash stay as written."""
    from domain.upcasting import Upcaster, Upcasters

    upcasters = Upcasters([Upcaster("UnitsMoved", 1, lambda d: {"destination": d["to"], "units": d["units"]})])
    old = EventDraft("UnitsMoved", {"to": "Buda", "units": 3}, schema_version=1)
    new = EventDraft("UnitsMoved", {"destination": "Pest", "units": 2}, schema_version=2)
    store.append("game:upcast", 0, [old, new])

    facts = store.read_facts("game:upcast", 0, 2, upcasters)

    assert [dict(f.data) for f in facts] == [{"destination": "Buda", "units": 3}, {"destination": "Pest", "units": 2}]
    assert store.read("game:upcast")[0].data == {"to": "Buda", "units": 3}
    assert store.read("game:upcast")[0].schema_version == 1
    assert store.verify("game:upcast").ok
