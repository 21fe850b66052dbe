"""Fold rate: a long freeform game, decided action by action by the real rules, then folded whole."""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Mapping
from typing import Any

from domain.kernel import GAME_CREATED, Action, Authority, Event, Inputs, Ruleset, advance, fold, start
from domain.platform import decide_action
from domain.rulesets.freeform import FREEFORM
from tests.bench.workload import SEATS, freeform_actions

TIMESTAMP = "2026-11-22T12:00:00.000000Z"


def freeform_game(length: int) -> list[Event]:
    """The events of a table-dice freeform game of `length` events (GameCreated first).

    Every action goes through `decide_action` (platform checks, CORE-DICE-1 on the entered faces,
    the freeform ruleset), so the stream is one the service would have recorded.
    """
    created = Event(
        GAME_CREATED,
        {
            "game_id": str(uuid.uuid4()),
            "ruleset": FREEFORM.id,
            "ruleset_version": FREEFORM.version,
            "variant": None,
            "options": {},
            "board": None,
            "seats": [{"seat": s, "player": None} for s in SEATS],
            "mode": "adjudicated",
            "dice": "table",
            "dice_commitment": None,
            "visibility": "public",
        },
    )
    events, game = [created], start(FREEFORM, created, None)
    for body in freeform_actions(length - 1):
        action = Action(body["type"], body["seat"], body["data"], Authority.RECORDER)
        decision = decide_action(FREEFORM, game, action, Inputs(TIMESTAMP))
        if decision.violations or len(decision.events) != 1:
            raise AssertionError(f"the bench's action {body} was not recorded as one event: {decision}")
        game = advance(FREEFORM, game, decision.events[0])
        events.append(decision.events[0])
    return events


def fold_rate(
    events: list[Event], repeats: int, ruleset: Ruleset = FREEFORM, board: Mapping[str, Any] | None = None
) -> float:
    """Events/s of `fold(ruleset, events, board)` from GameCreated to the end: median of `repeats` folds."""
    fold(ruleset, events, board)  # warm-up
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        fold(ruleset, events, board)
        seconds.append(time.perf_counter() - started)
    return len(events) / statistics.median(seconds)
