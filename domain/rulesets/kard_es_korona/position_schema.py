"""The public form of a Kard és Korona situation (issue 15, point 3): the JSON Schema 2020-12 of a position.

A position says everything the table needs to play on: the year, its phase and whose turn it is, where every lord
stands and what became of him, the units by county and owner and arm, who controls which county, the treasuries,
the offices, the year's movement and recruitment so far, the battles with their sides and progress, the election
under way, the event cards, and the few procedures that can be caught half-way (a lord's defeat, the winner's
extra step, a Judge Royal's reroll). Every object is closed (`additionalProperties: false`): a misspelt key is
refused, never dropped. Ids of counties, seats, owners and battles are strings marked with `x-annals-ids`, so
that one game's schema can list them (`domain.actions.refined`).

Owners of units and counties are a seat (a lord's province), `royal`, or `neutral:<province>` (the pieces of an
unplayed province, KK-NEUTRAL-1). `position.py` converts between this form and `KKState`; `position_checks.py`
checks the rules a well-formed position must still keep.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.actions import IDS_KEYWORD, JsonSchema, array, game_id, integer, nullable, one_of_values
from domain.rulesets.kard_es_korona.election_state import JUDGE_REROLL, PALATINE, ROLL_OFF, SEALED
from domain.rulesets.kard_es_korona.forces import ARMS
from domain.rulesets.kard_es_korona.hits import FULL, MELEE, SIEGE_ARCHERS, SIEGE_ASSAULT, VOLLEY
from domain.rulesets.kard_es_korona.state import (
    BATTLE,
    DUEL,
    ELECTION,
    EVENT,
    FINISHED,
    FIRST_PLAYER,
    GARRISON_SUBSTITUTION,
    MOVEMENT,
    NEUTRAL_PLACEMENT,
    OFFICES,
    PLACEMENT,
    RECRUIT,
    SIDES,
)
from domain.rulesets.kard_es_korona.turn_order import STARTING_ROLL, TURN_POSITION

PHASES = (
    FIRST_PLAYER,
    PLACEMENT,
    NEUTRAL_PLACEMENT,
    GARRISON_SUBSTITUTION,
    STARTING_ROLL,
    TURN_POSITION,
    EVENT,
    RECRUIT,
    MOVEMENT,
    BATTLE,
    ELECTION,
    FINISHED,
)
LORD_FATES = ("defeated", "captive", "vassal", "eliminated")
BATTLE_KINDS = ("open", "siege")
BATTLE_STATUSES = ("pending", "fighting", "withdrawing", "capturing", "retreating", DUEL, "ended")
EXCHANGES = ("", VOLLEY, MELEE, FULL, SIEGE_ARCHERS, SIEGE_ASSAULT, DUEL)
DEFEAT_STAGES = ("escape", "fealty", "consent", "eliminate", "captured", "takeover")
TERRAINS = ("plain", "mountain", "swamp")
AWAITING = (SEALED, PALATINE, ROLL_OFF, JUDGE_REROLL)


def _closed(
    description: str, required: Mapping[str, JsonSchema], optional: Mapping[str, JsonSchema] | None = None
) -> JsonSchema:
    """A documented object taking exactly these keys (the required ones, and the optional ones when present)."""
    schema: dict[str, Any] = {
        "type": "object",
        "description": description,
        "properties": {**required, **(optional or {})},
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


def _described(schema: JsonSchema, description: str) -> JsonSchema:
    return {**schema, "description": description}


def _keyed(kind: str, values: JsonSchema, description: str) -> JsonSchema:
    """An object whose keys are ids of one kind the game fixes (counties, seats, owners…), each with values of one
    shape."""
    return {
        "type": "object",
        "description": description,
        "propertyNames": {"type": "string", "minLength": 1, IDS_KEYWORD: kind},
        "additionalProperties": values,
    }


def _by(keys: tuple[str, ...], values: JsonSchema, description: str) -> JsonSchema:
    """An object whose keys come from a closed set (sides, arms), each with values of one shape."""
    return {
        "type": "object",
        "description": description,
        "propertyNames": {"enum": list(keys)},
        "additionalProperties": values,
    }


COUNTY = game_id("counties", "a county id of the game's board")
SEAT = game_id("seats", "a seat of the game (a lord's province id)")
OWNER = game_id("owners", "who owns units or a county: a seat, 'royal', or 'neutral:<province>' (KK-NEUTRAL-1)")
PROVINCE = game_id("provinces", "a province id of the game's board")
BATTLE_ID = game_id("battles", "the id of a battle of this year (see battles)")
ARM = one_of_values(ARMS, "an arm: cavalry, infantry or archer (KK-GEN-5)")
SIDE = one_of_values(SIDES, "a side of a battle")
GARAS = integer(0, description="whole garas (KK-GEN-7)")
FACE = integer(1, 6, "a die face")
FORCE = _closed(
    "a count of units by arm; an arm left out is 0 (the lord is never a unit, KK-LORD-1)",
    {},
    {arm: integer(0, description=f"{arm} units") for arm in ARMS},
)
UNITS = _keyed("counties", _keyed("owners", FORCE, "units in this county by owner"), "units by county, then owner")

_PENDING_HITS = _closed(
    "hits one side scored in the last exchange, waiting for their casualties to be chosen (KK-BATTLE-11)",
    {
        "side": _described(SIDE, "the hitting side"),
        "chooser": nullable(_described(SEAT, "the seat that chooses the casualties; null: the engine (A-10 auto)")),
        "targets": _described(array(array(ARM)), "per hitting die, the enemy arms it can kill"),
        "max_kills": integer(0, description="the most units these hits can kill (A-8)"),
        "chosen": nullable(_described(FORCE, "casualties already named, waiting for the other side's choice")),
    },
)

_ORIGIN = _closed(
    "one group of the step that created the battle: where it set out from (a liege's veto sends it back there)",
    {
        "from": _described(COUNTY, "the county the group's step started in"),
        "units": _described(FORCE, "the group's units"),
        "lord": {"type": "boolean", "description": "the attacking lord went with this group"},
    },
)

BATTLE_SCHEMA = _closed(
    "one battle of the year, from the step that created it to its end (KK-BATTLE-1..14, KK-OPEN, KK-SIEGE)",
    {
        "id": _described(BATTLE_ID, "the battle's id, unique in the position"),
        "county": _described(COUNTY, "where it is fought"),
        "kind": one_of_values(BATTLE_KINDS, "open battle, or siege of a castle county (KK-BATTLE-2)"),
        "terrain": one_of_values(TERRAINS, "the county's terrain (KK-BATTLE-8)"),
        "attacker": _described(OWNER, "who attacks"),
        "defender": _described(OWNER, "who defends"),
        "entry_counties": _described(array(COUNTY), "the counties the attackers came from (KK-SIEGE-9, KK-ADV-8)"),
        "created_at_step": integer(0, description="the year's step that created it (battle order, KK-BATTLE-12)"),
        "attacker_lord": {"type": "boolean", "description": "the attacking lord is with his army"},
        "defender_lord": {"type": "boolean", "description": "the defending lord is with his army"},
        "lord_battle": {"type": "boolean", "description": "a lord fought in it when phase IV began (KK-BATTLE-13)"},
        "status": one_of_values(BATTLE_STATUSES, "how far it has gone"),
        "led_arms": _by(SIDES, nullable(ARM), "by side: the arm its lord leads, null: none (KK-LORD-2)"),
        "bonus_lost": _described(array(SIDE), "sides whose lord's bonus ended (KK-LORD-3)"),
        "round": integer(0, description="the full round under way (0 before the first)"),
        "next_exchange": one_of_values(EXCHANGES, "the next exchange to roll ('' before the battle starts)"),
        "pending_hits": _described(array(_PENDING_HITS), "hits waiting for their casualties"),
        "exchanges_rolled": integer(0, description="exchanges rolled so far"),
        "volleyed": _described(array(SIDE), "sides whose archers volleyed in round 1 (KK-OPEN-2/3)"),
        "forced": {"type": "boolean", "description": "the forced battle of a siege surplus (KK-SIEGE-11)"},
    },
    {"origins": _described(array(_ORIGIN), "the creating step's groups by origin county (KK-MOVE-12, KK-VASSAL-2)")}
    | {"crossed": {"type": "boolean", "description": "a later step of its attacker crossed on its pin (KK-ADV-1)"}},
)

_ELECTION = _closed(
    "phase V under way: one auction at a time, Judge Royal, Treasurer, Palatine (KK-ELECT-5)",
    {
        "id": {"type": "string", "description": "the election's id"},
        "ordinal": integer(1, description="1 for the game's first election; extraordinary ones count (A-34)"),
        "reason": one_of_values(("scheduled", "kiralyvalasztas"), "a year of the timeline, or King Election"),
        "eligible": _described(array(SEAT), "who may bid, in turn order (KK-ELECT-14)"),
        "office": one_of_values(("", *OFFICES), "the auction under way"),
        "round": {"type": "string", "description": "the sealed round of its bids"},
        "awaiting": one_of_values(AWAITING, "what the auction waits for"),
        "decider": nullable(_described(SEAT, "the Palatine seated when the auction opened (KK-ELECT-11)")),
        "bids": _keyed("seats", GARAS, "the revealed bids of a tied auction"),
        "tied": _described(array(SEAT), "who is still in the tie"),
        "faces": _keyed("seats", FACE, "a roll-off roll the Judge Royal may reroll (KK-OFFICE-2)"),
    },
)

_OFFICE_SALE = _closed(
    "a public auction of an office by its holder (KK-OFFICE-6, A-38)",
    {
        "office": one_of_values(OFFICES, "the office sold"),
        "seller": _described(SEAT, "its holder"),
        "bidder": nullable(_described(SEAT, "the highest bidder so far")),
        "amount": _described(GARAS, "the highest bid so far"),
    },
)

_DEFEAT = _closed(
    "a lord's defeat being processed (KK-LORD-4, KK-ELIM-1..6, KK-CAPTIVE-1)",
    {
        "seat": _described(SEAT, "the defeated lord's seat"),
        "by": _described(OWNER, "who defeated him"),
        "stage": one_of_values(DEFEAT_STAGES, "what is decided next: escape, fealty, consent, elimination…"),
    },
    {
        "battle": _described(BATTLE_ID, "the battle he lost"),
        "county": nullable(_described(COUNTY, "where he was defeated")),
        "cause": one_of_values(("battle", "duel"), "how he fell"),
        "counties": _keyed("counties", array(ARM), "the conqueror's one-unit takeovers still to place (KK-ELIM-5)"),
        "battles": _described(array(BATTLE_ID), "pending battles passed to the conqueror (KK-ELIM-6)"),
    },
)

_ROLL_GROUP = _closed(
    "one arm group's dice in the exchange",
    {
        "side": SIDE,
        "arm": ARM,
        "faces": _described(array(FACE), "the faces rolled, one per unit of the group"),
        "modifier": integer(None, description="what is added to each die"),
        "hit_on": _by(ARMS, nullable(integer(None)), "by target arm, the number to reach (null: cannot hit)"),
    },
)

_REROLL_OFFER = _closed(
    "a roll the Judge Royal may reroll now (KK-OFFICE-1/2, KK-LORD-6)",
    {
        "seat": _described(SEAT, "the Judge Royal"),
        "occasion": {"type": "string", "description": "'battle:<id>', 'duel:<id>' or 'escape:<id>', spent once"},
    },
    {
        "roll": integer(None, description="the dice index of the roll he may replace"),
        "faces": {
            "description": "the faces rolled: a list, or by side in a duel",
            "anyOf": [array(FACE), _by(SIDES, FACE, "duel faces by side")],
        },
        "to": nullable(_described(COUNTY, "the escape's destination")),
        "battle": BATTLE_ID,
        "side": SIDE,
        "groups": _described(array(_ROLL_GROUP), "his arm groups of the exchange (KK-OFFICE-1)"),
    },
)


def _setup() -> JsonSchema:
    return _closed(
        "setup before the first year (KK-SETUP-6..12)",
        {
            "placed": _described(array(SEAT), "seats that have placed their starting forces, in order"),
            "neutral_pieces_left": _keyed(
                "provinces", FORCE, "KK-SETUP-10: neutral pieces still to place, by unplayed province"
            ),
        },
    )


def _events() -> JsonSchema:
    card = {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,63}$", "description": "an event card id (A-55)"}
    return _closed(
        "event cards (KK-EVENT-1..7)",
        {
            "card": nullable(_described(card, "this year's card; null before it is drawn")),
            "permanent": _described(array(card), "permanent cards drawn so far, in order (KK-EVENT-2)"),
            "extraordinary_election": {"type": "boolean", "description": "King Election calls one this year"},
            "rainy_autumn_rolls": _keyed(
                "battles", FACE, "by siege of this or an earlier year, the besieger's Rainy Autumn roll (KK-EVENT-7)"
            ),
        },
        {
            "drawn": _described(
                array(card),
                "every card turned up so far, in order, void ones too: none comes up again (KK-EVENT-1); "
                "when absent, the permanent cards and this year's card",
            ),
        },
    )


def _movement() -> JsonSchema:
    return _closed(
        "the year's movement phase so far (KK-MOVE-1..6); cleared when the battles begin, where noted",
        {
            "step_allowances": _keyed("seats", integer(0, 6), "by seat, the steps allowed this year (KK-MOVE-3)"),
            "steps_taken": _keyed("seats", integer(0), "by seat, the steps taken this year"),
            "passed": _described(array(SEAT), "who has passed, in order; the first starts next year (KK-MOVE-4)"),
            "steps_made": integer(0, description="steps taken this year by everyone (orders battles, KK-BATTLE-12)"),
            "moved_units": _described(UNITS, "units that stepped this year, by county and owner (KK-MOVE-6)"),
            "lords_moved": _described(array(SEAT), "lords that stepped this year, in order"),
        },
        {"frozen_passes": _described(array(SEAT), "who passed only because his lord was attacked (KK-ADV-3)")},
    )


def _pinning() -> JsonSchema:
    return _closed(
        "the advanced rules' pinning, reverse pinning and retreat (KK-ADV-1..11)",
        {
            "bound_defenders": _keyed("battles", FORCE, "defenders kept in a battle after a release (KK-ADV-4)"),
            "released_lords": _described(array(BATTLE_ID), "battles whose defending lord was released (KK-ADV-4)"),
            "release_due": nullable(_described(BATTLE_ID, "a battle whose defender names the released units")),
            "retreat": nullable(
                _closed(
                    "the last retreat this year (KK-ADV-5..11)",
                    {
                        "battle": BATTLE_ID,
                        "side": SIDE,
                        "to": _described(COUNTY, "where the army retreats"),
                        "losses_due": integer(0, description="obstacle losses still to choose (KK-ADV-11)"),
                    },
                )
            ),
            "stayed": nullable({"type": "string", "description": "'<battle>:<round>' the attacker stayed in (A-46)"}),
        },
    )


def _lords() -> JsonSchema:
    return _closed(
        "the lords and their fates (KK-LORD, KK-ELIM, KK-VASSAL, KK-CAPTIVE)",
        {
            "counties": _keyed(
                "seats", nullable(COUNTY), "by seat, the county the lord stands in; null: off the board"
            ),
            "fates": _keyed("seats", one_of_values(LORD_FATES), "by seat, what became of the lord; absent: free"),
            "lieges": _keyed("seats", SEAT, "by vassal, his liege (KK-VASSAL-1)"),
            "executed_in": _keyed(
                "seats", integer(1301), "by captive, the timeline year of his execution (KK-CAPTIVE)"
            ),
            "returning": _described(array(SEAT), "freed vassals whose lord waits to be placed (KK-VASSAL-7)"),
            "defeat": nullable(_DEFEAT),
            "extra_step": nullable(
                _closed(
                    "the winning lord's extra step on offer (KK-LORD-8)",
                    {"seat": SEAT, "battle": BATTLE_ID},
                )
            ),
        },
    )


def _offices() -> JsonSchema:
    return _closed(
        "the three offices (KK-OFFICE) and the elections (KK-ELECT)",
        {
            "holders": _closed(
                "by office, its holder; null: vacant (held by the crown)",
                {office: nullable(SEAT) for office in OFFICES},
            ),
            "election": nullable(_ELECTION),
            "elections_held": integer(0, description="elections opened so far, extraordinary ones included (A-34)"),
            "sale": nullable(_OFFICE_SALE),
            "reroll_offer": nullable(_REROLL_OFFER),
            "rerolls_used": _described(array({"type": "string"}), "the Judge Royal's occasions already spent"),
        },
    )


def position_schema() -> JsonSchema:
    """The JSON Schema 2020-12 of a Kard és Korona position."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Kard és Korona position",
        **_closed(
            "a Kard és Korona situation, enough to play on from (the board, options and seats are the game's own)",
            {
                "year": integer(0, 1312, "the calendar year (1301 is the first, KK-TURN-1); 0 during setup"),
                "phase": one_of_values(
                    PHASES, "the setup step, or the year's phase (KK-TURN-2); 'finished' at the end"
                ),
                "turn": nullable(_described(SEAT, "whose turn it is in this phase; null: nobody's")),
                "starting_player": nullable(_described(SEAT, "the starting player of the year (KK-TURN-3/4)")),
                "turn_order_starts_with": nullable(
                    _described(SEAT, "who moves first this year when not the starting player (KK-TRAD-3)")
                ),
                "units": _described(UNITS, "every unit on the board, by county, owner and arm"),
                "control": _keyed("counties", OWNER, "by county, who controls it (KK-GEN-3, A-2); absent: nobody"),
                "treasuries": _keyed("seats", GARAS, "by seat, the garas in his treasury (KK-ECON)"),
                "royal_treasury": _described(GARAS, "the royal treasury (the bank)"),
                "lords": _lords(),
                "offices": _offices(),
                "setup": _setup(),
                "events": _events(),
                "recruitment": _closed(
                    "the year's recruitment so far (KK-RECRUIT)",
                    {
                        "recruited": _described(array(SEAT), "who has recruited this year, in order"),
                        "cavalry_recruited": integer(
                            0, description="new cavalry this year, all players (KK-RECRUIT-7)"
                        ),
                    },
                ),
                "movement": _movement(),
                "battles": _described(array(BATTLE_SCHEMA), "this year's battles, in the order they were created"),
                "battles_created": integer(0, description="battles created so far in the game (battle ids count on)"),
                "current_battle": nullable(_described(BATTLE_ID, "the battle being fought (KK-BATTLE-12)")),
                "advanced": _pinning(),
            },
        ),
    }


POSITION_SCHEMA: JsonSchema = position_schema()
