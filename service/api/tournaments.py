"""Tournaments (issue 13): the director's workflow, the players' confirmations, and everyone's standings."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request

from service import schemas
from service.api.common import (
    context,
    decode_cursor,
    encode_cursor,
    idempotency_key,
    if_match,
    json_body,
    page_of,
    principal,
    services,
    with_etag,
)
from service.clock import isoformat
from service.disputes import stream_of_dispute
from service.errors import BadRequest, Forbidden, NotFound
from service.schemas import tournaments as shapes
from service.store import players, summaries
from service.store import tournaments as rows
from service.tournaments import check_in, clock, commands, entrants, league, records, results, rounds
from service.tournaments.naming import seat_names, tournament_named
from service.tournaments.projection import (
    current_standings,
    plain_number,
    provisional_counts,
    status_of,
    tournament_seed,
)

blueprint = Blueprint("tournaments", __name__)


def _round_url(tournament_id: str, number: int) -> str:
    """Where a write to a round's clock, swaps or a table's result points its `Location`: the round, which shows
    them (the write's own path takes no GET: a client following it met a 405)."""
    return f"/api/v1/tournaments/{tournament_id}/rounds/{number}"


def _created(body: Any, location: str) -> Response:
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = location
    return response


def _command(
    tournament_id: str,
    operation: str,
    request_fields: dict[str, Any],
    answer: Callable[[commands.Loaded], Any],
    run: Callable[[commands.Asked], Any],
    status: int,
    location: Callable[[dict[str, Any]], str] | None = None,
) -> Response:
    """Run a tournament command with the request's Idempotency-Key (scoped to the caller, the tournament and the
    operation): the body `answer` builds is kept with the key in the append's transaction, and a retry gets it
    byte for byte with `Idempotent-Replayed: true`, nothing written again (422 for the key with another request).
    With `If-Match: "<version>"` the command writes only while the tournament is at that version (412 otherwise).
    A command that wrote nothing (a preview) answers what `run` returned."""
    asked = commands.Asked.of(
        principal(), tournament_id, operation, idempotency_key(), request_fields, answer, if_match()
    )
    return _answered(asked, run, status, location, tournament_id)


def _answered(
    asked: commands.Asked,
    run: Callable[[commands.Asked], Any],
    status: int,
    location: Callable[[dict[str, Any]], str] | None = None,
    tournament_id: str | None = None,
) -> Response:
    """`asked` run by `run`, answered with the body its append kept (or, retried, the first request's). Its
    If-Match is checked before the command looks at the request (RFC 9110 §13.2.2: a stale one is 412 whatever
    else is wrong), and again by the append."""
    earlier = asked.earlier(services())
    unwritten = None
    if earlier is None and asked.expected is not None and tournament_id is not None:
        asked.check_expected(commands.load(services(), principal(), tournament_id))
    if earlier is None:
        try:
            unwritten = run(asked)
        except commands.AnsweredBefore as lost:
            earlier = lost.result
    result = earlier or (asked.results[-1] if asked.results else None)
    if result is None:
        return jsonify(unwritten)
    answer = asked.answer_of(services(), result)
    response = Response(answer, status=status, mimetype="application/json")
    response.headers["ETag"] = f'"{result.version}"'  # the tournament's version after the append
    if result.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    if location is not None:
        response.headers["Location"] = location(json.loads(answer))
    return response


@blueprint.post("/tournaments")
def create_tournament() -> Response:
    """Create a tournament (organisers and admins)."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = schemas.load(shapes.TournamentCreateSchema, json_body())
    asked = commands.Asked.creating(caller, idempotency_key(), body, _tournament_json)
    return _answered(
        asked,
        lambda asked: commands.create(services(), caller, body, context(), asked),
        201,
        lambda created: f"/api/v1/tournaments/{created['id']}",
    )


@blueprint.get("/tournaments")
def list_tournaments() -> Response:
    """Tournaments newest first; private ones only for staff."""
    query = schemas.load(shapes.TournamentListSchema, request.args.to_dict(), "query")
    caller = principal()
    after = decode_cursor(query["after"], 2)
    found = rows.page(services().engine, query["limit"] + 1, after, not caller.sees_everything, query["status"])
    page, more = found[: query["limit"]], len(found) > query["limit"]
    cursor = encode_cursor(page[-1]["created_at"], page[-1]["tournament_id"]) if more else None
    return jsonify({"items": page, "next": cursor})


@blueprint.get("/tournaments/<tournament_id>")
def get_tournament(tournament_id: str) -> Response:
    """A tournament: its settings, status, rounds and the draw's commitment (and seed once revealed); its version
    in the ETag, for a write's If-Match."""
    found = _tournament(tournament_id)
    return with_etag(found, found["version"])


def _tournament(tournament_id: str) -> dict[str, Any]:
    return _tournament_json(commands.load(services(), principal(), tournament_id))


def _tournament_json(loaded: commands.Loaded) -> dict[str, Any]:
    state, tournament_id = loaded.state, loaded.tournament_id
    return {
        "id": tournament_id,
        "status": status_of(state),
        "settings": dict(state.settings),
        "players": len(state.active_players),
        "dropped": sorted(state.dropped),
        "rounds": [
            {
                "round": r.number,
                "closed": r.closed,
                "tables": len(r.tables),
                "byes": list(r.byes),
                "results": sum(1 for t in r.tables if t.result is not None and not t.result.provisional),
            }
            for r in state.rounds
        ],
        "check_in": {
            "open": state.check_in_open,
            "required": state.settings.get("require_check_in") is True,
            "checked_in": sorted(state.checked_in),
        },
        "seed_commitment": state.settings.get("seed_commitment"),
        "seed": state.seed,
        "version": loaded.version,
    }


@blueprint.get("/tournaments/<tournament_id>/events")
def tournament_events(tournament_id: str) -> Response:
    """The tournament's stream, hash-chained like a game's."""
    query = schemas.load(schemas.WholeListSchema, request.args.to_dict(), "query")
    loaded = commands.load(services(), principal(), tournament_id)
    return jsonify(_paged([e.to_json() for e in loaded.events], query))


@blueprint.get("/tournaments/<tournament_id>/verify")
def verify_tournament(tournament_id: str) -> Response:
    """Check the stream's hash chain, and its heads against the signed checkpoints and the witness; and so the
    streams of the disputes its record carries."""
    loaded = commands.load(services(), principal(), tournament_id)
    verifier = services().verifier
    # The chain alone answered ok for a stream edited and re-chained: the signed heads are what show that.
    check = verifier.check_stream(f"tournament:{tournament_id}")
    disputes = [
        verifier.check_stream(stream_of_dispute(d)).companion_json() for d in records.amending_disputes(loaded.events)
    ]
    report, findings = check.report, check.findings
    first = findings[0] if findings else None
    return jsonify(
        {
            "ok": not findings and all(d["ok"] for d in disputes),
            "streams": disputes,
            "events": report.events,
            "head": report.head,
            "first_broken": first.version if first else None,
            "reason": first.detail if first else None,
            "findings": [f.to_json() for f in findings],
        }
    )


@blueprint.get("/tournaments/<tournament_id>/record")
def tournament_record(tournament_id: str) -> Response:
    """The tournament's record: names, stream, table games' records and the disputes behind amendments."""
    body = records.export_tournament(services(), principal(), tournament_id)
    response = jsonify(body)
    response.headers["Content-Disposition"] = f'attachment; filename="{tournament_id}.tournament.json"'
    return response


@blueprint.post("/tournaments/import")
def import_tournament_record() -> Response:
    """Import a finished tournament's record (every chain checked first; nothing written on a 422)."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    report = records.import_tournament(services(), json_body(), caller, idempotency_key())
    location = f"/api/v1/tournaments/{report.tournament_id}"
    if report.answer is None:  # stored already: nothing written, nothing kept
        return _created(report.to_json(), location)
    # The body kept with the Idempotency-Key, as it is: a retry gets the first answer byte for byte.
    response = Response(report.answer, status=201, mimetype="application/json")
    if report.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    response.headers["Location"] = location
    return response


# --- people ---


@blueprint.post("/tournaments/<tournament_id>/players")
def register_player(tournament_id: str) -> Response:
    """Register a player (a known one by id, or a new one by name)."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = schemas.load(shapes.RegisterSchema, json_body())
    asked = commands.Asked.registering(caller, tournament_id, idempotency_key(), body, if_match())
    return _answered(
        asked,
        lambda asked: commands.register(services(), caller, tournament_id, body, context(), asked),
        201,
        lambda data: f"/api/v1/tournaments/{tournament_id}/players/{data['player']}",
        tournament_id,
    )


@blueprint.post("/tournaments/<tournament_id>/players/batch")
def register_players(tournament_id: str) -> Response:
    """Register a whole list of entrants, all or nothing."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = json_body()
    try:
        listed = shapes.load_entrants(body)
    except BadRequest as malformed:
        if "refused" not in malformed.extra:  # the list itself is wrong: no entrant to name
            raise
        rest = shapes.well_formed(body["entrants"])
        beside = shapes.named_beside(body["entrants"], rest)
        raise entrants.with_every_refusal(
            services(), caller, tournament_id, rest, beside, len(body["entrants"]), malformed
        ) from None
    return _command(
        tournament_id,
        "register-batch",
        {"entrants": listed},
        lambda after: {"entrants": [dict(e.data) for e in after.events[-len(listed) :]]},
        lambda asked: entrants.register_many(services(), caller, tournament_id, listed, context(), asked),
        201,
    )


@blueprint.get("/tournaments/<tournament_id>/players")
def list_entrants(tournament_id: str) -> Response:
    """The entrants with their names, status, rank, score, games and byes."""
    query = schemas.load(schemas.WholeListSchema, request.args.to_dict(), "query")
    commands.load(services(), principal(), tournament_id)
    entrants = rows.entrants_of(services().engine, tournament_id)
    names = _names([e["player_id"] for e in entrants])
    return jsonify(_paged([{**e, "name": names.get(e["player_id"])} for e in entrants], query))


@blueprint.get("/tournaments/<tournament_id>/players/<player_id>")
def get_entrant(tournament_id: str, player_id: str) -> Response:
    """One entrant as the list shows it: where a registration's `Location` points (it was a 404)."""
    loaded = commands.load(services(), principal(), tournament_id)
    found = next((e for e in rows.entrants_of(services().engine, tournament_id) if e["player_id"] == player_id), None)
    if found is None:
        raise NotFound(f"no player {player_id!r} is registered in {tournament_named(loaded.state)}", player=player_id)
    return jsonify({**found, "name": _names([player_id]).get(player_id)})


@blueprint.post("/tournaments/<tournament_id>/players/<player_id>/drop")
def drop_player(tournament_id: str, player_id: str) -> Response:
    """Drop a player from the next pairing on."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = schemas.load(shapes.DropSchema, json_body())
    answer = {"player": player_id, "status": "dropped"}
    return _command(
        tournament_id,
        "drop",
        {"player": player_id, **body},
        lambda _after: answer,
        lambda asked: commands.drop(services(), caller, tournament_id, player_id, body["reason"], context(), asked),
        200,
    )


@blueprint.post("/tournaments/<tournament_id>/check-in")
def open_check_in(tournament_id: str) -> Response:
    """Open check-in for the next round (directors)."""
    return _check_in_switched(tournament_id, "check-in-open", check_in.open_check_in)


@blueprint.post("/tournaments/<tournament_id>/check-in/close")
def close_check_in(tournament_id: str) -> Response:
    """End check-in without pairing (directors): the next round pairs every active entrant."""
    return _check_in_switched(tournament_id, "check-in-close", check_in.close_check_in)


def _check_in_switched(tournament_id: str, operation: str, command: Callable[..., None]) -> Response:
    """A director opens or ends check-in; answered with the tournament's `check_in` after it."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    return _command(
        tournament_id,
        operation,
        {},
        lambda after: _tournament_json(after)["check_in"],
        lambda asked: command(services(), caller, tournament_id, context(), asked),
        200,
    )


