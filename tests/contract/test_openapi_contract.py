"""The API and openapi.yaml describe each other: every route is specified, every operation routed."""

from __future__ import annotations

import functools
import re
from typing import Any

import yaml
from flask import Flask, Response, jsonify

from tests import spec_validation
from tests.conftest import Api
from tests.spec_validation import SPEC_PATH

HTTP_METHODS = {"get", "post", "put", "patch", "delete"}


@functools.cache
def _spec() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    return found


def _spec_operations() -> set[tuple[str, str]]:
    document = _spec()
    return {
        (method.upper(), path) for path, item in document["paths"].items() for method in item if method in HTTP_METHODS
    }


def _routed_operations(app: Flask) -> set[tuple[str, str]]:
    found = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1") or rule.endpoint.startswith("api_docs."):
            # the web viewer's pages and static files (service/web) and the interactive API page (Swagger UI's
            # files at /api/v1/docs) are not API operations
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods or ():
            if method.lower() in HTTP_METHODS:
                found.add((method, path))
    return found


def test_every_route_is_in_the_spec_when_the_app_is_built(app: Flask) -> None:
    missing = _routed_operations(app) - _spec_operations()
    assert not missing, f"routes missing from openapi.yaml: {sorted(missing)}"


def test_every_spec_operation_is_routed_when_the_app_is_built(app: Flask) -> None:
    unrouted = _spec_operations() - _routed_operations(app)
    assert not unrouted, f"openapi.yaml operations with no route: {sorted(unrouted)}"


def test_spec_is_served_when_requested(app: Flask) -> None:
    response = app.test_client().get("/api/v1/openapi.yaml")
    assert response.status_code == 200
    assert yaml.safe_load(response.data)["openapi"].startswith("3.1")


def test_response_validation_reports_a_mismatch_when_a_body_breaks_the_spec() -> None:
    rogue = Flask("rogue")

    @rogue.get("/api/v1/health")
    def health() -> Response:
        return jsonify({"status": "ok"})  # lacks database, version, schema_revision

    failures = spec_validation.attach(rogue)
    rogue.test_client().get("/api/v1/health")
    assert len(failures) == 1 and "GET /api/v1/health" in failures[0]


def test_responses_match_the_spec_when_a_game_is_played(api: Api) -> None:
    game = api.create_game(dice="table", mode="transcript")
    gid = game["id"]
    assert api.act(gid, type="note", seat="red", data={"text": "hi"}).status_code == 201
    assert api.act(gid, type="roll", seat="red", data={"count": 2, "dice": [1, 2, 3]}).status_code == 201
    assert api.act(gid, type="Bad", seat="red").status_code == 422
    assert api.act(gid, headers={"If-Match": '"1"'}, type="note", seat="red").status_code == 412
    assert api.act(gid, role=None, type="note", seat="red").status_code == 401
    for path in (
        "/api/v1/health",
        "/api/v1/rulesets",
        "/api/v1/rulesets/freeform",
        "/api/v1/rulesets/freeform/rules",
        "/api/v1/rulesets/freeform/rules/FF-ROLL-1",
        "/api/v1/rulesets/nope",
        "/api/v1/games",
        f"/api/v1/games/{gid}",
        f"/api/v1/games/{gid}/events",
        f"/api/v1/games/{gid}/state?at=2",
        f"/api/v1/games/{gid}/verify",
        "/api/v1/boards",
    ):
        assert api.client.get(path).status_code < 500
    assert not api.app.extensions["spec_failures"], api.app.extensions["spec_failures"]


def test_every_operation_lists_the_401_it_answers_when_the_token_sent_is_unknown(api: Api) -> None:
    """README, Tokens: a token sent but unknown, revoked or expired is a 401 on every request, public reads and
    the token-less redeem included; each operation's responses say so (a bare `default` tells a client nothing)."""
    unlisted = []
    for method, path in sorted(_spec_operations()):
        url = re.sub(r"\{[^}]+\}", "1", path)
        response = api.client.open(
            url,
            method=method,
            json={} if method in {"POST", "PATCH"} else None,
            headers={"Authorization": "Bearer nope"},
        )
        assert response.status_code == 401, (method, path, response.status_code)
        assert response.mimetype == "application/problem+json"
        if "401" not in _spec()["paths"][path][method.lower()]["responses"]:
            unlisted.append(f"{method} {path}")
    assert not unlisted, f"operations whose responses do not list their 401: {unlisted}"
