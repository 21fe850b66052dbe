"""Rebuilding the read models (game summaries, seat holders) from the event log alone."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from domain.kernel import GAME_CREATED, GAME_ENDED
from service.integrity import REBUILDABLE, Finding
from service.store import summaries
from service.store.engine import WRITE
from service.store.events import ChainReport, RecordedEvent
from service.wiring import Services


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What a rebuild of the summaries did: games summarised, and the games it refused to touch."""

    games: int
    refused: tuple[Finding, ...] = ()
    dropped: tuple[str, ...] = ()  # streams without a `GameCreated` at version 1, left unsummarised


def rebuild_summaries(services: Services, accept_tampered: bool = False) -> Rebuilt:
    """Refill `game_summaries` from every game stream of the log.

    The summaries are evidence too (GET /games/{id}/verify compares the chain with them): a game whose
    log disagrees with its summary, its signed checkpoints or the witness file keeps its summary as it
    is, and its findings are returned as refused, unless `accept_tampered` — then the log as it stands
    is summarised (checkpoints are never touched either way).
    """
    check = services.verifier.check_all("game:")
    refused = [] if accept_tampered else [f for s in check.streams for f in s.findings if f.kind not in REBUILDABLE]
    kept = {f.stream.removeprefix("game:") for f in refused if f.stream}
    count, dropped = 0, []
    with services.engine.connect().execution_options(**WRITE) as conn, conn.begin():
        summaries.rebuild_clear(conn, keep=kept)
        for stream in sorted(s.stream for s in check.streams if s.report.events or s.findings):
            if stream.removeprefix("game:") in kept:
                continue
            events = list(services.store.iter_stream(stream))
            if not events or events[0].type != GAME_CREATED or events[0].version != 1:
                dropped.append(stream)
                continue
            _summarise(conn, events)
            count += 1
    return Rebuilt(count, tuple(refused), tuple(dropped))


def _summarise(conn: Connection, events: Sequence[RecordedEvent]) -> None:
    summaries.insert_game(conn, summary_of(events))


def summary_drift(services: Services, game_id: str, chain: ChainReport | None = None) -> list[str]:
    """The fields of a game's summary that are not what its log gives (an edited row: visibility, status,
    seats and their players decide who reads and acts); [] without a summary, events or at another version
    (the verifiers report those already). With the `chain` check of the stream that holds, the log is not read
    again: the summary comes from the ends and the types that check saw (GET /verify, one pass for both)."""
    stored = summaries.get(services.engine, game_id)
    if stored is None:
        return []
    if chain is not None and chain.ok and chain.first is not None and chain.last is not None:
        expected = summary_from(chain.first, chain.last, GAME_ENDED in chain.types)
    else:
        # Read as a stream: a long game's events are never all held at once (the verifiers ask only for a stream
        # that holds events).
        expected = summary_of(services.store.iter_stream(f"game:{game_id}"))
    if stored["version"] != expected["version"]:
        return []
    drift = sorted(name for name, value in expected.items() if stored.get(name) != value)
    holders = {seat["seat"]: seat.get("player") for seat in expected["seats"]}
    if summaries.seat_holders(services.engine, game_id) != holders:
        drift.append("seat holders (game_players)")
    return drift


def summary_of(events: Iterable[RecordedEvent]) -> dict[str, Any]:
    """A game's summary row from its whole stream (rebuilds, imports and the verifiers), read once in order."""
    created = last = None
    ended = False
    for event in events:
        created, last = created or event, event
        ended = ended or event.type == GAME_ENDED
    if created is None or last is None:
        raise ValueError("a game's summary needs its stream's events; the stream has none")
    return summary_from(created, last, ended)


def summary_from(created: RecordedEvent, last: RecordedEvent, ended: bool) -> dict[str, Any]:
    """A game's summary row from its first and last events and whether a `GameEnded` is among them."""
    data = created.data
    fork = data.get("fork") if isinstance(data.get("fork"), dict) else None
    return {
        "game_id": data["game_id"],
        "title": data.get("title", ""),
        "ruleset": data["ruleset"],
        "ruleset_version": data["ruleset_version"],
        "variant": data.get("variant"),
        "mode": data["mode"],
        "dice": data["dice"],
        "visibility": data.get("visibility", "public"),
        "board": data.get("board"),
        "options": data.get("options", {}),
        "dice_commitment": data.get("dice_commitment"),
        "seats": data["seats"],
        "status": "ended" if ended else "active",
        "version": last.version,
        "last_hash": last.hash,
        "created_by": fork.get("forked_by") if fork else created.metadata.get("actor"),
        "created_at": created.recorded_at,
        "updated_at": last.recorded_at,
        "parent_game": fork.get("parent") if fork else None,
        "fork_version": fork.get("at_version") if fork else None,
    }