@blueprint.post("/tournaments/<tournament_id>/check-ins")
def check_in_player(tournament_id: str) -> Response:
    """Check in: a player's token its own player, a director the entrant named by `player`."""
    caller = principal()
    caller.require(*commands.DIRECTORS, "player")
    body = schemas.load(shapes.CheckInSchema, json_body())
    return _command(
        tournament_id,
        "check-in",
        body,
        lambda after: {"player": after.events[-1].data["player"], "checked_in": True},
        lambda asked: check_in.check_in(services(), caller, tournament_id, body["player"], context(), asked),
        201,
    )


@blueprint.get("/players/<player_id>/tournaments")
def player_history(player_id: str) -> Response:
    """A player's tournaments: each entry with the tournament's name, ruleset and status."""
    wired, caller = services(), principal()
    if players.get(wired.engine, player_id) is None:
        raise NotFound(f"no player {player_id!r}")
    entries = []
    for entry in rows.tournaments_of_player(wired.engine, player_id):
        found = rows.get(wired.engine, entry["tournament_id"])
        if found is None or (found["visibility"] == "private" and not caller.sees_everything):
            continue
        entries.append(
            {
                **entry,
                "tournament_name": found["name"],
                "ruleset": found["ruleset"],
                "tournament_status": found["status"],
                "created_at": found["created_at"],
            }
        )
    entries.sort(key=lambda e: e["created_at"], reverse=True)
    query = schemas.load(schemas.WholeListSchema, request.args.to_dict(), "query")
    return jsonify(_paged(entries, query))


