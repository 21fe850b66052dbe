"""The fields of a recorded event that the hash chain covers besides its data and metadata (domain/chain.py).

Typed, so that a test that builds them once can pass them to `event_hash` and `event_hash_of_texts` as keywords
and still have each one checked against those functions' parameters.
"""

from __future__ import annotations

from typing import TypedDict


class ChainedFields(TypedDict):
    """`event_hash`'s keywords other than the data and metadata (which `event_hash_of_texts` takes as JSON)."""

    stream_id: str
    version: int
    event_id: str
    type: str
    schema_version: int
    recorded_at: str
