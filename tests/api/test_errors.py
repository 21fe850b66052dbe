"""Errors are problem documents everywhere (RFC 9457): never an HTML page, never a stack trace."""

from __future__ import annotations

import pytest
import werkzeug.exceptions

from tests.api.conftest import assert_problem
from tests.conftest import Api


# `/` is the web viewer's games page since issue 14; an unknown path outside the API is still a problem.
@pytest.mark.parametrize("path", ["/api/v1/nothing-here", "/no/such/page", "/api/v2/games", "/api/v1/games/x/y/z"])
def test_404_problem_when_the_route_is_unknown(off_contract: Api, path: str) -> None:
    response = off_contract.client.get(path)

    assert_problem(response, 404)
    assert "<html" not in response.get_data(as_text=True).lower()


def test_404_game_problem_when_the_game_is_unknown(api: Api) -> None:
    assert_problem(api.client.get("/api/v1/games/00000000-0000-4000-8000-000000000000"), 404, "game-not-found")


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("delete", "/api/v1/games", {"GET", "POST"}),
        ("put", "/api/v1/rulesets", {"GET"}),
        ("get", "/api/v1/games/00000000-0000-4000-8000-000000000000/actions", {"POST"}),
        ("patch", "/api/v1/boards", {"GET", "POST"}),
    ],
)
def test_405_problem_with_allow_when_the_method_is_wrong(
    off_contract: Api, method: str, path: str, allowed: set[str]
) -> None:
    response = getattr(off_contract.client, method)(path, headers=off_contract.headers())

    problem = assert_problem(response, 405, "method-not-allowed")
    assert allowed <= {m.strip() for m in response.headers["Allow"].split(",")}
    assert allowed <= set(problem["allowed"]) and method.upper() in problem["detail"]
    assert "<html" not in response.get_data(as_text=True).lower()


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("post", "/api/v1/tokens/current", {"GET", "DELETE"}),
        ("delete", "/api/v1/tokens/links", {"POST"}),
        ("get", "/api/v1/tokens/links", {"POST"}),
        ("delete", "/api/v1/tokens/redeem", {"POST"}),
    ],
)
def test_405_not_an_unknown_token_when_a_fixed_token_path_is_sent_a_method_it_does_not_take(
    off_contract: Api, method: str, path: str, allowed: set[str]
) -> None:
    response = getattr(off_contract.client, method)(path, headers=off_contract.headers("admin"))

    problem = assert_problem(response, 405, "method-not-allowed")
    assert allowed <= {m.strip() for m in response.headers["Allow"].split(",")}
    assert method.upper() not in response.headers["Allow"] and "no token" not in problem["detail"]


def test_416_range_problem_with_content_range_when_a_static_file_is_asked_past_its_end(off_contract: Api) -> None:
    """Werkzeug's 416 answered `type: about:blank` and dropped its `Content-Range: bytes */<length>`."""
    with off_contract.client.get("/web/static/session.js") as served:
        whole = served.get_data()

    response = off_contract.client.get("/web/static/session.js", headers={"Range": "bytes=999999-"})

    problem = assert_problem(response, 416, "range-not-satisfiable")
    assert response.headers["Content-Range"] == f"bytes */{len(whole)}"
    assert "bytes=999999-" in problem["detail"] and f"{len(whole):,} bytes" in problem["detail"]


def test_412_problem_without_the_file_when_a_static_file_is_asked_if_it_matches_another_etag(off_contract: Api) -> None:
    """Werkzeug's conditional answer to a stale If-Match was a 412 carrying the whole file as its body."""
    with off_contract.client.get("/web/static/session.js") as served:
        etag, whole = served.headers["ETag"], served.get_data()

    response = off_contract.client.get("/web/static/session.js", headers={"If-Match": '"stale"'})
    matching = off_contract.client.get("/web/static/session.js", headers={"If-Match": etag})

    problem = assert_problem(response, 412, "precondition-failed")
    assert whole not in response.get_data() and len(response.get_data()) < 1000
    assert '"stale"' in problem["detail"] and "/web/static/session.js" in problem["detail"]
    assert response.headers["ETag"] == etag  # the current one, as an API 412 gives current_version
    assert matching.status_code == 200 and matching.get_data() == whole
    matching.close()


