"""Ruleset options: the catalog's GOT-X defaults (§4) and the set-up data of §0.3.4, with their checks.

Design: a club's own house-card set and order-token set are game options (`house_cards`, `order_tokens`;
null = the base game's), checked by the data validators of `domain.rulesets.agot2.data`; a club's own map
is a board. `position` is the table at the moment recording starts (units, orders, tokens, hands): null is
the printed set-up (`setup: "standard"`, GOT-X-29, standard_setup.py) or, with `setup: "empty"` and in games
recorded before that option, an empty board at the Planning Phase of round 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.agot2.board import LAND, load_board
from domain.rulesets.agot2.data import (
    BASE_HOUSE_CARDS,
    KINGS_COURT,
    UNIT_TYPES,
    card_set_errors,
    token_set_errors,
)
from domain.rulesets.agot2.data.neutral import entry_errors
from domain.rulesets.agot2.state import ACTION_STEPS, TRACKS

# Each GOT-X switch, its default, and the values it takes (catalog §4; recorded in GameCreated).
SWITCHES: Mapping[str, tuple[Any, tuple[Any, ...], str]] = {
    "winner_moves_in": (True, (True, False), "GOT-X-2: a winning attacker's units move into the area"),
    "garrison_alone_triggers_combat": (True, (True, False), "GOT-X-3: a lone garrison defends its home area"),
    "garrison_removed_on_loss": (True, (True, False), "GOT-X-3: a losing garrison is removed for the game"),
    "support_declaration": ("per_seat", ("per_seat", "per_order"), "GOT-X-4: who declares support"),
    "combatant_may_support_opponent": (False, (True, False), "GOT-X-5: a combatant may back its opponent"),
    "special_support_bonus_always": (True, (True, False), "GOT-X-6: special bonus even when units add 0"),
    "floor_total_strength_at_zero": (True, (True, False), "GOT-X-7: a negative total compares as 0"),
    "early_end_if_side_destroyed": (True, (True, False), "GOT-X-9: no victor when a side is wiped out early"),
    "routed_until": ("end_of_round", ("end_of_round",), "GOT-X-11: routed units rally at the round's end"),
    "siege_engines_absorb_casualties": (False, (True, False), "GOT-X-16: siege engines may be casualties"),
    "retreat_minimize_losses": (True, (True, False), "GOT-X-17: only the areas losing fewest units"),
    "retreat_by_transport": (True, (True, False), "GOT-X-18: land units retreat along own ships"),
    "ship_retreat_into_port": (
        "if_land_controlled",
        ("if_land_controlled", "always", "never"),
        "GOT-X-19: when a ship may retreat into a port",
    ),
    "remove_orders_in_empty_areas": (True, (True, False), "GOT-X-21: orders left without units are removed"),
    "neutral_forces": (True, (True, False), "GOT-X-26: the base game's neutral force tokens stand on its board"),
    "setup": (
        "standard",
        ("standard", "empty"),
        "GOT-X-29: a game given no position starts from the printed set-up ('empty': garrisons only)",
    ),
    "engine_card_abilities": (
        True,
        (True, False),
        "GOT-X-8: Tywin, Roose, Renly, Patchface and Doran are decided by the engine (false: entered by hand)",
    ),
}
# What a game recorded before an option existed plays by: the rules it was recorded under (a game created
# before neutral forces were modelled has none, whatever new games default to).
PREDATING_DEFAULTS: Mapping[str, Any] = {"neutral_forces": False, "engine_card_abilities": False, "setup": "empty"}

# Set-up data (catalog §0.3.4), each null by default:
#   tracks             {iron_throne|fiefdoms|kings_court: [seat, ...]}, position 1 first (null: seating order)
#   kings_court_stars  [stars of position 1, 2, ...] (null: the data table for the player count, GOT-COURT-2)
#   supply_limits      {seat: [army sizes]} (null: [2, 2] for every seat, the lowest supply level)
#   house_cards        a house-card set document (null: the 42 base cards)
#   order_tokens       an order-token set document (null: the 15 base tokens each House owns)
#   position           {round, phase, step, units[], orders[], power_tokens{}, garrisons{}, power{}, hands{},
#                      discards{}, blade_used, raven_used, neutral_forces[{area, strength}]} (null: the `setup`
#                      option's table, planning, round 1; neutral_forces null: the base game's for the player count).
#                      Kept for the games recorded with it, which fold as they always did; a new game takes the
#                      documented, checked `position` document instead (position.py, issue 15 point 3); one
#                      given to a new game is refused where setup would leave a unit or order out (setup_checks.py).
SETUP_KEYS = ("tracks", "kings_court_stars", "supply_limits", "house_cards", "order_tokens", "position")
DEFAULT_OPTIONS: Mapping[str, Any] = {
    **{name: default for name, (default, _, _) in SWITCHES.items()},
    **dict.fromkeys(SETUP_KEYS),
}
DEFAULT_SUPPLY = (2, 2)
DEFAULT_POWER = 5  # each House's available Power at the printed start
# GOT-X-28: the pieces of each House in the base game's box.
PIECES = {"footman": 10, "knight": 5, "ship": 6, "siege_engine": 2}
POWER_TOKENS = 20
POSITION_KEYS = frozenset(
    {
        "round",
        "phase",
        "step",
        "units",
        "orders",
        "power_tokens",
        "garrisons",
        "power",
        "hands",
        "discards",
        "blade_used",
        "raven_used",
        "neutral_forces",
    }
)


def option_errors(options: Mapping[str, Any]) -> list[str]:
    """Every problem of the options; each message names `options.<name>`."""
    errors = [f"options.{name}: agot2 has no option {name!r}" for name in options if name not in DEFAULT_OPTIONS]
    for name, (_, allowed, _) in SWITCHES.items():
        if name in options and not any(
            options[name] is v or (options[name] == v and type(options[name]) is type(v)) for v in allowed
        ):
            errors.append(f"options.{name}: expected one of {list(allowed)!r}, got {options[name]!r}")
    errors += _tracks_errors(options.get("tracks"))
    stars = options.get("kings_court_stars")
    if stars is not None and not (isinstance(stars, list) and all(_is_count(s) for s in stars)):
        errors.append(f"options.kings_court_stars: expected a list of whole numbers >= 0, got {stars!r}")
    errors += _supply_errors(options.get("supply_limits"))
    if options.get("house_cards") is not None:
        errors += [f"options.house_cards: {e}" for e in card_set_errors(options["house_cards"])]
    if options.get("order_tokens") is not None:
        errors += [f"options.order_tokens: {e}" for e in token_set_errors(options["order_tokens"])]
    errors += _position_errors(options.get("position"))
    return errors


def seat_errors(seats: tuple[str, ...], options: Mapping[str, Any]) -> list[str]:
    """Seats are houses of the card set, 3 to 6 of them by default; the tracks list exactly the seats."""
    errors = []
    if len(set(seats)) != len(seats):
        errors.append(f"seats: {list(seats)!r} repeat a house")
    stars = options.get("kings_court_stars")
    if stars is None and str(len(seats)) not in KINGS_COURT["kings_court_stars"]:
        errors.append(
            f"seats: {len(seats)} seats, but the King's Court table covers 3-6 players; give kings_court_stars"
        )
    elif stars is not None and len(stars) < len(seats):
        errors.append(f"options.kings_court_stars: {len(stars)} positions for {len(seats)} seats")
    tracks = options.get("tracks")
    if isinstance(tracks, Mapping):
        for track, order in tracks.items():
            if isinstance(order, list) and sorted(order) != sorted(seats):
                errors.append(f"options.tracks.{track}: {order!r} must list every seat once")
    cards = options.get("house_cards")
    houses = _card_houses(cards if cards is not None else BASE_HOUSE_CARDS)
    if houses is not None:
        where = "options.house_cards" if cards is not None else "the base card set (give options.house_cards)"
        errors += [f"seats: house {seat!r} has no cards in {where}" for seat in seats if seat not in houses]
    return errors


def _card_houses(cards: Any) -> set[str] | None:
    if not isinstance(cards, Mapping) or not isinstance(cards.get("cards"), list):
        return None
    return {str(c.get("house")) for c in cards["cards"] if isinstance(c, Mapping)}


def _tracks_errors(tracks: Any) -> list[str]:
    if tracks is None:
        return []
    if not isinstance(tracks, Mapping) or set(tracks) != set(TRACKS):
        return [f"options.tracks: expected an object with exactly {list(TRACKS)!r}, got {tracks!r}"]
    return [
        f"options.tracks.{track}: expected a list of distinct seats, got {order!r}"
        for track, order in tracks.items()
        if not (isinstance(order, list) and all(isinstance(s, str) for s in order) and len(set(order)) == len(order))
    ]


def _supply_errors(limits: Any) -> list[str]:
    if limits is None:
        return []
    if not isinstance(limits, Mapping):
        return [f"options.supply_limits: expected {{seat: [army sizes]}}, got {limits!r}"]
    return [
        f"options.supply_limits.{seat}: expected a list of army sizes >= 2, got {sizes!r}"
        for seat, sizes in limits.items()
        if not (isinstance(sizes, list) and all(_is_count(n) and n >= 2 for n in sizes))
    ]


def _position_errors(position: Any) -> list[str]:
    """The set-up position's shape (areas and seats are checked against the board and seats at set-up)."""
    if position is None:
        return []
    where = "options.position"
    if not isinstance(position, Mapping):
        return [f"{where}: expected an object, got {position!r}"]
    errors = [f"{where}: unknown field {key!r}" for key in position if key not in POSITION_KEYS]
    if "round" in position and not (_is_count(position["round"]) and position["round"] >= 1):
        errors.append(f"{where}.round: expected a whole number >= 1, got {position['round']!r}")
    if position.get("phase", "planning") not in ("planning", "action"):
        errors.append(f"{where}.phase: expected 'planning' or 'action', got {position['phase']!r}")
    if position.get("step", "raid") not in ACTION_STEPS:
        errors.append(f"{where}.step: expected one of {list(ACTION_STEPS)!r}, got {position['step']!r}")
    units = position.get("units", [])
    if not isinstance(units, list):
        errors.append(f"{where}.units: expected a list, got {units!r}")
    else:
        seen: set[str] = set()
        for index, unit in enumerate(units):
            ok = (
                isinstance(unit, Mapping)
                and all(isinstance(unit.get(k), str) for k in ("id", "seat", "type", "area"))
                and unit.get("type") in UNIT_TYPES
                and isinstance(unit.get("routed", False), bool)
            )
            if not ok:
                errors.append(
                    f"{where}.units[{index}]: expected {{id, seat, type (one of {sorted(UNIT_TYPES)}), "
                    f"area, routed?}}, got {unit!r}"
                )
            elif unit["id"] in seen:
                errors.append(f"{where}.units[{index}]: unit id {unit['id']!r} repeated")
            else:
                seen.add(unit["id"])
    orders = position.get("orders", [])
    if not isinstance(orders, list) or not all(
        isinstance(o, Mapping) and all(isinstance(o.get(k), str) for k in ("area", "seat", "token")) for o in orders
    ):
        errors.append(f"{where}.orders: expected a list of {{area, seat, token}}, got {orders!r}")
    for key in ("power_tokens", "hands", "discards"):
        value = position.get(key, {})
        if not isinstance(value, Mapping):
            errors.append(f"{where}.{key}: expected an object, got {value!r}")
    for key in ("garrisons", "power"):
        value = position.get(key, {})
        if value is not None and not (isinstance(value, Mapping) and all(_is_count(v) for v in value.values())):
            errors.append(f"{where}.{key}: expected an object of whole numbers >= 0, got {value!r}")
    for key in ("blade_used", "raven_used"):
        if not isinstance(position.get(key, False), bool):
            errors.append(f"{where}.{key}: expected true or false, got {position[key]!r}")
    errors += _neutral_shape_errors(position.get("neutral_forces"), f"{where}.neutral_forces")
    return errors


