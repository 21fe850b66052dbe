"""`annals keys`, `annals checkpoint` and `annals verify-record`: the signing key, checkpoints on demand (cron),
and the offline check of an exported record's signed checkpoint."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

import click

from service.errors import AnnalsError
from service.signing import KeyPlaces


def _places() -> KeyPlaces:
    from service import config

    return KeyPlaces.of(config.load())


@click.group()
def keys() -> None:
    """The checkpoint signing key (Ed25519, kept outside the database) and the keyring of public keys."""


@keys.command("create")
def keys_create() -> None:
    """Create the signing key (refused when one exists: rotate it instead)."""
    from service.signing import create_key

    places = _places()
    try:
        created = create_key(places)
    except AnnalsError as error:
        raise click.ClickException(error.detail) from None
    click.echo(
        f"created the checkpoint signing key {places.key_file} (key id {created}): "
        "back it up outside the database, with the keyring beside it"
    )


@keys.command("rotate")
def keys_rotate() -> None:
    """Sign from now on with a new key; the old public key stays in the keyring, so old checkpoints verify."""
    from service.signing import rotate_key

    places = _places()
    try:
        old, new = rotate_key(places)
    except AnnalsError as error:
        raise click.ClickException(error.detail) from None
    click.echo(
        f"rotated the signing key {places.key_file}: key {old} retired (kept in {places.keyring_dir}), key {new} signs"
    )
    click.echo("back the new key up outside the database; restart serving processes so that they sign with it")


@keys.command("show")
@click.option("--pem", is_flag=True, help="print each public key as PEM instead of base64")
def keys_show(pem: bool) -> None:
    """The public keys checkpoints verify under: `<key id> current|retired <base64 of the raw 32 bytes>`."""
    from service.signing import load_keyring, public_pem

    places = _places()
    try:
        keyring = load_keyring(places)
    except AnnalsError as error:
        raise click.ClickException(error.detail) from None
    known = keyring.known()
    if not known:
        raise click.ClickException(f"no key at {places.key_file} nor in {places.keyring_dir}: run `annals keys create`")
    for key in known:
        state = "current" if key.current else "retired"
        if pem:
            click.echo(f"# {key.key_id} {state}\n{public_pem(key.public).rstrip()}")
        else:
            click.echo(f"{key.key_id} {state} ed25519 {key.to_json()['public_key']}")


@click.command("checkpoint")
@click.pass_context
def checkpoint_command(ctx: click.Context) -> None:
    """Sign a global checkpoint of the log now (for cron) and mirror it to the witness file; exit 1 when the
    log disagrees with the previous one (nothing is signed then)."""
    from service.cli import _services  # here, not at the top: service.cli adds these commands

    wired = _services(ctx)
    try:
        outcome = wired.checkpoints.checkpoint_global()
    except AnnalsError as error:
        click.echo(f"REFUSED  {error.detail}")
        sys.exit(1)
    if outcome.made is None:
        latest = outcome.latest
        where = f"global checkpoint at position {latest.checkpoint.number}" if latest else "no events"
        click.echo(f"nothing new to sign: {where}")
        return
    made = outcome.made.checkpoint
    click.echo(
        f"global checkpoint at position {made.number}: {made.streams} stream(s), "
        f"head {made.head[:16]}, key {made.key_id}; witness {wired.checkpoints.witness_path}"
    )


@click.command("verify-record")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option(
    "--public-key",
    "public_keys",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="a public key file (PEM, or base64 of the raw key as GET /api/v1/checkpoints publishes); "
    "default: this service's keyring",
)
def verify_record_command(file: IO[str], public_keys: tuple[Path, ...]) -> None:
    """Check an exported record offline (no database): its hash chain and the signed checkpoint in its header.

    Exit status: 0 signed and verified, 1 a broken chain or a checkpoint that does not match or verify,
    2 unverifiable (no checkpoint, signed by a key not given, or the file is not a record).
    """
    from domain.checkpoints import STREAM, CheckpointFormatError, from_json, payload
    from replays.record import verify_record
    from service.cli_records import offline_record
    from service.signing import INVALID, VALID, Keyring, key_id_of, load_keyring, read_public

    record = offline_record(file)
    try:
        if public_keys:
            loaded = [read_public(path.read_text(encoding="utf-8"), str(path)) for path in public_keys]
            keyring = Keyring(None, {key_id_of(key): key for key in loaded})
        else:
            keyring = load_keyring(_places())
    except AnnalsError as error:
        raise click.ClickException(error.detail) from None
    chain = verify_record(record)
    if not chain.ok:
        click.echo(f"BROKEN chain at version {chain.first_broken}: {chain.reason}")
        sys.exit(1)
    if record.header.get("checkpoint") is None:
        click.echo(f"UNSIGNED: the chain holds ({chain.events} events) but the record carries no checkpoint")
        sys.exit(2)
    try:
        checkpoint = from_json(record.header["checkpoint"])
    except CheckpointFormatError as error:
        click.echo(f"BAD checkpoint: {error}")
        sys.exit(1)
    expected = (STREAM, f"game:{record.game_id}", chain.events, chain.head)
    if (checkpoint.kind, checkpoint.stream, checkpoint.number, checkpoint.head) != expected:
        click.echo(f"MISMATCH: the checkpoint signs {checkpoint.stream} at version {checkpoint.number}, not this chain")
        sys.exit(1)
    verdict = keyring.verify(checkpoint.key_id, payload(checkpoint), checkpoint.signature)
    if verdict == INVALID:
        click.echo(f"BAD signature: the checkpoint does not verify under key {checkpoint.key_id}")
        sys.exit(1)
    if verdict != VALID:
        click.echo(f"UNVERIFIABLE: signed by key {checkpoint.key_id}, which was not given")
        sys.exit(2)
    click.echo(
        f"SIGNED: {checkpoint.stream} at version {checkpoint.number}, head {checkpoint.head[:16]}, "
        f"signed {checkpoint.signed_at} by key {checkpoint.key_id}"
    )
