"""Validate every response of the API tests against openapi.yaml (openapi-core)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from flask import Flask, Response, request
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.deserializing.media_types.util import json_loads

from tests import spec_strict

SPEC_PATH = Path(__file__).resolve().parents[1] / "openapi.yaml"


@cache
def spec() -> OpenAPI:
    """The parsed contract; problem+json bodies are JSON too."""
    config = Config(extra_media_type_deserializers={"application/problem+json": json_loads})
    return OpenAPI.from_file_path(str(SPEC_PATH), config=config)


def attach(app: Flask) -> list[str]:
    """Check each response the app sends; return the list the failures are collected in."""
    failures: list[str] = []

    @app.after_request
    def _validate(response: Response) -> Response:
        if not request.path.startswith("/api/v1/") or request.path == "/api/v1/openapi.yaml":
            return response
        if request.endpoint is not None and request.endpoint.startswith("api_docs."):
            return response  # the interactive API page (Swagger UI's files) is a page, not an operation
        if request.method == "OPTIONS":
            return response  # CORS preflights and Allow answers are HTTP's, not operations of the API
        if response.mimetype == "text/event-stream":
            return response  # reading a live stream here would consume it; its tests read it instead
        if response.mimetype == "application/x-ndjson" and not response.get_data():
            return response  # zero JSON documents is a valid NDJSON body; openapi-core calls it missing
        try:
            spec().validate_response(WerkzeugOpenAPIRequest(request), WerkzeugOpenAPIResponse(response))
        except Exception as error:  # every kind of mismatch is a failure to report
            detail = getattr(error, "__cause__", None) or error
            failures.append(f"{request.method} {request.full_path} -> {response.status_code}: {detail!r}")
        _strict(failures, response)
        return response

    return failures


def _strict(failures: list[str], response: Response) -> None:
    """What openapi-core lets pass but a client generated from the contract would not expect (tests/spec_strict)."""
    body = response.get_json(silent=True) if response.is_json else None
    found = spec_strict.problems(request.method, request.path, response.status_code, response.headers.keys(), body)
    failures.extend(f"{request.method} {request.full_path} -> {response.status_code}: {problem}" for problem in found)
