"""Upcasters: old event schemas read as the current one, without rewriting the log.

Every stored event keeps the `schema_version` it was written with, and its hash covers the data as
written; an event is never migrated in place. When a ruleset changes the shape of an event, it ships
an upcaster from the old version to the next, and folds read old events through the chain
(v1 → v2 → … → current). New events are written at the current version.

A ruleset declares its upcasters in its `upcasters` attribute (a tuple of `Upcaster`, empty by default);
platform events (`GameCreated`, `DiceRolled`, …) have theirs in `PLATFORM_UPCASTERS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # domain.kernel imports Upcaster from here
    from domain.kernel import Ruleset

Upgrade = Callable[[Mapping[str, Any]], Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Upcaster:
    """Turns the data of `event_type` at `from_version` into its data at `from_version + 1`."""

    event_type: str
    from_version: int
    upgrade: Upgrade


class Upcasters:
    """A set of upcasters, at most one per (event type, version), chained on read."""

    def __init__(self, upcasters: Iterable[Upcaster]) -> None:
        self._by_step: dict[tuple[str, int], Upgrade] = {}
        self._current: dict[str, int] = {}
        for upcaster in upcasters:
            step = (upcaster.event_type, upcaster.from_version)
            if upcaster.from_version < 1:
                raise ValueError(f"{upcaster.event_type}: schema versions start at 1, not {upcaster.from_version}")
            if step in self._by_step:
                raise ValueError(f"two upcasters for {upcaster.event_type} v{upcaster.from_version}")
            self._by_step[step] = upcaster.upgrade
            self._current[upcaster.event_type] = max(
                self._current.get(upcaster.event_type, 1), upcaster.from_version + 1
            )
        for event_type, current in self._current.items():
            missing = [v for v in range(1, current) if (event_type, v) not in self._by_step]
            if missing:
                raise ValueError(f"{event_type}: no upcaster from v{missing[0]}; the chain to v{current} has a gap")

    def __bool__(self) -> bool:
        return bool(self._by_step)

    def current_version(self, event_type: str) -> int:
        """The schema version new events of this type are written at."""
        return self._current.get(event_type, 1)

    def upcast(self, event_type: str, schema_version: int, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """The data of an event written at `schema_version`, as the current version reads it."""
        current = self.current_version(event_type)
        while schema_version < current:
            data = self._by_step[(event_type, schema_version)](data)
            schema_version += 1
        return data


PLATFORM_UPCASTERS: tuple[Upcaster, ...] = ()  # every platform event is still at schema version 1


def upcasters_for(ruleset: Ruleset[Any]) -> Upcasters:
    """The platform's upcasters and the ruleset's own (its `upcasters` attribute)."""
    return Upcasters((*PLATFORM_UPCASTERS, *ruleset.upcasters))
