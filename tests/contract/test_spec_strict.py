"""The stricter reading of openapi.yaml that every API test's responses are held to (tests/spec_strict.py): what a
client written from the contract alone expects. These check the checker, and the contract's own promise that an
operation taking input lists the `400` it answers for bad input."""

from __future__ import annotations

from typing import Any

from service.gate import CORS_RESPONSE_HEADERS
from tests import spec_strict

GAME = "/api/v1/games/0b7f3c1e-6a52-4c1e-9a8e-2f1d6c3b5a70"
PROBLEM = {"type": "/api/v1/problems/conflict", "title": "Conflict", "status": 409, "detail": "x"}


def _plan(**more: Any) -> dict[str, Any]:
    return {"round": 1, "tables": [], "byes": [], "problems": [], **more}


def test_every_operation_taking_query_parameters_or_a_body_lists_400() -> None:
    unlisted = [
        f"{method.upper()} {template}"
        for template, item in spec_strict.document()["paths"].items()
        for method, op in item.items()
        if method != "parameters" and spec_strict.takes_input(op, template) and "400" not in map(str, op["responses"])
    ]

    assert not unlisted, f"operations that take input but do not list 400: {unlisted}"


def test_a_field_the_schema_does_not_declare_is_reported_with_its_pointer() -> None:
    path = f"{GAME.replace('games', 'tournaments')}/rounds/1/pairing"

    found = spec_strict.problems("GET", path, 200, {}, _plan(tables=[{"x": 1}], surprise=True))

    assert found == ["field /surprise is not declared"]  # tables' items are open objects: /tables/0/x is not


def test_declared_fields_and_fields_an_open_schema_allows_pass() -> None:
    path = f"{GAME.replace('games', 'tournaments')}/rounds/1/pairing"
    cut = {"last_in": "a", "first_out": "b", "separated_by": "score"}

    assert spec_strict.problems("GET", path, 200, {}, _plan(seed_purpose="round:1", cut=cut)) == []
    assert spec_strict.problems("GET", "/api/v1/games", 200, {}, {"items": [], "next": None, "more": 1}) == []


def test_a_header_a_client_reads_is_reported_when_the_response_does_not_declare_it() -> None:
    found = spec_strict.problems("GET", f"{GAME}/events", 200, {"ETag": '"3"'}, None)

    assert found == ["header ETag is sent but not declared"]
    assert spec_strict.problems("GET", GAME, 404, {"ETag": '"3"'}, None) == ["header ETag is sent but not declared"]


def test_a_status_the_operation_does_not_list_is_reported_unless_a_convention_promises_it() -> None:
    events = f"{GAME}/events"
    unreadable = {**PROBLEM, "type": "/api/v1/problems/log-unreadable"}

    assert [p.split(" (")[0] for p in spec_strict.problems("GET", events, 409, {}, PROBLEM)] == [
        "status 409 is not listed"
    ]
    assert spec_strict.problems("GET", events, 409, {}, unreadable) == []
    assert spec_strict.problems("GET", events, 429, {}, {**PROBLEM, "status": 429}) == []
    assert spec_strict.problems("GET", GAME, 400, {}, {**PROBLEM, "status": 400}) == []  # an undeclared ?query


def test_a_fixed_path_is_not_read_as_a_parameter() -> None:
    assert spec_strict.operation("POST", "/api/v1/games/import") is not None
    assert spec_strict.operation("POST", "/api/v1/games/import")[0] == "/api/v1/games/import"  # type: ignore[index]


def _declared_headers(node: Any) -> set[str]:
    """The names of the headers declared on every response of the contract."""
    if isinstance(node, dict):
        found = set(node["headers"]) if "description" in node and isinstance(node.get("headers"), dict) else set()
        return found.union(*(_declared_headers(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_declared_headers(value) for value in node))
    return set()


def test_a_page_on_an_allowed_origin_may_read_every_response_header_the_contract_declares() -> None:
    document = spec_strict.document()
    declared = _declared_headers(document["paths"]) | _declared_headers(document["components"]["responses"])

    assert declared, "no response header found: the walk is broken"
    assert not declared - set(CORS_RESPONSE_HEADERS), "CORS does not expose them to a browser client"
