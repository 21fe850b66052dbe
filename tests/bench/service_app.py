"""The service as `make run` builds it (create_app), on a bench database, with an admin token."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Any

from flask import Flask

from service import create_app
from service.auth import Principal
from service.clock import isoformat
from service.games import RequestContext
from service.store import tokens
from service.store.migrate import upgrade
from service.wiring import Services
from tests.bench.workload import freeform_actions, game_body

SNAPSHOT_EVERY = 100


@dataclass(frozen=True, slots=True)
class BenchApp:
    """A migrated app, its wired services, and an admin caller (as a Principal and a bearer token)."""

    app: Flask
    services: Services
    admin: Principal
    token: str

    def close(self) -> None:
        """Release the database connections."""
        self.services.close()


def bench_app(database_url: str, **config: Any) -> BenchApp:
    """create_app on `database_url` with SNAPSHOT_EVERY=100 (and `config`), migrated, plus an admin token.

    The rate limiter runs as in production (its cost is part of every figure), with a budget per token
    the load generators never reach: the bench measures the service, not the limit. The ratings are not warmed
    at start: the database is migrated only after create_app, and a warm thread would fold while the bench times."""
    limits = {"RATELIMIT_TOKEN": "100000000/minute"}
    settings = {"SNAPSHOT_EVERY": SNAPSHOT_EVERY, **limits, "RATINGS_WARM": False, **config}
    app = create_app({"DATABASE_URL": database_url, **settings})
    services: Services = app.extensions["annals"]
    upgrade(services.engine)
    token_id, token = str(uuid.uuid4()), f"bench-admin-{uuid.uuid4()}"
    tokens.create(services.engine, token_id, token, "admin", None, "bench", isoformat(services.clock.now()))
    return BenchApp(app, services, Principal(token_id, "admin", None), token)


def new_game(bench: BenchApp, title: str) -> str:
    """Create a table-dice freeform game through GameCommands; its id."""
    ctx = RequestContext(str(uuid.uuid4()), "annals-bench")
    return bench.services.commands.create(bench.admin, game_body(title), ctx, None).game_id


def record_game(bench: BenchApp, length: int) -> tuple[str, float]:
    """A game of `length` events recorded action by action through `commands.act` (snapshots included).

    Returns the game id and the in-process rate in actions/s: one thread, no HTTP, each action
    loaded, decided and appended in its own transaction.
    """
    game_id = new_game(bench, "bench: long game")
    act = bench.services.commands.act
    started = time.perf_counter()
    for body in freeform_actions(length - 1):
        act(bench.admin, game_id, body, None, None, RequestContext(str(uuid.uuid4()), "annals-bench"))
    return game_id, (length - 1) / (time.perf_counter() - started)
