"""Results follow the games (issue 13): reported when a table's game ends, confirmed, approved, amended.

When a tournament game's `GameEnded` is appended, its outcome (the ruleset's ranking and the measures behind it,
`domain.tournaments.outcomes`) is reported to the tournament as provisional. Each seated player confirms
(never the one who entered a result by hand); the director approves, but not while a dispute on the game is
open; a ruling that changes the game's outcome appends `ResultAmended` naming the dispute. A ruleset whose end
the engine does not compute (AGoT, freeform without scores) has its ranking entered by seat, checked whole.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import GAME_ENDED
from domain.tournaments.outcomes import outcome_of
from domain.tournaments.scoring import WIN_DRAW_LOSS as RANKING_CHECK
from domain.tournaments.scoring import ScoringError, Seat
from domain.tournaments.state import Table, result_from, scoring_problem
from service.auth import Principal
from service.errors import Conflict, Forbidden, NotFound, Unprocessable
from service.games import RequestContext
from service.loading import stream_of
from service.store import disputes, summaries
from service.store import tournaments as rows
from service.store.players import names_of
from service.tournaments.commands import DIRECTORS, Asked, Loaded, append, draft, known_as, retrying
from service.tournaments.naming import table_named, tournament_named, tournament_named_for
from service.wiring import Services

log = logging.getLogger("annals")
SYSTEM = Principal(token_id="system:tournaments", role="admin")
STAFF = ("admin", "organiser", "arbiter")


class GameInProgress(Conflict):
    """A player's result for a table whose game is still being recorded: the game's end will report it."""

    slug, title = "game-in-progress", "The table's game is still being recorded"


def _ended(services: Services, game_id: str) -> tuple[Any, Any] | None:
    """The game as loaded and its last `GameEnded` event, or None while it has not ended."""
    loaded = services.loader.load(game_id, SYSTEM)
    if not loaded.game.meta.ended:
        return None
    ended = next((e for e in reversed(services.store.read(stream_of(game_id))) if e.type == GAME_ENDED), None)
    return None if ended is None else (loaded, ended)


def game_result(services: Services, game_id: str, table: Table) -> dict[str, Any] | None:
    """The table's result as the game's last `GameEnded` gives it (places and measures by player), or None."""
    found = _ended(services, game_id)
    if found is None:
        return None
    loaded, ended = found
    seats = [s.seat for s in loaded.game.meta.seats]
    outcome = outcome_of(loaded.ruleset.id, loaded.game.state, ended.data, seats)
    if outcome is None:
        return None
    player_of = {seat: player for player, seat in table.seats.items()}
    return {
        "game": game_id,
        "game_version": ended.version,
        "places": {player_of[s]: n for s, n in outcome.places.items() if s in player_of},
        "measures": {player_of[s]: dict(m) for s, m in outcome.measures.items() if s in player_of},
        "measure_names": list(outcome.measure_names),
        "condition": outcome.condition,
        "decided_by": outcome.decided_by,
        # Who ended the game: "rules" when its ruleset did, else the recorder or arbiter whose end_game it was.
        "by": str(ended.data.get("by") or "rules"),
    }


def after_game_ended(services: Services, game_id: str) -> None:
    """The hook after a game's end is committed: report its result if it is a tournament game.

    It runs after the game's append has committed, so it must never fail the game's request: a failure is
    logged and the result is reported by the next `sync_results` (closing the round does one)."""
    try:
        linked = rows.table_of_game(services.engine, game_id)
        if linked is not None:
            report_from_game(services, linked["tournament_id"], game_id)
    except Exception:  # the game's answer is already committed (see the docstring)
        log.exception("could not report the result of tournament game %s; closing its round will", game_id)


def report_from_game(services: Services, tournament_id: str, game_id: str, dispute: str | None = None) -> None:
    """Report (or, after a ruling, amend) the result of a tournament game from its end."""

    def attempt(loaded: Loaded) -> None:
        found = loaded.state.table_of_game(game_id)
        if found is None or loaded.state.finished:  # a finished tournament's results are final
            return
        paired, table = found
        result = game_result(services, game_id, table)
        if result is None:
            return
        data = {"round": paired.number, "table": table.number, **result}
        if table.result is None:
            append(services, loaded, [draft("ResultReported", data, SYSTEM, _system_ctx(game_id))])
        elif _differs(table, result) and dispute is not None:
            data["dispute"] = dispute
            append(services, loaded, [draft("ResultAmended", data, SYSTEM, _system_ctx(game_id))])

    retrying(services, SYSTEM, tournament_id, attempt)


def after_ruling(services: Services, game_id: str, dispute_id: str) -> None:
    """The hook after a dispute on a game is ruled: a changed outcome amends the tournament result."""
    try:
        linked = rows.table_of_game(services.engine, game_id)
        if linked is not None:
            report_from_game(services, linked["tournament_id"], game_id, dispute=dispute_id)
    except Exception:  # the ruling is committed; the director can still amend by hand
        log.exception("could not amend the result of tournament game %s after dispute %s", game_id, dispute_id)


def sync_results(services: Services, tournament_id: str) -> None:
    """Report the results of every ended table game that has none yet (a missed hook, an import)."""
    loaded = retrying(services, SYSTEM, tournament_id, lambda found: found)
    for paired in loaded.state.rounds:
        for table in paired.tables:
            if table.game is not None and table.result is None:
                report_from_game(services, tournament_id, table.game)


def report_by_hand(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    table_no: int,
    body: dict[str, Any],
    ctx: RequestContext,
    asked: Asked | None = None,
) -> dict[str, Any]:
    """A result entered by seat: by staff, or by a player of the table (who then cannot confirm it)."""
    principal.require(*STAFF, "player")
    principal.require_tournament(tournament_id, _named_for(services, principal))

    def attempt(loaded: Loaded) -> dict[str, Any]:
        # A director amends with a reason even after the round closed (a late ruling, a scoring error).
        amending = principal.role in DIRECTORS and bool(body.get("amend_reason"))
        table = _table(loaded, number, table_no, closed_too=amending)
        _check_at_table(principal, table, "report")
        _check_game_over(services, principal, number, table)
        places, measures = _by_player(table, body)
        forfeit = _forfeited(table, body, places)
        if problem := scoring_problem(loaded.state, result_from({"places": places, "measures": measures})):
            raise Unprocessable(f"the result cannot be scored: {problem}", {"measures": [problem]})
        data: dict[str, Any] = {
            "round": number,
            "table": table_no,
            "game": table.game,
            "places": places,
            "measures": measures,
            "by": _who(principal),
            **({"forfeit": forfeit} if forfeit else {}),
        }
        event = "ResultReported"
        if table.result is not None:
            if principal.role not in DIRECTORS or not body.get("amend_reason"):
                raise Conflict(
                    f"round {number} table {table_no} already has a result; a director amends it with amend_reason"
                )
            event, data["reason"] = "ResultAmended", body["amend_reason"]
        append(services, loaded, [draft(event, data, principal, ctx)], asked=asked)
        return data

    found: dict[str, Any] = retrying(services, principal, tournament_id, attempt)
    return found


def confirm(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    table_no: int,
    ctx: RequestContext,
    asked: Asked | None = None,
) -> None:
    """A seated player confirms their table's result (a player token: only its own table)."""
    principal.require("player")
    principal.require_tournament(tournament_id, _named_for(services, principal))

    def attempt(loaded: Loaded) -> None:
        table = _table(loaded, number, table_no)
        player = principal.player_id
        if player is None or player not in table.players:
            raise Forbidden(f"this token's player does not sit at round {number} table {table_no}")
        if table.result is None:
            raise Conflict(f"round {number} table {table_no} has no result to confirm yet")
        if table.result.approved:
            raise _approved_already(loaded, number, table_no)
        if table.result.reported_by == f"player:{player}":
            raise Conflict("a result entered by hand is confirmed by the other players, not by who entered it")
        if player in table.result.confirmed_by:
            named = known_as(services, loaded.state, player) or player
            raise Conflict(f"{named} has already confirmed this result", player=player)
        data = {"round": number, "table": table_no, "player": player}
        append(services, loaded, [draft("ResultConfirmed", data, principal, ctx)], asked=asked)

    retrying(services, principal, tournament_id, attempt)


