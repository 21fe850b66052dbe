"""Storms of a besieged place, by the besiegers or by the besieged (RV-STM-*, RV-CTY-*, RV-SIE-5).

The storm is a battle of the city column (RV-CTY-1..3); its outcome is decided by the units left
(RV-STM-5/6, RV-AMB-24). Each guard returns the violations it finds and its docstring starts with its rule id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, Mode, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv import guards as support
from domain.rulesets.cedofan_rv.battles import (
    defenders_of,
    lead_seat,
    must_be_besieged,
    siege_in_own_impulse,
    siege_pieces,
)
from domain.rulesets.cedofan_rv.combat import CITY, Exchange, Side, chosen_order, exchange
from domain.rulesets.cedofan_rv.league import conqueror_subfaction, storm_caller
from domain.rulesets.cedofan_rv.outcomes import (
    besiegers_withdraw,
    influence,
    loot,
    resolved,
    survivors,
    winner_of,
    withdraw,
)
from domain.rulesets.cedofan_rv.state import Piece, Place, RvState, Siege, units
from domain.rulesets.cedofan_rv.treasuries import KARD_LEAGUE


def storm_place(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-STM-1..3, RV-STM-7: the besieger storms a place besieged since an earlier round, cost 1 each."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    siege = siege_in_own_impulse(state, seat, action.data.get("place"))
    if isinstance(siege, RuleViolation):
        return Decision(violations=(siege,))
    if siege.besieger != seat:
        return Decision.refuse("RV-STM-7", f"{seat!r} does not besiege {siege.place!r}", field="data.place")
    violations: list[RuleViolation] = []
    if storm_too_early(state, siege):
        violations.append(
            RuleViolation(
                "RV-STM-1",
                f"the siege of {siege.place!r} began in round {siege.started_round}; storm from round "
                f"{siege.started_round + 1} (RV-AMB-4)",
                {"field": "data.place", "started_round": siege.started_round},
            )
        )
    return _storm(game, action, inputs, siege, "besieger", violations, options)


def sortie(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-STM-4, RV-AMB-4, RV-AMB-22: the besieged call a storm in their impulse, at the same cost."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    siege = siege_in_own_impulse(state, seat, action.data.get("place"))
    if isinstance(siege, RuleViolation):
        return Decision(violations=(siege,))
    if units(besieged_by(state, seat, siege)) == 0:
        return Decision.refuse(
            "RV-STM-4", f"{seat!r} has no units inside {siege.place!r} to storm with", field="data.place"
        )
    violations: list[RuleViolation] = []
    if sortie_too_early(state, siege):
        violations.append(
            RuleViolation("RV-AMB-4", f"the siege of {siege.place!r} began in this impulse", {"field": "data.place"})
        )
    return _storm(game, action, inputs, siege, "defender", violations, options)


def storm_too_early(state: RvState, siege: Siege) -> bool:
    """RV-STM-1, RV-AMB-4: the besieger storms only in a round after the one in which the siege began."""
    return siege.started_round >= state.round


def sortie_too_early(state: RvState, siege: Siege) -> bool:
    """RV-STM-4, RV-AMB-4: the besieged call a storm only in an impulse that began after the siege did."""
    return siege.started_impulse >= state.impulse_no


def besieged_by(state: RvState, seat: str, siege: Siege) -> tuple[Piece, ...]:
    """RV-STM-4: the pieces of `seat` inside a besieged place (its units are the ones that may sally)."""
    return tuple(p for p in defenders_of(state, siege.place, siege.besieger) if p.owner == seat)


@dataclass(frozen=True, slots=True)
class _Storm:
    """One storm being decided: the siege, its place, both sides, and who called it."""

    state: RvState
    siege: Siege
    place: Place
    besieging: Side
    defending: Side
    called_by: str  # "besieger" or "defender"
    caller: str | None  # RV-KL-1, RV-KL-3: the Kard League sub-faction that called it
    empty: bool  # RV-SIE-5: no defending unit inside
    options: Mapping[str, Any]


def _storm(
    game: Game,
    action: Action,
    inputs: Inputs,
    siege: Siege,
    called_by: str,
    violations: list[RuleViolation],
    options: Mapping[str, Any],
) -> Decision:
    """RV-CTY-1..4, RV-SIE-5, RV-STM-5/6, RV-AMB-5/7/8/18/24: one storm and its outcome."""
    state: RvState = game.state
    seat = str(action.seat)
    place = state.places[siege.place]
    besiegers = siege_pieces(state, siege)
    defenders = defenders_of(state, place.area, siege.besieger)
    violations.extend(_no_storm_above_five(place, defenders, options))
    cost = int(options["storm_cost"])
    caller = storm_caller(state, seat, siege, called_by, action.data.get("subfaction"))
    if isinstance(caller, RuleViolation):
        return Decision(violations=(caller,))
    violations.extend(_storm_within_limit(state, cost, called_by))
    # RV-KL-1: the calling sub-faction pays
    if (unpaid := support.can_pay(state, caller or seat, cost, "the storm")) is not None:
        violations.append(unpaid)
    if violations and game.meta.mode is Mode.ADJUDICATED:
        return Decision(violations=tuple(violations))
    storm = _sides(state, siege, place, (besiegers, defenders), called_by, caller, options)
    first, second = (
        (storm.besieging, storm.defending) if called_by == "besieger" else (storm.defending, storm.besieging)
    )
    chosen = chosen_order(action.data, (*besiegers, *defenders), seat)
    if isinstance(chosen, RuleViolation):
        return Decision(violations=(chosen,))
    absorbs = {"defender": not storm.empty}
    fight = exchange(game, inputs, first, second, options["unit_table"], options["siege_dice"], absorbs, chosen)
    events, trace = _outcome(storm, fight)
    step = TraceStep(
        "RV-STM-3",
        f"RV-STM-3: storm costs {cost}; spent {state.spent} -> {state.spent + cost} of limit {state.limit}",
        {"cost": cost, "spent": state.spent + cost, "limit": state.limit},
    )
    called = _storm_called(state, seat, place, called_by, cost, caller)
    # Transcript mode records the storm the table played with the rules it broke (adjudicated refuses it).
    return Decision((called, *fight.events, *events), tuple(violations), (step, *fight.trace, *trace))


def _no_storm_above_five(place: Place, defenders: Sequence[Piece], options: Mapping[str, Any]) -> list[RuleViolation]:
    """RV-AMB-18: while more than 5 units are inside a besieged place no storm can be called.

    More than 5 inside a standing siege only follows a lost relief: RV-AMB-18 bars the storm; RV-BTY-1 (a field
    battle against more than 5) is its umbrella.
    """
    if must_be_besieged(place, defenders, options):
        return []
    message = f"{place.area!r} holds {units(list(defenders))} units, more than 5: no storm, attack in the field"
    field = {"field": "data.place"}
    return [RuleViolation("RV-AMB-18", message, field), RuleViolation("RV-BTY-1", message, field)]


def _storm_within_limit(state: RvState, cost: int, called_by: str) -> list[RuleViolation]:
    """RV-SUP-1, RV-STM-3/4: storms are repeated only while the impulse's limit allows their cost.

    The limit that bars the storm is RV-SUP-1 (cities + 4, every impulse's spending); the storm rule that repeats
    storms "until the limit runs out" follows it (issue 17, point 4: the rule that bars first): RV-STM-3 for the
    besiegers' storms, RV-STM-4 for the besieged's („Zteč jde v průběhu hráčova impulzu opakovat" after „Vyvolání
    zteče obráncem").
    """
    over = support.within_limit(state, cost, "the storm")
    if over is None:
        return []
    if called_by == "defender":
        return [over, RuleViolation("RV-STM-4", over.message, over.details)]
    return [over, RuleViolation("RV-STM-3", over.message, over.details)]


def storm_divisor(place: Place, called_by: str, options: Mapping[str, Any]) -> int:
    """RV-CTY-2/3, RV-STM-4: the besiegers' dice are divided by 2 at a city, by 3 at a fortress.

    When the besieged call the storm at a fortress, option `defender_storm_fortress_divisor` decides.
    """
    if place.kind == "fortress":
        return int(options["defender_storm_fortress_divisor"]) if called_by == "defender" else 3
    return 2


def _sides(
    state: RvState,
    siege: Siege,
    place: Place,
    pieces: tuple[tuple[Piece, ...], tuple[Piece, ...]],
    called_by: str,
    caller: str | None,
    options: Mapping[str, Any],
) -> _Storm:
    """RV-CTY-1..3, RV-SIE-5: both sides of a storm; an empty place rolls the option's fixed dice."""
    besiegers, defenders = pieces
    empty = units(list(defenders)) == 0
    divisor = 1 if empty else storm_divisor(place, called_by, options)
    defender_seat = place.owner if place.owner is not None else lead_seat(defenders, place) if defenders else ""
    besieging = Side("besieger", siege.besieger, besiegers, CITY, divisor)
    defending = Side("defender", defender_seat, defenders, CITY, 1, options["empty_city_dice"] if empty else None)
    return _Storm(state, siege, place, besieging, defending, called_by, caller, empty, options)


def _storm_called(state: RvState, seat: str, place: Place, called_by: str, cost: int, caller: str | None) -> Event:
    """RV-STM-2/3 (by the besiegers), RV-STM-4 (by the besieged): the storm is called and paid."""
    return Event(
        "StormCalled",
        {
            "seat": seat,
            "place": place.area,
            "by": called_by,
            "cost": cost,
            "spent": state.spent + cost,
            "limit": state.limit,
            **({"subfaction": caller, "treasury": caller} if caller else {}),
            "rule_ids": ["RV-STM-2", "RV-STM-3"] if called_by == "besieger" else ["RV-STM-4"],
        },
    )


def _outcome(storm: _Storm, fight: Exchange) -> tuple[list[Event], list[TraceStep]]:
    """RV-STM-5/6, RV-SIE-5, RV-AMB-24: the place falls, the besiegers withdraw, or the siege goes on."""
    besieging, defending = storm.besieging, storm.defending
    after = {side.name: survivors(side.pieces, fight.dead) for side in (besieging, defending)}
    winner, _ = winner_of(besieging, defending, after)
    kind = "empty_city" if storm.empty else "storm"
    events = [resolved(storm.state, kind, storm.place.area, besieging, defending, after, winner)]
    trace: list[TraceStep] = []
    taken = fight.hits["besieger"] >= 1 if storm.empty else units(after["defender"]) == 0
    if taken:
        events += _taken(storm, after)
        trace.append(TraceStep("RV-STM-5", f"RV-STM-5: {storm.place.area!r} is taken by {storm.siege.besieger!r}", {}))
    elif units(after["defender"]) > units(after["besieger"]):
        events += besiegers_withdraw(
            storm.state,
            storm.siege,
            after["besieger"],
            besieging.pieces,
            defending.seat,
            storm.options,
            "RV-STM-6",
            after["defender"],
        )
    else:
        events.append(Event("SiegeContinues", {"place": storm.place.area, "rule_ids": ["RV-AMB-24"]}))
    if winner is not None:
        events += influence(winner.seat, storm.options, "battle_won", "RV-VIC-1")
    return events, trace


def _taken(storm: _Storm, after: Mapping[str, tuple[Piece, ...]]) -> list[Event]:
    """RV-STM-5 / RV-SIE-5: the place falls; the defenders' nobles withdraw free and their purses are loot."""
    state, siege, place = storm.state, storm.siege, storm.place
    by_caller = storm.caller if storm.called_by == "besieger" else None
    # RV-CTY-5: a fortress the Kard League takes is damaged, a village from now on (RV-AMB-25).
    damaged = place.kind == "fortress" and siege.besieger == KARD_LEAGUE
    captured = Event(
        "PlaceCaptured",
        {
            "place": place.area,
            "by": siege.besieger,
            "from": place.owner,
            "movers": [p.id for p in after["besieger"]],
            **conqueror_subfaction(state, siege, by_caller),
            **({"damaged": True} if damaged else {}),
            "rule_ids": [*(["RV-SIE-5"] if storm.empty else ["RV-STM-5"]), *(["RV-CTY-5"] if damaged else [])],
        },
    )
    seat = storm.defending.seat
    return [
        captured,
        *withdraw(state, after["defender"], seat, place.area, ("city",), ["RV-AMB-8"], exclude=place.area),
        *loot(state, storm.defending.pieces, seat, siege.besieger, storm.options, after["besieger"]),
        *influence(siege.besieger, storm.options, "place_captured", "RV-VIC-1"),
    ]
