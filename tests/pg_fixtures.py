"""pytest fixtures for a real PostgreSQL (imported via ``pytest_plugins = ["tests.pg_fixtures"]``).

Fixtures
--------
``postgres_server``  (session)  a started ``PostgresServer`` (or ``ExternalPostgres``); has
                                ``url``, ``create_database(name)``, ``drop_database(name)``.
``postgres_url``     (session)  ``postgresql+psycopg://annals@127.0.0.1:<port>/annals_test``,
                                shared by the whole session.
``postgres_database_factory``  (function)  callable ``() -> url`` creating a new empty
                                database each call; all are dropped after the test.
``fresh_postgres_url`` (function)  URL of a new empty database for this test only,
                                dropped (WITH (FORCE)) afterwards.

Environment
-----------
``ANNALS_TEST_POSTGRES_URL``  use this server instead of starting one (fresh databases are
                              created on it; the role needs CREATEDB).
``ANNALS_PG_BIN``             directory with initdb/pg_ctl/postgres.

No binaries (or root without a ``postgres`` user) -> the tests skip. Binaries present but the
server fails to start -> the tests ERROR: a broken server must never silently skip tests.
"""

from __future__ import annotations

import itertools
import os
import secrets
from collections.abc import Callable, Iterator

import pytest

from tests.postgres_server import (
    ExternalPostgres,
    PostgresServer,
    find_pg_bin,
    server_user_problem,
)

_database_counter = itertools.count(1)
# Distinguishes this run's databases from other runs/xdist workers sharing an external server.
_run_token = secrets.token_hex(3)


def _skip(reason: str) -> None:
    if os.environ.get("CI"):
        reason = (
            f"!!! CI=true BUT POSTGRESQL TESTS ARE SKIPPED: {reason}. "
            "The CI image must provide PostgreSQL (apt-get install postgresql-15) !!!"
        )
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer | ExternalPostgres]:
    external = os.environ.get("ANNALS_TEST_POSTGRES_URL")
    if external:
        yield ExternalPostgres(external)
        return

    bin_dir = find_pg_bin()
    if bin_dir is None:
        _skip("PostgreSQL binaries not found (set ANNALS_PG_BIN): PostgreSQL tests skipped")
    problem = server_user_problem()
    if problem:
        _skip(f"cannot start PostgreSQL: {problem}")

    # Any failure from here on raises PostgresUnavailable -> error, not skip.
    server = PostgresServer(bin_dir).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer | ExternalPostgres) -> str:
    return postgres_server.url


@pytest.fixture
def postgres_database_factory(
    postgres_server: PostgresServer | ExternalPostgres,
) -> Iterator[Callable[[], str]]:
    created: list[str] = []

    def create() -> str:
        name = f"t_{next(_database_counter)}_{_run_token}"
        url = postgres_server.create_database(name)
        created.append(name)
        return url

    yield create
    for name in reversed(created):
        postgres_server.drop_database(name)


@pytest.fixture
def fresh_postgres_url(postgres_database_factory: Callable[[], str]) -> str:
    return postgres_database_factory()
