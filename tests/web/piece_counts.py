"""What a board should show, worked out from `GET /state` independently of the page's own code: the number
of pieces each seat has on the board (units counted one by one, lords as one piece each)."""

from __future__ import annotations

from collections import Counter
from typing import Any


def seat_totals(ruleset: str, view: dict[str, Any]) -> dict[str, int]:
    """Pieces on the board by seat (or neutral owner) in a seat's or spectator's view."""
    rules = view.get("rules", {})
    totals: Counter[str] = Counter()
    if ruleset == "kard_es_korona":
        for owners in rules["units"].values():
            for owner, arms in owners.items():
                totals[owner] += sum(n for n in arms.values() if isinstance(n, int))
        for seat, area in rules["lords"].items():
            if isinstance(area, str):
                totals[seat] += 1
    elif ruleset == "agot2":
        totals.update(unit["seat"] for unit in rules["units"].values())
    elif ruleset == "cedofan_rv":
        totals.update(piece["owner"] for piece in rules["pieces"].values() if isinstance(piece.get("area"), str))
    elif ruleset == "cedofan_kards_bs":
        for army in rules["armies"].values():
            totals[army["owner"]] += sum(n for n in army["units"].values() if isinstance(n, int))
    return {seat: n for seat, n in totals.items() if n}
