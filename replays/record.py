"""The record format of DESIGN §10: a game as JSON Lines, its chain check, and a plain-text notation.

A record is a header line then one line per event, each line the canonical JSON of its object, so
that export → import → export gives the same bytes. The header names the game and carries its board;
the event lines carry everything the hash chain covers, so a record can be verified anywhere.
A record exported with its annotations adds, after the game's events, the events of its annotation
stream, each line marked `"stream": "annotations"`; their own chain is verified the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.canonical import canonical_bytes, canonical_json
from domain.chain import GENESIS, event_hash
from domain.json_limits import STORED_DEPTH, JsonLimits, JsonTooComplex, parse_bounded
from domain.kernel import Event, Game, Ruleset, advance, start

FORMAT = "annals-record"
FORMAT_VERSION = 1
EVENT_FIELDS = (
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
_FIELD_TYPES: Mapping[str, type] = {
    "version": int,
    "event_id": str,
    "type": str,
    "schema_version": int,
    "data": dict,
    "metadata": dict,
    "recorded_at": str,
    "prev_hash": str,
    "hash": str,
}


ANNOTATIONS = "annotations"  # the `stream` marker of an annotation line
# A record line wraps the request that made its event a few levels down (metadata.action.data), so it
# may nest deeper than a request body; anything the store reads back whole can be imported again.
RECORD_LINE_LIMITS = JsonLimits(depth=STORED_DEPTH, items=100_000)


class RecordError(ValueError):
    """A record that cannot be read; `line` is 1-based (0 when the record as a whole is wrong)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.message = message


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed record: the header object and the event objects, in file order."""

    header: Mapping[str, Any]
    events: tuple[Mapping[str, Any], ...]
    annotations: tuple[Mapping[str, Any], ...] = ()

    @property
    def game_id(self) -> str:
        """The id the game had where it was exported."""
        return str(self.header["game"]["id"])


@dataclass(frozen=True, slots=True)
class ChainCheck:
    """The outcome of recomputing a record's hash chain."""

    ok: bool
    events: int
    first_broken: int | None = None
    reason: str | None = None
    head: str = GENESIS


