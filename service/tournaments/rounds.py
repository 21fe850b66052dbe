"""A tournament's rounds (issue 13): pair, swap, start (the table games), close.

Pairing a round is shown before it is published: `preview` answers the plan and its `plan_digest` and writes
nothing; publishing a plan with problems the director can act on (a rematch, a faction repeat a swap could spare,
a second bye, club-mates together) needs `accept_problems`, while an unavoidable faction repeat (the player's
seat is as fresh as any seat a table of that size offers them: `planning._above_floor`) is shown and counted
(`unavoidable_repeats`) but waits for nobody; publishing with the previewed `plan_digest` publishes that plan or
nothing. Until the
round's games are created the director may swap two players, each swap an event with its reason, or withdraw the
round (a no-show after the publish) to drop the player and pair it again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.canonical import canonical_bytes, sha256_hex
from domain.tournaments.state import LEAGUE_ROUND, Round, TournamentState
from domain.tournaments.tables import TableSizeError
from service.auth import Principal
from service.errors import Conflict, Unprocessable
from service.games import RequestContext
from service.store import players as stored_players
from service.tournaments.check_in import unpairable
from service.tournaments.commands import DIRECTORS, Asked, Loaded, append, draft, known_as, retrying
from service.tournaments.entrants import told_apart
from service.tournaments.naming import tournament_named
from service.tournaments.pairing import PairingError
from service.tournaments.planning import plan_round, reseat
from service.tournaments.projection import tournament_seed
from service.tournaments.results import sync_results
from service.tournaments.seating import SeatingError
from service.wiring import Services

NOT_CHECKED_IN = "did not check in"  # the reason of the drops a round with check-in required publishes


class PairingProblems(Conflict):
    """A round whose plan has problems the director has not accepted."""

    slug, title = "pairing-problems", "The pairing has problems"


class PlanChanged(Conflict):
    """Publishing a round whose plan is no longer the one the director previewed."""

    slug, title = "plan-changed", "The pairing changed since its preview"


def plan_digest(plan: dict[str, Any]) -> str:
    """SHA-256 of the plan's canonical JSON (the `RoundPaired` data): what a preview promises a publish."""
    return sha256_hex(canonical_bytes(plan))


def pair(
    services: Services,
    principal: Principal,
    tournament_id: str,
    body: dict[str, Any],
    ctx: RequestContext,
    time_limit: float = 20.0,
    asked: Asked | None = None,
) -> dict[str, Any]:
    """Pair the next round: its plan (preview), or the plan published as `RoundPaired`."""
    principal.require(*DIRECTORS)

    def attempt(loaded: Loaded) -> dict[str, Any]:
        number = _next_round(loaded)
        seed = tournament_seed(services.engine, tournament_id, loaded.state)
        try:
            plan = plan_round(loaded.state, number, seed, time_limit, _ratings(services, loaded.state, number))
        except (TableSizeError, PairingError, SeatingError) as error:
            raise unpairable(loaded.state, number, error) from None
        digest = plan_digest(plan)
        if body.get("preview"):
            return {**plan, "published": False, "plan_digest": digest}
        # The planner has a time limit (its search may stop at another plan) and results may arrive between the
        # preview and the publish: the plan the director checked is published, or nothing is.
        if body.get("plan_digest") and body["plan_digest"] != digest:
            raise PlanChanged(
                f"round {number}'s pairing is not the one previewed (plan_digest {body['plan_digest']}, now "
                f"{digest}): preview it again, check it and publish that",
                plan_digest=digest,
            )
        to_accept = [problem for problem in plan["problems"] if not problem.get("unavoidable")]
        if to_accept and not body.get("accept_problems"):
            to_accept = _named(services, loaded.state, to_accept)
            raise PairingProblems(
                f"round {number} has {len(to_accept)} problem(s) to accept, first: {to_accept[0]['detail']}; "
                "publish with accept_problems, or swap players after publishing",
                problems=to_accept,
                unavoidable_repeats=plan["unavoidable_repeats"],
            )
        # Check-in required (td20): who did not check in is dropped, as the director drops a no-show, before the
        # round that leaves them out, so the round re-derives from the events before it.
        drops = [
            draft("PlayerDropped", {"player": p, "reason": NOT_CHECKED_IN, "after_round": number - 1}, principal, ctx)
            for p in plan.get("not_checked_in", [])
        ]
        append(services, loaded, [*drops, draft("RoundPaired", plan, principal, ctx)], asked=asked)
        return {**plan, "published": True, "plan_digest": digest}

    found: dict[str, Any] = retrying(services, principal, tournament_id, attempt)
    return found


