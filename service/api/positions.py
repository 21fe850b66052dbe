"""Positions (issue 15, point 3): a game's situation at a version (the schema: GET /rulesets/{id}/position-schema)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service import schemas
from service.api.common import game_at, principal, services, with_etag
from service.errors import BadRequest
from service.forks import append_ends
from service.loading import stream_of
from service.positions import may_read_position, position_json

# How far around `at` the events are read to find where the append holding it begins and ends (an append holds
# an action's fact and its consequences: a few events, a few dozen at most).
_NEAR = 200

blueprint = Blueprint("positions", __name__)


@blueprint.get("/games/<game_id>/position")
def get_position(game_id: str) -> Response:
    """The game's position at a version, with what POST /games needs to start a new game from it."""
    query = schemas.load(schemas.PositionQuerySchema, request.args.to_dict(), "query")
    caller = principal()
    may_read_position(caller, ended=services().loader.summary(game_id, caller)["status"] == "ended")
    loaded = game_at(game_id, caller, query["at"])
    if query["at"] is not None:
        _check_between_actions(game_id, query["at"], loaded.summary["version"])
    return with_etag(position_json(loaded.ruleset, loaded.game, loaded.summary), loaded.game.version)


def _check_between_actions(game_id: str, at: int, version: int) -> None:
    """400 when `at` falls inside the events one request appended together: the situation there is half of an
    action (a step's units in a county before the battle it starts), which no game can start from. Forks refuse
    such a version alike (service/forks.py)."""
    if at >= version:
        return
    around = services().store.read(stream_of(game_id), after=max(0, at - _NEAR), limit=2 * _NEAR)
    complete = around[-1].version == version
    ends = append_ends(around)[: None if complete else -1]  # the window's last event may be mid-append
    if at in ends:
        return
    before = max((v for v in ends if v < at), default=None)
    after = min((v for v in ends if v > at), default=None)
    near = " or ".join(str(v) for v in (before, after) if v is not None) or "another version"
    message = f"version {at} falls inside the events one request appended together; read the position at {near}"
    raise BadRequest(f"at={at}: {message}", {"at": [message]})
