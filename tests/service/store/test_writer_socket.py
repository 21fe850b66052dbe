"""One writer for every process on one SQLite file, reached through a local socket (issue 19, points 1 and 3).

Processes send their appends to the writer; it commits what arrived meanwhile from all of them as one
batch (each append under its own savepoint) and answers each caller after that commit. Batches are
formed on purpose as in test_group_commit.py: an append held in the writer's own store keeps the
writer busy while the appends under test queue behind it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Client
from multiprocessing.connection import Connection as Pipe
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, select

from service.clock import SystemClock
from service.errors import IdempotencyKeyReused, WrongExpectedVersion
from service.game_appends import KeepSecret, MarkRevealed
from service.store import secrets
from service.store.engine import make_engine
from service.store.events import EventDraft, EventStore, RecordedEvent
from service.store.tables import events
from service.store.writer_process import WriterSupervisor, wants_writer
from service.store.writer_socket import ADDRESS_ENV, AUTHKEY_ENV, WriterClient, WriterServer, WriterUnavailable
from tests.service.store.batching import WAIT_SECONDS, wait_until
from tests.service.store.conftest import FrozenClock, migrated_engine, writer_served


@pytest.fixture
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    yield from migrated_engine(request, tmp_path, "sqlite")


@pytest.fixture
def url(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def _positions(engine: Engine) -> list[int]:
    with engine.connect() as conn:
        return [r[0] for r in conn.execute(select(events.c.position).order_by(events.c.position))]


@dataclass(frozen=True)
class _HoldUntil:
    """Post-append work that holds the writer's commit until the test lets it go (a file appears), so that
    the appends sent meanwhile wait for the next commit, together."""

    holding: str
    release: str

    def __call__(self, _conn: Connection, _recorded: tuple[RecordedEvent, ...]) -> None:
        Path(self.holding).touch()
        deadline = time.monotonic() + WAIT_SECONDS
        while not os.path.exists(self.release):
            assert time.monotonic() < deadline, "never let go"
            time.sleep(0.005)


def _append_in_child(url: str, client: WriterClient, append: tuple[str, int, Any], out: Pipe) -> None:
    """A separate process's append through the writer: its version, or its error's name and details."""
    engine = make_engine(url)
    store = EventStore(engine, SystemClock(), writer=client)
    stream, expected, on_append = append
    try:
        result = store.append(stream, expected, [EventDraft("Noted", {"by": stream})], on_append=on_append)
        out.send(("ok", result.version, result.events[0].position))
    except WrongExpectedVersion as error:
        out.send(("refused", type(error).__name__, error.current))
    finally:
        store.close()
        engine.dispose()


def _start_child(url: str, client: WriterClient, append: tuple[str, int, Any]) -> tuple[Any, Any]:
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_append_in_child, args=(url, client, append, send))
    process.start()
    return process, receive


def _held_batch(
    server: WriterServer, url: str, client: WriterClient, tmp_path: Path, appends: list[tuple[str, int]]
) -> list[Any]:
    """A first process's append holds the writer's commit; then one process per append sends it (each once
    the one before has arrived); then the hold is let go. The answers of the held process and of the others."""
    hold = _HoldUntil(str(tmp_path / "holding"), str(tmp_path / "release"))
    started = [_start_child(url, client, ("hold", 0, hold))]
    wait_until(lambda: os.path.exists(hold.holding))
    for stream, expected in appends:
        before = server.waiting()
        started.append(_start_child(url, client, (stream, expected, None)))
        wait_until(lambda: server.waiting() == before + 1)  # noqa: B023 (waited for within the iteration)
    Path(hold.release).touch()
    answers = []
    for process, receive in started:
        assert receive.poll(WAIT_SECONDS), "a child was not answered"
        answers.append(receive.recv())
        process.join(WAIT_SECONDS)
        assert process.exitcode == 0
    return answers


def test_one_commit_holds_both_processes_appends_when_two_processes_append_through_one_writer(
    url: str, engine: Engine, tmp_path: Path
) -> None:
    with writer_served(engine, FrozenClock()) as (server, client):
        group = server.store.group_commit
        held, *answers = _held_batch(server, url, client, tmp_path, [("game:a", 0), ("game:b", 0)])

        assert (group.batches, group.batched) == (2, 3)  # the held append, then ONE commit for both processes
    assert held[:2] == ("ok", 1)
    assert sorted(answer[:2] for answer in answers) == [("ok", 1), ("ok", 1)]
    assert _positions(engine) == [1, 2, 3]


def test_only_its_caller_is_refused_when_a_batch_mixes_processes_and_one_expects_a_stale_version(
    url: str, engine: Engine, tmp_path: Path
) -> None:
    clock = FrozenClock()
    EventStore(engine, clock).append("game:x", 0, [EventDraft("Noted", {})])
    with writer_served(engine, clock) as (server, client):
        group = server.store.group_commit
        appends = [("game:y", 0), ("game:x", 0), ("game:z", 0)]
        _held, accepted, refused, other = _held_batch(server, url, client, tmp_path, appends)

        assert group.batches == 2  # the held append, then one commit for the three processes
    # WrongExpectedVersion crossed the socket with its current version, as raised in the writer
    assert refused == ("refused", "WrongExpectedVersion", 1)
    assert accepted[:2] == ("ok", 1) and other[:2] == ("ok", 1)
    with engine.connect() as conn:
        rows = list(conn.execute(select(events.c.stream_id, events.c.version).order_by(events.c.position)))
    assert [tuple(r) for r in rows[:2]] == [("game:x", 1), ("hold", 1)]
    assert sorted(tuple(r) for r in rows[2:]) == [("game:y", 1), ("game:z", 1)]


def test_refusals_are_raised_in_the_caller_as_in_the_writer_when_a_key_is_reused(engine: Engine) -> None:
    with writer_served(engine, FrozenClock()) as (server, client):
        store = EventStore(engine, FrozenClock(), writer=client)
        first = store.append("game:k", 0, [EventDraft("Noted", {"n": 1})], idempotency_key="k1")
        again = store.append("game:k", 0, [EventDraft("Noted", {"n": 1})], idempotency_key="k1")
        with pytest.raises(IdempotencyKeyReused) as reused:
            store.append("game:k", 0, [EventDraft("Noted", {"n": 2})], idempotency_key="k1")
        store.close()
        assert server.store.group_commit.batched == 1 and store.group_commit.batches == 0  # none made here
    assert again.replayed and again.events == first.events
    assert reused.value.status == 422 and "k1" in reused.value.detail


def test_post_append_work_runs_in_the_writers_transaction_when_it_is_a_command_object(engine: Engine) -> None:
    with writer_served(engine, FrozenClock()) as (server, client):
        store = EventStore(engine, FrozenClock(), writer=client)
        keep = KeepSecret("game:s", "sealed", "r1:north", {"payload": 3, "salt": "ab"})
        store.append("game:s", 0, [EventDraft("Sealed", {})], on_append=keep)
        store.append("game:s", 1, [EventDraft("Revealed", {})], on_append=MarkRevealed("game:s", "sealed", "r1:"))
        store.close()
        assert server.store.group_commit.batched == 2
    assert secrets.get(engine, "game:s", "sealed", "r1:north") == {"payload": 3, "salt": "ab"}
    with engine.connect() as conn:
        assert secrets.of_kind(conn, "game:s", "sealed", "r1:") == {"r1:north": {"payload": 3, "salt": "ab"}}


def test_appends_go_on_locally_when_no_writer_listens(engine: Engine, tmp_path: Path) -> None:
    store = EventStore(engine, FrozenClock(), writer=WriterClient(str(tmp_path / "none.sock"), b"k"))
    result = store.append("game:l", 0, [EventDraft("Noted", {})])
    store.close()
    assert result.version == 1 and store.group_commit.batched == 1


def test_a_caller_without_the_key_is_refused_before_anything_is_read(engine: Engine, tmp_path: Path) -> None:
    with writer_served(engine, FrozenClock()) as (server, client):
        with pytest.raises(multiprocessing.AuthenticationError):
            Client(client.address, family="AF_UNIX", authkey=b"not the key")
        client.ping()  # the writer still serves those who have it
        assert oct(os.stat(os.path.dirname(client.address)).st_mode & 0o777) == "0o700"
        assert isinstance(server, WriterServer)


def test_writer_is_wanted_only_when_several_workers_share_a_sqlite_file() -> None:
    assert wants_writer("sqlite:///x.db", 2)
    assert not wants_writer("sqlite:///x.db", 1)
    assert not wants_writer("postgresql+psycopg://u@h/db", 4)


# --- kill -9 of the writer process ---


@contextlib.contextmanager
def _writer_process(url: str) -> Iterator[tuple[subprocess.Popen[bytes], WriterClient]]:
    """A writer process (`python -m service.store.writer_process`) serving `url`, and a client of it that
    it has answered once (so one connection waits idle); killed and its socket removed afterwards."""
    directory = Path(os.path.realpath("/tmp")) / f"annals-writer-{os.getpid()}"
    directory.mkdir(mode=0o700)
    address, key = str(directory / "w.sock"), os.urandom(32)
    env = {**os.environ, "DATABASE_URL": url, ADDRESS_ENV: address, AUTHKEY_ENV: key.hex()}
    writer = subprocess.Popen([sys.executable, "-m", "service.store.writer_process"], env=env)
    client = WriterClient(address, key)
    try:
        wait_until(client.answers)
        yield writer, client
    finally:
        writer.kill()
        writer.wait()
        client.close()
        for leftover in directory.iterdir():
            leftover.unlink()
        directory.rmdir()


def test_every_acknowledged_append_survives_when_the_writer_process_is_killed_while_callers_wait(
    url: str, engine: Engine
) -> None:
    acknowledged: list[tuple[str, int, str]] = []
    lost: list[str] = []
    stores: list[EventStore] = []
    stop, lock = threading.Event(), threading.Lock()

    def appender(n: int, client: WriterClient) -> None:
        store = EventStore(engine, SystemClock(), writer=client)
        stores.append(store)
        version = 0
        while not stop.is_set():
            try:
                result = store.append(f"s{n}", version, [EventDraft("Counted", {"n": version + 1})])
            except WriterUnavailable:  # in flight when the writer died: recorded or not, nobody was told
                with lock:
                    lost.append(f"s{n}")
                return
            version = result.version
            with lock:
                acknowledged.append((f"s{n}", version, result.events[0].hash))

    with _writer_process(url) as (writer, client):
        threads = [threading.Thread(target=appender, args=(n, client)) for n in range(6)]
        try:
            for thread in threads:
                thread.start()
            wait_until(lambda: len(acknowledged) >= 200)
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait()
            time.sleep(0.2)
        finally:
            stop.set()
            for thread in threads:
                thread.join(WAIT_SECONDS)

    # A caller whose request the writer had read is told nothing; one whose request it had not read went on
    # locally (test_a_request_the_writer_never_read_is_appended_locally_when_the_writer_is_killed).
    assert lost or any(store.group_commit.batched for store in stores), "nobody was appending at the kill"
    with engine.connect() as conn:
        stored = {(s, v): h for s, v, h in conn.execute(select(events.c.stream_id, events.c.version, events.c.hash))}
    assert all(stored.get((stream, version)) == digest for stream, version, digest in acknowledged)
    reader = EventStore(engine, SystemClock())
    assert all(reader.verify(f"s{n}").ok for n in range(6))
    reader.close()
    assert _positions(engine) == list(range(1, len(stored) + 1))


def test_a_request_the_writer_never_read_is_appended_locally_when_the_writer_is_killed(
    url: str, engine: Engine
) -> None:
    outcome: list[object] = []

    def append(store: EventStore) -> None:
        try:
            outcome.append(store.append("unread", 0, [EventDraft("Noted", {})]).version)
        except WriterUnavailable as error:
            outcome.append(error)

    # The client's idle connection: the append sends on it at once, with no handshake the writer must answer.
    with _writer_process(url) as (writer, client):
        store = EventStore(engine, SystemClock(), writer=client)
        os.kill(writer.pid, signal.SIGSTOP)
        caller = threading.Thread(target=append, args=(store,))
        caller.start()
        caller.join(0.5)
        assert caller.is_alive(), "the append did not wait for the stopped writer"
        os.kill(writer.pid, signal.SIGKILL)  # its request unread in the stopped writer's socket
        writer.wait()
        caller.join(WAIT_SECONDS)
        store.close()

    assert outcome == [1] and store.group_commit.batched == 1  # recorded once, by this process's own writer
    assert _positions(engine) == [1]


def test_supervisor_starts_the_writer_again_when_it_is_killed(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ADDRESS_ENV, "")  # restored after the test: the supervisor publishes its own
    monkeypatch.setenv(AUTHKEY_ENV, "")
    supervisor = WriterSupervisor(url)
    try:
        supervisor.start()
        first = supervisor.process
        assert first is not None
        os.kill(first.pid, signal.SIGKILL)
        wait_until(lambda: supervisor.process is not first)
        assert supervisor.wait_ready()
        engine = make_engine(url)
        client = WriterClient(os.environ[ADDRESS_ENV], bytes.fromhex(os.environ[AUTHKEY_ENV]))
        store = EventStore(engine, SystemClock(), writer=client)
        result = store.append("after-restart", 0, [EventDraft("Noted", {})])
        store.close()
        engine.dispose()
    finally:
        supervisor.stop()
    assert supervisor.restarts == 1
    assert result.version == 1 and store.group_commit.batched == 0  # recorded by the restarted writer
    assert not supervisor.directory.exists()
