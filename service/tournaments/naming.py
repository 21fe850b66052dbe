"""A tournament and its tables as a director knows them, for refusals (td16): the tournament by its name, a table
by its round and number. The ids stay in the problem's structured fields (`tournament`, `game`)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import Engine

from domain import registry
from domain.tournaments.state import LEAGUE_ROUND, TournamentState
from service.auth import Principal
from service.store import tournaments as rows


def tournament_named(state: TournamentState) -> str:
    """The tournament by its name ("the tournament 'Club Swiss'")."""
    name = state.settings.get("name")
    return f"the tournament {name!r}" if isinstance(name, str) and name else "the tournament"


def tournament_named_for(engine: Engine, principal: Principal, tournament_id: str, otherwise: str) -> str:
    """The tournament by its name when `principal` may read it (a public one; a private one staff see or they
    entered, as `commands.load` allows); `otherwise` for one unknown or hidden from them (td17)."""
    row = rows.get(engine, tournament_id)
    if row is None:
        return otherwise
    if row["visibility"] == "private" and not principal.sees_everything:
        entered = {e["player_id"] for e in rows.entrants_of(engine, tournament_id)}
        if principal.player_id is None or principal.player_id not in entered:
            return otherwise
    return f"the tournament {row['name']!r}"


def table_named(number: int, table: int) -> str:
    """A table by its round ("round 2 table 3"); a league's linked games by their number ("league game 3")."""
    return f"league game {table}" if number == LEAGUE_ROUND else f"round {number} table {table}"


def seat_names(ruleset_id: object, seats: Iterable[str]) -> dict[str, str]:
    """Each seat by the name players call it (the ruleset's `seat_name`: "felvidek" is Felvidék), for the round's
    tables and the pairings on the venue's wall; a seat of a ruleset this build no longer ships keeps its id."""
    try:
        ruleset = registry.current(str(ruleset_id))
    except registry.UnknownRuleset:
        return {seat: seat for seat in seats}
    return {seat: ruleset.seat_name(seat) for seat in seats}
