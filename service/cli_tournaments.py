"""`annals tournament …`: a tournament director's commands at a laptop (issue 13).

They act as the service itself (an admin principal), like the other operator commands: whoever can run them
can read and write the database anyway. Each prints what it did; `pair` shows progress while it creates the
round's games.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import IO, Any

import click

from service.auth import Principal
from service.errors import AnnalsError
from service.games import RequestContext

OPERATOR = Principal(token_id="system:cli", role="admin")


def _ctx(what: str) -> RequestContext:
    return RequestContext(request_id=f"cli:tournament:{what}", client="annals tournament")


def _run(action: Any) -> Any:
    try:
        return action()
    except AnnalsError as error:
        raise click.ClickException(error.detail) from None


def _wired(ctx: click.Context) -> Any:
    from service.cli import _services  # here, not at the top: service.cli adds this group

    return _services(ctx)


@click.group("tournament")
def tournament() -> None:
    """Run a tournament: create, register, pair, close rounds, standings, export, check the draw."""


@tournament.command("create")
@click.option("--name", required=True)
@click.option("--ruleset", required=True)
@click.option("--table-size", type=int, required=True)
@click.option("--rounds", type=int, default=None)
@click.option("--variant", default=None)
@click.option("--board", default=None, help="a shipped board's name or a stored board's id")
@click.option(
    "--remainder",
    type=click.Choice(["smaller_tables", "byes"]),
    default=None,
    help="default: smaller_tables (byes at tables of 2)",
)
@click.option("--round-minutes", type=int, default=None, help="a round's length on its clock (unset: untimed)")
@click.option("--settings", "settings_file", type=click.File("r"), default=None, help="JSON with more settings")
@click.pass_context
def create_command(ctx: click.Context, /, settings_file: IO[str] | None, **given: Any) -> None:
    """Create a tournament; prints its id."""
    from service import schemas
    from service.schemas.tournaments import TournamentCreateSchema
    from service.tournaments.commands import create

    wired = _wired(ctx)
    body = {**(json.load(settings_file) if settings_file else {}), **{k: v for k, v in given.items() if v is not None}}
    loaded = _run(lambda: schemas.load(TournamentCreateSchema, body))
    click.echo(_run(lambda: create(wired, OPERATOR, loaded, _ctx("create"), None)))


@tournament.command("register")
@click.argument("tournament_id")
@click.option("--name", default=None, help="a new player's name")
@click.option("--player", default=None, help="a registered player's id")
@click.option("--club", default=None)
@click.option("--team", default=None)
@click.option("--different-person", is_flag=True, help="a new player whose name an entrant already has")
@click.option(
    "--csv",
    "csv_file",
    type=click.File("rb"),
    default=None,
    help="a whole list: a header row, then one entrant a row (columns name or player, club, team, email, "
    "different_person true/yes/1); all or nothing",
)
@click.pass_context
def register_command(ctx: click.Context, /, tournament_id: str, csv_file: IO[bytes] | None, **given: Any) -> None:
    """Register a player (new by --name, known by --player), or a whole list (--csv); prints each player's id."""
    from service import schemas
    from service.schemas.tournaments import RegisterSchema
    from service.tournaments.commands import register

    wired = _wired(ctx)
    if csv_file is not None:
        if any(v not in (None, False) for v in given.values()):
            raise click.UsageError("--csv registers the file's entrants: give no --name, --player or other entrant")
        _register_list(wired, tournament_id, csv_file)
        return
    body = _run(lambda: schemas.load(RegisterSchema, {k: v for k, v in given.items() if v not in (None, False)}))
    click.echo(_run(lambda: register(wired, OPERATOR, tournament_id, body, _ctx("register")))["player"])


CSV_COLUMNS = ("name", "player", "club", "team", "email", "different_person")


def _register_list(wired: Any, tournament_id: str, csv_file: IO[bytes]) -> None:
    """Register the file's entrants, all or none; a refusal prints each refused entrant by its line number."""
    from service.schemas import escaped
    from service.tournaments.entrants import register_many

    rows, lines = _read_list(csv_file, wired.settings["MAX_CONTENT_LENGTH"])
    try:
        entrants = _loaded_list(wired, tournament_id, rows)
        registered = register_many(wired, OPERATOR, tournament_id, entrants, _ctx("register"))
    except AnnalsError as error:
        for refused in error.extra.get("refused", []):
            said = f"{refused['name']}: {refused['detail']}"
            click.echo(f"line {lines[refused['index']]}: {escaped(said)}", err=True)
        # Each refusal was printed by its line: the summary is the detail's head ("2 of 40 entrant(s) refused, …").
        head = error.detail.partition(": ")[0] if error.extra.get("refused") else error.detail
        raise click.ClickException(escaped(head)) from None
    for entrant, data in zip(rows, registered, strict=True):
        click.echo(f"{data['player']} {entrant.get('name', '')}".rstrip())


