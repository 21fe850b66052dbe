"""The JSON Schema (2020-12) of an agot2 position: the documented, public form of a mid-game table (issue 15, point 3).

Every object is closed (`additionalProperties: false`): a misspelt key is refused, never dropped. Areas and Houses
are strings of the game (`x-annals-ids`: "areas" of its board, "seats" for its Houses), which `domain.actions.refined`
turns into enums for one game; whether they exist, and every other invariant, is `position_checks`' (a 422 with
the rule id), not the schema's (a 400 by JSON pointer). Field names are the catalog's terms (§2 Glossary).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.actions import IDS_KEYWORD, game_id, nullable
from domain.rulesets.agot2.data import UNIT_TYPES
from domain.rulesets.agot2.state import ACTION_STEPS, TRACKS

JsonSchema = Mapping[str, Any]


def _closed(description: str, properties: Mapping[str, JsonSchema], required: tuple[str, ...] = ()) -> JsonSchema:
    schema: dict[str, Any] = {
        "type": "object",
        "description": description,
        "properties": dict(properties),
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


def _id(kind: str, description: str, *, may_be_null: bool = False) -> JsonSchema:
    schema = game_id(kind, description)
    return nullable(schema) if may_be_null else schema


def _keyed(kind: str, values: JsonSchema, description: str) -> JsonSchema:
    """An object keyed by the game's ids of one kind (areas or Houses)."""
    return {
        "type": "object",
        "description": description,
        "propertyNames": {"type": "string", "minLength": 1, IDS_KEYWORD: kind},
        "additionalProperties": values,
    }


def _count(description: str, minimum: int = 0, maximum: int | None = None) -> JsonSchema:
    schema: dict[str, Any] = {"type": "integer", "minimum": minimum, "description": description}
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def _flag(description: str) -> JsonSchema:
    return {"type": "boolean", "description": description}


def _list(items: JsonSchema, description: str, *, unique: bool = False) -> JsonSchema:
    schema: dict[str, Any] = {"type": "array", "items": items, "description": description}
    if unique:
        schema["uniqueItems"] = True
    return schema


def _text(description: str, *, may_be_null: bool = False) -> JsonSchema:
    return {"type": ["string", "null"] if may_be_null else "string", "minLength": 1, "description": description}


AREA = _id("areas", "an area id of the game's board")
HOUSE = _id("seats", "a House of the game (a seat)")
CARD = _text("a house card id of the game's card set")
TOKEN = _text("an order token id of the game's token set")
OPEN_OBJECT: JsonSchema = {"type": "object", "description": "kept as recorded by the combat's events"}

UNIT = _closed(
    "GOT-TERM-1: one unit",
    {
        "house": HOUSE,
        "kind": {"type": "string", "enum": sorted(UNIT_TYPES), "description": "GOT-TERM-1: the unit type"},
        "routed": _flag("GOT-ROUT-1: placed on its side after a retreat (default false); rallies at the round's end"),
        "id": _text("a stable unit id, e.g. stark:knight:winterfell:1 (default: house:kind:area:n, numbered on)"),
    },
    ("house", "kind"),
)
ORDER = _closed(
    "an order token face up in the area (orders still being planned are secret and not part of a position)",
    {"house": HOUSE, "token": TOKEN},
    ("house", "token"),
)
BIDDING = _closed(
    "the bids on one influence track (GOT-THRONE-*), while they are open or their tie is being broken",
    {
        "track": {"type": "string", "enum": list(TRACKS), "description": "the track bid for"},
        "round": _text("the name of the sealed round of the bids"),
        "revealed": _flag("whether the bids are revealed (default false)"),
        "bids": _keyed("seats", _count("Power bid"), "the revealed bids by House"),
        "tied": _list(HOUSE, "GOT-THRONE-1: the tied Houses whose order the Iron Throne holder must fix"),
        "tie_decider": _id("seats", "GOT-THRONE-1/3: the House that breaks the tie", may_be_null=True),
    },
    ("track", "round"),
)
_SUPPORTER = _closed(
    "GOT-SUPPORT-3, X-5: a House with eligible Support orders, in turn order",
    {"house": HOUSE, "areas": _list(AREA, "its Support orders' areas", unique=True)},
    ("house", "areas"),
)
_DECLARATION = _closed(
    "GOT-SUPPORT-1, X-4: a support declaration, in the order made",
    {
        "house": HOUSE,
        "side": {"type": "string", "enum": ["attacker", "defender", "none"], "description": "the side backed"},
        "areas": _list(AREA, "the Support orders' areas it covers", unique=True),
    },
    ("house", "side", "areas"),
)
COMBAT = _closed(
    "GOT-COMBAT-4: the combat under way; each step's field is set once the step is done",
    {
        "id": _count("the combat's id (the game version that started it)", minimum=1),
        "attacker": HOUSE,
        "defender": HOUSE,
        "embattled_area": AREA,
        "march_origin": AREA,
        "march_order": TOKEN,
        "attacking_units": _list(_text("a unit id"), "the units that marched in (ids of `units`)", unique=True),
        "eligible_support": _list(_SUPPORTER, "step 1: who may support, in turn order"),
        "support_declared": _list(_DECLARATION, "step 1: the declarations made"),
        "initial_strength": {
            "type": ["object", "null"],
            "description": "step 2 (GOT-STRENGTH-1/2): both sides' initial strength, null until announced",
        },
        "house_cards_sealed_by": _list(HOUSE, "step 3 (GOT-CARD-1, X-14): Houses whose card is sealed, not revealed"),
        "house_cards": _keyed("seats", CARD, "step 3: the revealed house cards by House"),
        "abilities_resolved": _list(CARD, "GOT-X-8: the cards whose ability has resolved"),
        "ability_effects": OPEN_OBJECT,
        "blade_used_by": _id("seats", "step 4 (GOT-BLADE-5): the House that used the Blade", may_be_null=True),
        "blade_decided": _flag("step 4: the Blade holder has decided (default false)"),
        "resolution": {
            "type": ["object", "null"],
            "description": "step 6 (GOT-RESOLVE-1): the final strengths, victor and casualties due, null until then",
        },
        "casualties_taken": _flag("GOT-CASUALTY-2 done (default false)"),
        "retreat_chosen": _flag("GOT-RETREAT-1/2 done (default false)"),
        "cleaned_up": _flag("GOT-CLEANUP-1..3 and the discard done (default false)"),
    },
    ("id", "attacker", "defender", "embattled_area", "march_origin", "march_order", "attacking_units"),
)
_TOKEN_STATE = _flag("flipped to its used side this round (default false)")
DOMINANCE = _closed(
    "the dominance tokens' state; their holders are position 1 of their tracks (GOT-TRACK-4/5/6)",
    {
        "valyrian_steel_blade": _closed("GOT-BLADE-2/3", {"used": _TOKEN_STATE}),
        "messenger_raven": _closed(
            "GOT-RAVEN-1/5, X-12",
            {
                "used": _TOKEN_STATE,
                "awaiting_decision": _flag(
                    "GOT-X-12: orders are revealed and the holder has yet to use or decline the Raven (default false)"
                ),
            },
        ),
    },
)
POWER = _closed(
    "GOT-TERM-6, X-28: Power tokens; the rest of each House's 20 is in the Power Pool",
    {
        "available": _keyed("seats", _count("available Power"), "available Power by House (default 5)"),
        "on_board": _keyed("areas", HOUSE, "Power tokens on the board, marking control of a land area"),
    },
)
HOUSE_CARDS = _closed(
    "GOT-CARD-2/9: a House's cards; each of its 7 cards is in exactly one of the two (a played card stays in hand "
    "until discarded)",
    {
        "hand": _list(CARD, "in hand (default: every card of the House not in the discard pile)", unique=True),
        "discard": _list(CARD, "the discard pile, oldest first (default empty)", unique=True),
    },
)

