"""Canonical JSON: the one byte encoding that hashes, commitments and content ids are computed over."""

from __future__ import annotations

import hashlib
import json
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any

# The settings of every encoding. json.dumps with options builds a new JSONEncoder per call, and
# JSONEncoder.encode rebuilds its C encoder per call through Python glue: both cost more than
# encoding a small event, so canonical_json calls the C encoder factory itself (when CPython has
# it), with a fresh circular-reference table per call as JSONEncoder does.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
_C_ENCODER_ARGS = (_ENCODER.default, encode_basestring, None, ":", ",", True, False, False)


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 characters kept as they are; NaN and infinities refused."""
    if c_make_encoder is None:  # pragma: no cover - CPython always has the C accelerator
        return _ENCODER.encode(value)
    return "".join(c_make_encoder({}, *_C_ENCODER_ARGS)(value, 0))


def canonical_bytes(value: Any) -> bytes:
    """The UTF-8 bytes of `canonical_json(value)`."""
    return canonical_json(value).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    """Lower-case hex SHA-256 of `data`."""
    return hashlib.sha256(data).hexdigest()
