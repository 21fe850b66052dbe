"""Re-deriving a published round from the log and the seed (`annals tournament check-pairing`, issue 13).

The round's draw comes from the seed committed in `TournamentCreated`; once `TournamentFinished` reveals it,
anyone holding the stream can fold it up to each `RoundPaired`, plan that round again and compare: a
director who chose a draw by hand would be found out.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel import Event
from domain.tournaments.state import fold
from service.tournaments.planning import plan_round


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round re-derived: whether the published tables and byes are the ones the seed gives."""

    round: int
    same: bool
    differences: tuple[str, ...]


def seed_of(events: Sequence[Event]) -> bytes | None:
    """The revealed seed, checked against its commitment (None while the tournament runs)."""
    created = next((e for e in events if e.type == "TournamentCreated"), None)
    finished = next((e for e in events if e.type == "TournamentFinished"), None)
    if created is None or finished is None or not isinstance(finished.data.get("seed"), str):
        return None
    seed = bytes.fromhex(finished.data["seed"])
    if hashlib.sha256(seed).hexdigest() != created.data.get("seed_commitment"):
        raise ValueError("the revealed seed does not match the commitment of TournamentCreated")
    return seed


def check_rounds(events: Sequence[Event], seed: bytes, only: int | None = None) -> list[RoundCheck]:
    """Every published round (or round `only`) planned again from the events before it, compared."""
    checks = []
    for index, event in enumerate(events):
        if event.type != "RoundPaired" or (only is not None and event.data.get("round") != only):
            continue
        number = int(event.data["round"])
        recorded = event.data.get("ratings")  # a round seeded by rating: the ratings it was paired with
        planned = plan_round(fold(list(events[:index])), number, seed, ratings=recorded)
        checks.append(RoundCheck(number, *_compare(event.data, planned)))
    return checks


def _compare(published: Mapping[str, Any], planned: dict[str, Any]) -> tuple[bool, tuple[str, ...]]:
    differences = []
    for key in ("players", "seats"):
        mine = [t.get(key) for t in planned["tables"]]
        theirs = [t.get(key) for t in published.get("tables", [])]
        if mine != theirs:
            differences.append(f"table {key}: published {theirs}, the seed gives {mine}")
    if list(published.get("byes", [])) != planned["byes"]:
        differences.append(f"byes: published {published.get('byes')}, the seed gives {planned['byes']}")
    return not differences, tuple(differences)
