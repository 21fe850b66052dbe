"""The append-only event store: one table for every stream, hash-chained, optimistic concurrency."""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, func, select
from sqlalchemy.exc import IntegrityError

from domain.canonical import canonical_json
from domain.chain import GENESIS, event_hash_of_texts
from domain.json_limits import decode_stored
from domain.kernel import Event
from domain.upcasting import Upcasters
from service.clock import Clock, isoformat
from service.entropy import time_ordered_uuid
from service.errors import AnnalsError, IdempotencyKeyReused, StoredEventUnreadable, WrongExpectedVersion
from service.store.group_commit import GATHER_SECONDS, GroupCommitWriter
from service.store.postgres_writer import PostgresWriter
from service.store.sqlite_writer import SqliteWriter
from service.store.tables import events, idempotency_keys
from service.store.writer import StoreWriter
from service.store.writer_socket import AppendRequest, WriterClient, WriterUnreachable, encode

ANY_VERSION = None
NO_STREAM = 0


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
    answer: str | None = None  # the JSON body the append was answered with, when the caller gave one

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
    # Of a whole chain that holds, what the same pass saw: its first and last events and the types between them.
    # GET /verify derives the game's summary from them instead of reading the stream a second time.
    first: RecordedEvent | None = None
    last: RecordedEvent | None = None
    types: frozenset[str] = frozenset()


Row = tuple[Any, ...]  # an `events` row in _HotSql.COLUMNS order

T = TypeVar("T")

OnAppend = Callable[[Connection, tuple[RecordedEvent, ...]], None]
Answer = Callable[[tuple[RecordedEvent, ...]], str]


class EmptyAppend(AnnalsError):
    """An append with no events."""


