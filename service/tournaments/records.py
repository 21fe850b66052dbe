"""Importing a recorded tournament (issue 13, the sample): its players, table games, disputes and stream.

A tournament record is one JSON document:

    {"tournament": id, "players": [{"id", "name"}], "events": [the tournament stream, as exported],
     "games": [[a table game's record, line by line (`export_game`)], ...],
     "disputes": [[a dispute stream's events, as exported], ...]}

Everything is checked before anything is written: every stream's hash chain, the record of every game the
tournament links, a dispute behind every `ResultAmended` that names one, a name for every registered player and
a revealed seed that matches its commitment (only a finished tournament is a record: its draw seed is secret
until then). Then the players are created under their ids (names only: personal data is not in the log), each
game is imported under its own id and re-adjudicated (`import_record`), the disputes and the tournament stream
are appended as recorded, each with its read model in the same transaction. A second import writes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Connection

from domain.kernel import Event
from replays.record import EVENT_FIELDS, RecordError, parse_record, verify_chain, verify_record
from service.answers import answer_text
from service.auth import Principal
from service.checkpoints import LogTampered
from service.disputes import DISPUTE_OPENED, fold_dispute, stream_of_dispute
from service.errors import Conflict, Unprocessable
from service.records import export_game, import_record, relink
from service.store import disputes as dispute_rows
from service.store import players, summaries
from service.store.events import AppendResult, RecordedEvent
from service.tournaments.checking import seed_of
from service.tournaments.commands import fingerprint_of, load
from service.tournaments.naming import table_named
from service.tournaments.projection import fold_recorded, project, stream_of_tournament
from service.wiring import Services

IMPORTER = Principal(token_id="system:tournament-import", role="organiser")


@dataclass(frozen=True, slots=True)
class TournamentImport:
    """What an import wrote: nothing at all when the tournament was there already."""

    tournament_id: str
    written: bool
    players: int
    games: int
    disputes: int
    events: int
    deviations: int
    # The JSON body kept with the import's Idempotency-Key, and whether this is a retry answered with it.
    answer: str | None = field(default=None, compare=False)
    replayed: bool = False

    def to_json(self) -> dict[str, Any]:
        """The API's shape of the report."""
        return {
            "tournament": self.tournament_id,
            "written": self.written,
            "players": self.players,
            "games": self.games,
            "disputes": self.disputes,
            "events": self.events,
            "deviations": self.deviations,
        }

    @classmethod
    def replayed_from(cls, result: AppendResult) -> TournamentImport:
        """The report an earlier import with the same Idempotency-Key answered, as it was kept."""
        kept = json.loads(result.answer or "{}")  # an import's key is always kept with its answer
        counts = (kept["players"], kept["games"], kept["disputes"], kept["events"], kept["deviations"])
        return cls(kept["tournament"], kept["written"], *counts, answer=result.answer, replayed=True)


@dataclass(frozen=True, slots=True)
class _Checked:
    tournament_id: str
    names: dict[str, str]
    events: list[dict[str, Any]]
    games: dict[str, tuple[list[str], str]]  # game id -> (record lines, last hash)
    disputes: dict[str, list[dict[str, Any]]]


def export_tournament(services: Services, principal: Principal, tournament_id: str) -> dict[str, Any]:
    """A tournament's record: its players' names, its stream, each table game's record and the dispute streams
    its amendments name (what `import_tournament` reads; only a finished tournament's record can be imported,
    since its draw seed is secret until then)."""
    loaded = load(services, principal, tournament_id)
    disputes = amending_disputes(loaded.events)
    # The dispute streams travel as they are stored (a game's record is checked by its export): an edited and
    # re-chained one holds its own chain, and would be imported elsewhere as the ruling behind an amendment.
    for stream in [stream_of_tournament(tournament_id), *map(stream_of_dispute, disputes)]:
        _refuse_failed_check(services, stream)
    games = [t.game for r in loaded.state.rounds for t in r.tables if t.game is not None]
    known = players.names_of(services.engine, list(loaded.state.registered))
    names = {p: known.get(p) or p for p in loaded.state.registered}
    return {
        "format": "annals-tournament-record",
        "format_version": 1,
        "tournament": tournament_id,
        "players": [{"id": p, "name": n} for p, n in names.items()],
        "events": [e.to_json() for e in loaded.events],
        "games": [list(export_game(services, principal, g)) for g in games],
        "disputes": [[e.to_json() for e in services.store.read(stream_of_dispute(d))] for d in disputes],
    }


def amending_disputes(events: Sequence[RecordedEvent]) -> list[str]:
    """The disputes whose rulings amended a result (`ResultAmended` names them): those the record carries."""
    return sorted({str(e.data["dispute"]) for e in events if e.type == "ResultAmended" and e.data.get("dispute")})


