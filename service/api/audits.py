"""Audits: was a recorded action right, and by which rules? Was a whole game? (DESIGN §8)"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from service import audits
from service.api.common import principal, services

blueprint = Blueprint("audits", __name__)


@blueprint.get("/games/<game_id>/audit/<int:version>")
def get_action_audit(game_id: str, version: int) -> Response:
    """Re-decide the action recorded at a version and compare, citing the rules behind the answer."""
    return jsonify(audits.action_audit(services(), game_id, version, principal()).to_json())


@blueprint.get("/games/<game_id>/audit")
def get_game_audit(game_id: str) -> Response:
    """Every deviation, adjustment, correction, unverifiable action and drift of a game, with counts."""
    return jsonify(audits.game_audit(services(), game_id, principal()).to_json())
