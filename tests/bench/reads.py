"""State-read latency at random versions of a long game: the loader alone, and GET …/state over HTTP.

A read at version v loads the game's summary, the newest snapshot at or before v (one every 100
events) and the events after it, and folds that tail; the HTTP read adds routing, the token lookup,
query validation, the spectator view and JSON encoding (Flask test client: no sockets).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from tests.bench.report import percentile
from tests.bench.service_app import BenchApp


@dataclass(frozen=True, slots=True)
class Latency:
    """p50 and p99 of a set of timed calls, in milliseconds."""

    p50_ms: float
    p99_ms: float

    @classmethod
    def of(cls, seconds: list[float]) -> Latency:
        """From samples in seconds."""
        return cls(percentile(seconds, 0.50) * 1000, percentile(seconds, 0.99) * 1000)


def random_versions(length: int, count: int, seed: int = 2) -> list[int]:
    """`count` versions drawn uniformly from 1..length (reproducible)."""
    rng = random.Random(seed)
    return [rng.randint(1, length) for _ in range(count)]


def loader_latency(bench: BenchApp, game_id: str, versions: list[int], warmup: int) -> Latency:
    """Latency of `services.loader.load(game_id, admin, at=v)` for each v."""
    load = bench.services.loader.load

    def read(version: int) -> None:
        loaded = load(game_id, bench.admin, at=version)
        if loaded.game.version != version:
            raise AssertionError(f"loaded version {loaded.game.version}, asked for {version}")

    return _latency(read, versions, warmup)


def http_state_latency(bench: BenchApp, game_id: str, versions: list[int], warmup: int) -> Latency:
    """Latency of `GET /api/v1/games/{id}/state?at=v` through the Flask test client, with the admin token."""
    client = bench.app.test_client()
    headers = {"Authorization": f"Bearer {bench.token}"}

    def read(version: int) -> None:
        response = client.get(f"/api/v1/games/{game_id}/state?at={version}", headers=headers)
        if response.status_code != 200:
            raise AssertionError(f"GET state at {version}: {response.status_code} {response.get_data(as_text=True)}")

    return _latency(read, versions, warmup)


def _latency(read: Callable[[int], None], versions: list[int], warmup: int) -> Latency:
    """Latency of `read(v)` for versions[warmup:], after versions[:warmup] untimed."""
    for version in versions[:warmup]:
        read(version)
    seconds = []
    for version in versions[warmup:]:
        started = time.perf_counter()
        read(version)
        seconds.append(time.perf_counter() - started)
    return Latency.of(seconds)
