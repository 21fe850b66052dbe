"""Loading games: summary, pinned ruleset, board, and the fold from the nearest snapshot.

Folded games are immutable, so the newest one of each stream is kept in a small in-process cache;
a stale cache entry is harmless because every append states the version it was decided at. The tail after
the snapshot is read a page at a time as it is folded, and snapshots are written outside the appends and
rebuilt in the background after an upgrade of the ruleset's code (service/snapshot_cache.py).
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from domain import registry
from domain.canonical import canonical_json
from domain.kernel import Game, Ruleset, fold, game_from_json, game_to_json
from domain.upcasting import Upcasters, upcasters_for
from service.auth import Principal
from service.clock import isoformat
from service.errors import GameNotFound, NotFound
from service.snapshot_cache import Refolder, build_of, facts_in_pages
from service.store import boards, snapshots, summaries
from service.store.events import EventStore

log = logging.getLogger("annals")
# Snapshots remembered as found to be the log's fold (`GameLoader.stale_snapshots`): 100 games of 60 snapshots each.
VERIFIED_SIZE = 6000


def stream_of(game_id: str) -> str:
    """The event stream of a game."""
    return f"game:{game_id}"


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A game folded at some version, with what it was folded by."""

    game: Game
    ruleset: Ruleset[Any]
    board: dict[str, Any] | None
    summary: dict[str, Any]


