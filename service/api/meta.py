"""Health and the API contract itself."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, jsonify

from service.api.common import services
from service.errors import DatabaseNotReady
from service.store.migrate import current_revision, expected_revision, schema_problem

blueprint = Blueprint("meta", __name__)
SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


@blueprint.get("/health")
def health() -> Response:
    """Liveness and readiness: the database answers, at the schema revision this build expects (503 if not)."""
    engine = services().engine
    if (problem := schema_problem(engine)) is not None:
        found = None if problem.startswith(("no database", "cannot read")) else current_revision(engine)
        raise DatabaseNotReady(
            problem, database=engine.dialect.name, schema_revision=found, expected_revision=expected_revision()
        )
    return jsonify(
        {
            "status": "ok",
            "database": engine.dialect.name,
            "version": "0.1.0",
            "schema_revision": current_revision(engine),
        }
    )


@blueprint.get("/openapi.yaml")
def openapi() -> Response:
    """The OpenAPI 3.1 contract of this API."""
    return Response(SPEC.read_text(encoding="utf-8"), mimetype="application/yaml")
