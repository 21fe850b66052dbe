"""The checkpoint signing key (Ed25519) and the keyring of public keys, kept outside the database.

The private key is a PKCS#8 PEM file (`ANNALS_SIGNING_KEY_FILE`, mode 0600) or the value of
`ANNALS_SIGNING_KEY` (PEM, or the raw 32-byte seed in base64). Every public key the service has
signed with is kept as `<key id>.pub` (PEM) in the keyring directory, so checkpoints signed before
a rotation still verify. A key id is the first 16 hex digits of SHA-256 over the raw public key.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from service.errors import AnnalsError

VALID, INVALID, UNKNOWN_KEY = "valid", "invalid", "unknown-key"


class NoSigningKey(AnnalsError):
    """The service has no private key to sign checkpoints with."""

    slug, title = "no-signing-key", "No signing key"


class BadKey(AnnalsError):
    """A key file or value that is not an Ed25519 key."""

    slug, title = "bad-signing-key", "The signing key cannot be read"


def key_id_of(public: Ed25519PublicKey) -> str:
    """The first 16 hex digits of SHA-256 over the raw 32-byte public key."""
    return hashlib.sha256(raw_public(public)).hexdigest()[:16]


def raw_public(public: Ed25519PublicKey) -> bytes:
    """The 32 raw bytes of a public key."""
    return public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def public_pem(public: Ed25519PublicKey) -> str:
    """A public key as PEM (SubjectPublicKeyInfo), as kept in the keyring and printed by `annals keys show --pem`."""
    return public.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def read_public(text: str, where: str) -> Ed25519PublicKey:
    """A public key from PEM or from base64 of its 32 raw bytes (the `public_key` the API publishes)."""
    stripped = text.strip()
    try:
        if stripped.startswith("-----BEGIN"):
            loaded = serialization.load_pem_public_key(stripped.encode())
            if isinstance(loaded, Ed25519PublicKey):
                return loaded
            raise BadKey(f"{where} is not an Ed25519 public key")
        return Ed25519PublicKey.from_public_bytes(base64.b64decode(stripped, validate=True))
    except (ValueError, binascii.Error) as error:
        raise BadKey(f"{where} is not an Ed25519 public key (PEM or base64 of 32 bytes): {error}") from None


def _read_private(text: str, where: str) -> Ed25519PrivateKey:
    stripped = text.strip()
    try:
        if stripped.startswith("-----BEGIN"):
            loaded = serialization.load_pem_private_key(stripped.encode(), password=None)
            if isinstance(loaded, Ed25519PrivateKey):
                return loaded
            raise BadKey(f"{where} is not an Ed25519 private key")
        return Ed25519PrivateKey.from_private_bytes(base64.b64decode(stripped, validate=True))
    except (ValueError, TypeError, binascii.Error) as error:
        raise BadKey(f"{where} is not an Ed25519 private key (PEM or base64 of 32 bytes): {error}") from None


def _private_pem(private: Ed25519PrivateKey) -> bytes:
    return private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


@dataclass(frozen=True, slots=True)
class KnownKey:
    """A public key the service trusts for verification, and whether it is the one it signs with."""

    key_id: str
    public: Ed25519PublicKey
    current: bool

    def to_json(self) -> dict[str, Any]:
        """The published shape: id, raw key in base64, whether it signs new checkpoints."""
        return {
            "key_id": self.key_id,
            "algorithm": "ed25519",
            "public_key": base64.b64encode(raw_public(self.public)).decode(),
            "current": self.current,
        }


class Keyring:
    """The current private key (if any) and every public key known for verification."""

    def __init__(self, private: Ed25519PrivateKey | None, public_keys: Mapping[str, Ed25519PublicKey]) -> None:
        self._private = private
        self.current_id = key_id_of(private.public_key()) if private is not None else None
        known = dict(public_keys)
        if private is not None and self.current_id is not None:
            known[self.current_id] = private.public_key()
        self._public = known

    @property
    def can_sign(self) -> bool:
        """True when a private key is loaded."""
        return self._private is not None

    def sign(self, message: bytes) -> str:
        """The base64 signature of `message` with the current key (NoSigningKey without one)."""
        if self._private is None:
            raise NoSigningKey("no signing key is configured: run `annals keys create` (or set ANNALS_SIGNING_KEY)")
        return base64.b64encode(self._private.sign(message)).decode()

    def verify(self, key_id: str, message: bytes, signature: str) -> str:
        """VALID, INVALID, or UNKNOWN_KEY when no known public key has this id."""
        public = self._public.get(key_id)
        if public is None:
            return UNKNOWN_KEY
        try:
            public.verify(base64.b64decode(signature, validate=True), message)
        except (InvalidSignature, ValueError, binascii.Error):
            return INVALID
        return VALID

    def known(self) -> list[KnownKey]:
        """Every known public key, the current one first, then by id."""
        ordered = sorted(self._public.items(), key=lambda item: (item[0] != self.current_id, item[0]))
        return [KnownKey(kid, public, kid == self.current_id) for kid, public in ordered]


@dataclass(frozen=True, slots=True)
class KeyPlaces:
    """Where the key material lives, from the settings."""

    key_file: Path
    key_value: str | None
    keyring_dir: Path

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> KeyPlaces:
        """The places named by SIGNING_KEY_FILE, SIGNING_KEY and KEYRING_DIR."""
        return cls(
            Path(settings["SIGNING_KEY_FILE"]), settings.get("SIGNING_KEY") or None, Path(settings["KEYRING_DIR"])
        )

    def has_key(self) -> bool:
        """True when a private key is configured (value or file)."""
        return self.key_value is not None or self.key_file.is_file()


def load_keyring(places: KeyPlaces) -> Keyring:
    """The configured private key (none when there is none yet) and the keyring's public keys."""
    private: Ed25519PrivateKey | None = None
    if places.key_value is not None:
        private = _read_private(places.key_value, "ANNALS_SIGNING_KEY")
    elif places.key_file.is_file():
        private = _read_private(places.key_file.read_text(encoding="utf-8"), str(places.key_file))
    public: dict[str, Ed25519PublicKey] = {}
    if places.keyring_dir.is_dir():
        for path in sorted(places.keyring_dir.glob("*.pub")):
            key = read_public(path.read_text(encoding="utf-8"), str(path))
            public[key_id_of(key)] = key
    return Keyring(private, public)


