"""The `annals` command line: migrations, tokens, chain verification, serving."""

from __future__ import annotations

import os
import secrets as token_source
import sys
import uuid
from functools import partial
from typing import Any

import click

from service.clock import isoformat
from service.disputes import dispute_drift
from service.integrity import with_derived
from service.rebuild import summary_drift
from service.store import tokens

ROLE = click.Choice(list(tokens.ROLES))


def _services(ctx: click.Context, migrated: bool = True) -> Any:
    """The wired services, on the database named once on stderr; with `migrated`, one that this build can use
    (otherwise one line saying why, and exit 1, rather than a traceback)."""
    if ctx.obj is None:
        from service import config as settings_module
        from service import wiring
        from service.clock import SystemClock
        from service.entropy import SystemEntropy
        from service.errors import AnnalsError
        from service.store.migrate import database_name, schema_problem

        try:
            wired = wiring.build(settings_module.load(), SystemClock(), SystemEntropy())
        except AnnalsError as error:  # a signing key that cannot be read, say: one line, not a traceback
            raise click.ClickException(error.detail) from None
        click.echo(f"database: {database_name(wired.engine)}", err=True)
        if migrated and (problem := schema_problem(wired.engine)) is not None:
            wired.close()
            raise click.ClickException(problem)
        ctx.obj = wired
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

    wired = _services(ctx, migrated=False)
    database = wired.engine.url.database
    if wired.engine.dialect.name == "sqlite" and database and database != ":memory:":
        os.makedirs(os.path.dirname(os.path.abspath(database)), exist_ok=True)
    upgrade(wired.engine, revision)
    click.echo(f"database at revision {current_revision(wired.engine)} ({wired.engine.url.render_as_string()})")
    _ensure_signing_key(wired.settings)


def _ensure_signing_key(settings: dict[str, Any]) -> None:
    """Create the checkpoint signing key if none is configured, and tell the operator where it is, once."""
    from service.signing import KeyPlaces, ensure_key

    places = KeyPlaces.of(settings)
    created = ensure_key(places)
    if created:
        click.echo(
            f"created the checkpoint signing key {places.key_file} (key id {created}): "
            "back it up outside the database, with the keyring beside it",
            err=True,
        )


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


def _served_url() -> str:
    """Where `annals serve` (or `make run`) answers with this environment: HOST and PORT as it reads them, an
    address that listens on every network (0.0.0.0, ::) named as this machine's loopback."""
    host = os.environ.get("HOST", "127.0.0.1")
    host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    return f"http://{f'[{host}]' if ':' in host else host}:{os.environ.get('PORT', '5000')}"


@token.command("link")
@click.option("--role", type=ROLE, required=True)
@click.option("--player", "player_id", default=None, help="player id (required for --role player)")
@click.option("--label", default=None, help="a note on who holds the token")
@click.option(
    "--minutes", type=click.IntRange(1, 1440), default=15, show_default=True, help="how long it may be redeemed"
)
@click.option(
    "--base-url",
    default=lambda: _served_url(),
    show_default="http://HOST:PORT, as annals serve listens",
    help="where the pages are served",
)
@click.pass_context
def token_link(
    ctx: click.Context, role: str, player_id: str | None, label: str | None, minutes: int, base_url: str
) -> None:
    """A one-time login link for a browser: opening it signs that tab in with a new token (the code is in the
    URL's fragment, which no server logs; it is spent on first use)."""
    import secrets as code_source
    from datetime import timedelta

    from service.store import login_codes, players

    wired = _services(ctx)
    if role == "player" and not player_id:
        raise click.UsageError("--role player needs --player ID (register the player first)")
    if player_id and players.get(wired.engine, player_id) is None:
        raise click.UsageError(f"no player {player_id!r}")
    now = wired.clock.now()
    code = code_source.token_urlsafe(24)
    spec = {"role": role, "player": player_id, "label": label, "games": None, "tournament": None, "expires_at": None}
    expires = isoformat(now + timedelta(minutes=minutes))
    login_codes.create(wired.engine, code, spec, None, isoformat(now), expires)
    click.echo(f"valid until {expires}, once", err=True)
    click.echo(f"{base_url.rstrip('/')}/login#code={code}")


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
    """Check every stream any record knows (or one game) against its chain, summary, signed checkpoints and
    the witness file, and the global checkpoints against the log; one line per finding, exit 1 on any."""
    wired = _services(ctx)
    derive = partial(
        with_derived,
        stale_snapshots=wired.loader.stale_snapshots,
        summary_drift=partial(summary_drift, wired),
        dispute_drift=partial(dispute_drift, wired),
    )
    if game_id:
        stream = f"game:{game_id}"
        check = derive(wired.verifier.check_stream(stream))
        if check.report.events == 0 and not check.findings:
            raise click.ClickException(f"no stream {stream!r}")
        streams, log_findings = [check], []
    else:
        whole = wired.verifier.check_all()
        streams = [derive(check) for check in whole.streams]
        log_findings = list(whole.log_findings)
        newest = f", the newest at position {whole.newest_global}" if whole.newest_global is not None else ""
        click.echo(
            f"{whole.globals_checked} global checkpoint(s) checked{newest}, witness {wired.settings['WITNESS_FILE']}"
        )
    for finding in log_findings:
        click.echo(finding.line())
    for check in streams:
        if not check.findings:
            signed = f", signed at version {check.checkpoint.checkpoint.number}" if check.checkpoint else ""
            click.echo(f"ok      {check.stream}  {check.report.events} events  head {check.report.head[:16]}{signed}")
        for finding in check.findings:
            click.echo(_finding_line(finding))
    broken = sum(1 for check in streams if check.findings)
    total = len(log_findings) + sum(len(check.findings) for check in streams)
    click.echo(f"{len(streams)} stream(s) checked, {broken} broken, {total} finding(s)")
    if total:
        sys.exit(1)


