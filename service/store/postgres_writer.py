"""The PostgreSQL store's one writer: a dedicated connection, one round trip per batch (issue 19, point 2).

Appends on PostgreSQL used to take a pooled connection each (with its pre-ping), SQLAlchemy's
transaction, the advisory lock, a head query and the INSERT: six round trips, all under a lock held
through the commit's WAL flush, so concurrent appenders queued behind each other's fsync and got
slower as they were added. Now they batch like SQLite's (`group_commit.py`) on one connection per
store, kept open and driven on the driver in autocommit mode (this module sends BEGIN and COMMIT):

- the advisory lock is taken once per batch and held to its COMMIT, so that positions (`max + 1`) are
  handed out in commit order (a reader tailing `position > N` never skips one) when several processes
  or stores write to one database; within a process the next batch forms while this one commits.
- the cached stream heads are checked by the last position: positions have no gaps, so it equals the
  one this writer last wrote exactly when no other writer has committed since.
- while that held at the last batch, a batch is one round trip: BEGIN, the lock, its held-back statements
  and COMMIT, in one query text, checked by its first event row's primary key, or where that cannot tell
  by an explicit check (`_STILL_LAST`, see `_checked`). Otherwise (another writer, the first batch, after
  a failure) one round trip reads the position under the lock first.
- statements whose results nobody reads are held back until the COMMIT or until something must be
  sent (a head to read, SQLAlchemy executing on the connection); an append's savepoint is opened only
  when part of it is sent before it is done. A failure among held-back statements is nobody's in
  particular: the batch is rolled back and runs again with each statement sent at once.

A connection that died while idle (a server restart) is replaced before a batch is sent on it; one
lost mid-batch fails its batch, whose callers get the error.
"""

from __future__ import annotations

import contextlib
import os
import select
from typing import Any

import psycopg
from psycopg.pq import ExecStatus, TransactionStatus
from sqlalchemy import Connection, Engine, event

from service.store import pg_literals
from service.store.writer import DeferredWritesFailed, StoreWriter

# A constant key for PostgreSQL's transaction-level advisory lock that serialises batches of appends.
APPEND_LOCK_KEY = 0x616E6E616C73  # "annals"

# Three statements, one round trip (the simple query protocol runs them in order; the last one's
# snapshot is taken after the lock is held, so it sees every batch committed before this one).
_LOCK = f"SELECT pg_advisory_xact_lock({APPEND_LOCK_KEY})"
_BEGIN = f"BEGIN; {_LOCK}; SELECT COALESCE(MAX(position), 0) FROM events"
# The same check made inside a batch's one query: an error (a division by zero) unless the last position
# is still the one this writer wrote, that is unless nobody else has committed since.
_STILL_LAST = "SELECT 1 / (COALESCE(MAX(position), 0) = %s)::int FROM events"
_HELD_BEGIN = 2  # BEGIN and the lock: what a batch that trusts its cache holds back first
_SAVEPOINT = "SAVEPOINT annals_request"
_RELEASE = "RELEASE annals_request"
_ROLLBACK_TO = "ROLLBACK TO SAVEPOINT annals_request"
_UNDO = "ROLLBACK TO SAVEPOINT annals_request; RELEASE annals_request"
_IN_TRANSACTION = (TransactionStatus.INTRANS, TransactionStatus.INERROR)
_SUCCEEDED = (ExecStatus.COMMAND_OK, ExecStatus.TUPLES_OK)
_NO_SUCH_PREPARED_STATEMENT = "26000"  # invalid_sql_statement_name

# Connections a forked child inherited: its parent's sockets, never closed here (closing one would end
# the parent's session), and kept referenced so that no garbage collection closes them either.
_inherited: list[Connection] = []


