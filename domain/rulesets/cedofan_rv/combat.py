"""Dice pools, hits and casualties (RV-DICE-*, RV-FLD-1..2, RV-CTY-*): the arithmetic of every battle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel import DICE_ROLLED, Event, Game, Inputs, RuleViolation, TraceStep
from domain.platform import roll
from domain.rulesets.cedofan_rv.state import Piece

UnitTable = Mapping[str, Mapping[str, int]]
FIELD, CITY = "field", "city"


def piece_dice(piece: Piece, column: str, table: UnitTable) -> int:
    """RV-DICE-1 / RV-UNIT-5: a piece's dice in the column; Stínové země infantry fights as cavalry in the field."""
    kind = piece.kind
    if column == FIELD and kind == "infantry" and piece.subfaction == "stinove_zeme" and "cavalry" in table:
        kind = "cavalry"
    return table[kind][f"{column}_dice"]


def pool(pieces: Sequence[Piece], column: str, table: UnitTable) -> int:
    """RV-FLD-1: a side's dice are the sum over all its pieces."""
    return sum(piece_dice(p, column, table) for p in pieces)


def divided(total: int, divisor: int, rounding: str) -> int:
    """RV-CTY-2/3, RV-AMB-5: the besiegers' total divided, rounded down (at least 1 under `floor_min1`)."""
    result = total // divisor
    return max(1, result) if rounding == "floor_min1" and total > 0 else result


def hits(faces: Sequence[int]) -> int:
    """RV-DICE-2: every 5 or 6 is a hit."""
    return sum(1 for face in faces if face >= 5)


def casualty_order(pieces: Sequence[Piece], column: str, table: UnitTable, chosen: Sequence[str] = ()) -> list[Piece]:
    """RV-DICE-3/4, RV-AMB-11: fewest lives first, nobles last; among equal lives the players' `chosen`
    order first, then fewer dice, lower cost, and the piece id."""
    rank = {piece_id: index for index, piece_id in enumerate(chosen)}
    return sorted(
        pieces,
        key=lambda p: (
            p.is_noble,
            table[p.kind]["lives"],
            rank.get(p.id, len(rank)),
            piece_dice(p, column, table),
            table[p.kind]["cost"],
            p.id,
        ),
    )


def apply_hits(
    pieces: Sequence[Piece], count: int, column: str, table: UnitTable, chosen: Sequence[str] = ()
) -> tuple[tuple[str, ...], int]:
    """RV-DICE-5, RV-AMB-12: hits kill one piece at a time; hits too few to kill the next are wasted.

    RV-DICE-6: so 7 hits on 3 infantry, 2 elephants and a noble kill the 3 infantry and one elephant.
    """
    deaths: list[str] = []
    left = count
    for piece in casualty_order(pieces, column, table, chosen):
        lives = table[piece.kind]["lives"]
        if left < lives:
            break
        left -= lives
        deaths.append(piece.id)
    return tuple(deaths), left


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle: its seat, its pieces and how its dice are counted."""

    name: str  # "attacker" / "defender" / "besieger" / "relief"
    seat: str
    pieces: tuple[Piece, ...]
    column: str
    divisor: int = 1
    fixed_dice: int | None = None  # RV-SIE-5: an empty city rolls exactly this many


@dataclass(frozen=True, slots=True)
class Exchange:
    """What one exchange of fire did: the events, the trace, the dead, and each side's hits."""

    events: tuple[Event, ...]
    trace: tuple[TraceStep, ...]
    dead: frozenset[str]
    hits: Mapping[str, int]


