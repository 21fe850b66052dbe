"""Snapshots kept apart from the appends, and replays that read the log a page at a time (issue 19, point 4).

- A snapshot is written after the append that crossed a multiple of SNAPSHOT_EVERY has committed, in a
  transaction of its own: it is a disposable cache (DESIGN §5), so a failure to write it is logged and the
  append stands, and the append's transaction (and the write lock) does not wait for a state's JSON.
- Snapshots are keyed by the code that folded them, not only by the ruleset's version: `build_of` is the
  version plus a digest of the ruleset package's source and the kernel's. After an upgrade of that code the
  old snapshots are no longer read: a reader folds from the newest snapshot of the running build (or from the
  log) and writes nothing, and the game is queued for ONE re-fold in a background thread, which writes the
  new build's snapshots and drops the old ones.
- A replay reads the log in pages (`facts_in_pages`), so its memory is one page and one state, not the game.
"""

from __future__ import annotations

import hashlib
import logging
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from domain import kernel
from domain.kernel import Event, Ruleset
from domain.upcasting import Upcasters
from service.store.events import EventStore

log = logging.getLogger("annals")

# Events per read of a replay: a few hundred kilobytes of rows, few enough round trips to cost nothing.
REPLAY_PAGE = 2_000
# The digest's share of the snapshot key (the column holds 40 characters: "<semver>+<digest>").
_DIGEST_CHARS = 16


def facts_in_pages(
    store: EventStore, stream_id: str, after: int, until: int, upcasters: Upcasters | None, page: int = REPLAY_PAGE
) -> Iterator[Event]:
    """The facts of `after < version <= until`, read `page` versions at a time as the fold consumes them."""
    while after < until:
        last = min(after + page, until)
        yield from store.read_facts(stream_id, after, last, upcasters)
        after = last


def build_of(ruleset: Ruleset[Any]) -> str:
    """The snapshot key of a ruleset: its version and a digest of the code its states are folded by."""
    return _build(type(ruleset).__module__, ruleset.version)


@cache
def _build(module_name: str, version: str) -> str:
    """Semver build metadata (`1.0.0+<digest>`): the same version, another build of its code."""
    digest = hashlib.sha256()
    for path in _sources(module_name):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return f"{version}+{digest.hexdigest()[:_DIGEST_CHARS]}"


def _sources(module_name: str) -> list[Path]:
    """The kernel and the ruleset's package (every module under its directory), or its one module elsewhere."""
    kernel_file, module_file = Path(kernel.__file__ or ""), getattr(sys.modules.get(module_name), "__file__", None)
    if module_file is None:  # a ruleset built in memory (a test's): its version alone tells its builds apart
        return [kernel_file]
    if module_name.startswith("domain.rulesets."):
        return [kernel_file, *sorted(Path(module_file).parent.rglob("*.py"))]
    return [kernel_file, Path(module_file)]


class Refolder:
    """One background thread that re-folds games whose snapshots the running build cannot use, each once.

    `job(game_id)` does the work (GameLoader.refold); a request for a game already queued or done under the
    same key is dropped, so a game read by a hundred readers after an upgrade is re-folded once.
    """

    def __init__(self, job: Callable[[str], None]) -> None:
        self._job = job
        self._waiting: deque[str] = deque()
        self._requested: set[tuple[str, str]] = set()
        self._unfinished = 0  # queued or running
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.done = 0  # re-folds finished (for tests and the bench)

    def request(self, game_id: str, build: str) -> bool:
        """Queue a re-fold of `game_id` for `build` unless one was already asked for; True when queued."""
        with self._changed:
            if self._closed or (game_id, build) in self._requested:
                return False
            self._requested.add((game_id, build))
            self._waiting.append(game_id)
            self._unfinished += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="annals-refold", daemon=True)
                self._thread.start()
            self._changed.notify_all()
        return True

    @property
    def closing(self) -> bool:
        """True once `close` was called: a re-fold under way stops at its next snapshot."""
        return self._closed

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Block until every queued re-fold has run (tests, the bench); False if `timeout` came first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._unfinished == 0, timeout)

    def close(self) -> None:
        """Stop the thread after the re-fold under way (queued ones are dropped: the next reader asks again)."""
        with self._changed:
            self._closed, thread = True, self._thread
            self._unfinished -= len(self._waiting)
            self._waiting.clear()
            self._changed.notify_all()
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while (game_id := self._next()) is not None:
            try:
                self._job(game_id)
                self.done += 1
            except Exception:  # a cache that could not be rebuilt: the readers keep folding from the log
                log.exception("re-folding game %s for its snapshots failed", game_id)
            finally:
                with self._changed:
                    self._unfinished -= 1
                    self._changed.notify_all()

    def _next(self) -> str | None:
        with self._changed:
            self._changed.wait_for(lambda: self._closed or bool(self._waiting))
            return None if self._closed else self._waiting.popleft()
