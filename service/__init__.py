"""The Annals service: `create_app(config=None)` is the composition root."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from service import config as settings_module
from service.clock import Clock, SystemClock
from service.entropy import Entropy, SystemEntropy


def create_app(
    config: Mapping[str, Any] | None = None, clock: Clock | None = None, entropy: Entropy | None = None
) -> Flask:
    """Build the Flask app: settings from the environment, overridden by `config`."""
    from service import api, live, web, wiring
    from service.ratings import warm_in_background
    from service.store.migrate import upgrade

    app = Flask(__name__, instance_relative_config=False)
    settings = settings_module.load(config)
    app.config.update(settings)
    # The app creates the signing key when none is configured (and says so in its log), so that serving
    # works from a fresh checkout; `annals db upgrade` creates it first under `make run`.
    services = wiring.build(settings, clock or SystemClock(), entropy or SystemEntropy(), create_key=True)
    if settings.get("AUTO_MIGRATE"):
        upgrade(services.engine)
    app.extensions["annals"] = services
    live.init_app(app, services.notifier)
    api.init_app(app)
    web.init_app(app)
    if settings.get("RATINGS_WARM"):
        app.extensions["annals_ratings_warm"] = warm_in_background(services)
    return app
