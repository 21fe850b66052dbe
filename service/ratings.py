"""Player ratings: one openskill Plackett–Luce rating per (player, ruleset), derived from finished games.

A rating is never stored as truth: it is the fold of the counted games in a fixed order (the global position of
each game's last `GameEnded`, or of a tournament table's standing result, then the game id), so two servers with the
same log compute the same numbers. It is computed on demand and kept while the store's head position stands
(`RatingsCache`); nothing is done in the append path, and a server warms it once in the background when it starts
(`warm_in_background`). Each game's outcome is kept by (game, version) and each public tournament's counted tables by
(tournament, version), and games that ended since the last read are folded on top of the kept fold (the whole log is
folded again only when a counted game changed or left).

**Decision:** a game counts when it is public, not a fork, has ended, every seat names a player (at least two
different players, none holding two seats) and its end ranks every seat (`domain.tournaments.outcomes`: Kard és
Korona's and cedofan RV's ends, or an `end_game` with every seat's score — so a freeform game counts only when its
end carries scores for every seat). A private game is left out because a rating is public and would show its result;
a fork is analysis, not a game played. All versions of a ruleset rate together. Shared places are ties as openskill
takes them (`rate(ranks=...)`).

**Decision:** a tournament table counts once. A table whose game counts counts through its game only; any other
table of a public tournament whose result the director approved counts from that result (the players' places, shared
places as ties), for the tournament's ruleset, at the position of the event that recorded the standing result (its
`ResultReported`, or the `ResultAmended` that replaced it): a physical game typed in, or a recorded game whose end
ranks no one (an AGoT or freeform `end_game` without every seat's score, a game abandoned when time was called). A
table whose game counts but whose approved result gives other places (a director's amendment with its reason) counts
from that result in the game's stead, as the standings do: the approved result is what stands. A dispute ruling that
corrected the game is in the game's end already, so its amendment agrees and the table counts through the game. A
provisional result is not yet public (the public standings leave it out too), so it counts once approved (until then
an amended table's game counts). A bye is
no game and never counts; a table whose approved result names a seat `forfeit` (it did not play) is no game played
and does not count, nor does its game, as rating bodies rate only games played.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import Engine, func, select

from domain.kernel import GAME_ENDED
from domain.tournaments.outcomes import outcome_of
from domain.tournaments.state import RESULT_AMENDED, RESULT_REPORTED
from service.auth import Principal
from service.errors import AnnalsError
from service.loading import stream_of
from service.store.events import RecordedEvent
from service.store.tables import events, game_summaries, tournaments
from service.tournaments.projection import fold_recorded, stream_of_tournament

if TYPE_CHECKING:
    from service.wiring import Services

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3; `ordinal()` is mu - 3 sigma
SYSTEM = Principal(token_id="system:ratings", role="admin")

_log = logging.getLogger("annals.ratings")


@dataclass(frozen=True, slots=True)
class TableRef:
    """A tournament table whose result (entered by hand) is what counted."""

    tournament: str
    round: int
    table: int


@dataclass(frozen=True, slots=True)
class CountedGame:
    """A finished game as the ratings read it: its ruleset, where its end stands in the log, each player's place.

    A tournament table counted from its result has `table`, and `game_id` is the table's game when it has one whose
    end ranked no one (None for a physical game)."""

    game_id: str | None
    ruleset: str
    position: int
    ended_at: str
    places: Mapping[str, int]  # player id -> place (1 best; tied players share a place)
    table: TableRef | None = None
    forfeit: bool = False  # a table where a seat forfeited: no game played, neither it nor its game is rated


@dataclass(frozen=True, slots=True)
class Step:
    """A player's rating right after one counted game."""

    game: str | None
    ended_at: str
    place: int
    players: int
    mu: float
    sigma: float
    rating: float  # the library's conservative ordinal, mu - 3 sigma
    table: TableRef | None = None  # the tournament table, when its result entered by hand counted


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's rating in one ruleset, with every step that led to it (oldest first)."""

    player: str
    ruleset: str
    history: tuple[Step, ...]

    @property
    def now(self) -> Step:
        """The rating after the player's last counted game."""
        return self.history[-1]


