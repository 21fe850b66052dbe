"""Shared fixtures: an app per backend (SQLite file, real PostgreSQL), clients, tokens, players."""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service import create_app
from service.clock import isoformat
from service.store import players, tokens
from service.store.engine import make_engine
from service.store.migrate import upgrade
from service.wiring import Services
from tests import spec_validation

pytest_plugins = ["tests.pg_fixtures"]


@pytest.fixture(scope="session", autouse=True)
def signing_key_outside_the_repository(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every app and command of the run signs with one key in a temporary folder, never in instance/; each
    database gets its own witness file there (named after its URL)."""
    import os

    folder = tmp_path_factory.mktemp("keys")
    names = ("ANNALS_SIGNING_KEY_FILE", "ANNALS_SIGNING_KEY", "ANNALS_KEYRING_DIR", "ANNALS_WITNESS_FILE")
    saved = {name: os.environ.get(name) for name in names}
    os.environ["ANNALS_SIGNING_KEY_FILE"] = str(folder / "signing-key.pem")
    os.environ.pop("ANNALS_SIGNING_KEY", None)
    os.environ.pop("ANNALS_KEYRING_DIR", None)
    os.environ.pop("ANNALS_WITNESS_FILE", None)
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


class SeededEntropy:
    """Deterministic 'randomness' for tests that need to predict seeds and salts."""

    def __init__(self, seed: int = 7) -> None:
        import random

        self._random = random.Random(seed)

    def token_bytes(self, count: int) -> bytes:
        return self._random.randbytes(count)


@dataclass
class Api:
    """A test client with tokens of every role and helpers for the common calls."""

    app: Flask
    client: FlaskClient
    tokens: dict[str, str]

    @property
    def services(self) -> Services:
        found: Services = self.app.extensions["annals"]
        return found

    def headers(self, role: str | None = "admin", **extra: str) -> dict[str, str]:
        found = dict(extra)
        if role is not None:
            found["Authorization"] = f"Bearer {self.tokens[role]}"
        return found

    def token_for_player(self, player_id: str) -> str:
        value = f"player-{uuid.uuid4()}"
        tokens.create(self.services.engine, str(uuid.uuid4()), value, "player", player_id, None, "2026-01-01T00:00:00Z")
        return value

    def player(self, name: str = "Alice") -> str:
        created = players.create(self.services.engine, str(uuid.uuid4()), name, None, "2026-01-01T00:00:00Z")
        return str(created["id"])

    def create_game(self, role: str = "admin", **body: Any) -> dict[str, Any]:
        payload: dict[str, Any] = {"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}], **body}
        response = self.client.post("/api/v1/games", json=payload, headers=self.headers(role))
        assert response.status_code == 201, response.get_json()
        result: dict[str, Any] = response.get_json()
        return result

    def act(
        self, game_id: str, role: str | None = "admin", headers: dict[str, str] | None = None, **action: Any
    ) -> TestResponse:
        """POST the action whose fields are the keywords (`type`, `seat`, `data`...) to the game."""
        return self.send_action(game_id, action, role, headers)

    def send_action(
        self,
        game_id: str,
        action: Mapping[str, object],
        role: str | None = "admin",
        headers: Mapping[str, str] | None = None,
    ) -> TestResponse:
        """POST `action`, a whole action document, to the game."""
        return self.client.post(
            f"/api/v1/games/{game_id}/actions", json=action, headers={**self.headers(role), **(headers or {})}
        )


def _database_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "postgresql":
        url: str = request.getfixturevalue("fresh_postgres_url")
        return url
    return f"sqlite:///{tmp_path / 'annals.db'}"


BACKENDS = [pytest.param("sqlite"), pytest.param("postgresql", marks=pytest.mark.postgres)]


def _make_app(url: str, **config: Any) -> Flask:
    # Rate limits are tested on their own (tests/api/test_gate.py): elsewhere a test's many requests from
    # one address would only measure the limiter.
    migrated = _copied_from_migrated_template(url)
    # The ratings' start-up warm-up is tested on its own (tests/api/test_ratings_warm.py): elsewhere it would only
    # fold in the background while the test runs.
    settings = {"DATABASE_URL": url, "RATELIMIT_ENABLED": False, "RATINGS_WARM": False, **config}
    app = create_app(settings, entropy=SeededEntropy())
    services: Services = app.extensions["annals"]
    if not migrated:
        upgrade(services.engine)
    app.config["TESTING"] = True
    app.extensions["spec_failures"] = spec_validation.attach(app)
    return app


def _copied_from_migrated_template(url: str) -> bool:
    """A new SQLite file starts as a copy of one this test process migrated once.

    Alembic's upgrade cost more than most API tests themselves (~70 ms a database, ~150 ms under coverage, some
    800 apps a run); the copy is the same schema byte for byte. The migrations are still run: once per process
    here, on every PostgreSQL database, and from empty and step by step in tests/service/store/."""
    if not url.startswith("sqlite:///"):
        return False
    target = Path(url.removeprefix("sqlite:///"))
    if target.exists():
        return False
    shutil.copyfile(_migrated_sqlite_template(), target)
    return True


@functools.cache
def _migrated_sqlite_template() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="annals-migrated-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "template.db"
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    with engine.connect() as conn:  # everything into the main file: only it is copied
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    return path


def _finish(app: Flask) -> None:
    """Dispose the engine and fail the test if any response broke the OpenAPI contract."""
    app.extensions["annals"].close()
    failures = app.extensions["spec_failures"]
    assert not failures, "responses that do not match openapi.yaml:\n" + "\n".join(failures)


def _api(app: Flask) -> Api:
    services: Services = app.extensions["annals"]
    made: dict[str, str] = {}
    for role in ("admin", "organiser", "arbiter", "viewer"):
        value = f"{role}-{uuid.uuid4()}"
        tokens.create(services.engine, str(uuid.uuid4()), value, role, None, role, isoformat(services.clock.now()))
        made[role] = value
    return Api(app, app.test_client(), made)


@pytest.fixture(params=BACKENDS)
def backend_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A migrated-to-nothing database URL, once per backend (SQLite file, PostgreSQL database)."""
    return _database_url(request, tmp_path)


@pytest.fixture
def app(tmp_path: Any) -> Iterator[Flask]:
    """The app on a fresh SQLite file (fast default for API tests)."""
    made = _make_app(f"sqlite:///{tmp_path / 'annals.db'}")
    yield made
    _finish(made)


@pytest.fixture
def api(app: Flask) -> Api:
    """The test client with tokens for every role, on SQLite."""
    return _api(app)


@pytest.fixture(params=BACKENDS)
def any_api(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Api]:
    """The test client on each backend: SQLite and PostgreSQL."""
    made = _make_app(_database_url(request, tmp_path))
    yield _api(made)
    _finish(made)
