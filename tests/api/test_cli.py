"""The `annals` command line on a SQLite file: migrations, tokens, sample games, chain verification."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from flask import Flask
from sqlalchemy import func, select, text

from service import create_app
from service.cli import cli
from service.samples import SAMPLES, tournament_paths
from service.store.engine import make_engine
from service.store.tables import events


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """DATABASE_URL for every command: a SQLite file in a folder that does not exist yet."""
    url = f"sqlite:///{tmp_path / 'instance' / 'annals.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    return url


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def upgraded(runner: CliRunner, database: str) -> str:
    result = runner.invoke(cli, ["db", "upgrade"])
    assert result.exit_code == 0, result.output
    return database


@pytest.fixture
def app(upgraded: str) -> Iterator[Flask]:
    """An app on the CLI's database (configured from the same environment)."""
    made = create_app()
    made.config["TESTING"] = True
    yield made
    made.extensions["annals"].close()


def _event_count(url: str) -> int:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(events)).scalar_one())
    finally:
        engine.dispose()


def _last_line(result: Result) -> str:
    lines = result.stdout.strip().splitlines()
    assert lines, result.output
    return lines[-1]


MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations" / "versions"


def test_database_is_at_the_head_revision_when_upgraded(runner: CliRunner, database: str) -> None:
    result = runner.invoke(cli, ["db", "upgrade"])

    assert result.exit_code == 0, result.output
    newest = max(path.name.split("_")[0] for path in MIGRATIONS.glob("[0-9]*_*.py"))
    assert f"revision {newest}" in result.output
    assert Path(database.removeprefix("sqlite:///")).is_file()


