"""Which seats (lords, houses, factions) a tournament table of a given size plays (issue 13).

A table of k players plays one of the seat sets its ruleset allows at k; the seating then gives each player one
seat of the chosen set. The defaults come from the rulebooks; a director may give other sets (a ruleset whose
seats are not fixed, cedofan's campaigns, or a club's own choice), which the service checks against the
ruleset's own seat rules before the tournament is created.
"""

from __future__ import annotations

from itertools import combinations

from domain.rulesets.agot2.data import BASE_SETUP
from domain.rulesets.kard_es_korona.setup import PROVINCES, THREE_PLAYER_SETS, four_player_sets


def default_seat_sets(ruleset_id: str, size: int) -> tuple[tuple[str, ...], ...]:
    """The seat sets the rulebook allows at a table of `size`, each in turn order; () when it gives none."""
    if ruleset_id == "kard_es_korona":
        return _kard_es_korona(size)
    if ruleset_id == "agot2" and str(size) in BASE_SETUP["players"]:
        # AGoT 2nd edition: the Houses the rulebook seats at each count (three players: Baratheon, Lannister, Stark).
        chosen = set(BASE_SETUP["players"][str(size)])
        return (tuple(h for h in ("stark", "greyjoy", "lannister", "baratheon", "tyrell", "martell") if h in chosen),)
    if ruleset_id == "freeform" and size >= 1:
        return (tuple(f"seat-{n}" for n in range(1, size + 1)),)
    return ()


def default_neighbours(ruleset_id: str) -> dict[str, frozenset[str]]:
    """Factions beside each other on the map, where the rulebook fixes them: Kard és Korona's six provinces
    lie in a ring (KK-SETUP-3 pairs ring neighbours), each beside the one before and after it."""
    if ruleset_id != "kard_es_korona":
        return {}
    ring = len(PROVINCES)
    return {p: frozenset({PROVINCES[(i - 1) % ring], PROVINCES[(i + 1) % ring]}) for i, p in enumerate(PROVINCES)}


def _kard_es_korona(size: int) -> tuple[tuple[str, ...], ...]:
    """KK-SETUP-1..5: 2-6 lords; 3 players play one of two triples, 4 two neighbouring pairs, 5 all but
    Szlavónia. Sets keep the provinces' ring order."""

    def ordered(chosen: frozenset[str] | set[str]) -> tuple[str, ...]:
        return tuple(p for p in PROVINCES if p in chosen)

    match size:
        case 2:
            return tuple(ordered(set(pair)) for pair in combinations(PROVINCES, 2))
        case 3:
            return tuple(ordered(s) for s in THREE_PLAYER_SETS)
        case 4:
            return tuple(ordered(s) for s in four_player_sets(PROVINCES))
        case 5:
            return (ordered(set(PROVINCES) - {"szlavonia"}),)
        case 6:
            return (PROVINCES,)
    return ()
