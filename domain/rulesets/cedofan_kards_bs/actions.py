"""Every action Cedofan: Kardská bratrovražedná válka accepts, as data (issue 15): rules, schema, dice, example.

The vocabulary is `decide._IN_TURN` and `decide._ANYTIME`; a test checks both lists agree. Armies, fields
(regions, cities, seas) and leaders are ids of the game's board and state; unit kinds are a closed set.
Every battle (field battle, storm, relief) rolls two dice: the attacker's, then the defender's.
"""

from __future__ import annotations

from domain.actions import (
    BOOLEAN,
    NO_DATA,
    ActionSpec,
    array,
    catalog,
    counts_by_kind,
    game_id,
    integer,
    mapping_of,
    obj,
    text,
    with_dice,
)
from domain.rulesets.cedofan_kards_bs.options import UNIT_KINDS
from domain.rulesets.cedofan_kards_bs.state import KbsState

ARMY = text("an army id of the game")
FIELD = game_id("fields", "a field (region, city or sea) id of the game's board")
CITY = game_id("cities", "a city id of the game's board")
SEAT = game_id("seats", "a faction (seat) of the game")
UNITS = counts_by_kind(UNIT_KINDS)
ARMIES = array(ARMY, min_items=1)
_BATTLE_DICE = "two dice: the attacker's, then the defender's"
_TURN_DICE = (
    "the raids of the round: in odd rounds from 3 the giants' target die, then the giant's and the defender's; "
    "in even rounds from 4 the pirates' and Ostius's dice per raid"
)


ROUND = (
    ActionSpec(
        "start_round",
        "A new round: siege attrition, then the supply phase.",
        ("KBS-AMB-20", "KBS-AMB-5"),
        NO_DATA,
        {},
        seat="optional",
    ),
    ActionSpec(
        "begin_turns",
        "After the supply phase the raids (giants, pirates) are rolled, then the first faction's turn begins.",
        ("KBS-AMB-20",),
        with_dice(NO_DATA, _TURN_DICE),
        {"dice": [4, 6, 1]},
        seat="optional",
        dice=_TURN_DICE,
    ),
    ActionSpec("end_turn", "The faction ends its turn.", ("KBS-AMB-20",), NO_DATA, {}, example_seat="zapad"),
    ActionSpec(
        "request_vassal_supplies",
        "A lord asks a vassal for supplies in the supply phase.",
        ("KBS-VAS-6", "KBS-VAS-9"),
        obj({"vassal": SEAT, "amount": integer(1)}),
        {"vassal": "stiny", "amount": 3},
        example_seat="zapad",
    ),
)

MOVES = (
    ActionSpec(
        "move_army",
        "An army (or the named part of it) moves along a path of fields.",
        ("KBS-MOV-1", "KBS-MOV-2", "KBS-MOV-3", "KBS-MOV-4", "KBS-MOV-5", "KBS-MOV-6", "KBS-MOV-7", "KBS-MOV-8"),
        obj(
            {"army": ARMY, "path": array(FIELD, min_items=1, ordered=True)}, {"units": UNITS, "leaders": array(text())}
        ),
        {"army": "s-main", "path": ["r-baria"]},
        example_seat="stiny",
    ),
    ActionSpec(
        "enter_jointly",
        "Several armies enter one field together.",
        ("KBS-MOV-10", "KBS-MOV-2", "KBS-MOV-3"),
        obj({"armies": ARMIES, "to": FIELD}),
        {"armies": ["z-heran", "z-zlatka"], "to": "r-jezerni"},
        example_seat="zapad",
    ),
    ActionSpec(
        "merge_armies",
        "Armies in one field merge into one.",
        ("KBS-MOV-9", "KBS-REL-4"),
        obj({"armies": array(ARMY, min_items=2)}),
        {"armies": ["z-heran", "z-zlatka"]},
        example_seat="zapad",
    ),
    ActionSpec(
        "retreat",
        "An army that lost a battle retreats to a legal field.",
        ("KBS-RET-1", "KBS-CMB-4", "KBS-AMB-9"),
        obj({"army": ARMY, "to": FIELD}),
        {"army": "z-zlatka", "to": "c-jezerni"},
        example_seat="zapad",
    ),
)

