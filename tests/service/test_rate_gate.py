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
