"""Check-in (td20): who is at the venue before a round is paired, so a no-show is found before the pairing.

The director opens check-in (`CheckInOpened`); each entrant checks in with their own token, or the director marks
them present (`PlayerCheckedIn`); pairing the next round ends it, and so may the director (`CheckInClosed`). With
the tournament's `require_check_in`, a round paired while check-in is open pairs only the entrants who checked in:
its preview lists the others (`not_checked_in`), and publishing it drops them (`PlayerDropped`, reason "did not
check in") in the same append, before its `RoundPaired`. **Decision:** dropped, not left out of one round only: a
director who pairs without someone expects them gone until they come back, as for a no-show dropped by hand, and a
late arrival re-enters by `player` id (registered again, paired from the next round). Without `require_check_in`
check-in only tells the director who is there.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.tournaments.state import TournamentState
from domain.tournaments.tables import TableSizeError
from service.auth import Principal
from service.errors import Conflict, Forbidden, NotFound, Unprocessable
from service.games import RequestContext
from service.tournaments.commands import DIRECTORS, Asked, Loaded, append, draft, known_as, retrying
from service.tournaments.naming import tournament_named, tournament_named_for
from service.wiring import Services


def open_check_in(
    services: Services, principal: Principal, tournament_id: str, ctx: RequestContext, asked: Asked | None = None
) -> None:
    """Open check-in for the next round (409 when it is open already, or the tournament finished or a league)."""
    principal.require(*DIRECTORS)

    def attempt(loaded: Loaded) -> None:
        _running(loaded, "open check-in")
        if loaded.state.check_in_open:
            raise Conflict("check-in is open already")
        append(
            services,
            loaded,
            [draft("CheckInOpened", {"after_round": len(loaded.state.rounds)}, principal, ctx)],
            asked=asked,
        )

    retrying(services, principal, tournament_id, attempt)


def close_check_in(
    services: Services, principal: Principal, tournament_id: str, ctx: RequestContext, asked: Asked | None = None
) -> None:
    """End check-in without pairing (409 when it is not open): the next round pairs every active entrant."""
    principal.require(*DIRECTORS)

    def attempt(loaded: Loaded) -> None:
        if not loaded.state.check_in_open:
            raise Conflict("check-in is not open")
        append(services, loaded, [draft("CheckInClosed", {}, principal, ctx)], asked=asked)

    retrying(services, principal, tournament_id, attempt)


def check_in(
    services: Services,
    principal: Principal,
    tournament_id: str,
    player: str | None,
    ctx: RequestContext,
    asked: Asked | None = None,
) -> str:
    """Check `player` in: a player's token checks in its own player (`player` omitted or theirs: 403 otherwise),
    a director names the entrant present. The player checked in."""
    if principal.role in DIRECTORS:
        if player is None:
            raise Unprocessable("name the entrant the director marks present", {"player": ["required of a director"]})
        who = player
    else:
        principal.require(*DIRECTORS, "player")
        principal.require_tournament(tournament_id, _named_for(services, principal))
        if principal.player_id is None or player not in (None, principal.player_id):
            raise Forbidden("a player's token checks in its own player only")
        who = principal.player_id

    def attempt(loaded: Loaded) -> str:
        state = loaded.state
        _running(loaded, "check in")
        known = known_as(services, state, who)
        if who not in state.registered:
            detail = f"{known} is not registered" if known else f"no player {who!r} is registered"
            raise NotFound(f"{detail} in {tournament_named(state)}", player=who)
        if who not in state.active_players:
            raise Conflict(f"{known or who} has dropped out of {tournament_named(state)}", player=who)
        if not state.check_in_open:
            raise Conflict(f"check-in is not open in {tournament_named(state)}", player=who)
        if who in state.checked_in:
            raise Conflict(f"{known or who} has checked in already", player=who)
        append(services, loaded, [draft("PlayerCheckedIn", {"player": who}, principal, ctx)], asked=asked)
        return who

    checked: str = retrying(services, principal, tournament_id, attempt)
    return checked


def unpairable(state: TournamentState, number: int, error: Exception) -> Conflict:
    """The 409 for round `number` that cannot be paired (`error` says why). With check-in required and open, a
    field too small for a table is who has checked in so far: the problem says so (nobody, or how many), how to go
    on (end check-in, or mark the players present) and gives the check-in state (`check_in`)."""
    if not state.not_checked_in or not isinstance(error, TableSizeError):
        return Conflict(f"round {number} cannot be paired: {error}")
    here = sorted(state.checked_in & set(state.active_players))
    who = "nobody has checked in" if not here else f"only {len(here)} player(s) have checked in ({error})"
    return Conflict(
        f"round {number} cannot be paired: {who} and {tournament_named(state)} requires check-in; end check-in "
        "(POST .../check-in/close) to pair every active entrant, or mark the players present (POST .../check-ins)",
        check_in={"open": True, "required": True, "checked_in": here},
    )


def _running(loaded: Loaded, what: str) -> None:
    """409 for a finished tournament or a league (never paired: nobody to check in for a round)."""
    state = loaded.state
    if state.finished:
        raise Conflict(f"{tournament_named(state)} is finished: too late to {what}", tournament=loaded.tournament_id)
    if state.settings.get("format") != "swiss":
        raise Conflict(
            f"{tournament_named(state)} is a league, never paired: no check-in", tournament=loaded.tournament_id
        )


def _named_for(services: Services, principal: Principal) -> Callable[[str, str], str]:
    """How `principal` may see a tournament named in a refusal (`naming.tournament_named_for`)."""
    return lambda tournament_id, otherwise: tournament_named_for(services.engine, principal, tournament_id, otherwise)
