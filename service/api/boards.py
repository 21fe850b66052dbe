"""Boards: upload, list and fetch content-addressed map documents."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from domain import boards as board_model
from domain import registry
from service import schemas
from service.api.common import decode_cursor, encode_cursor, json_body, principal, services
from service.clock import isoformat
from service.errors import BadBoard, NotFound, Unprocessable
from service.store import boards

blueprint = Blueprint("boards", __name__)


def _summary(row: dict[str, Any]) -> dict[str, Any]:
    document = row["document"]
    return {
        "id": row["id"],
        "name": row["name"],
        "ruleset": row["ruleset"],
        "areas": len(document.get("areas", [])),
        "edges": len(document.get("edges", [])),
        "created_at": row["created_at"],
    }


@blueprint.post("/boards")
def upload_board() -> Response:
    """Store a board (201), or find the identical one already stored (200)."""
    principal().require("admin", "organiser", "arbiter", "player")
    body = schemas.load(schemas.BoardCreateSchema, json_body())
    document = body["board"]
    errors = board_model.board_errors(document)
    if errors:
        raise BadBoard(errors)
    if body["ruleset"] is not None:
        try:
            ruleset = registry.current(body["ruleset"])
        except registry.UnknownRuleset as error:
            raise Unprocessable(str(error), {"ruleset": [str(error)]}) from None
        problems = ruleset.board_errors(document)
        if problems:
            raise Unprocessable(f"not a valid {ruleset.id} board: {problems[0]}", {"board": problems})
    wired = services()
    board_id = board_model.board_id(document)
    created = boards.put(wired.engine, board_id, body["name"], body["ruleset"], document, isoformat(wired.clock.now()))
    row = boards.get(wired.engine, board_id)
    assert row is not None
    response = jsonify(_summary(row))
    response.status_code = 201 if created else 200
    response.headers["Location"] = f"/api/v1/boards/{board_id}"
    return response


@blueprint.get("/boards")
def list_boards() -> Response:
    """Boards, newest first."""
    query = schemas.load(schemas.BoardListSchema, request.args.to_dict(), "query")
    after = decode_cursor(query["after"], 2)
    rows = boards.page(services().engine, query["ruleset"], query["limit"] + 1, after)
    page, more = rows[: query["limit"]], len(rows) > query["limit"]
    cursor = encode_cursor(page[-1]["created_at"], page[-1]["id"]) if more else None
    return jsonify({"items": [_summary(r) for r in page], "next": cursor})


@blueprint.get("/boards/<board_id>")
def get_board(board_id: str) -> Response:
    """One board with its document."""
    row = boards.get(services().engine, board_id)
    if row is None:
        raise NotFound(f"no board {board_id!r}")
    return jsonify({**_summary(row), "document": row["document"]})
