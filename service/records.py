"""Exporting a game as a record (DESIGN §10) and importing a record as a new game.

An import keeps every event as it was recorded — type, data, metadata, schema version and
`recorded_at` — and rebuilds only the chain links. Under a new game id three things change, by rule:
the stream is `game:<new id>`, each event id becomes uuid5(new game id, original event id) (event
ids are unique across the store), and the `GameCreated` event's `data.game_id` becomes the new id
(a server-dice game also gets `data.dice_game_id`, the id its rolls were derived from, so that they
can still be re-checked against the revealed seed); hashes follow from those. With `keep_id` nothing
changes and the chain is the original one.

The dice seed of a server-dice game is a secret and never leaves the service: an unfinished
server-dice game imported elsewhere cannot roll again (the report says `dice_seed_available: false`).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from domain import boards as board_model
from domain import registry
from domain.canonical import canonical_bytes, sha256_hex
from domain.chain import GENESIS, event_hash
from domain.checkpoints import STREAM, Checkpoint, CheckpointFormatError
from domain.checkpoints import from_json as checkpoint_from_json
from domain.checkpoints import payload as checkpoint_payload
from domain.kernel import DICE_SEED_REVEALED, GAME_CREATED, DiceMode
from replays.annotations import recorded_errors as annotation_stream_errors
from replays.readjudicate import Finding, RecordedStep, readjudicate
from replays.record import (
    Record,
    RecordError,
    export_lines,
    header_disagreements,
    notation_lines,
    parse_record,
    record_header,
    verify_annotations,
    verify_record,
)
from service.annotation_stream import stream_of_annotations
from service.answers import answer_text, game_json
from service.auth import RECORDERS, Principal
from service.checkpoints import LogTampered
from service.errors import Conflict, Forbidden, Unprocessable, WrongExpectedVersion
from service.loading import stream_of
from service.positions import check_recorded_position
from service.rebuild import summary_of
from service.signing import INVALID, VALID
from service.store import boards, players, summaries
from service.store import checkpoints as checkpoint_rows
from service.store.events import AppendResult, RecordedEvent
from service.views import EventRedactor
from service.wiring import Services

VERDICTS = ("consistent", "deviates", "unverifiable")
# What an import says of the record's checkpoint: signed by a key known here, by an unknown key, or none.
VERIFIED, UNKNOWN_KEY_STATUS, ABSENT = "verified", "unknown-key", "absent"
# In the `GameCreated` data of a server-dice game imported under a new id: the id its dice were rolled under.
DICE_GAME_ID = "dice_game_id"
ANNOTATION_EXPORTERS = ("admin", "organiser", "arbiter")
# PostgreSQL: the event store's append lock, so that positions are still handed out in commit order.


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import stored and what re-adjudication found."""

    game_id: str
    original_id: str
    version: int
    events: int
    chain_ok: bool
    findings: dict[str, int]
    deviations: tuple[dict[str, Any], ...] = ()
    unverifiable: tuple[dict[str, Any], ...] = ()
    dice_seed_available: bool = True
    checkpoint: Mapping[str, Any] = field(default_factory=lambda: {"status": ABSENT})
    # Fields added later to an event type that the record's events lack (still consistent): {version, event, field}.
    unrecorded_fields: tuple[Mapping[str, Any], ...] = ()
    # The JSON body kept with the import's Idempotency-Key, and whether this is a retry answered with it.
    answer: str | None = field(default=None, compare=False)
    replayed: bool = False

    @classmethod
    def replayed_from(cls, result: AppendResult) -> ImportReport:
        """The report an earlier import with the same Idempotency-Key answered, as it was kept."""
        kept = json.loads(result.answer or "{}")  # an import's key is always kept with its answer
        return cls(
            game_id=kept["game"],
            original_id=kept["original_id"],
            version=kept["version"],
            events=kept["events"],
            chain_ok=kept["chain_ok"],
            findings=kept["findings"],
            deviations=tuple(kept["deviations"]),
            unverifiable=tuple(kept["unverifiable"]),
            dice_seed_available=kept["dice_seed_available"],
            checkpoint=kept["checkpoint"],
            unrecorded_fields=tuple(kept["unrecorded_fields"]),
            answer=result.answer,
            replayed=True,
        )

    def to_json(self) -> dict[str, Any]:
        """The API's and CLI's shape of the report."""
        return {
            "game": self.game_id,
            "original_id": self.original_id,
            "version": self.version,
            "events": self.events,
            "chain_ok": self.chain_ok,
            "findings": dict(self.findings),
            "deviations": list(self.deviations),
            "unverifiable": list(self.unverifiable),
            "dice_seed_available": self.dice_seed_available,
            "checkpoint": dict(self.checkpoint),
            "unrecorded_fields": [dict(f) for f in self.unrecorded_fields],
        }


