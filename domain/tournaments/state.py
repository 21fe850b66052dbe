"""A tournament as a fold of its own stream (`tournament:<uuid>`, issue 13): the events and what they build.

`evolve` is total, like a game's: it never validates and never fails, so a stream always folds; checking
a command before its event is written is the deciding side's job. Standings are computed from the folded
state (`standings_of`), so they equal a rebuild from the log by construction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from domain.kernel import Event
from domain.tournaments.clock import CLOCK_EVENTS, RoundClock, clock_after
from domain.tournaments.scoring import SYSTEMS, ScoringError, ScoringSystem, Seat, placement_system
from domain.tournaments.standings import Standing, TableResult, standings

TOURNAMENT_CREATED = "TournamentCreated"
PLAYER_REGISTERED = "PlayerRegistered"
PLAYER_DROPPED = "PlayerDropped"
ROUND_PAIRED = "RoundPaired"
TABLE_GAME_CREATED = "TableGameCreated"
RESULT_REPORTED = "ResultReported"
RESULT_CONFIRMED = "ResultConfirmed"
RESULT_APPROVED = "ResultApproved"
RESULT_AMENDED = "ResultAmended"
ROUND_CLOSED = "RoundClosed"
TOURNAMENT_FINISHED = "TournamentFinished"
PLAYERS_SWAPPED = "PlayersSwapped"  # a director's change to a paired round, with its reason
LEAGUE_GAME_LINKED = "LeagueGameLinked"  # an open league's game, linked as it is played
ROUND_WITHDRAWN = "RoundWithdrawn"  # a published round taken back before it started (a no-show), with its reason
CHECK_IN_OPENED = "CheckInOpened"  # the director opens check-in for the next round (td20)
PLAYER_CHECKED_IN = "PlayerCheckedIn"  # an entrant is present: by their own token, or marked by the director
CHECK_IN_CLOSED = "CheckInClosed"  # the director ends check-in without pairing (pairing the round ends it too)
LEAGUE_ROUND = 0  # an open league keeps its games as the tables of one round that never closes


@dataclass(frozen=True, slots=True)
class Result:
    """A table's result: each player's place and measures, and how far it has been accepted."""

    places: Mapping[str, int]
    measures: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)
    reported_by: str | None = None
    confirmed_by: frozenset[str] = frozenset()
    approved: bool = False
    amended_by_dispute: str | None = None
    amended: bool = False  # by a ruling or by the director with a reason: no new confirmations are asked
    forfeit: tuple[str, ...] = ()  # players who did not play (entered by hand); the table is then no game played

    @property
    def provisional(self) -> bool:
        """Not yet approved by the tournament director."""
        return not self.approved


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its players (with their seats once seated), its game, its result."""

    number: int
    players: tuple[str, ...]
    seats: Mapping[str, str] = field(default_factory=dict)
    game: str | None = None
    result: Result | None = None

    def seat_of(self, player: str) -> str | None:
        """The seat (lord, house, faction) `player` holds at this table."""
        return self.seats.get(player)

    def position_of(self, player: str) -> int | None:
        """`player`'s 1-based position in the table's seat order (the turn order the seating balanced)."""
        return self.players.index(player) + 1 if player in self.players else None


