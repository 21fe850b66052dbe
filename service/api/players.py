"""Players: names and e-mail addresses live here, never in the event log."""

from __future__ import annotations

import uuid

from flask import Blueprint, Response, jsonify, request

from service import schemas
from service.api.common import decode_cursor, encode_cursor, json_body, principal, services
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


@blueprint.get("/players")
def list_players() -> Response:
    """Players by name, searchable (any token); e-mail addresses only for organisers and admins."""
    caller = principal()
    caller.require("admin", "organiser", "arbiter", "player", "viewer")  # names are personal data: no anonymous lists
    query = schemas.load(schemas.PlayerListSchema, request.args.to_dict(), "query")
    after = decode_cursor(query["after"], 2)
    rows = players.page(services().engine, query["limit"] + 1, after, query["q"])
    page, more = rows[: query["limit"]], len(rows) > query["limit"]
    cursor = encode_cursor(page[-1]["name_key"], page[-1]["id"]) if more else None
    items = []
    for row in page:
        row.pop("name_key")  # the order's and the cursor's, not part of the resource
        if caller.role not in ("admin", "organiser") and caller.player_id != row["id"]:
            row["email"] = None
        items.append(row)
    return jsonify({"items": items, "next": cursor})


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
