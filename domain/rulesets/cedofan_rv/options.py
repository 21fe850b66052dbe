"""Game data and options of `cedofan_rv`: the unit table, the leader table, influence awards, RV-AMB-* defaults.

The seed cites a unit table ("viz tabulka výše") whose numbers were not retrievable (RV-AMB-1), and the
influence amounts were not retrieved either: the game's creator must give them at creation
(`options.unit_table`, `options.influence_awards`); a game without them is refused with a 422 naming the
missing value. Banner capacities are known (RV-NOB-2) and are the default `leader_table`.
Every open point of the catalog (RV-AMB-*) is an option with its documented default, recorded in
`GameCreated`; an option whose alternative reading the engine does not implement accepts its default only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

UNIT_KINDS = ("infantry", "cavalry", "elephant", "flame_legion")
NOBLE = "noble"
UNIT_FIELDS = ("cost", "field_dice", "city_dice", "lives", "speed")
# RV-NOB-2: banner capacity (units, inclusive) by noble rank.
DEFAULT_LEADER_TABLE: Mapping[str, int] = {
    "kl_ruler": 10,
    "kard": 10,
    "army_commander": 10,
    "house_head": 7,
    "general": 5,
    "shade": 5,
}
INFLUENCE_EVENTS = ("battle_won", "place_captured")
FACTIONS = ("kard_league", "gracujsti", "katzowicove", "gliviciove", "uradiove", "svebodsti")
STINOVE_ZEME = "stinove_zeme"  # the sub-faction without cavalry (RV-UNIT-5), Kalamé's (RV-ECO-7)
SUBFACTIONS = ("stinove_zeme", "zapadni_kardstvi", "emora", "tragia", "ostius", "bystria")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: the rule it settles, its default, and the values accepted."""

    rule_id: str
    default: Any
    allowed: tuple[Any, ...] | None  # None: checked by `check` instead
    doc: str


# The RV-AMB-* defaults of the catalog (§4), one option each.
AMBIGUITY_OPTIONS: Mapping[str, OptionSpec] = {
    "unit_counting": OptionSpec("RV-AMB-2", "non_noble", ("non_noble",), "'unit' counts only non-noble pieces"),
    "exactly_five_defenders": OptionSpec(
        "RV-AMB-3", "siege", ("siege", "field_battle"), "a place holding exactly 5 units must be besieged"
    ),
    "storm_after": OptionSpec(
        "RV-AMB-4",
        "a_later_round",
        ("a_later_round",),
        "'previous impulse' = 'previous round': storms from the round after the siege began",
    ),
    "siege_dice": OptionSpec(
        "RV-AMB-5", "floor_min1", ("floor_min1", "floor"), "rounding of the besiegers' ÷2 / ÷3 on the side's total"
    ),
    "battle_columns": OptionSpec(
        "RV-AMB-6", "city_in_storms", ("city_in_storms",), "storms use the city column, other battles the field"
    ),
    "empty_city_dice": OptionSpec("RV-AMB-7", 1, (1,), "an empty city defends with exactly this many dice"),
    "captured_nobles": OptionSpec(
        "RV-AMB-8", "withdraw", ("withdraw",), "nobles in a captured place withdraw free; purses become loot"
    ),
    "equal_units": OptionSpec("RV-AMB-9", "no_winner", ("no_winner",), "equal units after a fight: nobody wins"),
    "retreat_to": OptionSpec(
        "RV-AMB-10", "nearest_by_steps", ("nearest_by_steps",), "shortest path in steps over passable borders"
    ),
    "casualty_order": OptionSpec(
        "RV-AMB-11",
        "fewest_dice_then_cost_then_id",
        ("fewest_dice_then_cost_then_id",),
        "order among pieces of equal lives (players may give data.casualty_order)",
    ),
    "leftover_hits": OptionSpec("RV-AMB-12", "discarded", ("discarded",), "hits too few to kill are discarded"),
    "repeated_storms": OptionSpec(
        "RV-AMB-13", "each_costs", ("each_costs",), "every storm is a new battle costing the storm cost"
    ),
    "limit_counts_siege_start": OptionSpec(
        "RV-AMB-14", True, (True, False), "starting a siege counts against the per-impulse limit"
    ),
    "siege_start_cost": OptionSpec(
        "RV-AMB-15", 1, None, "resources to start a siege, in total for all banners (whole number >= 0)"
    ),
    "storm_cost": OptionSpec("RV-STM-2", 1, None, "resources to call a storm (whole number >= 0)"),
    "siege_adjacency": OptionSpec(
        "RV-AMB-16",
        "passable_entry_or_neighbour",
        ("passable_entry_or_neighbour",),
        "in the region having entered over a passable border, or next to it over one",
    ),
    "relief_battle": OptionSpec(
        "RV-AMB-17", "field_undivided", ("field_undivided",), "relief: field dice, undivided, joined units return"
    ),
    "over_five_after_relief": OptionSpec(
        "RV-AMB-18", "allowed", ("allowed",), "relieving survivors may take a place above 5 units"
    ),
    "loot_treasury": OptionSpec(
        "RV-AMB-19",
        "winning_noble",
        ("winning_noble", "winning_seat"),
        "loot goes to the treasury of the winning noble leading most units (a Kard League sub-faction's, the "
        "empire's for an imperial general); 'winning_seat': always the winning seat's own treasury",
    ),
    "fortress_special": OptionSpec(
        "RV-AMB-20", "arbiter_adjust", ("arbiter_adjust",), "fortress special properties are entered by `adjust`"
    ),
    "move_cost": OptionSpec("RV-AMB-21", "ceil_steps_over_slowest", ("ceil_steps_over_slowest",), "banner move cost"),
    "defender_storm_fortress_divisor": OptionSpec(
        "RV-AMB-22", 3, (2, 3), "divisor of the besiegers' dice in a defender-called storm at a fortress"
    ),
    "after_storm_reading": OptionSpec(
        "RV-AMB-23", "after_the_fight", ("after_the_fight",), "'po zteči' in field battles means after the fight"
    ),
    "outnumbered_check": OptionSpec(
        "RV-AMB-24", "after_each_battle", ("after_each_battle",), "outnumbered besiegers are checked after battles"
    ),
    "damaged_fortress": OptionSpec(
        "RV-AMB-25", "village", ("village",), "a damaged Kard League fortress is a village: no shelter, no ÷3"
    ),
    # Two readings the catalog leaves open once the Kard League's sub-factions take their own impulses.
    "active_subfaction": OptionSpec(
        "RV-TURN-3",
        "piece_or_place",
        ("piece_or_place",),
        "a Kard League sub-faction is active, and takes its own impulse, while it has a piece or administers a "
        "place on the board",
    ),
    "subfaction_limit": OptionSpec(
        "RV-SUP-1",
        "own_cities",
        ("own_cities", "league_cities"),
        "a sub-faction's per-impulse limit is the cities it administers + 4; 'league_cities': every city of the "
        "Kard League + 4 in each sub-faction's impulse",
    ),
}

