"""Checking a record's server dice from the export alone (DESIGN §6): anyone can re-derive every roll.

The commitment comes from `GameCreated`, the seed from `DiceSeedRevealed`, the client seeds from
`ClientSeedAdded` (all added before the first roll, by CORE-DICE-3), and each `DiceRolled` lists its
faces from the game-wide index `first_k` on. Rolls derive under `dice_game_id` when a record was
imported under a new id, else under the game id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.dice import DiceVerification, RollMismatch, verify_rolls
from domain.kernel import CLIENT_SEED_ADDED, DICE_ROLLED, DICE_SEED_REVEALED, GAME_CREATED


@dataclass(frozen=True, slots=True)
class DiceReport:
    """What the dice of one record show: `verdict` is fair, unfair or unverifiable."""

    verdict: str
    reason: str
    rolls: int = 0
    commitment_ok: bool | None = None
    mismatches: tuple[RollMismatch, ...] = ()


def check_dice(events: Sequence[Mapping[str, Any]]) -> DiceReport:
    """Re-derive every server roll of a game's events (each with type and data) from its revealed seed."""
    if not events or events[0].get("type") != GAME_CREATED:
        return DiceReport("unverifiable", "the record does not start with GameCreated")
    created = events[0]["data"]
    if created.get("dice") != "server":
        return DiceReport("unverifiable", f"the game uses {created.get('dice')!r} dice, entered at the table")
    try:
        rolls = _rolls(events)
    except (KeyError, TypeError, ValueError) as error:
        return DiceReport("unfair", f"a DiceRolled event is malformed: {error!r}")
    revealed = [e["data"] for e in events if e.get("type") == DICE_SEED_REVEALED]
    if not revealed:
        return DiceReport("unverifiable", "the dice seed is not revealed yet (the game has not ended)", len(rolls))
    try:
        seed = bytes.fromhex(str(revealed[-1]["seed"]))
        result = verify_rolls(
            seed, str(created["dice_commitment"]), _dice_game_id(created), rolls, _client_seeds(events)
        )
    except (KeyError, TypeError, ValueError) as error:
        return DiceReport("unfair", f"the revealed seed cannot be checked: {error}", len(rolls), False)
    return _report(result)


def _report(result: DiceVerification) -> DiceReport:
    if not result.commitment_ok:
        reason = "the revealed seed does not hash to the commitment published at creation"
        return DiceReport("unfair", reason, result.checked, False, result.mismatches)
    if result.mismatches:
        first = result.mismatches[0]
        reason = (
            f"{len(result.mismatches)} roll(s) differ; "
            f"first: die {first.k} shows {first.recorded}, the seed gives {first.expected}"
        )
        return DiceReport("unfair", reason, result.checked, True, result.mismatches)
    return DiceReport("fair", f"all {result.checked} dice re-derive from the committed seed", result.checked, True)


def _rolls(events: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    for event in events:
        if event.get("type") != DICE_ROLLED:
            continue
        data = event["data"]
        first_k = int(data["first_k"])
        found.extend((first_k + offset, int(face)) for offset, face in enumerate(data["faces"]))
    return found


def _client_seeds(events: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    return {str(e["data"]["seat"]): str(e["data"]["client_seed"]) for e in events if e.get("type") == CLIENT_SEED_ADDED}


def _dice_game_id(created: Mapping[str, Any]) -> str:
    return str(created.get("dice_game_id") or created["game_id"])
