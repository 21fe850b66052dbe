"""Every action Cedofan: Říše a Vzestup accepts, as data (issue 15): rules, `data` schema, senders, dice, example.

The vocabulary is the `deciders` table of `decide.decide`; a test checks both lists agree. Places, regions
and piece ids (nobles, units) are strings of the game's board and state; unit kinds are a closed set.
Battles roll one die per die the unit table gives each side: the recorder enters the first side's faces,
then the second's.
"""

from __future__ import annotations

from domain.actions import (
    NO_DATA,
    ActionSpec,
    SealedSpec,
    array,
    catalog,
    closed,
    game_id,
    integer,
    obj,
    one_of_values,
    sealed_catalog,
    text,
    with_dice,
)
from domain.rulesets.cedofan_rv.options import UNIT_KINDS
from domain.rulesets.cedofan_rv.state import RvState

PLACE = game_id("areas", "a place (city, castle or region) id of the game's board")
PIECE = text("a piece id (noble or unit) of the game")
NOBLES = array(PIECE, min_items=1)
CASUALTY_ORDER = {
    **array(PIECE, ordered=True),
    "description": "RV-AMB-11: the order in which pieces of equal lives are lost (pieces of this battle)",
}
WITHDRAWN = {
    **array(PIECE, min_items=1),
    "description": "RV-AMB-10: pieces of the withdrawal whose place is chosen (all of it goes); as `pending` offers",
}
SEAT = game_id("seats", "a faction (seat) of the game: the army attacked (RV-FLD-1)")
SUBFACTION = text("a sub-faction of the Kard League")
_FIELD_DICE = "the attackers' dice (as the unit table gives them), then the defenders'"
_STORM_DICE = "the side that called the storm first (the besieger; on a sortie the besieged), then the other side"
_RELIEF_DICE = "the relieving banners' dice first, then the besiegers' (undivided)"


TURN = (
    ActionSpec(
        "start_round",
        "A new round: death, upkeep and income, then the first impulse.",
        ("RV-TURN-1", "RV-TURN-2", "RV-ECO-3", "RV-ECO-4", "RV-DTH-1"),
        NO_DATA,
        {},
        seat="optional",
    ),
    ActionSpec(
        "begin_impulse",
        "The faction whose turn it is begins its impulse (the Kard League names its sub-faction).",
        ("RV-TURN-1", "RV-TURN-3", "RV-SUP-1"),
        obj(optional={"subfaction": SUBFACTION}),
        {},
        example_seat="gliviciove",
    ),
    ActionSpec("end_impulse", "The faction ends its impulse.", ("RV-TURN-1",), NO_DATA, {}, example_seat="gliviciove"),
    ActionSpec(
        "move_banner",
        "A noble moves with the named units along a path of places.",
        ("RV-MOV-1", "RV-MOV-2", "RV-NOB-1", "RV-NOB-2", "RV-NOB-3", "RV-SUP-1", "RV-SUP-2"),
        obj({"noble": PIECE, "path": array(PLACE, min_items=1, ordered=True)}, {"units": array(PIECE)}),
        {"noble": "g_gen", "path": ["brod", "pole"], "units": ["g_inf2", "g_inf3"]},
        example_seat="gliviciove",
    ),
    ActionSpec(
        "transfer_resources",
        "Resources move between the treasury and nobles (or between nobles).",
        ("RV-SUP-3", "RV-SUP-4"),
        obj({"amount": integer(1), "from": text("'treasury' or a noble id"), "to": text("'treasury' or a noble id")}),
        {"amount": 3, "from": "treasury", "to": "k_head"},
        example_seat="gliviciove",
    ),
    ActionSpec(
        "choose_retreat",
        "The owner picks among equally near places for a withdrawal; `pieces` names which of its withdrawals"
        " (without it: its last).",
        ("RV-AMB-10",),
        obj({"to": PLACE}, {"pieces": WITHDRAWN}),
        {"to": "pole"},
        example_seat="gliviciove",
    ),
)

