"""Audits: was a recorded action right, and by which rules? Was a whole game? (DESIGN §8)"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from service import audits, schemas
from service.api.common import page_of, principal, services

blueprint = Blueprint("audits", __name__)


@blueprint.get("/games/<game_id>/audit/<int:version>")
def get_action_audit(game_id: str, version: int) -> Response:
    """Re-decide the action recorded at a version and compare, citing the rules behind the answer."""
    query = schemas.load(schemas.AuditQuerySchema, request.args.to_dict(), "query")
    return jsonify(audits.action_audit(services(), game_id, version, principal(), query["as_"]).to_json())


@blueprint.get("/games/<game_id>/audit")
def get_game_audit(game_id: str) -> Response:
    """Every deviation, adjustment, correction, unverifiable action and drift of a game, with counts; the action
    audits (each a whole ruling) come a page at a time like every list, after a version, with `next`."""
    query = schemas.load(schemas.GameAuditQuerySchema, request.args.to_dict(), "query")
    report = audits.game_audit(services(), game_id, principal(), query["as_"]).to_json()
    deviations = report["deviations"]
    keys = [f"{audit['version']:012d}" for audit in deviations]
    page, cursor = page_of(deviations, keys, query["limit"], query["after"])
    return jsonify({**report, "deviations": page, "next": cursor})
