"""Options of `cedofan_kards_bs`: the catalog's defaults (KBS-AMB-*) and the values a creator must supply.

Every option is recorded in `GameCreated`. Values the seed does not give and the catalog gives no
number for (the influence award for repelling giants, the recruitment price a neutral captor pays)
have no default: a game cannot be created without them (KBS-GNT-9, KBS-RAN-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Unit kinds a stack may hold (KBS-MOV-1); leader figures (kards, generals) are named, not counted here.
UNIT_KINDS = ("army", "fanatic", "ship", "catapult", "shade", "giant", "fire_sword")
# Kinds the defenders keep when a siege breaks (KBS-SIE-5); fire swords need the GM (capacity unknown).
SEIZED_KINDS = ("catapult",)
LOSS_MODELS = ("survivors", "inflicted")
TERRITORY_MEASURES = ("regions", "cities")

DEFAULT_OPTIONS: Mapping[str, Any] = {
    # KBS-AMB-1: a side's combat value is its surviving army BS ("survivors") or what it strips ("inflicted").
    # Which units go is the owner's choice (`allocate_losses`); until he makes it the lowest-BS go first.
    # KBS-AMB-5: the same action picks the unit a year of siege kills (default: the lowest-BS army unit).
    "loss_model": "survivors",
    # KBS-AMB-12: the pirate and Ostius formulas have no die unless this is true (then +1d6 each).
    "pirate_dice": False,
    # KBS-AMB-19 / KBS-MOV-1: BS per unit kind; army, fanatic and ship are the seed's, giant 5 is the giant
    # formula's, the others are 0 until the creator says otherwise.
    "unit_bs": {
        "army": 1,
        "fanatic": 2,
        "ship": 2,
        "catapult": 0,
        "shade": 0,
        "giant": 5,
        "fire_sword": 0,
    },
    # KBS-LDR-1/2 and KBS-AMB-21: leader bonuses by leader id; unnamed leaders have 0.
    "leader_bonus": {"robert": 3, "rim": 3, "kalame": 1, "petros": 1, "jaromir": 1},
    # KBS-AMB-20: the turn order within a round (seats); null = seating order.
    "turn_order": None,
    # KBS-AMB-17: how territory is measured for a revolt.
    "territory_measure": "regions",
}

# No number in the seed or on the companion pages: the creator must give them (KBS-GNT-9, KBS-RAN-3).
REQUIRED_OPTIONS: Mapping[str, str] = {
    "giant_repelled_influence": "influence a faction gains for repelling the giants (KBS-GNT-9, KBS-AMB-11)",
    "recruit_cost": "supplies a neutral captor pays per army unit it recruits from a ransom (KBS-RAN-3)",
}
_KNOWN = frozenset(DEFAULT_OPTIONS) | frozenset(REQUIRED_OPTIONS)


def option_errors(options: Mapping[str, Any]) -> list[str]:
    """Every problem of the options a creator sent, each naming `options.<name>` (and the bad entry)."""
    errors = [f"options.{name}: cedofan_kards_bs has no option {name!r}" for name in options if name not in _KNOWN]
    for name, meaning in REQUIRED_OPTIONS.items():
        if name not in options:
            errors.append(f"options.{name}: required, the seed gives no value: {meaning}")
    merged = {**DEFAULT_OPTIONS, **options}
    errors += _choice_errors(merged, "loss_model", LOSS_MODELS)
    errors += _choice_errors(merged, "territory_measure", TERRITORY_MEASURES)
    if not isinstance(merged["pirate_dice"], bool):
        errors.append(f"options.pirate_dice: expected true or false, got {merged['pirate_dice']!r}")
    errors += _count_errors(merged, "giant_repelled_influence", minimum=0)
    errors += _count_errors(merged, "recruit_cost", minimum=1)
    errors += _table_errors(merged["unit_bs"], "unit_bs", UNIT_KINDS)
    errors += _table_errors(merged["leader_bonus"], "leader_bonus", None)
    order = merged["turn_order"]
    if order is not None and (
        not isinstance(order, list) or not all(isinstance(s, str) for s in order) or len(set(order)) != len(order)
    ):
        errors.append(f"options.turn_order: expected a list of distinct seats or null, got {order!r}")
    return errors


def seat_errors(seats: Sequence[str], options: Mapping[str, Any]) -> list[str]:
    """KBS-AMB-20: at least two factions; the turn order, when given, lists exactly the seats."""
    errors = [] if len(seats) >= 2 else ["seats: a campaign needs at least two factions"]
    order = options.get("turn_order")
    if isinstance(order, list) and sorted(order) != sorted(seats):
        errors.append(f"options.turn_order: {order!r} must list exactly the seats {list(seats)!r}")
    return errors


def _choice_errors(options: Mapping[str, Any], name: str, choices: tuple[str, ...]) -> list[str]:
    if options.get(name) in choices:
        return []
    return [f"options.{name}: {options.get(name)!r} is not one of {', '.join(choices)}"]


def _count_errors(options: Mapping[str, Any], name: str, *, minimum: int) -> list[str]:
    value = options.get(name)
    if name not in options or (isinstance(value, int) and not isinstance(value, bool) and value >= minimum):
        return []
    return [f"options.{name}: expected a whole number of at least {minimum}, got {value!r}"]


def _table_errors(table: Any, name: str, keys: tuple[str, ...] | None) -> list[str]:
    """A table of whole numbers >= 0; `keys` (when given) lists the only entries allowed."""
    if not isinstance(table, Mapping):
        return [f"options.{name}: expected an object of whole numbers, got {table!r}"]
    errors = []
    for key, value in table.items():
        if keys is not None and key not in keys:
            errors.append(f"options.{name}.{key}: unknown unit kind; kinds are {', '.join(keys)}")
        elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
            errors.append(f"options.{name}.{key}: expected a whole number >= 0, got {value!r}")
    if keys is not None:
        errors += [f"options.{name}.{key}: missing; every unit kind needs a BS" for key in keys if key not in table]
    return errors
