"""Canonical JSON: the one byte encoding that hashes, commitments and content ids are computed over."""

from __future__ import annotations

import hashlib
import json
from typing import Any

# One encoder for every call: json.dumps with options builds a new one each time, which cost more
# than encoding a small event.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 characters kept as they are; NaN and infinities refused."""
    return _ENCODER.encode(value)


def canonical_bytes(value: Any) -> bytes:
    """The UTF-8 bytes of `canonical_json(value)`."""
    return canonical_json(value).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    """Lower-case hex SHA-256 of `data`."""
    return hashlib.sha256(data).hexdigest()
