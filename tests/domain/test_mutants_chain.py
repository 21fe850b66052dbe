"""The hash chain (domain/chain.py) against an oracle written out by hand (issue 18, point 4; DESIGN §5): the
hashed text is spelled out below byte for byte, so a change to the layout, the separator, a field's name or
its escaping changes the digest.

EQUIVALENT_MUTANTS (what `make mutate MODULE=domain/chain.py` leaves alive; measured 2026-11-27: 36/38 killed,
94.7%):
- `.encode("ascii")` -> `.encode("ASCII")` and `.encode("utf-8")` -> `.encode("UTF-8")`: codec names are
  case-insensitive in Python, the bytes are the same.
"""

from __future__ import annotations

import hashlib

from domain.chain import GENESIS, event_hash, event_hash_of_texts

DATA = {"seat": "erdély", "units": [1, 2]}
METADATA = {"actor": 'p"1'}
BODY = (
    '{"data":{"seat":"erdély","units":[1,2]},"event_id":"e-2","metadata":{"actor":"p\\"1"},'
    '"recorded_at":"2026-01-01T12:00:00Z","schema_version":1,"stream_id":"game:1","type":"UnitsRecruited",'
    '"version":2}'
)


def oracle(prev_hash: str) -> str:
    return hashlib.sha256(prev_hash.encode("ascii") + b"\n" + BODY.encode("utf-8")).hexdigest()


def hashed(prev_hash: str) -> str:
    return event_hash(
        prev_hash,
        stream_id="game:1",
        version=2,
        event_id="e-2",
        type="UnitsRecruited",
        schema_version=1,
        data=DATA,
        metadata=METADATA,
        recorded_at="2026-01-01T12:00:00Z",
    )


def test_the_first_event_chains_from_sixty_four_zeros() -> None:
    assert GENESIS == "0000000000000000000000000000000000000000000000000000000000000000"
    assert hashed(GENESIS) == oracle("0" * 64)


def test_the_next_event_chains_from_the_previous_hash() -> None:
    prev = oracle("0" * 64)
    assert hashed(prev) == oracle(prev)


def test_texts_already_canonical_hash_to_the_same_digest() -> None:
    data_json = '{"seat":"erdély","units":[1,2]}'
    metadata_json = '{"actor":"p\\"1"}'
    found = event_hash_of_texts(
        GENESIS,
        stream_id="game:1",
        version=2,
        event_id="e-2",
        type="UnitsRecruited",
        schema_version=1,
        data_json=data_json,
        metadata_json=metadata_json,
        recorded_at="2026-01-01T12:00:00Z",
    )
    assert found == oracle("0" * 64)
