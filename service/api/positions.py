"""Positions (issue 15, point 3): a game's situation at a version (the schema: GET /rulesets/{id}/position-schema)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service import schemas
from service.api.common import game_at, principal, services, with_etag
from service.positions import may_read_position, position_json

blueprint = Blueprint("positions", __name__)


@blueprint.get("/games/<game_id>/position")
def get_position(game_id: str) -> Response:
    """The game's position at a version, with what POST /games needs to start a new game from it."""
    query = schemas.load(schemas.PositionQuerySchema, request.args.to_dict(), "query")
    caller = principal()
    may_read_position(caller, ended=services().loader.summary(game_id, caller)["status"] == "ended")
    loaded = game_at(game_id, caller, query["at"])
    return with_etag(position_json(loaded.ruleset, loaded.game, loaded.summary), loaded.game.version)
