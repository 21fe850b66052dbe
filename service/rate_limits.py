"""Rate limits (issue 16, point 6): a budget per token, a smaller one per address for anonymous callers, and a
strict one per address for failed authentication, counted with the `limits` library in fixed windows.

A caller who sends a token is counted by that token (a scorekeeper's tablet shares no budget with the rest
of the venue's network); anyone else by address. A bearer value that turns out to be unknown, revoked or
expired costs its address one failure: past ANNALS_RATELIMIT_AUTH_FAILURES of them the address may send no
token until the window ends, so guessing tokens is slow whatever values are sent.

Answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the window
resets, as the IETF RateLimit header fields draft has it); a refusal is a 429 problem document with
`Retry-After`. `limits` is the library under Flask-Limiter; it is used directly because Flask-Limiter's
per-request machinery cost about a third of a recorded action's CPU (same-run comparison, limiter on and
off), and the gate needs only three application-wide limits.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from flask import Flask, Response, g, request
from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from service import rate_counters  # noqa: F401  (registers the process:// counters with `limits`)
from service.errors import AnnalsError

FAILURES = "auth-failures"


class RateLimited(AnnalsError):
    """Too many requests from one token or address in the current window."""

    status, slug, title = 429, "rate-limited", "Too many requests"


@dataclass(frozen=True, slots=True)
class _Counted:
    """What this request was counted against: the limit shown in the headers, and its key."""

    limit: RateLimitItem
    key: tuple[str, str]


class RateGate:
    """The three limits and their counters, checked before every view and reported after it."""

    def __init__(self, token: str, anonymous: str, failures: str, storage: str) -> None:
        self.per_token = parse_many(token)
        self.per_address = parse_many(anonymous)
        self.failures = parse_many(failures)
        self.window = FixedWindowRateLimiter(storage_from_string(storage))

    def check(self) -> None:
        """Count this request; RateLimited when a budget is spent (nothing has run yet, nothing is written)."""
        if request.method == "OPTIONS" or request.path == "/api/v1/health":
            return  # a CORS preflight refused reads as a CORS error; health checks are the operator's own
        address = request.remote_addr or "unknown"
        token = _bearer_digest()
        if token is not None:
            for limit in self.failures:
                if not self.window.test(limit, FAILURES, address):
                    raise self._refusal(limit, (FAILURES, address), "this address's failed authentications")
            limits, key, who = self.per_token, ("token", token), "this token"
        else:
            limits, key, who = self.per_address, ("address", address), "this address"
        for limit in limits:
            if not self.window.hit(limit, *key):
                g.rate_counted = _Counted(limit, key)
                raise self._refusal(limit, key, who)
        g.rate_counted = _Counted(limits[0], key)

    def report(self, response: Response) -> Response:
        """Count a failed authentication; add the RateLimit-* headers of the limit this request used."""
        if response.status_code == 401 and "Authorization" in request.headers:
            for limit in self.failures:
                self.window.hit(limit, FAILURES, request.remote_addr or "unknown")
        counted: _Counted | None = g.get("rate_counted")
        if counted is not None:
            reset_at, remaining = self.window.get_window_stats(counted.limit, *counted.key)
            response.headers["RateLimit-Limit"] = str(counted.limit.amount)
            response.headers["RateLimit-Remaining"] = str(remaining)
            response.headers["RateLimit-Reset"] = str(max(0, int(reset_at - time.time())))
        return response

    def _refusal(self, limit: RateLimitItem, key: tuple[str, str], who: str) -> RateLimited:
        reset_at, _ = self.window.get_window_stats(limit, *key)
        wait = max(1, int(reset_at - time.time()) + 1)
        return RateLimited(f"{who} exceeded {limit}; retry after {wait} s", retry_after=wait)


def init_app(app: Flask) -> None:
    """Count every request before any view runs (when ANNALS_RATELIMIT is on)."""
    config = app.config
    if not config["RATELIMIT_ENABLED"]:
        return
    gate = RateGate(
        config["RATELIMIT_TOKEN"],
        config["RATELIMIT_ANONYMOUS"],
        config["RATELIMIT_AUTH_FAILURES"],
        config["RATELIMIT_STORAGE"],
    )
    app.extensions["annals_rate_limits"] = gate
    app.before_request(gate.check)
    app.after_request(gate.report)


def _bearer_digest() -> str | None:
    """The SHA-256 of the bearer value sent, if any: counters never hold a usable token."""
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return hashlib.sha256(value.strip().encode("utf-8")).hexdigest()
    return "malformed" if "Authorization" in request.headers else None