@dataclass(frozen=True, slots=True)
class Round:
    """A round's tables and byes, its clock once started (td19), and whether the director closed it."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    closed: bool = False
    clock: RoundClock | None = None


@dataclass(frozen=True, slots=True)
class TournamentState:
    """Everything the stream has said so far."""

    tournament_id: str = ""
    settings: Mapping[str, Any] = field(default_factory=dict)
    registered: tuple[str, ...] = ()
    dropped: frozenset[str] = frozenset()
    rounds: tuple[Round, ...] = ()
    finished: bool = False
    entrants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # player -> club, team
    seed: str | None = None  # the draw's seed, once revealed at the end
    check_in_open: bool = False
    checked_in: frozenset[str] = frozenset()  # since check-in was last opened

    @property
    def not_checked_in(self) -> tuple[str, ...]:
        """Active entrants the next round leaves out: check-in is open, the tournament requires it, and they have
        not checked in. Empty when check-in is closed or only informative (no `require_check_in`)."""
        if not (self.check_in_open and self.settings.get("require_check_in") is True):
            return ()
        return tuple(p for p in self.active_players if p not in self.checked_in)

    def round(self, number: int) -> Round | None:
        """The round numbered `number`, if paired."""
        return next((r for r in self.rounds if r.number == number), None)

    def table(self, number: int, table: int) -> Table | None:
        """Table `table` of round `number`, if paired."""
        found = self.round(number)
        return next((t for t in found.tables if t.number == table), None) if found else None

    def table_of_game(self, game: str) -> tuple[Round, Table] | None:
        """The round and table whose game is `game`."""
        for paired in self.rounds:
            for table in paired.tables:
                if table.game == game:
                    return paired, table
        return None

    @property
    def active_players(self) -> tuple[str, ...]:
        """Registered players who have not dropped, in registration order."""
        return tuple(p for p in self.registered if p not in self.dropped)

    @property
    def scoring(self) -> ScoringSystem:
        """The tournament's scoring system: the director's own placement points, else a named system (the WBC
        placement points when none is named)."""
        points = self.settings.get("placement_points")
        if isinstance(points, Mapping) and points:
            try:
                return placement_system(
                    "placement-custom",
                    {int(size): [_whole(v) for v in _sequence(values)] for size, values in points.items()},
                )
            except (ScoringError, ValueError):
                pass  # checked when the tournament was created; a stream that holds nonsense scores as WBC
        return SYSTEMS.get(str(self.settings.get("scoring", "placement-wbc")), SYSTEMS["placement-wbc"])

    @property
    def tiebreaks(self) -> list[str]:
        """The standings' tiebreak chain: the director's, else score, opponents' score, the seeded draw."""
        chain = self.settings.get("tiebreaks")
        return [str(c) for c in chain] if isinstance(chain, list) and chain else ["score", "opponents_score", "draw"]

    @property
    def bye_points(self) -> Fraction:
        """What a bye is worth: the director's figure, or a seat's expected score at a full table."""
        given = self.settings.get("bye_points")
        if isinstance(given, int | str) and not isinstance(given, bool):
            try:
                return Fraction(given)
            except ValueError:
                pass
        size = self.settings.get("table_size", 4)
        try:
            return self.scoring.expected(size if isinstance(size, int) and size >= 2 else 4)
        except ScoringError:
            return Fraction(0)  # no points for that table size (refused when a tournament is created): none to give


def evolve(state: TournamentState, event: Event) -> TournamentState:
    """The state after `event` (total: an event that no longer applies changes nothing)."""
    data = event.data
    match event.type:
        case "TournamentCreated":
            return TournamentState(str(data.get("tournament_id", "")), dict(data))
        case "PlayerRegistered":
            return _registered(state, data)
        case "PlayerDropped":
            return replace(state, dropped=state.dropped | {str(data.get("player", ""))})
        case "RoundPaired":
            return _round_paired(state, data)
        case "CheckInOpened":
            return replace(state, check_in_open=True, checked_in=frozenset())
        case "PlayerCheckedIn" if state.check_in_open:
            return replace(state, checked_in=state.checked_in | {str(data.get("player", ""))})
        case "CheckInClosed":
            return replace(state, check_in_open=False)
        case "PlayersSwapped":
            return _players_swapped(state, data)
        case "TableGameCreated":
            return _at_table(state, data, lambda table: replace(table, game=str(data.get("game"))))
        case "LeagueGameLinked":
            return _league_game_linked(state, data)
        case "ResultReported" | "ResultAmended":
            result = result_from(data, amended=event.type == RESULT_AMENDED)
            return _at_table(state, data, lambda table: replace(table, result=result))
        case "ResultConfirmed":
            player = str(data.get("player", ""))
            return _at_table(state, data, lambda table: _with_result(table, confirmed=player))
        case "ResultApproved":
            return _at_table(state, data, lambda table: _with_result(table, approved=True))
        case "RoundWithdrawn":  # the round is paired again as if never published (its RoundPaired stays in the log)
            return replace(state, rounds=tuple(r for r in state.rounds if r.number != data.get("round")))
        case "RoundClosed":
            number = data.get("round")
            return replace(
                state, rounds=tuple(replace(r, closed=True) if r.number == number else r for r in state.rounds)
            )
        case kind if kind in CLOCK_EVENTS:
            number = data.get("round")
            rounds = (
                replace(r, clock=clock_after(r.clock, kind, data)) if r.number == number else r for r in state.rounds
            )
            return replace(state, rounds=tuple(rounds))
        case "TournamentFinished":
            seed = data.get("seed")
            return replace(state, finished=True, seed=seed if isinstance(seed, str) else None)
    return state