@dataclass(frozen=True, slots=True)
class Ratings:
    """Every rating as of the store's head position `head`."""

    head: int
    by_key: Mapping[tuple[str, str], PlayerRating]  # (ruleset, player)

    def leaderboard(self, ruleset: str) -> list[PlayerRating]:
        """A ruleset's rated players, best ordinal first (then higher mu, then player id)."""
        found = [r for (rs, _), r in self.by_key.items() if rs == ruleset]
        return sorted(found, key=lambda r: (-r.now.rating, -r.now.mu, r.player))

    def of_player(self, player: str) -> list[PlayerRating]:
        """A player's ratings, by ruleset id."""
        return sorted((r for (_, p), r in self.by_key.items() if p == player), key=lambda r: r.ruleset)

    def rating_of(self, ruleset: str, player: str) -> float | None:
        """A player's ordinal in a ruleset, or None when unrated."""
        found = self.by_key.get((ruleset, player))
        return None if found is None else found.now.rating


def rate_games(games: Iterable[CountedGame]) -> dict[tuple[str, str], PlayerRating]:
    """Fold the games into ratings, in the fixed order (end position, then game id)."""
    fold = Fold()
    for game in in_order(games):
        fold.add(game)
    return fold.ratings()


def in_order(games: Iterable[CountedGame]) -> list[CountedGame]:
    """The games in the order they are rated: by the position of their end in the log, then by id."""
    return sorted(games, key=lambda g: (g.position, g.game_id or ""))


@dataclass(slots=True)
class Fold:
    """openskill's ratings after `games` (folded in order), and every player's steps."""

    games: list[CountedGame] = field(default_factory=list)
    current: dict[tuple[str, str], PlackettLuceRating] = field(default_factory=dict)
    steps: dict[tuple[str, str], list[Step]] = field(default_factory=dict)

    def add(self, game: CountedGame) -> None:
        """Rate one more game, from the ratings its players have now (a first game: the library's defaults)."""
        order = sorted(game.places)  # the teams in a fixed order
        keys = [(game.ruleset, p) for p in order]
        teams = [[self.current.get(key) or MODEL.rating(name=key[1])] for key in keys]
        rated = MODEL.rate(teams, ranks=[game.places[p] for p in order])
        for key, (rating,) in zip(keys, rated, strict=True):
            self.current[key] = rating
            place, ordinal = game.places[key[1]], rating.ordinal()
            step = Step(game.game_id, game.ended_at, place, len(order), rating.mu, rating.sigma, ordinal, game.table)
            self.steps.setdefault(key, []).append(step)
        self.games.append(game)

    def ratings(self) -> dict[tuple[str, str], PlayerRating]:
        """Each rated (ruleset, player)'s rating with its history."""
        return {key: PlayerRating(key[1], key[0], tuple(steps)) for key, steps in self.steps.items()}