def _loaded_list(wired: Any, tournament_id: str, rows: list[dict[str, str]]) -> list[dict[str, Any]]:
    """The rows as the list's entrants. A refusal before the tournament is read (a row naming a player by another's
    name, a malformed row) lists the rows the tournament refuses too (a namesake), so one try names them all."""
    from service.errors import BadRequest
    from service.schemas.tournaments import load_entrants, named_beside, well_formed
    from service.tournaments.entrants import with_every_refusal

    # A known player's row may keep their name for whoever reads the file: checked, then the id registers them.
    listed = [{k: v for k, v in r.items() if k != "name" or "player" not in r} for r in rows]
    try:
        _check_named_players(wired, rows)
        return load_entrants({"entrants": listed})
    except AnnalsError as error:
        if "refused" not in error.extra:
            raise
        if not isinstance(error, BadRequest):  # a misnamed player: a malformed row is named beside it
            try:
                load_entrants({"entrants": listed})
            except BadRequest as malformed:
                at = {r["index"] for r in error.extra["refused"]}
                error.extra["refused"] += [r for r in malformed.extra.get("refused", []) if r["index"] not in at]
                refused = sorted(error.extra["refused"], key=lambda r: int(r["index"]))
                error.extra["refused"] = refused
                error.detail = f"{len(refused)} of {len(rows)} entrant(s) refused, nobody registered: " + str(
                    refused[0]["detail"]
                )
        rest = well_formed(listed)
        beside = named_beside(listed, rest)
        raise with_every_refusal(wired, OPERATOR, tournament_id, rest, beside, len(rows), error) from None


def _check_named_players(wired: Any, rows: list[dict[str, str]]) -> None:
    """A row giving both a player id and a name: the name must be that player's (case and spacing aside), or the
    list is refused (409) naming each such row, before anyone is registered. An unknown id is the list's 422."""
    from service.errors import Conflict
    from service.store import players
    from service.tournaments.commands import same_name

    named = [(i, r) for i, r in enumerate(rows) if "player" in r and "name" in r]
    stored = players.names_of(wired.engine, [r["player"] for _, r in named])
    refused = [
        {
            "index": i,
            "name": r["name"],
            "pointer": f"/entrants/{i}/name",
            "detail": f"player {r['player']} is {stored[r['player']]}, not {r['name']}",
        }
        for i, r in named
        if r["player"] in stored and same_name(stored[r["player"]]) != same_name(r["name"])
    ]
    if refused:
        raise Conflict(
            f"{len(refused)} of {len(rows)} entrant(s) refused, nobody registered: {refused[0]['detail']}",
            refused=refused,
        )


def _read_list(csv_file: IO[bytes], most: int) -> tuple[list[dict[str, str]], list[int]]:
    """The file's entrants (a header row, then one a row) and the line each is on. A file past `most` bytes (the
    API's body limit), not UTF-8, not CSV (a quote left open), with a row of more cells than its header or a
    header naming a column twice is refused naming the line; they were a traceback, a silent guess or a lost cell."""
    data = csv_file.read(most + 1)
    if len(data) > most:
        raise click.ClickException(f"the file is longer than {most:,} bytes (ANNALS_MAX_BODY_BYTES)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise click.ClickException(
            f'line {line}: not UTF-8 (byte {error.start + 1:,} of the file): save it as "CSV UTF-8"'
        ) from None
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    try:
        columns = [c.strip().casefold() for c in next(reader, [])]
        named = {"name", "player"} & set(columns)
        if not named or not set(columns) <= set(CSV_COLUMNS) or len(set(columns)) < len(columns):
            raise click.UsageError(
                f"the file's header row names {columns or 'nothing'}: columns are {', '.join(CSV_COLUMNS)}, each once "
                "(a name or a player column at least)"
            )
        rows, lines = [], []
        for row in reader:
            if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns) :]):
                raise click.ClickException(f"line {reader.line_num}: {len(row)} cells, the header names {len(columns)}")
            cells = {c: v.strip() for c, v in zip(columns, row, strict=False)}
            if any(cells.values()):  # a blank row (or one of commas) is no entrant
                rows.append({c: v for c, v in cells.items() if v})
                lines.append(reader.line_num)
    except csv.Error as error:
        raise click.ClickException(f"line {reader.line_num}: not CSV ({error})") from None
    if not rows:
        raise click.UsageError("the file lists nobody under its header row")
    return rows, lines


