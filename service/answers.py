"""The JSON bodies of the write commands' answers, built from what was recorded.

They are built inside the append's transaction (see EventStore.append's `answer`), kept with an
Idempotency-Key, and sent as they are: a retry gets the first answer byte for byte (issue 16, point 4).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine

from domain import registry
from service.store import disputes
from service.store.events import RecordedEvent

# json.dumps with any option builds a new JSONEncoder per call, which costs about what encoding a small
# answer does; the encoder keeps no state between calls, so one serves every thread.
_ANSWER_ENCODER = json.JSONEncoder(separators=(",", ":"))


def answer_text(payload: Any) -> str:
    """A response body as Flask's jsonify writes one in production: compact, ASCII, one trailing newline."""
    return _ANSWER_ENCODER.encode(payload) + "\n"


def game_json(summary: dict[str, Any]) -> dict[str, Any]:
    """A game resource."""
    return {
        "id": summary["game_id"],
        "title": summary["title"],
        "ruleset": summary["ruleset"],
        "ruleset_version": summary["ruleset_version"],
        "variant": summary["variant"],
        "options": summary["options"],
        "board": summary["board"],
        "seats": _named_seats(summary),
        "mode": summary["mode"],
        "dice": summary["dice"],
        "dice_commitment": summary["dice_commitment"],
        "visibility": summary["visibility"],
        "status": summary["status"],
        "version": summary["version"],
        "last_hash": summary["last_hash"],
        "created_at": summary["created_at"],
        "updated_at": summary["updated_at"],
        "created_by": summary["created_by"],
        "fork": _fork_of(summary),
    }


def _named_seats(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats with the name people call each by (the ruleset's `seat_name`: "stark" is Stark)."""
    try:
        ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
    except registry.UnknownRuleset:  # a game of a ruleset this build no longer ships still reads
        return [{**seat, "name": seat["seat"]} for seat in summary["seats"]]
    return [{**seat, "name": ruleset.seat_name(seat["seat"])} for seat in summary["seats"]]


def with_disputes(engine: Engine, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games with their open dispute count: a result (or standing) is provisional while any is open."""
    counts = disputes.open_counts(engine, [g["id"] for g in games])
    return [{**g, "open_disputes": counts.get(g["id"], 0), "provisional": g["id"] in counts} for g in games]


def _fork_of(summary: dict[str, Any]) -> dict[str, Any] | None:
    """A fork's parent and the version its history stops at; its dice are never canonical."""
    if summary.get("parent_game") is None:
        return None
    return {"parent": summary["parent_game"], "at_version": summary["fork_version"], "canonical_dice": False}


def recorded_json(
    game_id: str,
    events: Sequence[RecordedEvent],
    notations: Sequence[str],
    deviations: Sequence[dict[str, Any]],
    trace: Sequence[dict[str, Any]],
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The answer to a recorded action, seal or dice reveal: its events with their notation, and the ruling."""
    briefs = []
    for index, event in enumerate(events):
        brief = {
            "version": event.version,
            "type": event.type,
            "data": event.data,
            "recorded_at": event.recorded_at,
            "hash": event.hash,
        }
        if index < len(notations):
            brief["notation"] = notations[index]
        briefs.append(brief)
    return {
        "game": game_id,
        "version": events[-1].version,
        "events": briefs,
        "deviations": list(deviations),
        "trace": list(trace),
        **(extra or {}),
    }
