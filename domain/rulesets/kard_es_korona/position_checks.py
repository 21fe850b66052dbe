"""The invariants of a Kard és Korona position (issue 15, point 3): every broken one, by JSON pointer and rule id.

`position_errors` takes a position already valid against `position_schema.py` (the service checks the shape first,
a 400; these are the 422s) and reports all it finds, not only the first. What it checks, by concern:
- ids: counties of the board (KK-GEN-2), seats of the game (KK-SETUP-1), owners (KK-NEUTRAL-1), closed counties
  (KK-SETUP-2), battles named where a battle is meant;
- the year and phase: setup steps before 1301, the year within the variant's length (KK-TURN-1, KK-GEN-1), the
  movement phase's step allowances (KK-MOVE-3), the setup steps' player counts (KK-SETUP-10/12);
- lords, vassals, captives and offices (`position_lords.py`);
- units, castles and battles (`position_forces.py`).
The piece supply is unlimited except where the seed says otherwise (catalog §1.2): neutral forces never recruit
(KK-NEUTRAL-4) and the advanced six-player box lacks two royal knights (KK-SETUP-12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Seat
from domain.positions import PositionError
from domain.rulesets.kard_es_korona.position import from_position
from domain.rulesets.kard_es_korona.position_forces import battle_errors, unit_errors
from domain.rulesets.kard_es_korona.position_lords import lord_errors, office_errors
from domain.rulesets.kard_es_korona.position_table import Found, Table
from domain.rulesets.kard_es_korona.setup import NEUTRAL_PIECES, board_problem
from domain.rulesets.kard_es_korona.state import (
    ELECTION,
    FIRST_PLAYER,
    GARRISON_SUBSTITUTION,
    MOVEMENT,
    NEUTRAL_PLACEMENT,
    PLACEMENT,
    RECRUIT,
)
from domain.rulesets.kard_es_korona.year import election_year

SETUP_PHASES = (FIRST_PLAYER, PLACEMENT, NEUTRAL_PLACEMENT, GARRISON_SUBSTITUTION)
FIRST_YEAR = 1301


def position_errors(
    position: Mapping[str, Any], options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
) -> list[PositionError]:
    """Every invariant the position breaks on this board, with these options and seats."""
    problem = board_problem(options, board)
    if problem:
        return [PositionError("", "KK-GEN-1", problem)]
    table = Table.of(position, from_position(position, options, board, seats))
    found = Found()
    _id_errors(found, table)
    _phase_errors(found, table)
    lord_errors(found, table)
    office_errors(found, table)
    unit_errors(found, table)
    battle_errors(found, table)
    return found.errors


def _id_errors(found: Found, table: Table) -> None:
    """Known counties, seats and owners wherever the position names them (KK-GEN-2, KK-SETUP-1, KK-NEUTRAL-1)."""
    position = table.position
    for key in ("turn", "starting_player", "turn_order_starts_with"):
        table.check_seat(found, position[key], key)
    for county, owner in position["control"].items():
        table.check_county(found, county, "control", county)
        table.check_owner(found, owner, "control", county)
        if county in table.state.closed:
            found.add("KK-SETUP-2", f"{county} is closed with five players: nobody controls it", "control", county)
    for seat, amount in position["treasuries"].items():
        table.check_seat(found, seat, "treasuries", seat)
        if amount < 0:
            found.add(
                "KK-GEN-7", f"{seat}'s treasury holds {amount} garas; money is never negative", "treasuries", seat
            )
    if position["royal_treasury"] < 0:
        found.add("KK-GEN-7", f"the royal treasury holds {position['royal_treasury']} garas", "royal_treasury")
    for index, seat in enumerate(position["setup"]["placed"]):
        table.check_seat(found, seat, "setup", "placed", index)
    for index, seat in enumerate(position["recruitment"]["recruited"]):
        table.check_seat(found, seat, "recruitment", "recruited", index)
    movement = position["movement"]
    for key in ("step_allowances", "steps_taken"):
        for seat in movement[key]:
            table.check_seat(found, seat, "movement", key, seat)
    for key in ("passed", "lords_moved", "frozen_passes"):
        for index, seat in enumerate(movement.get(key, ())):
            table.check_seat(found, seat, "movement", key, index)
    _neutral_pool_errors(found, table)


def _neutral_pool_errors(found: Found, table: Table) -> None:
    """KK-SETUP-10: the pieces still to place belong to unplayed provinces of a 2-3 player game, within the box."""
    pool = table.position["setup"]["neutral_pieces_left"]
    pieces = NEUTRAL_PIECES[table.variant]
    for province, force in pool.items():
        where = ("setup", "neutral_pieces_left", province)
        if province not in table.state.neutral_provinces or len(table.seats) > 3:
            found.add("KK-SETUP-10", f"{province!r} is not an unplayed province of a 2-3 player game", *where)
            continue
        for arm, count in force.items():
            if count > pieces.of(arm):
                found.add("KK-SETUP-10", f"{count} {arm} left, but {province} has {pieces.of(arm)}", *where, arm)
    if any(sum(f.values()) for f in pool.values()) and table.position["phase"] not in SETUP_PHASES:
        found.add("KK-SETUP-10", "neutral pieces are still to place after setup ended", "setup", "neutral_pieces_left")


def _phase_errors(found: Found, table: Table) -> None:
    """KK-TURN-1/2, KK-GEN-1: setup before 1301, then the years of the variant; each phase with its data."""
    position = table.position
    phase, year = position["phase"], position["year"]
    last = 1312 if table.variant == "advanced" else 1308
    if phase in SETUP_PHASES and year != 0:
        found.add("KK-TURN-1", f"the setup step {phase!r} comes before the first year, not in {year}", "year")
    elif phase not in SETUP_PHASES and not FIRST_YEAR <= year <= last:
        found.add("KK-GEN-1", f"year {year} is not one of 1301-{last} of the {table.variant} game", "year")
    if phase == NEUTRAL_PLACEMENT and len(table.seats) > 3:
        found.add("KK-SETUP-10", "neutral pieces are placed only in 2-3 player games", "phase")
    if phase == GARRISON_SUBSTITUTION and (table.variant != "advanced" or len(table.seats) != 6):
        found.add("KK-SETUP-12", "royal garrisons are substituted only in the advanced 6-player game", "phase")
    if phase == RECRUIT and year == FIRST_YEAR:
        found.add("KK-ECON-5", "in 1301 there is no income and no recruitment", "phase")
    if phase == ELECTION and not (election_year(table.state) or table.state.extraordinary_election):
        found.add("KK-ELECT-1", f"{year} has no election: not a year of the timeline, and no King Election", "phase")
    if phase == PLACEMENT and position["turn"] is None:
        found.add("KK-TURN-3", "the starting forces are placed in turn: `turn` names the player placing", "turn")
    if phase == MOVEMENT and position["turn"] is None:
        found.add("KK-MOVE-1", "the players step in turn: `turn` names the player to step or pass", "turn")
    if phase == RECRUIT and position["turn"] in position["recruitment"]["recruited"]:
        found.add("KK-RECRUIT-1", f"{position['turn']} has recruited this year; players recruit once, in turn", "turn")
    if phase == MOVEMENT:
        _movement_errors(found, table)


def _movement_errors(found: Found, table: Table) -> None:
    """KK-MOVE-3: in the movement phase every player still in the game has his step allowance, and keeps to it."""
    movement = table.position["movement"]
    allowances, taken = movement["step_allowances"], movement["steps_taken"]
    turn = table.position["turn"]
    if turn in movement["passed"]:
        found.add("KK-MOVE-4", f"{turn} has passed: passing is final for the year, so it is not his turn", "turn")
    for index, seat in enumerate(movement.get("frozen_passes", ())):
        if seat not in movement["passed"]:
            found.add(
                "KK-ADV-3",
                f"{seat}'s pass was forced by the freeze, but he has not passed",
                "movement",
                "frozen_passes",
                index,
            )
    missing = [seat for seat in table.in_play if seat not in allowances]
    if missing:
        found.add(
            "KK-MOVE-3",
            f"the movement phase needs the step allowances of {', '.join(missing)} (castles + 2, at most 6)",
            "movement",
            "step_allowances",
        )
    for seat, allowed in allowances.items():
        if allowed < 2:
            found.add(
                "KK-MOVE-3", f"{seat} may take castles + 2 steps, not {allowed}", "movement", "step_allowances", seat
            )
    if table.options.get("step_allowance_timing") == "dynamic":
        return  # the allowance is counted afresh at every step, from the castles held then
    for seat, steps in taken.items():
        allowed = allowances.get(seat, 0)
        if steps > allowed:
            found.add(
                "KK-MOVE-3", f"{seat} took {steps} steps of an allowance of {allowed}", "movement", "steps_taken", seat
            )