def _delimiter(text: str) -> str:
    """The list's separator, read off its header row: a comma, or the semicolon (or tab) of a header without one.
    **Decision:** Excel saves "CSV" with semicolons where the comma is the decimal mark (Hungarian, Czech, German
    locales: a Kard és Korona club's list), so a header such as `name;club` is read so rather than refused; a
    header of one column (`name`) has no separator to tell, and reads as commas."""
    header = text.partition("\n")[0]
    if "," in header:
        return ","
    return next((d for d in (";", "\t") if d in header), ",")


@tournament.command("drop")
@click.argument("tournament_id")
@click.argument("player_id")
@click.option("--reason", required=True)
@click.pass_context
def drop_command(ctx: click.Context, tournament_id: str, player_id: str, reason: str) -> None:
    """Drop a player from the next pairing on."""
    from service.tournaments.commands import drop

    wired = _wired(ctx)
    _run(lambda: drop(wired, OPERATOR, tournament_id, player_id, reason, _ctx("drop")))
    click.echo(f"dropped {player_id}")


@tournament.command("pair")
@click.argument("tournament_id")
@click.option("--preview", is_flag=True, help="show the plan and its digest, write nothing")
@click.option("--plan-digest", default=None, help="publish the plan a preview showed with this digest, or nothing")
@click.option("--accept-problems", is_flag=True, help="publish although the plan has problems")
@click.option("--no-start", is_flag=True, help="publish the round but do not create its games yet")
@click.pass_context
def pair_command(
    ctx: click.Context,
    tournament_id: str,
    preview: bool,
    plan_digest: str | None,
    accept_problems: bool,
    no_start: bool,
) -> None:
    """Pair the next round, then create its games (with progress)."""
    from service.store import tournaments as stored
    from service.tournaments.naming import seat_names
    from service.tournaments.rounds import pair, start

    wired = _wired(ctx)
    click.echo("pairing…", err=True)
    body = {"preview": preview, "accept_problems": accept_problems, "plan_digest": plan_digest}
    plan = _run(lambda: pair(wired, OPERATOR, tournament_id, body, _ctx("pair")))
    left_out = plan.get("not_checked_in", [])
    name = _namer(wired, [p for t in plan["tables"] for p in t["players"]] + plan["byes"] + left_out)
    row = stored.get(wired.engine, tournament_id)
    ruleset = row["ruleset"] if row else None
    for table in plan["tables"]:
        held = seat_names(ruleset, table["seats"].values())  # a lord by his province, a House by its name
        seats = ", ".join(f"{name(p)} ({held[table['seats'][p]]})" for p in table["players"])
        click.echo(f"table {table['number']}: {seats}")
    if plan["byes"]:
        click.echo(f"byes: {', '.join(map(name, plan['byes']))}")
    if left_out:  # check-in required: published, they are dropped (service.tournaments.check_in)
        click.echo(f"not checked in, {'left out' if preview else 'dropped'}: {', '.join(map(name, left_out))}")
    for problem in plan["problems"]:
        who = ", ".join(map(name, problem["players"]))
        # An unavoidable repeat is shown, not accepted (rounds.pair publishes without --accept-problems for it).
        label = "UNAVOIDABLE" if problem.get("unavoidable") else "PROBLEM"
        click.echo(f"{label} {problem['kind']} at table {problem.get('table', '-')}: {who}")
    click.echo(f"round {plan['round']}: repeat cost {plan['repeat_cost']}, optimal {plan['optimal']}")
    click.echo(f"plan digest {plan['plan_digest']}")
    if preview or no_start:
        return
    with click.progressbar(length=len(plan["tables"]), label="creating the games", file=sys.stderr) as bar:
        created = _run(
            lambda: start(wired, OPERATOR, tournament_id, plan["round"], _ctx("start"), lambda _d, _n: bar.update(1))
        )
    for game in created:
        click.echo(f"table {game['table']}: game {game['game']}")


