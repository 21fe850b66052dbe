"""Who may see a game how: the one place that turns `?as=` into a view function (DESIGN §7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Game, GameMeta, Ruleset, Viewer, game_to_json, public_meta
from service.auth import Principal
from service.errors import BadRequest, Forbidden

ViewOf = Callable[[Game], dict[str, Any]]


def view_for(caller: Principal, ruleset: Ruleset, meta: GameMeta, viewer_name: str) -> ViewOf:
    """The view `viewer_name` (a seat, "spectator" or "arbiter") gives this caller (403/400 otherwise)."""
    if viewer_name == "arbiter":
        if caller.role not in ("admin", "arbiter"):
            raise Forbidden("only an arbiter or admin token may see the arbiter's view")
        return lambda game: game_to_json(ruleset, game)
    viewer = Viewer()
    if viewer_name != "spectator":
        if viewer_name not in meta.seat_names():
            raise BadRequest(f"as={viewer_name!r} is not a seat of this game", {"as": ["unknown seat"]})
        if viewer_name not in caller.seats_in(meta) and caller.role not in ("admin", "organiser", "arbiter"):
            raise Forbidden(f"this token does not hold seat {viewer_name!r}")
        viewer = Viewer(seat=viewer_name)
    return lambda game: {"meta": public_meta(game.meta), "rules": ruleset.view(game.state, viewer)}
