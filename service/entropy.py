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


def time_ordered_uuid(unix_ms: int) -> str:
    """A version 7 UUID (RFC 9562) in its usual text form: `unix_ms` in its first 48 bits, then 74 random.

    An event's id: ids made one after another share their leading bytes, so each new id lands at the end
    of the `events.event_id` unique index, not on a random one of its pages (a version 4 id dirties a page
    of its own per event, and once the index outgrows the cache, reads one back from disk first).
    """
    random_hex = os.urandom(10).hex()
    stamp = f"{unix_ms & 0xFFFF_FFFF_FFFF:012x}"
    variant = "89ab"[int(random_hex[3], 16) & 3]  # RFC 9562 variant: the two top bits of byte 8 are 10
    return f"{stamp[:8]}-{stamp[8:]}-7{random_hex[:3]}-{variant}{random_hex[4:7]}-{random_hex[7:19]}"
