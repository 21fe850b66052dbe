"""The operator's usual mistakes get one clear line (issue 16, point 6): an unmigrated database, a busy port,
the CLI and the server on different databases."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from service import create_app
from service.cli import cli
from service.store.migrate import expected_revision, upgrade
from tests.api.conftest import assert_problem


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'annals.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    return url


def test_health_is_503_naming_both_revisions_when_the_database_is_behind_this_build(database: str) -> None:
    app = create_app({"DATABASE_URL": database, "RATELIMIT_ENABLED": False})
    try:
        upgrade(app.extensions["annals"].engine, "0003")

        body = assert_problem(app.test_client().get("/api/v1/health"), 503, "database-not-ready")

        assert (body["schema_revision"], body["expected_revision"]) == ("0003", expected_revision())
        assert body["detail"].endswith("run `annals db upgrade`")
        # Any other request that trips over the missing schema says the same, not "internal error".
        games = assert_problem(app.test_client().get("/api/v1/tokens", headers={"Authorization": "Bearer x"}), 503)
        assert games["detail"] == body["detail"]
    finally:
        app.extensions["annals"].close()


def test_health_is_200_at_the_expected_revision(database: str) -> None:
    app = create_app({"DATABASE_URL": database, "RATELIMIT_ENABLED": False})
    try:
        upgrade(app.extensions["annals"].engine)
        assert app.test_client().get("/api/v1/health").get_json()["schema_revision"] == expected_revision()
    finally:
        app.extensions["annals"].close()


def test_cli_prints_one_line_and_creates_nothing_when_the_database_does_not_exist(database: str) -> None:
    result = CliRunner().invoke(cli, ["token", "create", "--role", "admin"])

    assert result.exit_code == 1
    assert "Traceback" not in result.output
    path = database.removeprefix("sqlite:///")
    assert result.stderr.splitlines() == [
        f"database: {database}",
        f"Error: no database at {path}: run `annals db upgrade` first, or check DATABASE_URL",
    ]
    assert not Path(path).exists()


def test_cli_names_both_revisions_when_the_database_is_behind(database: str) -> None:
    assert CliRunner().invoke(cli, ["db", "upgrade", "--revision", "0002"]).exit_code == 0

    result = CliRunner().invoke(cli, ["verify"])

    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"Error: the database {database} is at schema revision 0002 but this build expects {expected_revision()}: "
        "run `annals db upgrade`"
    )


def test_serve_refuses_in_one_line_when_the_port_is_busy(database: str) -> None:
    assert CliRunner().invoke(cli, ["db", "upgrade"]).exit_code == 0
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]

        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])

    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"database: {database}",
        f"Error: port {port} on 127.0.0.1 is in use: stop the other server or choose another PORT",
    ]


def test_serve_refuses_an_unmigrated_database_before_listening(database: str) -> None:
    result = CliRunner().invoke(cli, ["serve", "--port", "1"])

    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1].startswith("Error: no database at ")


def test_serve_refuses_an_unknown_worker_cores_setting_in_one_line(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANNALS_WORKER_CORES", "pinned")

    result = CliRunner().invoke(cli, ["serve", "--port", "1"])

    assert result.exit_code == 1
    assert result.stderr.splitlines() == ["Error: ANNALS_WORKER_CORES must be one of spread, any, not 'pinned'"]
