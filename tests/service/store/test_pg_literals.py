"""The PostgreSQL writer's literal binder (`service/store/pg_literals.py`): what a batch sent as one query
text holds in place of its parameters (issue 19, point 2)."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from service.clock import SystemClock
from service.store.engine import make_engine
from service.store.events import EventDraft, EventStore
from service.store.migrate import upgrade
from service.store.pg_literals import LiteralBinder, for_connection, prepared
from tests.postgres_server import to_libpq_url

AWKWARD = [
    "it's",
    "''",
    "\\",
    "ends with a backslash \\",
    "\\'; DROP TABLE events; --",
    "E'\\n' $$ $tag$ %s %(n)s %% ?",
    "ü 日本 🎲 \u2028 \t\r\n",
    "",
]


def _unused_mogrify(sql: str, params: Any) -> str:
    raise AssertionError(f"mogrify was asked for {params!r}")


def test_placeholders_take_their_parameters_in_order_or_by_name_and_percent_signs_stay_when_bound() -> None:
    binder = LiteralBinder(_unused_mogrify)

    positional = binder.bind("INSERT INTO t VALUES (%s, %s, %s, %s) -- 100%%", (7, "a'b", None, True))
    named = binder.bind("UPDATE t SET v = %(v)s, w = %(w)s WHERE g = %(v)s", {"v": -3, "w": False})

    assert positional == "INSERT INTO t VALUES (7, 'a''b', NULL, true) -- 100%"
    assert named == "UPDATE t SET v = -3, w = false WHERE g = -3"


def test_a_parameter_of_another_type_is_quoted_by_psycopg_when_the_binder_does_not_know_it() -> None:
    asked: list[Any] = []

    def mogrify(sql: str, params: Any) -> str:
        asked.append((sql, params))
        return "'1.5'::float8"

    assert LiteralBinder(mogrify).bind("SELECT %s, %s", (1.5, 2)) == "SELECT '1.5'::float8, 2"
    assert asked == [("%s", (1.5,))]


def test_text_holding_nul_is_refused_as_psycopg_refuses_it_when_bound() -> None:
    with pytest.raises(psycopg.DataError, match="NUL"):
        LiteralBinder(_unused_mogrify).bind("SELECT %s", ("a\x00b",))


@pytest.mark.postgres
def test_every_awkward_text_comes_back_from_postgresql_as_sent_when_bound_as_a_literal(fresh_postgres_url: str) -> None:
    with psycopg.connect(to_libpq_url(fresh_postgres_url), autocommit=True) as conn:
        binder = for_connection(conn, psycopg.ClientCursor(conn).mogrify)
        assert binder is not None
        query = binder.bind(f"SELECT {', '.join(['%s'] * len(AWKWARD))}", AWKWARD)
        row = conn.execute(query).fetchone()  # no parameters: psycopg sends the text as it is

    assert list(row or ()) == AWKWARD


@pytest.mark.postgres
def test_no_binder_is_made_for_a_connection_whose_strings_are_not_standard_conforming(fresh_postgres_url: str) -> None:
    with psycopg.connect(to_libpq_url(fresh_postgres_url), autocommit=True) as conn:
        conn.execute("SET standard_conforming_strings = off")
        assert for_connection(conn, psycopg.ClientCursor(conn).mogrify) is None
        conn.execute("SET standard_conforming_strings = on")
        assert for_connection(conn, psycopg.ClientCursor(conn).mogrify) is not None


def test_a_statement_to_prepare_numbers_each_parameter_once_and_its_execute_passes_them_in_that_order() -> None:
    statement = prepared("UPDATE t SET v = %(v)s, w = %(w)s WHERE g = %(v)s AND p = '100%%'")

    assert (
        statement.definition == f"PREPARE {statement.name} AS UPDATE t SET v = $1, w = $2 WHERE g = $1 AND p = '100%'"
    )
    assert (
        LiteralBinder(_unused_mogrify).execute(statement, {"w": "it's", "v": 3})
        == f"EXECUTE {statement.name}(3, 'it''s')"
    )
    assert statement.name == prepared("UPDATE t SET v = %(v)s, w = %(w)s WHERE g = %(v)s AND p = '100%%'").name


@pytest.mark.postgres
def test_appends_run_the_event_insert_prepared_and_a_store_on_a_pooled_connection_that_has_it_reuses_it(
    fresh_postgres_url: str,
) -> None:
    """The writer prepares its INSERT once per connection; a later store lent the same pooled connection
    finds the statement there (PREPARE would fail on a name already taken) and runs it too."""
    engine = make_engine(fresh_postgres_url, pool_size=1, max_overflow=0)
    upgrade(engine)
    try:
        first = EventStore(engine, SystemClock())
        first.append("game:p", 0, [EventDraft("Noted", {"n": n}) for n in range(3)])
        first.append("game:p", 3, [EventDraft("Noted", {"n": 3})])
        first.close()
        second = EventStore(engine, SystemClock())
        second.append("game:p", 4, [EventDraft("Noted", {"n": 4})])
        with second.write() as conn:
            plans = conn.exec_driver_sql(
                "SELECT name, generic_plans + custom_plans FROM pg_prepared_statements WHERE name LIKE 'annals%%'"
            ).all()
        second.close()

        # The event INSERT ran once per row, across both stores; the idempotency key's not at all (no key sent).
        assert sorted(count for _name, count in plans) == [0, 5]
        assert [e.data["n"] for e in EventStore(engine, SystemClock()).read("game:p")] == [0, 1, 2, 3, 4]
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_appends_go_on_with_literals_when_the_prepared_insert_was_deallocated_behind_the_writers_back(
    fresh_postgres_url: str,
) -> None:
    """DISCARD ALL, or a pooler that hands the session to someone else, drops the prepared INSERT: the batch
    that finds it gone runs again with the row bound as literals, and so does the rest of that connection."""
    engine = make_engine(fresh_postgres_url)
    upgrade(engine)
    store = EventStore(engine, SystemClock())
    try:
        store.append("game:d", 0, [EventDraft("Noted", {"n": 0})])
        with store.write() as conn:
            conn.exec_driver_sql("DEALLOCATE ALL")
        reruns = store.group_commit.reruns

        store.append("game:d", 1, [EventDraft("Noted", {"n": 1})])
        store.append("game:d", 2, [EventDraft("Noted", {"n": 2})])

        assert store.group_commit.reruns == reruns + 1  # the first batch after it; the next binds literals
        assert [e.data["n"] for e in store.read("game:d")] == [0, 1, 2] and store.verify("game:d").ok
    finally:
        store.close()
        engine.dispose()
