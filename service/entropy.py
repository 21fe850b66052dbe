"""The injected source of randomness: dice seeds, salts and tokens. Tests may pass a seeded one."""

from __future__ import annotations

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