def _refuse_failed_check(services: Services, stream: str) -> None:
    """LogTampered (409) naming the first finding `GET /tournaments/{id}/verify` reports: a stream edited and
    re-chained holds its own chain, and only its signed heads (checkpoints, the witness) show it; exported, it
    would pass for the tournament's history wherever it is imported."""
    findings = services.verifier.check_stream(stream).findings
    if findings:
        first = findings[0]
        at = f" at version {first.version}" if first.version is not None else ""
        raise LogTampered(
            f"{stream} fails its check ({first.kind}{at}: {first.detail}): run `annals verify`; nothing was exported",
            findings=[f.to_json() for f in findings],
        )


def import_tournament(
    services: Services, document: Any, principal: Principal = IMPORTER, key: str | None = None
) -> TournamentImport:
    """Check a tournament record whole, then store it (422 naming the bad part, nothing written). With an
    Idempotency-Key (`key`), kept with the tournament's stream and the report, a retry gets the first report."""
    scoped = f"{principal.token_id}:tournament-import:{key}" if key else None
    fingerprint = fingerprint_of(document)
    if scoped is not None and (earlier := services.store.idempotent_result(scoped, fingerprint)) is not None:
        return TournamentImport.replayed_from(earlier)
    checked = _checked(document)
    tid, stream = checked.tournament_id, stream_of_tournament(checked.tournament_id)
    stored = services.store.read(stream)
    if stored:
        if stored[-1].hash != checked.events[-1]["hash"] or len(stored) != len(checked.events):
            named = f"the tournament {checked.events[0]['data'].get('name')!r}"
            raise Conflict(f"{named} is stored already with another history; nothing was imported", tournament=tid)
        return TournamentImport(tid, False, 0, 0, 0, 0, 0)
    _check_stored_games(services, checked)
    known = players.existing(services.engine, list(checked.names))
    registered_at = str(checked.events[0]["recorded_at"])
    for player_id, name in checked.names.items():
        if player_id not in known:
            players.create(services.engine, player_id, name, None, registered_at)
    imported = deviations = 0
    for game_id, (lines, _) in checked.games.items():
        if summaries.get(services.engine, game_id) is None:
            report = import_record(services, principal, lines, keep_id=True)
            imported, deviations = imported + 1, deviations + len(report.deviations)
    added = sum(_append_dispute(services, events) for events in checked.disputes.values())
    created = len(checked.names) - len(known)
    wrote = TournamentImport(tid, True, created, imported, added, len(checked.events), deviations)
    result = services.store.append_recorded(
        stream,
        lambda position: _relinked(checked.events, stream, position),
        _projected,
        (),
        scoped,
        fingerprint,
        lambda _recorded: answer_text(wrote.to_json()),
    )
    return TournamentImport.replayed_from(result) if result.replayed else replace(wrote, answer=result.answer)


def _relinked(events: Sequence[Mapping[str, Any]], stream: str, position: int) -> list[RecordedEvent]:
    # The id is kept, so nothing changes and the chain is rebuilt as it was (it was verified first).
    return relink(events, stream, stream, stream, position)


