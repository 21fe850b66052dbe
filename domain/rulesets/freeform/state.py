"""The state of a freeform game: how many actions of each type were recorded, and each seat's last one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class LastAction:
    """The most recent action of a seat: its type, data, and its number among the game's actions."""

    type: str
    data: Mapping[str, Any]
    number: int


@dataclass(frozen=True, slots=True)
class FreeformState:
    """Seats, how many actions of each type were recorded, and each seat's last action."""

    seats: tuple[str, ...]
    counts: Mapping[str, int] = field(default_factory=dict)
    last: Mapping[str, LastAction] = field(default_factory=dict)
    actions: int = 0
