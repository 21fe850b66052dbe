"""Fold rate: a long freeform game, decided action by action by the real rules, then folded whole."""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
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
    return list(freeform_events(length))


def freeform_events(length: int, game_id: str | None = None) -> Iterator[Event]:
    """`freeform_game` one event at a time (a game of a million events is written without holding it)."""
    created = Event(
        GAME_CREATED,
        {
            "game_id": game_id or str(uuid.uuid4()),
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
    yield created
    game = start(FREEFORM, created, None)
    for body in freeform_actions(length - 1):
        action = Action(body["type"], body["seat"], body["data"], Authority.RECORDER)
        decision = decide_action(FREEFORM, game, action, Inputs(TIMESTAMP))
        if decision.violations or len(decision.events) != 1:
            raise AssertionError(f"the bench's action {body} was not recorded as one event: {decision}")
        game = advance(FREEFORM, game, decision.events[0])
        yield decision.events[0]


def fold_rate(
    events: list[Event],
    repeats: int,
    ruleset: Ruleset[Any] = FREEFORM,
    board: Mapping[str, Any] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Events/s of `fold(ruleset, events, board)` from GameCreated to the end: median of `repeats` folds.

    `clock` is wall time by default; `time.process_time` counts only this process's CPU, which other work on a
    shared machine disturbs far less (the fold is one thread that never waits).
    """
    fold(ruleset, events, board)  # warm-up
    seconds = []
    for _ in range(repeats):
        started = clock()
        fold(ruleset, events, board)
        seconds.append(clock() - started)
    return len(events) / statistics.median(seconds)
