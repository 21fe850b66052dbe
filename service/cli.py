"""The `annals` command line: migrations, tokens, chain verification, serving."""

from __future__ import annotations

import os
import secrets as token_source
import sys
import uuid
from typing import Any

import click

from service.clock import isoformat
from service.store import tokens

ROLE = click.Choice(list(tokens.ROLES))


def _services(ctx: click.Context) -> Any:
    if ctx.obj is None:
        from service import config as settings_module
        from service import wiring
        from service.clock import SystemClock
        from service.entropy import SystemEntropy

        ctx.obj = wiring.build(settings_module.load(), SystemClock(), SystemEntropy())
    return ctx.obj


@click.group()
def cli() -> None:
    """Annals: record, replay and rulings for strategy war board games."""


@cli.group()
def db() -> None:
    """Database schema."""


@db.command("upgrade")
@click.option("--revision", default="head", show_default=True)
@click.pass_context
def db_upgrade(ctx: click.Context, revision: str) -> None:
    """Run the migrations (creates the SQLite file and its folder when needed)."""
    from service.store.migrate import current_revision, upgrade

    wired = _services(ctx)
    database = wired.engine.url.database
    if wired.engine.dialect.name == "sqlite" and database and database != ":memory:":
        os.makedirs(os.path.dirname(os.path.abspath(database)), exist_ok=True)
    upgrade(wired.engine, revision)
    click.echo(f"database at revision {current_revision(wired.engine)} ({wired.engine.url.render_as_string()})")


@cli.group()
def token() -> None:
    """API tokens."""


@token.command("create")
@click.option("--role", type=ROLE, required=True)
@click.option("--player", "player_id", default=None, help="player id (required for --role player)")
@click.option("--label", default=None, help="a note on who holds the token")
@click.pass_context
def token_create(ctx: click.Context, role: str, player_id: str | None, label: str | None) -> None:
    """Create a token; it is printed once, alone on the last line, and stored only hashed."""
    from service.store import players

    wired = _services(ctx)
    if role == "player" and not player_id:
        raise click.UsageError("--role player needs --player ID (register the player first)")
    if player_id and players.get(wired.engine, player_id) is None:
        raise click.UsageError(f"no player {player_id!r}")
    value = "ann_" + token_source.token_urlsafe(32)
    record = tokens.create(wired.engine, str(uuid.uuid4()), value, role, player_id, label, isoformat(wired.clock.now()))
    click.echo(f"token {record.id} role={role}" + (f" player={player_id}" if player_id else ""), err=True)
    click.echo(value)


@token.command("bootstrap")
@click.pass_context
def token_bootstrap(ctx: click.Context) -> None:
    """Create the first admin token, once: prints it when no live admin token exists yet."""
    wired = _services(ctx)
    if tokens.has_live_role(wired.engine, "admin"):
        click.echo("an admin token exists already; create another with: annals token create --role admin", err=True)
        return
    value = "ann_" + token_source.token_urlsafe(32)
    tokens.create(wired.engine, str(uuid.uuid4()), value, "admin", None, "bootstrap", isoformat(wired.clock.now()))
    click.echo("Your admin token (shown once, stored only hashed):", err=True)
    click.echo(value)


@token.command("revoke")
@click.argument("token_id")
@click.pass_context
def token_revoke(ctx: click.Context, token_id: str) -> None:
    """Revoke a token by its id."""
    wired = _services(ctx)
    if not tokens.revoke(wired.engine, token_id, isoformat(wired.clock.now())):
        raise click.ClickException(f"no live token {token_id!r}")
    click.echo(f"revoked {token_id}")


@cli.group()
def samples() -> None:
    """The sample games shipped in replays/samples/."""


@samples.command("load")
@click.pass_context
def samples_load(ctx: click.Context) -> None:
    """Record the sample games (idempotent: loading twice records nothing new)."""
    from service.samples import load_samples

    for line in load_samples(_services(ctx)):
        click.echo(line, err=True)


@cli.command()
@click.argument("game_id", required=False)
@click.pass_context
def verify(ctx: click.Context, game_id: str | None) -> None:
    """Recompute hash chains (one game, or every stream) and report the first broken link."""
    wired = _services(ctx)
    streams = [f"game:{game_id}"] if game_id else wired.store.stream_ids()
    broken = 0
    for stream in streams:
        report = wired.store.verify(stream)
        if report.events == 0:
            raise click.ClickException(f"no stream {stream!r}")
        if report.ok:
            click.echo(f"ok      {stream}  {report.events} events  head {report.head[:16]}")
        else:
            broken += 1
            click.echo(f"BROKEN  {stream}  at version {report.first_broken}: {report.reason}")
    click.echo(f"{len(streams)} stream(s) checked, {broken} broken")
    if broken:
        sys.exit(1)


@cli.command()
@click.pass_context
def rebuild(ctx: click.Context) -> None:
    """Rebuild the read models (game summaries, disputes) from the event log."""
    from service.disputes import rebuild_disputes
    from service.rebuild import rebuild_summaries

    services = _services(ctx)
    click.echo(f"rebuilt the summaries of {rebuild_summaries(services)} game(s)")
    click.echo(f"rebuilt {rebuild_disputes(services)} dispute(s)")


@cli.command()
@click.option(
    "--host",
    default=lambda: os.environ.get("HOST", "127.0.0.1"),
    show_default="HOST or 127.0.0.1",
    help="address to listen on; 0.0.0.0 serves every network of this machine (tablets at a venue)",
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=lambda: int(os.environ.get("PORT", "5000")),
    show_default="PORT or 5000",
)
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    default=8,
    show_default=True,
    help="request threads per process (live streams need none)",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=lambda: int(os.environ.get("ANNALS_WORKERS", "1")),
    show_default="ANNALS_WORKERS or 1",
    help="serving processes; more than one uses gunicorn with uvicorn workers (each builds its own app)",
)
def serve(host: str, port: int, threads: int, workers: int) -> None:
    """Serve the API: uvicorn in one process, or gunicorn with several uvicorn worker processes."""
    from service.serving import run_gunicorn, run_uvicorn

    click.echo(f"Annals serving on http://{host}:{port}/api/v1/health ({workers} process(es))", err=True)
    if workers <= 1:
        run_uvicorn(host, port, threads)
        return
    run_gunicorn(host, port, workers, threads)


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="annals")


# Commands kept in their own modules import `_services` from this one, so they are added last.
from service.cli_audits import audit  # noqa: E402
from service.cli_records import export_command, import_command, verify_dice_command  # noqa: E402

cli.add_command(audit)
cli.add_command(export_command)
cli.add_command(import_command)
cli.add_command(verify_dice_command)