DEFAULT_OPTIONS: Mapping[str, Any] = {
    "leader_table": dict(DEFAULT_LEADER_TABLE),
    "influence_target": 25,  # RV-VIC-3: the first to reach it wins
    **{name: spec.default for name, spec in AMBIGUITY_OPTIONS.items()},
}
REQUIRED_OPTIONS = ("unit_table", "influence_awards")


def option_errors(options: Mapping[str, Any]) -> list[str]:
    """Every problem of the creator's options, each naming `options.<name>` (and the entry at fault)."""
    errors: list[str] = []
    for name in REQUIRED_OPTIONS:
        if name not in options:
            errors.append(f"options.{name}: required (RV-AMB-1: the seed and companion pages do not give it)")
    checks: Mapping[str, Callable[[Any], list[str]]] = {
        "unit_table": unit_table_errors,
        "leader_table": leader_table_errors,
        "influence_awards": influence_errors,
    }
    for name, value in options.items():
        if name in checks:
            errors += checks[name](value)
        elif name == "unit_limits":
            errors += unit_limits_errors(value)
        elif name == "influence_target":
            if not _is_count(value) or value < 1:
                errors.append(f"options.influence_target: {value!r} must be a whole number >= 1 (RV-VIC-3)")
        elif name in AMBIGUITY_OPTIONS:
            errors += _ambiguity_errors(name, AMBIGUITY_OPTIONS[name], value)
        else:
            errors.append(f"options.{name}: cedofan_rv has no option {name!r}")
    return errors


def _ambiguity_errors(name: str, spec: OptionSpec, value: Any) -> list[str]:
    if spec.allowed is None:
        return [] if _is_count(value) else [f"options.{name}: {value!r} must be a whole number >= 0 ({spec.rule_id})"]
    # True == 1 in Python: compare types too so `true` is not accepted for a number.
    if any(type(value) is type(allowed) and value == allowed for allowed in spec.allowed):
        return []
    shown = ", ".join(repr(a) for a in spec.allowed)
    return [f"options.{name}: {value!r} is not supported ({spec.rule_id}: {spec.doc}); accepted: {shown}"]


