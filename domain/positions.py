"""Positions (issue 15, point 3): the documented, public form of a mid-game situation — the FEN of these games.

A ruleset declares `position_schema` (JSON Schema 2020-12 of its position document: units by area and seat,
control, treasuries, tracks, hands, offices, the round and phase, open sieges…), exports any state as a
position (`position_of`), checks a position's invariants (`position_errors`: castle and stack limits, supply,
unit counts, one lord per seat, known areas and seats…, each error naming its JSON pointer and the rule it
breaks), and builds the opening state of a game started from one (`from_position`).

The round trip is the contract: for any game, `from_position(position_of(game))` views the same as the game,
for every viewer. Nothing in a position is dropped silently: a key the ruleset does not know is an error too.
The service validates the schema first (a 400 by JSON pointer), then the invariants (a 422 naming every wrong
path and its rule); `adjust` checks the state it produces against the same invariants unless forced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PositionError:
    """One broken invariant of a position: where (a JSON pointer inside the position), which rule, and what."""

    path: str
    rule_id: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "rule_id": self.rule_id, "message": self.message}


def pointer(*parts: str | int) -> str:
    """A JSON pointer from its parts (`pointer("units", 0, "area")` is `/units/0/area`), escaped per RFC 6901."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)