class GameLoader:
    """Reads games for decisions and views."""

    def __init__(self, engine: Engine, store: EventStore, cache_size: int, snapshot_every: int = 100) -> None:
        self.engine = engine
        self.store = store
        self.clock = store.clock
        self.cache_size = cache_size
        self.snapshot_every = snapshot_every
        self.refolder = Refolder(self.refold)
        self._latest: OrderedDict[str, Game] = OrderedDict()
        self._boards: dict[str, dict[str, Any]] = {}
        # What never changes in a summary (ruleset, board, seats, visibility) — by game id.
        self._static: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()
        # Snapshots found to be the log's fold (see `stale_snapshots`): (stream, build, version) -> (the event hash at
        # that version, the SHA-256 of the snapshot's stored state), the newest VERIFIED_SIZE of them.
        self._verified: OrderedDict[tuple[str, str, int], tuple[str, str]] = OrderedDict()

    def summary(self, game_id: str, principal: Principal) -> dict[str, Any]:
        """A game's summary, or 404 when it does not exist or the caller may not see it."""
        found = summaries.get(self.engine, game_id)
        if found is None or not can_read(principal, found):
            raise GameNotFound(f"no game {game_id!r}")
        return found

    def board(self, board_id: str | None) -> dict[str, Any] | None:
        """A board document by content id (boards never change, so they are cached for good)."""
        if board_id is None:
            return None
        if board_id not in self._boards:
            found = boards.get(self.engine, board_id)
            if found is None:
                raise NotFound(f"no board {board_id!r}")
            self._boards[board_id] = found["document"]
        return self._boards[board_id]

    def load(self, game_id: str, principal: Principal, at: int | None = None) -> LoadedGame:
        """The game at version `at` (default: its newest)."""
        summary = self.summary(game_id, principal)
        ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
        board = self.board(summary["board"])
        target = summary["version"] if at is None else at
        return LoadedGame(self._fold_to(game_id, ruleset, board, target), ruleset, board, summary)

    def load_latest(self, game_id: str, principal: Principal, fresh: bool = False) -> tuple[LoadedGame, bool]:
        """The newest game for a decision, and whether it came from the cache without a query.

        A cached game may be behind another process's appends; deciding on it is still safe
        because the append states the version it was decided at and a stale one is refused.
        """
        if not fresh:
            with self._lock:
                cached = self._latest.get(game_id)
                static = self._static.get(game_id)
            if cached is not None and static is not None and can_read(principal, static):
                ruleset = registry.pinned(static["ruleset"], static["ruleset_version"])
                return LoadedGame(cached, ruleset, self.board(static["board"]), static), True
        loaded = self.load(game_id, principal)
        with self._lock:
            self._static[game_id] = loaded.summary
        return loaded, False

    def remember(self, game: Game) -> None:
        """Keep the newest folded game of a stream."""
        with self._lock:
            current = self._latest.get(game.meta.game_id)
            if current is None or current.version <= game.version:
                self._latest[game.meta.game_id] = game
                self._latest.move_to_end(game.meta.game_id)
            while len(self._latest) > self.cache_size:
                evicted, _ = self._latest.popitem(last=False)
                self._static.pop(evicted, None)

    def forget(self, game_id: str) -> None:
        """Drop a cached game (after losing an append race)."""
        with self._lock:
            self._latest.pop(game_id, None)

    def _fold_to(self, game_id: str, ruleset: Ruleset[Any], board: dict[str, Any] | None, target: int) -> Game:
        with self._lock:
            cached = self._latest.get(game_id)
        start: Game | None = cached if cached is not None and cached.version <= target else None
        if start is None or start.version < target - 1:
            snapshot = self._nearest_snapshot(game_id, ruleset, target)
            if snapshot is not None and (start is None or snapshot.version > start.version):
                start = snapshot
        after = start.version if start is not None else 0
        tail = facts_in_pages(self.store, stream_of(game_id), after, target, upcasters_of(ruleset))
        game = fold(ruleset, tail, board, start)
        self.remember(game)
        return game

    def _nearest_snapshot(self, game_id: str, ruleset: Ruleset[Any], target: int) -> Game | None:
        """The newest snapshot at or before `target` folded by the running build of the ruleset.

        A game long enough to have one but without it (snapshots dropped, or written by another build of the
        ruleset's code) is queued for a re-fold in the background; this reader folds from the log and writes
        nothing.
        """
        build = build_of(ruleset)
        found = snapshots.latest(self.engine, stream_of(game_id), build, target)
        if target - (found[0] if found is not None else 0) >= self.snapshot_every:
            self.refolder.request(game_id, build)
        return game_from_json(ruleset, found[1]) if found is not None else None

    def save_snapshot(self, ruleset: Ruleset[Any], game: Game) -> bool:
        """Keep `game` as a snapshot, in a transaction of its own after the append that reached it committed.

        A snapshot is a cache: when it cannot be written the append stands, the failure is logged and the
        game is folded from an older snapshot until the next one is written.
        """
        try:
            document = game_to_json(ruleset, game)
            with self.store.write() as conn:
                now = isoformat(self.clock.now())
                snapshots.save(conn, stream_of(game.meta.game_id), build_of(ruleset), game.version, document, now)
        except Exception:
            log.exception("the snapshot of game %s at version %d was not written", game.meta.game_id, game.version)
            return False
        return True

    def refold(self, game_id: str) -> None:
        """Fold a whole game once, a page at a time, writing the running build's snapshots every
        `snapshot_every` versions where they are missing; then drop the snapshots of other builds."""
        summary = summaries.get(self.engine, game_id)
        if summary is None:
            return
        ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
        board, stream, build = self.board(summary["board"]), stream_of(game_id), build_of(ruleset)
        kept = set(snapshots.versions(self.engine, stream, build))
        upcasters = upcasters_of(ruleset)
        game: Game | None = None
        for version in range(self.snapshot_every, summary["version"] + 1, self.snapshot_every):
            if self.refolder.closing:  # the service is stopping; the next reader asks again
                return
            after = game.version if game is not None else 0
            game = fold(ruleset, facts_in_pages(self.store, stream, after, version, upcasters), board, game)
            if version not in kept and not self.save_snapshot(ruleset, game):
                return
        with self.store.write() as conn:
            snapshots.drop_other_builds(conn, stream, build)

    def stale_snapshots(self, game_id: str) -> list[int]:
        """The versions whose snapshot (of the running build, the only one ever read) is not the log's fold.

        A snapshot is read instead of the events before it, so an edited snapshot row changes the state
        every reader is shown while the chain still holds: `annals verify` and `GET /games/{id}/verify`
        fold the game from its log and compare (the chain check itself needs no state: this is the only fold).
        A stream whose chain is broken is not folded here.

        A snapshot once found to be the fold is remembered with the event hash at its version (which commits to
        every event before it; the caller checked the chain) and the digest of its bytes: while both are the
        same it is the fold still, so it is not folded again, and a later snapshot is folded from it, not from
        the first event. A second GET /verify of a long game folds only what was appended since the first.
        """
        summary = summaries.get(self.engine, game_id)
        if summary is None:
            return []
        ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
        stream, build = stream_of(game_id), build_of(ruleset)
        board, upcasters = self.board(summary["board"]), upcasters_of(ruleset)
        stale: list[int] = []
        game: Game | None = None
        known: str | None = None  # the stored state of the newest snapshot known to be the fold, past `game`
        stored = snapshots.stored_states(self.engine, stream, build)
        heads = self.store.hashes_at(stream, [version for version, _ in stored])
        for version, state in stored:
            key, seal = (stream, build, version), _seal_of(heads.get(version), state)
            if seal is not None and self._verified.get(key) == seal:
                game, known = None, state
                continue
            if game is None and known is not None:
                game = game_from_json(ruleset, json.loads(known))
            after = game.version if game is not None else 0
            game = fold(ruleset, facts_in_pages(self.store, stream, after, version, upcasters), board, game)
            if game.version != version or canonical_json(game_to_json(ruleset, game)) != state:
                stale.append(version)
            elif seal is not None:
                self._remember_verified(key, seal)
        return stale

    def _remember_verified(self, key: tuple[str, str, int], seal: tuple[str, str]) -> None:
        with self._lock:
            self._verified[key] = seal
            self._verified.move_to_end(key)
            while len(self._verified) > VERIFIED_SIZE:
                self._verified.popitem(last=False)

    def close(self) -> None:
        """Stop the background re-folds."""
        self.refolder.close()


def _seal_of(head: str | None, state: str) -> tuple[str, str] | None:
    """What a snapshot's verdict rests on: the event hash at its version and the digest of its stored state (None
    when the stream holds no event at that version)."""
    return (head, hashlib.sha256(state.encode("utf-8")).hexdigest()) if head is not None else None


_UPCASTERS: dict[tuple[str, str], Upcasters] = {}


def upcasters_of(ruleset: Ruleset[Any]) -> Upcasters:
    """The upcasters a game of this ruleset version is read through (a shipped version never changes)."""
    key = (ruleset.id, ruleset.version)
    if key not in _UPCASTERS:
        _UPCASTERS[key] = upcasters_for(ruleset)
    return _UPCASTERS[key]


def can_read(principal: Principal, summary: dict[str, Any]) -> bool:
    """Public games are readable by anyone; private ones by staff, viewers and their players."""
    if summary["visibility"] == "public" or principal.sees_everything:
        return True
    return principal.player_id is not None and any(s.get("player") == principal.player_id for s in summary["seats"])
