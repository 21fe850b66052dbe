"""Annotations of a game: comments, glyphs, bookmarks and map marks, each its own event."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from replays.annotations import GLYPHS
from service import annotation_stream, schemas
from service.api.common import context, idempotency_key, json_body, no_content, page_of, principal, services
from service.errors import NotFound
from service.schemas.annotation_shapes import AnnotationCreateSchema, AnnotationEditSchema, AnnotationQuerySchema

blueprint = Blueprint("annotations", __name__)


@blueprint.get("/games/<game_id>/annotations")
def list_annotations(game_id: str) -> Response:
    """The annotations of a game the caller may read, by the version they are attached to."""
    query = schemas.load(AnnotationQuerySchema, request.args.to_dict(), "query")
    found = annotation_stream.annotations_of(services(), principal(), game_id)
    last = query["to"]
    shown = [
        a
        for a in sorted(found, key=lambda a: (a.at_version, a.created_at, a.id))
        if (query["kind"] is None or a.kind.value == query["kind"])
        and a.at_version >= query["from_"]
        and (last is None or a.at_version <= last)
    ]
    keys = [f"{a.at_version:010d}\x1e{a.created_at}\x1e{a.id}" for a in shown]
    page, cursor = page_of(shown, keys, query["limit"], query["after"])
    return jsonify({"game": game_id, "items": [a.to_json() for a in page], "next": cursor})


@blueprint.post("/games/<game_id>/annotations")
def add_annotation(game_id: str) -> Response:
    """Annotate a version of the game: anyone with a token who can read the game."""
    fields = schemas.load(AnnotationCreateSchema, json_body())
    added, replayed = annotation_stream.add(services(), principal(), game_id, fields, context(), idempotency_key())
    response = jsonify(added.to_json())
    response.status_code = 201
    response.headers["Location"] = f"/api/v1/games/{game_id}/annotations/{added.id}"
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@blueprint.get("/games/<game_id>/annotations/<annotation_id>")
def get_annotation(game_id: str, annotation_id: str) -> Response:
    """One annotation, when the caller may read it."""
    for found in annotation_stream.annotations_of(services(), principal(), game_id):
        if found.id == annotation_id:
            return jsonify(found.to_json())
    raise NotFound(f"no annotation {annotation_id!r} in game {game_id!r}")


@blueprint.patch("/games/<game_id>/annotations/<annotation_id>")
def edit_annotation(game_id: str, annotation_id: str) -> Response:
    """Change an annotation's body or visibility (its author, or an arbiter); recorded as a new event."""
    fields = schemas.load(AnnotationEditSchema, json_body())
    edited = annotation_stream.edit(services(), principal(), game_id, annotation_id, fields, context())
    return jsonify(edited.to_json())


@blueprint.delete("/games/<game_id>/annotations/<annotation_id>")
def delete_annotation(game_id: str, annotation_id: str) -> Response:
    """Delete an annotation (its author, or an arbiter); recorded as a new event, never erased."""
    annotation_stream.delete(services(), principal(), game_id, annotation_id, context())
    return no_content()


@blueprint.get("/annotations/glyphs")
def list_glyphs() -> Response:
    """The documented glyph set."""
    items = [{"glyph": name, "symbol": symbol, "meaning": meaning} for name, (symbol, meaning) in GLYPHS.items()]
    return jsonify({"items": items})
