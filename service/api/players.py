"""Players: names and e-mail addresses live here, never in the event log."""

from __future__ import annotations

import uuid

from flask import Blueprint, Response, jsonify

from service import schemas
from service.api.common import json_body, principal, services
from service.clock import isoformat
from service.errors import NotFound
from service.store import players

blueprint = Blueprint("players", __name__)


@blueprint.post("/players")
def create_player() -> Response:
    """Register a player (organisers and admins)."""
    principal().require("admin", "organiser")
    body = schemas.load(schemas.PlayerCreateSchema, json_body())
    wired = services()
    row = players.create(wired.engine, str(uuid.uuid4()), body["name"], body["email"], isoformat(wired.clock.now()))
    response = jsonify(row)
    response.status_code = 201
    response.headers["Location"] = f"/api/v1/players/{row['id']}"
    return response


@blueprint.get("/players/<player_id>")
def get_player(player_id: str) -> Response:
    """One player; the e-mail address only for organisers, admins and the player."""
    row = players.get(services().engine, player_id)
    if row is None:
        raise NotFound(f"no player {player_id!r}")
    caller = principal()
    if caller.role not in ("admin", "organiser") and caller.player_id != player_id:
        row["email"] = None
    return jsonify(row)
