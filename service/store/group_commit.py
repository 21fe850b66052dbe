"""Group commit: concurrent appends share one transaction and one fsync (issue 19, points 1 and 2).

SQLite commits one transaction at a time and each commit waits for the WAL's fsync, so appenders that
each commit alone are capped at one fsync per append however many there are. Here appends queue
instead, and one of them at a time leads: it takes the write lock, drains the queue, runs each
queued append under its own SAVEPOINT (a refusal or a version conflict rolls back that append
alone, and its caller gets its own error), commits once, and only then answers every caller of the
batch. Nobody is answered before the fsync of the commit that holds their events, and an append
that failed is answered after it too, since it may have been refused against an earlier append of
the same batch that a failed commit would take back.

Why a leader and not a writer thread: an append alone runs on its own thread as before (no hand-off
to another thread and back, which would cost a lone writer more than the savepoint does), and a
batch of one runs without a savepoint, exactly the transaction it had before. While appends come one
at a time (nobody leads, and the batch before was a lone one) an append does not even queue: it runs
as its own batch (`_run_uncontended`), and whoever arrives meanwhile queues for the next. The batch forms
while the commit before it syncs, while the leader waits for the lock, and, after a batch of several, while
the leader waits (at most `GATHER_SECONDS`, before it takes the lock) for as many callers as that batch had
to queue again: they were just answered, and need the interpreter lock to come back.

Several processes on one file (`annals serve --workers N`): each process batches its own appends,
and the processes queue on the lock file beside the database (`SqliteWriteLock`), so each process's
batch keeps growing while another process's batch holds the lock and syncs. Batches do not mix
processes: a process with one client commits alone.

Both writers hold a batch's writes back for its COMMIT (`StoreWriter.defer_writes`), so that an append's
savepoint is opened only when some of its writes must run before it is done (a head read from the
database, an `on_append` executing through SQLAlchemy). PostgreSQL (point 2, `postgres_writer.py`: one
dedicated connection per store) sends them with the COMMIT in one query, as a rule one round trip for a
whole batch; SQLite (`sqlite_writer.py`) runs the batch's INSERTs as one executemany. A batch whose
held-back writes fail runs once more with each run at once, so that only the append they belong to fails.
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection

from service.store.writer import DeferredWritesFailed, StoreWriter

T = TypeVar("T")

MAX_BATCH = 128
"""Appends per commit at most: a longer queue waits for the next commit rather than lengthen this one."""

GATHER_SECONDS = 0.0005
"""How long a batch waits at most for the callers of the batch before it to queue again."""


class _Request(Generic[T]):
    """One caller's work and, once its batch has committed (or failed), its outcome."""

    __slots__ = ("context", "done", "error", "exclusive", "leads", "value", "work")

    def __init__(self, work: Callable[[Connection], T] | None) -> None:
        self.work = work
        self.exclusive = work is None  # a whole transaction of its own (`GroupCommitWriter.exclusive`)
        # The caller's context variables (Flask's request and app contexts among them), for its work
        # to run in when another thread leads.
        self.context = contextvars.copy_context()
        # Held until the caller's outcome is in or the lead is handed to it: a bare lock, as a thread
        # blocked on it costs less to wake than one waiting on a threading.Event.
        self.done = threading.Lock()
        self.done.acquire()
        self.leads = False  # set before `done` is released when the caller is handed the lead
        self.value: Any = None
        self.error: BaseException | None = None

    def perform(self, conn: Connection) -> None:
        """Run the work in the caller's context; an exclusive request has none and never joins a batch (`_take`)."""
        if self.work is None:
            raise RuntimeError("an exclusive request has no work to run in a batch")
        self.value = self.context.run(self.work, conn)

    def outcome(self) -> T:
        if self.error is not None:
            raise self.error
        return self.value  # type: ignore[no-any-return]


