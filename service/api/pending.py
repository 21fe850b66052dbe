"""What a game waits for: who may act now, which actions, and the legal options of each (issue 15, point 2)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service import schemas
from service.api.common import game_at, principal, with_etag
from service.pending_views import pending_json
from service.views import viewer_of

blueprint = Blueprint("pending", __name__)


@blueprint.get("/games/<game_id>/pending")
def get_pending(game_id: str) -> Response:
    """The seats the game waits for at a version and what each may send, as a viewer may see it (`as=`)."""
    query = schemas.load(schemas.StateQuerySchema, request.args.to_dict(), "query")
    caller = principal()
    loaded = game_at(game_id, caller, query["at"])
    viewer = viewer_of(caller, loaded.game.meta, query["as_"])
    return with_etag(pending_json(loaded.ruleset, loaded.game, viewer, query["as_"]), loaded.game.version)
