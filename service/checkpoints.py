"""Making checkpoints: a stream's when its game ends and at every export, the log's by `annals checkpoint`
and every N events or T seconds from the serving process. Never one per append.

A new checkpoint is only signed over a log that agrees with the checkpoints before it: a global one
after the previous global head is recomputed from the log, an export's after the game's earlier signed
heads are found in it. Tampered history is reported (LogTampered), never signed over.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from sqlalchemy import Connection, Engine

from domain.chain import GENESIS
from domain.checkpoints import FIRST_PREV, GLOBAL, STREAM, Checkpoint, checkpoint_hash, heads_root, payload
from service import witness as witness_file
from service.clock import Clock, isoformat
from service.errors import Conflict
from service.signing import VALID, Keyring
from service.store import checkpoints as rows
from service.store.checkpoints import StoredCheckpoint
from service.store.events import EventStore
from service.witness import WitnessCache

log = logging.getLogger("annals.checkpoints")
# PostgreSQL: a transaction-level advisory lock that serialises makers of global checkpoints.
_GLOBAL_LOCK_KEY = 0x616E6E616C7367  # "annalsg"


class LogTampered(Conflict):
    """The log disagrees with a checkpoint signed earlier: nothing new is signed over it."""

    slug, title = "log-tampered", "The log disagrees with its signed checkpoints"


@dataclass(frozen=True, slots=True)
class GlobalOutcome:
    """What `checkpoint_global` did: the checkpoint it made (None: nothing new) and the newest one."""

    made: StoredCheckpoint | None
    latest: StoredCheckpoint | None
    witness_written: bool = False


class Checkpointer:
    """Signs and keeps checkpoints; writes the witness file beside the key."""

    def __init__(
        self, engine: Engine, store: EventStore, clock: Clock, keyring: Keyring, witness: WitnessCache
    ) -> None:
        self.engine = engine
        self.store = store
        self.clock = clock
        self.keyring = keyring
        self.witness = witness
        self._lock = threading.Lock()

    @property
    def witness_path(self) -> Path:
        """Where the newest global checkpoint and its heads are mirrored."""
        return self.witness.path

    # --- streams ---

    def checkpoint_stream(self, stream: str, version: int, head: str) -> StoredCheckpoint:
        """Sign and keep `stream` at `version` with `head` (the caller read them from the log)."""
        unsigned = Checkpoint(
            STREAM, version, head, isoformat(self.clock.now()), str(self.keyring.current_id), stream=stream
        )
        signed = _signed(self.keyring, unsigned)
        with self.store.write() as conn:
            return StoredCheckpoint(rows.add(conn, signed), signed)

    def for_export(self, stream: str, version: int, hash_at: Mapping[int, str]) -> StoredCheckpoint:
        """The checkpoint an export carries: the stream's newest one by the current key if it is of this very
        head, else a new one; LogTampered when the log (`hash_at`: version -> stored hash, every version
        exported) disagrees with a head signed before or with the witness."""
        head = hash_at[version]
        earlier = rows.of_stream(self.engine, stream)
        for stored in earlier:
            cp = stored.checkpoint
            if self.keyring.verify(cp.key_id, payload(cp), cp.signature) != VALID:
                continue
            if cp.number > version or hash_at.get(cp.number) != cp.head:
                raise LogTampered(
                    f"{stream} disagrees with its checkpoint of version {cp.number} (signed {cp.signed_at}): "
                    "run `annals verify`; nothing was exported"
                )
        witnessed = self.witness.current()
        if witnessed.checkpoint is not None and witnessed.problem is None and stream in witnessed.heads:
            signed_version, signed_head = witnessed.heads[stream]
            if signed_version > version or hash_at.get(signed_version) != signed_head:
                raise LogTampered(
                    f"{stream} disagrees with the witness file: run `annals verify`; nothing was exported"
                )
        if earlier:
            newest = earlier[-1].checkpoint
            if (newest.number, newest.head, newest.key_id) == (version, head, self.keyring.current_id):
                return earlier[-1]
        return self.checkpoint_stream(stream, version, head)

    def after_game_ended(self, stream: str, version: int, head: str) -> None:
        """The checkpoint of a game that just ended (after its commit: a failure here is logged, never raised,
        since the action is recorded already; the next global checkpoint covers the game anyway)."""
        try:
            self.checkpoint_stream(stream, version, head)
        except Exception:  # the action committed; an answer must not fail after it
            log.exception("could not sign the checkpoint of %s at version %d", stream, version)

    # --- the log ---

    def checkpoint_global(self) -> GlobalOutcome:
        """Sign the log's heads up to its last position, chained to the previous global checkpoint, keep it,
        and mirror it with its heads to the witness file. Nothing is made when no event came since."""
        with self._lock:
            with self.engine.connect() as conn:
                previous = rows.latest_global(conn)
                last = rows.last_position(conn)
                if previous is not None and last == previous.checkpoint.number:
                    return GlobalOutcome(None, previous)
                if previous is None and last == 0:
                    return GlobalOutcome(None, None)
                heads = [(s, v, h) for s, (v, h) in self._heads_after(conn, previous, last).items()]
            unsigned = Checkpoint(
                GLOBAL,
                last,
                heads_root(heads),
                isoformat(self.clock.now()),
                str(self.keyring.current_id),
                streams=len(heads),
                prev=checkpoint_hash(previous.checkpoint) if previous else FIRST_PREV,
            )
            signed = _signed(self.keyring, unsigned)
            with self.store.write() as conn:
                if conn.dialect.name == "postgresql":
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_GLOBAL_LOCK_KEY})")
                newest = rows.latest_global(conn)
                if (newest.id if newest else None) != (previous.id if previous else None):
                    return GlobalOutcome(None, newest)  # another process made one meanwhile
                made = StoredCheckpoint(rows.add(conn, signed), signed)
            written = witness_file.write(self.witness.path, signed, heads)
            return GlobalOutcome(made, made, written)

    def _heads_after(
        self, conn: Connection, previous: StoredCheckpoint | None, last: int
    ) -> dict[str, tuple[int, str]]:
        """Every stream's head at `last`, from the previous global checkpoint's — never signing over a log that
        no longer agrees with it (LogTampered).

        When the witness file holds the previous checkpoint, its signed heads are the starting point and only
        the events since are read, each of which must continue its stream from the signed head (the cost
        follows the new events, not the log). Otherwise the previous heads are recomputed from the whole log
        and must hash to the previous checkpoint."""
        if previous is None:
            return {s: (v, h) for s, v, h in rows.heads_at(conn, last)}
        cp = previous.checkpoint
        if self.keyring.verify(cp.key_id, payload(cp), cp.signature) != VALID:
            raise LogTampered(
                f"the global checkpoint at position {cp.number} does not verify under the keyring (key {cp.key_id}): "
                "run `annals verify`; no new global checkpoint is signed"
            )
        if last < cp.number:
            raise LogTampered(
                f"the log ends at position {last}, before the global checkpoint at position {cp.number}: "
                "run `annals verify`; no new global checkpoint is signed"
            )
        witnessed = self.witness.current()
        if witnessed.problem is None and witnessed.checkpoint == cp:
            heads = dict(witnessed.heads)
        else:
            before = rows.heads_at(conn, cp.number)
            if heads_root(before) != cp.head:
                raise LogTampered(
                    f"the log up to position {cp.number} no longer hashes to global checkpoint at position "
                    f"{cp.number}: run `annals verify`; no new global checkpoint is signed"
                )
            heads = {s: (v, h) for s, v, h in before}
        for stream, version, head, prev_hash in rows.links_between(conn, cp.number, last):
            known_version, known_head = heads.get(stream, (0, GENESIS))
            if version != known_version + 1 or prev_hash != known_head:
                raise LogTampered(
                    f"{stream} version {version} does not continue from its head signed by the global checkpoint "
                    f"at position {cp.number} (version {known_version}): run `annals verify`; "
                    "no new global checkpoint is signed"
                )
            heads[stream] = (version, head)
        return heads


def _signed(keyring: Keyring, unsigned: Checkpoint) -> Checkpoint:
    """The checkpoint with its signature (NoSigningKey when there is no key)."""
    return replace(unsigned, signature=keyring.sign(payload(unsigned)))


class CheckpointTimer:
    """Makes a global checkpoint every `every_events` events or `every_seconds` seconds (when anything new
    was appended), polling the log's last position about once a second from a daemon thread."""

    def __init__(
        self,
        checkpointer: Checkpointer,
        every_events: int,
        every_seconds: float,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.checkpointer = checkpointer
        self.every_events = max(1, every_events)
        self.every_seconds = max(0.01, every_seconds)
        self._monotonic = monotonic
        self._since = monotonic()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def due(self) -> bool:
        """True when new events wait and either enough of them or enough time has gathered."""
        with self.checkpointer.engine.connect() as conn:
            latest = rows.latest_global(conn)
            last = rows.last_position(conn)
        covered = latest.checkpoint.number if latest else 0
        if last <= covered:
            self._since = self._monotonic()  # nothing waits: the clock starts with the next event
            return False
        return last - covered >= self.every_events or self._monotonic() - self._since >= self.every_seconds

    def tick(self) -> StoredCheckpoint | None:
        """One poll: the global checkpoint made, if one was due."""
        if not self.due():
            return None
        outcome = self.checkpointer.checkpoint_global()
        self._since = self._monotonic()
        return outcome.made

    def start(self) -> None:
        """Poll from a daemon thread until `stop` (or the process ends)."""
        self._thread = threading.Thread(target=self._run, name="annals-checkpoints", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop polling and wait for the thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        interval = min(1.0, self.every_seconds)
        while not self._stop.wait(interval):
            try:
                self.tick()
            except Exception:  # logged, and tried again a period later: serving goes on
                log.exception("the global checkpoint could not be made")
                self._stop.wait(self.every_seconds)
