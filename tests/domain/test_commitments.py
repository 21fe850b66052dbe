"""Commitments to sealed submissions: published layout, tamper detection, canonical payloads."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from domain.commitments import commit, verify_commitment

SALT = "00112233445566778899aabbccddeeff"
OTHER_SALT = "ffeeddccbbaa99887766554433221100"

# Computed outside Python: printf '%s' 'SALT:CANONICAL-JSON' | sha256sum
# SALT:{"bid":3,"seat":"erdely"}
BID_COMMITMENT = "33fb001e2df568940f458fdaec36e7abc6cd2aa1d89d928a9ef0653d08003e39"
# SALT:{"orders":["március","Győr"],"seat":"erdély"}
ORDERS_COMMITMENT = "1fd1059ed5161977d331d4fa1d1340b97a6eddae208752f296797f08849089f9"
HOLD_COMMITMENT = "0cf0410d111683a74ed861a49dbee505d60380f770602f7f08cdc8ffce605209"  # OTHER_SALT:"hold"


def test_commitment_matches_sha256sum_vector_when_payload_is_an_object() -> None:
    assert commit({"seat": "erdely", "bid": 3}, SALT) == BID_COMMITMENT


def test_commitment_matches_sha256sum_vector_when_payload_is_a_string() -> None:
    assert commit("hold", OTHER_SALT) == HOLD_COMMITMENT


def test_commitment_hashes_utf8_characters_when_payload_is_not_ascii() -> None:
    # The bytes are the characters' UTF-8, not \\u escapes: {"orders":["március","Győr"],"seat":"erdély"}
    payload = {"seat": "erdély", "orders": ["március", "Győr"]}

    assert commit(payload, SALT) == ORDERS_COMMITMENT
    assert verify_commitment(ORDERS_COMMITMENT, payload, SALT)


def test_same_commitment_when_keys_are_in_another_order() -> None:
    assert commit({"bid": 3, "seat": "erdely"}, SALT) == commit({"seat": "erdely", "bid": 3}, SALT)


def test_same_commitment_when_payload_uses_tuples_and_read_only_mappings() -> None:
    payload = MappingProxyType({"seat": "erdély", "orders": ("március", "Győr")})

    assert commit(payload, SALT) == ORDERS_COMMITMENT


def test_verification_passes_when_payload_and_salt_are_the_committed_ones() -> None:
    assert verify_commitment(BID_COMMITMENT, {"bid": 3, "seat": "erdely"}, SALT)
    assert verify_commitment(BID_COMMITMENT.upper(), {"bid": 3, "seat": "erdely"}, SALT)


def test_verification_fails_when_payload_was_changed() -> None:
    assert not verify_commitment(BID_COMMITMENT, {"bid": 4, "seat": "erdely"}, SALT)
    assert not verify_commitment(BID_COMMITMENT, {"bid": "3", "seat": "erdely"}, SALT)


def test_verification_fails_when_salt_was_changed() -> None:
    assert not verify_commitment(BID_COMMITMENT, {"bid": 3, "seat": "erdely"}, OTHER_SALT)


@pytest.mark.parametrize("commitment", ["", "not hex", "é" * 64, BID_COMMITMENT[:-1]])
def test_verification_fails_when_commitment_is_malformed(commitment: str) -> None:
    assert not verify_commitment(commitment, {"bid": 3, "seat": "erdely"}, SALT)


@pytest.mark.parametrize("salt", ["", "00ff", SALT.upper(), SALT[:-1] + "g", SALT + ":"])
def test_commit_refused_when_salt_is_not_long_lower_case_hex(salt: str) -> None:
    with pytest.raises(ValueError, match="salt"):
        commit({"bid": 3}, salt)


@pytest.mark.parametrize("salt", ["00ff", SALT.upper()])
def test_verification_fails_when_salt_is_malformed(salt: str) -> None:
    assert not verify_commitment(BID_COMMITMENT, {"bid": 3, "seat": "erdely"}, salt)


def test_commit_refused_when_a_key_is_not_a_string() -> None:
    # {1: "x"} would otherwise encode like {"1": "x"} and the two payloads would share a commitment.
    with pytest.raises(TypeError, match="1"):
        commit({1: "x"}, SALT)


def test_commit_refused_when_payload_holds_nan() -> None:
    with pytest.raises(ValueError):
        commit({"bid": float("nan")}, SALT)
