"""Tournament commands (issue 13): create, register, drop, finish, and the append every command shares.

A tournament is its own stream, `tournament:<id>`. Each command folds the stream, checks the request against
the folded state, and appends its event with the read model rewritten in the same transaction
(`projection.project`). The draw's seed is committed in `TournamentCreated` and revealed in
`TournamentFinished`, so anyone can re-derive every round's draw afterwards (`annals tournament check-pairing`).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection

from domain import registry
from domain.canonical import canonical_json
from domain.dice import seed_commitment
from domain.kernel import Seat
from domain.tournaments.scoring import SYSTEMS, ScoringError, placement_system
from domain.tournaments.standings import StandingsError, check_chain
from domain.tournaments.state import LEAGUE_ROUND, TournamentState
from service.answers import answer_text
from service.auth import Principal
from service.errors import AnnalsError, Conflict, NotFound, TooMuchContention, Unprocessable, WrongExpectedVersion
from service.games import RETRIES, RequestContext, implied_variant
from service.store import players, secrets
from service.store.events import AppendResult, EventDraft, RecordedEvent
from service.tournaments.naming import tournament_named
from service.tournaments.planning import EXACT_PAIRING, seat_sets
from service.tournaments.projection import (
    SEED_KIND,
    SEED_NAME,
    fold_recorded,
    project,
    stream_of_tournament,
    tournament_seed,
)
from service.wiring import Services

DIRECTORS = ("admin", "organiser")


class TournamentNotFound(NotFound):
    """No such tournament, or one the caller may not read."""

    slug, title = "tournament-not-found", "Tournament not found"


class TournamentChanged(AnnalsError):
    """A write whose If-Match names a version the tournament is no longer at."""

    status, slug, title = 412, "wrong-expected-version", "The tournament has changed"


@dataclass(frozen=True, slots=True)
class Loaded:
    """A tournament as its stream says: the events and their fold."""

    tournament_id: str
    events: list[RecordedEvent]
    state: TournamentState

    @property
    def version(self) -> int:
        """The stream's version (its last event's)."""
        return len(self.events)


def load(services: Services, principal: Principal, tournament_id: str) -> Loaded:
    """The tournament, when the caller may read it (404 otherwise)."""
    events = services.store.read(stream_of_tournament(tournament_id))
    if not events or events[0].type != "TournamentCreated":
        raise TournamentNotFound(f"no tournament {tournament_id!r}")
    state = fold_recorded(events)
    if state.settings.get("visibility") == "private" and not _may_read_private(principal, state):
        raise TournamentNotFound(f"no tournament {tournament_id!r}")
    return Loaded(tournament_id, events, state)


@dataclass(frozen=True, slots=True)
class Asked:
    """A director's (or player's) request to a tournament, as its append answers it.

    `key` is the request's Idempotency-Key scoped to the caller, the tournament and the operation (None without
    one) and `fingerprint` the request's identity; `answer` builds the response body from the tournament after
    the append, in its transaction, and the body is kept with the key: a retry gets it byte for byte
    (`AnsweredBefore`, `earlier`). `results` collects what the request appended (a copy made by `answering`
    shares it). `expected` is the version the request's If-Match names (None without one): its first append is
    refused (`TournamentChanged`, 412) unless the tournament is still there, so a director who read a result does
    not overwrite the one another director entered since."""

    key: str | None
    fingerprint: str
    answer: Callable[[Loaded], Any]
    results: list[AppendResult] = field(default_factory=list)
    expected: int | None = None

    @classmethod
    def of(
        cls,
        principal: Principal,
        tournament_id: str,
        operation: str,
        key: str | None,
        request: Mapping[str, Any],
        answer: Callable[[Loaded], Any],
        expected: int | None = None,
    ) -> Asked:
        """The request `operation` (with its path's values and body in `request`), keyed when `key` is given,
        conditional on the tournament's version `expected` when given."""
        scoped = f"{principal.token_id}:{tournament_id}:{operation}:{key}" if key else None
        return cls(scoped, fingerprint_of({operation: dict(request)}), answer, expected=expected)

    @classmethod
    def creating(
        cls, principal: Principal, key: str | None, body: Mapping[str, Any], answer: Callable[[Loaded], Any]
    ) -> Asked:
        """A tournament's creation (its key scoped to the caller alone: the tournament has no id yet)."""
        return cls(f"{principal.token_id}:tournament-create:{key}" if key else None, fingerprint_of(body), answer)

    @classmethod
    def registering(
        cls,
        principal: Principal,
        tournament_id: str,
        key: str | None,
        body: Mapping[str, Any],
        expected: int | None = None,
    ) -> Asked:
        """A registration, answered with its `PlayerRegistered` data."""
        scoped = f"{principal.token_id}:{tournament_id}:register:{key}" if key else None
        return cls(scoped, fingerprint_of(body), lambda after: after.events[-1].data, expected=expected)

    def answering(self, answer: Callable[[Loaded], Any]) -> Asked:
        """The same request answered otherwise (its results still collected here), by a later append of it: its
        If-Match was checked before its first (`check_expected`), so it holds no version of its own."""
        return replace(self, answer=answer, expected=None)

    def check_expected(self, loaded: Loaded) -> None:
        """412 when the request's If-Match names another version than `loaded`'s, before it writes anything."""
        if self.expected is not None and not self.results and self.expected != loaded.version:
            raise TournamentChanged(
                f"expected {tournament_named(loaded.state)} at version {self.expected}, but it is at version "
                f"{loaded.version}",
                current_version=loaded.version,
            )

    def answer_of(self, services: Services, result: AppendResult) -> str:
        """The body kept with `result`; for a key kept before its operation kept answers (a creation's or a
        registration's), built again from the tournament as that append left it."""
        if result.answer is not None:
            return result.answer
        events = services.store.read(result.stream_id, 0, result.version)
        tournament_id = str(events[0].data["tournament_id"])
        return answer_text(self.answer(Loaded(tournament_id, events, fold_recorded(events))))

    def earlier(self, services: Services) -> AppendResult | None:
        """What an earlier request with this key appended and answered, or None (422 for another request)."""
        return services.store.idempotent_result(self.key, self.fingerprint) if self.key else None


class AnsweredBefore(Exception):
    """A keyed request that lost a race to the same key: the first request's result is the answer."""

    def __init__(self, result: AppendResult) -> None:
        super().__init__(f"answered before: {result.stream_id}")
        self.result = result


def append(
    services: Services,
    loaded: Loaded,
    drafts: Sequence[EventDraft],
    extra: Callable[[Connection, tuple[RecordedEvent, ...]], None] | None = None,
    asked: Asked | None = None,
) -> AppendResult:
    """Append after `loaded` (412-style race: WrongExpectedVersion), rewriting the read model in the transaction;
    with `asked`, its key, fingerprint and answer (AnsweredBefore when the key was used first by a racer)."""

    def on_append(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        if extra is not None:
            extra(conn, recorded)
        every = [*loaded.events, *recorded]
        project(conn, every, tournament_seed(conn, loaded.tournament_id, fold_recorded(every)))

    stream = stream_of_tournament(loaded.tournament_id)
    if asked is None:
        return services.store.append(stream, loaded.version, list(drafts), on_append=on_append)
    asked.check_expected(loaded)
    answering = asked.answer

    def answer(recorded: tuple[RecordedEvent, ...]) -> str:
        every = [*loaded.events, *recorded]
        return answer_text(answering(Loaded(loaded.tournament_id, every, fold_recorded(every))))

    result = services.store.append(
        stream, loaded.version, list(drafts), asked.key, asked.fingerprint, on_append=on_append, answer=answer
    )
    if result.replayed:
        raise AnsweredBefore(result)
    asked.results.append(result)
    return result


def retrying(services: Services, principal: Principal, tournament_id: str, attempt: Callable[[Loaded], Any]) -> Any:
    """Run a command on the newest tournament, again when another writer got there first."""
    named = "the tournament"
    for _ in range(RETRIES):
        loaded = load(services, principal, tournament_id)
        named = tournament_named(loaded.state)
        try:
            return attempt(loaded)
        except WrongExpectedVersion:
            continue
    raise TooMuchContention(f"{named} moved on {RETRIES} times; send the request again", tournament=tournament_id)


def draft(event_type: str, data: dict[str, Any], principal: Principal, ctx: RequestContext) -> EventDraft:
    """An event with who asked for it in its metadata."""
    metadata: dict[str, Any] = {"actor": principal.token_id, "role": principal.role, "request_id": ctx.request_id}
    if principal.player_id:
        metadata["player"] = principal.player_id
    return EventDraft(event_type, data, metadata)


def fingerprint_of(body: Any) -> str:
    """The request's identity for an Idempotency-Key."""
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


# --- create ---


def create(
    services: Services, principal: Principal, body: dict[str, Any], ctx: RequestContext, asked: Asked | None = None
) -> str:
    """Create a tournament from a validated body (schemas.tournaments.TournamentCreateSchema); its id. With
    `asked` (`Asked.creating`), its Idempotency-Key and answer."""
    principal.require(*DIRECTORS)
    principal.require_unbound("create a tournament")
    settings = _settings(services, body)
    tournament_id = str(uuid.uuid4())
    seed = services.entropy.token_bytes(32)
    data = {"tournament_id": tournament_id, **settings, "seed_commitment": seed_commitment(seed)}
    stream = stream_of_tournament(tournament_id)

    def keep_seed(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        secrets.put(conn, stream, SEED_KIND, SEED_NAME, seed.hex(), recorded[0].recorded_at)

    empty = Loaded(tournament_id, [], TournamentState())
    result = append(services, empty, [draft("TournamentCreated", data, principal, ctx)], extra=keep_seed, asked=asked)
    return str(result.events[0].data["tournament_id"])


def _settings(services: Services, body: dict[str, Any]) -> dict[str, Any]:
    """The TournamentCreated settings, every problem of the request named by its field (422)."""
    errors: dict[str, list[str]] = {}
    try:
        ruleset = registry.current(body["ruleset"])
    except registry.UnknownRuleset as error:
        raise Unprocessable(str(error), {"ruleset": [str(error)]}) from None
    options = dict(body["options"])
    variant = implied_variant(ruleset, body["variant"], body["board"])
    if variant is not None and "variant" not in options and not ruleset.option_errors({"variant": variant}):
        options["variant"] = variant
    if problems := ruleset.option_errors(options):
        errors["options"] = problems
    options = {**ruleset.default_options, **options}
    board = body["board"]
    document: dict[str, Any] | None = None
    if isinstance(board, dict):
        errors["board"] = ["a tournament names its board: a shipped board's name or a stored board's id"]
    elif board is None and (problems := ruleset.board_errors(None)):
        errors["board"] = problems
    elif isinstance(board, str):
        if board in ruleset.shipped_boards:
            document = dict(ruleset.shipped_boards[board])
        else:
            try:
                document = services.loader.board(board)
            except NotFound:
                shipped = ", ".join(ruleset.shipped_boards)
                errors["board"] = [f"no board {board!r} (shipped with {ruleset.id}: {shipped})"]
        # What a game's creation checks of options and board together (KK-GEN-1: a variant on its own map), here
        # rather than when the first round starts, after the field has registered and been paired.
        if (
            document is not None
            and "options" not in errors
            and (problems := ruleset.game_errors(options, document, ()))
        ):
            errors["board"] = problems
    size = body["table_size"]
    body = {**body, "remainder": _remainder(body, errors)}
    # Smaller tables are of k - 1, and a table of one is none (domain/tournaments/tables.py: the field then gets a
    # bye instead), so tables of 2 ask nothing of a size-1 table: no seat set, no placement points.
    smaller = body["remainder"] == "smaller_tables" and body["format"] == "swiss" and size > 2
    sizes = [size, size - 1] if smaller else [size]
    settings = {k: v for k, v in body.items() if v is not None}
    # The pairing method is recorded so that check-pairing re-derives each tournament by its own (td17).
    settings.update(ruleset=ruleset.id, ruleset_version=ruleset.version, options=options, pairing=EXACT_PAIRING)
    for table_size in sizes:
        problems = _seat_set_errors(ruleset, settings, options, document, table_size)
        if problems and table_size == size:
            errors.setdefault("seat_sets", []).extend(problems)
        elif problems:
            errors.setdefault("remainder", []).append(
                f"tables of {table_size} are needed when the field does not divide, but {problems[0]}; "
                "choose remainder 'byes' or give seat_sets"
            )
    seated = [n for n in range(2, size + 1) if not _seat_set_errors(ruleset, settings, options, document, n)]
    settings["min_table_size"] = min(seated, default=size)
    # The sizes a round's smaller tables may take (domain/tournaments/tables.py `split_evenly`, tdx3): seated by the
    # ruleset and its seat sets, and scored, none above table_size. Recorded, so a round re-derives with them.
    settings["table_sizes"] = [n for n in seated if n in _scored_sizes(body, seated)]
    errors.update(_scoring_errors(body, sizes))
    try:
        check_chain(body["tiebreaks"])
    except StandingsError as error:
        errors["tiebreaks"] = [str(error)]
    if errors:
        name, messages = next(iter(errors.items()))
        raise Unprocessable(f"the tournament cannot be created: {name}: {messages[0]}", errors)
    return settings


def _remainder(body: Mapping[str, Any], errors: dict[str, list[str]]) -> str:
    """The remainder the director chose, or by default: smaller tables, except at tables of 2, where the one
    player left over can only have a bye (as in a chess Swiss). Asked for smaller tables of 1: 422 naming it."""
    chosen, size = body.get("remainder"), body["table_size"]
    if size == 2 and chosen == "smaller_tables" and body["format"] == "swiss":
        errors["remainder"] = ["tables of 2 have no smaller table (one player is no game): choose 'byes'"]
    return str(chosen or ("byes" if size == 2 else "smaller_tables"))


def _seat_set_errors(
    ruleset: Any, settings: Mapping[str, Any], options: Mapping[str, Any], board: Mapping[str, Any] | None, size: int
) -> list[str]:
    chosen = seat_sets(settings, size)
    if not chosen:
        return [f"{ruleset.id} has no default seats for a table of {size}: give seat_sets[{size}]"]
    problems = []
    for seats in chosen:
        if len(seats) != size:
            problems.append(f"seat set {list(seats)} has {len(seats)} seats, not {size}")
        if repeated := sorted({s for s in seats if seats.count(s) > 1}):
            problems.append(f"seat set {list(seats)} names {', '.join(repeated)} twice: one player a seat")
        problems += ruleset.seat_errors([Seat(s, None) for s in seats], options)
        # Tournament games start from their options' set-up (no position), checked here rather than at round start.
        problems += ruleset.start_errors(options, board, [Seat(s, None) for s in seats])
    return problems


def _scored_sizes(body: Mapping[str, Any], sizes: Sequence[int]) -> set[int]:
    """Of `sizes`, the table sizes the tournament's scoring scores: a placement system's sizes with points, else all
    (a scoring it does not know scores none: `_scoring_errors` refuses it)."""
    points = body.get("placement_points")
    if points:
        return {n for n in sizes if str(n) in points}
    system = SYSTEMS.get(body["scoring"])
    if system is None:
        return set()
    return {n for n in sizes if n in (system.placement or {})} if system.kind == "placement" else set(sizes)


def _scoring_errors(body: Mapping[str, Any], sizes: Sequence[int]) -> dict[str, list[str]]:
    points = body.get("placement_points")
    if points:
        try:
            system = placement_system("placement-custom", {int(k): v for k, v in points.items()})
        except ScoringError as error:
            return {"placement_points": [str(error)]}
    elif body["scoring"] not in SYSTEMS:
        return {"scoring": [f"unknown scoring {body['scoring']!r} (known: {', '.join(SYSTEMS)}, or placement_points)"]}
    else:
        system = SYSTEMS[body["scoring"]]
    if system.kind == "placement":
        missing = [n for n in sizes if n not in (system.placement or {})]
        if missing:
            field = "placement_points" if points else "scoring"
            return {field: [f"no placement points for tables of {', '.join(map(str, missing))}: give placement_points"]}
    if system.kind == "sum_of_squares" and not body.get("scoring_measure"):
        return {"scoring_measure": ["sum-of-squares scores a measure: name it (e.g. 'castles')"]}
    if body.get("bye_points") is not None:
        Fraction(body["bye_points"])  # the schema's pattern makes this a fraction with a denominator
    return {}


# --- people ---


def register(
    services: Services,
    principal: Principal,
    tournament_id: str,
    body: dict[str, Any],
    ctx: RequestContext,
    asked: Asked | None = None,
) -> dict[str, Any]:
    """Register a known player, or a new one by name (personal data stays in `players`). With `asked`
    (`Asked.registering`), its Idempotency-Key and answer: a retry registers nobody twice."""
    principal.require(*DIRECTORS)
    player_id = body.get("player")
    if player_id is not None and not players.existing(services.engine, [player_id]):
        raise Unprocessable(f"no player {player_id!r}; register a new one by 'name'", {"player": ["unknown player"]})

    new_player = player_id is None
    player = player_id or str(uuid.uuid4())  # a new player's row is written with the registration, once

    def add_player(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        players.create_within(conn, player, body["name"], body.get("email"), recorded[0].recorded_at)

    def attempt(loaded: Loaded) -> dict[str, Any]:
        if loaded.state.finished:
            raise Conflict(f"{tournament_named(loaded.state)} is finished", tournament=tournament_id)
        if player in loaded.state.active_players:
            known = known_as(services, loaded.state, player) or player
            raise Conflict(f"{known} is already registered in this tournament", player=player)
        if new_player and not body.get("different_person"):
            check_name_is_new(services, loaded.state, body)
        data = {"player": player, "club": body.get("club"), "team": body.get("team")}
        extra = add_player if new_player else None
        result = append(services, loaded, [draft("PlayerRegistered", data, principal, ctx)], extra=extra, asked=asked)
        return dict(result.events[0].data)

    found: dict[str, Any] = retrying(services, principal, tournament_id, attempt)
    return found


def check_name_is_new(
    services: Services, state: TournamentState, body: Mapping[str, Any], by_name: EntrantsByName | None = None
) -> None:
    """409 naming the entrant already registered under this name (case and spacing aside), as a TD asks "the same
    Ann?" before writing a second one on the sheet. **Decision:** another `club` than the entrant's own says it is
    another person, and so does `different_person: true`; the same person dropped re-enters by `player` id.
    `by_name` is `entrants_by_name(services, state)`, read once for a whole list of entrants."""
    names, namesakes = by_name or entrants_by_name(services, state)
    for entrant in namesakes.get(same_name(str(body["name"])), ()):
        club = state.entrants.get(entrant, {}).get("club")
        if club and body.get("club") and body["club"] != club:
            continue
        status = "dropped" if entrant in state.dropped else "registered"
        at = f" of {club}" if club else ""
        again = "; register them again by 'player' to bring them back" if entrant in state.dropped else ""
        raise Conflict(
            f"{names[entrant]}{at} is already an entrant of this tournament ({status}){again}; a different person "
            "of the same "
            "name is registered with another 'club' or with 'different_person': true",
            entrant={"player": entrant, "name": names[entrant], "club": club, "status": status},
        )


# The entrants' names by player id, and the entrants by their name as `same_name` compares it, in registration order.
EntrantsByName = tuple[Mapping[str, str], Mapping[str, list[str]]]


def entrants_by_name(services: Services, state: TournamentState) -> EntrantsByName:
    """The tournament's entrants by name, in one query: a list of 500 checked each entrant against every entrant,
    with a query of all their names for each (seconds for a list sent twice)."""
    names = players.names_of(services.engine, list(state.registered))
    namesakes: dict[str, list[str]] = {}
    for entrant in state.registered:
        if entrant in names:
            namesakes.setdefault(same_name(names[entrant]), []).append(entrant)
    return names, namesakes


def known_as(services: Services, state: TournamentState, player: str) -> str | None:
    """A player as the director knows them in a refusal: name and club ("Ann of Szeged"); the id stays in the
    problem's structured `player` field. None for a player the store does not know (a mistyped id)."""
    name = players.names_of(services.engine, [player]).get(player)
    if name is None:
        return None
    club = state.entrants.get(player, {}).get("club")
    return f"{name} of {club}" if club else name


def same_name(name: str) -> str:
    """A name as a TD compares two on the sheet: case and spacing aside."""
    return " ".join(name.split()).casefold()


def drop(
    services: Services,
    principal: Principal,
    tournament_id: str,
    player_id: str,
    reason: str,
    ctx: RequestContext,
    asked: Asked | None = None,
) -> None:
    """Drop a player: from the next pairing on they are not paired; their results stay."""
    principal.require(*DIRECTORS)

    def attempt(loaded: Loaded) -> None:
        if loaded.state.finished:
            raise Conflict(f"{tournament_named(loaded.state)} is finished", tournament=tournament_id)
        if player_id not in loaded.state.registered:  # a mistyped or another event's player: nothing to drop
            known = known_as(services, loaded.state, player_id)
            detail = f"{known} is not registered" if known else f"no player {player_id!r} is registered"
            raise NotFound(f"{detail} in this tournament", player=player_id)
        if player_id not in loaded.state.active_players:
            known = known_as(services, loaded.state, player_id) or player_id
            raise Conflict(f"{known} has already dropped out of this tournament", player=player_id)
        data = {"player": player_id, "reason": reason, "after_round": len(loaded.state.rounds)}
        append(services, loaded, [draft("PlayerDropped", data, principal, ctx)], asked=asked)

    retrying(services, principal, tournament_id, attempt)


# --- finish ---


def finish(
    services: Services, principal: Principal, tournament_id: str, ctx: RequestContext, asked: Asked | None = None
) -> None:
    """Finish the tournament: every round closed; the draw's seed is revealed so anyone can re-derive it."""
    principal.require(*DIRECTORS)

    def attempt(loaded: Loaded) -> None:
        state = loaded.state
        if state.finished:
            raise Conflict(f"{tournament_named(state)} is already finished", tournament=tournament_id)
        open_rounds = [r.number for r in state.rounds if not r.closed and r.number != LEAGUE_ROUND]
        if open_rounds:
            raise Conflict(f"round(s) {open_rounds} are not closed", rounds=open_rounds)
        league = state.round(LEAGUE_ROUND)
        waiting = [t for t in league.tables if t.result is None or t.result.provisional] if league else []
        if waiting:
            raise Conflict(
                f"league game(s) {[t.number for t in waiting]} have no approved result yet",
                tables=[t.number for t in waiting],
                games=[t.game for t in waiting],
            )
        if not state.rounds and state.settings.get("format") == "swiss":
            raise Conflict("no round was played")
        seed = tournament_seed(services.engine, tournament_id, state)
        data = {"seed": seed.hex(), "commitment": state.settings.get("seed_commitment")}
        stream = stream_of_tournament(tournament_id)

        def reveal(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
            secrets.mark_revealed(conn, stream, SEED_KIND, SEED_NAME, recorded[-1].recorded_at)

        append(services, loaded, [draft("TournamentFinished", data, principal, ctx)], extra=reveal, asked=asked)

    retrying(services, principal, tournament_id, attempt)


def _may_read_private(principal: Principal, state: TournamentState) -> bool:
    return principal.sees_everything or (principal.player_id is not None and principal.player_id in state.registered)