def create_key(places: KeyPlaces) -> str:
    """Write a new private key to the key file (never over an existing one) and its public key to the
    keyring; returns its key id. Safe against a concurrent creator: the loser reads the winner's key."""
    if places.key_value is not None:
        raise BadKey("the key comes from ANNALS_SIGNING_KEY; a key file is not used while it is set")
    private = Ed25519PrivateKey.generate()
    places.key_file.parent.mkdir(parents=True, exist_ok=True)
    staged = _staged(places.key_file, _private_pem(private))
    try:
        os.link(staged, places.key_file)  # fails if the file exists: a key is never overwritten here
    except FileExistsError:
        raise BadKey(f"a signing key exists already at {places.key_file}; use `annals keys rotate`") from None
    finally:
        os.unlink(staged)
    _sync_dir(places.key_file.parent)
    keep_public(places, private.public_key())
    return key_id_of(private.public_key())


def ensure_key(places: KeyPlaces) -> str | None:
    """Create the key when none is configured; returns the new key id, or None when one existed."""
    if places.has_key():
        keep_current_public(places)
        return None
    try:
        return create_key(places)
    except BadKey:
        if places.key_file.is_file():  # another process created it meanwhile
            return None
        raise


def rotate_key(places: KeyPlaces) -> tuple[str, str]:
    """Replace the key file with a new key; the old public key stays in the keyring. Returns (old, new) ids."""
    if places.key_value is not None:
        raise BadKey(
            "the key comes from ANNALS_SIGNING_KEY: put the old public key in the keyring "
            "(annals keys show --pem) and set a new value"
        )
    if not places.key_file.is_file():
        raise NoSigningKey(f"no signing key at {places.key_file} to rotate: run `annals keys create`")
    old = load_keyring(places)
    assert old.current_id is not None
    keep_current_public(places)
    private = Ed25519PrivateKey.generate()
    keep_public(places, private.public_key())
    staged = _staged(places.key_file, _private_pem(private))
    os.replace(staged, places.key_file)
    _sync_dir(places.key_file.parent)
    return old.current_id, key_id_of(private.public_key())


def keep_current_public(places: KeyPlaces) -> None:
    """Make sure the current key's public key is in the keyring (it verifies after a rotation)."""
    private = load_keyring(places)._private
    if private is not None:
        keep_public(places, private.public_key())


def keep_public(places: KeyPlaces, public: Ed25519PublicKey) -> Path:
    """Write a public key to the keyring as `<key id>.pub` (PEM), unless it is there."""
    places.keyring_dir.mkdir(parents=True, exist_ok=True)
    path = places.keyring_dir / f"{key_id_of(public)}.pub"
    if not path.exists():
        staged = _staged(path, public_pem(public).encode(), mode=0o644)
        os.replace(staged, path)
        _sync_dir(places.keyring_dir)
    return path


def _staged(target: Path, content: bytes, mode: int = 0o600) -> str:
    """A synced temporary file beside `target` holding `content`, for an atomic link or rename."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        os.fchmod(fd, mode)
        os.write(fd, content)
        os.fsync(fd)
    finally:
        os.close(fd)
    return name


def _sync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
