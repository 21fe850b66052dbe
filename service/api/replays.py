"""Replays: frames to step through a game, and the difference between two versions, per viewer."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from domain import registry
from replays.annotations import Kind
from replays.frames import bookmarks_of, frames, json_diff
from service import annotation_stream, schemas
from service.api.common import page_of, principal, services, with_etag
from service.errors import BadRequest, NotFound
from service.loading import stream_of, upcasters_of
from service.snapshot_cache import facts_in_pages
from service.views import EventRedactor, view_for

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
    redactor = EventRedactor.for_summary(caller, loaded.summary)
    tail = wired.store.read_facts(stream_of(game_id), first, until, upcasters_of(loaded.ruleset))
    return jsonify(
        {
            "game": game_id,
            "from": first,
            "to": until,
            "viewer": query["as_"],
            "initial": view(loaded.game),
            "frames": [f.to_json() for f in frames(loaded.ruleset, loaded.game, tail, view, redactor.fact)],
        }
    )


@blueprint.get("/games/<game_id>/diff")
def diff(game_id: str) -> Response:
    """What changed for a viewer between versions `a` and `b`, as JSON Patch operations."""
    query = schemas.load(schemas.DiffQuerySchema, request.args.to_dict(), "query")
    caller, wired = principal(), services()
    summary = wired.loader.summary(game_id, caller)
    a_game = game_id
    if query["base"] == "parent":
        # A fork against its parent: `a` is a version of the parent, `b` one of the fork.
        if summary.get("parent_game") is None:
            raise BadRequest(f"game {game_id!r} is not a fork; it has no parent", {"base": ["not a fork"]})
        a_game = summary["parent_game"]
    _check_version("a", query["a"], wired.loader.summary(a_game, caller)["version"])
    _check_version("b", query["b"], summary["version"])
    at_a = wired.loader.load(a_game, caller, query["a"])
    at_b = wired.loader.load(game_id, caller, query["b"])
    view_a = view_for(caller, at_a.ruleset, at_a.game.meta, query["as_"])
    view_b = view_for(caller, at_b.ruleset, at_b.game.meta, query["as_"])
    ops = json_diff(view_a(at_a.game), view_b(at_b.game))
    payload = {"game": game_id, "a": query["a"], "b": query["b"], "viewer": query["as_"], "ops": ops}
    return jsonify({**payload, "a_game": a_game})


@blueprint.get("/games/<game_id>/bookmarks")
def list_bookmarks(game_id: str) -> Response:
    """Places to jump to: those the rules derive from the events, and bookmark annotations the caller may read."""
    query = schemas.load(schemas.WholeListSchema, request.args.to_dict(), "query")
    found = _bookmarks(game_id)
    seen: dict[tuple[object, object], int] = {}
    keys = []
    for item in found:  # version, the rules' before the annotations', then their order at that place
        place = (item["version"], item["source"])
        seen[place] = seen.get(place, 0) + 1
        keys.append(f"{item['version']:010d}\x1e{0 if item['source'] == 'rules' else 1}\x1e{seen[place]:06d}")
    page, cursor = page_of(found, keys, query["limit"], query["after"])
    return jsonify({"game": game_id, "items": page, "next": cursor})


@blueprint.get("/games/<game_id>/seek")
def seek(game_id: str) -> Response:
    """The state at a bookmark (its `occurrence`-th place, by version), as one viewer sees it.

    **Decision:** a rules' bookmark answers to its label and to the label it had before bookmarks read names (the
    id form a saved link may hold, "siege of hrad_x begins", and a wording the ruleset changed since, "bids for
    Fiefdoms revealed"), counted among the bookmarks that answer to it;
    bookmark annotations answer to the label their author wrote, never renamed.
    """
    query = schemas.load(schemas.SeekQuerySchema, request.args.to_dict(), "query")
    wanted = query["bookmark"]
    matches = [b for b in _bookmarks(game_id, with_old=True) if wanted == b["label"] or wanted in _was(b)]
    if len(matches) < query["occurrence"]:
        raise NotFound(
            f"bookmark {query['bookmark']!r} occurs {len(matches)} time(s) in game {game_id!r}; "
            f"see /api/v1/games/{game_id}/bookmarks"
        )
    version = matches[query["occurrence"] - 1]["version"]
    caller, wired = principal(), services()
    loaded = wired.loader.load(game_id, caller, version)
    state = view_for(caller, loaded.ruleset, loaded.game.meta, query["as_"])(loaded.game)
    payload = {
        "game": game_id,
        "version": loaded.game.version,
        "bookmark": query["bookmark"],
        "viewer": query["as_"],
        "state": state,
    }
    return with_etag(payload, loaded.game.version)


def _bookmarks(game_id: str, with_old: bool = False) -> list[dict[str, object]]:
    """The rules' bookmarks (naming what the game's newest state names; `with_old`: each with the labels it had
    before, `was`), then the caller's readable bookmark annotations, by version."""
    caller, wired = principal(), services()
    summary = wired.loader.summary(game_id, caller)
    ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
    names = wired.loader.load_latest(game_id, caller)[0].game.state  # a cached one may be behind: names stay
    tail = facts_in_pages(wired.store, stream_of(game_id), 1, summary["version"], upcasters_of(ruleset))
    ranked: list[tuple[int, int, dict[str, object]]] = []
    for b in bookmarks_of(ruleset, tail, 2, names):
        item: dict[str, object] = {"version": b.version, "label": b.label, "source": "rules"}
        if with_old:
            item["was"] = (b.was, *b.former) if b.was is not None else b.former
        ranked.append((b.version, 0, item))
    for note in annotation_stream.annotations_of(wired, caller, game_id):
        if note.kind is Kind.BOOKMARK:
            item = {
                "version": note.at_version,
                "label": note.body["label"],
                "source": "annotation",
                "annotation": note.id,
            }
            ranked.append((note.at_version, 1, item))
    return [item for _, _, item in sorted(ranked, key=lambda r: (r[0], r[1]))]


def _was(item: dict[str, object]) -> tuple[object, ...]:
    """The labels a rules' bookmark had before (`_bookmarks(with_old=True)`)."""
    was = item.get("was", ())
    return was if isinstance(was, tuple) else ()


def _check_version(name: str, value: int, last: int) -> None:
    if value > last:
        raise BadRequest(f"{name}={value} is beyond the game's version {last}", {name: ["beyond the last version"]})
