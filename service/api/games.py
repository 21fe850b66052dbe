"""Games: create, list, record actions and sealed submissions, read events, states and the chain."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from flask import Blueprint, Response, jsonify, request

from service import schemas
from service.answers import game_json, with_disputes
from service.api.common import (
    context,
    decode_cursor,
    encode_cursor,
    game_at,
    idempotency_key,
    if_match,
    json_body,
    principal,
    services,
    with_etag,
)
from service.auth import WRITERS
from service.errors import NotAcceptable
from service.games import Recorded
from service.integrity import with_derived
from service.loading import stream_of
from service.rebuild import summary_drift
from service.schemas.disputes import DiceRevealSchema
from service.store import summaries
from service.views import EventRedactor, view_for

blueprint = Blueprint("games", __name__)
NDJSON = "application/x-ndjson"


def _game_resource(game_id: str) -> dict[str, Any]:
    return with_disputes(services().engine, [game_json(services().loader.summary(game_id, principal()))])[0]


def _answered(recorded: Recorded) -> Response:
    """The answer built when the command was recorded, as it is: a retry with the same Idempotency-Key gets
    the same bytes, marked `Idempotent-Replayed: true`, and nothing new is written."""
    response = Response(recorded.answer, status=201, mimetype="application/json")
    response.headers["ETag"] = f'"{recorded.result.version}"'
    if recorded.result.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@blueprint.post("/games")
def create_game() -> Response:
    """Create a game: ruleset, board, seats, mode, dice and visibility."""
    caller = principal()
    caller.require("admin", "organiser", "player")  # authenticate before validating: 401/403, then 400
    body = schemas.load(schemas.GameCreateSchema, json_body())
    body["seats"] = [{"seat": s["seat"], "player": str(s["player"]) if s["player"] else None} for s in body["seats"]]
    recorded = services().commands.create(caller, body, context(), idempotency_key())
    response = _answered(recorded)
    response.headers["Location"] = f"/api/v1/games/{recorded.game_id}"
    return response


@blueprint.get("/games")
def list_games() -> Response:
    """Games newest first, filtered by ruleset, status, player and visibility."""
    query = schemas.load(schemas.GameListSchema, request.args.to_dict(), "query")
    caller = principal()
    after = decode_cursor(query["after"], 2)
    rows = summaries.page(
        services().engine,
        limit=query["limit"] + 1,
        after=after,
        ruleset=query["ruleset"],
        status=query["status"],
        visibility=query["visibility"],
        player=str(query["player"]) if query["player"] else None,
        tournament=query["tournament"],
        visible_to_player=caller.player_id,
        public_only=caller.is_anonymous or (not caller.sees_everything and caller.player_id is None),
    )
    page, more = rows[: query["limit"]], len(rows) > query["limit"]
    cursor = encode_cursor(page[-1]["created_at"], page[-1]["game_id"]) if more else None
    items = with_disputes(services().engine, [game_json(r) for r in page])
    return jsonify({"items": items, "next": cursor})


@blueprint.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    """One game, with `ETag: "<version>"`."""
    resource = _game_resource(game_id)
    return with_etag(resource, resource["version"])


@blueprint.post("/games/<game_id>/actions")
def post_action(game_id: str) -> Response:
    """Record an action; refused (422) or recorded with deviations, per the game's mode."""
    caller = principal()
    caller.require(*WRITERS)  # authenticate before validating; seats are checked against the game later
    body = schemas.load_action(json_body())
    recorded = services().commands.act(caller, game_id, body, if_match(), idempotency_key(), context())
    response = _answered(recorded)
    # openapi.yaml's Location of a recorded action: its events, read from the version before the first of them
    response.headers["Location"] = (
        f"/api/v1/games/{recorded.game_id}/events?after={recorded.result.events[0].version - 1}"
    )
    return response


@blueprint.post("/games/<game_id>/sealed")
def post_sealed(game_id: str) -> Response:
    """Seal a secret submission; the round is revealed when its last seat seals."""
    caller = principal()
    caller.require(*WRITERS)  # authenticate before validating; seats are checked against the game later
    body = schemas.load(schemas.SealedSchema, json_body())
    return _answered(services().commands.seal(caller, game_id, body, if_match(), idempotency_key(), context()))


@blueprint.post("/games/<game_id>/dice/reveal")
def reveal_dice(game_id: str) -> Response:
    """Reveal the server-dice seed before the end (an arbiter or admin); later server rolls are refused."""
    caller = principal()
    caller.require("admin", "arbiter")
    body = schemas.load(DiceRevealSchema, json_body())
    return _answered(services().commands.reveal_dice(caller, game_id, body["reason"], context(), idempotency_key()))


@blueprint.get("/games/<game_id>/events")
def list_events(game_id: str) -> Response:
    """The game's events after a version, as JSON or NDJSON."""
    query = schemas.load(schemas.EventsQuerySchema, request.args.to_dict(), "query")
    wired = services()
    caller = principal()
    summary = wired.loader.summary(game_id, caller)
    if query["as_"] is None:
        redactor = EventRedactor.for_summary(caller, summary)
    else:  # a narrower (or, for staff, a seat's) reading, as GET /state?as= gives it
        meta = wired.loader.load(game_id, caller, at=1).game.meta
        redactor = EventRedactor.as_viewer(caller, summary, meta, query["as_"])
    # No Accept header means "anything": answer JSON, the default representation.
    wanted = (
        request.accept_mimetypes.best_match(["application/json", NDJSON])
        if request.accept_mimetypes
        else "application/json"
    )
    if wanted is None:
        raise NotAcceptable(f"cannot produce {request.headers.get('Accept')!r}; offer application/json or {NDJSON}")
    events = wired.store.read(stream_of(game_id), after=query["after"], limit=query["limit"])
    shown = redactor.events([e.to_json() for e in events])
    if wanted == NDJSON:
        lines = "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in shown)
        return Response(lines, mimetype=NDJSON)
    cursor = str(events[-1].version) if len(events) == query["limit"] else None
    return jsonify({"items": shown, "next": cursor})


@blueprint.get("/games/<game_id>/state")
def get_state(game_id: str) -> Response:
    """The state at a version as one viewer sees it (a seat, a spectator or the arbiter)."""
    query = schemas.load(schemas.StateQuerySchema, request.args.to_dict(), "query")
    caller = principal()
    loaded = game_at(game_id, caller, query["at"])
    game, viewer_name = loaded.game, query["as_"]
    state = view_for(caller, loaded.ruleset, game.meta, viewer_name)(game)
    payload = {"game": game_id, "version": game.version, "viewer": viewer_name, "state": state}
    return with_etag(payload, game.version)


@blueprint.get("/games/<game_id>/verify")
def verify_game(game_id: str) -> Response:
    """Recompute the game's hash chain (and its annotations' and disputes') against every record of them."""
    wired = services()
    summary = wired.loader.summary(game_id, principal())
    checked = wired.verifier.check_game(stream_of(game_id), summary)
    # The summary is compared with what the chain check read: the stream is read once (it was twice).
    check = with_derived(checked, wired.loader.stale_snapshots, partial(summary_drift, wired))
    report, findings = check.report, check.findings
    first = findings[0] if findings else None
    companions = [c.companion_json() for c in wired.verifier.check_companions(game_id)]
    return jsonify(
        {
            "ok": not findings and all(c["ok"] for c in companions),
            "streams": companions,
            "events": report.events,
            "first_broken": first.version if first else None,
            "reason": first.detail if first else None,
            "head": report.head,
            "findings": [f.to_json() for f in findings],
            "checkpoint": check.checkpoint.to_json() if check.checkpoint else None,
        }
    )
