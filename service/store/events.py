"""The append-only event store: one table for every stream, hash-chained, optimistic concurrency."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, text
from sqlalchemy.exc import IntegrityError

from domain.canonical import canonical_json
from domain.chain import GENESIS, event_hash
from service.clock import Clock, isoformat
from service.errors import AnnalsError, IdempotencyKeyReused, WrongExpectedVersion
from service.store.engine import WRITE, is_postgres
from service.store.tables import events, idempotency_keys

ANY_VERSION = None
NO_STREAM = 0

# A constant key for PostgreSQL's transaction-level advisory lock that serialises appends, so that
# global positions are handed out in commit order and a reader tailing `position > N` never skips.
_APPEND_LOCK_KEY = 0x616E6E616C73  # "annals"


@dataclass(frozen=True, slots=True)
class EventDraft:
    """An event about to be appended."""

    type: str
    data: dict[str, Any]
    metadata: dict[str, Any] = field(default_factory=dict)
    schema_version: int = 1
    event_id: str | None = None


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    """An event as stored, with its place in its stream and in the global log."""

    position: int
    stream_id: str
    version: int
    event_id: str
    type: str
    schema_version: int
    data: dict[str, Any]
    metadata: dict[str, Any]
    recorded_at: str
    prev_hash: str
    hash: str

    def to_json(self) -> dict[str, Any]:
        """The JSON shape used by the API and the record format."""
        return {
            "position": self.position,
            "stream_id": self.stream_id,
            "version": self.version,
            "event_id": self.event_id,
            "type": self.type,
            "schema_version": self.schema_version,
            "data": self.data,
            "metadata": self.metadata,
            "recorded_at": self.recorded_at,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }


@dataclass(frozen=True, slots=True)
class AppendResult:
    """What an append wrote (or, for a repeated idempotency key, what the first one wrote)."""

    stream_id: str
    events: tuple[RecordedEvent, ...]
    replayed: bool = False

    @property
    def version(self) -> int:
        """The stream's version after the append."""
        return self.events[-1].version


@dataclass(frozen=True, slots=True)
class ChainReport:
    """The outcome of recomputing one stream's hash chain."""

    stream_id: str
    ok: bool
    events: int
    first_broken: int | None = None
    reason: str | None = None
    head: str = GENESIS


OnAppend = Callable[[Connection, tuple[RecordedEvent, ...]], None]


class EmptyAppend(AnnalsError):
    """An append with no events."""


class EventStore:
    """Appends and reads events; every write is one transaction."""

    def __init__(self, engine: Engine, clock: Clock) -> None:
        self.engine = engine
        self.clock = clock

    # --- writing ---

    def append(
        self,
        stream_id: str,
        expected_version: int | None,
        drafts: Sequence[EventDraft],
        idempotency_key: str | None = None,
        fingerprint: str | None = None,
        on_append: OnAppend | None = None,
    ) -> AppendResult:
        """Append all drafts or none. Raises WrongExpectedVersion when the stream moved on.

        A repeated idempotency key with the same fingerprint returns the first result and writes
        nothing; with another fingerprint it raises IdempotencyKeyReused. `on_append` runs in the
        same transaction (read models, secrets), so they commit or roll back with the events.
        """
        if not drafts:
            raise EmptyAppend("nothing to append")
        fingerprint = fingerprint or _fingerprint(drafts)
        if idempotency_key is not None:
            earlier = self.idempotent_result(idempotency_key, fingerprint)
            if earlier is not None:
                return earlier
        try:
            with self.engine.connect().execution_options(**WRITE) as conn, conn.begin():
                recorded = self._append_locked(conn, stream_id, expected_version, drafts)
                if idempotency_key is not None:
                    conn.execute(
                        insert(idempotency_keys).values(
                            key=idempotency_key,
                            fingerprint=fingerprint,
                            stream_id=stream_id,
                            first_version=recorded[0].version,
                            last_version=recorded[-1].version,
                            created_at=recorded[0].recorded_at,
                        )
                    )
                if on_append is not None:
                    on_append(conn, recorded)
        except WrongExpectedVersion:
            # Lost a race to a concurrent append with the same key: it moved the stream on, and its
            # result is this request's result too.
            if idempotency_key is not None:
                earlier = self.idempotent_result(idempotency_key, fingerprint)
                if earlier is not None:
                    return earlier
            raise
        except IntegrityError:
            # Lost a race: the same key committed meanwhile (return its result), or another writer
            # took this version between our check and insert (report the version it reached).
            if idempotency_key is not None:
                earlier = self.idempotent_result(idempotency_key, fingerprint)
                if earlier is not None:
                    return earlier
            current = self.stream_version(stream_id)
            if expected_version is not None and current != expected_version:
                raise WrongExpectedVersion(stream_id, expected_version, current) from None
            raise
        return AppendResult(stream_id, recorded)

    def _append_locked(
        self, conn: Connection, stream_id: str, expected_version: int | None, drafts: Sequence[EventDraft]
    ) -> tuple[RecordedEvent, ...]:
        if is_postgres(self.engine):
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _APPEND_LOCK_KEY})
        head = conn.execute(
            select(events.c.version, events.c.hash)
            .where(events.c.stream_id == stream_id)
            .order_by(events.c.version.desc())
            .limit(1)
        ).first()
        current, prev_hash = (head.version, head.hash) if head else (0, GENESIS)
        if expected_version is not None and current != expected_version:
            raise WrongExpectedVersion(stream_id, expected_version, current)
        position = conn.execute(select(func.coalesce(func.max(events.c.position), 0))).scalar_one()
        recorded_at = isoformat(self.clock.now())
        rows: list[dict[str, Any]] = []
        recorded: list[RecordedEvent] = []
        for offset, draft in enumerate(drafts, start=1):
            event = _record(draft, stream_id, current + offset, position + offset, recorded_at, prev_hash)
            prev_hash = event.hash
            recorded.append(event)
            rows.append(_row(event))
        conn.execute(insert(events), rows)
        return tuple(recorded)

    def idempotent_result(self, key: str, fingerprint: str) -> AppendResult | None:
        """The result first recorded under `key`, or None; a different fingerprint is an error."""
        with self.engine.connect() as conn:
            row = conn.execute(select(idempotency_keys).where(idempotency_keys.c.key == key)).first()
            if row is None:
                return None
            if row.fingerprint != fingerprint:
                raise IdempotencyKeyReused(key)
            found = _read(conn, row.stream_id, row.first_version - 1, row.last_version, None)
        return AppendResult(row.stream_id, tuple(found), replayed=True)

    # --- reading ---

    def stream_version(self, stream_id: str) -> int:
        """The stream's current version (0 when it does not exist)."""
        with self.engine.connect() as conn:
            value = conn.execute(select(func.max(events.c.version)).where(events.c.stream_id == stream_id)).scalar()
        return int(value or 0)

    def read(
        self, stream_id: str, after: int = 0, until: int | None = None, limit: int | None = None
    ) -> list[RecordedEvent]:
        """Events of one stream with `after < version <= until`, oldest first."""
        with self.engine.connect() as conn:
            return _read(conn, stream_id, after, until, limit)

    def read_all(self, after: int = 0, limit: int = 1000, stream_prefix: str | None = None) -> list[RecordedEvent]:
        """The global log from `position > after`, in commit order."""
        query = select(events).where(events.c.position > after).order_by(events.c.position).limit(limit)
        if stream_prefix:
            query = query.where(events.c.stream_id.startswith(stream_prefix, autoescape=True))
        with self.engine.connect() as conn:
            return [_from_row(r) for r in conn.execute(query)]

    def iter_stream(self, stream_id: str, batch: int = 5000) -> Iterator[RecordedEvent]:
        """All events of a stream in batches, for long streams."""
        after = 0
        while True:
            chunk = self.read(stream_id, after=after, limit=batch)
            yield from chunk
            if len(chunk) < batch:
                return
            after = chunk[-1].version

    def stream_ids(self, prefix: str = "") -> list[str]:
        """Every stream id starting with `prefix`."""
        query = select(events.c.stream_id).where(events.c.version == 1).order_by(events.c.position)
        if prefix:
            query = query.where(events.c.stream_id.startswith(prefix, autoescape=True))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    # --- verification ---

    def verify(self, stream_id: str) -> ChainReport:
        """Recompute the chain of one stream; report the first version whose link is broken."""
        prev_hash, expected_version, count = GENESIS, 1, 0
        for event in self.iter_stream(stream_id):
            count += 1
            if event.version != expected_version:
                return ChainReport(stream_id, False, count, expected_version, f"version {expected_version} is missing")
            if event.prev_hash != prev_hash:
                return ChainReport(stream_id, False, count, event.version, "prev_hash does not match the event before")
            if _hash_of(event) != event.hash:
                return ChainReport(stream_id, False, count, event.version, "hash does not match the event's content")
            prev_hash, expected_version = event.hash, expected_version + 1
        return ChainReport(stream_id, True, count, head=prev_hash)


