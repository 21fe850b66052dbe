"""Checkpoints (tamper evidence): the signed heads of streams and of the whole log, and the public keys."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from service import schemas
from service.api.common import decode_cursor, encode_cursor, principal, services
from service.errors import BadRequest
from service.store import checkpoints

blueprint = Blueprint("checkpoints", __name__)


@blueprint.get("/checkpoints")
def list_checkpoints() -> Response:
    """Signed checkpoints newest first, with the public keys that verify them."""
    query = schemas.load(schemas.CheckpointListSchema, request.args.to_dict(), "query")
    caller, wired = principal(), services()
    after = decode_cursor(query["after"], 1)
    before = None
    if after is not None:
        if not after[0].isascii() or not after[0].isdigit():
            raise BadRequest(
                f"after {query['after']!r} is not a cursor returned by this API", {"after": ["invalid cursor"]}
            )
        before = int(after[0])
    rows = checkpoints.page(
        wired.engine,
        limit=query["limit"] + 1,
        before=before,
        kind=query["kind"],
        stream=query["stream"],
        readable_by_player=caller.player_id,
        everything=caller.sees_everything,
    )
    page, more = rows[: query["limit"]], len(rows) > query["limit"]
    return jsonify(
        {
            "items": [stored.to_json() for stored in page],
            "next": encode_cursor(str(page[-1].id)) if more else None,
            "keys": [key.to_json() for key in wired.keyring.known()],
        }
    )
