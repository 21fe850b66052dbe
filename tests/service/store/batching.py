"""A batch formed on purpose: appends queued behind a held one commit together once it is let go (issue 19)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from sqlalchemy import Connection

from service.store.events import EventDraft, EventStore, RecordedEvent
from service.store.group_commit import GroupCommitWriter

WAIT_SECONDS = 30.0


class Batch:
    """Appends queued behind a held one, so that they commit as one batch once it is let go."""

    def __init__(self, store: EventStore) -> None:
        group = store.group_commit
        assert isinstance(group, GroupCommitWriter)
        self.store, self.group = store, group
        self.pool = ThreadPoolExecutor(max_workers=16)
        self.release, holding = threading.Event(), threading.Event()
        self.futures: list[Future[Any]] = []

        def hold(_conn: Connection, _recorded: tuple[RecordedEvent, ...]) -> None:
            holding.set()
            assert self.release.wait(WAIT_SECONDS)

        self.held = self.pool.submit(store.append, "hold", None, [EventDraft("Held", {})], on_append=hold)
        assert holding.wait(WAIT_SECONDS)

    def queue(self, call: Callable[[], Any]) -> Future[Any]:
        """Start `call` and return once it waits in the queue (after every call queued before it)."""
        before = self.group.waiting()
        future = self.pool.submit(call)
        wait_until(lambda: self.group.waiting() == before + 1)
        self.futures.append(future)
        return future

    def commit(self) -> list[Any]:
        """Let the held append go; each queued call's result, or the exception it raised."""
        batches = self.group.batches
        self.release.set()
        self.held.result(WAIT_SECONDS)
        outcomes = [f.exception(WAIT_SECONDS) or f.result() for f in self.futures]
        self.pool.shutdown()
        # the held append's commit, then ONE commit for everything queued behind it
        assert self.group.batches == batches + 2
        return outcomes


def wait_until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, "the batch did not form"
        time.sleep(0.005)