def export_game(
    services: Services, principal: Principal, game_id: str, with_annotations: bool = False
) -> Iterator[str]:
    """The game's record, line by line (404 when the caller may not read the game).

    With annotations, the whole annotation stream is exported as recorded (its chain covers every
    event, private notes included), so only staff who moderate annotations may ask for it.
    """
    summary = services.loader.summary(game_id, principal)
    if with_annotations and principal.role not in ANNOTATION_EXPORTERS:
        raise Forbidden(
            "exporting annotations exports private notes too: it needs an admin, organiser or arbiter token"
        )
    board = services.loader.board(summary["board"])
    # Only up to the summarised version: the header and the event lines describe the same game.
    recorded = [e for e in services.store.iter_stream(stream_of(game_id)) if e.version <= summary["version"]]
    hash_at = {e.version: e.hash for e in recorded}
    if hash_at.get(summary["version"]) != summary["last_hash"]:
        raise LogTampered(
            f"game {game_id}'s log disagrees with its summary at version {summary['version']}: "
            "run `annals verify`; nothing was exported"
        )
    events = [e.to_json() for e in recorded]
    notes = (
        [e.to_json() for e in services.store.iter_stream(stream_of_annotations(game_id))] if with_annotations else []
    )
    _refuse_broken_chain(services, stream_of(game_id))
    if with_annotations:
        _refuse_broken_chain(services, stream_of_annotations(game_id))
    # The signed head travels with the record: anyone holding the public key can check it offline.
    checkpoint = services.checkpoints.for_export(stream_of(game_id), summary["version"], hash_at).checkpoint
    # The header's seats are those GameCreated recorded (an import checks them against it); names are the reader's.
    head = record_header({**game_json(summary), "seats": summary["seats"]}, board, checkpoint.to_json())
    stored: Iterable[dict[str, Any]] = events
    redactor = EventRedactor.for_summary(principal, summary)
    if redactor.hides_anything:
        stored = (_whole(redactor, e) for e in stored)
    return export_lines(head, stored, notes)


def _refuse_broken_chain(services: Services, stream: str) -> None:
    """LogTampered when a stored event no longer matches its hash: an export signs its head and would hand
    out a record no import takes. Checked over the stored text, as GET /verify does: an event stored deeper
    than the store decodes is read back differently, but is not an edit."""
    check = services.store.verify(stream)
    if not check.ok:
        raise LogTampered(
            f"{stream}'s hash chain breaks at version {check.first_broken} ({check.reason}): "
            "run `annals verify`; nothing was exported or signed"
        )


def _whole(redactor: EventRedactor, event: dict[str, Any]) -> dict[str, Any]:
    """An event this caller may export: a record cannot hide part of an event and still verify."""
    if redactor.event(event).get("redacted"):
        raise Forbidden(
            f"version {event['version']} holds information hidden from this caller; an arbiter may export the game"
        )
    return event


def export_notation(services: Services, principal: Principal, game_id: str) -> list[str]:
    """The game as plain-text notation, one "<version>. <notation>" line per event."""
    loaded = services.loader.load(game_id, principal)
    stored = [e.to_json() for e in services.store.iter_stream(stream_of(game_id)) if e.version <= loaded.game.version]
    return notation_lines(
        loaded.ruleset, stored, loaded.board, EventRedactor.for_summary(principal, loaded.summary).fact
    )


