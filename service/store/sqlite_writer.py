"""The SQLite store's one writer: a cross-process write queue, driver-level transactions, cached stream heads."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import sys
import threading
import weakref
from typing import Any

from sqlalchemy import Connection, Engine, event

from service.store.engine import WRITE
from service.store.writer import DeferredWritesFailed, StoreWriter

_SAVEPOINT = "SAVEPOINT annals_request"
_RELEASE = "RELEASE annals_request"


class SqliteWriteLock:
    """Queue SQLite appenders instead of letting them busy-wait.

    SQLite has one writer at a time, and its busy handler makes a waiting writer sleep up to 100 ms
    between tries, which starves unlucky ones (p99 of 440 ms under 8 writers in `make bench`).
    Threads of one process queue on a lock; processes (several serving workers on one file) queue
    on an `flock` of a file beside the database, which blocks without polling.

    The file stays open between appends (opening it cost as much CPU as the INSERT), one descriptor
    per process: an flock belongs to the open file, so a descriptor inherited across a fork would
    let parent and child hold the lock at once. It is closed by `close` or when the lock is collected.
    """

    def __init__(self, database: str | None) -> None:
        self._threads = threading.Lock()
        self._path = f"{database}.write-lock" if database and database != ":memory:" else None
        self._fd: int | None = None
        self._forks = 0  # the process generation the descriptor was opened in
        self._closer: weakref.finalize[Any, Any] | None = None

    def __enter__(self) -> None:
        self._threads.acquire()
        if self._path is None:
            return
        try:
            fd = self._fd if self._fd is not None and self._forks == _forks else self._open()
            fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            self._threads.release()
            raise

    def __exit__(self, *_: object) -> None:
        try:
            if self._fd is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._threads.release()

    def close(self) -> None:
        """Close the lock file (the next append opens it again)."""
        with self._threads:
            if self._closer is not None:
                self._closer()
            self._fd, self._closer = None, None

    def _open(self) -> int:
        assert self._path is not None
        # After a fork the inherited descriptor is the parent's open file: leave it to the parent.
        self._fd, self._forks = os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600), _forks
        self._closer = weakref.finalize(self, _close_in, self._fd, _forks)
        return self._fd


# Bumped in every forked child, so a lock can tell a descriptor it inherited (without a getpid
# system call per append).
_forks = 0


def _count_fork() -> None:
    global _forks
    _forks += 1


os.register_at_fork(after_in_child=_count_fork)


def _close_in(fd: int, forks: int) -> None:
    """Close `fd` if this is the process that opened it (a forked child's copy belongs to its parent)."""
    if forks == _forks:
        os.close(fd)


class SqliteWriter(StoreWriter):
    """One write connection, its transactions, and the stream heads it has written.

    Used as `with writer as conn:` — the write lock, BEGIN IMMEDIATE, and COMMIT when the block ends
    (ROLLBACK if it raises). The transaction is driven on the driver with one reused cursor:
    SQLAlchemy's begin and commit, with their events, and a cursor per statement cost more CPU than
    the INSERT they wrap. An `on_append` that executes through SQLAlchemy makes it autobegin on top
    of the driver's transaction (see `engine.py`); that transaction then ends through SQLAlchemy,
    which commits or rolls back the same driver transaction.

    `heads` (stream -> version, hash) and `position` (the last global position) are what this
    writer last wrote. They are trusted only while no other connection has committed:
    `PRAGMA data_version` changes exactly when one has (another process, another store, a test
    editing rows), and it is read under the write lock, after which nobody else can commit until
    this transaction ends. A rollback forgets them, since they may hold the rolled-back rows.

    A batch of several appends holds its writes back (`defer_writes`): each append's statements wait in a
    list instead of running under a SAVEPOINT and RELEASE of their own, and before the COMMIT they all run,
    consecutive ones of one statement as one `executemany` (the batch's INSERTs into `events` are one
    call, as the bare driver's best case is). An append that fails before its writes ran simply drops
    them. A read (a head not cached) or SQLAlchemy executing on the connection (an `on_append`) runs what
    is held first, the running append's part under its savepoint, so that it can still be undone alone.
    When the held writes fail at the end, which append they belong to is not known: the batch is rolled
    back (DeferredWritesFailed) and runs again with every statement run at once (`group_commit.py`).
    """

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.lock = SqliteWriteLock(engine.url.database)
        self.cursor: Any = None  # the driver cursor of the open transaction's statements
        self._conn: Connection | None = None
        self._data_version: int | None = None
        self._may_defer = False  # `defer_writes` was asked for this transaction; a batch of several then does
        self._deferring = False  # writes wait in _deferred for the COMMIT (a batch of several appends)
        self._deferred: list[tuple[str, Any, bool]] = []  # (sql, params, many), in order
        self._request_start: int | None = None  # where the running append's writes begin in _deferred
        self._savepoint_open = False  # the running append's savepoint has been run (its writes were flushed)

    def __enter__(self) -> Connection:
        self.lock.__enter__()
        try:
            conn = self._connection()
            self.cursor.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._may_defer = False
            self.lock.__exit__(None, None, None)
            raise
        try:
            data_version = self.cursor.execute("PRAGMA data_version").fetchone()[0]
            if data_version != self._data_version:
                self.forget()
                self._data_version = data_version
        except BaseException:
            self.__exit__(*sys.exc_info())
            raise
        return conn

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        conn = self._conn
        assert conn is not None
        deferred = self._deferred
        self._may_defer, self._deferring, self._deferred = False, False, []
        self._request_start, self._savepoint_open = None, False
        try:
            if kind is None:
                try:
                    if deferred:
                        self._run_held(deferred)
                    if conn.in_transaction():
                        conn.commit()
                    else:
                        self.cursor.execute("COMMIT")  # Connection.commit() would parse "COMMIT" anew each time
                    return
                except BaseException:
                    self._rollback(conn)
                    raise
            self._rollback(conn)
        finally:
            self.lock.__exit__(None, None, None)

    def execute(self, sql: str, params: Any, many: bool = False) -> None:
        """A statement on the writer's cursor (SQLite runs in this process: no round trip to save), or held
        back for the COMMIT in a batch of several appends."""
        if self._deferring:
            self._deferred.append((sql, params, many))
        elif many:
            self.cursor.executemany(sql, params)
        else:
            self.cursor.execute(sql, params)

    def fetch_one(self, sql: str, params: Any) -> Any:
        """The first row of a query on the writer's cursor (after the writes held back before it)."""
        self._flush()
        return self.cursor.execute(sql, params).fetchone()

    def savepoint(self) -> None:
        """Open an append's savepoint: in a batch held back, only where its writes begin (see the class doc)."""
        if self._may_defer:
            self._deferring = True
        if self._deferring:
            self._request_start, self._savepoint_open = len(self._deferred), False
            return
        self.cursor.execute(_SAVEPOINT)

    def release(self) -> None:
        """Keep the append's writes."""
        if self._deferring:
            if self._savepoint_open:
                self._deferred.append((_RELEASE, None, False))
            self._request_start, self._savepoint_open = None, False
            return
        self.cursor.execute(_RELEASE)

    def rollback_to(self) -> None:
        """Undo the append's writes: drop those still held, roll back those run."""
        if self._deferring:
            del self._deferred[self._request_start or 0 :]
            opened, self._request_start, self._savepoint_open = self._savepoint_open, None, False
            if not opened:
                return
        self.cursor.execute("ROLLBACK TO annals_request")
        self.cursor.execute(_RELEASE)

    def defer_writes(self) -> None:
        """Hold a batch's writes back for its COMMIT, once it has several appends (the first `savepoint`):
        a batch of one runs as it always did."""
        self._may_defer = True

    def prepare(self, sql: str) -> None:
        """Nothing to do: the driver keeps the statements it ran prepared (sqlite3's statement cache)."""

    def confirm(self) -> None:
        """Nothing to confirm: the heads were checked when the transaction began, under the lock."""

    def _flush(self) -> None:
        """Run the writes held back (before a read, or before SQLAlchemy executes on the connection); the
        running append's part under its savepoint, opened where its writes begin."""
        if not self._deferred and (self._request_start is None or self._savepoint_open):
            return
        deferred, self._deferred = self._deferred, []
        if self._request_start is not None:
            if not self._savepoint_open:
                deferred.insert(self._request_start, (_SAVEPOINT, None, False))
                self._savepoint_open = True
            self._request_start = 0  # its writes from here on start the list again
        self._run_held(deferred)

    def _run_held(self, deferred: list[tuple[str, Any, bool]]) -> None:
        """Writes held back, in order, each run of one statement as one executemany. A failure among them is
        nobody's in particular (earlier appends' writes are among them): the batch runs again."""
        cursor, start = self.cursor, 0
        try:
            while start < len(deferred):
                sql, params, many = deferred[start]
                end = start + 1
                if many:
                    cursor.executemany(sql, params)
                elif params is None:
                    cursor.execute(sql)
                else:
                    while end < len(deferred) and deferred[end][0] == sql and not deferred[end][2]:
                        end += 1
                    if end - start > 1:
                        cursor.executemany(sql, [held[1] for held in deferred[start:end]])
                    else:
                        cursor.execute(sql, params)
                start = end
        except sqlite3.Error as error:
            raise DeferredWritesFailed(str(error)) from error

    def _before_sqlalchemy(self, *_: object) -> None:
        """SQLAlchemy is about to execute on the writer's connection (an `on_append`): what is held back runs first."""
        self._flush()

    def driver_in_transaction(self) -> bool:
        """Whether the driver's transaction is still open (SQLite ends it itself on some errors)."""
        return self._conn is not None and bool(self._conn.connection.driver_connection.in_transaction)  # type: ignore[union-attr]

    def close(self) -> None:
        """Release the write connection and the lock file (before disposing of the engine)."""
        if self._conn is not None:
            self.cursor.close()
            self._conn.close()
            self._conn, self.cursor = None, None
        self.lock.close()
        self.forget()
        self._data_version = None
        self._may_defer, self._deferring, self._deferred = False, False, []

    def _connection(self) -> Connection:
        if self._conn is None or self._conn.invalidated:  # only `close` closes it, and it forgets it
            self._conn = self.engine.connect().execution_options(**WRITE)
            self.adopt(self._conn)
            event.listen(self._conn, "before_cursor_execute", self._before_sqlalchemy)
            self.cursor = self._conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
            self.forget()
            self._data_version = None  # a new connection counts data versions from its own start
        return self._conn

    def _rollback(self, conn: Connection) -> None:
        self.forget()
        if conn.in_transaction():
            conn.rollback()
        else:
            conn.connection.driver_connection.rollback()  # type: ignore[union-attr]