def _paged(items: list[dict[str, Any]], query: dict[str, Any]) -> dict[str, Any]:
    """A list that came whole, paged like the others (issue 15, point 4): an item's place in it is its cursor key,
    as these lists only grow at their end or are re-ranked as a whole."""
    page, cursor = page_of(items, [f"{n:06d}" for n in range(len(items))], query["limit"], query["after"])
    return {"items": page, "next": cursor}


# --- rounds ---


@blueprint.post("/tournaments/<tournament_id>/rounds")
def pair_round(tournament_id: str) -> Response:
    """Pair the next round: `preview` shows the plan and its digest and writes nothing; a publish sending that
    `plan_digest` publishes that plan or nothing (409 plan-changed)."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = schemas.load(shapes.PairSchema, json_body())
    return _command(
        tournament_id,
        "pair",
        body,
        lambda after: {
            **after.events[-1].data,
            "published": True,
            "plan_digest": rounds.plan_digest(after.events[-1].data),
        },
        lambda asked: rounds.pair(services(), caller, tournament_id, body, context(), asked=asked),
        201,
        lambda plan: f"/api/v1/tournaments/{tournament_id}/rounds/{plan['round']}",
    )


@blueprint.post("/tournaments/<tournament_id>/games")
def link_league_game(tournament_id: str) -> Response:
    """A league: count a game played by entrants (`LeagueGameLinked`); an ended game reports its result at once."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = schemas.load(shapes.LinkGameSchema, json_body())

    def answer(after: commands.Loaded) -> dict[str, Any]:
        data = after.events[-1].data
        return {
            "round": 0,
            "table": data["number"],
            "game": data["game"],
            "players": data["players"],
            "seats": data["seats"],
        }

    return _command(
        tournament_id,
        "link",
        body,
        answer,
        lambda asked: league.link_game(services(), caller, tournament_id, body["game"], context(), asked),
        201,
        lambda _linked: f"/api/v1/tournaments/{tournament_id}/rounds/0",
    )