@tournament.command("check-in")
@click.argument("tournament_id")
@click.option("--open", "opening", is_flag=True, help="open check-in for the next round")
@click.option("--close", "closing", is_flag=True, help="end check-in without pairing")
@click.option("--player", "players", multiple=True, help="an entrant to mark present (repeatable)")
@click.pass_context
def check_in_command(
    ctx: click.Context, tournament_id: str, opening: bool, closing: bool, players: tuple[str, ...]
) -> None:
    """Open check-in, mark entrants present, or end it (with require_check_in, a round pairs who checked in)."""
    from service.tournaments import check_in

    if opening + closing + bool(players) != 1:
        raise click.UsageError("give one of --open, --close or --player")
    wired = _wired(ctx)
    if opening:
        _run(lambda: check_in.open_check_in(wired, OPERATOR, tournament_id, _ctx("check-in")))
        click.echo("check-in is open")
    elif closing:
        _run(lambda: check_in.close_check_in(wired, OPERATOR, tournament_id, _ctx("check-in")))
        click.echo("check-in is closed")
    name = _namer(wired, list(players))
    for player in players:
        _run(lambda player=player: check_in.check_in(wired, OPERATOR, tournament_id, player, _ctx("check-in")))
        click.echo(f"checked in: {name(player)}")


@tournament.command("approve")
@click.argument("tournament_id")
@click.argument("number", type=int)
@click.argument("table", type=int)
@click.option("--override-reason", default=None, help="approve without every player's confirmation, saying why")
@click.pass_context
def approve_command(
    ctx: click.Context, tournament_id: str, number: int, table: int, override_reason: str | None
) -> None:
    """Approve a table's result (refused while its game has an open dispute)."""
    from service.tournaments.results import approve

    wired = _wired(ctx)
    body = {"override_reason": override_reason}
    _run(lambda: approve(wired, OPERATOR, tournament_id, number, table, body, _ctx("approve")))
    click.echo(f"round {number} table {table}: result approved")


def _namer(wired: Any, player_ids: list[str]) -> Any:
    """Player id -> "Name (id prefix)" for a director's screen (names stay out of the log)."""
    from service.store import players

    names = players.names_of(wired.engine, sorted(set(player_ids)))
    return lambda p: f"{names.get(p) or '?'} ({p[:8]})"


@tournament.command("close-round")
@click.argument("tournament_id")
@click.argument("number", type=int)
@click.pass_context
def close_round_command(ctx: click.Context, tournament_id: str, number: int) -> None:
    """Close a round (every table's result approved)."""
    from service.tournaments.rounds import close

    wired = _wired(ctx)
    _run(lambda: close(wired, OPERATOR, tournament_id, number, _ctx("close-round")))
    click.echo(f"round {number} closed")


@tournament.command("withdraw-round")
@click.argument("tournament_id")
@click.argument("number", type=int)
@click.option("--reason", required=True, help="why it is paired again (a no-show after publishing), kept in the log")
@click.pass_context
def withdraw_round_command(ctx: click.Context, tournament_id: str, number: int, reason: str) -> None:
    """Withdraw the last published round while no table has a game or result; it is then paired again."""
    from service import schemas
    from service.schemas.tournaments import WithdrawSchema
    from service.tournaments.rounds import withdraw

    wired = _wired(ctx)
    body = _run(lambda: schemas.load(WithdrawSchema, {"reason": reason}))
    _run(lambda: withdraw(wired, OPERATOR, tournament_id, number, body["reason"], _ctx("withdraw-round")))
    click.echo(f"round {number} withdrawn; pair it again with: annals tournament pair {tournament_id}")


@tournament.command("start-round")
@click.argument("tournament_id")
@click.argument("number", type=int)
@click.option("--minutes", type=int, default=None, help="the round's length (default: the tournament's round_minutes)")
@click.pass_context
def start_round_command(ctx: click.Context, tournament_id: str, number: int, minutes: int | None) -> None:
    """Start a published round's clock now (its games are created by `pair`); prints when it ends."""
    from service import schemas
    from service.schemas.tournaments import ClockStartSchema
    from service.tournaments.clock import start_clock

    wired = _wired(ctx)
    body = _run(lambda: schemas.load(ClockStartSchema, {"minutes": minutes}))
    started = _run(lambda: start_clock(wired, OPERATOR, tournament_id, number, body, _ctx("start-round")))
    state = _run(lambda: _round_clock(wired, tournament_id, number))
    click.echo(f"round {number} started at {started['started_at']} for {started['minutes']} minutes; ends {state}")


