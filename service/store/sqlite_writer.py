"""The SQLite store's one writer: a cross-process write queue, driver-level transactions, cached stream heads."""

from __future__ import annotations

import fcntl
import os
import sys
import threading
import weakref
from typing import Any

from sqlalchemy import Connection, Engine

from service.store.engine import WRITE
from service.store.writer import StoreWriter


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
    """

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.lock = SqliteWriteLock(engine.url.database)
        self.cursor: Any = None  # the driver cursor of the open transaction's statements
        self._conn: Connection | None = None
        self._data_version: int | None = None

    def __enter__(self) -> Connection:
        self.lock.__enter__()
        try:
            conn = self._connection()
            self.cursor.execute("BEGIN IMMEDIATE")
        except BaseException:
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
        try:
            if kind is None:
                try:
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
        """A statement on the writer's cursor (SQLite runs in this process: no round trip to save)."""
        if many:
            self.cursor.executemany(sql, params)
        else:
            self.cursor.execute(sql, params)

    def fetch_one(self, sql: str, params: Any) -> Any:
        """The first row of a query on the writer's cursor."""
        return self.cursor.execute(sql, params).fetchone()

    def savepoint(self) -> None:
        """Open an append's savepoint."""
        self.cursor.execute("SAVEPOINT annals_request")

    def release(self) -> None:
        """Keep the append's writes."""
        self.cursor.execute("RELEASE annals_request")

    def rollback_to(self) -> None:
        """Undo the append's writes."""
        self.cursor.execute("ROLLBACK TO annals_request")
        self.cursor.execute("RELEASE annals_request")

    def defer_writes(self) -> None:
        """Nothing to defer: SQLite runs in this process, a statement costs no round trip."""

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

    def _connection(self) -> Connection:
        if self._conn is None or self._conn.invalidated:  # only `close` closes it, and it forgets it
            self._conn = self.engine.connect().execution_options(**WRITE)
            self.adopt(self._conn)
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
