"""Appenders in separate processes on one SQLite file (issue 19, points 1 and 3): through one writer process
(`annals serve --workers N`'s), or each process writing itself and taking turns on the lock file.

Each process has ONE appender thread, as a serving worker busy with one request at a time: on the
lock-file path its batches are always of one, so N processes commit one append per fsync; through
the writer, the appends of all the processes that arrived meanwhile share a commit.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from multiprocessing.connection import Connection

from service.clock import SystemClock
from service.store.engine import make_engine
from service.store.events import EventDraft, EventStore
from service.store.migrate import upgrade
from service.store.writer_socket import ADDRESS_ENV, AUTHKEY_ENV, WriterClient
from tests.bench import store
from tests.bench.workload import event_data, event_metadata

BLOCK = 25  # appends each process makes per timed item (the processes meet at the end of each item)
START_SECONDS = 30.0


def _appender(url: str, address: str | None, key: bytes, events: int, orders: Connection) -> None:
    """A process's one appender: `count` appends to its own stream per order received, until an order of 0."""
    engine = make_engine(url)
    client = WriterClient(address, key) if address else None
    appender = EventStore(engine, SystemClock(), writer=client)
    stream, version = f"game:{uuid.uuid4()}", 0
    drafts = [EventDraft("ActionRecorded", event_data(n), event_metadata()) for n in range(events)]
    while (count := orders.recv()) > 0:
        for _ in range(count):
            version = appender.append(stream, version, [drafts[version]]).version
        orders.send(version)
    appender.close()
    engine.dispose()


@contextlib.contextmanager
def process_writers(url: str, processes: int, sizes: store.Sizes, through_writer: bool) -> Iterator[store.Workload]:
    """`processes` spawned appender processes, BLOCK appends each per item, through one writer process
    (`through_writer`) or each on the lock-file path."""
    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    per_item = processes * BLOCK
    items, warmup = max(1, sizes.single // per_item), max(1, sizes.warmup // per_item)
    with _writer_process(url) if through_writer else contextlib.nullcontext((None, b"")) as (address, key):
        context = multiprocessing.get_context("spawn")
        pipes = [context.Pipe() for _ in range(processes)]
        children = [
            context.Process(target=_appender, args=(url, address, key, (items + warmup) * BLOCK, theirs))
            for _, theirs in pipes
        ]
        for child in children:
            child.start()
        for _, theirs in pipes:
            theirs.close()  # the children's ends: a child that dies then reads as EOF here, not a hang

        def together(_item: int) -> None:
            for ours, _ in pipes:
                ours.send(BLOCK)
            for ours, _ in pipes:
                ours.recv()

        try:
            yield store.Workload(together, range(items + warmup), warmup, per_item)
        finally:
            for ours, _ in pipes:
                ours.send(0)
            for child in children:
                child.join(60)


@contextlib.contextmanager
def _writer_process(url: str) -> Iterator[tuple[str, bytes]]:
    """`python -m service.store.writer_process` on `url`, as `annals serve` starts it; its address and key."""
    directory = tempfile.mkdtemp(prefix="annals-bench-")
    address, key = os.path.join(directory, "writer.sock"), os.urandom(32)
    env = {**os.environ, "DATABASE_URL": url, ADDRESS_ENV: address, AUTHKEY_ENV: key.hex()}
    writer = subprocess.Popen([sys.executable, "-m", "service.store.writer_process"], env=env)
    try:
        client, deadline = WriterClient(address, key), time.monotonic() + START_SECONDS
        while not client.answers():
            if time.monotonic() > deadline or writer.poll() is not None:
                raise RuntimeError("the writer process did not start")
            time.sleep(0.05)
        client.close()
        yield address, key
    finally:
        writer.terminate()
        writer.wait(30)
        shutil.rmtree(directory, ignore_errors=True)
