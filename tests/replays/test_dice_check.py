"""Server dice re-derive from an export alone; the expected faces are the published vectors of domain/dice.py."""

from __future__ import annotations

import hashlib
from typing import Any

from replays.dice_check import check_dice

SEED = bytes(range(32))  # published vector S1: rolls 1..8 of game "game-1" are 3 6 2 1 4 4 1 3
COMMITMENT = hashlib.sha256(SEED).hexdigest()


def _events(faces_by_roll: list[list[int]], reveal: bool = True, commitment: str = COMMITMENT) -> list[dict[str, Any]]:
    created = {"game_id": "game-1", "dice": "server", "dice_commitment": commitment}
    events: list[dict[str, Any]] = [{"type": "GameCreated", "data": created}]
    k = 1
    for faces in faces_by_roll:
        events.append({"type": "DiceRolled", "data": {"seat": "red", "faces": faces, "first_k": k}})
        k += len(faces)
    if reveal:
        events.append({"type": "DiceSeedRevealed", "data": {"seed": SEED.hex(), "commitment": commitment}})
    return events


def test_fair_when_every_roll_matches_the_published_vectors() -> None:
    report = check_dice(_events([[3, 6, 2], [1, 4], [4, 1, 3]]))

    assert (report.verdict, report.rolls, report.commitment_ok) == ("fair", 8, True)


def test_unfair_when_one_face_differs_from_the_seed() -> None:
    report = check_dice(_events([[3, 6, 2], [1, 5]]))

    assert report.verdict == "unfair"
    assert [(m.k, m.recorded, m.expected) for m in report.mismatches] == [(5, 5, 4)]


def test_unfair_when_the_revealed_seed_does_not_match_the_commitment() -> None:
    report = check_dice(_events([[3]], commitment="0" * 64))

    assert report.verdict == "unfair" and report.commitment_ok is False


def test_unverifiable_when_the_seed_is_not_revealed_yet() -> None:
    assert check_dice(_events([[3, 6]], reveal=False)).verdict == "unverifiable"


def test_unverifiable_when_the_game_used_table_dice() -> None:
    events = _events([[6, 6]])
    events[0] = {"type": "GameCreated", "data": {"game_id": "game-1", "dice": "table"}}

    assert check_dice(events).verdict == "unverifiable"


def test_rolls_derive_under_the_original_id_when_the_record_was_imported_under_a_new_one() -> None:
    events = _events([[3, 6, 2]])
    events[0]["data"] = {**events[0]["data"], "game_id": "renamed", "dice_game_id": "game-1"}

    assert check_dice(events).verdict == "fair"
