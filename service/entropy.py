"""The injected source of randomness: dice seeds, salts and tokens. Tests may pass a seeded one."""

from __future__ import annotations

import os
import secrets
from typing import Protocol


class Entropy(Protocol):
    """Something that gives unpredictable bytes."""

    def token_bytes(self, count: int) -> bytes: ...


class SystemEntropy:
    """The operating system's CSPRNG."""

    def token_bytes(self, count: int) -> bytes:
        """`count` random bytes."""
        return secrets.token_bytes(count)


def random_uuid() -> str:
    """A random (version 4) UUID in its usual text form, as `str(uuid.uuid4())` writes it.

    Formatted from the random bytes directly: `uuid.UUID` validates its arguments in Python, which
    cost several times an event INSERT's own CPU on the append path.
    """
    hex_ = os.urandom(16).hex()
    variant = "89ab"[int(hex_[16], 16) & 3]  # RFC 4122 variant: the two top bits of byte 8 are 10
    return f"{hex_[:8]}-{hex_[8:12]}-4{hex_[13:16]}-{variant}{hex_[17:20]}-{hex_[20:]}"
