"""The comparison workload written the way the `eventsourcing` library (v9) is meant to be used.

A `Table` aggregate is one stream; `note` records one event carrying the same ~300-byte data an
Annals event carries. The library picks its persistence from the environment passed to the app:
PERSISTENCE_MODULE=eventsourcing.sqlite with SQLITE_DBNAME=<file>.
"""

from __future__ import annotations

from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event


class Table(Aggregate):
    """A game table whose only behaviour is to record what happened at it."""

    def __init__(self) -> None:
        self.notes = 0

    @event("Noted")
    def note(self, data: dict[str, Any]) -> None:
        """Record one action's data."""
        self.notes += 1


class TableApp(Application[Any]):
    """An application that only saves tables."""


def sqlite_env(path: str) -> dict[str, str]:
    """The library's SQLite persistence on the file at `path` (it switches the file to WAL itself)."""
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path}


def postgres_env(host: str, port: int, user: str, dbname: str) -> dict[str, str]:
    """The library's PostgreSQL persistence (needs psycopg_pool, i.e. `eventsourcing[postgres]`)."""
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": host,
        "POSTGRES_PORT": str(port),
        "POSTGRES_USER": user,
        "POSTGRES_PASSWORD": "",
    }
