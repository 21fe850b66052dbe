"""The gate in front of every blueprint (DESIGN §12), configured in one place: the client's address behind
trusted proxies, rate limits, CORS, and what a request may carry, checked before anything reads it.

A JSON body is parsed here once, within the nesting and size limits, so that no view, schema or store
ever holds a value it cannot encode again (issue 16, point 1). Header values that end in event metadata
are bounded here too.
"""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask, current_app, g
from flask.globals import request_ctx
from flask_cors import CORS
from werkzeug.middleware.proxy_fix import ProxyFix

from domain.json_limits import (
    STORED_DEPTH,
    DuplicateKey,
    JsonLimits,
    JsonTooComplex,
    nul_pointer,
    parse_bounded,
)
from service import rate_limits
from service.errors import BadRequest

# A body's data is stored a few levels down (an event's metadata.action.data, a record line): the limit
# leaves that room below the depth at which stored JSON is read whole.
DEEPEST_BODY_LIMIT = STORED_DEPTH - 20
# What a browser client on another origin may send and read (CORS).
CORS_REQUEST_HEADERS = ("Authorization", "Content-Type", "If-Match", "Idempotency-Key", "X-Request-Id", "Last-Event-ID")
CORS_RESPONSE_HEADERS = (
    "ETag",
    "Location",
    "Idempotent-Replayed",
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "Retry-After",
    "Annals-Next-After",
    "Content-Disposition",
    "Allow",  # a 405's methods, as its problem's `allowed` lists them
    "WWW-Authenticate",  # a 401's scheme: every header openapi.yaml declares on a response is readable
)
# A request id is copied into event metadata: printable ASCII without spaces, as proxies generate them.
REQUEST_ID = re.compile(r"^[\x21-\x7e]{1,200}$")


def init_app(app: Flask) -> None:
    """Put the gate in front of every view: proxies, rate limits, CORS, headers and JSON bodies."""
    depth, items = app.config["MAX_JSON_DEPTH"], app.config["MAX_JSON_ITEMS"]
    if not 8 <= depth <= DEEPEST_BODY_LIMIT or items < 100:
        raise ValueError(
            f"ANNALS_MAX_JSON_DEPTH must be 8-{DEEPEST_BODY_LIMIT} (got {depth}) and ANNALS_MAX_JSON_ITEMS "
            f"at least 100 (got {items})"
        )
    app.extensions["annals_json_limits"] = JsonLimits(depth, items)
    if app.config["TRUSTED_PROXIES"]:
        # Behind N reverse proxies the client is the Nth address from the right of X-Forwarded-For.
        proxies = app.config["TRUSTED_PROXIES"]
        # Wrapping `wsgi_app` is Flask's documented way to add middleware; mypy sees a method being replaced.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)  # type: ignore[method-assign]
    rate_limits.init_app(app)  # counted before the body is even read
    if app.config["CORS_ORIGINS"]:
        CORS(
            app,
            resources={r"/api/*": {"origins": app.config["CORS_ORIGINS"]}},
            allow_headers=list(CORS_REQUEST_HEADERS),
            expose_headers=list(CORS_RESPONSE_HEADERS),
            max_age=600,
            supports_credentials=False,  # bearer tokens, never cookies
        )
    app.before_request(_check_request)


def _check_request() -> None:
    # The request itself, looked up once: each `request.<attribute>` goes through the context's proxy,
    # about a microsecond apiece on the hot path (issue 19, point 3).
    current = request_ctx.request
    if "\x00" in current.path or b"%00" in current.query_string:
        # No id, name or filter holds U+0000, and PostgreSQL text cannot even be compared with one.
        raise BadRequest("the URL holds a NUL character (%00)", {"url": ["NUL character"]})
    request_id = current.headers.get("X-Request-Id")
    if request_id is not None and not REQUEST_ID.match(request_id):
        raise BadRequest(
            "X-Request-Id must be 1-200 printable ASCII characters without spaces",
            {"X-Request-Id": [f"{len(request_id)} characters, or characters outside printable ASCII"]},
        )
    encoding = current.headers.get("Content-Encoding")
    if encoding and encoding.strip().lower() != "identity":
        # Nothing here decompresses a body (so no gzip bomb can be sent), and one read as it came was
        # refused as "not UTF-8 (byte 1)", which sent the client looking for the wrong mistake.
        raise BadRequest(
            f"Content-Encoding {encoding[:40]!r} is not accepted: send the body uncompressed",
            {"Content-Encoding": ["only identity"]},
        )
    # Set on every request, so json_body() reads this request's answer, never an earlier one's; the
    # Content-Type is parsed here once.
    g.json_body = _parsed_body(current.get_data(cache=True)) if current.is_json else NOT_JSON


def _parsed_body(raw: bytes) -> Any:
    """The body's value, or the error json_body() will report once the view has authenticated the caller.

    Only a body past the limits is refused here, before authentication: parsing it at all is the danger.
    """
    if not raw:
        return JsonBodyError("the request body is empty", "empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return JsonBodyError(f"the request body is not UTF-8 (byte {error.start})", "not UTF-8")
    limits: JsonLimits = current_app.extensions["annals_json_limits"]
    try:
        value = parse_bounded(text, limits)
    except JsonTooComplex as error:
        raise BadRequest(f"the body is too complex at {error.pointer or '/'}: {error.message}", _at(error)) from None
    except json.JSONDecodeError as error:
        return JsonBodyError(f"the request body is not valid JSON: {error}", "invalid JSON")
    except DuplicateKey as error:
        message = "the key appears twice in one object"
        return JsonBodyError(f"the request body repeats a key at {error.pointer}: {message}", message, error.pointer)
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        return JsonBodyError(f"the request body cannot be read as JSON: {error}", "invalid JSON")
    if "\\u0000" in text and (pointer := nul_pointer(value)) is not None:
        # Names, titles and keys land in text columns, where PostgreSQL cannot store U+0000.
        raise BadRequest(f"the body holds U+0000 at {pointer or '/'}", {pointer or "body": ["NUL character"]})
    return value


def _at(error: JsonTooComplex) -> dict[str, list[str]]:
    return {error.pointer or "body": [error.message]}


class JsonBodyError:
    """A body that is not JSON, kept until the view asks for it (after authenticating its caller)."""

    def __init__(self, detail: str, reason: str, where: str = "body") -> None:
        self.detail = detail
        self.reason = reason
        self.where = where  # "body", or the JSON pointer of the member at fault

    def raise_it(self) -> None:
        """Report it as a 400 naming the body (or the member at fault)."""
        raise BadRequest(self.detail, {self.where: [self.reason]})


NOT_JSON = JsonBodyError("the request body must be JSON (Content-Type: application/json)", "not JSON")
