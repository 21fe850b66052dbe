"""The process:// counters the rate limits use by default: fixed windows without a timer thread."""

from __future__ import annotations

import threading

import pytest
from freezegun import freeze_time
from limits import parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from service import rate_counters
from service.rate_counters import ProcessCounters


def test_a_window_allows_its_amount_and_opens_again_when_it_ends() -> None:
    window = FixedWindowRateLimiter(storage_from_string("process://"))
    limit = parse("3/minute")
    with freeze_time("2026-11-25T10:00:00Z") as clock:
        assert [window.hit(limit, "address", "10.0.0.1") for _ in range(4)] == [True, True, True, False]
        assert window.hit(limit, "address", "10.0.0.2")  # another key has its own count
        reset_at, remaining = window.get_window_stats(limit, "address", "10.0.0.1")
        assert remaining == 0 and reset_at >= clock().timestamp() + 59
        clock.tick(61)
        assert window.hit(limit, "address", "10.0.0.1")
        assert window.get_window_stats(limit, "address", "10.0.0.1")[1] == 2


def test_no_thread_is_started_by_counting() -> None:
    counters = ProcessCounters()
    threads = threading.active_count()

    for n in range(100):
        counters.incr(f"k{n % 7}", 60)

    assert threading.active_count() == threads
    assert counters.get("k0") == 15


def test_expired_keys_are_swept_when_the_table_grows_large(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rate_counters, "SWEEP_AT", 10)
    counters = ProcessCounters()
    with freeze_time("2026-11-25T10:00:00Z") as clock:
        for n in range(10):
            counters.incr(f"old{n}", 1)
        clock.tick(2)
        counters.incr("new", 60)

    assert set(counters._counts) == {"new"}