@blueprint.get("/tournaments/<tournament_id>/rounds/<int:number>")
def get_round(tournament_id: str, number: int) -> Response:
    """A round's tables: players, seats, game (`active` or `ended`) and result."""
    loaded = commands.load(services(), principal(), tournament_id)
    paired = loaded.state.round(number)
    if paired is None:
        raise commands.TournamentNotFound(
            f"{tournament_named(loaded.state)} has no round {number}", tournament=tournament_id
        )
    status = summaries.statuses(services().engine, [t.game for t in paired.tables if t.game is not None])
    # A game that ended after its table's result was entered by hand, with other places: the result stands (final
    # once approved), and the director is shown what the game says (README "Tournaments", `game_places`).
    ended = {game for game, s in status.items() if s == "ended"}
    disagrees = results.disagreements(services(), loaded, number, ended)
    tables = [
        {
            "table": t.number,
            "players": list(t.players),
            "seats": dict(t.seats),
            "seat_names": seat_names(loaded.state.settings.get("ruleset"), t.seats.values()),
            "game": t.game,
            "game_status": status.get(t.game) if t.game is not None else None,
            "result": _result_json(t.result),
            "game_disagrees": disagrees.get(t.number),
            # A table given time of its own (a ruling's delay) ends later than the round; null for the others.
            "ends_at": paired.clock.table_ends_at(t.number) if paired.clock else None,
        }
        for t in paired.tables
    ]
    found = {"round": number, "closed": paired.closed, "tables": tables, "byes": list(paired.byes)}
    # The service's time as it answers: the page counts down from it, not from a browser clock that may be off.
    now = isoformat(services().clock.now())
    return jsonify({**found, **clock.clock_json(paired.clock), "now": now})