def import_record(
    services: Services,
    principal: Principal,
    lines: Iterable[str],
    keep_id: bool,
    progress: Callable[[int], None] | None = None,
    key: str | None = None,
) -> ImportReport:
    """Verify, re-adjudicate and store a record as a game; `progress(n)` hears of every n events re-adjudicated.
    A request repeated with its Idempotency-Key (`key`) gets the first import's report, and no second game."""
    principal.require(*RECORDERS)
    lines = list(lines)
    scoped = f"{principal.token_id}:import:{key}" if key else None
    # Hashed only under a key: a long record's canonical bytes are a second copy of it.
    fingerprint = sha256_hex(canonical_bytes({"record": lines, "keep_id": keep_id})) if scoped else ""
    if scoped is not None and (earlier := services.store.idempotent_result(scoped, fingerprint)) is not None:
        return ImportReport.replayed_from(earlier)
    record, signed, ruleset, board, findings = _checked_record(lines, keep_id, progress, services)
    original_id = record.game_id
    game_id = original_id if keep_id else str(uuid.uuid4())
    created = record.events[0]
    _check_players(services, created["data"])
    if board is not None:  # content-addressed: storing a board twice is harmless
        name, when = str(board.get("name") or "unnamed"), str(created["recorded_at"])
        boards.put(services.engine, created["data"]["board"], name, ruleset.id, board, when)
    counts = {verdict: sum(f.verdict == verdict for f in findings) for verdict in VERDICTS}

    def report(stored: Sequence[RecordedEvent]) -> ImportReport:
        return ImportReport(
            game_id=game_id,
            original_id=original_id,
            version=stored[-1].version,
            events=len(stored),
            chain_ok=True,
            findings=counts,
            deviations=tuple({"version": f.version, "reason": f.reason} for f in findings if f.verdict == "deviates"),
            unverifiable=tuple(
                {"version": f.version, "reason": f.reason} for f in findings if f.verdict == "unverifiable"
            ),
            dice_seed_available=_dice_seed_available(record),
            checkpoint=_checkpoint_report(signed),
            unrecorded_fields=tuple(lacking for f in findings for lacking in f.unrecorded_fields),
        )

    # Under its own id the game keeps the checkpoint it was exported with, when a key known here signed it.
    kept = signed if keep_id and signed is not None and signed[1] == VERIFIED else None
    keyed = _Keyed(scoped, fingerprint, lambda stored: answer_text(report(stored).to_json()))
    result = _store(services, record, original_id, game_id, kept[0] if kept else None, keyed)
    if result.replayed:  # lost a race to the same key: the winner's report
        return ImportReport.replayed_from(result)
    return replace(report([e for e in result.events if e.stream_id == stream_of(game_id)]), answer=result.answer)


def _checked_record(
    lines: list[str], keep_id: bool, progress: Callable[[int], None] | None, services: Services
) -> tuple[Record, tuple[Checkpoint, str] | None, Any, dict[str, Any] | None, list[Finding]]:
    """The record, its checkpoint, ruleset and board, and what re-adjudication found: 422 when it is not whole."""
    record = _parsed(lines)
    if keep_id and not _is_uuid(record.game_id):
        raise Unprocessable(
            f"game id {record.game_id!r} is not a UUID; import it under a new id", {"keep_id": ["not a UUID"]}
        )
    check = verify_record(record)
    if not check.ok:
        raise Unprocessable(
            f"the hash chain breaks at version {check.first_broken}: {check.reason}",
            {"record": [f"version {check.first_broken}: {check.reason}"]},
        )
    notes = verify_annotations(record)
    if not notes.ok:
        raise Unprocessable(
            f"the annotations' hash chain breaks at annotation version {notes.first_broken}: {notes.reason}",
            {"annotations": [f"version {notes.first_broken}: {notes.reason}"]},
        )
    signed = _checked_checkpoint(services, record, check.events, check.head)
    created = record.events[0]
    _check_created(record, created)
    ruleset = _pinned(created["data"])
    board = _board(record, created["data"])
    check_recorded_position(ruleset, created["data"], board)
    _check_annotations(record, created["data"], board)
    return record, signed, ruleset, board, _readjudicate(ruleset, record, board, progress)