BATTLES = (
    ActionSpec(
        "attack",
        "An army fights a field battle in its region or the next one.",
        ("KBS-CMB-3", "KBS-AMB-10", "KBS-CTY-2", "KBS-VAS-5"),
        with_dice(obj({"army": ARMY}, {"to": FIELD, "defender": SEAT}), _BATTLE_DICE),
        {"army": "z-jezerni", "to": "r-jezerni", "dice": [6, 1]},
        dice=_BATTLE_DICE,
        example_seat="zapad",
    ),
    ActionSpec(
        "start_siege",
        "An army besieges a city.",
        ("KBS-SIE-1", "KBS-SIE-2", "KBS-SIE-3", "KBS-CTY-1"),
        obj({"army": ARMY, "city": CITY}),
        {"army": "s-main", "city": "c-baria"},
        example_seat="stiny",
    ),
    ActionSpec(
        "storm_city",
        "A besieging army storms the city.",
        ("KBS-STM-1", "KBS-STM-2", "KBS-STM-4", "KBS-SIE-6"),
        with_dice(obj({"army": ARMY, "city": CITY}), _BATTLE_DICE),
        {"army": "s-main", "city": "c-baria", "dice": [3, 2]},
        dice=_BATTLE_DICE,
        example_seat="stiny",
    ),
    ActionSpec(
        "relieve_siege",
        "Armies attack the besiegers of a city (the garrison may join).",
        ("KBS-REL-1", "KBS-REL-2", "KBS-REL-3", "KBS-AMB-10", "KBS-AMB-18"),
        with_dice(obj({"armies": ARMIES, "city": CITY}, {"garrison": BOOLEAN}), _BATTLE_DICE),
        {"armies": ["z-heran", "z-zlatka"], "city": "c-jezerni", "dice": [6, 1]},
        dice=_BATTLE_DICE,
        example_seat="zapad",
    ),
    ActionSpec(
        "allocate_losses",
        "The owner chooses which units are lost at a battle or siege (a giant battle: in the city and its region).",
        ("KBS-AMB-1", "KBS-AMB-5", "KBS-SIE-7", "KBS-AMB-11"),
        obj({"at": FIELD}, {"removed": mapping_of(UNITS, "units lost, by army"), "leaders": array(text())}),
        {"at": "r-jezerni", "removed": {"z-heran": {"army": 1}}},
        example_seat="zapad",
    ),
)

POLITICS = (
    ActionSpec(
        "ransom_kard",
        "A captive kard is ransomed at the start of the owner's turn.",
        ("KBS-RAN-1", "KBS-RAN-2", "KBS-RAN-3", "KBS-RAN-4", "KBS-AMB-14"),
        obj({"kard": text("a leader figure")}),
        {"kard": "jaromir"},
        example_seat="zapad",
    ),
    ActionSpec(
        "ransom_prisoners",
        "The loser of a battle ransoms prisoners, 1 supply per unit.",
        ("KBS-RET-3", "KBS-AMB-15"),
        obj({"units": UNITS}),
        {"units": {"army": 2}},
        example_seat="zapad",
    ),
    ActionSpec(
        "declare_revolt",
        "A vassal with more territory than its lord breaks free.",
        ("KBS-VAS-8",),
        NO_DATA,
        {},
        example_seat="stiny",
    ),
)

ACTION_SPECS = catalog(*ROUND, *MOVES, *BATTLES, *POLITICS)


def board_ids(state: KbsState) -> dict[str, tuple[str, ...]]:
    """The ids this game's board fixes, for `refined` schemas: its fields and cities."""
    return {"fields": tuple(state.map.kinds), "cities": tuple(state.map.cities)}
