"""openapi.yaml's query parameters are the ones each view reads: same names, and the same bounds, choices,
defaults and requiredness as the query schema that validates them.

Responses are validated against the spec by every API test (tests/spec_validation.py); what they cannot see is
a parameter the spec lists and the view ignores (or refuses as unknown), one the view takes that the spec does
not list, or a bound that disagrees (a client that trusts the spec then meets a 400 it was not told of).
Each GET operation is requested once with its documented parameters while the query schema it loads is noted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from flask import request
from marshmallow import Schema, fields, missing, validate

from tests.conftest import Api
from tests.spec_validation import SPEC_PATH

SPEC: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))

# Views that read a flag or two from request.args themselves, with no query schema to compare with.
READ_BY_HAND = {
    "/api/v1/rulesets/{ruleset_id}/actions": {"game"},
    "/api/v1/rulesets/{ruleset_id}/actions/{action_type}": {"game"},
    "/api/v1/games/{game_id}/export": {"format", "with_annotations"},
}

# Disagreements known and accepted (path, the disagreement's line): none today.
REPORTED: set[tuple[str, str]] = set()

PATH_VALUES = {
    "ruleset_id": "freeform",
    "rule_id": "FF-ROLL-1",
    "action_type": "roll",
    "board_id": "0" * 64,
    "token_id": "00000000-0000-4000-8000-000000000002",
    "tournament_id": "00000000-0000-4000-8000-000000000003",
    "annotation_id": "00000000-0000-4000-8000-000000000004",
    "dispute_id": "00000000-0000-4000-8000-000000000005",
    "number": "1",
    "table": "1",
    "version": "1",
}


def _resolved(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        *_, kind, name = node["$ref"].split("/")
        node = SPEC["components"][kind][name]
    return node


def _query_parameters(path: str, method: str) -> dict[str, dict[str, Any]]:
    item = SPEC["paths"][path]
    listed = [_resolved(p) for p in item.get("parameters", []) + item[method].get("parameters", [])]
    return {p["name"]: p for p in listed if p["in"] == "query"}


GETS = sorted(path for path, item in SPEC["paths"].items() if "get" in item)


@pytest.fixture
def loaded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[type[Schema]]]:
    """The query schemas views load (Schema.load given the request's own query arguments), in order."""
    seen: list[type[Schema]] = []
    original = Schema.load

    def noting(self: Schema, data: Any, *args: Any, **kwargs: Any) -> Any:
        if data == request.args.to_dict():
            seen.append(type(self))
        return original(self, data, *args, **kwargs)

    monkeypatch.setattr(Schema, "load", noting)
    yield seen


def _example(parameter: dict[str, Any]) -> str:
    schema = _resolved(parameter.get("schema", {}))
    if "enum" in schema:
        return str(schema["enum"][0])
    return {"integer": str(schema.get("minimum", 1)), "boolean": "false"}.get(schema.get("type", ""), "x")


def _disagreements(name: str, field: fields.Field[Any], parameter: dict[str, Any]) -> list[str]:
    """How the query schema's field and the documented parameter differ."""
    schema = _resolved(parameter.get("schema", {}))
    found: list[str] = []
    spec_kind = schema.get("type")
    code_kind = {fields.Integer: "integer", fields.Boolean: "boolean"}.get(type(field), "string")
    if spec_kind != code_kind:
        found.append(f"type: code {code_kind}, spec {spec_kind}")
    if field.required != parameter.get("required", False):
        found.append(f"required: code {field.required}, spec {parameter.get('required', False)}")
    default = field.load_default
    if default is not missing and default is not None and default != schema.get("default"):
        found.append(f"default: code {default!r}, spec {schema.get('default')!r}")
    for rule in field.validators:
        if isinstance(rule, validate.OneOf) and sorted(map(str, rule.choices)) != sorted(schema.get("enum", [])):
            found.append(f"enum: code {sorted(map(str, rule.choices))}, spec {schema.get('enum')}")
        if isinstance(rule, validate.Range) and (rule.min, rule.max) != (schema.get("minimum"), schema.get("maximum")):
            found.append(f"range: code {rule.min}..{rule.max}, spec {schema.get('minimum')}..{schema.get('maximum')}")
        if isinstance(rule, validate.Length):
            spec_length = (schema.get("minLength", 0), schema.get("maxLength"))
            if (rule.min or 0, rule.max) != spec_length:
                found.append(f"length: code {rule.min}..{rule.max}, spec {spec_length[0]}..{spec_length[1]}")
    return [f"{name}: {line}" for line in found]


@pytest.mark.parametrize("path", GETS)
def test_documented_query_parameters_are_the_ones_the_view_reads(
    path: str, api: Api, loaded: list[type[Schema]]
) -> None:
    documented = _query_parameters(path, "get")
    game = api.create_game()["id"]
    url = path.replace("{game_id}", game).replace("{player_id}", api.player())
    for name, value in PATH_VALUES.items():
        url = url.replace("{" + name + "}", value)
    query = {name: _example(p) for name, p in documented.items()}
    if path.endswith("/stream"):
        query["timeout"] = "0"  # a live stream would hold the test for 55 s

    response = api.client.get(url, query_string=query, headers=api.headers("admin"))

    assert response.status_code < 500, response.get_data(as_text=True)
    if path in READ_BY_HAND:
        assert not loaded, f"{path} now loads {loaded}: drop it from READ_BY_HAND"
        assert set(documented) == READ_BY_HAND[path]
        return
    taken = {field.data_key or name: field for schema in loaded for name, field in schema().fields.items()}
    assert set(documented) == set(taken), f"documented {sorted(documented)}, read {sorted(taken)}"
    problems = [
        line
        for name in sorted(taken)
        for line in _disagreements(name, taken[name], documented[name])
        if (path, line) not in REPORTED
    ]
    assert not problems, "\n".join(problems)
