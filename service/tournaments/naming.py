"""A tournament and its tables as a director knows them, for refusals (td16): the tournament by its name, a table
by its round and number. The ids stay in the problem's structured fields (`tournament`, `game`)."""

from __future__ import annotations

from domain.tournaments.state import LEAGUE_ROUND, TournamentState


def tournament_named(state: TournamentState) -> str:
    """The tournament by its name ("the tournament 'Club Swiss'")."""
    name = state.settings.get("name")
    return f"the tournament {name!r}" if isinstance(name, str) and name else "the tournament"


def table_named(number: int, table: int) -> str:
    """A table by its round ("round 2 table 3"); a league's linked games by their number ("league game 3")."""
    return f"league game {table}" if number == LEAGUE_ROUND else f"round {number} table {table}"
