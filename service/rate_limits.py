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
off), and the gate needs only three application-wide limits. Of `limits` the gate keeps the parsing, the
storages and the key names, and counts the fixed windows itself (issue 19, point 3: 15.6 → 8.9 µs a request).

A request is one unit of its budget plus one for each ANNALS_RATELIMIT_CPU_MS of CPU time its thread spent past
the first (charged when it answers, so the caller's next requests are refused once it is spent, as GitHub's
secondary limits count CPU time): an audit of a long game re-decides every action and a replay builds a view
per version, hundreds of times a recorded action's work, so a budget of requests alone let one address keep
every core busy with them.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from flask import Flask, Response, g, request
from flask.globals import request_ctx
from limits import RateLimitItem, parse_many
from limits.storage import Storage, storage_from_string

from service import rate_counters  # noqa: F401  (registers the process:// counters with `limits`)
from service.errors import AnnalsError

FAILURES = "auth-failures"
STATIC_PREFIX = "/web/static/"  # service/web: the static files of the pages


class RateLimited(AnnalsError):
    """Too many requests from one token or address in the current window."""

    status, slug, title = 429, "rate-limited", "Too many requests"


# A stand-in identifier: the key `limits` builds around it gives the template of every key of a limit.
_MARK = "\x00"


@dataclass(frozen=True, slots=True)
class _Limit:
    """A parsed limit with its window's length and the shape of its counters' keys (as `limits` names them)."""

    item: RateLimitItem
    expiry: int
    prefix: str
    suffix: str

    @classmethod
    def of(cls, item: RateLimitItem) -> _Limit:
        prefix, suffix = item.key_for(_MARK).split(_MARK)
        return cls(item, item.get_expiry(), prefix, suffix)

    def key(self, kind: str, who: str) -> str:
        """`item.key_for(kind, who)`, without its per-call joins (it runs two or three times a request)."""
        return f"{self.prefix}{kind}/{who}{self.suffix}"


@dataclass(frozen=True, slots=True)
class _Counted:
    """What this request was counted against: the limit shown in the headers, its key, and the count it made."""

    limit: _Limit
    key: str
    count: int


@dataclass(frozen=True, slots=True)
class _Charge:
    """Where a request's CPU time is charged when it answers: its budget's limits and keys, and its thread's CPU
    clock when it was counted."""

    limits: list[_Limit]
    keys: list[str]
    started: float


