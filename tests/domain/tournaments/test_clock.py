"""A round's clock folds from its events (td19): the end is the start plus the minutes and every extension; the
fold is total, so an event that does not apply changes nothing and nonsense values never raise."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import Event
from domain.tournaments.clock import CLOCK_EVENTS
from domain.tournaments.state import fold
from tests.domain.tournaments.test_state import round_one

START = "2026-11-29T14:00:00.000000Z"


def _clock(*events: Event) -> Any:
    return fold([*round_one(), *events]).rounds[0].clock


def _started(minutes: int = 150) -> Event:
    return Event("RoundClockStarted", {"round": 1, "started_at": START, "minutes": minutes})


def _extended(minutes: int, table: int | None = None) -> Event:
    return Event("RoundClockExtended", {"round": 1, "minutes": minutes, "reason": "ruling", "table": table})


def test_a_round_ends_after_its_minutes_and_its_whole_round_extensions_and_a_table_after_its_own_too() -> None:
    clock = _clock(_started(), _extended(10), _extended(5, table=2), _extended(3, table=2))

    assert clock.ends_at == "2026-11-29T16:40:00.000000Z"
    assert clock.table_ends_at(2) == "2026-11-29T16:48:00.000000Z"
    assert clock.table_ends_at(1) is None


def test_time_called_early_leaves_an_extended_table_its_minutes_past_the_call_and_no_more() -> None:
    extended = (_started(), _extended(10, table=2))
    early = Event("RoundTimeCalled", {"round": 1, "at": "2026-11-29T15:00:00.000000Z"})
    on_time = Event("RoundTimeCalled", {"round": 1, "at": "2026-11-29T16:30:00.000000Z"})

    assert _clock(*extended, early).table_ends_at(2) == "2026-11-29T15:10:00.000000Z"
    assert _clock(*extended, on_time).table_ends_at(2) == "2026-11-29T16:40:00.000000Z"
    assert _clock(*extended, early).table_ends_at(1) is None


def test_an_extension_before_the_start_and_anything_after_time_is_called_change_nothing() -> None:
    called = Event("RoundTimeCalled", {"round": 1, "at": "2026-11-29T16:31:00.000000Z"})

    assert _clock(_extended(10)) is None
    clock = _clock(_started(), called, _extended(10), _started(5), Event("RoundTimeCalled", {"round": 1, "at": "x"}))
    assert clock.ends_at == "2026-11-29T16:30:00.000000Z" and clock.time_called == "2026-11-29T16:31:00.000000Z"
    assert fold(round_one()).rounds[0].clock is None  # an untimed round


ODD = st.sampled_from([None, True, -5, 0, 7, 10**12, "", "soon", START, [1]])


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from(CLOCK_EVENTS), ODD, ODD, ODD, ODD),
        max_size=6,
    )
)
def test_clock_events_with_any_values_fold_without_raising(events: list[tuple[Any, ...]]) -> None:
    keys = ("minutes", "started_at", "table", "at")
    folded = fold(
        [*round_one(), *(Event(kind, {"round": 1, **dict(zip(keys, rest, strict=True))}) for kind, *rest in events)]
    )
    clock = folded.rounds[0].clock
    assert clock is None or clock.ends_at.endswith("Z")