class GroupCommitWriter:
    """The store's appends, committed in batches by one leader at a time (see the module doc).

    `run(work)` runs `work(conn)` inside a write transaction shared with other callers' work and
    returns its value (or raises its error) once that transaction has committed. `exclusive()` is a
    transaction of its own, queued with the appends, for writes that are not a single callable.
    """

    def __init__(self, writer: StoreWriter, max_batch: int = MAX_BATCH, gather_seconds: float = 0.0) -> None:
        self.writer = writer
        self.max_batch = max_batch
        # A batch taken at once would be taken before the callers just answered have queued again (they
        # need the interpreter lock the leader holds, and PostgreSQL's trusted batch begins without a round
        # trip, SQLite's with a local one): it waits up to this long for as many callers as the batch before
        # it had (as PostgreSQL's own commit_delay does), never when that one was alone, and before it takes
        # the write lock, which another process may want meanwhile. With 8 writers in `make bench` SQLite's
        # batches grew from 5.5 to 7.8 appends.
        self.gather_seconds = gather_seconds
        self._last_size = 1
        self._mutex = threading.Lock()
        self._gathered = threading.Condition(self._mutex)  # notified when the queue reaches `_gather_target`
        self._gather_target = 0  # callers a gathering leader waits for (0: nobody gathers)
        self._queue: list[_Request[Any]] = []
        self._leading = False  # True from the moment someone leads until the queue is empty again
        self.batches = 0  # commits made, and appends in them: how well batches form (tests, bench)
        self.batched = 0
        self.reruns = 0  # batches run a second time, their statements sent at once (see DeferredWritesFailed)

    def waiting(self) -> int:
        """Callers queued now (the leader's own request among them until its batch is taken)."""
        with self._mutex:
            return len(self._queue)

    def run(self, work: Callable[[Connection], T]) -> T:
        """`work(conn)` in a shared write transaction; its value once that transaction has committed."""
        with self._mutex:
            uncontended = not self._leading and self._last_size <= 1
            if uncontended:
                self._leading = True
        if uncontended:
            return self._run_uncontended(work)
        request: _Request[T] = _Request(work)
        if self._enqueue(request):
            self._lead()
        return request.outcome()

    def _run_uncontended(self, work: Callable[[Connection], T]) -> T:
        """A batch of one, `work`, when nobody led and the batch before was a lone one too: run on the
        caller's own thread without a queued request (an append alone spent a tenth of its CPU outside
        the database queueing, taking and answering itself). Callers arriving meanwhile queue for the
        next batch, which this one hands over once it has committed; after a batch of several, appends
        take the queue again, so that batches keep forming."""
        try:
            self.writer.defer_writes()
            try:
                value = self._transaction_alone(work)
            except DeferredWritesFailed:
                self.reruns += 1
                value = self._transaction_alone(work)
            self.batches, self.batched = self.batches + 1, self.batched + 1
            return value
        finally:
            self._pass_lead()

    def _transaction_alone(self, work: Callable[[Connection], T]) -> T:
        with self.writer as conn:
            return self._alone(work, conn)

    def run_all(self, works: list[Callable[[Connection], T]]) -> list[tuple[T | None, BaseException | None]]:
        """Each `work(conn)` as if each came from a caller of its own, queued at once in this order (the
        writer process's batch, read from its callers' sockets by one thread); each one's value or error
        once its transaction has committed."""
        requests: list[_Request[T]] = [_Request(work) for work in works]
        with self._mutex:
            self._queue.extend(requests)
            leads = not self._leading
            self._leading = True
        for index, request in enumerate(requests):
            # Ours are the queue's head when we lead; a later one of ours is handed the lead when a batch
            # before it was full, and is otherwise released by the batch that held it.
            # No gathering: the callers of the batch before it queue through this very thread.
            if index == 0 and leads:
                self._lead(gather=False)
            else:
                request.done.acquire()
                if request.leads:
                    self._lead(gather=False)
        return [(request.value, request.error) for request in requests]

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[Connection]:
        """A write transaction of its own, in turn with the batches: committed when the block ends."""
        request: _Request[None] = _Request(None)
        self._enqueue(request)
        try:
            with self._mutex:
                self._queue.remove(request)
            with self.writer as conn:
                yield conn
        finally:
            self._pass_lead()

    def _enqueue(self, request: _Request[Any]) -> bool:
        """Queue `request`; True once its caller leads (at once, or when handed the lead), False once
        its outcome is in."""
        with self._mutex:
            self._queue.append(request)
            leads = not self._leading
            self._leading = True
            if self._gather_target and len(self._queue) >= self._gather_target:
                self._gathered.notify()
        if leads:
            return True
        request.done.acquire()
        return request.leads

    def _lead(self, gather: bool = True) -> None:
        """Commit one batch (the leader's request first in it), answer it, and pass the lead on; with `gather`,
        after waiting for the callers of the batch before it to queue again."""
        batch: list[_Request[Any]] = []
        try:
            try:
                if gather:
                    self._gather()
                self.writer.defer_writes()
                with self.writer as conn:  # the lock: the queue grows while it is awaited
                    batch = self._take()
                    self._run(batch, conn)
            except DeferredWritesFailed:
                # Rolled back: the batch runs again with every statement sent at once, so that a
                # failing one fails only its own append.
                self.reruns += 1
                with self.writer as conn:
                    self._run(batch, conn)
            self.batches, self.batched = self.batches + 1, self.batched + len(batch)
        except BaseException as error:  # nothing of the batch committed: every caller gets why
            batch = batch or self._take()
            for request in batch:
                # Also those whose work had run: what it returned was rolled back with the batch.
                request.value, request.error = None, error
        finally:
            # Answered before the lead passes on, so that they can queue their next appends for the next
            # batch while its leader waits for the lock (passing the lead first made batches of 5.5, not 7).
            for request in batch[1:]:
                request.done.release()
            self._pass_lead()

    def _run(self, batch: list[_Request[Any]], conn: Connection) -> None:
        for request in batch:
            request.value, request.error = None, None
        if len(batch) == 1:
            self._run_alone(batch[0], conn)
        else:
            self._run_savepoints(batch, conn)

    def _gather(self) -> None:
        """Give the last batch's callers up to `gather_seconds` to queue again (no wait after a lone one)."""
        if self.gather_seconds <= 0 or self._last_size <= 1:
            return
        with self._mutex:
            target = self._gather_target = self._last_size
            self._gathered.wait_for(lambda: len(self._queue) >= target, self.gather_seconds)
            self._gather_target = 0

    def _take(self) -> list[_Request[Any]]:
        """The queue's head up to the first exclusive request, at most `max_batch` of them."""
        with self._mutex:
            taken: list[_Request[Any]] = []
            for request in self._queue[: self.max_batch]:
                if request.exclusive:
                    break
                taken.append(request)
            del self._queue[: len(taken)]
        self._last_size = len(taken)
        return taken

    def _pass_lead(self) -> None:
        """Hand the lead to the oldest waiting caller, or stand down when nobody waits."""
        with self._mutex:
            if not self._queue:
                self._leading = False
                return
            following = self._queue[0]
        following.leads = True
        following.done.release()

    def _run_savepoints(self, batch: list[_Request[Any]], conn: Connection) -> None:
        """Each request's work under its own savepoint: a failure undoes that request's writes only."""
        for request in batch:
            self.writer.savepoint()
            try:
                request.perform(conn)
            except DeferredWritesFailed:
                raise  # not this request's own failure: the batch runs again
            except BaseException as error:
                request.error = error
                self._undo(error)
            else:
                self.writer.release()

    def _undo(self, error: BaseException) -> None:
        """Roll back to the failed request's savepoint; the heads it cached may be its own rows."""
        self.writer.forget()
        if not self.writer.driver_in_transaction():
            # The database ended the whole transaction on this error (SQLite on a full disk or an I/O
            # error, PostgreSQL on a lost connection): the batch's earlier writes are gone with it, so
            # the batch fails as one.
            raise error
        self.writer.rollback_to()

    def _run_alone(self, request: _Request[Any], conn: Connection) -> None:
        """A batch of one: no savepoint (see `_alone`)."""
        try:
            self._alone(request.perform, conn)
        except BaseException as error:
            request.error = error
            raise

    def _alone(self, work: Callable[[Connection], T], conn: Connection) -> T:
        """`work` as a transaction's only work: its error rolls the transaction back as it always did, once the
        heads it may have been decided on are confirmed (a batch of several confirms them at its COMMIT)."""
        try:
            return work(conn)
        except DeferredWritesFailed:
            raise
        except BaseException:
            self.writer.confirm()
            raise
