"""The per-stream SHA-256 hash chain (DESIGN §5), pure so that exports can be checked anywhere."""

from __future__ import annotations

from typing import Any

from domain.canonical import canonical_bytes, sha256_hex

GENESIS = "0" * 64


def event_hash(
    prev_hash: str,
    *,
    stream_id: str,
    version: int,
    event_id: str,
    type: str,
    schema_version: int,
    data: Any,
    metadata: Any,
    recorded_at: str,
) -> str:
    """SHA-256 over `prev_hash` + "\\n" + the canonical JSON of the event's recorded fields."""
    body = {
        "stream_id": stream_id,
        "version": version,
        "event_id": event_id,
        "type": type,
        "schema_version": schema_version,
        "data": data,
        "metadata": metadata,
        "recorded_at": recorded_at,
    }
    return sha256_hex(prev_hash.encode("ascii") + b"\n" + canonical_bytes(body))