class EventStore:
    """Appends and reads events; every write is one transaction."""

    def __init__(self, engine: Engine, clock: Clock, writer: WriterClient | None = None) -> None:
        self.engine = engine
        self.clock = clock
        self._sql = _HotSql(engine.dialect.name)
        self._integrity_error = engine.dialect.loaded_dbapi.IntegrityError
        # One write connection per store (and what it wrote): SQLite has one writer at a time anyway,
        # and on PostgreSQL it spares every append a pooled checkout and its round trips.
        self._writer: StoreWriter = SqliteWriter(engine) if engine.dialect.name == "sqlite" else PostgresWriter(engine)
        self._writer.prepare(self._sql.insert)
        self._writer.prepare(self._sql.keep_key)
        # Appends commit in batches, one fsync for all the appends that arrived meanwhile.
        self._group = GroupCommitWriter(self._writer, gather_seconds=GATHER_SECONDS)
        # The writer process every serving process on this SQLite file sends its appends to (one batch
        # for all of them, `writer_socket.py`); None appends here.
        self.remote = writer

    # --- writing ---

    def append(
        self,
        stream_id: str,
        expected_version: int | None,
        drafts: Sequence[EventDraft],
        idempotency_key: str | None = None,
        fingerprint: str | None = None,
        on_append: OnAppend | None = None,
        answer: Answer | None = None,
    ) -> AppendResult:
        """Append all drafts or none. Raises WrongExpectedVersion when the stream moved on.

        A repeated idempotency key with the same fingerprint returns the first result and writes
        nothing; with another fingerprint it raises IdempotencyKeyReused. `on_append` runs in the
        same transaction (read models, secrets), so they commit or roll back with the events.
        `answer` builds the response body from the recorded events inside the transaction too: an
        answer that cannot be built rolls the append back, so no failure follows a commit, and the
        body is kept with the idempotency key for a retry to get byte for byte.

        With a writer process (`remote`), the append is sent to it when its `on_append` and `answer`
        pickle, and its result or refusal comes back once its batch has committed; otherwise, or while
        the writer cannot be reached, it is made here.
        """
        if not drafts:
            raise EmptyAppend("nothing to append")
        if self.remote is None:
            # No request built unless the append fails: it cost a lone append as much as its clock reading.
            if idempotency_key is not None and fingerprint is None:
                fingerprint = _fingerprint(drafts)
            try:
                recorded, body = self._commit(
                    self._work(stream_id, expected_version, drafts, idempotency_key, fingerprint, on_append, answer)
                )
            except Exception as error:
                request = AppendRequest(
                    stream_id, expected_version, tuple(drafts), idempotency_key, fingerprint, on_append, answer
                )
                return self._recovered(request, error)
            return AppendResult(stream_id, recorded, answer=body)
        request = _keyed(
            AppendRequest(stream_id, expected_version, tuple(drafts), idempotency_key, fingerprint, on_append, answer)
        )  # hashed here, not in the one writer every process waits on
        if (payload := encode(request)) is not None:
            with contextlib.suppress(WriterUnreachable):
                return self.remote.call(payload)
        return self.append_here(request)

    def append_here(self, request: AppendRequest) -> AppendResult:
        """`append` in this process, through its own writer."""
        request = _keyed(request)
        try:
            recorded, body = self._commit(self._work_of(request))
        except Exception as error:
            return self._recovered(request, error)
        return AppendResult(request.stream_id, recorded, answer=body)

    def append_all(self, requests: Sequence[AppendRequest]) -> list[AppendResult | Exception]:
        """Several appends in as few transactions as the batch size allows (the writer process's batch,
        `writer_socket.py`); each its result, or the error it alone raised, once committed."""
        keyed = [_keyed(request) for request in requests]
        outcomes = self._group.run_all([self._work_of(request) for request in keyed])
        results: list[AppendResult | Exception] = []
        for request, (value, error) in zip(keyed, outcomes, strict=True):
            try:
                if value is not None:
                    results.append(AppendResult(request.stream_id, value[0], answer=value[1]))
                else:
                    results.append(self._recovered(request, error or RuntimeError("the append had no outcome")))
            except Exception as refused:
                results.append(refused)
        return results

    def _work_of(self, request: AppendRequest) -> Callable[[Connection], tuple[tuple[RecordedEvent, ...], str | None]]:
        """`_work` of a request (the writer process's, a keyed one)."""
        return self._work(
            request.stream_id,
            request.expected_version,
            request.drafts,
            request.idempotency_key,
            request.fingerprint,
            request.on_append,
            request.answer,
        )

    def _work(
        self,
        stream_id: str,
        expected_version: int | None,
        drafts: Sequence[EventDraft],
        idempotency_key: str | None,
        fingerprint: str | None,
        on_append: OnAppend | None,
        answer: Answer | None,
    ) -> Callable[[Connection], tuple[tuple[RecordedEvent, ...], str | None]]:
        """What an append does in its (batch's) transaction: events, post-append work, answer, key."""

        def work(conn: Connection) -> tuple[tuple[RecordedEvent, ...], str | None]:
            recorded = self._append_locked(stream_id, expected_version, drafts)
            if on_append is not None:
                on_append(conn, recorded)
            body = answer(recorded) if answer is not None else None
            if idempotency_key is not None:
                self._keep_key((idempotency_key, fingerprint), recorded, body)
            return recorded, body

        return work

    def _recovered(self, request: AppendRequest, error: BaseException) -> AppendResult:
        """The result of an append that failed, when it lost a race to its own key; else its error, raised."""
        key, fingerprint = request.idempotency_key, request.fingerprint
        if isinstance(error, WrongExpectedVersion | IntegrityError) and key is not None and fingerprint is not None:
            # Lost a race to a concurrent append with the same key: it moved the stream on, or its key's
            # row committed meanwhile, and its result is this request's result too.
            earlier = self.idempotent_result(key, fingerprint)
            if earlier is not None:
                return earlier
        if isinstance(error, IntegrityError):
            # Another writer took this version between our check and insert: report the version it reached.
            current = self.stream_version(request.stream_id)
            expected = request.expected_version
            if expected is not None and current != expected:
                raise WrongExpectedVersion(request.stream_id, expected, current) from None
        raise error

    def _commit(self, work: Callable[[Connection], T]) -> T:
        """`work(conn)` in a write transaction, its value once that has committed: in a batch with the
        appends that arrived meanwhile (group commit)."""
        return self._group.run(work)

    def _transaction(self) -> contextlib.AbstractContextManager[Connection]:
        """One write transaction of its own, committed when the block ends and rolled back if it raises."""
        return self._group.exclusive()

    @property
    def group_commit(self) -> GroupCommitWriter:
        """The store's batching writer: its counts show how batches form."""
        return self._group

    def write(self) -> contextlib.AbstractContextManager[Connection]:
        """A write transaction queued with the appends (the store's writer and its lock, not a second
        connection waiting for the lock), for other rows that must be written in turn."""
        return self._transaction()

    def close(self) -> None:
        """Release the write connection and those to the writer process (before disposing of the engine)."""
        self._writer.close()
        if self.remote is not None:
            self.remote.close()

    def forget_heads(self) -> None:
        """Drop the stream heads the writer cached: rows were written behind its back (a repair, a test)."""
        self._writer.forget()

    def append_recorded(
        self,
        stream_id: str,
        build: Callable[[int], Sequence[RecordedEvent]],
        on_append: OnAppend | None = None,
        companions: Sequence[str] = (),
        idempotency_key: str | None = None,
        fingerprint: str = "",
        answer: Answer | None = None,
    ) -> AppendResult:
        """Store events recorded elsewhere (an imported record) as they are: their times and hashes.

        The stream, and every companion stream (a game's annotations), must be new
        (WrongExpectedVersion otherwise). `build(position)` makes the events of all of them, numbered
        after the global position read under the write lock, so positions stay gap-free and in commit
        order exactly as for `append`; they are stored in one transaction. An idempotency key is kept in
        that transaction with `stream_id`'s events and the `answer` built from them, as `append` keeps
        one: a repeated key with the same fingerprint returns the first result and writes nothing.
        """
        try:
            with self._transaction() as conn:
                current, _, position = self._head(stream_id)
                if current:
                    raise WrongExpectedVersion(stream_id, 0, current)
                for companion in companions:
                    companion_version = self._head(companion)[0]
                    if companion_version:
                        raise WrongExpectedVersion(companion, 0, companion_version)
                recorded = tuple(build(position))
                self._insert([_row_of(e) for e in recorded])
                if on_append is not None:
                    on_append(conn, recorded)
                own = tuple(e for e in recorded if e.stream_id == stream_id)
                body = answer(own) if answer is not None else None
                if idempotency_key is not None:
                    self._keep_key((idempotency_key, fingerprint), own, body)
        except (WrongExpectedVersion, IntegrityError):
            # Lost a race to a request with the same key (its key's row, or its kept stream id, came first).
            earlier = self.idempotent_result(idempotency_key, fingerprint) if idempotency_key is not None else None
            if earlier is None:
                raise
            return earlier
        return AppendResult(stream_id, recorded, answer=body)

    def append_within(
        self, conn: Connection, stream_id: str, expected_version: int | None, drafts: Sequence[EventDraft]
    ) -> tuple[RecordedEvent, ...]:
        """Append to a second stream from another append's `on_append`, in its transaction and under its
        lock: both streams commit or neither does (a ruling and the correction it appends to its game)."""
        if not drafts:
            raise EmptyAppend("nothing to append")
        return self._append_locked(stream_id, expected_version, drafts)

    def _append_locked(
        self, stream_id: str, expected_version: int | None, drafts: Sequence[EventDraft]
    ) -> tuple[RecordedEvent, ...]:
        # The writer's driver cursor: per-statement SQLAlchemy execution cost as much as the statements.
        current, prev_hash, position = self._head(stream_id, expected_version)
        if expected_version is not None and current != expected_version:
            raise WrongExpectedVersion(stream_id, expected_version, current)
        now = self.clock.now()
        recorded_at, unix_ms = isoformat(now), int(now.timestamp() * 1000)
        rows: list[Row] = []
        recorded: list[RecordedEvent] = []
        for offset, draft in enumerate(drafts, start=1):
            event, row = _record(draft, stream_id, current + offset, position + offset, recorded_at, unix_ms, prev_hash)
            prev_hash = event.hash
            recorded.append(event)
            rows.append(row)
        self._insert(rows)
        return tuple(recorded)

    def _head(self, stream_id: str, expected_version: int | None = ANY_VERSION) -> tuple[int, str, int]:
        """The stream's version and hash and the global position, in the writer's transaction (under its
        lock), from what the writer last wrote when no other writer has committed since."""
        writer = self._writer
        if writer.position is not None:
            if known := writer.heads.get(stream_id):
                return known[0], known[1], writer.position
            if expected_version == NO_STREAM:
                # Said to be new, and the writer has not written it: nothing to read, as the unique
                # (stream_id, version) key refuses version 1 if the stream exists after all (`append`
                # then reports its version).
                return 0, GENESIS, writer.position
        version, head_hash, position = writer.fetch_one(self._sql.head, {"stream_id": stream_id})
        # The query always returns one row; version is NULL when the stream is new.
        head = (0, GENESIS) if version is None else (version, head_hash)
        writer.heads[stream_id], writer.position = head, position
        return head[0], head[1], position

    def _insert(self, rows: list[Row]) -> None:
        self._execute(self._sql.insert, rows[0] if len(rows) == 1 else rows, many=len(rows) > 1)
        self._writer.remember(rows)

    def _execute(self, sql: str, params: Any, many: bool = False) -> None:
        """A writer statement whose duplicate-key error is raised as SQLAlchemy's IntegrityError (as
        SQLAlchemy's own execution raises it), so callers handle one kind of duplicate."""
        try:
            self._writer.execute(sql, params, many)
        except self._integrity_error as error:
            raise IntegrityError(sql, params, error) from error

    def _keep_key(self, key: tuple[str, str | None], recorded: tuple[RecordedEvent, ...], body: str | None) -> None:
        """Keep an idempotency key (and its content's fingerprint) with what it appended and answered."""
        first, last = recorded[0], recorded[-1]
        key_row = (*key, first.stream_id, first.version, last.version, first.recorded_at, body)
        self._execute(self._sql.keep_key, key_row)

    def idempotent_result(self, key: str, fingerprint: str) -> AppendResult | None:
        """The result first recorded under `key`, or None; a different fingerprint is an error."""
        with self.engine.connect() as conn:
            row = conn.execute(select(idempotency_keys).where(idempotency_keys.c.key == key)).first()
            if row is None:
                return None
            if row.fingerprint != fingerprint:
                raise IdempotencyKeyReused(key)
            found = _read(conn, row.stream_id, row.first_version - 1, row.last_version, None)
        return AppendResult(row.stream_id, tuple(found), replayed=True, answer=row.response)

    # --- reading ---

    def stream_version(self, stream_id: str) -> int:
        """The stream's current version (0 when it does not exist)."""
        with self.engine.connect() as conn:
            value = conn.execute(select(func.max(events.c.version)).where(events.c.stream_id == stream_id)).scalar()
        return int(value or 0)

    def hashes_at(self, stream_id: str, versions: Sequence[int]) -> dict[int, str]:
        """The stored hash of each of these versions the stream holds, in one query."""
        query = select(events.c.version, events.c.hash).where(
            events.c.stream_id == stream_id, events.c.version.in_(list(versions))
        )
        with self.engine.connect() as conn:
            return {int(row.version): str(row.hash) for row in conn.execute(query)}

    def read(
        self, stream_id: str, after: int = 0, until: int | None = None, limit: int | None = None
    ) -> list[RecordedEvent]:
        """Events of one stream with `after < version <= until`, oldest first."""
        with self.engine.connect() as conn:
            return _read(conn, stream_id, after, until, limit)

    def read_facts(self, stream_id: str, after: int, until: int, upcasters: Upcasters | None = None) -> list[Event]:
        """Only type and data of `after < version <= until`: what a fold needs, decoded and nothing more.

        With `upcasters`, events written at an older schema version are read as the current one.
        """
        with self.engine.connect() as conn:
            rows = conn.exec_driver_sql(self._sql.facts, {"stream_id": stream_id, "after": after, "until": until})
            if not upcasters:
                return [Event(row[0], decode_stored(row[2])) for row in rows]
            return [Event(row[0], upcasters.upcast(row[0], row[1], decode_stored(row[2]))) for row in rows]

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
        """Recompute the chain of one stream; report the first version whose link is broken.

        The hash is recomputed over the stored text itself, not over a decoding of it: what is checked is
        exactly what is kept, and no stored content, however deep, has to be decoded to be checked."""
        prev_hash, expected_version, count = GENESIS, 1, 0
        first = last = None
        types: set[str] = set()
        for row in self._rows_as_stored(stream_id):
            count += 1
            if row.version != expected_version:
                return ChainReport(stream_id, False, count, expected_version, f"version {expected_version} is missing")
            if row.prev_hash != prev_hash:
                return ChainReport(stream_id, False, count, row.version, "prev_hash does not match the event before")
            if _hash_of_row(row) != row.hash:
                return ChainReport(stream_id, False, count, row.version, "hash does not match the event's content")
            prev_hash, expected_version = row.hash, expected_version + 1
            first, last = first or row, row
            types.add(row.type)
        if first is None or last is None:
            return ChainReport(stream_id, True, count, head=prev_hash)
        ends = _from_row(first), _from_row(last)  # decoded once each: the rows between stay stored text
        return ChainReport(stream_id, True, count, head=prev_hash, first=ends[0], last=ends[1], types=frozenset(types))

    def _rows_as_stored(self, stream_id: str, batch: int = 5000) -> Iterator[Any]:
        """A stream's rows with data and metadata as their stored text, in batches, oldest first."""
        after = 0
        while True:
            query = (
                select(events)
                .where(events.c.stream_id == stream_id, events.c.version > after)
                .order_by(events.c.version)
                .limit(batch)
            )
            with self.engine.connect() as conn:
                chunk = list(conn.execute(query))
            yield from chunk
            if len(chunk) < batch:
                return
            after = chunk[-1].version


