"""The gate around the API (issue 16, point 6): rate limits per token and per address, CORS off by default."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.conftest import assert_problem, bearer, total_events
from tests.conftest import Api, _api, _finish, _make_app


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Api]:
    """The app with small limits: 3 calls a minute per token, 2 anonymous, 2 failed authentications."""
    app = _make_app(
        f"sqlite:///{tmp_path / 'annals.db'}",
        RATELIMIT_ENABLED=True,
        RATELIMIT_TOKEN="3/minute",
        RATELIMIT_ANONYMOUS="2/minute",
        RATELIMIT_AUTH_FAILURES="2/minute",
        # Counted by requests alone here (a cold first request may take more than one CPU slice);
        # test_an_expensive_read_spends_the_budget_its_cpu_time_buys charges CPU time.
        RATELIMIT_CPU_MS=0,
    )
    yield _api(app)
    _finish(app)


def from_address(address: str) -> dict[str, Any]:
    return {"environ_base": {"REMOTE_ADDR": address}}


def test_429_with_retry_after_when_an_anonymous_address_spends_its_budget(limited: Api) -> None:
    answers = [limited.client.get("/api/v1/rulesets", **from_address("10.0.0.7")) for _ in range(3)]

    assert [a.status_code for a in answers] == [200, 200, 429]
    assert [a.headers["RateLimit-Remaining"] for a in answers[:2]] == ["1", "0"]
    assert answers[0].headers["RateLimit-Limit"] == "2"
    assert 0 < int(answers[0].headers["RateLimit-Reset"]) <= 60
    body = assert_problem(answers[2], 429, "rate-limited")
    assert body["detail"].startswith("this address exceeded 2 per 1 minute")
    assert 1 <= int(answers[2].headers["Retry-After"]) <= 60
    # Another address, and a token, have budgets of their own.
    assert limited.client.get("/api/v1/rulesets", **from_address("10.0.0.8")).status_code == 200
    assert (
        limited.client.get("/api/v1/rulesets", headers=limited.headers(), **from_address("10.0.0.7")).status_code == 200
    )


def test_a_token_is_counted_by_token_whatever_address_it_calls_from(limited: Api) -> None:
    statuses = [
        limited.client.get(
            "/api/v1/games", headers=limited.headers("viewer"), **from_address(f"10.0.1.{n}")
        ).status_code
        for n in range(4)
    ]

    assert statuses == [200, 200, 200, 429]
    assert limited.client.get("/api/v1/games", headers=limited.headers("admin")).status_code == 200


def test_no_write_when_a_write_is_refused_for_its_rate(limited: Api) -> None:
    game = limited.create_game()["id"]  # the token's first call
    limited.act(game, type="note", seat="red")
    limited.act(game, type="note", seat="red")
    before = total_events(limited)

    refused = limited.act(game, type="note", seat="red")

    assert_problem(refused, 429, "rate-limited")
    assert total_events(limited) == before


def test_failed_authentications_lock_the_address_out_of_sending_tokens(limited: Api) -> None:
    guesses = [limited.client.get("/api/v1/games", headers=bearer(f"guess-{n}")).status_code for n in range(3)]

    assert guesses == [401, 401, 429]
    refused = limited.client.get("/api/v1/games", headers=limited.headers())
    assert assert_problem(refused, 429)["detail"].startswith("this address's failed authentications exceeded")
    assert (refused.headers["RateLimit-Limit"], refused.headers["RateLimit-Remaining"]) == ("2", "0")
    # Anonymous reads and other addresses are not locked out.
    assert limited.client.get("/api/v1/rulesets").status_code == 200
    assert limited.client.get("/api/v1/games", headers=limited.headers(), **from_address("10.0.2.1")).status_code == 200


def test_made_up_tokens_on_public_reads_are_401_and_lock_the_address_out(limited: Api) -> None:
    # Answered 200, each made-up bearer value would have had a fresh per-token budget: a way around the
    # address's anonymous limit of 2, as many times as the caller likes.
    address = from_address("10.0.3.1")
    anonymous = [limited.client.get("/api/v1/rulesets", **address).status_code for _ in range(3)]
    guesses = [limited.client.get("/api/v1/rulesets", headers=bearer(f"guess-{n}"), **address) for n in range(3)]

    assert anonymous == [200, 200, 429]
    assert [g.status_code for g in guesses] == [401, 401, 429]
    assert assert_problem(guesses[0], 401)["detail"] == "unknown, revoked or expired token"


def test_health_and_cors_preflights_are_never_rate_limited(limited: Api) -> None:
    statuses = {limited.client.get("/api/v1/health").status_code for _ in range(5)}

    assert statuses == {200}


def test_no_cors_headers_when_no_origin_is_allowed(api: Api) -> None:
    response = api.client.get("/api/v1/rulesets", headers={"Origin": "https://club.example"})

    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response.headers


@pytest.fixture
def cors(tmp_path: Path) -> Iterator[Api]:
    app = _make_app(f"sqlite:///{tmp_path / 'annals.db'}", CORS_ORIGINS=["https://club.example"])
    yield _api(app)
    _finish(app)


def test_an_allowed_origin_may_send_tokens_and_read_the_etag(cors: Api) -> None:
    preflight = cors.client.options(
        "/api/v1/games",
        headers={
            "Origin": "https://club.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, idempotency-key, if-match",
        },
    )
    game = cors.client.post(
        "/api/v1/games",
        json={"ruleset": "freeform", "seats": [{"seat": "red"}]},
        headers={**cors.headers(), "Origin": "https://club.example"},
    )

    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://club.example"
    allowed = {h.strip().lower() for h in preflight.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key", "if-match"} <= allowed
    assert game.headers["Access-Control-Allow-Origin"] == "https://club.example"
    exposed = {h.strip() for h in game.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "Location", "Retry-After", "RateLimit-Remaining"} <= exposed
    assert "Access-Control-Allow-Credentials" not in game.headers


@pytest.mark.parametrize("path", ["/api/v1/games", "/api/v1/tokens/current", "/games"])
def test_a_plain_options_request_is_204_with_allow_and_no_html(api: Api, path: str) -> None:
    """Not a CORS preflight (no Access-Control-Request-Method): Flask's automatic answer was 200 text/html, empty."""
    response = api.client.options(path)

    assert response.status_code == 204 and response.get_data() == b""
    assert "Content-Type" not in response.headers
    assert "GET" in {m.strip() for m in response.headers["Allow"].split(",")}


