"""Rate limits (issue 16, point 6), with Flask-Limiter: a budget per token, a smaller one per address for
anonymous callers, and a strict one per address for failed authentication.

A caller who sends a token is counted by that token (a scorekeeper's tablet and its recorder share no
budget with the rest of the venue's network); anyone else by address. A bearer value that turns out to be
unknown or revoked also costs its address one failure: after ANNALS_RATELIMIT_AUTH_FAILURES of them, that
address may send no token for the rest of the window, so guessing tokens is slow whatever values are sent.

Answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the window
resets, as the IETF RateLimit header fields draft has it); a refusal is a 429 problem document with
`Retry-After`.
"""

from __future__ import annotations

import hashlib
import time

from flask import Flask, Response, request
from flask_limiter import ApplicationLimit, Limiter, RateLimitExceeded

from service.errors import AnnalsError


class RateLimited(AnnalsError):
    """Too many requests from one token or address in the current window."""

    status, slug, title = 429, "rate-limited", "Too many requests"


def init_app(app: Flask) -> Limiter:
    """Attach the limiter: application-wide limits, counted before any view runs."""
    config = app.config
    limiter = Limiter(
        _caller_key,
        app=app,
        application_limits=[
            ApplicationLimit(
                _caller_limit(config["RATELIMIT_TOKEN"], config["RATELIMIT_ANONYMOUS"]),
                scope="calls",
                # A CORS preflight refused would read as a CORS error in the browser; health checks are the
                # operator's own.
                exempt_when=lambda: request.method == "OPTIONS" or request.path == "/api/v1/health",
            ),
            ApplicationLimit(
                config["RATELIMIT_AUTH_FAILURES"],
                key_function=_address,
                scope="auth-failures",
                exempt_when=lambda: "Authorization" not in request.headers,
                deduct_when=lambda response: response.status_code == 401,
            ),
        ],
        storage_uri=config["RATELIMIT_STORAGE"],
        strategy="fixed-window",  # one counter per key and window: the cheapest check on the hot path
        headers_enabled=False,  # written below, with the draft's names and a delta-seconds reset
        enabled=config["RATELIMIT_ENABLED"],
        swallow_errors=False,
    )
    app.after_request(_headers(limiter))
    app.register_error_handler(RateLimitExceeded, _refused(limiter))
    return limiter


def _caller_key() -> str:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        # Hashed like stored tokens: the limiter's storage never holds a usable token.
        return "token:" + hashlib.sha256(value.strip().encode("utf-8")).hexdigest()
    return "address:" + _address()


def _address() -> str:
    return request.remote_addr or "unknown"


def _caller_limit(for_tokens: str, for_anonymous: str):  # type: ignore[no-untyped-def]
    def limit() -> str:
        return for_tokens if "Authorization" in request.headers else for_anonymous

    return limit


def _headers(limiter: Limiter):  # type: ignore[no-untyped-def]
    def add(response: Response) -> Response:
        current = limiter.current_limit
        if current is not None:
            response.headers["RateLimit-Limit"] = str(current.limit.amount)
            response.headers["RateLimit-Remaining"] = str(current.remaining)
            response.headers["RateLimit-Reset"] = str(max(0, int(current.reset_at - time.time())))
        return response

    return add


def _refused(limiter: Limiter):  # type: ignore[no-untyped-def]
    def problem(error: RateLimitExceeded) -> Response:
        from service.api import problem_response

        current = limiter.current_limit
        wait = max(1, int(current.reset_at - time.time())) if current is not None else 1
        if error.limit.scope == "auth-failures":
            who = "this address's failed authentications"
        else:
            who = "this token" if "Authorization" in request.headers else "this address"
        limited = RateLimited(f"{who} exceeded {error.limit.limit}; retry after {wait} s", retry_after=wait)
        return problem_response(limited.problem(), {"Retry-After": str(wait)})

    return problem