def _registered(state: TournamentState, data: Mapping[str, Any]) -> TournamentState:
    player = str(data.get("player", ""))
    entrant = {k: data[k] for k in ("club", "team") if isinstance(data.get(k), str)}
    entrants = {**state.entrants, player: entrant}
    if player in state.registered:  # a dropped player entered again
        return replace(state, dropped=state.dropped - {player}, entrants=entrants)
    return replace(state, registered=(*state.registered, player), entrants=entrants)


def _round_paired(state: TournamentState, data: Mapping[str, Any]) -> TournamentState:
    paired = Round(
        _whole(data.get("round", len(state.rounds) + 1)),
        _tables(data.get("tables")),
        tuple(str(p) for p in _sequence(data.get("byes"))),
    )
    return replace(state, rounds=(*state.rounds, paired), check_in_open=False)  # check-in was for this round


def _players_swapped(state: TournamentState, data: Mapping[str, Any]) -> TournamentState:
    """The swapped tables replace those of the same number; the byes are restated whole."""
    changed = {t.number: t for t in _tables(data.get("tables"))}
    byes = tuple(str(p) for p in _sequence(data.get("byes")))
    rounds = tuple(
        replace(r, tables=tuple(changed.get(t.number, t) for t in r.tables), byes=byes)
        if r.number == data.get("round")
        else r
        for r in state.rounds
    )
    return replace(state, rounds=rounds)


def _league_game_linked(state: TournamentState, data: Mapping[str, Any]) -> TournamentState:
    """A league game joins the league's one open-ended round as a table of its own."""
    (linked,) = _tables([data]) or (Table(0, ()),)
    linked = replace(linked, game=str(data.get("game")))
    league = state.round(LEAGUE_ROUND) or Round(LEAGUE_ROUND, ())
    others = tuple(r for r in state.rounds if r.number != LEAGUE_ROUND)
    return replace(state, rounds=(replace(league, tables=(*league.tables, linked)), *others))


def result_from(data: Mapping[str, Any], amended: bool = False) -> Result:
    """A table's reported (or amended) result: places and measures by player."""
    return Result(
        {str(p): _whole(n) for p, n in _mapping(data.get("places")).items()},
        {
            str(p): {str(k): _fraction(v) for k, v in _mapping(m).items()}
            for p, m in _mapping(data.get("measures")).items()
        },
        reported_by=data.get("by") if isinstance(data.get("by"), str) else None,
        # An amendment follows an arbiter's ruling; the director still approves it.
        amended_by_dispute=str(data["dispute"]) if amended and data.get("dispute") else None,
        amended=amended,
        forfeit=tuple(str(p) for p in _sequence(data.get("forfeit"))),
    )


def fold(events: list[Event]) -> TournamentState:
    """A tournament's state from its whole stream."""
    state = TournamentState()
    for event in events:
        state = evolve(state, event)
    return state


