"""Run the Alembic migrations from code (the CLI's `annals db upgrade`, `make run` and the tests)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


def alembic_config(engine: Engine) -> Config:
    """An Alembic config pointing at this repository's migrations and the given engine."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to `revision`."""
    config = alembic_config(engine)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None before the first migration)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


@cache
def expected_revision() -> str | None:
    """The revision this build's migrations end at (what `annals db upgrade` migrates to)."""
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def database_name(engine: Engine) -> str:
    """The database as an operator reads it: the URL without its password."""
    return engine.url.render_as_string(hide_password=True)


def schema_problem(engine: Engine) -> str | None:
    """One line saying why this database cannot be served by this build, or None when it can.

    It never creates anything: a SQLite file that does not exist is reported, not made (a mistyped
    DATABASE_URL would otherwise leave an empty database behind).
    """
    database = engine.url.database
    if engine.dialect.name == "sqlite" and database and database != ":memory:" and not os.path.exists(database):
        return f"no database at {database}: run `annals db upgrade` first, or check DATABASE_URL"
    try:
        found = current_revision(engine)
    except SQLAlchemyError as error:
        reason = str(error.orig if isinstance(error, DBAPIError) else error).strip().splitlines()[0]
        return f"cannot read the database {database_name(engine)}: {reason}"
    wanted = expected_revision()
    if found != wanted:
        return (
            f"the database {database_name(engine)} is at schema revision {found or 'none'} but this build expects "
            f"{wanted}: run `annals db upgrade`"
        )
    return None