def _checked_checkpoint(services: Services, record: Record, count: int, head: str) -> tuple[Checkpoint, str] | None:
    """The record's checkpoint and VERIFIED or UNKNOWN_KEY_STATUS (None without one); 422 when it is malformed,
    names another head than the record's chain ends at, or its signature fails under a key known here."""
    value = record.header.get("checkpoint")
    if value is None:
        return None
    try:
        checkpoint = checkpoint_from_json(value)
    except CheckpointFormatError as error:
        raise Unprocessable(f"the record's checkpoint cannot be read: {error}", {"checkpoint": [str(error)]}) from None
    stream = f"game:{record.game_id}"
    if (checkpoint.kind, checkpoint.stream, checkpoint.number, checkpoint.head) != (STREAM, stream, count, head):
        detail = (
            f"the record's checkpoint signs {checkpoint.stream} at version {checkpoint.number}, but the record's "
            f"chain is {stream} ending at version {count}"
        )
        raise Unprocessable(detail, {"checkpoint": ["does not match the record's chain"]})
    verdict = services.keyring.verify(checkpoint.key_id, checkpoint_payload(checkpoint), checkpoint.signature)
    if verdict == INVALID:
        detail = f"the record's checkpoint signature does not verify under key {checkpoint.key_id}"
        raise Unprocessable(detail, {"checkpoint": ["bad signature"]})
    return checkpoint, VERIFIED if verdict == VALID else UNKNOWN_KEY_STATUS


def _checkpoint_report(signed: tuple[Checkpoint, str] | None) -> dict[str, Any]:
    if signed is None:
        return {"status": ABSENT}
    checkpoint, status = signed
    return {
        "status": status,
        "key_id": checkpoint.key_id,
        "version": checkpoint.number,
        "signed_at": checkpoint.signed_at,
    }


def _is_uuid(value: str) -> bool:
    try:
        return str(uuid.UUID(value)) == value
    except ValueError:
        return False


def _parsed(lines: Iterable[str]) -> Record:
    try:
        return parse_record(lines)
    except RecordError as error:
        field_name = f"line {error.line}" if error.line else "record"
        raise Unprocessable(f"the record cannot be read: {error}", {field_name: [error.message]}) from None


def _check_created(record: Record, created: Mapping[str, Any]) -> None:
    if created["type"] != GAME_CREATED:
        raise Unprocessable(f"version 1 is a {created['type']!r}, not a {GAME_CREATED!r}", {"record": ["no game"]})
    if created["data"].get("game_id") != record.game_id:
        detail = f"version 1 creates game {created['data'].get('game_id')!r}, the header names {record.game_id!r}"
        raise Unprocessable(detail, {"record": [detail]})
    if disagreements := header_disagreements(record):
        errors = {f"header.game.{name}": [problem] for name, problem in disagreements.items()}
        name, problem = next(iter(disagreements.items()))
        raise Unprocessable(f"the record's header disagrees with its GameCreated: game.{name}: {problem}", errors)


def _check_annotations(record: Record, data: Mapping[str, Any], board: Mapping[str, Any] | None) -> None:
    """422 for annotation lines the API would have refused (a version the game never reached, an unknown
    seat or glyph, an edit of a deleted note): their chain only proves they were not changed since."""
    areas = None if board is None else [str(a["id"]) for a in board.get("areas", ()) if isinstance(a, Mapping)]
    errors = annotation_stream_errors(
        ((int(n["version"]), str(n["type"]), n["data"]) for n in record.annotations),
        game_version=int(record.events[-1]["version"]),
        seats=[str(s["seat"]) for s in data.get("seats", ()) if isinstance(s, Mapping)],
        area_ids=areas,
    )
    if errors:
        name, problems = next(iter(errors.items()))
        raise Unprocessable(f"the record's annotations cannot be imported: {name}: {problems[0]}", errors)


def _pinned(data: Mapping[str, Any]) -> Any:
    try:
        return registry.pinned(str(data.get("ruleset")), str(data.get("ruleset_version")))
    except registry.UnknownRuleset as error:
        raise Unprocessable(str(error), {"ruleset": [str(error)]}) from None


