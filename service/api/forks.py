"""Forks: what-if games from a prefix of another game's history."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request
from marshmallow import Schema, fields, validate

from service import forks, schemas
from service.answers import game_json, with_disputes
from service.api.common import context, idempotency_key, json_body, page_of, principal, services
from service.api.games import _answered

blueprint = Blueprint("forks", __name__)


class ForkCreateSchema(Schema):
    """POST /games/{id}/forks."""

    at_version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=schemas.MAX_VERSION))
    title = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 200))


@blueprint.post("/games/<game_id>/forks")
def create_fork(game_id: str) -> Response:
    """Fork the game at a version: a new game whose history is that prefix, to play a what-if."""
    body = schemas.load(ForkCreateSchema, json_body())
    recorded = forks.create_fork(services(), principal(), game_id, body, context(), idempotency_key())
    response = _answered(recorded)
    response.headers["Location"] = f"/api/v1/games/{recorded.game_id}"
    return response


@blueprint.get("/games/<game_id>/forks")
def list_forks(game_id: str) -> Response:
    """The forks of a game the caller may read, oldest first."""
    query = schemas.load(schemas.WholeListSchema, request.args.to_dict(), "query")
    found = forks.forks_of(services(), principal(), game_id)
    keys = [f"{s['created_at']}\x1e{s['game_id']}" for s in found]
    page, cursor = page_of(found, keys, query["limit"], query["after"])
    return jsonify(
        {"game": game_id, "items": with_disputes(services().engine, [game_json(s) for s in page]), "next": cursor}
    )
