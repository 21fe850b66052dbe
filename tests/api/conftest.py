"""What the API behaviour tests share: problem-document checks and reads that bypass the API."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from service.store.tables import events
from tests.conftest import Api, _api, _make_app

PROBLEM_JSON = "application/problem+json"
SHA256_HEX = re.compile(r"^[0-9a-f]{64}$")
RFC3339_UTC = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$")


def assert_problem(response: TestResponse, status: int, slug: str | None = None) -> dict[str, Any]:
    """An RFC 9457 problem document with this status (and problem type, when given); returns its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM_JSON
    body: dict[str, Any] = response.get_json()
    assert body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert "Traceback" not in response.get_data(as_text=True)
    if slug is not None:
        assert body["type"] == f"/api/v1/problems/{slug}"
    return body


def assert_refused(response: TestResponse, rule_id: str) -> dict[str, Any]:
    """A 422 rule-violation problem citing `rule_id` as its rule and among its violations."""
    body = assert_problem(response, 422, "rule-violation")
    assert body["rule"]["id"] == rule_id
    assert isinstance(body["rule"]["summary"], str) and body["rule"]["summary"]
    assert "source_quote" in body["rule"]
    assert rule_id in [v["rule_id"] for v in body["violations"]]
    return body


def total_events(api: Api) -> int:
    """How many events the store holds in all streams (read from the table, not through the API)."""
    with api.services.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(events)).scalar_one())


def stored_events(api: Api, game_id: str) -> list[dict[str, Any]]:
    """A game's events as stored, oldest first (read from the store, not through the API)."""
    return [e.to_json() for e in api.services.store.read(f"game:{game_id}")]


def bearer(token: str) -> dict[str, str]:
    """An Authorization header for a raw token value."""
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def off_contract(tmp_path: Path) -> Iterator[Api]:
    """The app for requests the contract cannot describe (unknown routes and methods, failures)."""
    app = _make_app(f"sqlite:///{tmp_path / 'annals.db'}")
    yield _api(app)
    app.extensions["annals"].close()
