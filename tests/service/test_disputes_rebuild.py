"""The disputes read model is a cache of the dispute streams: rebuilding it gives the same rows."""

from __future__ import annotations

from click.testing import CliRunner
from flask import Flask
from pytest import MonkeyPatch
from sqlalchemy import select, text

from service.cli import cli
from service.disputes import rebuild_disputes
from service.store.tables import dispute_rules, disputes
from tests.conftest import Api


def _rows(api: Api) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    with api.services.engine.connect() as conn:
        found = [dict(r._mapping) for r in conn.execute(select(disputes).order_by(disputes.c.dispute_id))]
        cited = [
            dict(r._mapping)
            for r in conn.execute(select(dispute_rules).order_by(dispute_rules.c.dispute_id, dispute_rules.c.rule_id))
        ]
    return found, cited


def _disputed(api: Api) -> None:
    """Two disputes on one game: one overturned, then appealed; one still open."""
    game = api.create_game(mode="transcript", dice="table")["id"]
    api.act(game, "organiser", type="roll", seat="red", data={"count": 1, "dice": [6, 6]})
    api.act(game, "organiser", type="move", seat="blue", data={"to": "a1"})
    arbiter = api.headers("arbiter")
    opened = api.client.post(
        f"/api/v1/games/{game}/disputes", json={"version": 2, "claim": "two faces"}, headers=arbiter
    ).get_json()["id"]
    ruling = {"decision": "overturned", "reasoning": "one die", "rule_ids": ["CORE-DICE-1"]}
    assert api.client.post(f"/api/v1/disputes/{opened}/ruling", json=ruling, headers=arbiter).status_code == 201
    appeal = {"claim": "the 6 stands", "rule_ids": ["FF-ROLL-1"]}
    assert api.client.post(f"/api/v1/disputes/{opened}/appeal", json=appeal, headers=arbiter).status_code == 201
    second = {"version": 3, "claim": "blue moved out of turn"}
    assert api.client.post(f"/api/v1/games/{game}/disputes", json=second, headers=arbiter).status_code == 201


def test_dispute_rows_are_identical_when_rebuilt_from_the_log(any_api: Api) -> None:
    _disputed(any_api)
    before = _rows(any_api)

    assert rebuild_disputes(any_api.services).disputes == 2

    assert _rows(any_api) == before
    assert sorted(str(row["status"]) for row in before[0]) == ["open", "open"]
    assert sorted(str(row["rule_id"]) for row in before[1]) == ["CORE-DICE-1", "FF-ROLL-1"]


def test_cli_rebuild_counts_the_disputes_when_run(api: Api, app: Flask, monkeypatch: MonkeyPatch) -> None:
    _disputed(api)
    monkeypatch.setenv("DATABASE_URL", app.config["DATABASE_URL"])

    result = CliRunner().invoke(cli, ["rebuild"])

    assert result.exit_code == 0, result.output
    assert "rebuilt 2 dispute(s)" in result.output


def test_cli_rebuild_reports_refused_and_keeps_the_row_when_a_dispute_stream_was_tampered_with(
    api: Api, app: Flask, monkeypatch: MonkeyPatch
) -> None:
    _disputed(api)
    before = _rows(api)
    stream = next(s for s in api.services.store.stream_ids("dispute:"))
    with api.services.engine.begin() as conn:
        conn.execute(text("DROP TRIGGER IF EXISTS events_refuse_update"))
        conn.execute(
            text("UPDATE events SET data = replace(data, 'faces', 'FACES') WHERE stream_id = :s AND version = 1"),
            {"s": stream},
        )
        conn.execute(
            text("UPDATE events SET data = replace(data, 'moved', 'MOVED') WHERE stream_id = :s AND version = 1"),
            {"s": stream},
        )
    monkeypatch.setenv("DATABASE_URL", app.config["DATABASE_URL"])

    result = CliRunner().invoke(cli, ["rebuild"])

    assert result.exit_code == 1, result.output
    assert f"REFUSED  {stream}  dispute row kept: broken-chain" in result.output
    assert _rows(api) == before
    assert rebuild_disputes(api.services, accept_tampered=True).disputes == 2
