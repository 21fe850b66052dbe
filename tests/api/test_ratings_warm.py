"""The ratings are warmed in a background thread when the app starts (`RATINGS_WARM`, on unless the environment says
ANNALS_RATINGS_WARM=0), so a server's first reader does not wait for the whole fold; the test apps turn it off."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from service import create_app
from service.store.migrate import upgrade
from service.wiring import Services
from tests.api.test_ratings import _played
from tests.conftest import Api


def test_a_started_app_has_the_ratings_before_anyone_reads_them_and_test_apps_do_not(api: Api) -> None:
    ann, bob = api.player("Ann"), api.player("Bob")
    _played(api, [ann, bob], [3, 1])
    started = create_app({"DATABASE_URL": api.app.config["DATABASE_URL"], "RATELIMIT_ENABLED": False})
    services: Services = started.extensions["annals"]
    try:
        started.extensions["annals_ratings_warm"].join(timeout=60)

        warmed = services.ratings.kept
        assert warmed is not None and {r.player for r in warmed.by_key.values()} == {ann, bob}
        assert services.ratings.current(services) is warmed  # the first reader gets it without folding again
    finally:
        services.close()
    assert "annals_ratings_warm" not in api.app.extensions and api.services.ratings.kept is None


def test_a_warm_up_that_fails_is_logged_and_the_first_reader_computes_the_ratings(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="annals.ratings")
    started = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'not-migrated.db'}", "RATELIMIT_ENABLED": False})
    services: Services = started.extensions["annals"]
    try:
        started.extensions["annals_ratings_warm"].join(timeout=60)
        upgrade(services.engine)  # the operator migrates the database the server started on

        ratings = services.ratings.current(services)

        assert ratings.by_key == {} and ratings.head == 0
        assert any("could not be warmed" in r.getMessage() for r in caplog.records if r.levelno == logging.ERROR)
    finally:
        services.close()