def _named(services: Services, state: TournamentState, problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The problems a refusal lists, each `detail` naming its players as the director knows them (namesakes told
    apart, `told_apart`); the ids stay in `players`. Only the refusal: the plan is recorded as planned (its digest
    and its re-derivation from the seed cover it), with the ids in its details."""
    told = told_apart(state, stored_players.names_of(services.engine, list(state.entrants)))
    named = []
    for problem in problems:
        detail = str(problem.get("detail", ""))
        for player in problem.get("players", []):
            detail = detail.replace(player, told.get(player, player))
        named.append({**problem, "detail": detail})
    return named


def _ratings(services: Services, state: TournamentState, number: int) -> dict[str, float | None] | None:
    """The entrants' ratings in the tournament's ruleset, for round 1 of a tournament seeded by rating (`planning.
    seeded_by_rating` freezes them into the round); None otherwise, so no other round computes ratings."""
    if state.settings.get("seeding") != "rating" or number != 1:
        return None
    ratings, ruleset = services.ratings.current(services), str(state.settings.get("ruleset"))
    return {player: ratings.rating_of(ruleset, player) for player in state.active_players}


def _next_round(loaded: Loaded) -> int:
    state, settings = loaded.state, loaded.state.settings
    if state.finished:
        raise Conflict(f"{tournament_named(state)} is finished", tournament=loaded.tournament_id)
    if settings.get("format") != "swiss":
        raise Conflict("a league is not paired: link its games as they are played")
    if state.rounds and not state.rounds[-1].closed:
        raise Conflict(f"round {state.rounds[-1].number} is not closed yet")
    # A result amended after its round closed (a late ruling) is provisional again: score groups, and the final
    # table's cut line above all, wait until the director approves it.
    waiting = [
        f"round {r.number} table {t.number}"
        for r in state.rounds
        for t in r.tables
        if t.result and t.result.provisional
    ]
    if waiting:
        raise Conflict(f"{', '.join(waiting)}: an amended result awaits approval; the next round is paired after it")
    number = len(state.rounds) + 1
    last = int(settings.get("rounds") or 0) + (1 if settings.get("final_table") else 0)
    if number > last:
        raise Conflict(f"all {last} round(s) are paired; finish the tournament")
    return number


def swap(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    body: dict[str, Any],
    ctx: RequestContext,
    asked: Asked | None = None,
) -> dict[str, Any]:
    """Swap two players of a paired round whose games are not created yet; both tables are seated again.

    **Decision:** once the round's clock started (td19) the players are playing, games created or not: a swap is
    then 409 naming `started_at`, as a withdrawal is, unless the director says `after_start` (a TD does move a seat
    found wrong in the first minutes, knowingly: the event keeps `after_start`, so the record shows it).
    **Decision:** a swap that seats a moved player with an earlier opponent, or moves one to a second bye, needs
    `accept_problems` as pairing does (409 `pairing-problems` otherwise); a faction repeat does not, as the two
    tables are seated afresh at their cheapest and the director chose who sits there."""
    principal.require(*DIRECTORS)
    first, second = body["players"]

    def attempt(loaded: Loaded) -> dict[str, Any]:
        paired = _open_round(loaded.state, number, "swap its players")
        groups = [list(t.players) for t in paired.tables] + [list(paired.byes)]
        where = {p: i for i, group in enumerate(groups) for p in group}
        _check_swappable(services, loaded.state, number, where, first, second)
        a, b = where[first], where[second]
        _refuse_created_games(paired, (a, b))
        if paired.clock is not None and not body.get("after_start"):
            raise Conflict(
                f"round {number}'s clock was started at {paired.clock.started_at}: its players are playing; "
                "swap with after_start to move their seats anyway",
                started_at=paired.clock.started_at,
            )
        # A swapped table is seated again from scratch: a result entered by hand before its game existed would be
        # lost with it (and could not be entered again once the round closed).
        reported = [paired.tables[i].number for i in (a, b) if i < len(paired.tables) and paired.tables[i].result]
        if reported:
            raise Conflict(
                f"round {number} table(s) {reported} have a result: a swap would discard it", tables=reported
            )
        groups[a][groups[a].index(first)], groups[b][groups[b].index(second)] = second, first
        seed = tournament_seed(services.engine, tournament_id, loaded.state)
        changed = [i for i in (a, b) if i < len(paired.tables)]
        try:
            seated = reseat(loaded.state, number, seed, [groups[i] for i in changed])
        except SeatingError as error:
            raise Conflict(f"round {number}: the swapped tables cannot be seated: {error}") from None
        for index, table in zip(changed, seated, strict=True):
            table["number"] = paired.tables[index].number
            table["band"] = []
        # Named as the director knows them (td16), namesakes told apart as the pages tell them; ids in `players`.
        told = told_apart(loaded.state, stored_players.names_of(services.engine, list(loaded.state.entrants)))
        problems = swap_problems(loaded.state, number, seated, groups[-1], (first, second), told)
        if problems and not body.get("accept_problems"):
            raise PairingProblems(
                f"the swap makes {len(problems)} problem(s) to accept, first: {problems[0]['detail']}; swap with "
                "accept_problems to make it anyway, as a round with them is published",
                problems=problems,
            )
        data = {"round": number, "players": [first, second], "reason": body["reason"], "tables": seated}
        data["byes"] = groups[-1]
        if paired.clock is not None:
            data["after_start"] = True
        append(services, loaded, [draft("PlayersSwapped", data, principal, ctx)], asked=asked)
        return data

    found: dict[str, Any] = retrying(services, principal, tournament_id, attempt)
    return found


def _refuse_created_games(paired: Round, indexes: tuple[int, int]) -> None:
    """409 naming the swapped tables' `games` (and `tables`) when any is created: its players and seats are the
    game's own, so a swap cannot move them (with or without `after_start`); the problem says how a TD goes on."""
    created = [paired.tables[i] for i in indexes if i < len(paired.tables) and paired.tables[i].game]
    if not created:
        return
    named = ", ".join(f"table {t.number} (game {t.game})" for t in created)
    raise Conflict(
        f"round {paired.number}'s {named} already has its game, seated with these players: a swap cannot move them. "
        "To go on, let the game be played as seated, or end it and enter the table's result by hand "
        f"(POST .../rounds/{paired.number}/tables/<table>/result, a seat that did not play as `forfeit`); "
        "to swap before the games exist, publish the round without them (`annals tournament pair --no-start`), "
        "swap, then start it",
        games=[t.game for t in created],
        tables=[t.number for t in created],
    )


def swap_problems(
    state: TournamentState,
    number: int,
    seated: list[dict[str, Any]],
    byes: list[str],
    moved: tuple[str, str],
    told: Mapping[str, str],
) -> list[dict[str, Any]]:
    """What a swap makes that publishing a round asks the director to accept: a repeat opponent at a table a moved
    player joins, and a moved player's second bye (shaped as the round's `problems`, the ids in `players`, the
    detail naming them by `told`: display names, namesakes told apart)."""
    problems = [
        {
            "kind": "repeat_opponent",
            "players": rematch["players"],
            "detail": f"{' and '.join(told.get(p, p) for p in rematch['players'])} met {rematch['earlier']} time(s) "
            "before",
            "table": table["number"],
        }
        for table in seated
        for rematch in table["rematches"]
        if set(moved) & set(rematch["players"])
    ]
    earlier = {p for r in state.rounds if r.number < number for p in r.byes}
    problems += [
        {"kind": "second_bye", "players": [p], "detail": f"{told.get(p, p)} already had a bye"}
        for p in moved
        if p in byes and p in earlier
    ]
    return problems


def _check_swappable(
    services: Services, state: TournamentState, number: int, where: dict[str, int], first: str, second: str
) -> None:
    """422 unless `first` and `second` are two players of round `number` at different tables (or one of them in
    its byes), named as the director knows them (README, td16); the id stays in `player`."""
    if first == second:
        named = known_as(services, state, first) or repr(first)
        raise Unprocessable(
            f"{named} is named twice: a swap moves two different players", {"players": ["one player named twice"]}
        )
    for player in (first, second):
        if player not in where:
            named = known_as(services, state, player) or f"no entrant {player!r}"
            why = " (dropped)" if player in state.dropped else ""
            raise Unprocessable(
                f"{named}{why} does not play round {number}", {"players": [f"{named} not paired"]}, player=player
            )
    if where[first] == where[second]:
        raise Unprocessable("both players sit at the same table", {"players": ["same table"]})


def start(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    ctx: RequestContext,
    progress: Callable[[int, int], None] | None = None,
    asked: Asked | None = None,
) -> list[dict[str, Any]]:
    """Create the game of each table of round `number` without a game or result (seats and players from the
    pairing) and link it. With
    `asked`, the last link keeps the request's key and answer (`{"round", "created"}`: every table this request
    gave a game), so a retry gets that answer; the games themselves are created with keys of their own."""
    principal.require(*DIRECTORS)
    created: list[dict[str, Any]] = []
    loaded = retrying(services, principal, tournament_id, lambda found: found)
    if asked is not None:  # before any game is created: a stale If-Match leaves no game behind
        asked.check_expected(loaded)
    paired = _open_round(loaded.state, number, "start its games")
    settings = loaded.state.settings
    # A table whose result is in already (a physical game entered by hand) gets no game nobody would play.
    last = max((t.number for t in paired.tables if t.game is None and t.result is None), default=None)
    for done, table in enumerate(paired.tables, start=1):
        if table.game is None and table.result is None:
            # The body GameCreateSchema would give: every field present, checked by the command itself.
            body = {
                "ruleset": settings["ruleset"],
                # The version pinned when the tournament was created: every table plays the same rulings.
                "ruleset_version": settings.get("ruleset_version"),
                "variant": settings.get("variant"),
                "options": settings.get("options", {}),
                "board": settings.get("board"),
                "seats": [{"seat": table.seats[p], "player": p} for p in table.players],
                "mode": settings.get("mode", "adjudicated"),
                "dice": settings.get("dice", "table"),
                "visibility": settings.get("visibility", "public"),
                "title": f"{settings.get('name', 'Tournament')}: round {number}, table {table.number}"[:200],
            }
            key = f"tournament:{tournament_id}:round:{number}:table:{table.number}"
            game_id = services.commands.create(principal, body, ctx, key).game_id
            created.append({"table": table.number, "game": game_id})
            # The request's key and answer go with its last append: a retry finds them once every table is linked.
            keyed = asked if asked is not None and table.number == last else None
            answered = keyed.answering(lambda _after: {"round": number, "created": created}) if keyed else None
            _link(services, principal, tournament_id, number, table.number, game_id, ctx, answered)
        if progress is not None:
            progress(done, len(paired.tables))
    if created:
        services.tokens.forget()  # tournament-bound tokens act in the new games at once (in this process)
    return created


def withdraw(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    reason: str,
    ctx: RequestContext,
    asked: Asked | None = None,
) -> None:
    """Take back the last published round before it starts (no game created, no result): `RoundWithdrawn` with the
    reason; the round is then paired again under its number. **Decision:** as a TD re-pairs when a player does not
    show up after the pairings went out, but never once a table has begun or the round's clock started (td19): then
    it is 409 and the director drops the player, whose table plays short or gets the result entered."""
    principal.require(*DIRECTORS)

    def attempt(loaded: Loaded) -> None:
        paired = _open_round(loaded.state, number, "withdraw it")
        if loaded.state.rounds[-1].number != number:
            raise Conflict(f"round {number} is not the last one paired: only the last round is withdrawn")
        if paired.clock is not None:  # its clock runs (td19): the players are playing, games created or not
            raise Conflict(
                f"round {number}'s clock was started at {paired.clock.started_at}: it is not withdrawn",
                started_at=paired.clock.started_at,
            )
        started = [t.number for t in paired.tables if t.game is not None or t.result is not None]
        if started:
            raise Conflict(
                f"round {number} has started (table(s) {started} have a game or a result): it is not withdrawn",
                tables=started,
            )
        data = {"round": number, "reason": reason}
        append(services, loaded, [draft("RoundWithdrawn", data, principal, ctx)], asked=asked)

    retrying(services, principal, tournament_id, attempt)


def _open_round(state: TournamentState, number: int, what: str) -> Round:
    """Round `number` of a running Swiss tournament, still open: what a director may change or start."""
    if state.finished:
        raise Conflict(f"{tournament_named(state)} is finished: too late to {what}", tournament=state.tournament_id)
    paired = state.round(number) if number != LEAGUE_ROUND else None
    if paired is None:
        raise Conflict(f"round {number} is not paired")
    if paired.closed:
        raise Conflict(f"round {number} is closed: too late to {what}")
    return paired


def _link(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    table: int,
    game: str,
    ctx: RequestContext,
    asked: Asked | None = None,
) -> None:
    def attempt(loaded: Loaded) -> None:
        found = loaded.state.table(number, table)
        if found is not None and found.game is None:
            data = {"round": number, "table": table, "game": game}
            append(services, loaded, [draft("TableGameCreated", data, principal, ctx)], asked=asked)

    retrying(services, principal, tournament_id, attempt)


def close(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    ctx: RequestContext,
    asked: Asked | None = None,
) -> None:
    """Close a round: every table's result approved. Results of ended games not yet reported are reported first."""
    principal.require(*DIRECTORS)
    sync_results(services, tournament_id)

    def attempt(loaded: Loaded) -> None:
        paired = loaded.state.round(number)
        if paired is None:
            raise Conflict(f"round {number} is not paired")
        if paired.closed:
            raise Conflict(f"round {number} is already closed")
        waiting = [t.number for t in paired.tables if t.result is None or t.result.provisional]
        if waiting:
            raise Conflict(f"round {number}: table(s) {waiting} have no approved result yet", tables=waiting)
        append(services, loaded, [draft("RoundClosed", {"round": number}, principal, ctx)], asked=asked)

    retrying(services, principal, tournament_id, attempt)
