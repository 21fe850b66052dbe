"""Settings from the environment (`ANNALS_*`, `DATABASE_URL`), overridable by `create_app(config)`."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

INSTANCE = Path(__file__).resolve().parents[1] / "instance"


def default_database_url() -> str:
    """The embedded SQLite file under `instance/`."""
    return f"sqlite:///{INSTANCE / 'annals.db'}"


def load(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The effective settings: defaults, then environment, then explicit overrides."""
    env = os.environ
    settings: dict[str, Any] = {
        "DATABASE_URL": env.get("DATABASE_URL") or default_database_url(),
        "SNAPSHOT_EVERY": int(env.get("ANNALS_SNAPSHOT_EVERY", "100")),
        "GAME_CACHE_SIZE": int(env.get("ANNALS_GAME_CACHE_SIZE", "512")),
        "MAX_CONTENT_LENGTH": int(env.get("ANNALS_MAX_BODY_BYTES", str(1024 * 1024))),
        "MAX_JSON_DEPTH": int(env.get("ANNALS_MAX_JSON_DEPTH", "64")),
        "MAX_JSON_ITEMS": int(env.get("ANNALS_MAX_JSON_ITEMS", "10000")),
        "AUTO_MIGRATE": env.get("ANNALS_AUTO_MIGRATE", "0") == "1",
        "STREAMS_PER_ADDRESS": int(env.get("ANNALS_STREAMS_PER_ADDRESS", "32")),
        "STREAMS_PER_TOKEN": int(env.get("ANNALS_STREAMS_PER_TOKEN", "32")),
    }
    settings.update(overrides or {})
    return settings