def _approved_already(loaded: Loaded, number: int, table_no: int) -> Conflict:
    """409 for a confirmation after the director's approval: the result is final; it names the approval."""
    approval = next(
        e
        for e in reversed(loaded.events)
        if e.type == "ResultApproved" and e.data.get("round") == number and e.data.get("table") == table_no
    )
    return Conflict(
        f"round {number} table {table_no}'s result was approved by the director at {approval.recorded_at} "
        f"(tournament event {approval.version}): a confirmation no longer changes it; "
        "a player who disagrees asks the director to amend it (amend_reason)",
        approval={"version": approval.version, "recorded_at": approval.recorded_at},
    )


def approve(
    services: Services,
    principal: Principal,
    tournament_id: str,
    number: int,
    table_no: int,
    body: dict[str, Any],
    ctx: RequestContext,
    asked: Asked | None = None,
) -> None:
    """The director approves a table's result: no dispute open on its game, every confirmation in (or overridden)."""
    principal.require(*DIRECTORS)

    def attempt(loaded: Loaded) -> None:
        table = _table(loaded, number, table_no, closed_too=True)  # an amendment after closing is approved too
        result = table.result
        if result is None:
            raise Conflict(f"round {number} table {table_no} has no result yet")
        if result.approved:
            raise Conflict(f"round {number} table {table_no}'s result is already approved")
        if table.game is not None and (open_ids := disputes.open_ids(services.engine, table.game)):
            raise Conflict(
                f"the game of {table_named(number, table_no)} has {len(open_ids)} open dispute(s): its result stays "
                "provisional until ruled",
                disputes=list(open_ids),
                game=table.game,
            )
        _check_game_agrees(services, number, table, amended_at(loaded, number, table_no))
        if problem := scoring_problem(loaded.state, result):
            raise Conflict(
                f"round {number} table {table_no}'s result cannot be scored: {problem}; "
                "a director amends it (amend_reason) with the measures"
            )
        needed = set(table.players) - {result.reported_by.removeprefix("player:")} if result.reported_by else set()
        missing = sorted(needed - result.confirmed_by) if not result.amended else []
        if missing and not body.get("override_reason"):
            names = names_of(services.engine, missing)  # the director knows them by name; `missing` keeps the ids
            raise Conflict(
                f"waiting for confirmation by {', '.join(names.get(p, p) for p in missing)}; approve with "
                "override_reason to go on without",
                missing=missing,
            )
        data = {"round": number, "table": table_no, "override_reason": body.get("override_reason")}
        append(services, loaded, [draft("ResultApproved", data, principal, ctx)], asked=asked)

    retrying(services, principal, tournament_id, attempt)


