"""The PostgreSQL test fixtures start a real server and hand out isolated databases."""

from __future__ import annotations

from collections.abc import Callable

import psycopg
import pytest

from tests.postgres_server import ExternalPostgres, PostgresServer, to_libpq_url

pytestmark = pytest.mark.postgres


def test_server_answers_select_version(postgres_server: PostgresServer | ExternalPostgres, postgres_url: str) -> None:
    assert postgres_url.startswith("postgresql+psycopg://")
    with psycopg.connect(to_libpq_url(postgres_url)) as conn:
        row = conn.execute("SELECT version(), current_database()").fetchone()
        server_major = conn.info.server_version // 10000
    assert row is not None
    version, database = row
    assert version.startswith("PostgreSQL")
    if isinstance(postgres_server, PostgresServer):
        assert database == "annals_test"
        assert server_major == postgres_server.major_version


def _user_tables(conn: psycopg.Connection) -> list[str]:
    rows = conn.execute(
        "SELECT table_schema || '.' || table_name FROM information_schema.tables"
        " WHERE table_schema NOT IN ('pg_catalog', 'information_schema')"
    ).fetchall()
    return [r[0] for r in rows]


def test_fresh_databases_are_distinct_and_empty(
    fresh_postgres_url: str, postgres_database_factory: Callable[[], str]
) -> None:
    other_url = postgres_database_factory()
    assert fresh_postgres_url != other_url

    with (
        psycopg.connect(to_libpq_url(fresh_postgres_url), autocommit=True) as first,
        psycopg.connect(to_libpq_url(other_url), autocommit=True) as second,
    ):
        names = [c.execute("SELECT current_database()").fetchone() for c in (first, second)]
        assert names[0] != names[1]
        assert _user_tables(first) == []
        assert _user_tables(second) == []

        first.execute("CREATE TABLE marker (id integer PRIMARY KEY)")
        first.execute("INSERT INTO marker VALUES (1)")
        assert _user_tables(first) == ["public.marker"]
        assert _user_tables(second) == []