def _neutral_shape_errors(entries: Any, where: str) -> list[str]:
    """GOT-X-26: null (the base game's tokens) or a list of {area, strength}, each area once."""
    if entries is None:
        return []
    if not isinstance(entries, list):
        return [f"{where}: expected a list of {{area, strength}} or null, got {entries!r}"]
    errors: list[str] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        found = entry_errors(entry, f"{where}[{index}]")
        errors += found
        if not found and entry["area"] in seen:
            errors.append(f"{where}[{index}].area: {entry['area']!r} holds one neutral force token only")
        elif not found:
            seen.add(entry["area"])
    return errors


def neutral_board_errors(options: Mapping[str, Any], board_document: Mapping[str, Any] | None) -> list[str]:
    """GOT-X-26: each neutral force of `options.position` stands on a land area of the board, without units."""
    position = options.get("position")
    entries = position.get("neutral_forces") if isinstance(position, Mapping) else None
    if not isinstance(entries, list):
        return []
    board = load_board(board_document)
    raw_units = position.get("units") if isinstance(position, Mapping) else None
    occupied = {u.get("area") for u in raw_units if isinstance(u, Mapping)} if isinstance(raw_units, list) else set()
    errors = []
    for index, entry in enumerate(entries):
        area = entry.get("area") if isinstance(entry, Mapping) else None
        if not isinstance(area, str):
            continue
        where = f"options.position.neutral_forces[{index}].area"
        if area not in board.areas:
            errors.append(f"{where}: {area!r} is not an area of the board")
        elif board.kind(area) != LAND:
            errors.append(f"{where}: {area!r} is a {board.kind(area)} area; neutral forces stand on land only")
        elif area in occupied:
            errors.append(f"{where}: {area!r} holds units of a House in the position; a neutral force holds it alone")
    return errors


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