POSITION_SCHEMA: JsonSchema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "agot2 position",
    **_closed(
        "A mid-game table of A Game of Thrones 2nd ed.: what `GET /games/{id}/position` returns and `POST /games` "
        "takes as `position`. Fields left out take the defaults described (those of a game's start); the card set, "
        "order-token set, King's Court stars and GOT-X switches are the game's options. The wildling track and deck, "
        "Westeros cards and victory points are not modelled (GOT-X-25), so they are not part of a position.",
        {
            "round": _count("the game round (回合)", minimum=1),
            "phase": {"type": "string", "enum": ["planning", "action"], "description": "the phase of the round"},
            "step": {
                "type": ["string", "null"],
                "enum": [*ACTION_STEPS, None],
                "description": "in the action phase, the orders being resolved (catalog §0.2); null in planning",
            },
            "last_to_act": _id(
                "seats", "GOT-TERM-4: the House that resolved the step's last order (default null)", may_be_null=True
            ),
            "influence_tracks": _closed(
                "GOT-TRACK-1..6: each track lists every House once, position 1 first (default: the options' "
                "tracks, or seating order)",
                {track: _list(HOUSE, f"the {track} track", unique=True) for track in TRACKS},
            ),
            "dominance_tokens": DOMINANCE,
            "supply": _keyed(
                "seats",
                _list(_count("an army size", minimum=2), "allowed army sizes, largest first"),
                "GOT-X-17: each House's allowed army sizes from its supply track position (default: the options')",
            ),
            "units": _keyed("areas", _list(UNIT, "the units in the area"), "GOT-TERM-1: units by area"),
            "orders": _keyed("areas", ORDER, "GOT-X-13: order tokens face up, by area"),
            "orders_round": _text(
                "GOT-X-14: the sealed round in which orders are being planned (default null: none open)",
                may_be_null=True,
            ),
            "power": POWER,
            "garrisons": _keyed(
                "areas",
                _count("strength", minimum=1),
                "GOT-X-3: garrison tokens left in home areas (default: the board's)",
            ),
            "neutral_forces": _keyed(
                "areas",
                {
                    "type": ["integer", "null"],
                    "minimum": 1,
                    "maximum": 6,
                    "description": "printed strength, null: closed",
                },
                "GOT-X-26: neutral force tokens by land area (default: the base game's for the player count)",
            ),
            "castles_held": _keyed(
                "seats",
                _list(AREA, "areas with a castle or stronghold", unique=True),
                "derived, for readers: the castles and strongholds each House controls by units or Power token "
                "(GOT-RETREAT-3); when given it must agree with `units` and `power`",
            ),
            "house_cards": _keyed("seats", HOUSE_CARDS, "GOT-CARD-2: hands and discard piles by House"),
            "bidding": {"anyOf": [BIDDING, {"type": "null"}]},
            "combat": {"anyOf": [COMBAT, {"type": "null"}]},
            "sealed_rounds_opened": _count("how many sealed rounds the game has opened (names new rounds; default 0)"),
        },
        ("round", "phase"),
    ),
}