@blueprint.get("/tournaments/<tournament_id>/rounds/<int:number>/pairing")
def get_pairing(tournament_id: str, number: int) -> Response:
    """How round `number` was paired: each table's score group, the repeats avoided, the assignment's cost."""
    loaded = commands.load(services(), principal(), tournament_id)
    # The round as paired last: a withdrawn pairing of the same number (and its swaps) is history, not this round.
    paired = [i for i, e in enumerate(loaded.events) if e.type == "RoundPaired" and e.data.get("round") == number]
    if not paired or loaded.state.round(number) is None:  # never paired, or withdrawn and not paired again
        raise commands.TournamentNotFound(
            f"{tournament_named(loaded.state)} has no round {number}", tournament=tournament_id
        )
    at = paired[-1]
    later = loaded.events[at:]
    swaps = [e.data for e in later if e.type == "PlayersSwapped" and e.data.get("round") == number]
    return jsonify({**loaded.events[at].data, "swaps": swaps})


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/swaps")
def swap_players(tournament_id: str, number: int) -> Response:
    """Swap two players of a round whose games are not created yet (a reason is required)."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = schemas.load(shapes.SwapSchema, json_body())
    path = f"{_round_url(tournament_id, number)}/pairing"  # the pairing lists its swaps
    return _command(
        tournament_id,
        "swap",
        {"round": number, **body},
        lambda after: after.events[-1].data,
        lambda asked: rounds.swap(services(), caller, tournament_id, number, body, context(), asked),
        201,
        lambda _swap: path,
    )


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/start")
def start_round(tournament_id: str, number: int) -> Response:
    """Create the round's table games (seats and players from the pairing)."""
    caller = principal()
    caller.require(*commands.DIRECTORS)

    def run(asked: commands.Asked) -> dict[str, Any]:
        return {
            "round": number,
            "created": rounds.start(services(), caller, tournament_id, number, context(), asked=asked),
        }

    # rounds.start answers with the tables it gave a game (`answer` is replaced there).
    return _command(tournament_id, "start", {"round": number}, lambda _after: None, run, 200)


def _clock_answer(number: int) -> Callable[[commands.Loaded], dict[str, Any]]:
    """The answer of a clock write: the round's clock after it, each table's own end, the tournament's version."""

    def answer(after: commands.Loaded) -> dict[str, Any]:
        paired = after.state.round(number)
        ticking = paired.clock if paired is not None else None
        tables = (
            [
                {"table": t, "ends_at": ticking.table_ends_at(t), "extended": minutes}
                for t, minutes in sorted(ticking.tables.items())
            ]
            if ticking is not None
            else []
        )
        return {"round": number, **clock.clock_json(ticking), "tables": tables, "version": after.version}

    return answer


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/clock/start")
def start_round_clock(tournament_id: str, number: int) -> Response:
    """Start a published round's clock now, for `minutes` or the tournament's round_minutes."""
    return _clock_write(tournament_id, number, "clock-start", shapes.ClockStartSchema, clock.start_clock)


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/clock/extensions")
def extend_round_clock(tournament_id: str, number: int) -> Response:
    """Give a running round, or one of its tables, more minutes (a reason is required)."""
    return _clock_write(tournament_id, number, "clock-extend", shapes.ClockExtensionSchema, clock.extend_clock)


