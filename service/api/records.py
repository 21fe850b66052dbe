"""Records (DESIGN §10): export a game as JSON Lines or notation text, import a record as a game."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.api.common import idempotency_key, principal, services
from service.errors import BadRequest
from service.records import export_game, export_notation, import_record

blueprint = Blueprint("records", __name__)
NDJSON = "application/x-ndjson"
TEXT = "text/plain; charset=utf-8"
FORMATS = ("jsonl", "text")


@blueprint.get("/games/<game_id>/export")
def export(game_id: str) -> Response:
    """The game's record: JSON Lines (`format=jsonl`, the default) or notation text (`format=text`)."""
    wanted = request.args.get("format", "jsonl")
    if wanted not in FORMATS:
        raise BadRequest(f"format {wanted!r} is neither 'jsonl' nor 'text'", {"format": ["unknown format"]})
    caller, wired = principal(), services()
    if wanted == "text":
        lines = export_notation(wired, caller, game_id)
        return Response("".join(line + "\n" for line in lines), content_type=TEXT)
    with_annotations = _flag("with_annotations", request.args.get("with_annotations", "false"))
    # Joined before answering: a read that fails halfway must be a problem document, not a cut record.
    body = "".join(export_game(wired, caller, game_id, with_annotations))
    response = Response(body, mimetype=NDJSON)
    response.headers["Content-Disposition"] = f'attachment; filename="{game_id}.annals.jsonl"'
    return response


@blueprint.post("/games/import")
def import_game() -> Response:
    """Import a record: verify its chain, re-adjudicate it and create the game it describes."""
    caller = principal()
    caller.require("admin", "organiser")  # authenticate before reading the body: 401/403, then 400/422
    keep_id = _flag("keep_id", request.args.get("keep_id", "false"))
    if request.mimetype not in (NDJSON, "application/jsonl", "text/plain"):
        detail = f"the body must be a record as {NDJSON}, not {request.mimetype or 'untyped'!r}"
        raise BadRequest(detail, {"body": ["not a record"]})
    try:
        text = request.get_data(cache=False).decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadRequest(f"the record is not UTF-8: {error}", {"body": ["not UTF-8"]}) from None
    report = import_record(services(), caller, text.splitlines(), keep_id, key=idempotency_key())
    # The body kept with the Idempotency-Key, as it is: a retry gets the first answer byte for byte.
    response = Response(report.answer, status=201, mimetype="application/json")
    if report.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    response.headers["Location"] = f"/api/v1/games/{report.game_id}"
    return response


def _flag(name: str, value: str) -> bool:
    lowered = value.lower()
    if lowered not in ("true", "false", "1", "0"):
        raise BadRequest(f"{name} {value!r} is neither 'true' nor 'false'", {name: ["not a boolean"]})
    return lowered in ("true", "1")
