"""A client generated from openapi.yaml works (issue 15, point 4): openapi-python-client writes it without a warning,
and it creates a game, records actions, exports and imports a record and reads a replay against `annals serve`
over real HTTP."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from service.openapi_actions import SPEC_PATH
from tests.e2e.annals_server import Served, serve_annals

CONFIG = Path(__file__).with_name("openapi_python_client.yaml")
PACKAGE = "annals_generated_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """The client package generated into a temporary folder, and everything the generator printed."""
    folder = tmp_path_factory.mktemp("client")
    tools = str(Path(sys.executable).parent)
    command = [
        os.path.join(tools, "openapi-python-client"),
        "generate",
        "--path",
        str(SPEC_PATH),
        "--config",
        str(CONFIG),
        "--meta",
        "none",
        "--output-path",
        str(folder / PACKAGE),
    ]
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600, check=False)
    sys.path.insert(0, str(folder))
    try:
        yield folder, done.stdout + done.stderr + f"\nexit {done.returncode}"
    finally:
        sys.path.remove(str(folder))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    database = tmp_path_factory.mktemp("served") / "annals.db"
    yield from serve_annals(f"sqlite:///{database}", 1)


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_the_generator_writes_every_operation_without_a_warning(generated: tuple[Path, str]) -> None:
    folder, printed = generated

    assert printed.rstrip().endswith("exit 0"), printed
    assert "Warning" not in printed and "WARNING" not in printed and "Unable" not in printed, printed
    for operation in ("create_game", "record_action", "import_game", "export_game", "replay_game", "get_game_pending"):
        assert (folder / PACKAGE / "api" / "games" / f"{operation}.py").is_file(), operation
    assert (folder / PACKAGE / "models" / "board_document.py").is_file()


def test_the_generated_client_creates_records_imports_and_replays_a_game(
    generated: tuple[Path, str], served: Served
) -> None:
    client_module, models, types = _module("client"), _module("models"), _module("types")
    with client_module.AuthenticatedClient(base_url=f"http://127.0.0.1:{served.port}", token=served.token) as client:
        _smoke(client, models, types)


def _smoke(client: Any, models: ModuleType, types: ModuleType) -> None:
    games = "api.games"

    created = _module(f"{games}.create_game").sync_detailed(
        client=client,
        body=models.GameCreate.from_dict({"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}]}),
    )
    assert created.status_code == 201, created.content
    game_id = created.parsed.id

    record_action = _module(f"{games}.record_action")
    for seat, to in (("red", "ford"), ("blue", "hill")):
        body = models.ActionRequest.from_dict({"type": "move", "seat": seat, "data": {"to": to}})
        recorded = record_action.sync_detailed(game_id, client=client, body=body)
        assert recorded.status_code == 201, recorded.content

    exported = _module(f"{games}.export_game").sync_detailed(game_id, client=client)
    assert exported.status_code == 200, exported.content
    record = types.File(payload=exported.content, mime_type="application/x-ndjson")
    imported = _module(f"{games}.import_game").sync_detailed(client=client, body=record)
    assert imported.status_code == 201, imported.content
    copy = imported.parsed.game
    assert copy != game_id

    replay = _module(f"{games}.replay_game").sync_detailed(copy, client=client)
    assert replay.status_code == 200, replay.content
    frames = json.loads(replay.content)["frames"]
    assert [f["version"] for f in frames] == [2, 3]
    pending = _module(f"{games}.get_game_pending").sync_detailed(copy, client=client)
    assert pending.status_code == 200 and {w.seat for w in pending.parsed.waiting} == {"red", "blue"}
