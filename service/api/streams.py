"""Subscriptions: the global log after a position (NDJSON) and one game live (Server-Sent Events)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, request

from service import schemas
from service.api.common import principal, services
from service.auth import Principal, StillValid
from service.errors import BadRequest, NotAcceptable
from service.live import live_of
from service.live.body import LiveStream
from service.loading import can_read, stream_of
from service.pending_views import pending_json
from service.store import summaries
from service.store.events import RecordedEvent
from service.views import EventRedactor, viewer_of

blueprint = Blueprint("streams", __name__)
NDJSON = "application/x-ndjson"


def _line(event: dict[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n"


@blueprint.get("/events")
def global_events() -> Response:
    """The global log after a position, in commit order, with only the games the caller may read."""
    query = schemas.load(schemas.GlobalEventsQuerySchema, request.args.to_dict(), "query")
    caller = principal()
    wired = services()
    wanted = _negotiate()
    scanned = wired.store.read_all(after=query["after"], limit=query["limit"])
    visible = _redacted(wired.engine, caller, _visible(wired.engine, caller, scanned))
    # The next cursor is the last position read, readable or not, so a reader never rescans.
    last = scanned[-1].position if scanned else query["after"]
    more = len(scanned) == query["limit"]
    if wanted == NDJSON:
        response = Response("".join(_line(e) for e in visible), mimetype=NDJSON)
    else:
        response = Response(
            json.dumps({"items": visible, "next": str(last) if more else None}),
            mimetype="application/json",
        )
    response.headers["Annals-Next-After"] = str(last)
    return response


def _negotiate() -> str:
    # JSON unless NDJSON is asked for (issue 15, point 4): a generic client that sends no Accept can decode it.
    if not request.accept_mimetypes:
        return "application/json"
    wanted = request.accept_mimetypes.best_match(["application/json", NDJSON])
    if wanted is None:
        raise NotAcceptable(f"cannot produce {request.headers.get('Accept')!r}; offer {NDJSON} or application/json")
    return wanted


def _visible(engine: Any, caller: Principal, events: list[RecordedEvent]) -> list[RecordedEvent]:
    readable: dict[str, bool] = {}
    shown = []
    for event in events:
        if event.stream_id not in readable:
            readable[event.stream_id] = _can_read_stream(engine, caller, event.stream_id)
        if readable[event.stream_id]:
            shown.append(event)
    return shown


def _redacted(engine: Any, caller: Principal, events: list[RecordedEvent]) -> list[dict[str, Any]]:
    """Each game's events as this caller may read them (rulesets may hide parts per viewer)."""
    redactors: dict[str, EventRedactor | None] = {}
    shown = []
    for event in events:
        kind, _, ident = event.stream_id.partition(":")
        if kind == "game" and event.stream_id not in redactors:
            summary = summaries.get(engine, ident)
            redactors[event.stream_id] = EventRedactor.for_summary(caller, summary) if summary else None
        redactor = redactors.get(event.stream_id)
        shown.append(redactor.event(event.to_json()) if redactor else event.to_json())
    return shown


def _can_read_stream(engine: Any, caller: Principal, stream_id: str) -> bool:
    kind, _, ident = stream_id.partition(":")
    if kind != "game":
        return caller.sees_everything  # streams of later kinds (disputes, tournaments) stay with staff
    summary = summaries.get(engine, ident)
    return summary is not None and can_read(caller, summary)


@blueprint.get("/games/<game_id>/stream")
def game_stream(game_id: str) -> Response:
    """A game's events as Server-Sent Events, live; resumes after `Last-Event-ID` (a version)."""
    query = schemas.load(schemas.StreamQuerySchema, request.args.to_dict(), "query")
    wired = services()
    caller = principal()
    summary = wired.loader.summary(game_id, caller)  # 404 when the caller may not read it
    after = _resume_point(query["after"])
    redactor = EventRedactor.for_summary(caller, summary)
    pending_at = _pending_of(game_id, caller, query["as_"]) if query["pending"] else None
    live = live_of(current_app)
    timeout = float(query["timeout"])
    header = request.headers.get("Authorization")
    token = None if caller.is_anonymous or header is None else StillValid(wired.tokens, header)
    slot = live.limits.take(request.remote_addr, caller.token_id, timeout)  # 429 over the client's limit
    body = LiveStream(
        wired.store, live.notifier, live.limits, slot, stream_of(game_id), after, timeout, redactor, pending_at, token
    )
    # Passed through untouched, so that the ASGI front of `annals serve` finds the LiveStream and drives it.
    response = Response(body, mimetype="text/event-stream", direct_passthrough=True)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # let proxies pass events through at once
    return response


def _pending_of(game_id: str, caller: Principal, viewer_name: str) -> Callable[[int], str]:
    """What the game waits for at a version, as `viewer_name` sees it (checked now: 403/400 before streaming)."""
    loader = services().loader
    loaded = loader.load(game_id, caller)
    viewer = viewer_of(caller, loaded.game.meta, viewer_name)

    def pending_at(version: int) -> str:
        at = loader.load(game_id, caller, version)
        return json.dumps(pending_json(at.ruleset, at.game, viewer, viewer_name), separators=(",", ":"))

    return pending_at


def _resume_point(after: int | None) -> int:
    header = request.headers.get("Last-Event-ID")
    if header is None:
        return after or 0
    if not header.isascii() or not header.isdigit() or int(header) > schemas.MAX_VERSION:
        raise BadRequest(f"Last-Event-ID {header!r} must be a game version", {"Last-Event-ID": ["not a version"]})
    return int(header)
