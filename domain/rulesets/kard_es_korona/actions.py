"""Every action Kard és Korona accepts, as data (issue 15): summary, rules, `data` schema, senders, dice, example.

The vocabulary is `decide.SIMPLE`, `LENIENT`, `WITH_DICE` and `pass`; a test checks both lists agree.
Counties, castles, lords and battles are ids of the game's board and state, so they are strings here;
unit kinds, offices and sides are closed sets.
"""

from __future__ import annotations

from domain.actions import (
    BOOLEAN,
    NO_DATA,
    ActionSpec,
    SealedSpec,
    array,
    catalog,
    closed,
    counts_by_kind,
    game_id,
    integer,
    mapping_of,
    nullable,
    obj,
    one_of_values,
    sealed_catalog,
    seated,
    text,
    with_dice,
)
from domain.rulesets.kard_es_korona.elections import BID_PURPOSE
from domain.rulesets.kard_es_korona.forces import ARMS
from domain.rulesets.kard_es_korona.state import OFFICES, KKState

ARM = one_of_values(ARMS, "a unit kind")
FORCE = counts_by_kind(ARMS)
COUNTY = game_id("counties", "a county id of the game's board")
SEAT = game_id("seats", "a seat of the game")
SIDE = one_of_values(("attacker", "defender"))
GROUP = obj(
    {"from": COUNTY, "units": FORCE},
    {"lord": BOOLEAN, "path": array(COUNTY, min_items=1)},
)
MOVE = obj({"groups": array(GROUP, min_items=1), "to": COUNTY})
PURCHASE = obj({"arm": ARM, "castle": COUNTY}, {"count": integer(1)})
NEUTRAL_CHANGE = obj({"county": COUNTY, "change": integer(None)})
WITHDRAWAL = obj({"to": COUNTY, "units": FORCE}, {"lord": BOOLEAN})

_EXCHANGE_DICE = (
    "one die per rolling unit: the attacker's arm groups first, then the defender's; within a side "
    "cavalry, infantry, archers (only the arms that roll in this exchange)"
)


SETUP = (
    ActionSpec(
        "roll_for_first_player",
        "Every player rolls one die; the highest starts the first year (ties roll again).",
        ("KK-TURN-3",),
        with_dice(NO_DATA, "one die per seat in seating order; then one per tied seat for each re-roll"),
        {"dice": [4, 6, 3]},
        seat="optional",
        dice="one die per seat in seating order; tied highest roll again, one die each, until one is highest",
    ),
    ActionSpec(
        "choose_first_player",
        "The players agree who starts the first year instead of rolling.",
        ("KK-TURN-3",),
        obj({"player": SEAT}),
        {"player": "erdely"},
        seat="optional",
    ),
    ActionSpec(
        "place_forces",
        "A player places the lord and the starting units in the counties of the chosen province.",
        ("KK-SETUP-6", "KK-SETUP-7", "KK-SETUP-8", "KK-SETUP-11", "KK-CASTLE-2", "KK-TURN-3"),
        obj({"lord": COUNTY, "placements": mapping_of(FORCE, "units by county")}),
        {"lord": "kolozs", "placements": {"kolozs": {"cavalry": 1, "infantry": 2, "archer": 1}}},
        example_seat="erdely",
    ),
    ActionSpec(
        "place_neutral_piece",
        "One neutral unit is placed in a county of an unplayed province.",
        ("KK-SETUP-10",),
        obj({"county": COUNTY, "arm": ARM}),
        {"county": "zala", "arm": "cavalry"},
        example_seat="erdely",
    ),
    ActionSpec(
        "substitute_royal_cavalry",
        "The royal cavalry of unplayed royal counties is placed in the named castles.",
        ("KK-SETUP-9", "KK-SETUP-12"),
        obj({"castles": array(COUNTY, unique=True)}),
        {"castles": ["pest", "fejer"]},
        seat="optional",
    ),
)