def standings_of(
    state: TournamentState, seed: bytes, after_round: int | None = None, approved_only: bool = False
) -> list[Standing]:
    """The standings after `after_round` (default: every round so far), from results and byes in the state; with
    `approved_only`, a result counts once the director has approved it (the public standings)."""
    rounds = [r for r in state.rounds if after_round is None or r.number <= after_round]
    results: list[TableResult] = []
    byes: dict[str, Fraction] = {}
    for paired in rounds:
        for player in paired.byes:
            byes[player] = byes.get(player, Fraction(0)) + state.bye_points
        for table in paired.tables:
            if table.result is None or (approved_only and table.result.provisional):
                continue
            points = _points(state, table.result)
            results.append(
                TableResult(f"r{paired.number}t{table.number}", table.result.places, points, table.result.measures)
            )
    return standings(list(state.registered), results, state.tiebreaks, seed, byes)


def scoring_problem(state: TournamentState, result: Result) -> str | None:
    """Why the tournament's scoring cannot score `result` (a measure it needs is missing, every measure is 0), or
    None. The deciding side refuses such a result (by hand) or its approval (a game's), so none counts as 0."""
    name = state.settings.get("scoring_measure")
    if state.scoring.kind == "sum_of_squares" and isinstance(name, str):
        lacking = sorted(p for p in result.places if name not in result.measures.get(p, {}))
        if lacking:
            return f"{state.scoring.name} scores the measure {name!r}, which the result lacks for {', '.join(lacking)}"
    try:
        state.scoring.score([Seat(p, n, _measure(state, result, p)) for p, n in result.places.items()])
    except ScoringError as error:
        return str(error)
    return None


def _measure(state: TournamentState, result: Result, player: str) -> Fraction:
    return result.measures.get(player, {}).get(str(state.settings.get("scoring_measure") or ""), Fraction(0))


def _points(state: TournamentState, result: Result) -> dict[str, Fraction]:
    """A table's points; with `normalise`, a smaller table's made comparable to a full one's."""
    seats = [Seat(p, n, _measure(state, result, p)) for p, n in result.places.items()]
    try:
        points = state.scoring.score(seats)
    except ScoringError:
        return {}  # scores nothing: the deciding side refuses such results (`scoring_problem`)
    size, reference = len(seats), state.settings.get("table_size")
    if state.settings.get("normalise") and isinstance(reference, int) and reference != size:
        return {p: state.scoring.normalised(v, size, reference) for p, v in points.items()}
    return points


def _tables(value: Any) -> tuple[Table, ...]:
    return tuple(
        Table(
            _whole(t.get("number", i + 1)),
            tuple(str(p) for p in _sequence(t.get("players"))),
            {str(p): str(s) for p, s in _mapping(t.get("seats")).items()},
        )
        for i, t in enumerate(_sequence(value))
        if isinstance(t, Mapping)
    )


def _at_table(state: TournamentState, data: Mapping[str, Any], change: Any) -> TournamentState:
    number, table_number = data.get("round"), data.get("table")
    rounds = tuple(
        replace(r, tables=tuple(change(t) if t.number == table_number else t for t in r.tables))
        if r.number == number
        else r
        for r in state.rounds
    )
    return replace(state, rounds=rounds)


def _with_result(table: Table, confirmed: str | None = None, approved: bool = False) -> Table:
    if table.result is None:
        return table
    result = table.result
    if confirmed is not None:
        result = replace(result, confirmed_by=result.confirmed_by | {confirmed})
    if approved:
        result = replace(result, approved=True)
    return replace(table, result=result)


# evolve never fails: values a stream should not hold read as nothing rather than raise.


def _mapping(value: Any) -> dict[Any, Any]:
    return dict(value) if isinstance(value, Mapping) else {}


def _sequence(value: Any) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, list | tuple) else ()


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _fraction(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return Fraction(0)
    try:  # a float as it was written (0.1 is 1/10, not its binary neighbour)
        return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):
        return Fraction(0)
