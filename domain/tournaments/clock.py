"""A round's clock (td19): when it started, how long it runs, the judges' extensions and the call of time.

Board-game rounds are timed (an AGoT tournament round is typically 2h30; at time the game ends and is scored as
it stands). The times are data: the service's clock writes `started_at` and `at` into the events, and this fold
only adds minutes to them, so folding the same events gives the same clock on any machine. `clock_after` is total
like the tournament's `evolve`: an event that does not apply (an extension before the start) changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

ROUND_CLOCK_STARTED = "RoundClockStarted"  # {round, started_at, minutes}
ROUND_CLOCK_EXTENDED = "RoundClockExtended"  # {round, minutes, reason, table (None: the whole round), at}
ROUND_TIME_CALLED = "RoundTimeCalled"  # {round, at}
CLOCK_EVENTS = (ROUND_CLOCK_STARTED, ROUND_CLOCK_EXTENDED, ROUND_TIME_CALLED)


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A started round's clock: its start, its length, the extensions (whole round, per table), time called."""

    started_at: str
    minutes: int
    extended: int = 0  # minutes added to the whole round
    tables: Mapping[int, int] = field(default_factory=dict)  # table number -> minutes added to that table alone
    time_called: str | None = None

    @property
    def ends_at(self) -> str:
        """When the round ends: its start, its length and every whole-round extension."""
        return _later(self.started_at, self.minutes + self.extended)

    def table_ends_at(self, table: int) -> str | None:
        """When table `table` ends, for a table given time of its own (None for the others: the round's end). Time
        called early leaves such a table its extension past the call: the minutes a ruling cost it, no more."""
        extra = self.tables.get(table)
        if not extra:
            return None
        own = _later(self.started_at, self.minutes + self.extended + extra)
        if self.time_called is None:
            return own
        after_call = _later(self.time_called, extra)
        return min((own, after_call), key=lambda moment: _moment(moment) or datetime.min.replace(tzinfo=UTC))


def clock_after(clock: RoundClock | None, event_type: str, data: Mapping[str, Any]) -> RoundClock | None:
    """The round's clock after one of `CLOCK_EVENTS` (total: values a stream should not hold change nothing)."""
    minutes = data.get("minutes")
    whole = minutes if isinstance(minutes, int) and not isinstance(minutes, bool) else 0
    if event_type == ROUND_CLOCK_STARTED:
        started = data.get("started_at")
        return RoundClock(started, whole) if clock is None and isinstance(started, str) and _moment(started) else clock
    if clock is None or clock.time_called is not None:
        return clock
    if event_type == ROUND_CLOCK_EXTENDED:
        table = data.get("table")
        if isinstance(table, int) and not isinstance(table, bool):
            return replace(clock, tables={**clock.tables, table: clock.tables.get(table, 0) + whole})
        return replace(clock, extended=clock.extended + whole)
    if event_type == ROUND_TIME_CALLED and isinstance(data.get("at"), str):
        return replace(clock, time_called=str(data["at"]))
    return clock


def _moment(text: Any) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _later(start: str, minutes: int) -> str:
    """`start` plus `minutes`, in the service's timestamp form (RFC 3339 UTC with a Z)."""
    moment = _moment(start) or datetime(1970, 1, 1, tzinfo=UTC)
    try:
        end = (moment + timedelta(minutes=minutes)).astimezone(UTC)
    except OverflowError:  # minutes no request can give (an edited record): the start, not a crash on reading
        end = moment.astimezone(UTC)
    return end.isoformat(timespec="microseconds")[:-6] + "Z"
