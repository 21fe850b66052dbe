"""The README curl session over real HTTP: waitress on a loopback port, a plain urllib client."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from waitress.server import BaseWSGIServer, create_server

from service.cli import cli
from tests.conftest import Api, _api

JOIN_TIMEOUT = 10.0


@dataclass(frozen=True)
class Reply:
    """One HTTP response, read fully and closed; header names in lower case (HTTP names are case-blind)."""

    status: int
    headers: dict[str, str]
    body: Any


@pytest.fixture
def served(app: Flask) -> Iterator[tuple[str, Api]]:
    """The app behind waitress on a free loopback port, and the tokens to call it with."""
    server = create_server(app, host="127.0.0.1", port=0, threads=2, ident="annals-test")
    assert isinstance(server, BaseWSGIServer)  # one address to listen on: one server, not a MultiSocketServer
    _, port = server.getsockname()
    thread = threading.Thread(target=server.run, name="waitress", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}", _api(app)
    finally:
        # Let the worker threads finish (each wakes the loop when done), then close from the loop's own
        # thread (a trigger thunk): closing from here would pull descriptors from under its select().
        server.task_dispatcher.shutdown()
        # types-waitress declares `trigger` an int; it is waitress.trigger.trigger, whose pull_trigger(thunk)
        # calls thunk() with no argument on the loop's thread (the stub's own signature wants one argument).
        server.trigger.pull_trigger(server.close)  # type: ignore[attr-defined]
        thread.join(JOIN_TIMEOUT)
        assert not thread.is_alive(), "waitress did not stop"


def _call(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None) -> Reply:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return Reply(response.status, _lower(response.headers), _decode(response.read(), response.headers))
    except urllib.error.HTTPError as error:
        with error:
            return Reply(error.code, _lower(error.headers), _decode(error.read(), error.headers))


def _lower(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


def _decode(raw: bytes, headers: Any) -> Any:
    kind = headers.get("Content-Type", "")
    return json.loads(raw) if "json" in kind and "ndjson" not in kind else raw.decode()


def test_the_readme_session_works_when_replayed_over_real_http(
    served: tuple[str, Api], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, api = served
    b = f"{base}/api/v1"
    monkeypatch.setenv("DATABASE_URL", api.app.config["DATABASE_URL"])
    minted = CliRunner().invoke(cli, ["token", "create", "--role", "organiser", "--label", "scorekeeper"])
    assert minted.exit_code == 0, minted.output
    auth = {"Authorization": f"Bearer {minted.stdout.strip().splitlines()[-1]}"}

    created = _call(
        "POST",
        f"{b}/games",
        {
            "ruleset": "freeform",
            "title": "Club night, table 3",
            "seats": [{"seat": "red"}, {"seat": "blue"}],
            "dice": "server",
        },
        auth,
    )
    assert created.status == 201, created.body
    assert created.headers["etag"] == '"1"'
    game = created.body["id"]
    assert created.headers["location"].endswith(f"/api/v1/games/{game}")
    actions = f"{b}/games/{game}/actions"

    at_one = {**auth, "If-Match": '"1"'}
    moved = _call("POST", actions, {"type": "move", "seat": "red", "data": {"from": "pest", "to": "buda"}}, at_one)
    assert moved.status == 201, moved.body
    assert moved.headers["etag"] == '"2"'
    assert moved.body["version"] == 2
    assert moved.body["events"][0]["hash"] and moved.body["events"][0]["notation"]

    stale = _call("POST", actions, {"type": "move", "seat": "blue", "data": {"from": "eger", "to": "vac"}}, at_one)
    assert stale.status == 412
    assert stale.headers["content-type"] == "application/problem+json"
    assert stale.headers["etag"] == '"2"'
    assert stale.body["type"] == "/api/v1/problems/wrong-expected-version"
    assert stale.body["current_version"] == 2

    roll = {"type": "roll", "seat": "blue", "data": {"count": 2, "purpose": "attack"}}
    keyed = {**auth, "Idempotency-Key": "roll-7f3a"}
    rolled = _call("POST", actions, roll, keyed)
    replayed = _call("POST", actions, roll, keyed)
    assert rolled.status == replayed.status == 201
    assert "idempotent-replayed" not in rolled.headers
    assert replayed.headers["idempotent-replayed"] == "true"
    assert replayed.body["version"] == rolled.body["version"] == 3
    assert replayed.body["events"][0]["data"]["faces"] == rolled.body["events"][0]["data"]["faces"]
    assert replayed.body["events"][0]["hash"] == rolled.body["events"][0]["hash"]

    refused = _call("POST", actions, {"type": "Bad", "seat": "red"}, auth)
    assert refused.status == 422
    assert refused.headers["content-type"] == "application/problem+json"
    assert refused.body["rule"]["id"] == "FF-ACTION-1"

    earlier = _call("GET", f"{b}/games/{game}/state?at=2")
    assert earlier.status == 200
    assert earlier.headers["etag"] == '"2"'
    assert (earlier.body["game"], earlier.body["version"], earlier.body["viewer"]) == (game, 2, "spectator")
    assert earlier.body["state"]["rules"]["counts"] == {"move": 1}

    events = _call("GET", f"{b}/games/{game}/events")
    assert events.status == 200
    assert [e["version"] for e in events.body["items"]] == [1, 2, 3]

    ndjson = _call("GET", f"{b}/games/{game}/events?after=1", headers={"Accept": "application/x-ndjson"})
    assert ndjson.headers["content-type"].startswith("application/x-ndjson")
    assert [json.loads(line)["version"] for line in ndjson.body.splitlines()] == [2, 3]

    verified = _call("GET", f"{b}/games/{game}/verify")
    assert verified.status == 200
    assert (verified.body["ok"], verified.body["events"], verified.body["first_broken"]) == (True, 3, None)
    assert verified.body["head"] == rolled.body["events"][-1]["hash"]


def test_problem_documents_when_errors_travel_over_real_http(served: tuple[str, Api]) -> None:
    base, _ = served

    missing = _call("GET", f"{base}/api/v1/games/00000000-0000-4000-8000-000000000000")
    anonymous_write = _call("POST", f"{base}/api/v1/games", {"ruleset": "freeform", "seats": [{"seat": "red"}]})

    assert missing.status == 404
    assert missing.body["type"].endswith("/game-not-found")
    assert missing.headers["content-type"] == "application/problem+json"
    assert anonymous_write.status == 401
    assert anonymous_write.headers["www-authenticate"].startswith("Bearer")
    assert anonymous_write.headers["content-type"] == "application/problem+json"