def test_token_alone_on_the_last_line_authenticates_when_an_admin_token_is_created(
    runner: CliRunner, app: Flask
) -> None:
    result = runner.invoke(cli, ["token", "create", "--role", "admin", "--label", "ci"])

    assert result.exit_code == 0, result.output
    token = _last_line(result)
    assert " " not in token
    assert len(result.stdout.strip().splitlines()) == 1
    client = app.test_client()
    created = client.post(
        "/api/v1/games",
        json={"ruleset": "freeform", "seats": [{"seat": "red"}]},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert created.status_code == 201, created.get_json()


def test_a_login_link_from_the_command_line_is_redeemed_once_by_the_api(runner: CliRunner, app: Flask) -> None:
    link = _last_line(runner.invoke(cli, ["token", "link", "--role", "viewer", "--base-url", "https://annals.club/"]))
    code = link.split("#code=")[1]

    client = app.test_client()
    first = client.post("/api/v1/tokens/redeem", json={"code": code})
    again = client.post("/api/v1/tokens/redeem", json={"code": code})

    assert link.startswith("https://annals.club/login#code=")
    assert first.status_code == 201 and first.get_json()["role"] == "viewer"
    assert again.status_code == 410


@pytest.mark.parametrize(
    ("host", "port", "served"),
    [
        (None, "5078", "http://127.0.0.1:5078"),
        ("0.0.0.0", "8080", "http://127.0.0.1:8080"),
        ("192.168.1.20", None, "http://192.168.1.20:5000"),
    ],
)
def test_a_login_link_points_where_annals_serve_listens_when_no_base_url_is_given(
    runner: CliRunner, upgraded: str, monkeypatch: pytest.MonkeyPatch, host: str | None, port: str | None, served: str
) -> None:
    """`PORT=5078 make run` then `annals token link`: the link opens that server, not one on port 5000."""
    for name, value in (("HOST", host), ("PORT", port)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)

    result = runner.invoke(cli, ["token", "link", "--role", "viewer"])

    assert result.exit_code == 0, result.output
    assert _last_line(result).startswith(f"{served}/login#code=")


def test_each_token_is_new_when_tokens_are_created_twice(runner: CliRunner, upgraded: str) -> None:
    first = _last_line(runner.invoke(cli, ["token", "create", "--role", "viewer"]))
    second = _last_line(runner.invoke(cli, ["token", "create", "--role", "viewer"]))

    assert first != second


def test_usage_error_when_a_player_token_is_created_without_a_player(runner: CliRunner, upgraded: str) -> None:
    result = runner.invoke(cli, ["token", "create", "--role", "player"])

    assert result.exit_code == 2
    assert "--player" in result.output
    assert result.stdout.strip() == ""


def test_usage_error_when_the_role_is_unknown(runner: CliRunner, upgraded: str) -> None:
    result = runner.invoke(cli, ["token", "create", "--role", "emperor"])

    assert result.exit_code == 2


def test_printed_once_then_refused_when_bootstrap_runs_twice(runner: CliRunner, app: Flask) -> None:
    first = runner.invoke(cli, ["token", "bootstrap"])
    second = runner.invoke(cli, ["token", "bootstrap"])

    assert first.exit_code == 0, first.output
    token = _last_line(first)
    assert second.stdout.strip() == ""
    assert "exists" in second.stderr
    registered = app.test_client().post(
        "/api/v1/players", json={"name": "Alice"}, headers={"Authorization": f"Bearer {token}"}
    )
    assert registered.status_code == 201


def test_same_game_and_no_new_events_when_samples_are_loaded_twice(
    runner: CliRunner, app: Flask, upgraded: str
) -> None:
    first = runner.invoke(cli, ["samples", "load"])
    assert first.exit_code == 0, first.output
    after_first = _event_count(upgraded)
    games_first = app.test_client().get("/api/v1/games").get_json()["items"]

    second = runner.invoke(cli, ["samples", "load"])

    assert second.exit_code == 0, second.output
    assert after_first > 1
    assert _event_count(upgraded) == after_first
    games_second = app.test_client().get("/api/v1/games").get_json()["items"]
    assert [g["id"] for g in games_second] == [g["id"] for g in games_first]
    # Each sample game, and the table games of each recorded sample tournament (imported with it).
    table_games = sum(len(json.loads(gzip.decompress(p.read_bytes()))["games"]) for p in tournament_paths())
    assert len(games_first) == len(list(SAMPLES.glob("*.sample.json"))) + table_games
    assert "tournament kk_spring_open" in first.stderr and "loaded already" in second.stderr
    assert games_first[0]["id"] in first.stderr
    assert games_first[0]["id"] in second.stderr


def test_exit_0_when_every_chain_verifies(runner: CliRunner, upgraded: str) -> None:
    runner.invoke(cli, ["samples", "load"])

    result = runner.invoke(cli, ["verify"])

    assert result.exit_code == 0, result.output
    assert "BROKEN" not in result.output
    assert "0 broken" in result.output


def test_exit_1_naming_the_broken_stream_when_an_event_was_tampered_with(runner: CliRunner, upgraded: str) -> None:
    runner.invoke(cli, ["samples", "load"])
    engine = make_engine(upgraded)
    try:
        with engine.begin() as conn:
            conn.execute(text("DROP TRIGGER events_refuse_update"))
            stream = conn.execute(
                text("SELECT stream_id FROM events WHERE version = 3 ORDER BY position LIMIT 1")
            ).scalar_one()
            conn.execute(
                text("UPDATE events SET data = :data WHERE stream_id = :stream AND version = 3"),
                {"data": '{"forged":true}', "stream": stream},
            )
    finally:
        engine.dispose()

    result = runner.invoke(cli, ["verify"])

    assert result.exit_code == 1
    assert "BROKEN" in result.output
    assert stream in result.output
    assert "at version 3" in result.output


def test_error_when_verifying_a_game_that_does_not_exist(runner: CliRunner, upgraded: str) -> None:
    result = runner.invoke(cli, ["verify", "00000000-0000-4000-8000-000000000000"])

    assert result.exit_code == 1
    assert "no stream" in result.output


# An offline check of a file that is no record cannot call it unfair or bad (1): it is unverifiable (2).
@pytest.mark.parametrize(("command", "status"), [(["import"], 1), (["verify-dice"], 2), (["verify-record"], 2)])
def test_a_file_that_is_not_utf8_is_a_one_line_error_without_a_traceback(
    runner: CliRunner, upgraded: str, tmp_path: Path, command: list[str], status: int
) -> None:
    garbage = tmp_path / "game.jsonl.gz"
    garbage.write_bytes(gzip.compress(b'{"format": "annals-record"}\n'))

    result = runner.invoke(cli, [*command, str(garbage)])

    assert result.exit_code == status, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and "is not UTF-8 text" in result.output


def test_an_export_to_a_file_that_cannot_be_written_signs_nothing(
    runner: CliRunner, app: Flask, upgraded: str, tmp_path: Path
) -> None:
    runner.invoke(cli, ["samples", "load"])
    game = app.test_client().get("/api/v1/games").get_json()["items"][0]["id"]
    engine = make_engine(upgraded)
    try:
        with engine.connect() as conn:
            before = conn.execute(text("SELECT count(*) FROM checkpoints")).scalar_one()
        result = runner.invoke(cli, ["export", game, "-o", str(tmp_path / "missing" / "game.jsonl")])
        with engine.connect() as conn:
            after = conn.execute(text("SELECT count(*) FROM checkpoints")).scalar_one()
    finally:
        engine.dispose()

    assert result.exit_code == 1 and "Could not open file" in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert after == before


@pytest.mark.parametrize("command", ["verify-dice", "verify-record"])
@pytest.mark.parametrize("text", ['{"hello": "world"}\n', "not json at all\n", ""])
def test_offline_check_exits_2_unverifiable_when_the_file_is_not_a_record(
    runner: CliRunner, tmp_path: Path, command: str, text: str
) -> None:
    other = tmp_path / "notes.jsonl"
    other.write_text(text, encoding="utf-8")

    result = runner.invoke(cli, [command, str(other)])

    assert result.exit_code == 2, result.output
    assert "UNVERIFIABLE" in result.output and "Traceback" not in result.output