def _board(record: Record, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """The record's board, checked against the id the game names."""
    document = record.header.get("board")
    board_id = data.get("board")
    if board_id is None:
        return None
    if document is None:
        raise Unprocessable(f"the game is played on board {board_id!r} but the record carries none")
    if board_model.board_id(document) != board_id:
        raise Unprocessable(f"the record's board is not board {board_id!r} (its content id differs)")
    return dict(document)


def _readjudicate(
    ruleset: Any, record: Record, board: Mapping[str, Any] | None, progress: Callable[[int], None] | None
) -> list[Finding]:
    """Re-decide on the events as recorded (server dice derive from `dice_game_id`, kept by the kernel)."""
    steps = [
        RecordedStep(e["version"], e["type"], e["data"], e["metadata"], e["schema_version"]) for e in record.events
    ]
    revealed = [s for s in steps if s.type == DICE_SEED_REVEALED and isinstance(s.data.get("seed"), str)]
    try:
        seed = bytes.fromhex(revealed[-1].data["seed"]) if revealed else None
        return readjudicate(ruleset, steps, board, seed, progress)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        detail = f"the record cannot be re-adjudicated: {type(error).__name__}: {error}"
        raise Unprocessable(detail, {"record": [detail]}) from None


def _dice_seed_available(record: Record) -> bool:
    """False for a server-dice game whose seed is not in the record: it can roll no further here."""
    if record.events[0]["data"].get("dice") != DiceMode.SERVER.value:
        return True
    return any(e["type"] == DICE_SEED_REVEALED for e in record.events)


def _check_players(services: Services, data: Mapping[str, Any]) -> None:
    wanted = [str(s["player"]) for s in data.get("seats", ()) if isinstance(s, Mapping) and s.get("player")]
    missing = sorted(set(wanted) - players.existing(services.engine, wanted))
    if missing:
        detail = f"the seats name player(s) unknown here: {', '.join(missing)}; register them first"
        raise Unprocessable(detail, {"seats": [f"unknown player {p!r}" for p in missing]})


@dataclass(frozen=True, slots=True)
class _Keyed:
    """An import's caller-scoped Idempotency-Key (None without one), its fingerprint, and its answer's maker."""

    key: str | None
    fingerprint: str
    answer: Callable[[tuple[RecordedEvent, ...]], str]


def _store(
    services: Services, record: Record, original_id: str, game_id: str, checkpoint: Checkpoint | None, keyed: _Keyed
) -> AppendResult:
    """Append every event to `game:<game_id>` and add its summary (and the record's verified checkpoint), in
    one transaction of the store, with the Idempotency-Key and the answer it keeps."""

    def summarise(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        summaries.insert_game(conn, summary_of([e for e in recorded if e.stream_id == stream_of(game_id)]))
        if checkpoint is not None:
            checkpoint_rows.add(conn, checkpoint)

    def build(position: int) -> list[RecordedEvent]:
        events = relink(record.events, stream_of(game_id), original_id, game_id, position)
        notes = relink(record.annotations, stream_of_annotations(game_id), original_id, game_id, events[-1].position)
        return events + notes

    companions = [stream_of_annotations(game_id)] if record.annotations else []
    try:
        return services.store.append_recorded(
            stream_of(game_id), build, summarise, companions, keyed.key, keyed.fingerprint, keyed.answer
        )
    except WrongExpectedVersion:
        raise Conflict(f"a game {game_id!r} exists already; import without keep_id to give it a new id") from None
    except IntegrityError:
        raise Conflict(
            f"game {game_id!r} or one of its event ids is stored already (was this record imported before?)"
        ) from None


def relink(
    events: Iterable[Mapping[str, Any]],
    stream: str,
    original_id: str,
    game_id: str,
    position: int,
    created: Mapping[str, Any] | None = None,
) -> list[RecordedEvent]:
    """Recorded events (of a game or of its annotations) in a new stream, the chain recomputed over it.

    `created` replaces fields of the `GameCreated` data (a fork's marker, its own dice commitment).
    """
    renamed = game_id != original_id
    prev_hash, recorded = GENESIS, []
    for offset, event in enumerate(events, start=1):
        data = dict(event["data"])
        event_id = str(event["event_id"])
        if renamed:
            event_id = str(uuid.uuid5(uuid.UUID(game_id), event_id))
            if event["type"] == GAME_CREATED:
                if data.get("dice") == DiceMode.SERVER.value:
                    # Server rolls were derived from the id they were rolled under: keep it to re-check them.
                    data.setdefault(DICE_GAME_ID, original_id)
                data["game_id"] = game_id
        if created is not None and event["type"] == GAME_CREATED:
            data.update(created)
        digest = event_hash(
            prev_hash,
            stream_id=stream,
            version=event["version"],
            event_id=event_id,
            type=event["type"],
            schema_version=event["schema_version"],
            data=data,
            metadata=event["metadata"],
            recorded_at=event["recorded_at"],
        )
        recorded.append(
            RecordedEvent(
                position + offset,
                stream,
                event["version"],
                event_id,
                event["type"],
                event["schema_version"],
                data,
                dict(event["metadata"]),
                event["recorded_at"],
                prev_hash,
                digest,
            )
        )
        prev_hash = digest
    return recorded
