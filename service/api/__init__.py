"""The REST API under /api/v1: blueprints by resource and one error handler for all of them."""

from __future__ import annotations

import logging
import re
from typing import Any

from flask import Flask, Response, current_app, json, request
from flask.globals import request_ctx
from flask.json.provider import DefaultJSONProvider
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestedRangeNotSatisfiable, RequestEntityTooLarge

from service.errors import (
    PROBLEM_BASE,
    AnnalsError,
    BodyTooLarge,
    DatabaseNotReady,
    IdempotencyKeyReused,
    NotFound,
    WrongMethod,
)

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("annals.api")


def init_app(app: Flask) -> None:
    """Register the blueprints and the problem+json error handlers."""
    from service import gate
    from service.api import (
        annotation_views,
        audits,
        boards,
        checkpoints,
        disputes,
        forks,
        games,
        meta,
        pending,
        players,
        positions,
        query_params,
        ratings,
        records,
        replays,
        rulesets,
        streams,
        tokens,
        tournaments,
    )

    # The annotations blueprint is not named `annotations`: `from __future__ import annotations` would shadow it.
    # Before the gate's flask-cors: Flask runs after_request functions last registered first, so this one sees
    # the answer flask-cors made of a preflight (its Access-Control-Allow-Methods) and leaves that one alone.
    app.after_request(_options_answered_204)
    gate.init_app(app)
    app.before_request(_authenticate_sent_token)  # after the rate limits: a refused token is a counted failure
    query_params.init_app(app)  # after the token: a dead token is a 401 whatever else the request says
    blueprints = (
        meta,
        rulesets,
        players,
        boards,
        games,
        pending,
        positions,
        forks,
        records,
        replays,
        annotation_views,
        audits,
        disputes,
        tokens,
        checkpoints,
        tournaments,
        ratings,
    )
    for module in (*blueprints, streams):
        app.register_blueprint(module.blueprint, url_prefix="/api/v1")
    app.register_error_handler(AnnalsError, _annals_problem)
    app.register_error_handler(HTTPException, _http_problem)
    app.register_error_handler(Exception, _unexpected_problem)
    if isinstance(app.json, DefaultJSONProvider):  # Flask's own provider, the one create_app keeps
        app.json.sort_keys = False


def _authenticate_sent_token() -> None:
    """A token sent but unknown, revoked or expired is a 401 on every API request, public reads included:
    answered 200 there, each made-up value would get a fresh per-token budget past the address's rate limit,
    and a client would not learn that its token is dead until it writes. Views reuse the caller found here."""
    from service.api.common import principal  # here: service.api.common imports this package

    current = request_ctx.request
    if "Authorization" in current.headers and current.method != "OPTIONS" and current.path.startswith("/api/"):
        principal()


def _options_answered_204(response: Response) -> Response:
    """An OPTIONS that flask-cors did not answer as an allowed preflight is `204` with `Allow`: Flask's automatic
    answer was `200 text/html` with an empty body. That is a plain OPTIONS (no `Access-Control-Request-Method`),
    and a preflight while CORS is off or from an origin not listed: with no CORS header the browser refuses the
    request, and its console says why ("No 'Access-Control-Allow-Origin' header"), as ASP.NET Core's and
    flask-cors's own refusals (no CORS headers, a success status) leave it. An allowed preflight keeps its answer."""
    current = request_ctx.request
    rule = current.url_rule
    if (
        current.method == "OPTIONS"
        and response.status_code == 200
        and rule is not None
        and getattr(rule, "provide_automatic_options", False)  # set by Flask on the rules it answers OPTIONS for
        and "Access-Control-Allow-Methods" not in response.headers  # flask-cors's mark of a preflight it allowed
    ):
        response.status_code = 204
        response.set_data(b"")
        del response.headers["Content-Type"]
        del response.headers["Content-Length"]
    return response


