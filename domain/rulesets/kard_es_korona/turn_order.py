"""The traditional turn order (KK-TRAD-1..6, option `turn_order_mode = traditional`, A-51).

Every year after the first opens with a roll for the starting player (two dice each, tied highest roll again);
income and recruitment go clockwise from him as usual; after recruitment he chooses to move first or last; then,
under `traditional_structure = sequential_turns`, each player in turn takes his whole movement and at once
fights his own battles, and the next player clockwise begins. The election (if any) closes the year.
Under `alternating_steps` the steps alternate as in the standard order; only the start of the year changes.

The order's queries and events live here, apart from its decisions (`starting_player.py`) and its steps
(`year.py`, `new_year.py`): evolve merges this module's HANDLERS, and the decisions fold through evolve.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, Force
from domain.rulesets.kard_es_korona.state import MOVEMENT, KKState, evolved

STARTING_ROLL = "starting_roll"  # KK-TRAD-1: the year waits for the roll for the starting player
TURN_POSITION = "turn_position"  # KK-TRAD-3: the starting player chooses to move first or last
DICE_EACH = 2  # two dice each, the highest total wins


def is_traditional(state: KKState) -> bool:
    return state.options.get("turn_order_mode") == "traditional"


def sequential_turns(state: KKState) -> bool:
    """KK-TRAD-4, A-51: whole turns one player after another (the default structure of the traditional order)."""
    return is_traditional(state) and state.options.get("traditional_structure", "sequential_turns") == (
        "sequential_turns"
    )


def rollers(state: KKState) -> tuple[str, ...]:
    """The players who roll for the marker: all but the eliminated, in seating order."""
    return tuple(s for s in state.seats if state.lord_status.get(s) != "eliminated")


def fought_units(state: KKState, seat: str, county: str) -> Force:
    """KK-MOVE-15, A-60: the seat's units in `county` that have fought a battle this year (and may not attack).

    Only the traditional whole turns fight a battle before a later step of the year (KK-TRAD-4): there a player's
    units that defended in an earlier turn take their own turn after. Every unit of his in the county when the
    battle began took part, and those that have not stepped since are still there (units stepping in later are
    marked as stepped, KK-MOVE-6); of a pinned defender, only the units the attack bound (KK-ADV-4: the released
    ones did not take part). A defender that retreated out of the county (KK-ADV-9) is not followed.
    """
    fought = EMPTY
    for battle in state.battles:
        if battle.county != county or battle.round < 1 or seat not in (battle.attacker, battle.defender):
            continue  # a battle never begun (vetoed, KK-VASSAL-2) was not fought
        here = state.force(county, seat).minus(state.moved_force(county, seat))
        bound = state.bound.get(battle.id) if seat == battle.defender else None
        took_part = here if bound is None else Force(*(min(here.of(arm), bound.of(arm)) for arm in ARMS))
        fought = Force(*(max(fought.of(arm), took_part.of(arm)) for arm in ARMS))
    return fought


# --- the year's hooks, called by the standard flow ---


def marker_after_year(state: KKState) -> str:
    """KK-TURN-4 (standard): the first to pass starts next; traditional: the marker waits for the roll."""
    if is_traditional(state) and state.starting_player is not None:
        return state.starting_player
    # KK-TURN-4: the first to pass starts next year, unless he has been eliminated since (KK-ELIM-1).
    still_in = [s for s in state.passed if s in state.turn_order()]
    return still_in[0] if still_in else state.turn_order()[0]


# --- actions ---


# --- evolve ---


def _starting_roll_due(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, phase=STARTING_ROLL, turn=None, order_start=None)


def _turn_position_due(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, phase=TURN_POSITION, turn=state.starting_player)


def _turn_position_chosen(state: KKState, data: Mapping[str, Any]) -> KKState:
    first = data["first_mover"]
    if first not in state.seats:
        raise ValueError(f"{first!r} is not a seat")
    return evolved(state, order_start=str(first))


def _player_turn_began(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = data["seat"]
    if seat not in state.seats:
        raise ValueError(f"{seat!r} is not a seat")
    return evolved(state, phase=MOVEMENT, turn=str(seat), current_battle=None)


HANDLERS = {
    "StartingRollDue": _starting_roll_due,
    "TurnPositionDue": _turn_position_due,
    "TurnPositionChosen": _turn_position_chosen,
    "PlayerTurnBegan": _player_turn_began,
}
