"""Provably fair dice: published vectors, fairness, verification and the dice supplies."""

from __future__ import annotations

from collections import Counter

import pytest

from domain import dice
from domain.dice import (
    DiceExhausted,
    DiceSupply,
    RollMismatch,
    SeededDice,
    TableDice,
    derive_face,
    derive_faces,
    roll_message,
    seed_commitment,
    verify_rolls,
)

# Published vectors. Every digest was computed outside Python with
#   printf '%s' MESSAGE | openssl dgst -sha256 -mac HMAC -macopt hexkey:SEED
# and the rejection rule applied by a shell loop over the digest bytes (reject >= 252, face = b % 6 + 1).
S1_HEX = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
S2_HEX = "9c4174eca3e0513d234ab6430bd89625b16bc1cbccf2a1fc92e30417ab376ce7"  # sha256("annals test seed")
S1 = bytes.fromhex(S1_HEX)
S2 = bytes.fromhex(S2_HEX)
UUID_GAME = "0b7e1c52-9d0a-4a43-8c1e-5f2d6a7b8c90"
TWO_SEATS = {"venice": "c0ffee", "austria": "42"}

VECTORS = [
    # seed hex, game id, k, client seeds, face        digest starts
    (S1_HEX, "game-1", 1, {}, 3),  # 4a4dd8
    (S1_HEX, "game-1", 2, {}, 6),  # a12fee
    (S1_HEX, "game-1", 34, {}, 6),  # fb47d5: 251 is the largest accepted byte
    (S1_HEX, "game-1", 66, {}, 4),  # fc6390: 252 rejected, 0x63 = 99 accepted
    (S1_HEX, "game-1", 3753, {}, 6),  # fffce9: 255 and 252 rejected, 0xe9 = 233 accepted
    (S1_HEX, "game-1", 6366, {}, 2),  # fcfc61: 252 twice rejected, 0x61 = 97 accepted
    (S2_HEX, UUID_GAME, 7, TWO_SEATS, 4),  # 8dc1cb
    (S2_HEX, UUID_GAME, 8, TWO_SEATS, 2),  # 43f141
    (S2_HEX, "győr-1848", 1, {"erdely": "tökmag"}, 6),  # 3beedb: UTF-8 game id and client seed
]


@pytest.mark.parametrize(("seed_hex", "game_id", "k", "client_seeds", "face"), VECTORS)
def test_face_matches_published_vector_when_derived(
    seed_hex: str, game_id: str, k: int, client_seeds: dict[str, str], face: int
) -> None:
    assert derive_face(bytes.fromhex(seed_hex), game_id, k, client_seeds) == face


def test_commitment_matches_published_vector_when_seed_is_hashed() -> None:
    # printf '%s' SEED | xxd -r -p | sha256sum
    assert seed_commitment(S1) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert seed_commitment(S2) == "2f7b9cd6aaba604b0c8ba5183bff9ffbb31f72b221d1b10313f12691f37afb00"


def test_faces_match_published_sequence_when_derived_in_a_row() -> None:
    assert derive_faces(S1, "game-1", 1, 8, {}) == (3, 6, 2, 1, 4, 4, 1, 3)


def test_faces_continue_the_sequence_when_started_mid_game() -> None:
    assert derive_faces(S1, "game-1", 4, 3, {}) == (1, 4, 4)


def test_no_faces_when_count_is_zero() -> None:
    assert derive_faces(S1, "game-1", 1, 0, {}) == ()


def test_refused_when_count_is_negative() -> None:
    with pytest.raises(ValueError, match="-1"):
        derive_faces(S1, "game-1", 1, -1, {})


def test_client_seeds_are_sorted_by_seat_when_building_the_message() -> None:
    assert roll_message(UUID_GAME, 7, TWO_SEATS) == f"{UUID_GAME}:7:austria=42,venice=c0ffee".encode()


def test_message_ends_with_empty_seed_list_when_there_are_no_client_seeds() -> None:
    assert roll_message("game-1", 12, {}) == b"game-1:12:"


def test_message_is_utf8_when_ids_are_not_ascii() -> None:
    assert roll_message("győr-1848", 1, {"erdely": "tökmag"}) == "győr-1848:1:erdely=tökmag".encode()


def test_client_seed_changes_the_face_sequence_when_added() -> None:
    assert derive_faces(S1, "game-1", 1, 20, {}) != derive_faces(S1, "game-1", 1, 20, {"erdely": "x"})


@pytest.mark.parametrize("attempts_rejected", [1, 2])
def test_rehashes_with_attempt_suffix_when_every_digest_byte_is_rejected(
    monkeypatch: pytest.MonkeyPatch, attempts_rejected: int
) -> None:
    # A real all-rejected digest has probability 2**-192, so the first digests are refused by a fake.
    # Expected digests: openssl over "game-1:1:", "game-1:1::1" (face 1) and "game-1:1::2" (face 2).
    real = dice._first_fair_face
    seen: list[bytes] = []

    def reject_first_digests(digest: bytes) -> int | None:
        seen.append(digest)
        return None if len(seen) <= attempts_rejected else real(digest)

    monkeypatch.setattr(dice, "_first_fair_face", reject_first_digests)

    face = derive_face(S1, "game-1", 1, {})

    starts = [digest.hex()[:6] for digest in seen]
    assert starts == ["4a4dd8", "6074ad", "37677a"][: attempts_rejected + 1]
    assert face == [1, 2][attempts_rejected - 1]