def _finding_line(finding: Any) -> str:
    """A stream's finding; a broken link keeps the line `BROKEN  <stream>  at version N: <reason>`."""
    if finding.kind == "broken-chain":
        return f"BROKEN  {finding.stream}  at version {finding.version}: {finding.detail}"
    return str(finding.line())


@cli.command()
@click.option(
    "--accept-tampered",
    is_flag=True,
    help="summarise the log as it stands even where it disagrees with its summaries or signed checkpoints",
)
@click.pass_context
def rebuild(ctx: click.Context, accept_tampered: bool) -> None:
    """Rebuild the read models (game summaries, disputes, tournaments) from the event log; never touches checkpoints.

    A game (or dispute) whose log disagrees with its summary (row), a signed checkpoint or the witness keeps
    it (the evidence), one line each, and the exit status is 1 — unless --accept-tampered."""
    from service.disputes import rebuild_disputes
    from service.rebuild import rebuild_summaries
    from service.tournaments.projection import rebuild_tournaments

    services = _services(ctx)
    rebuilt = rebuild_summaries(services, accept_tampered)
    click.echo(f"rebuilt the summaries of {rebuilt.games} game(s)")
    disputes = rebuild_disputes(services, accept_tampered)
    click.echo(f"rebuilt {disputes.disputes} dispute(s)")
    click.echo(f"rebuilt {rebuild_tournaments(services.engine, services.store)} tournament(s)")
    for stream in rebuilt.dropped:
        click.echo(f"DROPPED  {stream}  has no GameCreated at version 1: no summary (the stream is tampered)")
    for finding in rebuilt.refused:
        click.echo(f"REFUSED  {finding.stream}  summary kept: {finding.kind}: {finding.detail}")
    for finding in disputes.refused:
        click.echo(f"REFUSED  {finding.stream}  dispute row kept: {finding.kind}: {finding.detail}")
    if refused := len(rebuilt.refused) + len(disputes.refused):
        click.echo(
            f"{refused} finding(s): those summaries and dispute rows were kept as evidence; "
            "`annals rebuild --accept-tampered` rebuilds them from the log as it stands"
        )
        sys.exit(1)


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

    _check_servable(host, port)
    click.echo(f"Annals serving on http://{host}:{port}/api/v1/health ({workers} process(es))", err=True)
    if workers <= 1:
        run_uvicorn(host, port, threads)
        return
    run_gunicorn(host, port, workers, threads)


def _check_servable(host: str, port: int) -> None:
    """One line, not a traceback, for the operator's usual mistakes: an unmigrated database, a busy port."""
    import errno
    import socket

    from service import config as settings_module
    from service.store.engine import make_engine
    from service.store.migrate import database_name, schema_problem
    from service.worker_cores import check_setting

    settings = settings_module.load()
    try:
        check_setting(settings["WORKER_CORES"])
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    engine = make_engine(settings["DATABASE_URL"])
    try:
        click.echo(f"database: {database_name(engine)}", err=True)
        problem = None if settings["AUTO_MIGRATE"] else schema_problem(engine)
    finally:
        engine.dispose()
    if problem is not None:
        raise click.ClickException(problem)
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the servers bind: TIME_WAIT is no conflict
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise click.ClickException(
                    f"port {port} on {host} is in use: stop the other server or choose another PORT"
                ) from None
            raise click.ClickException(f"cannot listen on {host}:{port}: {error.strerror}") from None


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="annals")


# Commands kept in their own modules import `_services` from this one, so they are added last.
from service.cli_audits import audit  # noqa: E402
from service.cli_keys import checkpoint_command, keys, verify_record_command  # noqa: E402
from service.cli_records import export_command, import_command, verify_dice_command  # noqa: E402
from service.cli_tournaments import tournament  # noqa: E402

cli.add_command(audit)
cli.add_command(keys)
cli.add_command(checkpoint_command)
cli.add_command(verify_record_command)
cli.add_command(export_command)
cli.add_command(import_command)
cli.add_command(verify_dice_command)
cli.add_command(tournament)
