"""Commitments (domain/commitments.py) pinned where mutation testing found them loose (issue 18, point 4): keys
are checked at every depth, the salt's length bound on both sides, and the exact refusals.

The expected digests are computed here with hashlib over bytes written out by hand, not with the code's
canonical encoder, so they stand apart from the code under test.

EQUIVALENT_MUTANTS: none (measured 2026-11-27: 26/26 killed).
"""

from __future__ import annotations

import hashlib
from types import MappingProxyType

import pytest

from domain.commitments import SALT_MIN_HEX, commit, verify_commitment

SALT = "00112233445566778899aabbccddeeff"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_nested_read_only_mappings_and_tuples_commit_like_objects_and_arrays() -> None:
    payload = {"orders": (MappingProxyType({"to": "buda", "from": "pest"}),), "seat": "erdely"}
    expected = digest(SALT + ':{"orders":[{"from":"pest","to":"buda"}],"seat":"erdely"}')
    assert commit(payload, SALT) == expected
    assert verify_commitment(expected, payload, SALT)


@pytest.mark.parametrize(
    "payload",
    [{"a": {1: "x"}}, {"a": [{1: "x"}]}, [{"a": ({2: "y"},)}], ({None: 1},)],
)
def test_a_non_string_key_at_any_depth_is_refused(payload: object) -> None:
    """DESIGN §7: {1: "x"} would encode like {"1": "x"}; two payloads must never share a commitment."""
    with pytest.raises(TypeError, match=r"^payload keys must be strings, got (1|2|None)$"):
        commit(payload, SALT)
    assert not verify_commitment("0" * 64, payload, SALT)


def test_the_salt_needs_at_least_32_hex_characters() -> None:
    assert SALT_MIN_HEX == 32
    assert commit("hold", "a" * 32) == digest("a" * 32 + ':"hold"')
    assert commit("hold", "a" * 64) == digest("a" * 64 + ':"hold"')
    with pytest.raises(ValueError) as refused:
        commit("hold", "a" * 31)
    assert str(refused.value) == f"salt {'a' * 31!r} is not lower-case hex of at least 32 characters"


def test_an_upper_case_commitment_names_the_same_digest() -> None:
    expected = digest(SALT + ':{"bid":3}')
    assert verify_commitment(expected.upper(), {"bid": 3}, SALT)
    assert not verify_commitment(expected, {"bid": 4}, SALT)
