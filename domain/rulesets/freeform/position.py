"""Freeform's position (issue 15, point 3): the record of a game so far, as a game may start from it.

A freeform state is what its actions left: how many actions of each type were recorded and each seat's last
one. A position is that record without the seats, which the game itself names (`POST /games` `seats`). What
belongs to the platform's envelope rather than to the ruleset — open sealed rounds, the dice drawn, the result —
is not part of a position: a game started from one starts with none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Game, Seat
from domain.positions import PositionError, pointer
from domain.rulesets.freeform.actions import size_violations
from domain.rulesets.freeform.state import FreeformState, LastAction

# The kinds evolve counts: any recorded action type (FF-ACTION-1), and "roll" / "open_sealed".
_KIND = {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,63}$"}

POSITION_SCHEMA: Mapping[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Freeform position",
    "description": "The record of a freeform game so far: its actions by type and each seat's last action.",
    "type": "object",
    "additionalProperties": False,
    "required": ["actions", "counts", "last"],
    "properties": {
        "actions": {"type": "integer", "minimum": 0, "description": "how many actions were recorded"},
        "counts": {
            "type": "object",
            "description": "how many actions of each type were recorded (FF-POSITION-2)",
            "propertyNames": _KIND,
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
        "last": {
            "type": "object",
            "description": "each seat's last action, by seat id (FF-POSITION-1): its type, data and number",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "required": ["type", "data", "number"],
                "properties": {
                    "type": _KIND,
                    "data": {"type": "object"},
                    "number": {"type": "integer", "minimum": 1, "description": "its number among the actions"},
                },
            },
        },
    },
    "examples": [
        {
            "actions": 3,
            "counts": {"deploy": 2, "roll": 1},
            "last": {
                "red": {"type": "roll", "data": {"count": 2, "faces": [6, 3]}, "number": 3},
                "blue": {"type": "deploy", "data": {"area": "south-bank"}, "number": 2},
            },
        }
    ],
}


def position_of(game: Game) -> dict[str, Any]:
    """The game's record as a position (its seats are the game's own)."""
    state: FreeformState = game.state
    return {
        "actions": state.actions,
        "counts": dict(state.counts),
        "last": {seat: {"type": a.type, "data": dict(a.data), "number": a.number} for seat, a in state.last.items()},
    }


def position_errors(position: Mapping[str, Any], seats: Sequence[Seat]) -> list[PositionError]:
    """FF-POSITION-1/2/3, every broken one by its path (the position fits POSITION_SCHEMA)."""
    known = {seat.seat for seat in seats}
    counts: Mapping[str, int] = position["counts"]
    actions: int = position["actions"]
    errors: list[PositionError] = []
    if sum(counts.values()) != actions:
        message = f"actions is {actions} but the counts add up to {sum(counts.values())}"
        errors.append(PositionError(pointer("actions"), "FF-POSITION-2", message))
    numbered: dict[int, str] = {}
    for seat, last in position["last"].items():
        errors += _last_errors(seat, last, known, counts, actions, numbered)
    return errors


def _last_errors(
    seat: str,
    last: Mapping[str, Any],
    known: set[str],
    counts: Mapping[str, int],
    actions: int,
    numbered: dict[int, str],
) -> list[PositionError]:
    """One seat's last action: a seat of the game, a counted type, data within FF-ACTION-2, a number of its own."""
    errors: list[PositionError] = []
    if seat not in known:
        message = f"seat {seat!r} is not a seat of the game ({', '.join(sorted(known))})"
        errors.append(PositionError(pointer("last", seat), "FF-POSITION-1", message))
    if last["type"] not in counts:
        message = f"the last action of {seat!r} is a {last['type']!r}, a type the counts do not hold"
        errors.append(PositionError(pointer("last", seat, "type"), "FF-POSITION-3", message))
    for violation in size_violations(last["data"], "FF-POSITION-3", "data"):
        errors.append(PositionError(pointer("last", seat, "data"), violation.rule_id, violation.message))
    number = last["number"]
    if number > actions:
        message = f"number {number} is beyond the {actions} action(s) recorded"
        errors.append(PositionError(pointer("last", seat, "number"), "FF-POSITION-2", message))
    elif number in numbered:
        message = f"number {number} is also the last action of {numbered[number]!r}"
        errors.append(PositionError(pointer("last", seat, "number"), "FF-POSITION-2", message))
    numbered.setdefault(number, seat)
    return errors


def from_position(position: Mapping[str, Any], seats: Sequence[Seat]) -> FreeformState:
    """The state a game started from the position opens with."""
    last = {seat: LastAction(str(a["type"]), dict(a["data"]), int(a["number"])) for seat, a in position["last"].items()}
    counts = {str(kind): int(n) for kind, n in position["counts"].items()}
    return FreeformState(tuple(s.seat for s in seats), counts, last, int(position["actions"]))