def unit_table_errors(table: Any) -> list[str]:
    """RV-AMB-1, RV-UNIT-1, RV-UNIT-6: per kind cost, field and city dice, lives and speed."""
    where = "options.unit_table"
    if not isinstance(table, Mapping):
        return [f"{where}: expected an object of unit kinds, got {table!r}"]
    errors = [f"{where}: missing entry {kind!r}" for kind in ("infantry", NOBLE) if kind not in table]
    for kind, entry in table.items():
        if kind not in (*UNIT_KINDS, NOBLE):
            errors.append(f"{where}.{kind}: unknown unit kind; kinds are {', '.join((*UNIT_KINDS, NOBLE))}")
            continue
        if not isinstance(entry, Mapping):
            errors.append(f"{where}.{kind}: expected an object with {', '.join(UNIT_FIELDS)}")
            continue
        for key in entry:
            if key not in UNIT_FIELDS:
                errors.append(f"{where}.{kind}.{key}: unknown field; fields are {', '.join(UNIT_FIELDS)}")
        for key in UNIT_FIELDS:
            if key not in entry:
                errors.append(f"{where}.{kind}.{key}: required")
            elif not _is_count(entry[key]) or (key in ("lives", "speed") and entry[key] < 1):
                least = 1 if key in ("lives", "speed") else 0
                errors.append(f"{where}.{kind}.{key}: {entry[key]!r} must be a whole number >= {least}")
    infantry, elephant = table.get("infantry"), table.get("elephant")
    if isinstance(infantry, Mapping) and _is_count(infantry.get("lives")) and infantry["lives"] != 1:
        errors.append(f"{where}.infantry.lives: {infantry['lives']!r}; RV-UNIT-6: infantry has 1 life")
    if isinstance(elephant, Mapping) and _is_count(elephant.get("lives")) and elephant["lives"] not in (3, 4):
        errors.append(f"{where}.elephant.lives: {elephant['lives']!r}; RV-UNIT-6: an elephant has 3 or 4 lives")
    return errors


def unit_limits_errors(limits: Any) -> list[str]:
    """RV-UNIT-2: optional caps on units a faction or a Kard League sub-faction may field, -> unit kind -> count."""
    where = "options.unit_limits"
    if not isinstance(limits, Mapping):
        return [f"{where}: expected an object of faction or sub-faction -> unit kind -> count"]
    errors: list[str] = []
    for faction, caps in limits.items():
        if faction not in FACTIONS and faction not in SUBFACTIONS:
            errors.append(f"{where}.{faction}: unknown faction or sub-faction")
        elif not isinstance(caps, Mapping):
            errors.append(f"{where}.{faction}: expected an object of unit kind -> count")
        else:
            errors += [
                f"{where}.{faction}.{kind}: {count!r} must be a known unit kind with a whole number >= 0"
                for kind, count in caps.items()
                if kind not in UNIT_KINDS or not _is_count(count)
            ]
    return errors


def leader_table_errors(table: Any) -> list[str]:
    """RV-NOB-2: banner capacity by noble rank, every rank present."""
    where = "options.leader_table"
    if not isinstance(table, Mapping):
        return [f"{where}: expected an object of noble ranks, got {table!r}"]
    errors = [f"{where}: missing rank {rank!r}" for rank in DEFAULT_LEADER_TABLE if rank not in table]
    for rank, capacity in table.items():
        if rank not in DEFAULT_LEADER_TABLE:
            errors.append(f"{where}.{rank}: unknown rank; ranks are {', '.join(DEFAULT_LEADER_TABLE)}")
        elif not _is_count(capacity):
            errors.append(f"{where}.{rank}: {capacity!r} must be a whole number >= 0")
    return errors


def influence_errors(awards: Any) -> list[str]:
    """RV-VIC-1: influence per won battle and per captured place (amounts not retrieved: required)."""
    where = "options.influence_awards"
    if not isinstance(awards, Mapping):
        return [f"{where}: expected an object with {', '.join(INFLUENCE_EVENTS)}, got {awards!r}"]
    errors = [f"{where}.{name}: required" for name in INFLUENCE_EVENTS if name not in awards]
    for name, amount in awards.items():
        if name not in INFLUENCE_EVENTS:
            errors.append(f"{where}.{name}: unknown award; awards are {', '.join(INFLUENCE_EVENTS)}")
        elif not _is_count(amount):
            errors.append(f"{where}.{name}: {amount!r} must be a whole number >= 0")
    return errors


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
