"""Rebuilding the read models (game summaries, seat holders) from the event log alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection

from domain.kernel import GAME_ENDED
from service.store import summaries
from service.store.engine import WRITE
from service.store.events import RecordedEvent
from service.wiring import Services


def rebuild_summaries(services: Services) -> int:
    """Empty `game_summaries` and refill it from every game stream; returns the number of games."""
    engine = services.engine
    count = 0
    with engine.connect().execution_options(**WRITE) as conn, conn.begin():
        summaries.rebuild_clear(conn)
        for stream in services.store.stream_ids("game:"):
            _summarise(conn, services, stream)
            count += 1
    return count


def _summarise(conn: Connection, services: Services, stream: str) -> None:
    summaries.insert_game(conn, summary_of(list(services.store.iter_stream(stream))))


def summary_of(events: Sequence[RecordedEvent]) -> dict[str, Any]:
    """A game's summary row from its whole stream (rebuilds and imports)."""
    created, last = events[0], events[-1]
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
        "status": "ended" if any(e.type == GAME_ENDED for e in events) else "active",
        "version": last.version,
        "last_hash": last.hash,
        "created_by": fork.get("forked_by") if fork else created.metadata.get("actor"),
        "created_at": created.recorded_at,
        "updated_at": last.recorded_at,
        "parent_game": fork.get("parent") if fork else None,
        "fork_version": fork.get("at_version") if fork else None,
    }
