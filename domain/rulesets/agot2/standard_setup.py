"""The printed set-up (GOT-X-29): what a new game of the base game's Houses starts from when no position is given.

**Decision:** the choice is a game option, `setup`, recorded in `GameCreated` like every GOT-X switch rather than a
new ruleset version: `"standard"` (the default a new game is created with) places each seated House's starting
units from its House screen, orders the influence tracks as printed and sets each House's supply; `"empty"` is the
board as games were recorded before the option existed (garrisons only, tracks in seating order, the lowest
supply). A game whose recorded options lack `setup` folds as `"empty"` (options.PREDATING_DEFAULTS), so every game
recorded before keeps its state. A position (`options.position`, or the `position` a game is started from) is the
table itself: the printed set-up never adds to it. Explicit `tracks` and `supply_limits` options still win.

The printed set-up exists for 3 to 6 of the base game's six Houses on the base board only; any other table with
no position is refused at creation (`start_errors`), naming `options.setup` and GOT-X-29. Any 3 to 6 of the six
Houses may sit (each House screen is its own), although the rulebook seats Stark, Lannister and Baratheon at 3,
then Greyjoy, Tyrell, Martell: the homes of absent Houses take the neutral forces of the count (GOT-X-26).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.rulesets.agot2.data import BASE_BOARD, BASE_SETUP
from domain.rulesets.agot2.data.tokens import MAX_PLAYERS, MIN_PLAYERS

STANDARD, EMPTY = "standard", "empty"
HOUSES: tuple[str, ...] = tuple(BASE_SETUP["houses"])


def uses_standard_setup(options: Mapping[str, Any]) -> bool:
    """GOT-X-29: the options ask for the printed set-up and give no position of their own."""
    return options.get("setup") == STANDARD and options.get("position") is None


def standard_units(seats: Sequence[str]) -> list[dict[str, Any]]:
    """GOT-X-29: the seated Houses' starting units, as `options.position.units` entries (ids `house:kind:area:n`)."""
    units: list[dict[str, Any]] = []
    for house in seats:
        for entry in BASE_SETUP["houses"][house]["units"]:
            if len(seats) not in entry.get("players", (len(seats),)):
                continue
            prefix = f"{house}:{entry['kind']}:{entry['area']}"
            number = 1 + sum(1 for u in units if u["id"].startswith(prefix + ":"))
            units.append({"id": f"{prefix}:{number}", "seat": house, "type": entry["kind"], "area": entry["area"]})
    return units


def standard_tracks(seats: Sequence[str]) -> dict[str, list[str]]:
    """GOT-X-29: the printed starting order of each influence track, keeping the seated Houses."""
    return {track: [h for h in order if h in seats] for track, order in BASE_SETUP["influence_tracks"].items()}


def standard_supply(seats: Sequence[str]) -> dict[str, list[int]]:
    """GOT-X-29, X-17: each House's army sizes at its printed supply level."""
    table = BASE_SETUP["supply_track"]
    return {house: list(table[BASE_SETUP["houses"][house]["supply_level"]]) for house in seats}


def start_errors(options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[str]) -> list[str]:
    """GOT-X-29: a game set up from its options (no position) with the printed set-up seats 3 to 6 of the base
    game's Houses on the base board; each message names `options.setup`."""
    if not uses_standard_setup(options):
        return []
    where = 'options.setup: "standard" (GOT-X-29, the printed set-up)'
    remedy = 'give a position, or options.setup "empty" for a board with garrisons only'
    errors = [
        f"{where} places the base game's Houses ({', '.join(HOUSES)}); seat {seat!r} is not one of them: {remedy}"
        for seat in seats
        if seat not in HOUSES
    ]
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        errors.append(
            f"{where} seats {MIN_PLAYERS} to {MAX_PLAYERS} Houses, not {len(seats)}: {remedy}",
        )
    if board is not None and not is_base_board(board):
        errors.append(f"{where} is printed for the shipped base board only: {remedy}")
    return errors


def is_base_board(document: Mapping[str, Any] | None) -> bool:
    """The shipped base board (`westeros_base`), on which the printed set-up and neutral forces stand."""
    attributes = document.get("attributes") if isinstance(document, Mapping) else None
    return isinstance(attributes, Mapping) and attributes.get("board_id") == BASE_BOARD["attributes"]["board_id"]