def _fingerprint(drafts: Sequence[EventDraft]) -> str:
    body = [{"type": d.type, "data": d.data} for d in drafts]
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def _record(
    draft: EventDraft, stream_id: str, version: int, position: int, recorded_at: str, prev_hash: str
) -> RecordedEvent:
    event_id = draft.event_id or str(uuid.uuid4())
    # Round-trip through canonical JSON so the recorded values are exactly what the hash covers.
    data = json.loads(canonical_json(draft.data))
    metadata = json.loads(canonical_json(draft.metadata))
    digest = event_hash(
        prev_hash,
        stream_id=stream_id,
        version=version,
        event_id=event_id,
        type=draft.type,
        schema_version=draft.schema_version,
        data=data,
        metadata=metadata,
        recorded_at=recorded_at,
    )
    return RecordedEvent(
        position,
        stream_id,
        version,
        event_id,
        draft.type,
        draft.schema_version,
        data,
        metadata,
        recorded_at,
        prev_hash,
        digest,
    )


def _hash_of(event: RecordedEvent) -> str:
    return event_hash(
        event.prev_hash,
        stream_id=event.stream_id,
        version=event.version,
        event_id=event.event_id,
        type=event.type,
        schema_version=event.schema_version,
        data=event.data,
        metadata=event.metadata,
        recorded_at=event.recorded_at,
    )


def _row(event: RecordedEvent) -> dict[str, Any]:
    return {
        "position": event.position,
        "stream_id": event.stream_id,
        "version": event.version,
        "event_id": event.event_id,
        "type": event.type,
        "schema_version": event.schema_version,
        "data": canonical_json(event.data),
        "meta": canonical_json(event.metadata),
        "recorded_at": event.recorded_at,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


def _from_row(row: Any) -> RecordedEvent:
    return RecordedEvent(
        row.position,
        row.stream_id,
        row.version,
        row.event_id,
        row.type,
        row.schema_version,
        json.loads(row.data),
        json.loads(row._mapping[events.c.meta]),
        row.recorded_at,
        row.prev_hash,
        row.hash,
    )


def _read(conn: Connection, stream_id: str, after: int, until: int | None, limit: int | None) -> list[RecordedEvent]:
    query = select(events).where(events.c.stream_id == stream_id, events.c.version > after).order_by(events.c.version)
    if until is not None:
        query = query.where(events.c.version <= until)
    if limit is not None:
        query = query.limit(limit)
    return [_from_row(r) for r in conn.execute(query)]
