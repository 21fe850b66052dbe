"""Settings from the environment (`ANNALS_*`, `DATABASE_URL`), overridable by `create_app(config)`."""

from __future__ import annotations

import hashlib
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
        # `annals serve`: the most bytes of header fields one request's head may hold (service/http_protocol.py).
        "MAX_HEADER_BYTES": int(env.get("ANNALS_MAX_HEADER_BYTES", str(64 * 1024))),
        # `annals serve`: how long a request's head may take, from the connection or the previous response.
        "HEADER_TIMEOUT_SECONDS": float(env.get("ANNALS_HEADER_TIMEOUT_SECONDS", "30")),
        "MAX_JSON_DEPTH": int(env.get("ANNALS_MAX_JSON_DEPTH", "64")),
        "MAX_JSON_ITEMS": int(env.get("ANNALS_MAX_JSON_ITEMS", "10000")),
        "RATELIMIT_ENABLED": env.get("ANNALS_RATELIMIT", "1") == "1",
        "RATELIMIT_TOKEN": env.get("ANNALS_RATELIMIT_TOKEN", "6000/minute"),
        "RATELIMIT_ANONYMOUS": env.get("ANNALS_RATELIMIT_ANONYMOUS", "600/minute"),
        "RATELIMIT_AUTH_FAILURES": env.get("ANNALS_RATELIMIT_AUTH_FAILURES", "20/minute"),
        "RATELIMIT_STORAGE": env.get("ANNALS_RATELIMIT_STORAGE", "process://"),
        "RATELIMIT_CPU_MS": float(env.get("ANNALS_RATELIMIT_CPU_MS", "10")),
        "CORS_ORIGINS": [o.strip() for o in env.get("ANNALS_CORS_ORIGINS", "").split(",") if o.strip()],
        "TRUSTED_PROXIES": int(env.get("ANNALS_TRUSTED_PROXIES", "0")),
        "AUTO_MIGRATE": env.get("ANNALS_AUTO_MIGRATE", "0") == "1",
        # The app computes the ratings once in a background thread when it starts, so its first reader does not
        # wait for the whole fold (service/ratings.py); tests turn it off (tests/conftest.py).
        "RATINGS_WARM": env.get("ANNALS_RATINGS_WARM", "1") == "1",
        # Tamper evidence: the signing key and what is kept beside it, outside the database.
        "SIGNING_KEY_FILE": env.get("ANNALS_SIGNING_KEY_FILE") or str(INSTANCE / "signing-key.pem"),
        "SIGNING_KEY": env.get("ANNALS_SIGNING_KEY") or None,
        "KEYRING_DIR": env.get("ANNALS_KEYRING_DIR") or None,
        "WITNESS_FILE": env.get("ANNALS_WITNESS_FILE") or None,
        "CHECKPOINT_EVERY": int(env.get("ANNALS_CHECKPOINT_EVERY", "1000")),
        "CHECKPOINT_SECONDS": float(env.get("ANNALS_CHECKPOINT_SECONDS", "60")),
        "STREAMS_PER_ADDRESS": int(env.get("ANNALS_STREAMS_PER_ADDRESS", "32")),
        "STREAMS_PER_TOKEN": int(env.get("ANNALS_STREAMS_PER_TOKEN", "32")),
        # `annals serve --workers N` on SQLite with ANNALS_WRITER_PROCESS=1: one writer process for all the
        # workers, its socket and key set by the command. Off by default: under HTTP load each worker's own
        # batches already form, and the extra hop measured slower (README, "Deciding in parallel").
        "WRITER_PROCESS": env.get("ANNALS_WRITER_PROCESS", "0") == "1",
        # `annals serve`: `spread` keeps each serving process on one core, each worker on a core of its own
        # (service/worker_cores.py); `any` leaves them to the kernel's scheduler.
        "WORKER_CORES": env.get("ANNALS_WORKER_CORES", "spread"),
        "WRITER_SOCKET": env.get("ANNALS_WRITER_SOCKET") or None,
        "WRITER_AUTHKEY": env.get("ANNALS_WRITER_AUTHKEY") or None,
    }
    settings.update(overrides or {})
    # The keyring and the witness file live beside the key file unless they are named.
    beside = Path(settings["SIGNING_KEY_FILE"]).parent
    settings["KEYRING_DIR"] = settings["KEYRING_DIR"] or str(beside / "keyring")
    settings["WITNESS_FILE"] = settings["WITNESS_FILE"] or str(beside / witness_name(settings["DATABASE_URL"]))
    return settings


def witness_name(database_url: str) -> str:
    """The default witness file of a database: `witness-<12 hex>.json`, from the SHA-256 of its URL (without
    password), so that databases sharing a key folder (a test run, `make bench`) never share a witness."""
    from sqlalchemy.engine import make_url

    shown = make_url(database_url).render_as_string(hide_password=True)
    return f"witness-{hashlib.sha256(shown.encode('utf-8')).hexdigest()[:12]}.json"