class PostgresWriter(StoreWriter):
    """One dedicated write connection, its transactions (batches), and the stream heads it has written."""

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.cursor: Any = None  # the driver cursor of the writer's statements
        self._quoting: Any = None  # a client-side-binding cursor of the same connection, used only to quote
        self._binder: pg_literals.LiteralBinder | None = None  # the store's own parameter types, quoted faster
        self._statements: dict[str, pg_literals.Prepared] = {}  # hot statements run as prepared ones (`prepare`)
        self._prepared = False  # they are prepared on the open connection
        self._conn: Connection | None = None
        self._pid = 0  # the process that opened the connection
        self._owed: tuple[str, ...] = ()  # savepoint commands to send with the next statement
        self._savepoint_sent = False  # the running append's savepoint is open on the server
        self._release_owed = False  # an earlier append's savepoint is still open (released with the next)
        self._deferring = False  # statements whose results nobody reads wait for the COMMIT (a batch)
        self._deferred: list[tuple[str, Any, bool]] = []  # (sql, params, many), in order
        self._request_start: int | None = None  # where the running append's statements begin in _deferred
        self._trusted = False  # the last batch began with nobody else's commit since: the next may assume it
        self._unchecked = False  # this batch assumed so, and has not yet sent anything that checks it
        self._assumed = 0  # the last position the batch assumed (this writer's own, at its last batch)
        self._first_row: int | None = None  # the position of the batch's first event row
        self._refused = False  # an append of the batch was refused or undone (on heads it may have assumed)

    def __enter__(self) -> Connection:
        try:
            return self._begin()
        except BaseException:
            self._deferring, self._deferred = False, []
            raise

    def _begin(self) -> Connection:
        conn = self._connection()
        if self._deferring and self._trusted and self.position is not None and not self._has_spoken():
            # Nobody else has been writing: the batch assumes its cache still holds, and sends its BEGIN and
            # the lock ahead of its statements, in their one round trip, with the check of that where needed
            # (`_checked`).
            self._deferred = [("BEGIN", None, False), (_LOCK, None, False)]
            self._unchecked, self._assumed, self._first_row, self._refused = True, self.position, None, False
            return conn
        try:
            self.cursor.execute(_BEGIN)
        except Exception as error:
            conn = self._begin_again(conn, error)
        try:
            self.cursor.nextset()
            self.cursor.nextset()
            (position,) = self.cursor.fetchone()
        except BaseException:
            self._rollback(conn)
            raise
        self._trusted = position == self.position
        if not self._trusted:
            self.forget()  # another writer committed since this one last did: its heads may be stale
            self.position = position
        return conn

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        conn = self._conn
        assert conn is not None
        deferred = self._checked(self._deferred, final=True) if self._unchecked else self._deferred
        self._owed, self._savepoint_sent, self._release_owed = (), False, False
        self._deferring, self._deferred, self._request_start, self._unchecked = False, [], None, False
        if kind is not None:
            self._rollback(conn)
            return
        try:
            if self._driver().info.transaction_status == TransactionStatus.INERROR:
                # COMMIT would quietly roll back: a statement failed that nobody undid.
                raise RuntimeError("the write transaction failed: it cannot be committed")
            if deferred:
                self._send([*deferred, ("COMMIT", None, False)])
            else:
                self.cursor.execute("COMMIT")
            if conn.in_transaction():
                # An `on_append` executed through SQLAlchemy, which began a transaction of its own over
                # the driver's: it ends too (the driver, idle now, sends nothing more).
                conn.commit()
        except BaseException:
            self._rollback(conn)
            raise

    def defer_writes(self) -> None:
        """Hold statements back until a read or the COMMIT sends them, all in one round trip."""
        self._deferring = True

    def execute(self, sql: str, params: Any, many: bool = False) -> None:
        """A statement in the batch, held back while deferring; else an append's first one carries its
        savepoint in the same round trip."""
        if self._deferring:
            self._deferred.append((sql, params, many))
            return
        if not self._owed:
            _run(self.cursor, sql, params, many)
            return
        owed, self._owed = self._owed, ()
        # Open from here on even if the statement fails: the savepoint went before it, and is undone with it.
        self._savepoint_sent, self._release_owed = True, False
        with self._driver().pipeline():
            for command in owed:
                self.cursor.execute(command)
            _run(self.cursor, sql, params, many)

    def fetch_one(self, sql: str, params: Any) -> Any:
        """The first row of a query in the batch (the statements held back before it go with it)."""
        if self._deferring:
            self._deferred.append((sql, params, False))
            self._flush(read=True)
        else:
            self.execute(sql, params)
        return self.cursor.fetchone()

    def savepoint(self) -> None:
        """An append's savepoint, sent with its first statement (and the earlier append's release), or
        none while its statements are held back."""
        if self._deferring:
            # Held back, the append's statements need no savepoint: a failure drops them unsent. One is
            # opened only if they are sent before the append is done (see `_flush`).
            self._request_start = len(self._deferred)
            self._savepoint_sent = False
            return
        self._owed = (_RELEASE, _SAVEPOINT) if self._release_owed else (_SAVEPOINT,)
        self._savepoint_sent = False

    def release(self) -> None:
        """Keep the append's writes: its savepoint is released with the next append's (or by COMMIT)."""
        if self._deferring:
            if self._savepoint_sent:
                self._deferred.append((_RELEASE, None, False))
            self._request_start, self._savepoint_sent = None, False
            return
        if self._savepoint_sent:
            self._release_owed = True
        self._owed, self._savepoint_sent = (), False

    def rollback_to(self) -> None:
        """Undo the append's writes (nothing to undo when it sent no statement)."""
        self._refused = True
        if self._deferring:
            if not self._savepoint_sent:
                del self._deferred[self._request_start or 0 :]  # none of it was sent: it is simply not sent
            else:
                self._deferred += [(_ROLLBACK_TO, None, False), (_RELEASE, None, False)]
                if self._driver().info.transaction_status == TransactionStatus.INERROR:
                    self._flush()  # a statement SQLAlchemy sent failed: nothing else runs before the undo
            self._request_start, self._savepoint_sent = None, False
            return
        self._owed = ()
        if self._savepoint_sent:
            self._savepoint_sent = False
            self.cursor.execute(_UNDO)

    def driver_in_transaction(self) -> bool:
        """Whether the connection is alive and its transaction open (an error leaves it open, failed), or
        still to be opened by the batch's BEGIN held back with its statements."""
        if self._conn is None or self._broken():
            return False
        status = self._driver().info.transaction_status
        if status == TransactionStatus.IDLE:
            return self._unchecked  # nothing of the batch sent yet, its BEGIN first (`_begin`)
        return status in _IN_TRANSACTION

    def close(self) -> None:
        """Return the write connection to the pool as the pool lent it (not in autocommit)."""
        conn, self._conn = self._conn, None
        self.forget()
        if conn is None or self._pid != os.getpid():
            return
        with contextlib.suppress(Exception):
            self.cursor.close()
            driver = conn.connection.driver_connection
            if self._broken(driver) or driver.info.transaction_status != TransactionStatus.IDLE:  # type: ignore[union-attr]
                conn.invalidate()
            else:
                driver.autocommit = False  # type: ignore[union-attr]
        conn.close()
        self.cursor = None

    def confirm(self) -> None:
        """Send the batch's check that its cached heads hold, if it is still held back: an append refused on
        them (a stale version) is answered only once they are known to be the database's, else the check
        fails (DeferredWritesFailed) and the batch runs again on heads read anew."""
        if not self._unchecked:
            return
        begin, self._deferred = self._deferred[:_HELD_BEGIN], self._deferred[_HELD_BEGIN:]
        if self._request_start is not None:
            self._request_start = max(0, self._request_start - _HELD_BEGIN)
        self._send(self._checked(begin))

    def remember(self, rows: list[tuple[Any, ...]]) -> None:
        """The new heads, and where the batch's first event row goes (see `_checked`)."""
        if self._unchecked and self._first_row is None:
            self._first_row = rows[0][0]
        super().remember(rows)

    def _checked(self, statements: list[tuple[str, Any, bool]], final: bool = False) -> list[tuple[str, Any, bool]]:
        """The batch's first statements to send, with the check that its cache held (`_STILL_LAST`) after its
        BEGIN and lock, unless the batch proves it itself.

        Positions are gap-free (`max + 1` under the lock) and events immutable (triggers refuse UPDATE,
        DELETE and TRUNCATE), so another writer has committed since this one's last batch exactly when the
        row after the position this writer last wrote exists. When the whole batch is sent at its COMMIT,
        no append of it was refused or undone, and its first event row takes that very position, the
        primary key refuses that row if anyone else has committed, and the batch runs again on heads read
        anew: the check, a statement the server plans anew each time, would only repeat it. Sent earlier
        (a read) or after a refusal (made on the cached heads), the check goes as it is."""
        self._unchecked = False
        if final and not self._refused and self._first_row == self._assumed + 1:
            return statements
        check = (_STILL_LAST, (self._assumed,), False)
        return [*statements[:_HELD_BEGIN], check, *statements[_HELD_BEGIN:]]

    def _flush(self, read: bool = False) -> None:
        """Send the statements held back (before a read, or before SQLAlchemy executes on the connection)."""
        deferred, self._deferred = self._deferred, []
        if self._request_start is not None:
            if not self._savepoint_sent:
                # An append is under way: what it has written so far is sent under its savepoint.
                deferred.insert(self._request_start, (_SAVEPOINT, None, False))
                self._savepoint_sent = True
            self._request_start = 0  # its statements from here on start the list again
        if self._unchecked:
            deferred = self._checked(deferred)
        if deferred:
            self._send(deferred, read)

    def _send(self, statements: list[tuple[str, Any, bool]], read: bool = False) -> None:
        """Statements in one query of the simple protocol, one round trip (with `read`, the cursor left on
        the last one's result); a failure among them is nobody's in particular.

        Their parameters are bound here as literals (`pg_literals`, psycopg's `ClientCursor.mogrify` where its
        settings ask for it): one query text cost a third of the client's CPU that a pipeline of the same
        statements did (one send and one read instead of a flush and a poll per statement), and the server
        stops at the first failing statement of it as it would in the pipeline. A query whose results nobody
        reads goes straight to libpq (`PGconn.exec_`, which lets go of the interpreter lock while it waits):
        psycopg's cursor machinery around it cost more client CPU than the batch's own statements."""
        binder = self._binder
        bind = binder.bind if binder is not None else self._quoting.mogrify
        parts: list[str] = []
        for sql, params, many in statements:
            if params is None:
                parts.append(sql)
            elif binder is not None and self._prepared and (statement := self._statements.get(sql)) is not None:
                if many:
                    parts.extend(binder.execute(statement, row) for row in params)
                else:
                    parts.append(binder.execute(statement, params))
            elif many:
                parts.extend(bind(sql, row) for row in params)
            else:
                parts.append(bind(sql, params))
        query = ";\n".join(parts)
        try:
            if read:
                self.cursor.execute(query, prepare=False)  # raises the first failure among them
                while self.cursor.nextset():
                    pass
            else:
                self._exec(query)
        except psycopg.Error as error:
            self._trusted = False
            if self._broken():
                raise  # the connection is gone, and with it what this batch wrote: no second try on it
            if error.sqlstate == _NO_SUCH_PREPARED_STATEMENT:
                # Deallocated behind the writer's back (DISCARD ALL, a pooler between us and the server): this
                # connection binds literals from now on, and the batch runs again so.
                self._prepared = False
            raise DeferredWritesFailed(str(error)) from error

    def _exec(self, query: str) -> None:
        """`query` on libpq, its last result unread; the first failure among its statements raised as psycopg
        raises it."""
        driver = self._driver()
        result = driver.pgconn.exec_(query.encode("utf-8"))
        if result.status not in _SUCCEEDED:
            raise psycopg.errors.error_from_result(result, encoding=driver.info.encoding)

    def _has_spoken(self) -> bool:
        """Whether the server sent something on the idle connection (it closes one with a message, or
        just closes it): then the batch begins the long way, which replaces a dead connection."""
        readable, _, _ = select.select([self._driver().fileno()], [], [], 0)
        return bool(readable)

    def _before_sqlalchemy(self, *_: object) -> None:
        """SQLAlchemy is about to execute on the writer's connection (an `on_append`): it must see, and
        come after, every statement held back so far."""
        self._flush()

    def _connection(self) -> Connection:
        if self._conn is not None and self._pid != os.getpid():
            _inherited.append(self._conn)  # a forked child: the parent's socket, left to the parent
            self._conn = None
        if self._conn is None or self._conn.invalidated:
            conn = self.engine.connect()
            event.listen(conn, "before_cursor_execute", self._before_sqlalchemy)
            driver = conn.connection.driver_connection
            driver.autocommit = True  # type: ignore[union-attr]  # BEGIN and COMMIT are sent here, once per batch
            self._conn, self._pid, self.cursor = conn, os.getpid(), driver.cursor()  # type: ignore[union-attr]
            self._quoting = psycopg.ClientCursor(driver)  # type: ignore[arg-type]  # quotes a batch into one query (`_send`)
            self._binder = pg_literals.for_connection(driver, self._quoting.mogrify)  # type: ignore[arg-type]
            self._prepare_statements()
            self.adopt(conn)
            self.forget()
        return self._conn

    def prepare(self, sql: str) -> None:
        """Send `sql` as `EXECUTE` of a statement prepared on each connection the writer opens from now on."""
        self._statements.setdefault(sql, pg_literals.prepared(sql))

    def _prepare_statements(self) -> None:
        """Prepare the hot statements on the connection just opened, unless they are already (the pool may
        lend a connection an earlier writer prepared them on: the same statement has the same name)."""
        self._prepared = False
        if self._binder is None or not self._statements:
            return
        self.cursor.execute("SELECT name FROM pg_prepared_statements")
        known = {row[0] for row in self.cursor.fetchall()}
        missing = [s.definition for s in self._statements.values() if s.name not in known]
        if missing:
            self.cursor.execute(";\n".join(missing))
        self._prepared = True

    def _begin_again(self, conn: Connection, error: Exception) -> Connection:
        """After BEGIN failed: a connection that died while idle is replaced once; any other error stands."""
        if not self._broken():
            self._rollback(conn)
            raise error
        self._discard()
        # The server went away (a restart, an administrator): the pool's idle connections are as dead.
        self.engine.dispose()
        conn = self._connection()
        self.cursor.execute(_BEGIN)
        return conn

    def _driver(self) -> Any:
        assert self._conn is not None
        return self._conn.connection.driver_connection

    def _broken(self, driver: Any = None) -> bool:
        driver = driver if driver is not None else self._driver()
        return bool(driver.closed or driver.broken)

    def _discard(self) -> None:
        """Let a broken connection go (SQLAlchemy closes it and takes it out of the pool)."""
        conn, self._conn, self.cursor = self._conn, None, None
        self.forget()
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.invalidate()
                conn.close()

    def _rollback(self, conn: Connection) -> None:
        self.forget()
        self._trusted = False
        if self._broken():
            self._discard()
            return
        if not conn.in_transaction() and self._driver().info.transaction_status == TransactionStatus.IDLE:
            return  # nothing of the batch was sent
        try:
            if conn.in_transaction():
                conn.rollback()
            else:
                self.cursor.execute("ROLLBACK")
        except Exception:
            self._discard()  # a connection that cannot roll back is not used again
            raise


def _run(cursor: Any, sql: str, params: Any, many: bool) -> None:
    if many:
        cursor.executemany(sql, params)
    else:
        cursor.execute(sql, params)
