"""The gate's fixed windows, counted on the storage directly (issue 19, point 3): the same counts and keys
as `limits`' own FixedWindowRateLimiter, so any storage `limits` offers reads the same budgets."""

from __future__ import annotations

import hashlib

import pytest
from flask import Flask, Response
from limits import parse
from limits.strategies import FixedWindowRateLimiter

from service.rate_limits import RateGate, RateLimited


def _gate(token: str = "100/minute") -> RateGate:
    return RateGate(token, "600/minute", "20/minute", "process://")


def _request(app: Flask, gate: RateGate, token: str = "secret") -> Response:
    """One request's check and report, with `token` as its bearer value."""
    with app.test_request_context("/api/v1/games", headers={"Authorization": f"Bearer {token}"}):
        gate.check()
        return gate.report(Response("{}"))


def test_the_library_reads_the_count_the_gate_made_under_its_own_key() -> None:
    gate, app = _gate(), Flask("gate")
    for _ in range(3):
        _request(app, gate)

    digest = hashlib.sha256(b"secret").hexdigest()
    _, remaining = FixedWindowRateLimiter(gate.storage).get_window_stats(parse("100/minute"), "token", digest)
    assert remaining == 97


def test_the_headers_show_the_first_limit_of_several_and_the_tightest_refuses() -> None:
    gate, app = _gate("2/second;5/minute"), Flask("gate")

    answers = [_request(app, gate) for _ in range(2)]

    assert [a.headers["RateLimit-Remaining"] for a in answers] == ["1", "0"]
    assert answers[0].headers["RateLimit-Limit"] == "2"
    assert 0 <= int(answers[0].headers["RateLimit-Reset"]) <= 1
    with pytest.raises(RateLimited, match="this token exceeded 2 per 1 second"):
        _request(app, gate)


def test_a_token_sent_by_an_address_past_its_failed_authentications_is_refused() -> None:
    gate, app = RateGate("100/minute", "600/minute", "2/minute", "process://"), Flask("gate")
    for _ in range(2):
        with app.test_request_context("/api/v1/games", headers={"Authorization": "Bearer wrong"}):
            gate.check()
            gate.report(Response("{}", status=401))

    with pytest.raises(RateLimited, match="failed authentications"):
        _request(app, gate, "right")


class _CpuClock:
    """A thread CPU clock that advances `step` seconds each time it is read (twice a request: counted, answered)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_request_pays_one_unit_more_for_each_cpu_slice_past_its_first() -> None:
    gate, app = RateGate("100/minute", "600/minute", "20/minute", "process://", cpu_ms=10), Flask("gate")
    gate.cpu_clock = _CpuClock(0.035)  # 35 ms between the count and the answer: 1 + 3 units

    answer = _request(app, gate)

    assert answer.headers["RateLimit-Remaining"] == "96"


def test_a_request_within_its_first_cpu_slice_pays_one_unit() -> None:
    gate, app = RateGate("100/minute", "600/minute", "20/minute", "process://", cpu_ms=10), Flask("gate")
    gate.cpu_clock = _CpuClock(0.009)

    assert [_request(app, gate).headers["RateLimit-Remaining"] for _ in range(2)] == ["99", "98"]


def test_the_cpu_a_caller_spent_refuses_its_next_request_once_the_budget_is_gone() -> None:
    gate, app = RateGate("10/minute", "600/minute", "20/minute", "process://", cpu_ms=10), Flask("gate")
    gate.cpu_clock = _CpuClock(0.06)  # each request 1 + 6 units

    first = _request(app, gate)  # 7 of 10
    second = _request(app, gate)  # counted at 8 (allowed), then charged to 14

    assert (first.headers["RateLimit-Remaining"], second.headers["RateLimit-Remaining"]) == ("3", "0")
    with pytest.raises(RateLimited, match="this token exceeded 10 per 1 minute"):
        _request(app, gate)


def test_a_negative_cpu_slice_is_refused_when_the_gate_is_built() -> None:
    with pytest.raises(ValueError, match="ANNALS_RATELIMIT_CPU_MS"):
        RateGate("10/minute", "600/minute", "20/minute", "process://", cpu_ms=-1)
