"""Standings with a cascading tiebreak chain (issue 13): never a weighted sum.

Players are ordered by the first criterion; those still equal are ordered by the next one, computed within
their own group where the criterion depends on the group (head-to-head); and so on down the chain, which
ends with a draw from a committed seed so that the order is total and anyone holding the revealed seed can
re-derive it. Each standing says which criterion separated it from the player above.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

CRITERIA = ("score", "opponents_score", "wins", "head_to_head", "draw")  # plus "measure:<name>"


class StandingsError(ValueError):
    """A tiebreak chain that cannot be applied; the message names the criterion."""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished table as standings read it: each player's place, points and in-game measures."""

    table: str
    places: Mapping[str, int]
    points: Mapping[str, Fraction]
    measures: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)  # player -> name -> value


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: the rank, every criterion's value, and what separated it from the line above."""

    rank: int
    player: str
    values: Mapping[str, Fraction]
    separated_by: str | None  # None for the first line; "draw" when nothing else did


def standings(
    players: Sequence[str],
    results: Sequence[TableResult],
    chain: Sequence[str],
    seed: bytes,
    byes: Mapping[str, Fraction] | None = None,
) -> list[Standing]:
    """The ranking of `players` after `results` (and bye points), by the tiebreak `chain`."""
    check_chain(chain)
    byes = byes or {}
    totals = {
        p: sum((r.points.get(p, Fraction(0)) for r in results), Fraction(0)) + byes.get(p, Fraction(0)) for p in players
    }
    values = {p: _values(p, results, totals, chain) for p in players}
    ordered: list[tuple[str, str | None]] = []
    _rank(list(players), chain, values, results, seed, ordered, None)
    lines = []
    for position, (player, separated_by) in enumerate(ordered, start=1):
        lines.append(Standing(position, player, values[player], separated_by if position > 1 else None))
    return lines


def check_chain(chain: Sequence[str]) -> None:
    """Raise StandingsError unless every criterion is known and the chain ends with the draw."""
    if not chain or chain[-1] != "draw":
        raise StandingsError("a tiebreak chain ends with 'draw', so that no two players stay equal")
    for criterion in chain:
        if criterion not in CRITERIA and not (criterion.startswith("measure:") and len(criterion) > len("measure:")):
            raise StandingsError(
                f"unknown tiebreak criterion {criterion!r} (known: {', '.join(CRITERIA)}, measure:<name>)"
            )


def _values(
    player: str, results: Sequence[TableResult], totals: Mapping[str, Fraction], chain: Sequence[str]
) -> dict[str, Fraction]:
    """The criteria that do not depend on the tied group, for one player."""
    played = [r for r in results if player in r.places]
    found: dict[str, Fraction] = {"score": totals[player]}
    met = [other for r in played for other in r.places if other != player]
    found["opponents_score"] = (
        Fraction(sum((totals.get(o, Fraction(0)) for o in met), Fraction(0)), len(met)) if met else Fraction(0)
    )
    found["wins"] = Fraction(sum(1 for r in played if r.places[player] == 1 and list(r.places.values()).count(1) == 1))
    for criterion in chain:
        if criterion.startswith("measure:"):
            name = criterion.removeprefix("measure:")
            found[criterion] = sum((r.measures.get(player, {}).get(name, Fraction(0)) for r in played), Fraction(0))
    return found


def _rank(
    group: list[str],
    chain: Sequence[str],
    values: Mapping[str, Mapping[str, Fraction]],
    results: Sequence[TableResult],
    seed: bytes,
    out: list[tuple[str, str | None]],
    reached_by: str | None,
) -> None:
    """Append `group` to `out` in order, splitting it by the chain's criteria one after another."""
    if len(group) == 1:
        out.append((group[0], reached_by))
        return
    criterion, rest = chain[0], chain[1:]
    key = _key_for(criterion, group, values, results, seed)
    subgroups: dict[Fraction | bytes, list[str]] = {}
    for player in group:
        subgroups.setdefault(key(player), []).append(player)
    # Best first: higher values rank higher; the draw's ranks lower hashes higher (any fixed rule would do).
    ordered_keys = sorted(subgroups, reverse=criterion != "draw")
    for index, value in enumerate(ordered_keys):
        members = subgroups[value]
        # The first subgroup keeps what separated the group from the line above; each later one is set apart
        # from the previous subgroup by this criterion.
        first_reason = reached_by if index == 0 else criterion
        if len(members) == 1:
            out.append((members[0], first_reason))
        else:
            _rank(members, rest, values, results, seed, out, first_reason)


def _key_for(
    criterion: str,
    group: Sequence[str],
    values: Mapping[str, Mapping[str, Fraction]],
    results: Sequence[TableResult],
    seed: bytes,
) -> Callable[[str], Fraction | bytes]:
    if criterion == "draw":
        return lambda player: hmac.new(seed, f"tiebreak-draw:{player}".encode(), hashlib.sha256).digest()
    if criterion == "head_to_head":
        scores = _head_to_head(group, results)
        return lambda player: scores[player]
    return lambda player: values[player][criterion]


def _head_to_head(group: Sequence[str], results: Sequence[TableResult]) -> dict[str, Fraction]:
    """Among the tied players only: at every table where two of them sat, +1 for finishing ahead, −1 behind."""
    scores = {p: Fraction(0) for p in group}
    tied = set(group)
    for result in results:
        present = [p for p in result.places if p in tied]
        for player in present:
            for other in present:
                if other != player:
                    scores[player] += (result.places[player] < result.places[other]) - (
                        result.places[player] > result.places[other]
                    )
    return scores
