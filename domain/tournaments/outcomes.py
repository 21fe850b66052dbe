"""A finished game's result as a tournament reads it (issue 13, "Results follow the games").

`outcome_of` turns a game's final state and its `GameEnded` data into each seat's place (1 = best; tied seats
share a place and the next is skipped: 1, 1, 3) and the in-game measures behind it, in the ruleset's tiebreak
order. It returns None when the engine does not give a complete ranking: the TD then enters it by hand.

- Kard és Korona: `GameEnded.ranking` (KK-WIN-7, A-41: castles, counties, cavalry on the board, treasury; the
  winners share place 1). A `GameEnded` recorded before that field existed is ranked again from the final state
  with the same function. A game ended by hand (`end_game`) is ranked that way only when the last year was over
  (A-41 `final_tie = arbiter`: the arbiter named the winners of a tied count); otherwise as any game ended by hand.
- cedofan RV: the winner (RV-VIC-3), then the others by influence (RV-VIC-2: influence is never lost).
- cedofan Kards BS, AGoT, freeform and any other ruleset: the engine does not compute the end (the Kards catalog
  gives no victory condition, only KBS-LDR-3). A game ended by `end_game` with scores for every seat is ranked by
  them (declared winners first, sharing place 1; then higher scores); anything less is None.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

from domain.rulesets.kard_es_korona import victory
from domain.rulesets.kard_es_korona.state import FINISHED, KKState

KK_MEASURES = ("castles", "counties", "cavalry", "treasury")  # KK-WIN-7, A-41
RV_MEASURES = ("influence",)  # RV-VIC-2/3
SCORE = ("score",)  # `end_game` scores (CORE-END-1)
_RULE_ID = re.compile(r"^([A-Z]+-[A-Z]+-\d+)\b")

Number = int | float
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Outcome:
    """Each seat's place and measures; the rule that ended the game and the measure that separated the winners.

    `decided_by` names the first measure (of `measure_names`) that separates the seats in place 1 from the next
    seat, when a count decided the winner (KK-WIN-7, or scores entered by hand); "tie" when every seat shares
    place 1; None when the victory condition itself decided (an instant win, declared winners).
    """

    places: Mapping[str, int]
    measures: Mapping[str, Mapping[str, Number]]
    measure_names: tuple[str, ...]
    condition: str | None
    decided_by: str | None


def outcome_of(ruleset_id: str, state: Any, ended: Mapping[str, Any], seats: Sequence[str]) -> Outcome | None:
    """The ranking of a game that ended with `ended` (the GameEnded data); None when the TD must enter it."""
    reader = _READERS.get(ruleset_id, _by_hand)
    return reader(state, ended, tuple(seats))


def _kard_es_korona(state: Any, ended: Mapping[str, Any], seats: tuple[str, ...]) -> Outcome | None:
    """KK-WIN-1..7, A-41: the engine's ranking, from the event or (older events) from the final state."""
    winners = _seat_list(ended.get("winners"), seats)
    by_rules = ended.get("by") == "rules"
    last_year_over = isinstance(state, KKState) and state.phase == FINISHED
    if not by_rules and not last_year_over:
        return _by_hand(state, ended, seats)
    recorded = ended.get("ranking") if by_rules else None
    rows: Sequence[Mapping[str, Any]]
    if _is_ranking(recorded, seats):
        rows = recorded
    elif winners is not None and isinstance(state, KKState):
        rows = victory.ranking(state, winners)
    else:
        return None
    places = {str(row["seat"]): int(row["place"]) for row in rows}
    measures = {str(row["seat"]): {name: row[name] for name in KK_MEASURES} for row in rows}
    condition = _condition(ended) if by_rules else "KK-WIN-7"
    decided_by = ended.get("decided_by") if "decided_by" in ended else None
    if condition == "KK-WIN-7" and decided_by is None:
        decided_by = _separating(places, measures, KK_MEASURES) if by_rules else None
    return Outcome(_in_order(places, seats), _in_order(measures, seats), KK_MEASURES, condition, decided_by)


def _is_ranking(rows: Any, seats: tuple[str, ...]) -> TypeGuard[Sequence[Mapping[str, Any]]]:
    """A `GameEnded.ranking` with a place and every measure for exactly the game's seats."""
    if not isinstance(rows, list) or not all(isinstance(row, Mapping) for row in rows):
        return False
    if sorted(str(row.get("seat")) for row in rows) != sorted(seats):
        return False
    return all(_is_count(row.get(name)) for row in rows for name in ("place", *KK_MEASURES))


