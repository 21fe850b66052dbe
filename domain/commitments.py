"""Commitments to sealed submissions (DESIGN §7): a seat's secret is fixed now and checkable after the reveal.

Byte layout (published, so anyone can check a reveal against the log)::

    commitment = lower-case hex SHA-256( salt_utf8 || b":" || canonical_json_utf8(payload) )

- ``salt`` is a lower-case hex string of at least 32 characters (128 bits) drawn by the service; the
  domain never draws it. It keeps a small payload (a bid of 0..5) from being guessed by hashing every
  candidate, and being hex it can never contain the ``:`` separator.
- ``canonical_json`` is ``domain.canonical``: keys sorted, no whitespace, non-ASCII characters kept as
  UTF-8 (not ``\\u`` escapes), NaN and infinities refused. Tuples encode as arrays and any mapping as an
  object, so ``{"b": 1, "a": [2]}`` and ``{"a": (2,), "b": 1}`` commit to the same bytes
  ``{"a":[2],"b":1}``.

Example: salt ``00112233445566778899aabbccddeeff`` and payload ``{"seat": "erdely", "bid": 3}`` hash
``00112233445566778899aabbccddeeff:{"bid":3,"seat":"erdely"}`` to
``33fb001e2df568940f458fdaec36e7abc6cd2aa1d89d928a9ef0653d08003e39``.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Mapping
from typing import Any

from domain.canonical import canonical_bytes, sha256_hex

SALT_MIN_HEX = 32
_SALT = re.compile(r"[0-9a-f]+")


def commit(payload: object, salt: str) -> str:
    """Lower-case hex SHA-256 of ``salt:canonical-json(payload)``."""
    if not _SALT.fullmatch(salt) or len(salt) < SALT_MIN_HEX:
        raise ValueError(f"salt {salt!r} is not lower-case hex of at least {SALT_MIN_HEX} characters")
    return sha256_hex(salt.encode() + b":" + canonical_bytes(_plain(payload)))


def verify_commitment(commitment: str, payload: object, salt: str) -> bool:
    """True when (payload, salt) is what `commitment` was made from; malformed input is simply False."""
    try:
        expected = commit(payload, salt)
    except (TypeError, ValueError):
        return False
    # Upper-case hex names the same digest; compare as bytes so non-ASCII input cannot raise.
    return hmac.compare_digest(expected.encode(), commitment.lower().encode())


def _plain(value: object) -> Any:
    """Mappings as dicts and sequences as lists, so read-only mappings serialise like dicts."""
    if isinstance(value, Mapping):
        for key in value:
            if not isinstance(key, str):
                # json.dumps would turn 1 into "1", letting two different payloads share a commitment.
                raise TypeError(f"payload keys must be strings, got {key!r}")
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value
