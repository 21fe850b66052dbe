"""Service errors under one root, each mapped to one RFC 9457 problem document."""

from __future__ import annotations

from typing import Any

PROBLEM_BASE = "/api/v1/problems/"


class AnnalsError(Exception):
    """Root of every error the service reports to a client."""

    status = 500
    slug = "internal-error"
    title = "Internal error"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra

    def problem(self) -> dict[str, Any]:
        """The problem+json body."""
        body: dict[str, Any] = {
            "type": PROBLEM_BASE + self.slug,
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
        }
        body.update(self.extra)
        return body


class BadRequest(AnnalsError):
    """Malformed input; `errors` maps each bad field to its messages."""

    status, slug, title = 400, "bad-request", "The request is malformed"

    def __init__(self, detail: str, errors: dict[str, list[str]] | None = None) -> None:
        super().__init__(detail, errors=errors or {})


class BadBoard(BadRequest):
    """A board document that fails validation."""

    slug, title = "bad-board", "The board is not valid"

    def __init__(self, errors: list[str]) -> None:
        super().__init__(f"the board has {len(errors)} error(s): {errors[0]}", {"board": errors})


class Unauthorized(AnnalsError):
    """No token, or a token that is unknown or revoked."""

    status, slug, title = 401, "unauthorized", "Authentication required"


class Forbidden(AnnalsError):
    """The token's role or seats do not allow this."""

    status, slug, title = 403, "forbidden", "Not allowed"


class NotFound(AnnalsError):
    """An unknown id."""

    status, slug, title = 404, "not-found", "Not found"


class GameNotFound(NotFound):
    """No game with this id (or not visible to the caller)."""

    slug, title = "game-not-found", "Game not found"


class WrongMethod(AnnalsError):
    """A method the path does not take; `allowed` lists those it does (sent as the `Allow` header too)."""

    status, slug, title = 405, "method-not-allowed", "Method not allowed"

    def __init__(self, method: str, path: str, allowed: list[str]) -> None:
        super().__init__(f"{method} is not allowed on {path}; it takes {', '.join(allowed)}", allowed=allowed)


class BodyTooLarge(AnnalsError):
    """A request body past the server's limit (ANNALS_MAX_BODY_BYTES), refused before it is read."""

    status, slug, title = 413, "body-too-large", "The request body is too large"

    def __init__(self, limit: int | None, sent: int | None) -> None:
        size = f"{sent:,} bytes" if sent is not None else "a body sent in chunks"
        most = f"at most {limit:,} bytes (ANNALS_MAX_BODY_BYTES)" if limit is not None else "no body this large"
        super().__init__(f"{size}: this server accepts {most}", errors={"body": [most]}, limit=limit)


class RequestTimeout(AnnalsError):
    """A request body not complete within the ASGI front's time after its headers (service/live/asgi.py)."""

    status, slug, title = 408, "request-timeout", "The request body came too slowly"

    def __init__(self, seconds: float) -> None:
        most = f"the whole body within {seconds:g} s of the request's headers"
        super().__init__(
            f"the request body did not arrive within {seconds:g} s of its headers; send it again, whole",
            errors={"body": [most]},
            limit_seconds=seconds,
        )


class NotAcceptable(AnnalsError):
    """No representation the client accepts."""

    status, slug, title = 406, "not-acceptable", "Not acceptable"


class Conflict(AnnalsError):
    """The request conflicts with the current state of a resource."""

    status, slug, title = 409, "conflict", "Conflict"


class StoredEventUnreadable(Conflict):
    """A stored event whose data is no JSON: the log was changed outside Annals (tamper evidence: `GET .../verify`
    names the first broken event). The read that met it answers this, not an internal error."""

    slug, title = "log-unreadable", "A stored event cannot be read"


class WrongExpectedVersion(AnnalsError):
    """The stream moved on since the version the writer expected."""

    status, slug, title = 412, "wrong-expected-version", "The game has changed"

    def __init__(self, stream_id: str, expected: int, current: int) -> None:
        super().__init__(
            f"expected {stream_id} at version {expected}, but it is at version {current}",
            current_version=current,
        )
        self.current = current


class PreconditionFailed(AnnalsError):
    """A conditional request whose condition (If-Match, If-Unmodified-Since) the resource does not meet: a static file
    changed."""

    status, slug, title = 412, "precondition-failed", "Precondition Failed"


class IdempotencyKeyReused(AnnalsError):
    """An Idempotency-Key sent again with a different request."""

    status, slug, title = 422, "idempotency-key-reused", "Idempotency key reused"

    def __init__(self, key: str) -> None:
        super().__init__(f"Idempotency-Key {key!r} was used before for a different request")
        self.key = key


class TooMuchContention(AnnalsError):
    """Other writers kept moving the game while this action was being decided; safe to retry."""

    status, slug, title = 409, "contention", "The game is changing too fast"


class RuleRefused(AnnalsError):
    """An action that breaks a rule, refused in adjudicated mode (nothing written)."""

    status, slug, title = 422, "rule-violation", "The action breaks a rule"

    def __init__(self, detail: str, rule: dict[str, Any], violations: list[dict[str, Any]]) -> None:
        super().__init__(detail, rule=rule, violations=violations)


class DatabaseNotReady(AnnalsError):
    """The database cannot be served by this build: missing, unreachable, or at another schema revision."""

    status, slug, title = 503, "database-not-ready", "The database is not ready"


class Unprocessable(AnnalsError):
    """Well-formed input that cannot be applied (a ruleset option, a seat list, a board)."""

    status, slug, title = 422, "unprocessable", "The request cannot be applied"

    def __init__(self, detail: str, errors: dict[str, list[str]] | None = None, **extra: Any) -> None:
        super().__init__(detail, errors=errors or {}, **extra)