YEAR = (
    ActionSpec(
        "draw_event",
        "The starting player draws the year's event card (and states its neutral infantry changes).",
        ("KK-TURN-1", "KK-EVENT-1", "KK-EVENT-3", "KK-EVENT-4", "KK-EVENT-5"),
        obj(
            {"card": {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,63}$"}},
            {
                "neutral_infantry": array(NEUTRAL_CHANGE),
                "income_related": BOOLEAN,
                "duration": text(),
                "name": text(),
            },
        ),
        {"card": "szuret"},
        seat="optional",
    ),
    ActionSpec(
        "recruit",
        "A player buys units into own castles in phase II ([] or `pass` buys nothing).",
        ("KK-RECRUIT-1", "KK-RECRUIT-2", "KK-RECRUIT-3", "KK-RECRUIT-4", "KK-RECRUIT-5", "KK-CASTLE-2"),
        obj({"purchases": array(PURCHASE)}),
        {"purchases": [{"arm": "infantry", "castle": "csanad", "count": 1}]},
        example_seat="erdely",
    ),
    ActionSpec(
        "move",
        "A player moves one or more groups into one county (with the lord, along a path of steps).",
        (
            "KK-MOVE-1",
            "KK-MOVE-2",
            "KK-MOVE-3",
            "KK-MOVE-4",
            "KK-MOVE-6",
            "KK-MOVE-7",
            "KK-MOVE-9",
            "KK-MOVE-11",
            "KK-SIEGE-1",
        ),
        MOVE,
        {"groups": [{"from": "temes", "path": ["csanad"], "units": {"infantry": 1}}], "to": "csanad"},
        example_seat="erdely",
    ),
    ActionSpec(
        "pass",
        "A player ends the turn (moves nothing; in phase II, recruits nothing).",
        ("KK-TURN-2", "KK-MOVE-1"),
        NO_DATA,
        {},
        example_seat="erdely",
    ),
    ActionSpec(
        "take_extra_step",
        "The lord's group takes the extra step the lord allows after a move.",
        ("KK-LORD-8", "KK-LORD-9", "KK-MOVE-2"),
        MOVE,
        {"groups": [{"from": "csanad", "lord": True, "units": {"cavalry": 1}}], "to": "arad"},
        example_seat="erdely",
    ),
    ActionSpec("decline_extra_step", "The lord's extra step is not taken.", ("KK-LORD-8",), NO_DATA, {}),
    ActionSpec(
        "release_defenders",
        "A pinned defender releases units from the county (advanced game).",
        ("KK-ADV-3", "KK-ADV-4"),
        obj({"units": FORCE}, {"lord": BOOLEAN}),
        {"units": {"archer": 1}},
    ),
    ActionSpec(
        "transfer_money",
        "A player hands garas to another player (agreements are not enforced, the transfer is recorded).",
        ("KK-GEN-6", "KK-GEN-7", "KK-ELECT-4"),
        obj({"to": SEAT, "amount": integer(1)}, {"memo": {"type": "string"}}),
        {"to": "erdely", "amount": 3},
        example_seat="felvidek",
    ),
)

BATTLE = (
    ActionSpec(
        "select_battle",
        "The starting player picks the next battle to fight.",
        ("KK-BATTLE-12", "KK-LORD-4", "KK-LORD-8"),
        obj({"battle": text("a battle id of the year (b<year>-<n>)")}),
        {"battle": "b1302-7"},
    ),
    ActionSpec(
        "lead_arm",
        "A lord in battle names the arm he leads before the first die (null or none: he leads no arm).",
        ("KK-LORD-2", "KK-LORD-3"),
        obj(optional={"arm": ARM}),
        {"arm": "cavalry"},
    ),
    ActionSpec(
        "fight_exchange",
        "Both sides roll the exchange; hits are computed per arm group.",
        ("KK-BATTLE-1", "KK-BATTLE-4", "KK-BATTLE-5", "KK-BATTLE-9"),
        with_dice(NO_DATA, _EXCHANGE_DICE),
        {"dice": [5, 6, 5, 2]},
        dice=_EXCHANGE_DICE,
    ),
    ActionSpec(
        "assign_casualties",
        "The side's chooser removes the hits taken from the units the dice allow.",
        ("KK-BATTLE-9", "KK-BATTLE-11"),
        obj({"casualties": FORCE}, {"side": SIDE}),
        {"casualties": {"infantry": 1}, "side": "defender"},
    ),
    ActionSpec(
        "fight_duel",
        "Each lord rolls one die; only a lone 6 wins the duel.",
        ("KK-LORD-5", "KK-LORD-6", "KK-OFFICE-2"),
        with_dice(NO_DATA, "the attacker's die, then the defender's"),
        {"dice": [6, 3]},
        dice="the attacker's lord's die, then the defender's; again until the duel is decided",
    ),
    ActionSpec(
        "withdraw",
        "A siege attacker keeps units in the captured castle and sends the rest out (or withdraws).",
        ("KK-SIEGE-9", "KK-SIEGE-10", "KK-SIEGE-11"),
        obj(optional={"keep": FORCE, "moves": array(WITHDRAWAL)}),
        {"keep": {"infantry": 2}, "moves": [{"to": "arad", "units": {"cavalry": 1}}]},
    ),
    ActionSpec(
        "retreat",
        "A side leaves the battle for a legal county after a full round; the other pursues (advanced game).",
        ("KK-ADV-5", "KK-ADV-6", "KK-ADV-8", "KK-ADV-9", "KK-ADV-10"),
        with_dice(obj({"to": COUNTY}), "the pursuers' dice, one per pursuing unit, arm group by arm group"),
        {"dice": [4], "to": "csongrad"},
        dice="the pursuers' dice, one per pursuing unit, arm group by arm group",
    ),
    ActionSpec("stay", "The side that could retreat stays in the battle.", ("KK-ADV-5",), NO_DATA, {}),
    ActionSpec(
        "choose_retreat_losses",
        "The retreating side chooses which units the pursuit kills.",
        ("KK-ADV-11",),
        obj({"units": FORCE}),
        {"units": {"archer": 1, "infantry": 1}},
    ),
    ActionSpec(
        "roll_event_die",
        "The besieger rolls for Rainy Autumn; a low roll abandons the siege.",
        ("KK-EVENT-7",),
        with_dice(obj(optional={"judge_royal_reroll": BOOLEAN}), "the besieger's die (then the reroll, if any)"),
        {"dice": [6]},
        dice="the besieger's die; then the Judge Royal's reroll, if he takes it",
    ),
)

LORDS_AND_OFFICES = (
    ActionSpec(
        "attempt_escape",
        "A defeated lord rolls one die; on a 6 he escapes to the named county.",
        ("KK-ELIM-2",),
        with_dice(obj({"to": COUNTY}), "the lord's die"),
        {"dice": [2], "to": "feher"},
        dice="the lord's one die",
    ),
    ActionSpec("forgo_escape", "A defeated lord does not try to escape.", ("KK-ELIM-2",), NO_DATA, {}),
    ActionSpec("swear_fealty", "A defeated player offers fealty to the victor.", ("KK-ELIM-3",), NO_DATA, {}),
    ActionSpec("decline_fealty", "A defeated player refuses to swear fealty.", ("KK-ELIM-1",), NO_DATA, {}),
    ActionSpec(
        "answer_fealty",
        "The victor accepts or refuses the offered fealty.",
        ("KK-ELIM-3",),
        obj({"accept": BOOLEAN}),
        {"accept": True},
    ),
    ActionSpec(
        "place_takeover",
        "The victor places one unit per county of the fallen player (an arm that stood there, or none).",
        ("KK-ELIM-5", "KK-ELIM-6"),
        obj(optional={"placements": mapping_of(nullable(ARM), "county -> arm (or null)")}),
        {"placements": {"pest": "infantry"}},
    ),
    ActionSpec(
        "veto_battle",
        "The overlord forbids a vassal's battle.",
        ("KK-VASSAL-2",),
        obj({"battle": text()}),
        {"battle": "b1302-3"},
    ),
    ActionSpec(
        "return_lord",
        "A vassal's lord returns to a county of his own.",
        ("KK-VASSAL-7",),
        obj({"to": COUNTY}),
        {"to": "kolozs"},
    ),
    ActionSpec(
        "pay_ransom",
        "A captive lord is ransomed for 20 garas and returns to the named county.",
        ("KK-CAPTIVE-2",),
        obj(optional={"to": COUNTY}),
        {"to": "pest"},
    ),
    ActionSpec(
        "reroll",
        "The Judge Royal rerolls one of his dice groups; the new dice stand.",
        ("KK-OFFICE-1", "KK-OFFICE-2", "KK-LORD-6"),
        with_dice(obj(optional={"arm": ARM}), "the rerolled dice, as many as the group rerolled"),
        {"arm": "cavalry", "dice": [5, 2]},
        dice="the new faces of the rerolled group",
    ),
    ActionSpec(
        "keep_roll", "The Judge Royal keeps his roll.", ("KK-OFFICE-1", "KK-OFFICE-2", "KK-LORD-6"), NO_DATA, {}
    ),
    ActionSpec(
        "leave_game",
        "A player leaves; the remaining units become neutral.",
        ("KK-NEUTRAL-5",),
        NO_DATA,
        {},
    ),
    ActionSpec(
        "roll_for_starting_player",
        "Two dice each; the highest total takes the starting player's marker (traditional turn order).",
        ("KK-TRAD-1", "KK-OFFICE-2"),
        with_dice(obj(optional={"judge_royal_reroll": BOOLEAN}), "two dice per contender in seating order"),
        {"dice": [3, 4, 6, 1, 2, 2]},
        seat="optional",
        dice="two dice per contender in seating order; tied highest roll again; the Judge Royal's reroll pair last",
    ),
    ActionSpec(
        "choose_turn_position",
        "The starting player chooses to move first or last.",
        ("KK-TRAD-3",),
        obj({"position": one_of_values(("first", "last"))}),
        {"position": "first"},
    ),
)

ELECTIONS = (
    ActionSpec(
        "decide_tie",
        "The Palatine decides a tied office auction.",
        ("KK-ELECT-11", "KK-OFFICE-5"),
        obj({"player": SEAT}),
        {"player": "felvidek"},
    ),
    ActionSpec(
        "roll_off",
        "Tied bidders roll one die each; tied highest roll again.",
        ("KK-ELECT-10", "KK-ELECT-12", "KK-OFFICE-2"),
        with_dice(NO_DATA, "one die per tied bidder in seating order"),
        {"dice": [5, 2]},
        dice="one die per tied bidder in seating order; again for the tied highest",
    ),
    ActionSpec(
        "reroll_tie_die",
        "The Judge Royal rerolls his own roll-off die once (`reroll: true`) or keeps it.",
        ("KK-OFFICE-2", "KK-ELECT-12"),
        with_dice(obj(optional={"reroll": BOOLEAN}), "the Judge Royal's new die, when he rerolls"),
        {"reroll": True, "dice": [6]},
        dice="the Judge Royal's new die, when he rerolls",
    ),
    ActionSpec(
        "offer_office",
        "An office holder opens a public auction of the office.",
        ("KK-OFFICE-6",),
        obj({"office": one_of_values(OFFICES)}),
        {"office": "treasurer"},
    ),
    ActionSpec(
        "bid_for_office",
        "A player bids for the office on sale.",
        ("KK-OFFICE-6", "KK-ELECT-14"),
        obj({"amount": integer(1)}),
        {"amount": 3},
    ),
    ActionSpec("close_office_sale", "The seller closes the office sale.", ("KK-OFFICE-6",), NO_DATA, {}),
)

ACTION_SPECS = catalog(*seated((*SETUP, *YEAR, *BATTLE, *LORDS_AND_OFFICES, *ELECTIONS), "erdely"))
# POST /sealed: an election's sealed bid (whether the bidder has the garas is KK-ELECT-6's rule, a 422).
SEALED_SPECS = sealed_catalog(
    SealedSpec(
        "bid",
        BID_PURPOSE,
        "A sealed bid for the office under auction, in garas.",
        ("KK-ELECT-6",),
        closed({"amount": integer(0)}),
        {"amount": 5},
    )
)


def board_ids(state: KKState) -> dict[str, tuple[str, ...]]:
    """The ids this game's board fixes, for `refined` schemas: its counties."""
    return {"counties": tuple(state.board.counties) if state.board is not None else ()}
