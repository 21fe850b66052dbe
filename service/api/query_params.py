"""Query parameters an API operation does not declare in openapi.yaml, or that a request repeats, are a 400
naming them.

Endpoints with a query schema refused an unknown parameter already (marshmallow); the others took any and
ignored it, so a client's typo (`/verify?at_version=3`, `/export?formt=pgn`) got an answer to a question it
did not ask. The contract says which parameters each operation takes: this reads them once, at start-up,
from the spec the API serves, so the two cannot drift apart. Requests without a query string skip it all.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

import yaml
from flask import Flask
from flask.globals import request_ctx

from service.api.meta import SPEC
from service.errors import BadRequest

_PLACEHOLDER = re.compile(r"\{[^}]+\}|<[^>]+>")
_METHODS = ("get", "put", "post", "patch", "delete")
Declared = Mapping[tuple[str, str], frozenset[str]]


def init_app(app: Flask) -> None:
    """Refuse undeclared query parameters on every operation openapi.yaml describes."""
    declared = _spec_declared()

    def refuse_undeclared() -> None:
        current = request_ctx.request
        if not current.query_string or current.url_rule is None:  # the raw bytes: no MultiDict on the hot path
            return
        method = "GET" if current.method == "HEAD" else current.method
        allowed = declared.get((_shape(current.url_rule.rule), method))
        if allowed is None:  # not an API operation (a web page, a CORS preflight): not this contract's to judge
            return
        unknown = sorted(set(current.args) - allowed)
        if unknown:
            takes = ", ".join(sorted(allowed)) or "none"
            message = f"unknown query parameter; this operation takes: {takes}"
            raise BadRequest(f"{unknown[0]}: {message}", {name: [message] for name in unknown})
        # No operation takes a list: `?as=red&as=blue` would be read as red here and as blue by a proxy or
        # cache that keeps the last value (parameter pollution), so a repeated one is refused, not guessed.
        repeated = sorted(name for name, values in current.args.lists() if len(values) > 1)
        if repeated:
            message = "given more than once; this operation takes one value"
            raise BadRequest(f"{repeated[0]}: {message}", {name: [message] for name in repeated})

    app.before_request(refuse_undeclared)


@functools.cache
def _spec_declared() -> Declared:
    """The served spec's table, read once per process (libyaml's loader: ~0.1 s against 1 s in pure Python)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return declared_query_parameters(yaml.load(SPEC.read_text(encoding="utf-8"), Loader=loader))


def declared_query_parameters(spec: Mapping[str, Any]) -> Declared:
    """(path shape, METHOD) → the names of the query parameters the operation declares (path-level ones too)."""
    declared: dict[tuple[str, str], frozenset[str]] = {}
    for path, item in spec.get("paths", {}).items():
        shared = _query_names(spec, item.get("parameters", ()))
        for method in _METHODS:
            if method in item:
                names = shared | _query_names(spec, item[method].get("parameters", ()))
                declared[(_shape(path), method.upper())] = frozenset(names)
    return declared


def _query_names(spec: Mapping[str, Any], parameters: Any) -> set[str]:
    names = set()
    for parameter in parameters:
        resolved = _resolve(spec, parameter)
        if resolved.get("in") == "query":
            names.add(str(resolved["name"]))
    return names


def _resolve(spec: Mapping[str, Any], node: Mapping[str, Any]) -> Mapping[str, Any]:
    """A `$ref` inside this document (`#/components/parameters/…`) followed to what it names."""
    while "$ref" in node:
        target: Any = spec
        for part in str(node["$ref"]).removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def _shape(path: str) -> str:
    """`/api/v1/games/{game_id}` and Flask's `/api/v1/games/<game_id>` alike: placeholders made anonymous."""
    return _PLACEHOLDER.sub("{}", path)