def _check_game_agrees(services: Services, number: int, table: Table, decided_at: int | None) -> None:
    """409 when the table's game ended with other places than the result entered by hand says, or (its places left to
    be entered by hand) declaring other winners than the result places first: approving it would overrule the
    record unseen. A director's amendment after the game's end (with its reason) is the decision, so it is approved;
    one made before the end did not see it, and is refused like a hand entry."""
    found = game_disagreement(services, table, decided_at)
    if found is None:
        return
    if "places" in found:
        raise Conflict(
            f"the game of {table_named(number, table.number)} ended with other places than the result entered by "
            "hand: a director amends the result (amend_reason) to the one that stands, then approves it",
            game_places=found["places"],
            game=table.game,
        )
    names = names_of(services.engine, found["winners"])
    raise Conflict(
        f"the game of {table_named(number, table.number)} ended declaring "
        f"{', '.join(names.get(p, p) for p in found['winners'])} the winner(s), but the result entered by hand "
        "places others first: a director amends the result (amend_reason) to the one that stands, then approves it",
        game_winners=found["winners"],
        game=table.game,
    )


def game_disagreement(services: Services, table: Table, decided_at: int | None = None) -> dict[str, Any] | None:
    """What the table's game's end says where it contradicts the table's result: `{"places": …}` when it ended with
    other places, `{"winners": …}` when it declared (CORE-END-1) other winners than the result places first; None
    when it agrees, has not ended, or the result was amended after the game's end (the director's decision, seen the
    end). `decided_at` is the global log position of that amendment (`amended_at`): an amendment made before the
    game ended decided without it, so the end that differs is shown as for any result that stands.

    One check for both times a game may end after a hand entry: before approval it refuses the approval (409
    `game_places`/`game_winners`); after it (the round closed, or the tournament finished) the result stands, final,
    and the round's table shows this as `game_disagrees` (`disagreements`) for the director to amend or let stand."""
    result = table.result
    if table.game is None or result is None:
        return None
    if result.amended and _decided_after_end(services, table.game, decided_at):
        return None
    played = game_result(services, table.game, table)
    if played is not None:
        return None if played["places"] == dict(result.places) else {"places": played["places"]}
    winners = _declared_winners(services, table.game, table)
    first = sorted(p for p, n in result.places.items() if n == 1)
    return {"winners": winners} if winners and winners != first else None