def test_412_problem_when_a_static_file_was_modified_after_the_if_unmodified_since_date(off_contract: Api) -> None:
    """RFC 9110 §13.1.4: a failed If-Unmodified-Since was ignored (200 with the file). It is a 412, unless an
    If-Match is sent (which decides alone) or the date is not an HTTP-date."""
    path, before, after = "/web/static/session.js", "Mon, 01 Jan 2001 00:00:00 GMT", "Fri, 01 Jan 2100 00:00:00 GMT"
    with off_contract.client.get(path) as served:
        etag, modified, whole = served.headers["ETag"], served.headers["Last-Modified"], served.get_data()

    response = off_contract.client.get(path, headers={"If-Unmodified-Since": before})
    not_modified = off_contract.client.get(path, headers={"If-Unmodified-Since": before, "If-None-Match": etag})

    problem = assert_problem(response, 412, "precondition-failed")
    assert whole not in response.get_data()
    assert (response.headers["ETag"], response.headers["Last-Modified"]) == (etag, modified)
    assert before in problem["detail"] and path in problem["detail"] and modified in problem["detail"]
    assert not_modified.status_code == 412  # §13.2.2: If-Unmodified-Since is evaluated before If-None-Match
    for passing in (
        {"If-Unmodified-Since": after},
        {"If-Unmodified-Since": before, "If-Match": etag},
        {"If-Unmodified-Since": "yesterday"},
    ):
        with off_contract.client.get(path, headers=passing) as answer:
            assert (answer.status_code, answer.get_data()) == (200, whole), passing


# Every HTTP error werkzeug can raise in a view or before one (its whole table, and the 400s it raises by name: a body
# cut short, an untrusted Host, a missing form key), except the 404, 405 and 413 the cases above describe.
WERKZEUG_ERRORS = [
    *(
        error
        for code, error in sorted(werkzeug.exceptions.default_exceptions.items())
        if code not in (404, 405, 413) and code >= 400
    ),
    werkzeug.exceptions.ClientDisconnected,
    werkzeug.exceptions.SecurityError,
    werkzeug.exceptions.BadRequestKeyError,
]


@pytest.mark.parametrize("error", WERKZEUG_ERRORS, ids=lambda e: e.__name__)
def test_a_project_problem_type_when_werkzeug_raises_an_http_error(
    off_contract: Api, error: type[werkzeug.exceptions.HTTPException]
) -> None:
    def raising() -> str:
        raise error()

    off_contract.app.add_url_rule("/api/v1/raises", "raises", raising)
    expected = {400: "bad-request", 416: "range-not-satisfiable"}.get(error.code or 500)

    response = off_contract.client.get("/api/v1/raises")

    problem = assert_problem(response, error.code or 500, expected)
    assert problem["type"].startswith("/api/v1/problems/") and problem["type"] != "/api/v1/problems/"
    assert "<" not in response.get_data(as_text=True)


def test_413_problem_when_the_body_is_too_large(off_contract: Api) -> None:
    off_contract.app.config["MAX_CONTENT_LENGTH"] = 1024
    game = off_contract.create_game()["id"]

    response = off_contract.act(game, type="note", seat="red", data={"text": "x" * 4096})

    body = assert_problem(response, 413, "body-too-large")
    assert body["limit"] == 1024 and body["errors"] == {"body": ["at most 1,024 bytes (ANNALS_MAX_BODY_BYTES)"]}
    assert body["detail"].startswith(f"{int(response.request.headers['Content-Length']):,} bytes: ")


def test_500_problem_without_a_stack_trace_when_the_server_fails(off_contract: Api) -> None:
    def explode() -> str:
        raise RuntimeError("secret internals: /etc/annals.conf")

    off_contract.app.add_url_rule("/api/v1/explode", "explode", explode)

    response = off_contract.client.get("/api/v1/explode")

    problem = assert_problem(response, 500)
    assert "secret internals" not in response.get_data(as_text=True)
    assert problem["type"].endswith("internal-error")
