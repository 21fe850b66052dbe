"""What a game command's append does after its events are written, as data (issue 19, points 1 and 3).

The read models, secrets and answer body of an append are written in its transaction
(`EventStore.append`'s `on_append` and `answer`). Under `annals serve --workers N` on SQLite that
transaction runs in the one writer process (`service/store/writer_socket.py`), so the work travels
there with the append and must pickle: these frozen objects, called as the closures they replace were.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from service.answers import answer_text, game_json, recorded_json
from service.store import secrets, summaries
from service.store.events import RecordedEvent


@dataclass(frozen=True, slots=True)
class KeepSecret:
    """A secret kept with the append (a dice seed, a sealed payload), created at `created_at` or else at the
    first event's time."""

    stream: str
    kind: str
    name: str
    payload: Any
    created_at: str | None = None

    def __call__(self, conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        created_at = self.created_at or recorded[0].recorded_at
        secrets.put(conn, self.stream, self.kind, self.name, self.payload, created_at)


@dataclass(frozen=True, slots=True)
class MarkRevealed:
    """Secrets the append publishes (a dice seed, a round's sealed payloads), marked at its last event's time."""

    stream: str
    kind: str
    prefix: str

    def __call__(self, conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        secrets.mark_revealed(conn, self.stream, self.kind, self.prefix, recorded[-1].recorded_at)


@dataclass(frozen=True, slots=True)
class GameCreatedWork:
    """A new game's summary, and its server-dice seed kept secret."""

    summary: dict[str, Any]  # without the fields the recorded event gives (`summary_of`)
    seed: KeepSecret | None

    def __call__(self, conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        summaries.insert_game(conn, summary_of(self.summary, recorded))
        if self.seed is not None:
            self.seed(conn, recorded)


@dataclass(frozen=True, slots=True)
class GameCreatedAnswer:
    """The body answering a game's creation."""

    summary: dict[str, Any]
    # What the starting position breaks that the rules test later (Ruleset.position_notes), told once here; None
    # for a game not started from a position.
    position_notes: list[dict[str, Any]] | None = None

    def __call__(self, recorded: tuple[RecordedEvent, ...]) -> str:
        body = {**game_json(summary_of(self.summary, recorded)), "open_disputes": 0, "provisional": False}
        if self.position_notes is not None:
            body["position_notes"] = self.position_notes
        return answer_text(body)


def summary_of(summary: dict[str, Any], recorded: tuple[RecordedEvent, ...]) -> dict[str, Any]:
    """A new game's summary row: what the command knew, and the head and time of its recorded creation."""
    at = recorded[0].recorded_at
    return {**summary, "version": 1, "last_hash": recorded[-1].hash, "created_at": at, "updated_at": at}


@dataclass(frozen=True, slots=True)
class ActionRecordedWork:
    """A recorded action's summary update, and the secrets it keeps or publishes."""

    game_id: str
    version: int  # the game's version after the append
    ended: bool
    secrets: tuple[KeepSecret | MarkRevealed, ...]

    def __call__(self, conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        last = recorded[-1]
        summaries.advance(conn, self.game_id, self.version, last.hash, last.recorded_at, self.ended)
        for work in self.secrets:
            work(conn, recorded)


@dataclass(frozen=True, slots=True)
class ActionRecordedAnswer:
    """The body answering a recorded action."""

    game_id: str
    notations: tuple[str, ...]
    deviations: tuple[dict[str, Any], ...]
    trace: tuple[dict[str, Any], ...]
    extra: dict[str, Any] | None

    def __call__(self, recorded: tuple[RecordedEvent, ...]) -> str:
        return answer_text(
            recorded_json(self.game_id, recorded, self.notations, self.deviations, self.trace, self.extra)
        )
