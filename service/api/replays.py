"""Replays: frames to step through a game, and the difference between two versions, per viewer."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from replays.frames import frames, json_diff
from service import schemas
from service.api.common import principal, services
from service.errors import BadRequest
from service.loading import stream_of
from service.views import view_for

blueprint = Blueprint("replays", __name__)
MAX_FRAMES = 1000


@blueprint.get("/games/<game_id>/replay")
def replay(game_id: str) -> Response:
    """Frames of the events after version `from` up to `to`: notation, the viewer's state delta, bookmarks."""
    query = schemas.load(schemas.ReplayQuerySchema, request.args.to_dict(), "query")
    caller, wired = principal(), services()
    last = wired.loader.summary(game_id, caller)["version"]
    first = query["from_"]
    until = query["to"] if query["to"] is not None else min(last, first + MAX_FRAMES)
    _check_version("from", first, last)
    _check_version("to", until, last)
    if until < first or until - first > MAX_FRAMES:
        raise BadRequest(
            f"to={until} must be from {first} to {first + MAX_FRAMES} (at most {MAX_FRAMES} frames a request)",
            {"to": [f"between from and from + {MAX_FRAMES}"]},
        )
    loaded = wired.loader.load(game_id, caller, first)
    view = view_for(caller, loaded.ruleset, loaded.game.meta, query["as_"])
    tail = wired.store.read_facts(stream_of(game_id), first, until)
    return jsonify(
        {
            "game": game_id,
            "from": first,
            "to": until,
            "viewer": query["as_"],
            "initial": view(loaded.game),
            "frames": [f.to_json() for f in frames(loaded.ruleset, loaded.game, tail, view)],
        }
    )


@blueprint.get("/games/<game_id>/diff")
def diff(game_id: str) -> Response:
    """What changed for a viewer between versions `a` and `b`, as JSON Patch operations."""
    query = schemas.load(schemas.DiffQuerySchema, request.args.to_dict(), "query")
    caller, wired = principal(), services()
    last = wired.loader.summary(game_id, caller)["version"]
    _check_version("a", query["a"], last)
    _check_version("b", query["b"], last)
    at_a = wired.loader.load(game_id, caller, query["a"])
    at_b = wired.loader.load(game_id, caller, query["b"])
    view = view_for(caller, at_a.ruleset, at_a.game.meta, query["as_"])
    ops = json_diff(view(at_a.game), view(at_b.game))
    return jsonify({"game": game_id, "a": query["a"], "b": query["b"], "viewer": query["as_"], "ops": ops})


def _check_version(name: str, value: int, last: int) -> None:
    if value > last:
        raise BadRequest(f"{name}={value} is beyond the game's version {last}", {name: ["beyond the last version"]})
