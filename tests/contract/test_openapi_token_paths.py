"""openapi.yaml says that the fixed paths beside `/tokens/{token_id}` (`current`, `links`, `redeem`) are not token
ids: a client or fuzzer that reads the contract never sends them as one, and the 405 they answer to a method they
do not take is documented where a client meets it."""

from __future__ import annotations

import re
from typing import Any

import yaml

from service.api.tokens import FIXED_PATHS
from tests.spec_validation import SPEC_PATH

SPEC: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
TOKEN = "/api/v1/tokens/{token_id}"


def _token_id_pattern() -> re.Pattern[str]:
    [parameter] = [p for p in SPEC["paths"][TOKEN]["parameters"] if p["name"] == "token_id"]
    return re.compile(parameter["schema"]["pattern"])


def test_the_token_id_pattern_refuses_every_fixed_path_beside_it_and_takes_a_token_id() -> None:
    fixed = {path.rsplit("/", 1)[1] for path in SPEC["paths"] if re.fullmatch(r"/api/v1/tokens/[a-z_]+", path)}
    pattern = _token_id_pattern()

    assert fixed == set(FIXED_PATHS) == {"current", "links", "redeem"}  # the spec's and the router's agree
    assert [name for name in sorted(fixed) if pattern.search(name)] == []
    assert pattern.search("6f1c2a9e-54b4-4f7e-9d8e-2f55b1c0d3a1")
    assert pattern.search("currently") and pattern.search("links2")  # only the whole segment is reserved


def test_get_and_delete_of_a_token_document_the_405_a_fixed_path_answers_with_its_allow_header() -> None:
    for method in ("get", "delete"):
        response = SPEC["paths"][TOKEN][method]["responses"]["405"]
        assert response == {"$ref": "#/components/responses/MethodNotAllowed"}, method

    documented = SPEC["components"]["responses"]["MethodNotAllowed"]
    assert documented["headers"]["Allow"]["required"] is True
    assert "application/problem+json" in documented["content"]
