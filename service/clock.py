"""The injected clock: the only place the service reads the time (freezegun controls it in tests)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    """Something that tells the current UTC time."""

    def now(self) -> datetime: ...


class SystemClock:
    """The machine's clock, in UTC."""

    def now(self) -> datetime:
        """The current UTC time."""
        return datetime.now(UTC)


def isoformat(moment: datetime) -> str:
    """RFC 3339 UTC with microseconds and a Z, the one timestamp format stored and hashed."""
    # isoformat is several times cheaper than strftime and, with its "+00:00" swapped for Z, the same text.
    utc = moment if moment.tzinfo is UTC else moment.astimezone(UTC)
    return utc.isoformat(timespec="microseconds")[:-6] + "Z"