def amended_at(loaded: Loaded, number: int, table_no: int) -> int | None:
    """The global log position of round `number` table `table_no`'s last amendment (None if never amended): what
    `game_disagreement` compares with the game's end, both positions of the one log."""
    return next(
        (
            e.position
            for e in reversed(loaded.events)
            if e.type == "ResultAmended" and e.data.get("round") == number and e.data.get("table") == table_no
        ),
        None,
    )


def _decided_after_end(services: Services, game_id: str, decided_at: int | None) -> bool:
    """Whether the amendment at `decided_at` came after the game's last `GameEnded` (or the game has not ended, or
    the amendment's place is unknown: the amendment then stands as the decision)."""
    found = _ended(services, game_id)
    return found is None or decided_at is None or found[1].position < decided_at


def disagreements(services: Services, loaded: Loaded, number: int, ended: set[str]) -> dict[int, dict[str, Any]]:
    """`game_disagreement` of round `number`'s tables whose game has ended (`ended`, game ids) and whose result was
    entered by hand: a result the game reported agrees with it, and its game is not loaded again to say so."""
    paired = loaded.state.round(number)
    if paired is None:
        return {}
    by_game = {
        (e.data.get("round"), e.data.get("table")): "game_version" in e.data
        for e in loaded.events
        if e.type == "ResultReported"
    }
    return {
        t.number: found
        for t in paired.tables
        if t.game in ended and not by_game.get((number, t.number), False)
        if (found := game_disagreement(services, t, amended_at(loaded, number, t.number))) is not None
    }


def _declared_winners(services: Services, game_id: str, table: Table) -> list[str] | None:
    """CORE-END-1: the players of the seats an `end_game` declared winners (without every seat's score, so the
    places are entered by hand), or None when the game has not ended or declared none."""
    found = _ended(services, game_id)
    declared = found[1].data.get("winners") if found is not None else None
    if not isinstance(declared, list):
        return None
    player_of = {seat: player for player, seat in table.seats.items()}
    return sorted(player_of[s] for s in declared if s in player_of) or None


def _check_game_over(services: Services, principal: Principal, number: int, table: Table) -> None:
    """409 `game-in-progress` for a player's result while the table's game is still being recorded: its end reports
    the result, and a hand entry made before it would only be contradicted by it (409 `game_places` at approval).

    **Decision:** staff (director, arbiter) may still enter it, as a TD in Best Coast Pairings or Tabletop.to
    enters any table's result: time called, a game abandoned or a recording given up are theirs to score."""
    if principal.role != "player" or table.game is None:
        return
    status = summaries.statuses(services.engine, [table.game]).get(table.game)
    if status is not None and status != "ended":
        raise GameInProgress(
            f"the game of {table_named(number, table.number)} is still being recorded (it has not ended): its "
            "result is reported when the game ends, or entered by the director if time is called",
            game=table.game,
            game_status=status,
        )


def _table(loaded: Loaded, number: int, table_no: int, closed_too: bool = False) -> Table:
    """The table; in a closed round only when `closed_too` (a director's amendment or approval after a ruling)."""
    if loaded.state.finished:
        raise Conflict(
            f"{tournament_named(loaded.state)} is finished: its results are final", tournament=loaded.tournament_id
        )
    table = loaded.state.table(number, table_no)
    if table is None:  # the path names no table (DESIGN 9: 404), as GET .../rounds/{n} of a round never paired
        paired = loaded.state.round(number) is not None
        raise NotFound(f"round {number} has no table {table_no}" if paired else f"round {number} is not paired")
    round_ = loaded.state.round(number)
    if round_ is not None and round_.closed and not closed_too:
        raise Conflict(f"round {number} is closed")
    return table


