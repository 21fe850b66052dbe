"""`annals export` and `annals import`: the record format of DESIGN §10 on the command line.

The commands act as the service itself (an admin principal): whoever can run them can read the
database anyway. The lead registers them on `service.cli.cli` with `cli.add_command(...)`.
"""

from __future__ import annotations

import json
import sys
from typing import IO, TYPE_CHECKING

import click

from service.auth import Principal
from service.errors import AnnalsError

if TYPE_CHECKING:
    from replays.record import Record

OPERATOR = Principal(token_id="system:cli", role="admin")


def record_lines(file: IO[str]) -> list[str]:
    """The lines of a record file; a file that is not UTF-8 text is a one-line error, not a traceback."""
    try:
        return file.read().splitlines()
    except UnicodeDecodeError as error:
        raise click.ClickException(
            f"{file.name} is not a record: it is not UTF-8 text ({error.reason} at byte {error.start})"
        ) from None


def offline_record(file: IO[str]) -> Record:
    """The record an offline check reads; a file that is not a record cannot be judged fair or bad, so it
    ends the command with exit 2 (unverifiable), naming why, rather than 1."""
    from replays.record import RecordError, parse_record

    try:
        return parse_record(record_lines(file))
    except (RecordError, click.ClickException) as error:
        detail = (
            error.format_message()
            if isinstance(error, click.ClickException)
            else f"{file.name} is not a record: {error}"
        )
        click.echo(f"UNVERIFIABLE: {detail}", err=True)
        sys.exit(2)


@click.command("export")
@click.argument("game_id")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "text"]), default="jsonl", show_default=True)
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-", help="file to write (- : stdout)")
@click.option("--with-annotations", is_flag=True, help="append the game's annotation stream to the record")
@click.pass_context
def export_command(ctx: click.Context, game_id: str, fmt: str, output: IO[str], with_annotations: bool) -> None:
    """Write a game's record (JSON Lines, optionally with its annotations) or its notation (text)."""
    from service.cli import _services  # here, not at the top: service.cli adds these commands
    from service.records import export_game, export_notation

    wired = _services(ctx)
    try:
        # An export signs the game's head: an unknown game or a file that cannot be written stops first.
        wired.loader.summary(game_id, OPERATOR)
        opener = getattr(output, "open", None)  # click opens a file lazily, at its first write
        if callable(opener):
            opener()
        if fmt == "text":
            lines = [line + "\n" for line in export_notation(wired, OPERATOR, game_id)]
        else:
            lines = list(export_game(wired, OPERATOR, game_id, with_annotations))
    except AnnalsError as error:
        raise click.ClickException(error.detail) from None
    with click.progressbar(lines, label=f"exporting {game_id}", file=sys.stderr) as bar:
        for line in bar:
            output.write(line)
    click.echo(f"exported {len(lines)} line(s) of game {game_id}", err=True)


@click.command("import")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--keep-id", is_flag=True, help="create the game under its original id (refused if it exists)")
@click.pass_context
def import_command(ctx: click.Context, file: IO[str], keep_id: bool) -> None:
    """Verify a record's chain, re-adjudicate it and create the game; prints the report as JSON."""
    from service.cli import _services  # here, not at the top: service.cli adds these commands
    from service.records import import_record

    wired = _services(ctx)
    lines = record_lines(file)
    # One tick per event re-adjudicated (the long part); lines beyond the header are events and annotations.
    ticks = max(len(lines) - 1, 1)
    with click.progressbar(length=ticks, label="importing", file=sys.stderr) as bar:
        try:
            report = import_record(wired, OPERATOR, lines, keep_id, bar.update)
        except AnnalsError as error:
            raise click.ClickException(error.detail) from None
        bar.update(ticks - bar.pos)
    findings = report.findings
    click.echo(
        f"game {report.game_id}: {report.events} event(s), chain ok, {findings['consistent']} consistent, "
        f"{findings['deviates']} deviating, {findings['unverifiable']} unverifiable",
        err=True,
    )
    if not report.dice_seed_available:
        click.echo("warning: server dice without a revealed seed: this game cannot roll again here", err=True)
    click.echo(json.dumps(report.to_json(), ensure_ascii=False))


@click.command("verify-dice")
@click.argument("file", type=click.File("r", encoding="utf-8"))
def verify_dice_command(file: IO[str]) -> None:
    """Re-derive every server roll of an exported record from its revealed seed (no database needed).

    Exit status: 0 fair, 1 unfair (a roll or the commitment does not match) or a broken chain,
    2 unverifiable (table dice, the seed is not revealed yet, or the file is not a record).
    """
    from replays.dice_check import check_dice
    from replays.record import verify_record

    record = offline_record(file)
    chain = verify_record(record)
    if not chain.ok:
        click.echo(f"BROKEN chain at version {chain.first_broken}: {chain.reason}")
        sys.exit(1)
    report = check_dice(record.events)
    click.echo(f"{report.verdict.upper()}: {report.reason}")
    for mismatch in report.mismatches[:20]:
        click.echo(f"  die {mismatch.k}: recorded {mismatch.recorded}, the seed gives {mismatch.expected}")
    sys.exit({"fair": 0, "unfair": 1}.get(report.verdict, 2))