BATTLES = (
    ActionSpec(
        "attack",
        "Banners attack an enemy army in their region (a field battle); `defender` names it when several stand"
        " there. A city's holder and its allies standing in it defend it together.",
        ("RV-BTY-1", "RV-BTY-2", "RV-FLD-1", "RV-FLD-3", "RV-FLD-5", "RV-FLD-6"),
        with_dice(obj({"nobles": NOBLES}, {"casualty_order": CASUALTY_ORDER, "defender": SEAT}), _FIELD_DICE),
        {"nobles": ["g_gen"], "dice": [6, 6, 1, 1, 1, 1, 5]},
        dice=_FIELD_DICE,
        example_seat="gliviciove",
    ),
    ActionSpec(
        "start_siege",
        "Banners besiege a place over a passable border with more units than its defenders.",
        ("RV-SIE-1", "RV-SIE-2", "RV-SIE-3", "RV-SIE-4", "RV-BTY-2"),
        obj({"nobles": NOBLES, "place": PLACE}),
        {"nobles": ["k_head"], "place": "brod"},
        example_seat="katzowicove",
    ),
    ActionSpec(
        "storm_place",
        "The besieger storms a place besieged since an earlier round.",
        ("RV-STM-1", "RV-STM-2", "RV-STM-3", "RV-STM-7", "RV-CTY-1", "RV-AMB-18"),
        with_dice(obj({"place": PLACE}, {"casualty_order": CASUALTY_ORDER, "subfaction": SUBFACTION}), _STORM_DICE),
        {"place": "brod", "dice": [5, 2, 1, 1, 6]},
        dice=_STORM_DICE,
        example_seat="katzowicove",
    ),
    ActionSpec(
        "sortie",
        "The besieged call a storm in their own impulse, at the same cost.",
        ("RV-STM-4", "RV-AMB-4", "RV-AMB-22", "RV-AMB-18"),
        with_dice(obj({"place": PLACE}, {"casualty_order": CASUALTY_ORDER, "subfaction": SUBFACTION}), _STORM_DICE),
        {"place": "brod", "dice": [5, 2, 1, 1, 6]},
        dice=_STORM_DICE,
        example_seat="gliviciove",
    ),
    ActionSpec(
        "relieve_siege",
        "Banners fight the besiegers of a place; defenders of the place may join.",
        ("RV-REL-1", "RV-REL-2", "RV-REL-3", "RV-REL-4", "RV-REL-5", "RV-REL-6", "RV-REL-7", "RV-AMB-17"),
        with_dice(
            obj({"nobles": NOBLES, "place": PLACE}, {"joining": array(PIECE), "casualty_order": CASUALTY_ORDER}),
            _RELIEF_DICE,
        ),
        {"nobles": ["g_gen"], "place": "brod", "joining": ["g_b_inf2"], "dice": [6, 5, 1, 2, 3, 5, 1, 2, 2]},
        dice=_RELIEF_DICE,
        example_seat="gliviciove",
    ),
)

ECONOMY = (
    ActionSpec(
        "extract",
        "A place the faction works yields its resources.",
        ("RV-ECO-1", "RV-ECO-2", "RV-CTY-5"),
        obj({"place": PLACE}),
        {"place": "knorow"},
        example_seat="gliviciove",
    ),
    ActionSpec(
        "recruit",
        "A unit of a kind the unit table lists is recruited in a place the faction works, within the impulse's limit.",
        ("RV-UNIT-1", "RV-UNIT-2", "RV-UNIT-3", "RV-UNIT-4", "RV-ECO-1", "RV-SUP-1", "RV-AMB-14"),
        obj({"kind": one_of_values(UNIT_KINDS), "place": PLACE}),
        {"kind": "infantry", "place": "kiertz"},
        example_seat="gliviciove",
    ),
    ActionSpec(
        "buy_imperial_general",
        "The kard buys an imperial general in an imperial city (3 from the imperial treasury, within the limit).",
        ("RV-ECO-6", "RV-SUP-1", "RV-AMB-14"),
        obj({"place": PLACE}),
        {"place": "kiertz"},
        example_seat="katzowicove",
    ),
    ActionSpec(
        "summon_shade",
        "Kalamé summons a free shade where she stands.",
        ("RV-ECO-7",),
        NO_DATA,
        {},
        example_seat="kard_league",
    ),
    ActionSpec(
        "levy_extraordinary_tax",
        "The kard levies 1 from every imperial city; a die each for unrest.",
        ("RV-ECO-8",),
        with_dice(NO_DATA, "one die per imperial city, in alphabetical order of the cities' area ids"),
        {"dice": [5, 6]},
        dice="one die per imperial city, in alphabetical order of the cities' area ids",
        example_seat="katzowicove",
    ),
)

ALLY = game_id("seats", "another faction (seat) of the game")

DIPLOMACY = (
    ActionSpec(
        "declare_alliance",
        "The faction declares an alliance with another; it is in force once the other has declared it too.",
        ("RV-FLD-3", "RV-REL-1"),
        obj({"with": ALLY}),
        {"with": "katzowicove"},
        example_seat="gliviciove",
    ),
    ActionSpec(
        "end_alliance",
        "The faction ends its alliance with another (or withdraws its unanswered declaration); each one's pieces in "
        "the other's cities withdraw, free, to their nearest friendly city.",
        ("RV-FLD-3", "RV-REL-1", "RV-FLD-5", "RV-AMB-10"),
        obj({"with": ALLY}),
        {"with": "katzowicove"},
        example_seat="gliviciove",
    ),
)

ACTION_SPECS = catalog(*TURN, *BATTLES, *ECONOMY, *DIPLOMACY)
# POST /sealed: the loser's loot slip (whether it matches the purses carried is RV-LOOT-2's rule, a 422 or deviation).
SEALED_SPECS = sealed_catalog(
    SealedSpec(
        "loot_slip",
        "RV-LOOT-2: loot slip",
        "The beaten side's secret slip: the resources its nobles carried.",
        ("RV-LOOT-2",),
        closed({"amount": integer(0)}),
        {"amount": 3},
    )
)


def board_ids(state: RvState) -> dict[str, tuple[str, ...]]:
    """The ids this game's board fixes, for `refined` schemas: its regions and places."""
    return {"areas": tuple(sorted({*state.map.edges, *state.places}))}
