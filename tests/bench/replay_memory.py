"""Replay memory: a long freeform game folded whole from its log by the loader, in a process of its own.

The game's actions are decided by the real rules (the first 20,000; a longer game repeats them) and appended
in batches (no snapshots: the replay starts at GameCreated). A fresh process then loads its newest version
through `GameLoader.load`, which reads the log a page at a time as it folds (issue 19, point 4), and reports
the most memory Python held at once meanwhile: bounded by a page and a state, not by the game's length.
"""

from __future__ import annotations

import itertools
import json
import resource
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Connection

from service.clock import isoformat
from service.store import summaries
from service.store.events import EventDraft, RecordedEvent
from tests.bench.fold import freeform_events
from tests.bench.service_app import bench_app, new_game
from tests.bench.workload import event_metadata

APPEND_BATCH = 5_000
# Distinct actions decided by the rules; a longer game repeats them (the fold reads a million events all the same).
DECIDED = 20_000


@dataclass(frozen=True, slots=True)
class ReplayMemory:
    """What the replaying process measured."""

    events: int
    seconds: float  # with tracemalloc on (slower than a plain load)
    traced_peak_mb: float  # the most memory Python held at once during the replay (tracemalloc)
    rss_before_mb: float  # the process's peak resident memory once the app is built, before the replay
    rss_peak_mb: float  # the process's peak resident memory, the app's imports included


def write_game(database_url: str, length: int) -> str:
    """A freeform game of `length` events in a new bench database; its id."""
    bench = bench_app(database_url)
    try:
        game_id = new_game(bench, "bench: replay memory")
        stream, version, metadata = f"game:{game_id}", 1, event_metadata()
        now = isoformat(bench.services.clock.now())

        def advance_summary(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
            summaries.advance(conn, game_id, recorded[-1].version, recorded[-1].hash, now, False)

        decided = list(itertools.islice(freeform_events(min(length, DECIDED + 1), game_id), 1, None))
        actions = itertools.islice(itertools.cycle(decided), length - 1)  # after the game's own GameCreated
        while batch := list(itertools.islice(actions, APPEND_BATCH)):
            drafts = [EventDraft(e.type, dict(e.data), metadata) for e in batch]
            version = bench.services.store.append(stream, version, drafts, on_append=advance_summary).version
        return game_id
    finally:
        bench.close()


def measure(database_url: str, game_id: str) -> ReplayMemory:
    """Load the game's newest version in a fresh interpreter and read back what it measured."""
    command = [sys.executable, "-m", "tests.bench.replay_memory", database_url, game_id]
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=True, timeout=1800)
    return ReplayMemory(**json.loads(done.stdout.strip().splitlines()[-1]))


def _replay(database_url: str, game_id: str) -> ReplayMemory:
    bench = bench_app(database_url)
    # The reader alone: a game without snapshots is also queued for a re-fold in the background, measured apart.
    bench.services.loader.refolder.close()
    try:
        before = _peak_mb()
        tracemalloc.start()
        started = time.perf_counter()
        loaded = bench.services.loader.load(game_id, bench.admin)
        seconds = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return ReplayMemory(loaded.game.version, seconds, peak / 2**20, before, _peak_mb())
    finally:
        bench.close()


def _peak_mb() -> float:
    """The peak resident set of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    url, game = sys.argv[1], sys.argv[2]
    result = _replay(url, game)
    print(json.dumps({name: getattr(result, name) for name in ReplayMemory.__dataclass_fields__}))
