"""The round clock (td19): the director starts a published round's clock, extends it, and calls time.

**Decision:** the clock is started by its own request, not when the round's games are created: at a venue the
games are set up and the players seated (ten minutes or more) before the director says "begin". Its length is the
request's `minutes`, else the tournament's `round_minutes` setting; a tournament without one is untimed until a
round is started with `minutes`. Judges extend the whole round, or one table delayed by a ruling, by whole minutes
with a reason (both kept in the log); calling time fixes the round's end (no extension after it). The times come
from the service's clock and are written into the events, so the fold (domain/tournaments/clock.py) needs none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.tournaments.clock import ROUND_CLOCK_EXTENDED, ROUND_CLOCK_STARTED, ROUND_TIME_CALLED, RoundClock
from domain.tournaments.state import LEAGUE_ROUND, Round
from service.auth import Principal
from service.clock import isoformat
from service.errors import Conflict, Unprocessable
from service.games import RequestContext
from service.tournaments.commands import DIRECTORS, Asked, Loaded, TournamentChanged, append, draft, retrying
from service.tournaments.naming import tournament_named
from service.wiring import Services


def start_clock(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    body: dict[str, Any],
    ctx: RequestContext,
    expected: int | None = None,
    asked: Asked | None = None,
) -> dict[str, Any]:
    """Start round `number`'s clock now (`RoundClockStarted`): for `minutes`, else the tournament's round_minutes."""

    def started(loaded: Loaded, paired: Round) -> dict[str, Any]:
        if paired.clock is not None:
            raise Conflict(
                f"round {number}'s clock was started at {paired.clock.started_at}: it is started once "
                "(extend it to give more time)",
                started_at=paired.clock.started_at,
            )
        minutes = body.get("minutes") or loaded.state.settings.get("round_minutes")
        if not isinstance(minutes, int):
            raise Unprocessable(
                f"{tournament_named(loaded.state)} has no round length (round_minutes): give the round's minutes",
                {"minutes": ["required: the tournament sets no round_minutes"]},
            )
        return {"round": number, "started_at": isoformat(services.clock.now()), "minutes": minutes}

    where = Where(services, principal, tournament_id, number, ctx, expected, asked)
    return _write(where, ROUND_CLOCK_STARTED, "start its clock", started)


def extend_clock(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    body: dict[str, Any],
    ctx: RequestContext,
    expected: int | None = None,
    asked: Asked | None = None,
) -> dict[str, Any]:
    """Give round `number` (or one of its tables) `minutes` more, with the reason (`RoundClockExtended`)."""
    table = body.get("table")

    def extended(_loaded: Loaded, paired: Round) -> dict[str, Any]:
        _ticking(paired, "extended")
        if table is not None and table not in {t.number for t in paired.tables}:
            raise Unprocessable(
                f"round {number} has no table {table}", {"table": [f"not a table of round {number}"]}, table=table
            )
        at = isoformat(services.clock.now())
        return {"round": number, "minutes": body["minutes"], "reason": body["reason"], "table": table, "at": at}

    where = Where(services, principal, tournament_id, number, ctx, expected, asked)
    return _write(where, ROUND_CLOCK_EXTENDED, "extend its clock", extended)


def call_time(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    ctx: RequestContext,
    expected: int | None = None,
    asked: Asked | None = None,
) -> dict[str, Any]:
    """Call time on round `number` now (`RoundTimeCalled`): its games end and are scored as they stand."""

    def called(_loaded: Loaded, paired: Round) -> dict[str, Any]:
        _ticking(paired, "called again")
        return {"round": number, "at": isoformat(services.clock.now())}

    where = Where(services, principal, tournament_id, number, ctx, expected, asked)
    return _write(where, ROUND_TIME_CALLED, "call time", called)


@dataclass(frozen=True, slots=True)
class Where:
    """A clock write's round and request: who asks, on which round, at which version, with which key."""

    services: Services
    principal: Principal
    tournament_id: str
    number: int
    ctx: RequestContext
    expected: int | None
    asked: Asked | None


def _write(
    where: Where, event_type: str, what: str, event: Callable[[Loaded, Round], dict[str, Any]]
) -> dict[str, Any]:
    """Append `event_type` with the data `event` gives for the round, checked open and at the expected version."""
    where.principal.require(*DIRECTORS)

    def attempt(loaded: Loaded) -> dict[str, Any]:
        data = event(loaded, _running_round(loaded, where.number, where.expected, what))
        append(where.services, loaded, [draft(event_type, data, where.principal, where.ctx)], asked=where.asked)
        return data

    found: dict[str, Any] = retrying(where.services, where.principal, where.tournament_id, attempt)
    return found


def clock_json(clock: RoundClock | None) -> dict[str, Any]:
    """A round's clock as the round resource shows it (every field null while it is not started)."""
    if clock is None:
        return {"minutes": None, "started_at": None, "ends_at": None, "extended": 0, "time_called": None}
    return {
        "minutes": clock.minutes,
        "started_at": clock.started_at,
        "ends_at": clock.ends_at,
        "extended": clock.extended,
        "time_called": clock.time_called,
    }


def _running_round(loaded: Loaded, number: int, expected: int | None, what: str) -> Round:
    """Round `number` of a running Swiss tournament, published and not closed, at the version the writer saw."""
    state = loaded.state
    if expected is not None and expected != loaded.version:
        raise TournamentChanged(
            f"expected {tournament_named(state)} at version {expected}, but it is at version {loaded.version}",
            current_version=loaded.version,
        )
    if state.finished:
        raise Conflict(f"{tournament_named(state)} is finished: too late to {what}", tournament=state.tournament_id)
    paired = state.round(number) if number != LEAGUE_ROUND else None
    if paired is None:
        raise Conflict(f"round {number} is not published: pair it first, then {what}", round=number)
    if paired.closed:
        raise Conflict(f"round {number} is closed: too late to {what}", round=number)
    return paired


def _ticking(paired: Round, what: str) -> None:
    """409 for a clock not started, or whose time is called already."""
    if paired.clock is None:
        raise Conflict(f"round {paired.number}'s clock is not started: start it first", round=paired.number)
    if paired.clock.time_called is not None:
        raise Conflict(
            f"time was called on round {paired.number} at {paired.clock.time_called}: its clock is not {what}",
            time_called=paired.clock.time_called,
        )