def _cedofan_rv(state: Any, ended: Mapping[str, Any], seats: tuple[str, ...]) -> Outcome | None:
    """RV-VIC-3: the first to the influence target wins; the others follow by influence (RV-VIC-2)."""
    if ended.get("by") != "rules" and _scores(ended, seats) is not None:
        return _by_hand(state, ended, seats)
    winners = _seat_list(ended.get("winners"), seats)
    influence = getattr(state, "influence", None)
    if winners is None or not isinstance(influence, Mapping):
        return None
    measures = {seat: {"influence": int(influence.get(seat, 0))} for seat in seats}
    places = _places(seats, winners, measures, RV_MEASURES)
    condition = _condition(ended) if ended.get("by") == "rules" else None
    return Outcome(places, measures, RV_MEASURES, condition, None)


def _by_hand(state: Any, ended: Mapping[str, Any], seats: tuple[str, ...]) -> Outcome | None:
    """CORE-END-1: scores for every seat rank the game (declared winners first); otherwise the TD enters it."""
    scores = _scores(ended, seats)
    winners = _seat_list(ended.get("winners", []), seats)
    if scores is None or winners is None:
        return None
    measures = {seat: {"score": scores[seat]} for seat in seats}
    places = _places(seats, winners, measures, SCORE)
    decided_by = None if winners else _separating(places, measures, SCORE)
    return Outcome(places, measures, SCORE, _condition(ended), decided_by)


def _scores(ended: Mapping[str, Any], seats: tuple[str, ...]) -> dict[str, Number] | None:
    """The `end_game` scores when they name every seat of the game and nothing else."""
    scores = ended.get("scores")
    if not isinstance(scores, Mapping) or sorted(scores) != sorted(seats):
        return None
    if not all(_is_number(value) for value in scores.values()):
        return None
    return {seat: scores[seat] for seat in seats}


def _places(
    seats: tuple[str, ...],
    winners: Sequence[str],
    measures: Mapping[str, Mapping[str, Number]],
    names: tuple[str, ...],
) -> dict[str, int]:
    """Winners share place 1; the others follow by the measures, higher better; equal seats share a place."""

    def key(seat: str) -> tuple[Number, ...]:
        return (0,) if seat in winners else (1, *(-measures[seat][name] for name in names))

    ordered = sorted(seats, key=key)
    places: dict[str, int] = {}
    for index, seat in enumerate(ordered):
        same = index > 0 and key(seat) == key(ordered[index - 1])
        places[seat] = places[ordered[index - 1]] if same else index + 1
    return _in_order(places, seats)


def _separating(
    places: Mapping[str, int], measures: Mapping[str, Mapping[str, Number]], names: tuple[str, ...]
) -> str | None:
    """The first measure that separates the seats in place 1 from the best seat below them."""
    first = [seat for seat, place in places.items() if place == 1]
    rest = sorted((seat for seat in places if places[seat] > 1), key=lambda seat: places[seat])
    if not rest:
        return "tie"
    leader, runner_up = measures[first[0]], measures[rest[0]]
    return next((name for name in names if leader[name] != runner_up[name]), None)


def _condition(ended: Mapping[str, Any]) -> str | None:
    """The victory rule id: `GameEnded.condition`, or the rule id a reason starts with (older events)."""
    condition = ended.get("condition")
    if isinstance(condition, str) and condition:
        return condition
    reason = ended.get("reason")
    found = _RULE_ID.match(reason) if isinstance(reason, str) else None
    return found.group(1) if found else None


def _seat_list(value: Any, seats: tuple[str, ...]) -> list[str] | None:
    """Distinct seats of the game, or None when the value is not that."""
    if not isinstance(value, list) or not all(isinstance(seat, str) and seat in seats for seat in value):
        return None
    return list(value) if len(set(value)) == len(value) else None


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _in_order(mapping: Mapping[str, T], seats: tuple[str, ...]) -> dict[str, T]:
    """The mapping with its seats in seating order (deterministic JSON for events and exports)."""
    return {seat: mapping[seat] for seat in seats}


_READERS: Mapping[str, Callable[[Any, Mapping[str, Any], tuple[str, ...]], Outcome | None]] = {
    "kard_es_korona": _kard_es_korona,
    "cedofan_rv": _cedofan_rv,
}