@tournament.command("extend-round")
@click.argument("tournament_id")
@click.argument("number", type=int)
@click.option("--minutes", type=int, required=True, help="minutes more (1 or more)")
@click.option("--reason", required=True, help="why (a ruling's delay, a fire alarm), kept in the log")
@click.option("--table", type=int, default=None, help="one table's extension (default: the whole round)")
@click.pass_context
def extend_round_command(
    ctx: click.Context, tournament_id: str, number: int, minutes: int, reason: str, table: int | None
) -> None:
    """Give a running round, or one of its tables, more minutes; prints the new end."""
    from service import schemas
    from service.schemas.tournaments import ClockExtensionSchema
    from service.tournaments.clock import extend_clock

    wired = _wired(ctx)
    body = _run(lambda: schemas.load(ClockExtensionSchema, {"minutes": minutes, "reason": reason, "table": table}))
    _run(lambda: extend_clock(wired, OPERATOR, tournament_id, number, body, _ctx("extend-round")))
    ends = _run(lambda: _round_clock(wired, tournament_id, number, table))
    click.echo(f"round {number}{f' table {table}' if table else ''}: {minutes} minute(s) more; ends {ends}")


@tournament.command("call-time")
@click.argument("tournament_id")
@click.argument("number", type=int)
@click.pass_context
def call_time_command(ctx: click.Context, tournament_id: str, number: int) -> None:
    """Call time on a running round now: its games end and are scored as they stand."""
    from service.tournaments.clock import call_time

    wired = _wired(ctx)
    called = _run(lambda: call_time(wired, OPERATOR, tournament_id, number, _ctx("call-time")))
    click.echo(f"round {number}: time called at {called['at']}")


def _round_clock(wired: Any, tournament_id: str, number: int, table: int | None = None) -> str:
    """When round `number` (or its table `table`) ends, as its clock now says."""
    from service.tournaments.commands import load

    paired = load(wired, OPERATOR, tournament_id).state.round(number)
    clock = paired.clock if paired is not None else None
    if clock is None:
        return "?"
    return (clock.table_ends_at(table) if table is not None else None) or clock.ends_at


@tournament.command("finish")
@click.argument("tournament_id")
@click.pass_context
def finish_command(ctx: click.Context, tournament_id: str) -> None:
    """Finish the tournament and reveal the draw's seed."""
    from service.tournaments.commands import finish

    wired = _wired(ctx)
    _run(lambda: finish(wired, OPERATOR, tournament_id, _ctx("finish")))
    click.echo(f"tournament {tournament_id} finished; its seed is revealed in the log")


@tournament.command("standings")
@click.argument("tournament_id")
@click.option("--after-round", type=int, default=None)
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.pass_context
def standings_command(ctx: click.Context, tournament_id: str, after_round: int | None, fmt: str) -> None:
    """Print the standings with every criterion and what separated each line."""
    from service.store import players
    from service.tournaments.commands import load
    from service.tournaments.entrants import told_apart
    from service.tournaments.projection import current_standings, plain_number, tournament_seed

    wired = _wired(ctx)
    loaded = _run(lambda: load(wired, OPERATOR, tournament_id))
    seed = tournament_seed(wired.engine, tournament_id, loaded.state)
    lines = current_standings(loaded.state, seed, after_round, approved_only=False)  # the operator is staff
    chain = [c for c in loaded.state.settings.get("tiebreaks", []) if c not in ("draw", "head_to_head")]
    known = players.names_of(wired.engine, [s.player for s in lines])
    names = {s.player: known.get(s.player, s.player) for s in lines}
    rows = [
        {
            "rank": s.rank,
            "name": names[s.player],
            "player": s.player,
            # Numbers as the API gives them: an opponents' score of 80/3 printed "80/3" read as a date or a ratio.
            **{c: plain_number(s.values[c]) if c in s.values else "" for c in chain},
            "separated_by": s.separated_by or "",
        }
        for s in lines
    ]
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
    elif fmt == "csv":
        writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else ["rank"])
        writer.writeheader()
        writer.writerows(rows)
    else:
        shown = told_apart(loaded.state, names)  # as the pages and the CSV tell namesakes apart: club, else id
        for line, row in zip(lines, rows, strict=True):
            values = "  ".join(f"{c}={_two_places(row[c])}" for c in chain)
            click.echo(f"{row['rank']:>3}. {shown[line.player]:<30} {values}  {row['separated_by']}")