def _clock_write(tournament_id: str, number: int, operation: str, shape: type, write: Callable[..., Any]) -> Response:
    """A clock write with a body (`shape`), answered 201 with the clock after it."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body, expected, path = schemas.load(shape, json_body()), if_match(), _round_url(tournament_id, number)
    return _command(
        tournament_id,
        operation,
        {"round": number, **body},
        _clock_answer(number),
        lambda asked: write(services(), caller, tournament_id, number, body, context(), expected, asked),
        201,
        lambda _clock: path,
    )


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/clock/call")
def call_round_time(tournament_id: str, number: int) -> Response:
    """Call time on a running round now: its games end and are scored as they stand."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    expected = if_match()
    return _command(
        tournament_id,
        "clock-call",
        {"round": number},
        _clock_answer(number),
        lambda asked: clock.call_time(services(), caller, tournament_id, number, context(), expected, asked),
        200,
    )


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/withdrawal")
def withdraw_round(tournament_id: str, number: int) -> Response:
    """Withdraw the last published round before it starts (a reason is required); it is then paired again."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = schemas.load(shapes.WithdrawSchema, json_body())
    answer = {"round": number, "withdrawn": True, "reason": body["reason"]}
    return _command(
        tournament_id,
        "withdraw",
        {"round": number, **body},
        lambda _after: answer,
        lambda asked: rounds.withdraw(services(), caller, tournament_id, number, body["reason"], context(), asked),
        200,
    )


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/close")
def close_round(tournament_id: str, number: int) -> Response:
    """Close a round once every table's result is approved."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    answer = {"round": number, "closed": True}
    return _command(
        tournament_id,
        "close",
        {"round": number},
        lambda _after: answer,
        lambda asked: rounds.close(services(), caller, tournament_id, number, context(), asked),
        200,
    )


@blueprint.post("/tournaments/<tournament_id>/finish")
def finish_tournament(tournament_id: str) -> Response:
    """Finish: every round closed; the draw's seed is revealed."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    return _command(
        tournament_id,
        "finish",
        {},
        _tournament_json,
        lambda asked: commands.finish(services(), caller, tournament_id, context(), asked),
        200,
    )


# --- results ---


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/tables/<int:table>/result")
def report_result(tournament_id: str, number: int, table: int) -> Response:
    """Enter a table's result by seat (staff, or a player of the table); an organiser amends with a reason."""
    caller = principal()
    caller.require(*results.STAFF, "player")
    body = schemas.load(shapes.ResultSchema, json_body())
    path = _round_url(tournament_id, number)
    return _command(
        tournament_id,
        "result",
        {"round": number, "table": table, **body},
        lambda after: after.events[-1].data,
        lambda asked: results.report_by_hand(services(), caller, tournament_id, number, table, body, context(), asked),
        201,
        lambda _data: path,
    )


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/tables/<int:table>/confirmations")
def confirm_result(tournament_id: str, number: int, table: int) -> Response:
    """A seated player confirms their table's result."""
    caller = principal()
    caller.require("player")
    answer, path = {"round": number, "table": table, "player": caller.player_id}, _round_url(tournament_id, number)
    return _command(
        tournament_id,
        "confirm",
        {"round": number, "table": table},
        lambda _after: answer,
        lambda asked: results.confirm(services(), caller, tournament_id, number, table, context(), asked),
        201,
        lambda _data: path,
    )


@blueprint.post("/tournaments/<tournament_id>/rounds/<int:number>/tables/<int:table>/approval")
def approve_result(tournament_id: str, number: int, table: int) -> Response:
    """The director approves a table's result."""
    caller = principal()
    caller.require(*commands.DIRECTORS)
    body = schemas.load(shapes.ApprovalSchema, json_body())
    answer, path = {"round": number, "table": table, "approved": True}, _round_url(tournament_id, number)
    return _command(
        tournament_id,
        "approve",
        {"round": number, "table": table, **body},
        lambda _after: answer,
        lambda asked: results.approve(services(), caller, tournament_id, number, table, body, context(), asked),
        201,
        lambda _data: path,
    )


# --- standings ---


