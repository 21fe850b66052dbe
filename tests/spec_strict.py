"""What openapi-core lets pass and a client written from openapi.yaml still trips on.

openapi-core accepts any status through an operation's `default` and any body field an object schema does not
forbid. A client generated from the contract knows only the statuses each operation lists, the fields each
schema declares and the headers each response declares; this checks the answers against that reading."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.openapi_actions import SPEC_PATH

# Statuses any operation may answer, as the contract's conventions say (before any operation: 408, 413, 414,
# 431; the rate limit: 429; a server fault or a writer gone: 500, 503): `default` stands for them.
ANY_OPERATION = frozenset({408, 413, 414, 429, 431, 500, 503})
# Headers a client reads off a response; each must be declared where it is sent.
READ_HEADERS = ("ETag", "Location", "Idempotent-Replayed", "Allow", "Retry-After")


@cache
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    return loaded


@cache
def _registry() -> Registry[Any]:
    """The whole contract as one resource, so a schema's `#/components/...` references resolve in it."""
    resource: Resource[Any] = Resource.from_contents(document(), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource("urn:annals", resource)
    return registry


def resolve(node: Any) -> Any:
    """Follow local `$ref`s to the node they name."""
    while isinstance(node, Mapping) and "$ref" in node:
        found: Any = document()
        for part in node["$ref"].removeprefix("#/").split("/"):
            found = found[part.replace("~1", "/").replace("~0", "~")]
        node = found
    return node


def _fits(instance: Any, schema: Any) -> bool:
    """Whether the instance validates against the schema (to follow the `oneOf`/`anyOf` branch it takes)."""
    validator = Draft202012Validator(_rebase(resolve(schema)), registry=_registry())
    return bool(validator.is_valid(instance))


def _rebase(node: Any) -> Any:
    """The schema with its `#/...` references pointed at the whole document."""
    if isinstance(node, Mapping):
        return {k: ("urn:annals" + v if k == "$ref" and isinstance(v, str) else _rebase(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [_rebase(v) for v in node]
    return node


def _declared(schema: Any) -> tuple[set[str], list[str], bool]:
    """The property names, patterns and whether more are allowed, across `allOf`."""
    schema = resolve(schema)
    names: set[str] = set(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    closed_or_open = "additionalProperties" in schema or "unevaluatedProperties" in schema
    for part in schema.get("allOf", []):
        more, more_patterns, said = _declared(part)
        names |= more
        patterns += more_patterns
        closed_or_open = closed_or_open or said
    return names, patterns, closed_or_open


def undocumented(instance: Any, schema: Any, where: str = "") -> Iterator[str]:
    """JSON pointers of fields the instance has that its schema neither declares nor says may be there."""
    schema = resolve(schema)
    if not isinstance(schema, Mapping):
        return
    for key in ("oneOf", "anyOf"):
        if key in schema:
            fitting = [branch for branch in schema[key] if _fits(instance, branch)]
            if fitting:
                yield from undocumented(instance, fitting[0], where)
    for part in schema.get("allOf", []):
        yield from _nested_only(instance, part, where)
    if isinstance(instance, dict):
        names, patterns, said = _declared(schema)
        if (names or patterns) and not said:
            for name in instance:
                if name not in names and not any(re.search(p, name) for p in patterns):
                    yield f"{where}/{name}"
        yield from _fields(instance, schema, where)
    elif isinstance(instance, list) and "items" in schema:
        for index, value in enumerate(instance):
            yield from undocumented(value, schema["items"], f"{where}/{index}")


def _fields(instance: Mapping[str, Any], schema: Mapping[str, Any], where: str) -> Iterator[str]:
    """The undeclared fields inside each of the instance's fields that the schema describes."""
    for name, value in instance.items():
        subschemas = [sub for pattern, sub in schema.get("patternProperties", {}).items() if re.search(pattern, name)]
        if name in schema.get("properties", {}):
            subschemas.append(schema["properties"][name])
        elif isinstance(schema.get("additionalProperties"), Mapping):
            subschemas.append(schema["additionalProperties"])
        for sub in subschemas:
            yield from undocumented(value, sub, f"{where}/{name}")


def _nested_only(instance: Any, part: Any, where: str) -> Iterator[str]:
    """An `allOf` branch's nested fields (its own top-level names count with its siblings')."""
    part = resolve(part)
    if isinstance(instance, dict):
        yield from _fields(instance, part, where)
        for key in ("oneOf", "anyOf", "allOf"):
            if key in part:
                yield from undocumented(instance, {key: part[key]}, where)


def takes_input(op: Mapping[str, Any], template: str) -> bool:
    """Whether the operation declares query parameters or a body (then its `400` is its own, and listed)."""
    common = document()["paths"][template].get("parameters", [])
    params = [resolve(p) for p in [*common, *op.get("parameters", [])]]
    return "requestBody" in op or any(p["in"] == "query" for p in params)


def _by_convention(template: str, op: Mapping[str, Any], status: int, body: Any) -> bool:
    """A status the contract's conventions promise on any operation: `400` for a query parameter it does not
    declare (an operation without parameters or body lists none), `409 log-unreadable` for a log edited outside."""
    kind = body.get("type", "") if isinstance(body, Mapping) else ""
    if status == 409:
        return bool(kind.endswith("/log-unreadable"))
    return status == 400 and not takes_input(op, template)


def operation(method: str, path: str) -> tuple[str, Mapping[str, Any]] | None:
    """The spec path template and operation object that serve `method path`."""
    # A fixed segment wins over a parameter (`/games/import` is not a game id).
    for template, item in sorted(document()["paths"].items(), key=lambda pair: pair[0].count("{")):
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, path) and method.lower() in item:
            return template, item[method.lower()]
    return None


def problems(method: str, path: str, status: int, headers: Iterable[str], body: Any) -> list[str]:
    """What a client written from the contract would not expect in this answer."""
    found = operation(method, path)
    if found is None:
        return []
    template, op = found
    listed = {str(code) for code in op.get("responses", {})}
    if str(status) not in listed:
        if status in ANY_OPERATION or _by_convention(template, op, status, body):
            return []
        return [f"status {status} is not listed (only {sorted(listed)})"]
    response = resolve(op["responses"][str(status)])
    out: list[str] = []
    declared = {name.lower() for name in response.get("headers", {})}
    sent = {name.lower() for name in headers}
    out += [f"header {name} is sent but not declared" for name in READ_HEADERS if name.lower() in sent - declared]
    content = response.get("content", {})
    schema = next((media.get("schema") for media in content.values() if "schema" in media), None)
    if schema is not None and body is not None:
        out += [f"field {pointer} is not declared" for pointer in dict.fromkeys(undocumented(body, schema))]
    return out
