"""Property-based run of the API against its own spec: no 5xx, every response conforms.

Each spec operation is one test; the cases come from schemathesis' strategy for that operation,
sent to an app that has a game in it and an admin token (so writes get past authentication).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import func, select

from service.store.tables import api_tokens, boards, events, idempotency_keys, players
from tests.conftest import Api, _api, _finish, _make_app
from tests.spec_validation import SPEC_PATH

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@schemathesis.serializer("application/x-ndjson")
def _ndjson(_context: Any, value: Any) -> bytes:
    """An NDJSON body (a record to import) is lines of JSON: a string as it is, anything else one line."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    if isinstance(value, bytes):
        return value
    return (json.dumps(value) + "\n").encode("utf-8")


OPERATIONS = sorted(
    (method.upper(), path)
    for path, item in yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))["paths"].items()
    for method in item
    if method in {"get", "post", "put", "patch", "delete"}
)


WRITTEN = (events, players, boards, api_tokens, idempotency_keys)


def _rows(api: Api) -> tuple[int, ...]:
    """How many rows each table a write may touch holds."""
    with api.services.engine.connect() as conn:
        return tuple(int(conn.execute(select(func.count()).select_from(t)).scalar_one()) for t in WRITTEN)


@pytest.fixture
def fuzzed_api(tmp_path: Any) -> Any:
    api = _api(_make_app(f"sqlite:///{tmp_path / 'fuzz.db'}"))
    api.app.config["FUZZ_GAME"] = api.create_game(title="fuzz target", dice="table")["id"]
    yield api
    # Schemathesis sends deliberately odd requests; the contract hook still sees each response.
    _finish(api.app)


@pytest.mark.slow
@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_no_server_error_and_conformant_responses_when_fuzzed(method: str, path: str, fuzzed_api: Api) -> None:
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.yaml", fuzzed_api.app)
    operation = schema[path][method]
    headers = fuzzed_api.headers("admin")
    game_id = fuzzed_api.app.config["FUZZ_GAME"]

    def aim_at_the_game(case: Any) -> Any:
        if case.path_parameters and "game_id" in case.path_parameters:
            case.path_parameters["game_id"] = game_id
        if path.endswith("/stream"):
            case.query = {**(case.query or {}), "timeout": 0}  # a live stream would hold each case 55 s
        return case

    @given(case=operation.as_strategy().map(aim_at_the_game))
    # Under CI the cases are the same on every run (a gate that does not change by chance); local runs
    # draw new ones each time and keep finding what the fixed set misses.
    @settings(
        max_examples=30,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        derandomize=os.environ.get("CI") == "true",
    )
    def run(case: Any) -> None:
        before = _rows(fuzzed_api)
        response = case.call_and_validate(headers=headers, checks=CHECKS)
        if response.status_code >= 400:  # a refused request writes nothing (issue 16)
            assert _rows(fuzzed_api) == before, f"{response.status_code} after writing: {case.as_curl_command()}"

    run()
