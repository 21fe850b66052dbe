"""An open league (issue 13): no pairing; games are linked to the league as they are played, as clubs do over
a season. Each linked game is a table of the league's one open round (`LEAGUE_ROUND`); its result follows the
game like a Swiss table's, and the standings count every approved result."""

from __future__ import annotations

from typing import Any

from domain.tournaments.state import LEAGUE_GAME_LINKED, LEAGUE_ROUND
from service.auth import Principal
from service.errors import Conflict, Unprocessable
from service.games import RequestContext
from service.store import players
from service.store import tournaments as rows
from service.tournaments.commands import DIRECTORS, Asked, Loaded, append, draft, retrying
from service.tournaments.naming import table_named, tournament_named
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
    game = f"the game {summary['title']!r}" if summary.get("title") else "the game"  # as its recorder titled it

    def attempt(loaded: Loaded) -> dict[str, Any]:
        state = loaded.state
        if state.settings.get("format") != "league":
            raise Conflict("only a league links games; a Swiss tournament creates its tables' games")
        if state.finished:
            raise Conflict(f"{tournament_named(state)} is finished", tournament=tournament_id)
        if summary["ruleset"] != state.settings.get("ruleset"):
            raise Unprocessable(
                f"{game} plays {summary['ruleset']}, the league {state.settings.get('ruleset')}",
                {"game": ["another ruleset"]},
            )
        if (linked := rows.table_of_game(services.engine, game_id)) is not None:
            # Another tournament is named by its id alone (in `tournament`): it may be one the caller cannot read.
            where = (
                f"this league as {table_named(LEAGUE_ROUND, linked['table_no'])}"
                if linked["tournament_id"] == tournament_id
                else f"another tournament ({table_named(linked['round'], linked['table_no'])})"
            )
            raise Conflict(f"{game} already counts for {where}", game=game_id, tournament=linked["tournament_id"])
        seats = {str(s["player"]): str(s["seat"]) for s in summary["seats"] if s.get("player")}
        unseated = [str(s["seat"]) for s in summary["seats"] if not s.get("player")]
        strangers = sorted(set(seats) - set(state.active_players))
        if unseated or strangers:
            names = players.names_of(services.engine, strangers)  # the id stays in the game's seats
            known = [names.get(p, p) for p in strangers]
            detail = f"seats without a player: {unseated}" if unseated else f"players not in the league: {known}"
            raise Unprocessable(f"{game} cannot count for the league: {detail}", {"game": [detail]})
        league = state.round(LEAGUE_ROUND)
        number = 1 + (max((t.number for t in league.tables), default=0) if league else 0)
        order = [str(s["player"]) for s in summary["seats"]]
        data = {"number": number, "game": game_id, "players": order, "seats": {p: seats[p] for p in order}}
        append(services, loaded, [draft(LEAGUE_GAME_LINKED, data, principal, ctx)], asked=asked)
        return {"round": LEAGUE_ROUND, "table": number, "game": game_id, "players": order, "seats": data["seats"]}

    linked_table: dict[str, Any] = retrying(services, principal, tournament_id, attempt)
    report_from_game(services, tournament_id, game_id)  # a game that already ended counts at once
    return linked_table
