"""Dice supplies and verification (domain/dice.py) pinned where mutation testing found them loose (issue 18,
point 4): drawing nothing, the exact refusals, the counts a verification reports.

EQUIVALENT_MUTANTS: none (measured 2026-11-27: 161/161 killed).
"""

from __future__ import annotations

import pytest

from domain.dice import DiceExhausted, SeededDice, TableDice, derive_faces, seed_commitment, verify_rolls

S1 = bytes(range(32))
# S1, game-1, no client seeds, rolls 1..8 (the module's published vector, computed with openssl)
S1_FACES = (3, 6, 2, 1, 4, 4, 1, 3)


def test_table_dice_draw_zero_hands_out_nothing_and_consumes_nothing() -> None:
    dice = TableDice([4, 5])
    assert dice.draw(0) == ()
    assert (dice.drawn, dice.remaining) == (0, 2)
    assert dice.draw(2) == (4, 5)
    assert dice.draw(0) == ()
    assert (dice.drawn, dice.remaining) == (2, 0)


def test_table_dice_count_what_they_hand_out() -> None:
    dice = TableDice([1, 2, 3])
    assert dice.draw(1) == (1,)
    assert dice.draw(2) == (2, 3)
    assert (dice.drawn, dice.remaining) == (3, 0)


def test_table_dice_exhausted_names_what_was_needed_and_what_is_left() -> None:
    dice = TableDice([6, 6, 6])
    dice.draw(1)
    with pytest.raises(DiceExhausted) as short:
        dice.draw(3)
    assert (short.value.needed, short.value.available, str(short.value)) == (
        3,
        2,
        "needed 3 dice but only 2 were entered",
    )
    assert dice.draw(2) == (6, 6)


def test_table_dice_refusals_quote_the_input() -> None:
    with pytest.raises(ValueError) as negative:
        TableDice([1]).draw(-1)
    assert str(negative.value) == "cannot draw -1 dice"
    with pytest.raises(ValueError) as face:
        TableDice([1, 7])
    assert str(face.value) == "die 2: 7 is not a d6 face (1..6)"
    with pytest.raises(ValueError) as zero:
        TableDice([0])
    assert str(zero.value) == "die 1: 0 is not a d6 face (1..6)"
    assert TableDice([1, 6]).draw(2) == (1, 6)


def test_seeded_dice_start_at_their_k_and_count_each_draw() -> None:
    dice = SeededDice(S1, "game-1", 3, {})
    assert dice.first_k == 3
    assert dice.draw(0) == ()
    assert dice.draw(2) == S1_FACES[2:4]
    assert dice.drawn == 2
    assert dice.draw(1) == S1_FACES[4:5]
    assert dice.drawn == 3


def test_seeded_dice_refuse_a_bad_seed_or_k() -> None:
    with pytest.raises(ValueError, match=r"^a dice seed is 32 bytes, got 31$"):
        SeededDice(S1[:31], "game-1", 1, {})
    with pytest.raises(ValueError, match=r"^roll index k is a positive integer, got 0$"):
        SeededDice(S1, "game-1", 0, {})
    with pytest.raises(ValueError, match=r"^cannot derive -1 faces$"):
        derive_faces(S1, "game-1", 1, -1, {})


def test_verification_counts_every_roll_it_checked() -> None:
    rolls = [(k, S1_FACES[k - 1]) for k in range(1, 9)]
    honest = verify_rolls(S1, seed_commitment(S1), "game-1", rolls, {})
    assert (honest.ok, honest.checked, honest.mismatches, honest.commitment_ok) == (True, 8, (), True)
    wrong = verify_rolls(S1, "0" * 64, "game-1", rolls[:2], {})
    assert (wrong.ok, wrong.checked, wrong.commitment_ok) == (False, 2, False)
