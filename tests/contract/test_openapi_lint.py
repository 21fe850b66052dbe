"""openapi.yaml lints clean (issue 15, point 4): it validates as OpenAPI 3.1, and no plain YAML scalar in a flow
mapping is cut at a comma (`{description: a, b}` reads as a description "a" plus a key "b" with no value, which
Redocly reports and generators print as garbage)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import yaml
from openapi_spec_validator import validate

from tests.spec_validation import SPEC_PATH

# Keywords whose value may legitimately be null.
_MAY_BE_NULL = {"example", "default", "const"}


def _empty_keys(node: Any, path: str = "") -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}/{key}"
            if value is None and key not in _MAY_BE_NULL and not path.endswith(("/example", "/examples", "/enum")):
                yield here
            yield from _empty_keys(value, here)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _empty_keys(value, f"{path}/{index}")


def test_the_spec_validates_as_openapi_3_1() -> None:
    validate(yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8")))


def test_no_description_is_cut_at_a_comma_into_a_key_without_a_value() -> None:
    document = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))

    assert list(_empty_keys(document)) == []


def test_the_lint_finds_a_description_cut_at_a_comma() -> None:
    cut = yaml.safe_load("properties: {next: {type: string, description: The cursor, null at the end.}}")

    assert list(_empty_keys(cut)) == ["/properties/next/null at the end."]
