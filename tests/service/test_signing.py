"""The signing key and keyring (kept outside the database), and the signed bytes of a checkpoint."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from domain.checkpoints import STREAM, Checkpoint, CheckpointFormatError, from_json, heads_root, payload
from service.signing import (
    INVALID,
    UNKNOWN_KEY,
    VALID,
    BadKey,
    KeyPlaces,
    create_key,
    ensure_key,
    key_id_of,
    load_keyring,
    raw_public,
    rotate_key,
)


def _places(tmp_path: Path, value: str | None = None) -> KeyPlaces:
    return KeyPlaces(tmp_path / "instance" / "signing-key.pem", value, tmp_path / "instance" / "keyring")


def _checkpoint(key_id: str) -> Checkpoint:
    return Checkpoint(STREAM, 5, "ab" * 32, "2026-11-25T12:00:00.000000Z", key_id, stream="game:x")


def test_key_id_is_the_first_16_hex_of_the_raw_public_keys_sha256_when_a_key_is_created(tmp_path: Path) -> None:
    places = _places(tmp_path)

    created = create_key(places)

    public = load_keyring(places).known()[0].public
    assert created == key_id_of(public) == hashlib.sha256(raw_public(public)).hexdigest()[:16]
    assert places.key_file.stat().st_mode & 0o777 == 0o600
    assert (places.keyring_dir / f"{created}.pub").is_file()


def test_create_is_refused_and_the_key_kept_when_a_key_exists(tmp_path: Path) -> None:
    places = _places(tmp_path)
    create_key(places)
    before = places.key_file.read_bytes()

    with pytest.raises(BadKey, match="exists already"):
        create_key(places)

    assert places.key_file.read_bytes() == before
    assert ensure_key(places) is None


def test_old_checkpoints_still_verify_and_new_ones_use_the_new_key_when_the_key_is_rotated(tmp_path: Path) -> None:
    places = _places(tmp_path)
    first = create_key(places)
    old = load_keyring(places)
    signed = _checkpoint(first)
    signature = old.sign(payload(signed))

    retired, current = rotate_key(places)

    keyring = load_keyring(places)
    assert (retired, keyring.current_id) == (first, current) and current != first
    assert keyring.verify(first, payload(signed), signature) == VALID
    assert [(k.key_id, k.current) for k in keyring.known()] == [(current, True), (first, False)]


def test_a_raw_base64_key_signs_when_it_is_given_in_the_environment_variable(tmp_path: Path) -> None:
    private = Ed25519PrivateKey.generate()
    seed = base64.b64encode(private.private_bytes_raw()).decode()

    keyring = load_keyring(_places(tmp_path, seed))

    assert keyring.current_id == key_id_of(private.public_key())
    assert not (tmp_path / "instance" / "signing-key.pem").exists()
    with pytest.raises(BadKey, match="ANNALS_SIGNING_KEY"):
        rotate_key(_places(tmp_path, seed))


def test_verify_tells_a_bad_signature_from_an_unknown_key_when_checking_a_checkpoint(tmp_path: Path) -> None:
    places = _places(tmp_path)
    key_id = create_key(places)
    keyring = load_keyring(places)
    signed = _checkpoint(key_id)
    signature = keyring.sign(payload(signed))
    moved = Checkpoint(STREAM, 6, signed.head, signed.signed_at, key_id, stream="game:x")

    assert keyring.verify(key_id, payload(moved), signature) == INVALID
    assert keyring.verify("0" * 16, payload(signed), signature) == UNKNOWN_KEY
    assert keyring.verify(key_id, payload(signed), "not base64!") == INVALID


def test_heads_hash_the_same_when_listed_in_any_order() -> None:
    heads = [("game:b", 3, "cd" * 32), ("game:a", 5, "ab" * 32), ("annotations:a", 1, "ef" * 32)]

    assert heads_root(heads) == heads_root(list(reversed(heads)))
    assert heads_root(heads) != heads_root(heads[:2])


def test_a_checkpoint_reads_back_equal_when_its_published_shape_is_parsed() -> None:
    signed = Checkpoint(STREAM, 5, "ab" * 32, "2026-11-25T12:00:00Z", "0123456789abcdef", "c2ln", stream="game:x")

    assert from_json(signed.to_json()) == signed
    assert payload(signed).startswith(b"annals-checkpoint/1\n")
    with pytest.raises(CheckpointFormatError, match="version"):
        from_json({**signed.to_json(), "version": True})