def exchange(
    game: Game,
    inputs: Inputs,
    first: Side,
    second: Side,
    table: UnitTable,
    rounding: str,
    absorbs: Mapping[str, bool] | None = None,
    chosen: Sequence[str] = (),
) -> Exchange:
    """Both sides roll (first, then second) and each takes the other's hits (RV-FLD-2, RV-CTY-4).

    `absorbs[side] = False` means the side's pieces take no hits (the nobles of an empty city, RV-AMB-7).
    `chosen` is the casualty order the players gave among pieces of equal lives (RV-AMB-11).
    """
    events: list[Event] = []
    trace: list[TraceStep] = []
    scored: dict[str, int] = {}
    drawn = 0
    for side in (first, second):
        before = side.fixed_dice if side.fixed_dice is not None else pool(side.pieces, side.column, table)
        count = before if side.divisor == 1 or side.fixed_dice is not None else divided(before, side.divisor, rounding)
        event, faces = _roll(game, inputs, count, side, before, drawn)
        drawn += len(faces)
        if event is not None:
            events.append(event)
        scored[side.name] = hits(faces)
        trace.append(_dice_step(side, before, count, faces, scored[side.name]))
    dead: set[str] = set()
    for target, source in ((second, first), (first, second)):
        if absorbs is not None and not absorbs.get(target.name, True):
            events.append(_hits_event(target, scored[source.name], (), scored[source.name]))
            continue
        deaths, wasted = apply_hits(target.pieces, scored[source.name], target.column, table, chosen)
        dead.update(deaths)
        events.append(_hits_event(target, scored[source.name], deaths, wasted))
        trace.append(
            TraceStep(
                "RV-DICE-5",
                f"RV-DICE-3..5: {target.name} takes {scored[source.name]} hit(s): "
                f"dead {', '.join(deaths) or 'none'}; {wasted} wasted (RV-AMB-12)",
                {"side": target.name, "hits": scored[source.name], "deaths": list(deaths), "wasted": wasted},
            )
        )
    return Exchange(tuple(events), tuple(trace), frozenset(dead), scored)


def _roll(
    game: Game, inputs: Inputs, count: int, side: Side, before: int, drawn: int
) -> tuple[Event | None, tuple[int, ...]]:
    if count == 0:
        return None, ()
    event, faces = roll(game, inputs, count, side.seat or None, f"{side.name} {side.column} dice")
    data: dict[str, Any] = {
        **event.data,
        "side": side.name,
        "column": side.column,
        "dice_before_division": before,
        "divisor": side.divisor if side.fixed_dice is None else 1,
    }
    return Event(DICE_ROLLED, data), faces


def _dice_step(side: Side, before: int, count: int, faces: Sequence[int], scored: int) -> TraceStep:
    shown = ",".join(map(str, faces)) or "none"
    if side.fixed_dice is not None:
        rule, text = "RV-SIE-5", f"RV-SIE-5: empty place defends with {count}d6"
    elif side.divisor > 1:
        rule = "RV-CTY-2" if side.divisor == 2 else "RV-CTY-3"
        text = f"{rule}: {side.name} {side.column} dice {before} ÷ {side.divisor} -> {count}"
    else:
        rule, text = "RV-DICE-1", f"RV-DICE-1: {side.name} {side.column} dice {count}"
    numbers = {"side": side.name, "dice": count, "before": before, "faces": list(faces), "hits": scored}
    return TraceStep(rule, f"{text}; faces {shown} -> {scored} hit(s) (RV-DICE-2)", numbers)


def _hits_event(target: Side, count: int, deaths: tuple[str, ...], wasted: int) -> Event:
    return Event(
        "HitsApplied",
        {
            "side": target.name,
            "seat": target.seat,
            "hits": count,
            "deaths": list(deaths),
            "wasted": wasted,
            "rule_ids": ["RV-DICE-3", "RV-DICE-4", "RV-DICE-5", "RV-AMB-12"],
        },
    )


def chosen_order(data: Mapping[str, Any], pieces: Sequence[Piece], seat: str) -> tuple[str, ...] | RuleViolation:
    """RV-AMB-11: `data.casualty_order` lists pieces of the battle; it only orders pieces of equal lives, and
    „the controlling player chooses": the sender orders its own pieces only (the others keep the default order)."""
    chosen = data.get("casualty_order", [])
    ids = {p.id for p in pieces if p.owner == seat}
    if not isinstance(chosen, list) or any(c not in ids for c in chosen) or len(set(chosen)) != len(chosen):
        return RuleViolation(
            "RV-AMB-11",
            f"casualty_order {chosen!r} must list distinct pieces of this battle that {seat!r} controls",
            {"field": "data.casualty_order"},
        )
    return tuple(chosen)
