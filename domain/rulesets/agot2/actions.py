"""Every action A Game of Thrones 2nd edition accepts, as data (issue 15): rules, `data` schema, senders, example.

The vocabulary is `decide._HANDLERS`, `decide._CHECKED` and `march`; a test checks both lists agree. Orders
and house cards are sealed (`POST /sealed`), not actions. Areas and unit ids (`seat:kind:area:n`) are
strings of the game's board and state; tracks, sides and raven options are closed sets.
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
    game_id,
    integer,
    nullable,
    obj,
    one_of_values,
    sealed_catalog,
    text,
)
from domain.rulesets.agot2.state import TRACKS, AgotState

AREA = game_id("areas", "an area id of the game's board")
UNIT = text("a unit id: seat:kind:area:n")
SEAT = game_id("seats", "a seat (house) of the game")
COMBAT = integer(1, description="the id of the combat under way (the version that started it)")
SIDE = one_of_values(("attacker", "defender"))
TRACK = one_of_values(TRACKS)
CHOICE = {
    "description": "the owner's choice for the card's ability; which keys it needs depends on the card",
    # null area, unit or card: an optional ability (Cersei, Renly, Patchface) is declined (GOT-X-8).
    "properties": {
        "cancel": BOOLEAN,
        "replace": BOOLEAN,
        "area": nullable(AREA),
        "unit": nullable(UNIT),
        "card": nullable(text("a house card id")),
        "track": TRACK,
    },
}


ORDERS = (
    ActionSpec(
        "plan_orders",
        "Opens the planning phase's sealed round of orders for every house.",
        ("GOT-X-14",),
        NO_DATA,
        {},
        seat="optional",
    ),
    ActionSpec(
        "use_raven",
        "The Raven holder replaces one own order with an unplaced one, or looks at the top Wildling card.",
        ("GOT-RAVEN-1", "GOT-RAVEN-2", "GOT-RAVEN-3", "GOT-X-13", "GOT-COURT-1"),
        obj(
            {"option": one_of_values(("replace_order", "inspect_wildling"))},
            {"area": AREA, "token": text("an order token id"), "placement": one_of_values(("top", "bottom"))},
        ),
        {"option": "inspect_wildling", "placement": "top"},
        example_seat="stark",
    ),
    ActionSpec(
        "decline_raven",
        "The Raven holder does not use the Messenger Raven.",
        ("GOT-RAVEN-1",),
        NO_DATA,
        {},
        example_seat="stark",
    ),
    ActionSpec(
        "resolve_raid",
        "A raid order removes an adjacent enemy order (target_area null: the raid is removed unused).",
        ("GOT-X-12", "GOT-TERM-4", "GOT-X-25"),
        obj({"area": AREA}, {"target_area": AREA}),
        {"area": "bay_of_ice", "target_area": None},
        example_seat="stark",
    ),
    ActionSpec(
        "march",
        "A march order moves units from its area into one or more areas (a contested one starts combat).",
        ("GOT-X-12", "GOT-X-25", "GOT-X-26", "GOT-COMBAT-1", "GOT-ROUT-5"),
        obj(
            {"from_area": AREA},
            {"moves": array(obj({"to_area": AREA, "units": array(UNIT, min_items=1, unique=True)}))},
        ),
        {"from_area": "winterfell", "moves": [{"to_area": "castle_black", "units": ["stark:footman:winterfell:1"]}]},
        example_seat="stark",
    ),
    ActionSpec(
        "resolve_consolidate",
        "A consolidate power order gathers power in its area.",
        ("GOT-X-12", "GOT-TERM-4"),
        obj({"area": AREA}),
        {"area": "winterfell"},
        example_seat="stark",
    ),
    ActionSpec("end_round", "Closes the round after the action phase.", ("GOT-X-11",), NO_DATA, {}, seat="optional"),
)

COMBAT_ACTIONS = (
    ActionSpec(
        "declare_support",
        "A house with support orders adjacent to the combat supports a side (from all or the named areas).",
        ("GOT-SUPPORT-1", "GOT-SUPPORT-3", "GOT-SUPPORT-5", "GOT-SUPPORT-7", "GOT-X-19"),
        obj({"combat_id": COMBAT, "side": SIDE}, {"areas": array(AREA, unique=True)}),
        {"combat_id": 12, "side": "attacker"},
        example_seat="stark",
    ),
    ActionSpec(
        "refuse_support",
        "A house with support orders adjacent to the combat supports nobody.",
        ("GOT-SUPPORT-1", "GOT-SUPPORT-3"),
        obj({"combat_id": COMBAT}),
        {"combat_id": 28},
        example_seat="stark",
    ),
    ActionSpec(
        "resolve_card_ability",
        "A house card's owner resolves its ability with the choice the card asks for.",
        ("GOT-CARD-3", "GOT-X-8", "GOT-X-15"),
        obj({"combat_id": COMBAT, "card": text("the owner's revealed house card")}, {"choice": CHOICE}),
        {"combat_id": 12, "card": "tywin_lannister", "choice": {}},
        example_seat="lannister",
    ),
    ActionSpec(
        "use_blade",
        "The Valyrian Steel Blade holder adds +1 to the combat.",
        ("GOT-BLADE-1", "GOT-BLADE-2", "GOT-BLADE-3", "GOT-X-10"),
        obj({"combat_id": COMBAT}),
        {"combat_id": 72},
        example_seat="stark",
    ),
    ActionSpec(
        "decline_blade",
        "The Valyrian Steel Blade holder does not use it in this combat.",
        ("GOT-BLADE-1", "GOT-X-10"),
        obj({"combat_id": COMBAT}),
        {"combat_id": 72},
        example_seat="stark",
    ),
    ActionSpec(
        "choose_casualties",
        "The loser chooses which units the winner's swords kill.",
        ("GOT-CASUALTY-1", "GOT-CASUALTY-3", "GOT-CASUALTY-4", "GOT-X-16"),
        obj({"combat_id": COMBAT, "units": array(UNIT, unique=True)}),
        {"combat_id": 28, "units": ["stark:footman:moat_cailin:2"]},
        example_seat="stark",
    ),
    ActionSpec(
        "choose_retreat",
        "The loser retreats to a legal area (destroying the units that cannot fit in its supply); after Robb "
        "Stark wins, the loser first names only the units (no to_area), then the winner names the area.",
        ("GOT-RETREAT-1", "GOT-RETREAT-2", "GOT-RETREAT-3", "GOT-RETREAT-4", "GOT-RETREAT-5", "GOT-X-17", "GOT-X-20"),
        obj({"combat_id": COMBAT}, {"to_area": AREA, "destroy": array(UNIT, unique=True)}),
        {"combat_id": 28, "to_area": "winterfell"},
        example_seat="stark",
    ),
)

TRACK_ACTIONS = (
    ActionSpec(
        "open_bidding",
        "Opens the sealed bidding for one influence track.",
        ("GOT-TRACK-1", "GOT-THRONE-3", "GOT-COMBAT-4", "GOT-X-13", "GOT-X-14", "GOT-X-25"),
        obj({"track": TRACK}),
        {"track": "fiefdoms"},
        seat="optional",
    ),
    ActionSpec(
        "break_tie",
        "The Iron Throne holder orders the houses tied in the bidding.",
        ("GOT-THRONE-1", "GOT-X-22"),
        obj({"order": array(SEAT, min_items=1, unique=True, ordered=True)}),
        {"order": ["stark", "greyjoy"]},
        example_seat="baratheon",
    ),
)

ACTION_SPECS = catalog(*ORDERS, *COMBAT_ACTIONS, *TRACK_ACTIONS)
# POST /sealed: the Planning orders, a combat's house card and a track bid (whose areas, tokens, cards and Power the
# seat may use are the rules' checks, a 422).
SEALED_SPECS = sealed_catalog(
    SealedSpec(
        "orders",
        "orders",
        "The seat's order tokens for the round, one per area with its units.",
        ("GOT-X-14", "GOT-X-25", "GOT-COURT-1"),
        closed({"orders": array(closed({"area": AREA, "token": text("an order token id")}))}),
        {"orders": [{"area": "winterfell", "token": "march_plus1"}]},
    ),
    SealedSpec(
        "house_card",
        "house_card",
        "The house card the seat plays in the combat under way.",
        ("GOT-CARD-1",),
        closed({"card": text("a house card id from the seat's hand")}),
        {"card": "stark_eddard_stark"},
    ),
    SealedSpec(
        "bid",
        "bid:",
        "A bid of Power for an influence track.",
        ("GOT-TERM-6",),
        closed({"amount": integer(0)}),
        {"amount": 3},
    ),
)


def board_ids(state: AgotState) -> dict[str, tuple[str, ...]]:
    """The ids this game's board fixes, for `refined` schemas: its areas."""
    return {"areas": tuple(state.board.areas)}
