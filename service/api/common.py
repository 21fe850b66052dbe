"""What every view needs: the wired services, the caller, request parsing, JSON with ETags."""

from __future__ import annotations

from typing import Any, Literal, overload

from flask import Response, current_app, g, jsonify, request

from domain.canonical import canonical_bytes
from service.auth import Principal
from service.entropy import random_uuid
from service.errors import BadRequest
from service.games import RequestContext
from service.gate import JsonBodyError
from service.loading import LoadedGame
from service.wiring import Services


def services() -> Services:
    """The app's wired services."""
    found: Services = current_app.extensions["annals"]
    return found


def principal() -> Principal:
    """The caller of this request (authenticated once per request)."""
    found: Principal | None = g.get("principal")
    if found is None:
        found = g.principal = services().tokens.principal(request.headers.get("Authorization"))
    return found


def json_body() -> Any:
    """The request's JSON body, as the gate parsed it within its limits (400 when it is not JSON)."""
    body = g.json_body  # the gate's (NOT_JSON when the Content-Type is not JSON)
    if isinstance(body, JsonBodyError):
        body.raise_it()
    if body is None:
        raise BadRequest("the request body is JSON null; expected an object", {"body": ["null"]})
    try:
        canonical_bytes(body)
    except UnicodeEncodeError:
        detail = "the body holds a lone UTF-16 surrogate (\\ud800-\\udfff)"
        raise BadRequest(detail, {"body": ["invalid Unicode"]}) from None
    except ValueError as error:
        raise BadRequest(f"the body cannot be stored as JSON: {error}", {"body": ["not representable"]}) from None
    return body


def game_at(game_id: str, caller: Principal, at: int | None) -> LoadedGame:
    """The game folded at `?at=` (its newest version by default); 404 when unreadable, 400 beyond its version."""
    wired = services()
    summary = wired.loader.summary(game_id, caller)
    if at is not None and at > summary["version"]:
        raise BadRequest(
            f"at={at} is beyond the game's version {summary['version']}", {"at": ["beyond the last version"]}
        )
    return wired.loader.load(game_id, caller, at)


def if_match() -> int | None:
    """The version in an If-Match header ("3", 3 or W/"3"), or None."""
    value = request.headers.get("If-Match")
    if value is None or value.strip() == "*":  # RFC 9110 §13.1.1: "*" holds for any current version
        return None
    cleaned = value.strip().removeprefix("W/").strip('"')
    if not (cleaned.isascii() and cleaned.isdigit()):  # "²".isdigit() is True, but int("²") fails
        raise BadRequest(f'If-Match {value!r} must be a game version such as "3"', {"If-Match": ["not a version"]})
    return int(cleaned)


def idempotency_key() -> str | None:
    """The Idempotency-Key header, or None."""
    value = request.headers.get("Idempotency-Key")
    if value is None:
        return None
    if not 1 <= len(value) <= 200:
        raise BadRequest("Idempotency-Key must be 1-200 characters", {"Idempotency-Key": ["bad length"]})
    return value


def context() -> RequestContext:
    """Request id and client, for event metadata."""
    headers = request.headers
    return RequestContext(headers.get("X-Request-Id") or random_uuid(), headers.get("User-Agent"))


def no_content() -> Response:
    """A 204: no body, so no Content-Type (Flask would label the empty body text/html)."""
    response = Response(status=204)
    del response.headers["Content-Type"]
    return response


def with_etag(payload: Any, version: int, status: int = 200, location: str | None = None) -> Response:
    """JSON with `ETag: "<version>"`."""
    response = jsonify(payload)
    response.status_code = status
    response.headers["ETag"] = f'"{version}"'
    if location:
        response.headers["Location"] = location
    return response


def page_of(items: list[Any], keys: list[str], limit: int, after: str | None) -> tuple[list[Any], str | None]:
    """A page of an in-memory list whose items are in the ascending order of their string `keys` (unique), after
    a cursor this function made: the items whose key is greater, so a page stays right when items are added or
    removed between requests. The cursor of the next page, or None at the end."""
    import bisect

    start = 0
    if after is not None:
        (last,) = decode_cursor(after, 1)
        start = bisect.bisect_right(keys, last)
    chunk = items[start : start + limit]
    more = start + limit < len(items)
    return chunk, encode_cursor(keys[start + len(chunk) - 1]) if more and chunk else None


def encode_cursor(*parts: str) -> str:
    """An opaque cursor for `?after=`."""
    import base64

    return base64.urlsafe_b64encode("\x1f".join(parts).encode()).decode().rstrip("=")


# The parts a cursor of `size` parts has, for the store's page functions: keyed by (sort key, id) or by one key.
@overload
def decode_cursor(cursor: str, size: Literal[1]) -> tuple[str]: ...
@overload
def decode_cursor(cursor: str | None, size: Literal[1]) -> tuple[str] | None: ...
@overload
def decode_cursor(cursor: str | None, size: Literal[2]) -> tuple[str, str] | None: ...
def decode_cursor(cursor: str | None, size: int) -> tuple[str, ...] | None:
    """A cursor back into its parts (400 when it was not made by `encode_cursor`)."""
    import base64
    import binascii

    if cursor is None:
        return None
    try:
        parts = tuple(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode().split("\x1f"))
    except (binascii.Error, UnicodeDecodeError, ValueError):
        parts = ()
    if len(parts) != size:
        raise BadRequest(f"after {cursor!r} is not a cursor returned by this API", {"after": ["invalid cursor"]})
    return parts