@blueprint.get("/tournaments/<tournament_id>/standings")
def get_standings(tournament_id: str) -> Response:
    """The ranking with every criterion's value and what separated each line from the one above (JSON or CSV):
    approved results only, unless staff ask for `results=all` (each line then says how many are provisional)."""
    query = schemas.load(shapes.StandingsQuerySchema, request.args.to_dict(), "query")
    caller = principal()
    loaded = commands.load(services(), caller, tournament_id)
    after = query["after_round"]
    if after and loaded.state.round(after) is None:  # not "as they stood": that round was never paired
        raise commands.TournamentNotFound(
            f"{tournament_named(loaded.state)} has no round {after}: no standings after it",
            tournament=tournament_id,
        )
    counted = _counted(caller, query)
    seed = tournament_seed(services().engine, tournament_id, loaded.state)
    lines = current_standings(loaded.state, seed, after, approved_only=counted == "approved")
    waiting = provisional_counts(loaded.state, after)
    names = _names([s.player for s in lines])
    items = []
    for line in lines:
        item: dict[str, Any] = {
            "rank": line.rank,
            "name": names.get(line.player),
            "club": loaded.state.entrants.get(line.player, {}).get("club"),
            "values": {k: plain_number(v) for k, v in line.values.items()},
            "exact": {k: str(v) for k, v in line.values.items()},
            "separated_by": line.separated_by,
            "dropped": line.player in loaded.state.dropped,
            # Provisional results counted in this line (always 0 when only approved results count).
            "provisional": waiting.get(line.player, 0) if counted == "all" else 0,
        }
        if not query["public"]:
            item["player"] = line.player
        items.append(item)
    chain = loaded.state.tiebreaks
    if query["format"] == "csv":
        # Namesakes told apart in the name as the pages tell them (the JSON keeps the name, its reader the rest).
        told = entrants.told_apart(loaded.state, _names(list(loaded.state.entrants)))
        shown = [{**i, "name": told.get(s.player, i["name"])} for i, s in zip(items, lines, strict=True)]
        return _csv(shown, chain, query["public"])
    pending = sum(1 for r in loaded.state.rounds if not after or r.number <= after for t in r.tables if _waits(t))
    body = {"after_round": after, "tiebreaks": chain, "results": counted, "provisional_tables": pending}
    return jsonify({**body, "items": items})


def _counted(caller: Any, query: dict[str, Any]) -> str:
    """Which results the standings count. **Decision:** as a TD's public standings in Best Coast Pairings, only
    approved results count for everyone, the public page and CSV included; staff (director, arbiter) count the
    provisional ones too by default when not asking for the public form, each line saying how many it holds."""
    staff = caller.role in results.STAFF
    if query["results"] == "all" and not staff:
        raise Forbidden("standings with provisional results are for the tournament's staff; players see approved ones")
    return str(query["results"] or ("all" if staff and not query["public"] else "approved"))


def _waits(table: Any) -> bool:
    return table.result is not None and table.result.provisional


def _csv(items: list[dict[str, Any]], chain: list[str], public: bool) -> Response:
    out = io.StringIO()
    criteria = [c for c in chain if c not in ("draw", "head_to_head")]
    staff = [] if public else ["provisional"]
    header = ["rank", "name", "club", *([] if public else ["player"]), *criteria, "separated_by", "dropped", *staff]
    writer = csv.writer(out)
    writer.writerow(header)
    for item in items:
        values = [item["values"].get(c, "") for c in criteria]
        person = [] if public else [item["player"]]
        name = [_inert(item["name"]), _inert(item["club"])]
        extra = [] if public else [item["provisional"]]
        writer.writerow([item["rank"], *name, *person, *values, item["separated_by"] or "", item["dropped"], *extra])
    return Response(out.getvalue(), mimetype="text/csv")


def _inert(text: str | None) -> str:
    """A name a spreadsheet will not run as a formula (OWASP's CSV injection: `=HYPERLINK(…)` as a player's name)."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text or ""


def _result_json(result: Any) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "places": dict(result.places),
        "measures": {p: {k: plain_number(v) for k, v in m.items()} for p, m in result.measures.items()},
        "reported_by": result.reported_by,
        "confirmed_by": sorted(result.confirmed_by),
        "approved": result.approved,
        "provisional": result.provisional,
        "amended_by_dispute": result.amended_by_dispute,
        "forfeit": list(result.forfeit),
    }


def _names(player_ids: list[str]) -> dict[str, str]:
    return players.names_of(services().engine, player_ids)
