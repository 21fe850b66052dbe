"""What the event store's one write connection offers, on either database: its transactions (batches of
appends, see `group_commit.py`), a savepoint per append, driver-level statements, and the stream heads
it has written."""

from __future__ import annotations

import weakref
from abc import ABC, abstractmethod
from typing import Any

from sqlalchemy import Connection

# Heads kept at most; past it the cache starts again empty (a miss costs one indexed query).
_MAX_HEADS = 10_000


# Each writer's connection, to find the writer from the connection an `on_append` is given (`writer_of`).
_WRITERS: weakref.WeakKeyDictionary[Connection, StoreWriter] = weakref.WeakKeyDictionary()


def writer_of(conn: Connection) -> StoreWriter | None:
    """The store writer whose transaction runs on `conn` (the connection an `on_append` is given), or None.

    A statement sent on that connection's driver behind the writer's back runs outside the writer's order:
    on PostgreSQL, where a batch's statements (BEGIN first) are held back for its COMMIT, it would run before
    the batch began, in autocommit, and stay when the append rolls back. Sent through the writer
    (`StoreWriter.execute`) it goes with the append's own statements, at their cost."""
    return _WRITERS.get(conn)


class DeferredWritesFailed(Exception):
    """Statements sent together late (a batch's INSERTs with its COMMIT) failed, and which append they
    belong to is not known: the batch is rolled back, to run again with each statement sent at once."""


class StoreWriter(ABC):
    """A store's dedicated write connection, used as `with writer as conn:` (one transaction, committed
    when the block ends, rolled back if it raises), with the heads (stream -> version, hash) and the
    last global position it wrote, trusted only while no other writer has committed since (each
    subclass checks that at the start of a transaction, under its write lock)."""

    def __init__(self) -> None:
        self.heads: dict[str, tuple[int, str]] = {}
        self.position: int | None = None

    @abstractmethod
    def __enter__(self) -> Connection: ...

    @abstractmethod
    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None: ...

    @abstractmethod
    def execute(self, sql: str, params: Any, many: bool = False) -> None:
        """A driver statement in the open transaction (the driver's own errors propagate)."""

    @abstractmethod
    def fetch_one(self, sql: str, params: Any) -> Any:
        """The first row of a driver query in the open transaction."""

    @abstractmethod
    def savepoint(self) -> None:
        """Open the savepoint of one append of a batch (see `GroupCommitWriter`)."""

    @abstractmethod
    def release(self) -> None:
        """Keep what the append under the savepoint wrote."""

    @abstractmethod
    def rollback_to(self) -> None:
        """Undo what the append under the savepoint wrote, and drop the savepoint."""

    @abstractmethod
    def defer_writes(self) -> None:
        """Until the transaction ends, statements whose results nobody reads may be held back and sent
        together with the COMMIT (PostgreSQL: one round trip for a whole batch); a failure among them
        then raises DeferredWritesFailed. SQLite runs in this process and sends each at once."""

    @abstractmethod
    def confirm(self) -> None:
        """Make sure the cached heads the running batch decided on are the database's before a refusal made
        on them is answered (DeferredWritesFailed when they are not: the batch runs again). SQLite checks
        them when its transaction begins, under the lock; PostgreSQL's batches send that check late."""

    @abstractmethod
    def driver_in_transaction(self) -> bool:
        """Whether the transaction is still open (the database may end it itself on some errors)."""

    @abstractmethod
    def close(self) -> None:
        """Release the write connection (before disposing of the engine)."""

    @abstractmethod
    def prepare(self, sql: str) -> None:
        """Run `sql`, a statement of the append path, as one the database plans once per connection."""

    def adopt(self, conn: Connection) -> None:
        """Make `conn`, the writer's new connection, lead back to the writer (`writer_of`)."""
        _WRITERS[conn] = self

    def remember(self, rows: list[tuple[Any, ...]]) -> None:
        """`events` rows (position, stream_id, version, …, hash) just inserted in the open transaction:
        their streams' new heads and the last position."""
        if len(self.heads) > _MAX_HEADS:
            self.heads.clear()
        for row in rows:
            self.heads[row[1]] = (row[2], row[-1])
        self.position = rows[0][0] if len(rows) == 1 else max(row[0] for row in rows)

    def forget(self) -> None:
        """Drop every cached head: the next append reads them from the database."""
        self.heads.clear()
        self.position = None