@dataclass(slots=True)
class RatingsCache:
    """The ratings as of the store's head, computed again when the head has moved: each game's outcome is kept by
    (game, version), and when the games counted before are still the first ones counted, unchanged (the usual case:
    games only end later in the log), only the new ones are folded on top of the kept fold."""

    _lock: threading.Lock = field(default_factory=threading.Lock)
    _ratings: Ratings | None = None
    _outcomes: dict[tuple[str, int], CountedGame | None] = field(default_factory=dict)
    _tables: dict[tuple[str, int], list[CountedGame]] = field(default_factory=dict)  # by (tournament, version)
    _fold: Fold = field(default_factory=Fold)

    @property
    def kept(self) -> Ratings | None:
        """The ratings last computed (None before the first read or warm-up), without looking at the log."""
        return self._ratings

    def current(self, services: Services) -> Ratings:
        """The ratings of the log as it stands now."""
        head = head_position(services.engine)
        with self._lock:
            if self._ratings is None or self._ratings.head != head:
                self._ratings = self.refresh(head, self._counted(services))
            return self._ratings

    def refresh(self, head: int, counted: Iterable[CountedGame]) -> Ratings:
        """The ratings of these counted games: the kept fold carried on, or (a counted game changed or left, a
        dispute's correction say) folded again from the start."""
        ordered, kept = in_order(counted), len(self._fold.games)
        if ordered[:kept] != self._fold.games:
            self._fold, kept = Fold(), 0
        for game in ordered[kept:]:
            self._fold.add(game)
        return Ratings(head, self._fold.ratings())

    def _counted(self, services: Services) -> list[CountedGame]:
        outcomes: dict[tuple[str, int], CountedGame | None] = {}
        for row in candidates(services.engine):
            key = (row["game_id"], row["version"])
            outcomes[key] = self._outcomes[key] if key in self._outcomes else _counted_or_left_out(services, row)
        self._outcomes = outcomes  # games no longer candidates (or at a new version) are forgotten
        return once_per_table([game for game in outcomes.values() if game is not None], self._counted_tables(services))

    def _counted_tables(self, services: Services) -> list[CountedGame]:
        kept: dict[tuple[str, int], list[CountedGame]] = {}
        for row in public_tournaments(services.engine):
            key = (row["tournament_id"], row["version"])
            kept[key] = self._tables[key] if key in self._tables else _tables_or_left_out(services, row)
        self._tables = kept
        return [table for tables in kept.values() for table in tables]


def once_per_table(games: Sequence[CountedGame], tables: Sequence[CountedGame]) -> list[CountedGame]:
    """Each table counted once (the module's decision): through its game when the game counts with the places of the
    approved result, from the approved result in its game's stead when a director's amendment gave other places;
    not at all when a seat forfeited (nor its game)."""
    unplayed = {t.game_id for t in tables if t.forfeit and t.game_id is not None}
    by_id = {game.game_id: game for game in games if game.game_id not in unplayed}
    tables = [t for t in tables if not t.forfeit]
    overruled = {t.game_id for t in tables if t.game_id in by_id and dict(by_id[t.game_id].places) != dict(t.places)}
    kept = [game for game in by_id.values() if game.game_id not in overruled]
    return kept + [t for t in tables if t.game_id not in by_id or t.game_id in overruled]


def head_position(engine: Engine) -> int:
    """The position of the newest event in the store (0 when empty)."""
    with engine.connect() as conn:
        return int(conn.execute(select(func.coalesce(func.max(events.c.position), 0))).scalar_one())


def candidates(engine: Engine) -> list[dict[str, Any]]:
    """The ended public games that are not forks and whose every seat names a different player."""
    g = game_summaries
    query = (
        select(g.c.game_id, g.c.ruleset, g.c.version, g.c.seats)
        .where(g.c.status == "ended", g.c.visibility == "public", g.c.parent_game.is_(None))
        .order_by(g.c.game_id)
    )
    with engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(query)]
    return [{**row, "players": found} for row in rows if (found := seated_players(json.loads(row["seats"])))]


def seated_players(seats: Sequence[Mapping[str, Any]]) -> dict[str, str] | None:
    """Seat -> player when every seat names a player and no player holds two seats (at least two players)."""
    players = {str(s["seat"]): s.get("player") for s in seats}
    named = {seat: str(p) for seat, p in players.items() if p}
    if len(named) < 2 or len(named) != len(players) or len(set(named.values())) != len(named):
        return None
    return named


def _counted_or_left_out(services: Services, row: Mapping[str, Any]) -> CountedGame | None:
    """`counted_game`, or None for a game whose stored log no longer reads (edited behind the store's back, a
    ruleset version this build no longer ships): that game's own reads say what is wrong with it; one such game must
    not make the whole leaderboard an error. The operator is told in the log, once per (game, version)."""
    try:
        return counted_game(services, row)
    except (AnnalsError, LookupError, ValueError, TypeError) as error:
        _log.warning("ratings leave out game %s at version %s: %s", row["game_id"], row["version"], error)
        return None