def _projected(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
    """The read model of the tournament, from its revealed seed, in the append's transaction."""
    state = fold_recorded(recorded)
    project(conn, recorded, bytes.fromhex(state.seed or ""))


def _append_dispute(services: Services, events: list[dict[str, Any]]) -> int:
    """Append a dispute stream as recorded with its read model row; 0 when it is stored already."""
    stream = stream_of_dispute(str(events[0]["data"]["dispute"]))
    if services.store.read(stream):
        return 0

    def put(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        dispute = fold_dispute(recorded)
        dispute_rows.put(conn, dispute.row(), dispute.rule_ids)

    services.store.append_recorded(stream, lambda position: relink(events, stream, stream, stream, position), put)
    return 1


def _check_stored_games(services: Services, checked: _Checked) -> None:
    """A table game stored already (an import cut short) must be the record's game, not another."""
    for game_id, (_, last_hash) in checked.games.items():
        summary = summaries.get(services.engine, game_id)
        if summary is not None and summary["last_hash"] != last_hash:
            raise Conflict(
                f"the game of {_table_of(checked.events, game_id)} is stored already with another history; nothing "
                "was imported",
                game=game_id,
            )


def _table_of(events: Sequence[Mapping[str, Any]], game_id: str) -> str:
    """The table whose game `game_id` is, as a director knows it ("round 2 table 3")."""
    linked = next(e["data"] for e in events if e["type"] == "TableGameCreated" and e["data"].get("game") == game_id)
    return table_named(int(linked["round"]), int(linked["table"]))


# --- checks (nothing is written until all pass) ---


def _refuse(pointer: str, message: str) -> Unprocessable:
    return Unprocessable(f"the tournament record is refused: {pointer}: {message}", {pointer: [message]})


def _checked(document: Any) -> _Checked:
    if not isinstance(document, Mapping):
        raise _refuse("/", "a tournament record is a JSON object")
    tid = document.get("tournament")
    if not isinstance(tid, str) or not tid:
        raise _refuse("/tournament", "the tournament's id is missing")
    events = _stream(document, "/events", stream_of_tournament(tid))
    created = events[0]
    if created["type"] != "TournamentCreated" or created["data"].get("tournament_id") != tid:
        raise _refuse("/events/0", "version 1 is not the TournamentCreated of the tournament /tournament names")
    try:
        if seed_of([Event(e["type"], e["data"]) for e in events]) is None:
            raise _refuse("/events", "the tournament is not finished: its draw seed is not revealed yet")
    except ValueError as error:
        raise _refuse("/events", str(error)) from None
    disputes = _disputes(document)
    _check_amendments(events, disputes)
    games = _games(document, events)
    for index, (dispute_id, stream) in enumerate(disputes.items()):
        if stream[0]["data"].get("game") not in games:
            raise _refuse(f"/disputes/{index}", f"dispute {dispute_id} is not on a table game of this tournament")
    return _Checked(tid, _names(document, events), events, games, disputes)


def _list(document: Mapping[str, Any], pointer: str) -> list[Any]:
    value = document.get(pointer.lstrip("/"), [] if pointer == "/disputes" else None)
    if not isinstance(value, list):
        raise _refuse(pointer, "expected a list")
    return value


def _stream(document: Mapping[str, Any], pointer: str, stream: str, at: Any = None) -> list[dict[str, Any]]:
    """A recorded stream at `pointer`: objects with every event field, versions from 1, an unbroken chain."""
    events = _list(document, pointer) if at is None else at
    if not events:
        raise _refuse(pointer, "a stream holds at least one event")
    for index, event in enumerate(events):
        missing = [f for f in EVENT_FIELDS if not isinstance(event, Mapping) or f not in event]
        if missing:
            raise _refuse(f"{pointer}/{index}", f"the event has no {', '.join(missing)}")
        if not isinstance(event["data"], Mapping) or not isinstance(event["metadata"], Mapping):
            raise _refuse(f"{pointer}/{index}", "the event's data and metadata are objects")
    check = verify_chain(stream, events)
    if not check.ok:
        line = (check.first_broken or 1) - 1
        raise _refuse(f"{pointer}/{line}", f"the hash chain of {stream} breaks at version {line + 1}: {check.reason}")
    return events


def _names(document: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Each registered player's name, from the record's players (the log holds no personal data)."""
    names: dict[str, str] = {}
    for index, entry in enumerate(_list(document, "/players")):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str) or not entry.get("name"):
            raise _refuse(f"/players/{index}", "a player is an object with an id and a name")
        names[entry["id"]] = str(entry["name"])
    registered = [str(e["data"]["player"]) for e in events if e["type"] == "PlayerRegistered"]
    if unnamed := [p for p in registered if p not in names]:
        raise _refuse("/players", f"registered player {unnamed[0]} has no name in the record")
    return {p: names[p] for p in registered}


def _games(document: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> dict[str, tuple[list[str], str]]:
    """The record of every game the tournament links (and no other), each read and its chain verified."""
    games: dict[str, tuple[list[str], str]] = {}
    linked = [str(e["data"]["game"]) for e in events if e["type"] == "TableGameCreated"]
    for index, lines in enumerate(_list(document, "/games")):
        pointer = f"/games/{index}"
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            raise _refuse(pointer, "a game record is a list of JSON Lines")
        try:
            record = parse_record(lines)
        except RecordError as error:
            raise _refuse(f"{pointer}/{max(error.line - 1, 0)}", error.message) from None
        if record.game_id not in linked:
            raise _refuse(pointer, "this game is no table's game in this tournament")
        check = verify_record(record)
        if not check.ok:
            table = _table_of(events, record.game_id)
            raise _refuse(pointer, f"the game of {table}: its hash chain breaks at version {check.first_broken}")
        games[record.game_id] = (lines, check.head)
    if missing := [g for g in linked if g not in games]:
        raise _refuse("/games", f"the record of the game of {_table_of(events, missing[0])} is missing")
    return games


def _disputes(document: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for index, events in enumerate(_list(document, "/disputes")):
        pointer = f"/disputes/{index}"
        if not isinstance(events, list) or not events or not isinstance(events[0], Mapping):
            raise _refuse(pointer, "a dispute is the list of its stream's events")
        opened = events[0]
        if opened.get("type") != DISPUTE_OPENED or not isinstance(opened.get("data"), Mapping):
            raise _refuse(f"{pointer}/0", f"a dispute stream starts with {DISPUTE_OPENED}")
        dispute_id = str(opened["data"].get("dispute"))
        found[dispute_id] = _stream(document, pointer, stream_of_dispute(dispute_id), events)
    return found


def _check_amendments(events: Sequence[Mapping[str, Any]], disputes: Mapping[str, Any]) -> None:
    """Every dispute a `ResultAmended` names travels with the record."""
    for index, event in enumerate(events):
        named = event["data"].get("dispute") if event["type"] == "ResultAmended" else None
        if named is not None and named not in disputes:
            raise _refuse(f"/events/{index}", f"ResultAmended names dispute {named}, which the record does not hold")