def test_a_cors_preflight_keeps_its_answer_while_a_plain_options_is_204(cors: Api) -> None:
    origin = {"Origin": "https://club.example"}
    preflight = cors.client.options("/api/v1/games", headers={**origin, "Access-Control-Request-Method": "POST"})
    plain = cors.client.options("/api/v1/games", headers=origin)

    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://club.example"
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    assert plain.status_code == 204 and "Content-Type" not in plain.headers
    assert {"GET", "POST"} <= {m.strip() for m in plain.headers["Allow"].split(",")}
    assert plain.headers["Access-Control-Allow-Origin"] == "https://club.example"


def _assert_refused_preflight(response: Any) -> None:
    assert response.status_code == 204 and response.get_data() == b"", response.get_data(as_text=True)
    assert "Content-Type" not in response.headers
    assert not [h for h, _ in response.headers.items() if h.lower().startswith("access-control-")], response.headers
    assert "GET" in {m.strip() for m in response.headers["Allow"].split(",")}


@pytest.mark.parametrize("path", ["/api/v1/games", "/games"])
def test_a_cors_preflight_is_204_with_no_cors_headers_when_cors_is_off(api: Api, path: str) -> None:
    """Flask's automatic answer was 200 text/html: a page-shaped success where nothing was allowed."""
    preflight = {"Origin": "https://club.example", "Access-Control-Request-Method": "POST"}

    _assert_refused_preflight(api.client.options(path, headers=preflight))


def test_a_cors_preflight_from_an_origin_not_listed_is_204_with_no_cors_headers(cors: Api) -> None:
    preflight = {"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"}
    allowed = cors.client.options("/api/v1/games", headers={**preflight, "Origin": "https://club.example"})

    _assert_refused_preflight(cors.client.options("/api/v1/games", headers=preflight))
    assert allowed.status_code == 200  # the allowed origin keeps flask-cors's answer
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://club.example"


def test_another_origin_gets_no_cors_headers(cors: Api) -> None:
    response = cors.client.get("/api/v1/rulesets", headers={"Origin": "https://elsewhere.example"})

    assert "Access-Control-Allow-Origin" not in response.headers


def test_the_pages_static_files_are_never_rate_limited(limited: Api) -> None:
    """A game page loads about twenty scripts without a token: tables behind one address must not spend on them."""
    statuses = set()
    for _ in range(5):
        answer = limited.client.get("/web/static/game.js", **from_address("10.0.0.9"))
        statuses.add(answer.status_code)
        answer.close()  # a static file is streamed from disk
    api = [limited.client.get("/api/v1/rulesets", **from_address("10.0.0.9")).status_code for _ in range(3)]

    assert statuses == {200}
    assert api == [200, 200, 429]  # the API is counted as before


def test_an_expensive_read_spends_the_budget_its_cpu_time_buys(tmp_path: Path) -> None:
    """A whole-game audit re-decides every action: each 10 ms of its thread's CPU past the first is one more request
    against the caller's budget, so the next request is refused once that is spent (ANNALS_RATELIMIT_CPU_MS)."""
    app = _make_app(f"sqlite:///{tmp_path / 'annals.db'}", RATELIMIT_ENABLED=True, RATELIMIT_ANONYMOUS="100/minute")
    try:
        limited = _api(app)
        game = limited.create_game()["id"]
        ticks = iter(range(0, 10_000, 250))  # each read of the CPU clock 250 ms on: a request spends 250 ms
        app.extensions["annals_rate_limits"].cpu_clock = lambda: next(ticks) / 1000
        audit = f"/api/v1/games/{game}/audit"

        answers = [limited.client.get(audit, **from_address("10.0.0.9")) for _ in range(5)]

        # 1 + 25 units each: 26, 52, 78; the fourth is counted at 79 (allowed) and charged to 104.
        assert [a.status_code for a in answers] == [200, 200, 200, 200, 429]
        assert [a.headers["RateLimit-Remaining"] for a in answers[:4]] == ["74", "48", "22", "0"]
        assert_problem(answers[4], 429, "rate-limited")
    finally:
        _finish(app)
