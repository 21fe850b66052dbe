"""A query parameter the operation does not declare in openapi.yaml is a 400 naming it, on every operation."""

from __future__ import annotations

from typing import Any

import pytest

from service.api.query_params import declared_query_parameters
from tests.api.conftest import assert_problem
from tests.conftest import Api


def _game(api: Api) -> str:
    game = str(api.create_game(title="ford")["id"])
    assert api.act(game, type="move", seat="red", data={"to": "ford"}).status_code == 201
    return game


@pytest.mark.parametrize(
    ("path", "typo"),
    [("/verify", "at_version"), ("/export", "formt"), ("", "as"), ("/state", "version"), ("/events", "limt")],
)
def test_a_typo_in_a_query_parameter_is_400_naming_it_and_what_the_operation_takes(
    api: Api, path: str, typo: str
) -> None:
    game = _game(api)

    body = assert_problem(api.client.get(f"/api/v1/games/{game}{path}?{typo}=2", headers=api.headers()), 400)

    assert list(body["errors"]) == [typo]
    assert body["errors"][typo][0].startswith("unknown query parameter; this operation takes:")


@pytest.mark.parametrize(
    ("path", "query", "repeated"),
    [("/state", "as=red&as=blue", "as"), ("/events", "limit=1&after=0&limit=1000000", "limit")],
)
def test_a_query_parameter_given_twice_is_400_naming_it(api: Api, path: str, query: str, repeated: str) -> None:
    """`?as=red&as=blue` answered as red and `?limit=1&limit=1000000` a page of one: the first value won
    unsaid, where a proxy or cache in front of the service may take the last (parameter pollution)."""
    game = _game(api)

    body = assert_problem(api.client.get(f"/api/v1/games/{game}{path}?{query}", headers=api.headers()), 400)

    assert body["errors"] == {repeated: ["given more than once; this operation takes one value"]}


def test_declared_parameters_and_web_pages_keep_working(api: Api) -> None:
    game = _game(api)
    headers = api.headers()

    assert api.client.get(f"/api/v1/games/{game}/export?format=jsonl", headers=headers).status_code == 200
    assert api.client.get(f"/api/v1/games/{game}/state?at=1&as=red", headers=headers).status_code == 200
    assert api.client.get("/api/v1/health?probe=1").status_code == 400
    assert api.client.get(f"/games/{game}?utm_source=club").status_code == 200  # a page, not the API contract


def test_a_post_with_an_undeclared_parameter_writes_nothing(api: Api) -> None:
    game = _game(api)
    url = f"/api/v1/games/{game}/actions?dry_run=true"

    assert_problem(api.client.post(url, json={"type": "move", "seat": "red", "data": {}}, headers=api.headers()), 400)

    assert api.client.get(f"/api/v1/games/{game}", headers=api.headers()).get_json()["version"] == 2


def test_parameters_come_from_the_operation_the_path_and_their_refs() -> None:
    spec: dict[str, Any] = {
        "components": {"parameters": {"Limit": {"name": "limit", "in": "query"}}},
        "paths": {
            "/api/v1/games/{game_id}/events": {
                "parameters": [{"name": "game_id", "in": "path"}, {"name": "as", "in": "query"}],
                "get": {"parameters": [{"$ref": "#/components/parameters/Limit"}, {"name": "X-Y", "in": "header"}]},
                "post": {},
            }
        },
    }

    declared = declared_query_parameters(spec)

    assert declared == {
        ("/api/v1/games/{}/events", "GET"): frozenset({"as", "limit"}),
        ("/api/v1/games/{}/events", "POST"): frozenset({"as"}),
    }
