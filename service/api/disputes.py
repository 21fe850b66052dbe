"""Disputes and rulings (DESIGN §8): open a dispute on an action, rule on it, appeal, list precedents."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from service import disputes, schemas
from service.api.common import context, decode_cursor, encode_cursor, idempotency_key, json_body, principal, services
from service.schemas.disputes import AppealSchema, DisputeCreateSchema, DisputeListSchema, RulingSchema
from service.store import disputes as dispute_rows

blueprint = Blueprint("disputes", __name__)


def _created(answered: tuple[dict[str, object], bool]) -> Response:
    """201 with the dispute; `Idempotent-Replayed: true` when an identical earlier request had written it."""
    body, replayed = answered
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = f"/api/v1/disputes/{body['id']}"
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@blueprint.post("/games/<game_id>/disputes")
def open_dispute(game_id: str) -> Response:
    """Dispute a recorded action (a seated player, an arbiter or an admin); its audit is attached."""
    caller = principal()
    caller.require(*disputes.RAISERS)  # authenticate before validating: 401/403, then 400
    body = schemas.load(DisputeCreateSchema, json_body())
    return _created(disputes.open_dispute(services(), caller, game_id, body, context(), idempotency_key()))


@blueprint.get("/disputes/<dispute_id>")
def get_dispute(dispute_id: str) -> Response:
    """A dispute: its events (opening, attached audit, rulings, appeals) and its current status."""
    return jsonify(disputes.read(services(), principal(), dispute_id))


@blueprint.get("/disputes")
def list_disputes() -> Response:
    """Disputes newest first, as precedents: filtered by rule id, game and status."""
    query = schemas.load(DisputeListSchema, request.args.to_dict(), "query")
    caller = principal()
    after = decode_cursor(query["after"], 2)
    rows = dispute_rows.page(
        services().engine,
        limit=query["limit"] + 1,
        after=after,
        game=str(query["game"]) if query["game"] else None,
        status=query["status"],
        rule_id=query["rule_id"],
        visible_to_player=caller.player_id,
        public_only=caller.is_anonymous or (not caller.sees_everything and caller.player_id is None),
    )
    page, more = rows[: query["limit"]], len(rows) > query["limit"]
    cursor = encode_cursor(page[-1]["opened_at"], page[-1]["dispute_id"]) if more else None
    return jsonify({"items": [disputes.dispute_json(r) for r in page], "next": cursor})


@blueprint.post("/disputes/<dispute_id>/ruling")
def post_ruling(dispute_id: str) -> Response:
    """Rule on an open dispute (an arbiter or admin); an overturn appends its correction to the game."""
    caller = principal()
    caller.require(*disputes.ARBITERS)
    body = schemas.load(RulingSchema, json_body())
    return _created(disputes.rule(services(), caller, dispute_id, body, context(), idempotency_key()))


@blueprint.post("/disputes/<dispute_id>/appeal")
def post_appeal(dispute_id: str) -> Response:
    """Appeal a ruled dispute: it is open again until the next ruling."""
    caller = principal()
    caller.require(*disputes.RAISERS)
    body = schemas.load(AppealSchema, json_body())
    return _created(disputes.appeal(services(), caller, dispute_id, body, context(), idempotency_key()))