def _keyed(request: AppendRequest) -> AppendRequest:
    """The request with its fingerprint, when it has a key and none was given.

    Only a keyed append needs its fingerprint: hashing every draft costs as much as the insert. The key
    is not looked up first (a read on a pooled connection of its own, on every keyed append): a repeated
    one is refused in the transaction by the key's unique row or by the stream's moved version, and the
    first result is returned by `EventStore._recovered`."""
    if request.idempotency_key is None or request.fingerprint is not None:
        return request
    return replace(request, fingerprint=_fingerprint(request.drafts))


def _fingerprint(drafts: Sequence[EventDraft]) -> str:
    body = [{"type": d.type, "data": d.data} for d in drafts]
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


# The C scanner behind json.loads, called directly on text this module has just encoded (canonical,
# so no surrounding whitespace to skip): json.loads' Python layers cost more than a small event's parse.
# typeshed's JSONDecoder stub leaves out `scan_once`, which JSONDecoder.__init__ sets (json/decoder.py).
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _record(
    draft: EventDraft, stream_id: str, version: int, position: int, recorded_at: str, unix_ms: int, prev_hash: str
) -> tuple[RecordedEvent, Row]:
    """The recorded event and its row; data and metadata are encoded once, and that text is hashed. An event
    without an id of its own gets a time-ordered one, stamped with its `recorded_at` (`time_ordered_uuid`)."""
    event_id = draft.event_id or time_ordered_uuid(unix_ms)
    data_json = canonical_json(draft.data)
    metadata_json = canonical_json(draft.metadata)
    digest = event_hash_of_texts(
        prev_hash,
        stream_id=stream_id,
        version=version,
        event_id=event_id,
        type=draft.type,
        schema_version=draft.schema_version,
        data_json=data_json,
        metadata_json=metadata_json,
        recorded_at=recorded_at,
    )
    # Decoded back from the canonical text, so the event holds exactly the values that were hashed.
    event = RecordedEvent(
        position,
        stream_id,
        version,
        event_id,
        draft.type,
        draft.schema_version,
        _SCAN(data_json, 0)[0],
        _SCAN(metadata_json, 0)[0],
        recorded_at,
        prev_hash,
        digest,
    )
    return event, _row_of(event, data_json, metadata_json)