class RateGate:
    """The three limits and their counters, checked before every view and reported after it.

    Fixed windows counted on the storage directly, as `limits`' FixedWindowRateLimiter counts them
    (a hit is allowed while the window's count stays within the amount): the strategy's per-call key
    building and its second and third reads for the headers cost more than the counting itself.
    """

    def __init__(self, token: str, anonymous: str, failures: str, storage: str, cpu_ms: float = 0.0) -> None:
        if cpu_ms < 0:
            raise ValueError(f"ANNALS_RATELIMIT_CPU_MS must be 0 (CPU time not charged) or more (got {cpu_ms:g})")
        self.cpu_ms = cpu_ms  # CPU time one unit of a budget buys past a request's own unit; 0: not charged
        self.cpu_clock = time.thread_time  # the request's own thread: other requests' work is not its cost
        self.per_token = [_Limit.of(item) for item in parse_many(token)]
        self.per_address = [_Limit.of(item) for item in parse_many(anonymous)]
        self.failures = [_Limit.of(item) for item in parse_many(failures)]
        counters = storage_from_string(storage)
        if not isinstance(counters, Storage):  # e.g. "async+redis://": the gate runs in request threads
            raise ValueError(f"ANNALS_RATELIMIT_STORAGE {storage!r} is an asyncio storage; name a synchronous one")
        self.storage = counters

    def check(self) -> None:
        """Count this request; RateLimited when a budget is spent (nothing has run yet, nothing is written)."""
        current = request_ctx.request  # looked up once, not once per attribute (as in gate.py)
        if current.method == "OPTIONS" or current.path == "/api/v1/health":
            return  # a CORS preflight refused reads as a CORS error; health checks are the operator's own
        if current.path.startswith(STATIC_PREFIX):
            # The pages' scripts and stylesheet: a game page loads about twenty, without a token (a browser sends
            # none for a module), so a club's tables behind one address spent the anonymous budget on them and
            # their pages broke; they are the same public files for everyone and run nothing.
            return
        address = current.remote_addr or "unknown"
        token = _bearer_digest(current.headers.get("Authorization"))
        if token is not None:
            for limit in self.failures:
                failures_key = limit.key(FAILURES, address)
                failures = self.storage.get(failures_key)
                if failures >= limit.item.amount:
                    g.rate_counted = _Counted(
                        limit, failures_key, failures
                    )  # its RateLimit-* headers, as every answer's
                    raise self._refusal(limit, failures_key, "this address's failed authentications")
            limits, kind, who, whose = self.per_token, "token", token, "this token"
        else:
            limits, kind, who, whose = self.per_address, "address", address, "this address"
        counted: _Counted | None = None
        keys = [limit.key(kind, who) for limit in limits]
        for limit, key in zip(limits, keys, strict=True):
            count = self.storage.incr(key, limit.expiry)
            counted = counted or _Counted(limit, key, count)
            if count > limit.item.amount:
                g.rate_counted = _Counted(limit, key, count)
                raise self._refusal(limit, key, whose)
        g.rate_counted = counted
        if self.cpu_ms:
            g.rate_charge = _Charge(limits, keys, self.cpu_clock())

    def report(self, response: Response) -> Response:
        """Count a failed authentication; add the RateLimit-* headers of the limit this request used."""
        if response.status_code == 401 and "Authorization" in request.headers:
            address = request.remote_addr or "unknown"
            for limit in self.failures:
                self.storage.incr(limit.key(FAILURES, address), limit.expiry)
        counted: _Counted | None = g.get("rate_counted")
        charge: _Charge | None = g.get("rate_charge")
        if charge is not None and counted is not None:
            counted = self._charge_cpu(charge, counted)
        if counted is not None:
            reset_at = self.storage.get_expiry(counted.key)
            # Added, not set: only this hook writes them, and `set` first scans every header already there.
            headers = response.headers
            headers.add("RateLimit-Limit", str(counted.limit.item.amount))
            headers.add("RateLimit-Remaining", str(max(0, counted.limit.item.amount - counted.count)))
            headers.add("RateLimit-Reset", str(max(0, int(reset_at - time.time()))))
        return response

    def _charge_cpu(self, charge: _Charge, counted: _Counted) -> _Counted:
        """Count one more request for each `cpu_ms` of CPU time past the first that this request's thread spent;
        the count the headers then show."""
        extra = int((self.cpu_clock() - charge.started) * 1000 / self.cpu_ms)
        if extra <= 0:
            return counted
        for limit, key in zip(charge.limits, charge.keys, strict=True):
            count = self.storage.incr(key, limit.expiry, amount=extra)
            if key == counted.key:
                counted = _Counted(limit, key, count)
        return counted

    def _refusal(self, limit: _Limit, key: str, who: str) -> RateLimited:
        wait = max(1, int(self.storage.get_expiry(key) - time.time()) + 1)
        return RateLimited(f"{who} exceeded {limit.item}; retry after {wait} s", retry_after=wait)


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
        config["RATELIMIT_CPU_MS"],
    )
    app.extensions["annals_rate_limits"] = gate
    app.before_request(gate.check)
    app.after_request(gate.report)


def _bearer_digest(authorization: str | None) -> str | None:
    """The SHA-256 of the bearer value sent, if any: counters never hold a usable token."""
    if authorization is None:
        return None
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return hashlib.sha256(value.strip().encode("utf-8")).hexdigest()
    return "malformed"
