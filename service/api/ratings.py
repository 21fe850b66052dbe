"""Ratings: a ruleset's leaderboard and a player's ratings with their history (`service.ratings`).

**Decision:** names are personal data (GET /players is no anonymous list), so an anonymous leaderboard names only
the players a public tournament's entrants list already names to anyone; the others show `name: null` with their
id. Any token sees every name, as it may list the players.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import Blueprint, Response, jsonify, request

from domain import registry
from service import schemas
from service.api.common import page_of, principal, services
from service.errors import NotFound, Unprocessable
from service.ratings import PlayerRating
from service.store import players
from service.store.tournaments import in_public_tournaments

blueprint = Blueprint("ratings", __name__)


@blueprint.get("/ratings")
def leaderboard() -> Response:
    """A ruleset's rated players, best conservative rating first."""
    query = schemas.load(schemas.RatingsListSchema, request.args.to_dict(), "query")
    ruleset = query["ruleset"]
    if ruleset not in registry.ruleset_ids():
        known = ", ".join(registry.ruleset_ids())
        raise Unprocessable(f"ruleset: no ruleset {ruleset!r} (known: {known})", {"ruleset": [f"one of {known}"]})
    wired = services()
    board = list(enumerate(wired.ratings.current(wired).leaderboard(ruleset), start=1))
    page, cursor = page_of(board, [f"{rank:06d}" for rank, _ in board], query["limit"], query["after"])
    names = _shown_names([r.player for _, r in page])
    items = [{"rank": rank, **_summary(r), "name": names.get(r.player)} for rank, r in page]
    return jsonify({"ruleset": ruleset, "items": items, "next": cursor})


@blueprint.get("/players/<player_id>/ratings")
def player_ratings(player_id: str) -> Response:
    """A player's rating in each ruleset they have counted games in, with the rating after each of them."""
    wired = services()
    if players.get(wired.engine, player_id) is None:
        raise NotFound(f"no player {player_id!r}")
    found = wired.ratings.current(wired).of_player(player_id)
    items = [{**_summary(r), "history": [asdict(s) for s in r.history]} for r in found]
    return jsonify({"player": player_id, "items": items})


def _summary(rating: PlayerRating) -> dict[str, Any]:
    now = rating.now
    return {
        "player": rating.player,
        "ruleset": rating.ruleset,
        "rating": now.rating,
        "mu": now.mu,
        "sigma": now.sigma,
        "games": len(rating.history),
        "last_game": now.game,
        "last_table": None if now.table is None else asdict(now.table),
        "last_played": now.ended_at,
    }


def _shown_names(player_ids: list[str]) -> dict[str, str]:
    """The names this caller may read in a list (the module's decision)."""
    engine = services().engine
    names = players.names_of(engine, player_ids)
    if not principal().is_anonymous:
        return names
    public = in_public_tournaments(engine, player_ids)
    return {p: n for p, n in names.items() if p in public}