def _row_of(event: RecordedEvent, data_json: str | None = None, metadata_json: str | None = None) -> Row:
    """The row of an event; its data and metadata as canonical JSON (encoded here unless given)."""
    return (
        event.position,
        event.stream_id,
        event.version,
        event.event_id,
        event.type,
        event.schema_version,
        canonical_json(event.data) if data_json is None else data_json,
        canonical_json(event.metadata) if metadata_json is None else metadata_json,
        event.recorded_at,
        event.prev_hash,
        event.hash,
    )


class _HotSql:
    """The append path's statements as driver SQL, written once per dialect: building SQLAlchemy
    Core statements per call cost more than the commit itself (see `make bench`)."""

    COLUMNS = (
        "position",
        "stream_id",
        "version",
        "event_id",
        "type",
        "schema_version",
        "data",
        "metadata",
        "recorded_at",
        "prev_hash",
        "hash",
    )
    KEY_COLUMNS = ("key", "fingerprint", "stream_id", "first_version", "last_version", "created_at", "response")

    def __init__(self, dialect: str) -> None:
        def param(name: str) -> str:
            return f"%({name})s" if dialect == "postgresql" else f":{name}"

        # One round trip: the stream's head (if any) and the global position, read under the lock.
        self.head = (
            "SELECT h.version, h.hash, (SELECT COALESCE(MAX(position), 0) FROM events) AS position "
            "FROM (SELECT 1 AS one) AS anchor LEFT JOIN "
            f"(SELECT version, hash FROM events WHERE stream_id = {param('stream_id')} "
            "ORDER BY version DESC LIMIT 1) AS h ON 1 = 1"
        )
        self.facts = (
            f"SELECT type, schema_version, data FROM events WHERE stream_id = {param('stream_id')} "
            f"AND version > {param('after')} AND version <= {param('until')} ORDER BY version"
        )
        # Rows are tuples bound by position: binding by name costs a lookup and a string per column.
        self.insert = _positional_insert(dialect, "events", self.COLUMNS)
        self.keep_key = _positional_insert(dialect, "idempotency_keys", self.KEY_COLUMNS)


def _positional_insert(dialect: str, table: str, columns: Sequence[str]) -> str:
    marker = "%s" if dialect == "postgresql" else "?"
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(marker for _ in columns)})"


def _hash_of_row(row: Any) -> str:
    return event_hash_of_texts(
        row.prev_hash,
        stream_id=row.stream_id,
        version=row.version,
        event_id=row.event_id,
        type=row.type,
        schema_version=row.schema_version,
        data_json=row.data,
        metadata_json=row._mapping[events.c.meta],
        recorded_at=row.recorded_at,
    )


def _from_row(row: Any) -> RecordedEvent:
    try:
        data, meta = decode_stored(row.data), decode_stored(row._mapping[events.c.meta])
    except ValueError as error:  # only an edit outside Annals stores text that is no JSON
        raise StoredEventUnreadable(
            f"{row.stream_id} version {row.version} (position {row.position}) holds stored data that is not JSON "
            f"({error}): the log was changed outside Annals; its verify names the first broken event",
            stream=row.stream_id,
            version=row.version,
        ) from None
    return RecordedEvent(
        row.position,
        row.stream_id,
        row.version,
        row.event_id,
        row.type,
        row.schema_version,
        data,
        meta,
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
