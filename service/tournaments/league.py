"""An open league (issue 13): no pairing; games are linked to the league as they are played, as clubs do over
a season. Each linked game is a table of the league's one open round (`LEAGUE_ROUND`); its result follows the
game like a Swiss table's, and the standings count every approved result."""

from __future__ import annotations

from typing import Any

from domain.tournaments.state import LEAGUE_GAME_LINKED, LEAGUE_ROUND
from service.auth import Principal
from service.errors import Conflict, Unprocessable
from service.games import RequestContext
from service.store import tournaments as rows
from service.tournaments.commands import DIRECTORS, Asked, Loaded, append, draft, retrying
from service.tournaments.results import report_from_game
from service.wiring import Services


def link_game(
    services: Services,
    principal: Principal,
    tournament_id: str,
    game_id: str,
    ctx: RequestContext,
    asked: Asked | None = None,
) -> dict[str, Any]:
    """Link a game of the league's ruleset whose every seat is held by an entrant; an ended game reports at once."""
    principal.require(*DIRECTORS)
    summary = services.loader.summary(game_id, principal)

    def attempt(loaded: Loaded) -> dict[str, Any]:
        state = loaded.state
        if state.settings.get("format") != "league":
            raise Conflict("only a league links games; a Swiss tournament creates its tables' games")
        if state.finished:
            raise Conflict(f"tournament {tournament_id} is finished")
        if summary["ruleset"] != state.settings.get("ruleset"):
            raise Unprocessable(
                f"game {game_id} plays {summary['ruleset']}, the league {state.settings.get('ruleset')}",
                {"game": ["another ruleset"]},
            )
        if (linked := rows.table_of_game(services.engine, game_id)) is not None:
            raise Conflict(f"game {game_id} already counts for tournament {linked['tournament_id']}")
        seats = {str(s["player"]): str(s["seat"]) for s in summary["seats"] if s.get("player")}
        unseated = [str(s["seat"]) for s in summary["seats"] if not s.get("player")]
        strangers = sorted(set(seats) - set(state.active_players))
        if unseated or strangers:
            detail = f"seats without a player: {unseated}" if unseated else f"players not in the league: {strangers}"
            raise Unprocessable(f"game {game_id} cannot count for the league: {detail}", {"game": [detail]})
        league = state.round(LEAGUE_ROUND)
        number = 1 + (max((t.number for t in league.tables), default=0) if league else 0)
        order = [str(s["player"]) for s in summary["seats"]]
        data = {"number": number, "game": game_id, "players": order, "seats": {p: seats[p] for p in order}}
        append(services, loaded, [draft(LEAGUE_GAME_LINKED, data, principal, ctx)], asked=asked)
        return {"round": LEAGUE_ROUND, "table": number, "game": game_id, "players": order, "seats": data["seats"]}

    linked_table: dict[str, Any] = retrying(services, principal, tournament_id, attempt)
    report_from_game(services, tournament_id, game_id)  # a game that already ended counts at once
    return linked_table