def counted_game(services: Services, row: Mapping[str, Any]) -> CountedGame | None:
    """A candidate game as counted, or None when its end does not rank every seat."""
    loaded = services.loader.load(row["game_id"], SYSTEM)
    if not loaded.game.meta.ended:
        return None
    ended = next((e for e in reversed(services.store.read(stream_of(row["game_id"]))) if e.type == GAME_ENDED), None)
    if ended is None:
        return None
    players: Mapping[str, str] = row["players"]
    outcome = outcome_of(loaded.ruleset.id, loaded.game.state, ended.data, list(players))
    if outcome is None or set(outcome.places) != set(players):
        return None
    places = {players[seat]: place for seat, place in outcome.places.items()}
    return CountedGame(row["game_id"], row["ruleset"], ended.position, ended.recorded_at, places)


def public_tournaments(engine: Engine) -> list[dict[str, Any]]:
    """The public tournaments (id, ruleset, stream version): their approved table results are public already."""
    t = tournaments
    query = (
        select(t.c.tournament_id, t.c.ruleset, t.c.version)
        .where(t.c.visibility == "public")
        .order_by(t.c.tournament_id)
    )
    with engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(query)]


def _tables_or_left_out(services: Services, row: Mapping[str, Any]) -> list[CountedGame]:
    """`counted_tables`, or none for a tournament whose stored log no longer reads (as `_counted_or_left_out`)."""
    try:
        return counted_tables(services.store.read(stream_of_tournament(row["tournament_id"])), row["ruleset"])
    except (AnnalsError, LookupError, ValueError, TypeError) as error:
        _log.warning("ratings leave out tournament %s at version %s: %s", row["tournament_id"], row["version"], error)
        return []


def counted_tables(recorded: Sequence[RecordedEvent], ruleset: str) -> list[CountedGame]:
    """Every table of a tournament with an approved result that ranks each of its players (at least two), as counted
    from that result for the tournament's ruleset, at the event that recorded it (the module's decision). The caller
    drops the tables whose game counts by itself."""
    if not recorded:
        return []
    state, tournament = fold_recorded(recorded), recorded[0].stream_id.removeprefix(stream_of_tournament(""))
    standing: dict[tuple[Any, Any], RecordedEvent] = {}  # (round, table) -> the event of the result that stands
    for event in recorded:
        if event.type in (RESULT_REPORTED, RESULT_AMENDED):
            standing[(event.data.get("round"), event.data.get("table"))] = event
    found = []
    for paired in state.rounds:
        for table in paired.tables:
            result, entered = table.result, standing.get((paired.number, table.number))
            if result is None or not result.approved or entered is None:
                continue
            places = dict(result.places)
            if len(table.players) < 2 or set(places) != set(table.players):
                continue
            ref, forfeit = TableRef(tournament, paired.number, table.number), bool(result.forfeit)
            found.append(CountedGame(table.game, ruleset, entered.position, entered.recorded_at, places, ref, forfeit))
    return found


def warm_in_background(services: Services) -> threading.Thread:
    """Compute the ratings once in a daemon thread, so a server's first reader does not wait for the whole fold (a
    reader that comes meanwhile waits for the same lock and gets the same answer); a failure is logged, never raised:
    the first read then computes them."""

    def warm() -> None:
        started = time.perf_counter()
        try:
            ratings = services.ratings.current(services)
        except Exception:  # a background start-up task: the log says what went wrong, readers compute it again
            _log.exception("ratings could not be warmed at start-up; the first read computes them")
            return
        seconds = time.perf_counter() - started
        _log.info("ratings warmed: %d rated at log position %d in %.2f s", len(ratings.by_key), ratings.head, seconds)

    thread = threading.Thread(target=warm, name="annals-ratings-warm", daemon=True)
    thread.start()
    return thread
