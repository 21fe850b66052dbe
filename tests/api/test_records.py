"""The record format through HTTP (DESIGN §10): export, import under a new or the same id, refusals."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from flask import Flask

from service import cli_records
from service.auth import Principal
from service.cli import cli
from service.records import import_record
from service.samples import game_of, load_sample, sample_name, sample_paths
from tests.api.conftest import assert_problem
from tests.conftest import BACKENDS, Api, _api, _finish, _make_app

NDJSON = "application/x-ndjson"
# What an import under a new id changes, by rule: ids, event ids and the chain links that cover them.
RENAMED = ("event_id", "prev_hash", "hash")


@pytest.fixture(params=BACKENDS)
def make_api(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Callable[[str], Api]]:
    """Apps on fresh databases of one backend; every response is checked against openapi.yaml."""
    made: list[Flask] = []

    def url(name: str) -> str:
        if request.param == "postgresql":
            factory: Callable[[], str] = request.getfixturevalue("postgres_database_factory")
            return factory()
        return f"sqlite:///{tmp_path / name}.db"

    def build(name: str) -> Api:
        app = _make_app(url(name))
        made.append(app)
        return _api(app)

    yield build
    for app in made:
        _finish(app)


@pytest.fixture
def api(make_api: Callable[[str], Api]) -> Api:
    return make_api("main")


def _recorded_game(api: Api) -> str:
    """A freeform game with moves, a table-dice roll, a sealed round and its reveal."""
    game = api.create_game(dice="table", title="club night")["id"]
    for action in (
        {"type": "move", "seat": "red", "data": {"to": "ford"}},
        {"type": "roll", "seat": "red", "data": {"count": 3, "purpose": "attack", "dice": [6, 4, 2]}},
        {"type": "open_sealed", "seat": None, "data": {"round": "bids"}},
    ):
        response = api.send_action(game, action)
        assert response.status_code == 201, response.get_json()
    for seat, bid in (("red", 2), ("blue", 3)):
        response = api.client.post(
            f"/api/v1/games/{game}/sealed",
            json={"seat": seat, "round": "bids", "payload": {"bid": bid}},
            headers=api.headers(),
        )
        assert response.status_code == 201, response.get_json()
    return str(game)


def _export(api: Api, game_id: str, role: str | None = "admin", fmt: str = "jsonl") -> str:
    response = api.client.get(f"/api/v1/games/{game_id}/export?format={fmt}", headers=api.headers(role))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_data(as_text=True)


def _import(api: Api, text: str, keep_id: bool = False, role: str = "admin") -> Any:
    return api.client.post(
        f"/api/v1/games/import?keep_id={'true' if keep_id else 'false'}",
        data=text.encode("utf-8"),
        headers=api.headers(role, **{"Content-Type": NDJSON}),
    )


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def _without_ids(text: str, game_id: str) -> list[dict[str, Any]]:
    """The record with the game id replaced by a placeholder and the chain links taken out.

    A server-dice game imported under a new id also keeps the id its dice were rolled under.
    """
    header, *events = _lines(text.replace(game_id, "GAME"))
    header["game"].pop("last_hash")
    header.pop("checkpoint")  # the signed head of the chain, which the new id changes
    events[0]["data"].pop("dice_game_id", None)
    return [header, *[{k: v for k, v in e.items() if k not in RENAMED} for e in events]]


def test_export_is_a_header_and_one_line_per_event_when_a_game_is_exported(api: Api) -> None:
    game = _recorded_game(api)

    response = api.client.get(f"/api/v1/games/{game}/export")

    assert response.status_code == 200
    assert response.mimetype == NDJSON
    header, *events = _lines(response.get_data(as_text=True))
    assert header["format"] == "annals-record" and header["format_version"] == 1
    assert header["game"]["id"] == game and header["board"] is None
    assert [e["version"] for e in events] == list(range(1, header["game"]["version"] + 1))
    assert events == [
        {k: e[k] for k in events[0]} for e in api.client.get(f"/api/v1/games/{game}/events").get_json()["items"]
    ]


def test_import_creates_an_equal_game_under_a_new_id_when_keep_id_is_false(api: Api) -> None:
    game = _recorded_game(api)
    exported = _export(api, game)

    response = _import(api, exported)

    assert response.status_code == 201, response.get_json()
    report = response.get_json()
    new_id = report["game"]
    assert new_id != game
    assert response.headers["Location"] == f"/api/v1/games/{new_id}"
    assert report["chain_ok"] is True
    assert report["events"] == report["version"] == len(exported.splitlines()) - 1
    assert report["findings"] == {"consistent": 5, "deviates": 0, "unverifiable": 0}
    assert report["deviations"] == [] and report["dice_seed_available"] is True
    assert api.client.get(f"/api/v1/games/{new_id}/verify").get_json()["ok"] is True
    original = api.client.get(f"/api/v1/games/{game}/events").get_json()["items"]
    imported = api.client.get(f"/api/v1/games/{new_id}/events").get_json()["items"]
    unchanged = ("version", "type", "schema_version", "metadata", "recorded_at")
    assert [{k: e[k] for k in unchanged} for e in imported] == [{k: e[k] for k in unchanged} for e in original]
    assert imported[0]["data"] == {**original[0]["data"], "game_id": new_id}
    assert [e["data"] for e in imported[1:]] == [e["data"] for e in original[1:]]
    assert not {e["event_id"] for e in imported} & {e["event_id"] for e in original}
    assert _without_ids(_export(api, new_id), new_id) == _without_ids(exported, game)


def test_the_new_game_takes_further_actions_when_imported(api: Api) -> None:
    new_id = _import(api, _export(api, _recorded_game(api))).get_json()["game"]

    response = api.act(new_id, type="note", data={"text": "continued elsewhere"})

    assert response.status_code == 201, response.get_json()
    assert api.client.get(f"/api/v1/games/{new_id}/verify").get_json()["ok"] is True


def test_export_is_byte_identical_when_imported_with_keep_id_into_a_fresh_database(
    api: Api, make_api: Callable[[str], Api]
) -> None:
    game = _recorded_game(api)
    exported = _export(api, game)
    other = make_api("other")

    response = _import(other, exported, keep_id=True)

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["game"] == game
    assert _export(other, game) == exported
    assert _export(other, game, fmt="text") == _export(api, game, fmt="text")


def test_import_with_keep_id_is_a_conflict_when_the_game_exists(api: Api) -> None:
    game = _recorded_game(api)

    response = _import(api, _export(api, game), keep_id=True)

    body = assert_problem(response, 409, "conflict")
    assert game in body["detail"]


def test_import_is_refused_naming_the_version_when_the_record_was_tampered_with(api: Api) -> None:
    game = _recorded_game(api)
    lines = _export(api, game).splitlines()
    roll = next(i for i, line in enumerate(lines) if '"DiceRolled"' in line)
    lines[roll] = lines[roll].replace('"faces":[6,4,2]', '"faces":[6,6,6]')
    before = len(api.client.get("/api/v1/games").get_json()["items"])

    response = _import(api, "\n".join(lines) + "\n")

    body = assert_problem(response, 422, "unprocessable")
    assert f"version {roll}" in body["detail"]
    assert len(api.client.get("/api/v1/games").get_json()["items"]) == before


@pytest.mark.parametrize(
    ("field", "claimed"),
    [("ruleset", "nope"), ("seats", "str"), ("mode", "transcript"), ("options", {"x": 1}), ("dice", "server")],
)
def test_import_is_422_naming_the_header_field_when_the_header_disagrees_with_game_created(
    api: Api, field: str, claimed: Any
) -> None:
    header, *rest = _export(api, _recorded_game(api)).splitlines()
    changed = json.loads(header)
    changed["game"][field] = claimed
    before = len(api.client.get("/api/v1/games").get_json()["items"])

    response = _import(api, "\n".join([json.dumps(changed), *rest]) + "\n")

    body = assert_problem(response, 422, "unprocessable")
    assert list(body["errors"]) == [f"header.game.{field}"] and f"game.{field}" in body["detail"]
    assert len(api.client.get("/api/v1/games").get_json()["items"]) == before


def test_import_ignores_the_headers_title_and_status_which_game_created_does_not_fix(api: Api) -> None:
    header, *rest = _export(api, _recorded_game(api)).splitlines()
    changed = json.loads(header)
    changed["game"].update(title="renamed for the club bulletin", status="ended")

    response = _import(api, "\n".join([json.dumps(changed), *rest]) + "\n")

    assert response.status_code == 201, response.get_json()


def test_import_is_refused_naming_the_line_when_a_line_is_not_json(api: Api) -> None:
    lines = _export(api, _recorded_game(api)).splitlines()
    lines[2] = "{oops"

    body = assert_problem(_import(api, "\n".join(lines)), 422, "unprocessable")

    assert "line 3" in body["detail"]
    assert "line 3" in body["errors"]


@pytest.mark.parametrize("value", ["1e999", '"\\ud800"'], ids=["infinity", "lone-surrogate"])
def test_import_is_refused_naming_the_line_when_a_line_holds_what_json_cannot_write_back(api: Api, value: str) -> None:
    # Both read (1e999 as infinity, a lone surrogate as a str), but neither can be hashed as canonical UTF-8 JSON.
    lines = _export(api, _recorded_game(api)).splitlines()
    assert '"data":{' in lines[2]
    lines[2] = lines[2].replace('"data":{', f'"data":{{"x":{value},', 1)
    before = len(api.client.get("/api/v1/games").get_json()["items"])

    body = assert_problem(_import(api, "\n".join(lines)), 422, "unprocessable")

    assert "line 3" in body["errors"] and "canonical JSON" in body["detail"]
    assert len(api.client.get("/api/v1/games").get_json()["items"]) == before


def test_text_export_has_one_line_per_event_when_format_is_text(api: Api) -> None:
    game = _recorded_game(api)

    response = api.client.get(f"/api/v1/games/{game}/export?format=text")

    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/plain; charset=utf-8"
    lines = response.get_data(as_text=True).splitlines()
    version = api.client.get(f"/api/v1/games/{game}").get_json()["version"]
    assert [line.split(". ", 1)[0] for line in lines] == [str(v) for v in range(1, version + 1)]
    assert "3. red rolls 3d6: 6 4 2" in lines


def test_export_is_a_bad_request_when_the_format_is_unknown(api: Api) -> None:
    game = _recorded_game(api)

    assert_problem(api.client.get(f"/api/v1/games/{game}/export?format=pgn"), 400, "bad-request")


def test_export_is_not_found_when_the_game_is_private_and_the_caller_anonymous(api: Api) -> None:
    game = api.create_game(visibility="private")["id"]

    assert_problem(api.client.get(f"/api/v1/games/{game}/export"), 404, "game-not-found")
    assert _export(api, game, role="viewer")


def test_import_is_forbidden_when_the_token_is_a_viewer(api: Api) -> None:
    exported = _export(api, _recorded_game(api))

    assert_problem(_import(api, exported, role="viewer"), 403, "forbidden")
    assert_problem(api.client.post("/api/v1/games/import", data=exported, content_type=NDJSON), 401)


def test_import_is_allowed_when_the_token_is_an_organiser(api: Api) -> None:
    response = _import(api, _export(api, _recorded_game(api)), role="organiser")

    assert response.status_code == 201, response.get_json()


def test_unfinished_server_dice_game_imports_as_unverifiable_when_the_seed_is_secret(api: Api) -> None:
    game = api.create_game(dice="server")["id"]
    assert api.act(game, type="roll", seat="red", data={"count": 2}).status_code == 201
    assert api.act(game, type="move", seat="blue", data={"to": "hill"}).status_code == 201

    report = _import(api, _export(api, game)).get_json()

    assert report["findings"] == {"consistent": 1, "deviates": 0, "unverifiable": 1}
    assert report["unverifiable"][0]["version"] == 2
    assert report["dice_seed_available"] is False
    rolled_again = api.act(report["game"], type="roll", seat="red", data={"count": 1})
    assert_problem(rolled_again, 409, "conflict")
    assert "seed" in rolled_again.get_json()["detail"]
    noted = api.act(report["game"], type="move", seat="red", data={"to": "ford"})
    assert noted.status_code == 201  # the game goes on; only its server dice cannot roll here
    ended = api.act(report["game"], type="end_game", data={"winners": ["red"]})
    assert [e["type"] for e in ended.get_json()["events"]] == ["GameEnded"]  # no seed to reveal here


@pytest.mark.parametrize("sample", sample_paths(), ids=sample_name)
def test_sample_game_round_trips_when_exported_and_imported(
    sample: Path, api: Api, make_api: Callable[[str], Api]
) -> None:
    game = game_of(load_sample(api.services, sample))
    other = make_api("samples")
    exported = _export(api, game)

    renamed = _import(api, exported).get_json()
    kept = _import(other, exported, keep_id=True)

    assert renamed["chain_ok"] is True and renamed["deviations"] == [], renamed
    assert renamed["findings"]["deviates"] == renamed["findings"]["unverifiable"] == 0, renamed
    assert _without_ids(_export(api, renamed["game"]), renamed["game"]) == _without_ids(exported, game)
    assert kept.status_code == 201, kept.get_json()
    assert _export(other, game) == exported
    again = _import(api, _export(api, renamed["game"])).get_json()
    assert again["findings"] == renamed["findings"], again


def test_import_with_keep_id_is_refused_when_the_game_id_is_not_a_uuid(api: Api) -> None:
    game = _recorded_game(api)
    text = _export(api, game).replace(game, "not-a-uuid")

    body = assert_problem(_import(api, text, keep_id=True), 422, "unprocessable")

    assert "not-a-uuid" in body["detail"]


def test_cli_exports_and_imports_a_record_when_run_on_a_database(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    group = click.Group("annals", commands={"db": cli.commands["db"], "samples": cli.commands["samples"]})
    group.add_command(cli_records.export_command)
    group.add_command(cli_records.import_command)
    runner = CliRunner()
    assert runner.invoke(group, ["db", "upgrade"]).exit_code == 0
    loaded = runner.invoke(group, ["samples", "load"])
    club_night = next(line for line in loaded.output.splitlines() if "freeform_club_night" in line)
    game = game_of(club_night)
    record = tmp_path / "game.jsonl"

    exported = runner.invoke(group, ["export", game, "-o", str(record)])
    text = runner.invoke(group, ["export", game, "--format", "text"])
    imported = runner.invoke(group, ["import", str(record)])
    again = runner.invoke(group, ["import", str(record), "--keep-id"])

    assert exported.exit_code == 0, exported.output
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["format"] == "annals-record" and header["board"] is None
    assert header["checkpoint"]["stream"] == f"game:{game}" and header["checkpoint"]["kind"] == "stream"
    assert text.exit_code == 0 and "2. " in text.output
    assert imported.exit_code == 0, imported.output
    report = json.loads(imported.stdout.strip().splitlines()[-1])
    assert report["chain_ok"] is True and report["findings"]["deviates"] == 0
    assert again.exit_code == 1 and "exists already" in again.output


def test_board_travels_with_the_record_when_imported_into_a_fresh_database(
    api: Api, make_api: Callable[[str], Api]
) -> None:
    board = {
        "name": "Ford",
        "areas": [{"id": "north-bank"}, {"id": "ford"}],
        "edges": [{"a": "north-bank", "b": "ford"}],
    }
    game = api.create_game(board=board)["id"]
    assert api.act(game, type="move", seat="red", data={"to": "ford"}).status_code == 201
    exported = _export(api, game)
    other = make_api("boards")

    response = _import(other, exported, keep_id=True)

    assert response.status_code == 201, response.get_json()
    assert json.loads(exported.splitlines()[0])["board"]["name"] == "Ford"
    assert _export(other, game) == exported
    board_id = other.client.get(f"/api/v1/games/{game}").get_json()["board"]
    assert other.client.get(f"/api/v1/boards/{board_id}").status_code == 200


def test_verify_dice_reads_only_the_export_when_given_a_file(api: Api, tmp_path: Any) -> None:
    from click.testing import CliRunner

    from service.cli import cli

    ended = api.create_game(dice="server")["id"]
    assert api.act(ended, type="roll", seat="red", data={"count": 4}).status_code == 201
    assert api.act(ended, type="end_game", data={"winners": ["red"]}).status_code == 201
    running = api.create_game(dice="server")["id"]
    assert api.act(running, type="roll", seat="blue", data={"count": 2}).status_code == 201
    fair, unfinished, broken = tmp_path / "fair.jsonl", tmp_path / "running.jsonl", tmp_path / "broken.jsonl"
    fair.write_text(_export(api, ended), encoding="utf-8")
    unfinished.write_text(_export(api, running), encoding="utf-8")
    lines = _export(api, ended).splitlines()
    rolled = next(i for i, line in enumerate(lines) if '"type":"DiceRolled"' in line)
    lines[rolled] = lines[rolled].replace('"faces":[', '"faces":[9,', 1)
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    runner = CliRunner()

    assert runner.invoke(cli, ["verify-dice", str(fair)]).exit_code == 0
    assert "FAIR" in runner.invoke(cli, ["verify-dice", str(fair)]).output
    assert runner.invoke(cli, ["verify-dice", str(unfinished)]).exit_code == 2
    tampered = runner.invoke(cli, ["verify-dice", str(broken)])
    assert tampered.exit_code == 1 and "BROKEN" in tampered.output


def test_import_reports_progress_for_every_event_when_given_a_callback(api: Api) -> None:
    game = _recorded_game(api)
    lines = _export(api, game).splitlines()
    ticks: list[int] = []

    report = import_record(api.services, Principal("test", "admin"), lines, keep_id=False, progress=ticks.append)

    assert sum(ticks) == report.events == len(lines) - 1
    assert len(ticks) > 1, "one tick for the whole import is not progress"
