"""The record format (DESIGN §10): line-numbered parse errors, chain checks, byte-identical re-export."""

from __future__ import annotations

import json
from typing import Any

import pytest

from domain.chain import GENESIS, event_hash
from domain.rulesets.freeform import FREEFORM
from replays.record import RecordError, export_lines, notation_lines, parse_record, record_header, verify_record
from tests.chain_fields import ChainedFields

GAME_ID = "0b5a4a52-54c1-4d4c-9a59-0d1e5e0c6b1a"
CREATED: dict[str, Any] = {
    "game_id": GAME_ID,
    "title": "river crossing",
    "ruleset": "freeform",
    "ruleset_version": FREEFORM.version,
    "variant": None,
    "options": {},
    "board": None,
    "seats": [{"seat": "red", "player": None}, {"seat": "blue", "player": None}],
    "mode": "adjudicated",
    "dice": "table",
    "dice_commitment": None,
    "visibility": "public",
}
METADATA = {"actor": "t1", "role": "admin"}
FACTS: list[tuple[str, dict[str, Any]]] = [
    ("GameCreated", CREATED),
    ("ActionRecorded", {"seat": "red", "type": "move", "data": {"to": "ford"}}),
    ("DiceRolled", {"seat": "red", "faces": [6, 4, 2], "purpose": "attack", "source": "table", "first_k": None}),
    ("ActionRecorded", {"seat": "blue", "type": "note", "data": {"text": "é ünïcode"}}),
]


def _events(stream_id: str = f"game:{GAME_ID}") -> list[dict[str, Any]]:
    events, prev = [], GENESIS
    for version, (type_, data) in enumerate(FACTS, start=1):
        fields: ChainedFields = {
            "stream_id": stream_id,
            "version": version,
            "event_id": f"00000000-0000-4000-8000-{version:012d}",
            "type": type_,
            "schema_version": 1,
            "recorded_at": f"2026-01-01T12:00:0{version}Z",
        }
        digest = event_hash(prev, data=data, metadata=METADATA, **fields)
        events.append(
            {**fields, "data": data, "metadata": METADATA, "prev_hash": prev, "hash": digest, "position": version}
        )
        prev = digest
    return events


def _lines(events: list[dict[str, Any]] | None = None) -> list[str]:
    events = _events() if events is None else events
    game = {"id": GAME_ID, "version": len(events), "last_hash": events[-1]["hash"], "title": "river crossing"}
    return list(export_lines(record_header(game, None), events))


def test_export_is_byte_identical_when_parsed_and_exported_again() -> None:
    lines = _lines()

    record = parse_record(lines)

    assert list(export_lines(record.header, list(record.events))) == lines
    assert verify_record(record).ok


def test_event_lines_carry_exactly_the_recorded_fields_when_exported() -> None:
    header, *events = (json.loads(line) for line in _lines())

    assert header["format"] == "annals-record" and header["format_version"] == 1 and header["board"] is None
    assert all(
        sorted(e)
        == sorted(
            ["version", "event_id", "type", "schema_version", "data", "metadata", "recorded_at", "prev_hash", "hash"]
        )
        for e in events
    )


def test_chain_breaks_at_the_edited_version_when_a_data_field_is_changed() -> None:
    lines = _lines()
    edited = json.loads(lines[3])
    edited["data"]["faces"] = [6, 6, 6]
    lines[3] = json.dumps(edited) + "\n"

    check = verify_record(parse_record(lines))

    assert (check.ok, check.first_broken) == (False, 3)
    assert "hash" in (check.reason or "")


def test_chain_breaks_at_the_missing_version_when_a_middle_line_is_removed() -> None:
    lines = _lines()
    del lines[2]

    check = verify_record(parse_record(lines))

    assert (check.ok, check.first_broken) == (False, 2)
    assert "version 2 is missing" in (check.reason or "")


def test_chain_check_fails_when_the_last_line_is_removed() -> None:
    lines = _lines()[:-1]

    check = verify_record(parse_record(lines))

    assert not check.ok
    assert check.first_broken == 4


def test_chain_breaks_when_verified_under_another_game_id() -> None:
    events = _events(stream_id="game:someone-else")

    check = verify_record(parse_record(_lines(events)))

    assert (check.ok, check.first_broken) == (False, 1)


@pytest.mark.parametrize(
    ("line", "text", "message"),
    [
        (1, '{"format": "pgn", "format_version": 1, "game": {"id": "g"}}', "format 'pgn'"),
        (1, '{"format": "annals-record", "format_version": 2, "game": {"id": "g"}}', "format_version 2"),
        (1, '{"format": "annals-record", "format_version": 1, "game": {}}', "string id"),
        (2, "{not json", "not JSON"),
        (2, "[1, 2]", "expected a JSON object"),
        (2, '{"version": 1}', "the event has no event_id"),
        (2, '{"version": 1, "version": 2}', "/version: the key appears twice in one object"),
    ],
)
def test_parse_names_the_line_when_a_line_is_malformed(line: int, text: str, message: str) -> None:
    lines = _lines()
    lines[line - 1] = text

    with pytest.raises(RecordError) as raised:
        parse_record(lines)

    assert raised.value.line == line
    assert message in raised.value.message
    assert str(raised.value).startswith(f"line {line}: ")


def test_parse_names_the_line_when_a_field_has_the_wrong_type() -> None:
    lines = _lines()
    event = json.loads(lines[2])
    event["version"] = "2"
    lines[2] = json.dumps(event)

    with pytest.raises(RecordError, match=r"^line 3: version \"2\" is not a int"):
        parse_record(lines)


def test_parse_refuses_unknown_event_fields_when_present() -> None:
    lines = _lines()
    lines[1] = json.dumps({**json.loads(lines[1]), "extra": 1})

    with pytest.raises(RecordError, match="line 2: the event has unknown field"):
        parse_record(lines)


def test_parse_refuses_a_record_when_it_has_no_events() -> None:
    with pytest.raises(RecordError, match="no events"):
        parse_record(_lines()[:1])
    with pytest.raises(RecordError, match="empty"):
        parse_record(["", "  "])


def test_notation_has_one_numbered_line_per_event_when_exported_as_text() -> None:
    lines = notation_lines(FREEFORM, _events(), None)

    assert len(lines) == len(FACTS)
    assert [line.split(".")[0] for line in lines] == ["1", "2", "3", "4"]
    assert lines[0].startswith("1. game 'river crossing' created: freeform")
    assert lines[2] == "3. red rolls 3d6: 6 4 2"