def problem_response(body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    """A problem document response; a page (an HTML page that says the same) when a browser opened a page's address."""
    body = _shortened(body)
    if a_browser_opens_a_page():
        from service.web.views import problem_page  # here: the pages are registered after the API

        response = problem_page(body)
    else:
        response = Response(json.dumps(body), status=body["status"], mimetype=PROBLEM_JSON)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


QUOTED = 1000  # characters of one message a problem document keeps


def _shortened(body: dict[str, Any]) -> dict[str, Any]:
    """`body` with its messages (`detail`, `errors`' fields and messages, `violations`' messages) cut to `QUOTED`
    characters: they quote the bad input, and a 400 kB value quoted whole in two places made a 1 MB answer."""
    if len(body.get("detail", "")) <= QUOTED and "errors" not in body and "violations" not in body:
        return body  # nearly every refusal: nothing that could quote a long input

    def cut(text: Any) -> Any:
        return text[:QUOTED] + "…" if isinstance(text, str) and len(text) > QUOTED else text

    shortened = {**body, "detail": cut(body["detail"])} if "detail" in body else dict(body)
    if isinstance(body.get("errors"), dict):
        shortened["errors"] = {
            cut(field): [cut(m) for m in messages] if isinstance(messages, list) else cut(messages)
            for field, messages in body["errors"].items()
        }
    if isinstance(body.get("violations"), list):
        shortened["violations"] = [
            {**v, "message": cut(v.get("message"))} if isinstance(v, dict) else v for v in body["violations"]
        ]
    return shortened


def a_browser_opens_a_page() -> bool:
    """A person's browser asks a page's address for HTML (`/nope`, an unknown ruleset's rulebook): a problem document
    would show them raw JSON. The API under /api/, and any client that does not prefer HTML, get the document."""
    current = request_ctx.request
    if current.path.startswith("/api/"):
        return False
    return current.accept_mimetypes.best_match([PROBLEM_JSON, "application/json", "text/html"]) == "text/html"


def _annals_problem(error: AnnalsError) -> Response:
    if isinstance(error, IdempotencyKeyReused) and "Idempotency-Key" in request.headers:
        # The store knows the key scoped by caller and game; the client knows only what it sent.
        error = IdempotencyKeyReused(request.headers["Idempotency-Key"])
    body = error.problem()
    headers = {}
    if "current_version" in body:
        headers["ETag"] = f'"{body["current_version"]}"'
    if "retry_after" in body:
        headers["Retry-After"] = str(body["retry_after"])
    if error.status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="annals"'
    return problem_response(body, headers)


def _http_problem(error: HTTPException) -> Response:
    status = error.code or 500
    if status == 404:
        # A URL no route matches (`/audit/abc`, `/audit/-1`) is the same 404 as an unknown id.
        return problem_response(NotFound(f"nothing is found at {request.path}").problem())
    if isinstance(error, MethodNotAllowed):
        allowed = sorted(error.valid_methods or ())
        return problem_response(
            WrongMethod(request.method, request.path, allowed).problem(), {"Allow": ", ".join(allowed)}
        )
    if isinstance(error, RequestEntityTooLarge):
        # Which limit, and how far past it: "the data value transmitted exceeds the capacity limit" said neither.
        return problem_response(
            BodyTooLarge(current_app.config["MAX_CONTENT_LENGTH"], request.content_length).problem()
        )
    # Its own headers but the HTML Content-Type: a 416's `Content-Range: bytes */<length>` (RFC 9110 §15.5.17).
    headers = {name: value for name, value in error.get_headers() if name.lower() != "content-type"}
    return problem_response(_werkzeug_problem(error, status), headers)


# Werkzeug's other errors, each a project problem type (it was `about:blank`): the ones the app meets — a Range
# past a static file's end (416), a body cut short, an untrusted Host, a missing form key (400) — by their own slug,
# any other by its name (`unsupported-media-type`), so a client never has to tell two kinds of problem apart.
WERKZEUG_PROBLEMS = {
    400: ("bad-request", "The request is malformed"),
    416: ("range-not-satisfiable", "The range cannot be served"),
}


def _werkzeug_problem(error: HTTPException, status: int) -> dict[str, Any]:
    """The problem document of a werkzeug HTTP error that no AnnalsError stands for."""
    slug, title = WERKZEUG_PROBLEMS.get(status) or (
        re.sub(r"[^a-z0-9]+", "-", error.name.lower()).strip("-"),
        error.name,
    )
    detail = re.sub(r"<[^>]*>", "", error.description or error.name)  # its HTML markup (`<code>`) is no JSON's
    if isinstance(error, RequestedRangeNotSatisfiable):
        length = f" ({error.length:,} bytes)" if error.length is not None else ""
        detail = f"Range {request.headers.get('Range', '')!r} is not within {request.path}{length}"
    body: dict[str, Any] = {"type": PROBLEM_BASE + slug, "title": title, "status": status, "detail": detail}
    if status == 400:
        body["errors"] = {}  # as every other 400 of the API
    return body


def _unexpected_problem(error: Exception) -> Response:
    if isinstance(error, SQLAlchemyError):
        # The usual cause is the operator's, not the code's: a database not migrated to this build.
        from service.api.common import services
        from service.store.migrate import schema_problem

        if (problem := schema_problem(services().engine)) is not None:
            log.error("%s %s: %s", request.method, request.path, problem)
            return problem_response(DatabaseNotReady(problem).problem())
    log.exception("unexpected error on %s %s", request.method, request.path)
    body = {
        "type": PROBLEM_BASE + "internal-error",
        "title": "Internal error",
        "status": 500,
        "detail": "the server failed to handle this request; it has been logged",
    }
    return problem_response(body)