def record_header(
    game: Mapping[str, Any], board: Mapping[str, Any] | None, checkpoint: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The header object of a record for a game resource, its board document and the signed checkpoint of
    the game's head (`checkpoint`, when the exporter signs one: readers of format 1 that predate it ignore it)."""
    header = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": dict(game), "board": board}
    if checkpoint is not None:
        header["checkpoint"] = dict(checkpoint)
    return header


def export_lines(
    header: Mapping[str, Any],
    events: Iterable[Mapping[str, Any]],
    annotations: Iterable[Mapping[str, Any]] = (),
) -> Iterator[str]:
    """The record's lines, each ending in a newline: the header, the events, then the annotation events."""
    yield canonical_json(header) + "\n"
    for event in events:
        yield canonical_json({name: event[name] for name in EVENT_FIELDS}) + "\n"
    for event in annotations:
        yield canonical_json({"stream": ANNOTATIONS, **{name: event[name] for name in EVENT_FIELDS}}) + "\n"


def parse_record(lines: Iterable[str]) -> Record:
    """Read a record; raises RecordError naming the first bad line. Blank lines are skipped."""
    head: dict[str, Any] | None = None
    events: list[Mapping[str, Any]] = []
    annotations: list[Mapping[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        value = _json_object(number, line)
        if head is None:
            head = _checked_header(number, value)
        elif "stream" in value:
            if value["stream"] != ANNOTATIONS:
                raise RecordError(number, f"stream {_short(value['stream'])} is not {ANNOTATIONS!r}")
            annotations.append(_checked_event(number, {k: v for k, v in value.items() if k != "stream"}))
        elif annotations:
            raise RecordError(number, "a game event after the annotation events")
        else:
            events.append(_checked_event(number, value))
    if head is None:
        raise RecordError(0, "the record is empty: no header line")
    if not events:
        raise RecordError(0, "the record has a header but no events")
    return Record(head, tuple(events), tuple(annotations))


def _json_object(number: int, line: str) -> dict[str, Any]:
    try:
        value = parse_bounded(line, RECORD_LINE_LIMITS)
    except JsonTooComplex as error:
        raise RecordError(number, f"at {error.pointer or '/'}: {error.message}") from None
    except ValueError as error:
        raise RecordError(number, f"not JSON: {error}") from None
    if not isinstance(value, dict):
        raise RecordError(number, f"expected a JSON object, got {type(value).__name__}")
    try:
        # What the hash chain is computed over: a number JSON cannot write back (1e999 reads as infinity) or a
        # lone surrogate (not UTF-8) would fail there, far from the line that holds it.
        canonical_bytes(value)
    except (ValueError, UnicodeEncodeError) as error:
        raise RecordError(number, f"not canonical JSON: {error}") from None
    return value


def _checked_header(number: int, value: dict[str, Any]) -> dict[str, Any]:
    if value.get("format") != FORMAT:
        raise RecordError(number, f"format {value.get('format')!r} is not {FORMAT!r}")
    if value.get("format_version") != FORMAT_VERSION:
        raise RecordError(number, f"format_version {value.get('format_version')!r} is not {FORMAT_VERSION}")
    game = value.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("id"), str) or not game["id"]:
        raise RecordError(number, "the header's game is not an object with a string id")
    if value.get("board") is not None and not isinstance(value["board"], dict):
        raise RecordError(number, "the header's board is neither an object nor null")
    return value


def _checked_event(number: int, value: dict[str, Any]) -> dict[str, Any]:
    missing = [name for name in EVENT_FIELDS if name not in value]
    if missing:
        raise RecordError(number, f"the event has no {', '.join(missing)}")
    extra = sorted(set(value) - set(EVENT_FIELDS))
    if extra:
        raise RecordError(number, f"the event has unknown field(s) {', '.join(extra)}")
    for name, kind in _FIELD_TYPES.items():
        # bool is an int to Python, never a version to us
        if not isinstance(value[name], kind) or (kind is int and isinstance(value[name], bool)):
            raise RecordError(number, f"{name} {_short(value[name])} is not a {kind.__name__}")
    return value


def verify_record(record: Record) -> ChainCheck:
    """Recompute the chain over the original stream id and compare its end with the header's game."""
    check = verify_chain(f"game:{record.game_id}", record.events)
    if not check.ok:
        return check
    count, prev_hash = check.events, check.head
    game = record.header["game"]
    if "version" in game and game["version"] != count:
        return ChainCheck(
            False, count, count + 1, f"the header says version {game['version']}, the record ends at {count}"
        )
    if "last_hash" in game and game["last_hash"] != prev_hash:
        return ChainCheck(False, count, count, "the last event's hash is not the header's last_hash")
    return check


def header_disagreements(record: Record) -> dict[str, str]:
    """The header's game fields that `GameCreated` also states but the record's version 1 states otherwise.

    Compared: what a game is created with and never changes (`ruleset`, `ruleset_version`, `variant`,
    `options`, `board`, `seats`, `mode`, `dice`, `dice_commitment`, `visibility`), each only when the
    header has it. **Decision:** `title` is a label an exporter may edit, and `status`, `version`,
    `updated_at` change over a game: none is compared with `GameCreated` (version and last_hash are checked
    against the chain's end by `verify_record`).
    """
    created = record.events[0] if record.events else None
    if created is None or created.get("type") != "GameCreated" or not isinstance(created.get("data"), Mapping):
        return {}
    data = created["data"]
    stated = {
        "ruleset": data.get("ruleset"),
        "ruleset_version": data.get("ruleset_version"),
        "variant": data.get("variant"),
        "options": data.get("options", {}),
        "board": data.get("board"),
        "seats": data.get("seats"),
        "mode": data.get("mode"),
        "dice": data.get("dice"),
        "dice_commitment": data.get("dice_commitment"),
        "visibility": data.get("visibility", "public"),
    }
    game = record.header["game"]
    return {
        name: f"the header says {_short(game[name])}, version 1 (GameCreated) says {_short(value)}"
        for name, value in stated.items()
        if name in game and game[name] != value
    }


def verify_annotations(record: Record) -> ChainCheck:
    """Recompute the chain of the record's annotation events over the original annotation stream."""
    return verify_chain(f"{ANNOTATIONS}:{record.game_id}", record.annotations)


def verify_chain(stream_id: str, events: Sequence[Mapping[str, Any]]) -> ChainCheck:
    """Recompute one stream's chain: versions from 1 without gaps, each hash over its content and link."""
    prev_hash, count = GENESIS, 0
    for expected, event in enumerate(events, start=1):
        count = expected
        if event["version"] != expected:
            return ChainCheck(False, count, expected, f"version {expected} is missing (found {event['version']})")
        if event["prev_hash"] != prev_hash:
            return ChainCheck(False, count, expected, "prev_hash does not match the event before")
        digest = event_hash(
            prev_hash,
            stream_id=stream_id,
            version=event["version"],
            event_id=event["event_id"],
            type=event["type"],
            schema_version=event["schema_version"],
            data=event["data"],
            metadata=event["metadata"],
            recorded_at=event["recorded_at"],
        )
        if digest != event["hash"]:
            return ChainCheck(False, count, expected, "hash does not match the event's content")
        prev_hash = digest
    return ChainCheck(True, count, head=prev_hash)


def notation_lines(
    ruleset: Ruleset[Any],
    events: Sequence[Mapping[str, Any]],
    board: Mapping[str, Any] | None,
    shown: Callable[[Event], Event] = lambda event: event,
) -> list[str]:
    """One "<version>. <notation>" line per event, each written against the state before it.

    `shown` is the event as the reader may read it (secrets hidden); the game itself folds the events whole.
    """
    lines: list[str] = []
    game: Game | None = None
    for event in events:
        fact = Event(event["type"], event["data"])
        if game is None:
            game = start(ruleset, fact, board)
            lines.append(f"{event['version']}. {_created_notation(fact)}")
            continue
        lines.append(f"{event['version']}. {_notation(ruleset, shown(fact), game)}")
        game = advance(ruleset, game, fact)
    return lines


def _created_notation(created: Event) -> str:
    data = created.data
    seats = ", ".join(str(s.get("seat")) for s in data.get("seats", ()) if isinstance(s, Mapping))
    title = f" {data['title']!r}" if data.get("title") else ""
    return f"game{title} created: {data.get('ruleset')} {data.get('ruleset_version')}, seats {seats}"


def _notation(ruleset: Ruleset[Any], event: Event, game: Game) -> str:
    # A record may come from elsewhere; one odd event must not stop the whole listing.
    try:
        return ruleset.notation(event, game.state)
    except (KeyError, TypeError, ValueError, AttributeError):
        return event.type


def _short(value: Any, limit: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"