def _two_places(value: object) -> object:
    """A table's value as the standings page shows it: 26.6667 as 26.67, whole numbers as they are."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else value


@tournament.command("export")
@click.argument("tournament_id")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-", help="file to write (- : stdout)")
@click.pass_context
def export_command(ctx: click.Context, tournament_id: str, output: IO[str]) -> None:
    """Write the tournament's stream as JSON Lines (one recorded event per line, with its hash chain)."""
    from service.tournaments.commands import load

    wired = _wired(ctx)
    loaded = _run(lambda: load(wired, OPERATOR, tournament_id))
    for event in loaded.events:
        output.write(json.dumps(event.to_json(), ensure_ascii=False, sort_keys=True) + "\n")
    click.echo(f"exported {len(loaded.events)} event(s) of tournament {tournament_id}", err=True)


@tournament.command("record")
@click.argument("tournament_id")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-", help="file to write (- : stdout)")
@click.pass_context
def record_command(ctx: click.Context, tournament_id: str, output: IO[str]) -> None:
    """Write the tournament's whole record (names, stream, table games, disputes) as one JSON document."""
    from service.tournaments.records import export_tournament

    wired = _wired(ctx)
    document = _run(lambda: export_tournament(wired, OPERATOR, tournament_id))
    output.write(json.dumps(document, ensure_ascii=False, sort_keys=True) + "\n")
    click.echo(f"recorded tournament {tournament_id}: {len(document['games'])} game(s)", err=True)


@tournament.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.pass_context
def import_command(ctx: click.Context, file: str) -> None:
    """Import a finished tournament's record (JSON, or gzipped JSON ending in .gz); every chain is checked first."""
    import gzip

    from service.tournaments.records import import_tournament

    wired = _wired(ctx)
    opener = gzip.open if file.endswith(".gz") else open
    with opener(file, "rt", encoding="utf-8") as handle:
        document = json.load(handle)
    report = _run(lambda: import_tournament(wired, document, OPERATOR))
    what = "imported" if report.written else "already here, nothing written"
    click.echo(f"tournament {report.tournament_id}: {what} ({report.games} game(s), {report.events} event(s))")


@tournament.command("check-pairing")
@click.argument("tournament_id", required=False)
@click.option("--round", "number", type=int, default=None, help="one round (default: every round)")
@click.option("--events", "events_file", type=click.File("r"), default=None, help="an exported stream (JSON Lines)")
@click.pass_context
def check_pairing_command(
    ctx: click.Context, tournament_id: str | None, number: int | None, events_file: IO[str] | None
) -> None:
    """Re-derive published rounds from the log and the seed; exit 1 when one differs.

    With --events, a finished tournament's export is checked on its own (its revealed seed); otherwise the
    database's stream and, while the tournament runs, the server's seed."""
    from domain.kernel import Event
    from service.tournaments.checking import check_rounds, seed_of

    if events_file is not None:
        events = [Event(e["type"], e["data"]) for e in map(json.loads, events_file.read().splitlines()) if e]
        seed = _run(lambda: seed_of(events))
        if seed is None:
            raise click.ClickException("the export has no revealed seed: the tournament is not finished")
    else:
        if tournament_id is None:
            raise click.UsageError("give a TOURNAMENT_ID or --events FILE")
        from service.tournaments.commands import load
        from service.tournaments.projection import tournament_seed

        wired = _wired(ctx)
        loaded = _run(lambda: load(wired, OPERATOR, tournament_id))
        events = [Event(e.type, e.data) for e in loaded.events]
        seed = tournament_seed(wired.engine, tournament_id, loaded.state)
    checks = check_rounds(events, seed, number)
    for check in checks:
        click.echo(f"round {check.round}: {'same as published' if check.same else 'DIFFERS'}")
        for difference in check.differences:
            click.echo(f"  {difference}")
    if not checks:
        click.echo("no published round to check")
    if any(not c.same for c in checks):
        sys.exit(1)