def test_no_face_when_every_digest_byte_is_252_or_more() -> None:
    assert dice._first_fair_face(bytes([252, 253, 254, 255] * 8)) is None


def test_faces_are_uniform_within_chi_square_bounds_when_60000_are_drawn() -> None:
    counts = Counter(derive_faces(S1, "chi-square", 1, 60_000, {}))
    chi_square = sum((counts[face] - 10_000) ** 2 / 10_000 for face in range(1, 7))
    # 5 degrees of freedom: 0.21 and 20.5 are the 0.1% and 99.9% quantiles. The seed is fixed: no flake.
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert 0.21 < chi_square < 20.5


@pytest.mark.parametrize("seed", [b"", bytes(31), bytes(33), S1_HEX.encode()])
def test_refused_when_seed_is_not_32_bytes(seed: bytes) -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        derive_face(seed, "game-1", 1, {})
    with pytest.raises(ValueError, match="32 bytes"):
        seed_commitment(seed)


@pytest.mark.parametrize("k", [0, -1, True])
def test_refused_when_roll_index_is_not_positive(k: int) -> None:
    with pytest.raises(ValueError, match="positive integer"):
        roll_message("game-1", k, {})


# --- verification ---


def _recorded(first_k: int, count: int) -> list[tuple[int, int]]:
    faces = derive_faces(S2, UUID_GAME, first_k, count, TWO_SEATS)
    return list(zip(range(first_k, first_k + count), faces, strict=True))


def test_verification_passes_when_seed_and_rolls_are_honest() -> None:
    result = verify_rolls(S2, seed_commitment(S2), UUID_GAME, _recorded(1, 30), TWO_SEATS)

    assert result.ok
    assert result.commitment_ok
    assert result.mismatches == ()
    assert result.checked == 30


def test_mismatch_reported_when_a_recorded_face_was_changed() -> None:
    rolls = _recorded(1, 10)
    k, face = rolls[6]
    rolls[6] = (k, face % 6 + 1)

    result = verify_rolls(S2, seed_commitment(S2), UUID_GAME, rolls, TWO_SEATS)

    assert not result.ok
    assert result.commitment_ok
    assert result.mismatches == (RollMismatch(k=7, recorded=face % 6 + 1, expected=face),)
    assert result.checked == 10


def test_commitment_fails_when_seed_does_not_match_it() -> None:
    result = verify_rolls(S2, seed_commitment(S1), UUID_GAME, _recorded(1, 5), TWO_SEATS)

    assert not result.ok
    assert not result.commitment_ok
    assert result.mismatches == ()


def test_commitment_passes_when_written_in_upper_case() -> None:
    result = verify_rolls(S2, seed_commitment(S2).upper(), UUID_GAME, [(8, 2)], TWO_SEATS)

    assert result.ok


def test_mismatches_reported_when_verified_with_other_client_seeds() -> None:
    rolls = [(1, 3), (2, 6), (34, 6), (66, 4)]  # published faces of S1 / game-1 without client seeds

    assert verify_rolls(S1, seed_commitment(S1), "game-1", rolls, {}).ok
    result = verify_rolls(S1, seed_commitment(S1), "game-1", rolls, {"erdely": "x"})
    assert result.commitment_ok
    assert [m.k for m in result.mismatches] == [2, 34, 66]  # roll 1 happens to agree (1 in 6)


# --- supplies ---


def _draw_through_protocol(supply: DiceSupply, count: int) -> tuple[int, ...]:
    return supply.draw(count)


def test_seeded_dice_continue_the_game_sequence_when_drawn_in_batches() -> None:
    supply = SeededDice(S1, "game-1", 3, {})

    first = _draw_through_protocol(supply, 2)
    second = supply.draw(4)

    assert first + second == derive_faces(S1, "game-1", 3, 6, {})
    assert first == (2, 1)
    assert supply.first_k == 3
    assert supply.drawn == 6


def test_seeded_dice_draw_nothing_when_count_is_zero() -> None:
    supply = SeededDice(S1, "game-1", 1, {})

    assert supply.draw(0) == ()
    assert supply.drawn == 0


def test_table_dice_hand_out_entered_faces_in_order_when_drawn() -> None:
    supply = TableDice((6, 1, 3, 3))

    assert _draw_through_protocol(supply, 1) == (6,)
    assert supply.draw(3) == (1, 3, 3)
    assert supply.drawn == 4
    assert supply.remaining == 0


@pytest.mark.parametrize(("faces", "quoted"), [((3, 0), "die 2: 0"), ((7,), "die 1: 7"), ((True,), "True")])
def test_table_dice_refused_when_a_face_is_outside_one_to_six(faces: tuple[int, ...], quoted: str) -> None:
    with pytest.raises(ValueError, match=quoted):
        TableDice(faces)


def test_table_dice_exhausted_when_more_are_needed_than_entered() -> None:
    supply = TableDice((4, 5))
    supply.draw(1)

    with pytest.raises(DiceExhausted) as raised:
        supply.draw(3)

    assert (raised.value.needed, raised.value.available) == (3, 1)
    assert "needed 3 dice but only 1" in str(raised.value)
    assert supply.drawn == 1  # a refused draw consumes nothing


def test_table_dice_refused_when_count_is_negative() -> None:
    with pytest.raises(ValueError, match="-1"):
        TableDice((1,)).draw(-1)
