"""The per-stream SHA-256 hash chain (DESIGN §5), pure so that exports can be checked anywhere."""

from __future__ import annotations

import hashlib
from json.encoder import encode_basestring
from typing import Any

from domain.canonical import canonical_json

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
    return event_hash_of_texts(
        prev_hash,
        stream_id=stream_id,
        version=version,
        event_id=event_id,
        type=type,
        schema_version=schema_version,
        data_json=canonical_json(data),
        metadata_json=canonical_json(metadata),
        recorded_at=recorded_at,
    )


def event_hash_of_texts(
    prev_hash: str,
    *,
    stream_id: str,
    version: int,
    event_id: str,
    type: str,
    schema_version: int,
    data_json: str,
    metadata_json: str,
    recorded_at: str,
) -> str:
    """`event_hash` for data and metadata already in canonical JSON: the same bytes, built without
    encoding them again (the append hot path encodes each event once)."""

    text = encode_basestring  # what canonical_json writes for a string, without an encoder per call
    body = (
        f'{{"data":{data_json},"event_id":{text(event_id)},"metadata":{metadata_json},'
        f'"recorded_at":{text(recorded_at)},"schema_version":{int(schema_version)},'
        f'"stream_id":{text(stream_id)},"type":{text(type)},"version":{int(version)}}}'
    )
    return hashlib.sha256(prev_hash.encode("ascii") + b"\n" + body.encode("utf-8")).hexdigest()
