"""Engines for the two supported databases, with the connection settings DESIGN §5 asks for."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

WRITE = {"annals_write": True}
"""Execution options of a connection that will write: on SQLite it begins with BEGIN IMMEDIATE."""

SQLITE_BUSY_TIMEOUT_MS = 30_000


def make_engine(url: str, **kwargs: Any) -> Engine:
    """An engine for `url` (sqlite:///… or postgresql+psycopg://…), configured on every connection."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000}, **kwargs)
        _configure_sqlite(engine)
        return engine
    if parsed.get_backend_name() == "postgresql":
        # No pre-ping: it is a round trip on every checkout. A connection the server closed fails its
        # first statement, and SQLAlchemy then drops every pooled connection as stale; the store's
        # write connection replaces itself before a batch (postgres_writer.py).
        return create_engine(url, **kwargs)
    raise ValueError(f"unsupported database {parsed.get_backend_name()!r}: use sqlite or postgresql+psycopg")


def _configure_sqlite(engine: Engine) -> None:
    # pysqlite's own transaction handling defers BEGIN and cannot take the write lock up front; we
    # emit BEGIN ourselves so an appending transaction holds the lock from its first read (no
    # deadlock-prone lock upgrade), while readers keep WAL's lock-free snapshots.
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        driver = connection.connection.driver_connection
        if driver.in_transaction:
            # The event store began this transaction on the driver (BEGIN IMMEDIATE) before an
            # `on_append` executed through SQLAlchemy: SQLAlchemy's transaction wraps that one.
            return
        immediate = connection.get_execution_options().get("annals_write", False)
        # Straight to the driver: this runs once per transaction, on the hot path of every append.
        driver.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")


def is_postgres(engine: Engine) -> bool:
    """True for the PostgreSQL engine."""
    return engine.dialect.name == "postgresql"