def _check_at_table(principal: Principal, table: Table, what: str) -> None:
    if principal.role == "player" and principal.player_id not in table.players:
        raise Forbidden(f"this token's player does not sit at table {table.number}: it may not {what} its result")


def _by_player(table: Table, body: Mapping[str, Any]) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """Places and measures given by seat, or by the seated player's id as the round answers them (qatd), checked
    whole (every seat, a real ranking), as player -> value."""
    errors: dict[str, list[str]] = {}
    measures, measures_problem = _seated(table, body.get("measures") or {})
    places, places_problem = _seated(table, body["places"])
    if measures_problem:
        errors["measures"] = [measures_problem]
    if places_problem:
        errors["places"] = [places_problem]
    elif missing := [seat for player, seat in table.seats.items() if player not in places]:
        errors["places"] = [f"no place for seat(s) {', '.join(sorted(missing))}: a result ranks every seat"]
    else:
        try:  # any system's scoring checks that the places are a ranking (1, 1, 3...)
            RANKING_CHECK.score([Seat(p, n) for p, n in places.items()])
        except ScoringError as error:
            errors["places"] = [str(error)]
    if errors:
        name, messages = next(iter(errors.items()))
        raise Unprocessable(f"the result is incomplete: {name}: {messages[0]}", errors)
    return places, {p: dict(m) for p, m in measures.items()}


def _seated(table: Table, given: Mapping[str, Any]) -> tuple[dict[str, Any], str | None]:
    """`given` keyed by seat or by a seated player's id, as player -> value; or why not: a key that is neither (the
    first in order), or one player given twice (by seat and by id)."""
    player_of = {seat: player for player, seat in table.seats.items()}
    found: dict[str, Any] = {}
    for key in sorted(given):
        player = player_of.get(key) or (key if key in table.seats else None)
        if player is None:
            seats = ", ".join(player_of)
            return found, f"{key!r} is not a seat of this table ({seats}) and does not sit at table {table.number}"
        if player in found:
            return found, f"seat {table.seats[player]} is given twice, by seat and by its player's id"
        found[player] = given[key]
    return found, None


def _forfeited(table: Table, body: Mapping[str, Any], places: Mapping[str, int]) -> list[str]:
    """The players of the seats `forfeit` names (they did not play), each placed below every seat that played.

    **Decision:** Annals had no forfeit, so a no-show typed in last was rated as a game played. A director (or a
    player of the table) names the seats that did not play; the places still score the table as the tournament's
    system does (a forfeit loses), but the table is no game played (the ratings leave it out, as rating bodies rate
    only games played). 422 under `forfeit` for a seat the table does not have or one placed above a seat that
    played."""
    player_of = {seat: player for player, seat in table.seats.items()}
    named = list(dict.fromkeys(body.get("forfeit") or []))
    if unknown := sorted(set(named) - set(player_of)):
        message = f"{unknown[0]!r} is not a seat of this table ({', '.join(player_of)})"
        raise Unprocessable(f"the result is incomplete: forfeit: {message}", {"forfeit": [message]})
    forfeit = [player_of[seat] for seat in named]
    played = [places[p] for p in places if p not in forfeit]
    if played and (above := sorted(s for s in named if places[player_of[s]] <= max(played))):
        message = f"seat(s) {', '.join(above)} forfeited but are not placed below every seat that played"
        raise Unprocessable(f"the result cannot be scored: forfeit: {message}", {"forfeit": [message]})
    return forfeit


def _differs(table: Table, result: Mapping[str, Any]) -> bool:
    if table.result is None:
        return True
    places: Mapping[str, Any] = result["places"]
    return dict(table.result.places) != places


def _who(principal: Principal) -> str:
    return f"player:{principal.player_id}" if principal.player_id else f"token:{principal.token_id}"


def _system_ctx(game_id: str) -> RequestContext:
    return RequestContext(request_id=f"game-ended:{game_id}", client="annals tournaments")


def _named_for(services: Services, principal: Principal) -> Callable[[str, str], str]:
    """How `principal` may see a tournament named in a refusal (`naming.tournament_named_for`)."""
    return lambda tournament_id, otherwise: tournament_named_for(services.engine, principal, tournament_id, otherwise)
