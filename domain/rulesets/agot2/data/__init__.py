"""Data of the published base game for `agot2` (catalog §0.3), and the validators of board, card and token data.

Documents (JSON files of this package, loaded once; treat them as read-only):

- ``BASE_BOARD``: the second-edition Westeros map (``westeros_base.json``).
- ``BASE_HOUSE_CARDS``: the 42 house cards of the six Houses (``house_cards_base.json``).
- ``BASE_ORDER_TOKENS``: the 15 order tokens each House owns (``order_tokens_base.json``).
- ``KINGS_COURT``: special-order stars per King's Court position, per player count (``kings_court.json``).
- ``BASE_NEUTRAL_FORCES``: the neutral force tokens per player count (``neutral_forces.json``, GOT-X-26).
- ``BASE_SETUP``: the printed set-up, each House's starting units, track positions and supply
  (``standard_setup.json``, GOT-X-29).

How the catalog's board schema (§0.3.1) maps onto the generic board structure of `domain.boards`, which
every board must also pass (the service runs `domain.boards.board_errors` first, then `board_errors` here):

================================================  ===========================================================
catalog §0.3.1                                    board document
================================================  ===========================================================
``board_id``                                      ``attributes.board_id`` (``name`` is the readable title)
``ruleset: "agot2"``                              ``ruleset`` (null or "agot2")
area ``id``, ``name``                             area ``id``, ``name``
area ``kind`` (land / sea / port)                 area ``kind``
``structure`` (null / castle / stronghold)        area ``attributes.structure``
``supply_icons``, ``power_icons``                 area ``attributes.supply_icons``, ``attributes.power_icons``
``home_of`` (house id), ``garrison``              area ``attributes.home_of``, ``attributes.garrison``
``port_of: {land, sea}``                          area ``attributes.port_of``
``adjacency: [[a, b], ...]``                      ``edges: [{a, b, kind}, ...]``, one undirected edge per pair
(drawing)                                         area ``layout: {x, y}``, x to the east, y to the south
(house ids the home areas may name)               ``attributes.houses`` (optional)
================================================  ===========================================================

Missing area attributes default to "none": no structure, 0 icons, no home, garrison 0. An edge's kind
follows from its ends: ``land`` (land-land), ``coast`` (land-sea), ``sea`` (sea-sea), ``port`` (port to its
land or sea); it may be left out. Adjacency is symmetric by construction (an edge is undirected); the
authoring of the base board listed every area's neighbours and checked both directions agree (the tests
repeat that check for every area against an independently written table).

House cards (§0.3.2): ``{"cards": [{id, house, name, strength, swords, fortifications, text, ability}]}``
with ``ability`` null or ``{kind, timing, params}``; ``kind`` is an effect id of `ABILITY_KINDS` or
"manual". Order tokens (§0.3.3): ``{"tokens": [{id, type, modifier, special}]}``. King's Court (§0.3.4):
``{"kings_court_stars": {"3": [...], ..., "6": [...]}}``. Every document may carry ``notes`` (strings).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.agot2.data.board import AREA_KINDS, EDGE_KINDS, STRUCTURES, board_errors
from domain.rulesets.agot2.data.cards import (
    ABILITY_KINDS,
    CARDS_PER_HOUSE,
    MANUAL,
    TIMINGS,
    UNIT_TYPES,
    AbilityKind,
    card_set_errors,
)
from domain.rulesets.agot2.data.neutral import neutral_forces_for, neutral_set_errors
from domain.rulesets.agot2.data.tokens import (
    MODIFIED_TYPES,
    ORDER_TYPES,
    kings_court_errors,
    stars_for,
    token_set_errors,
)
from domain.shipped_data import shipped_json

# Package data, read by the shipped-data loader (domain/shipped_data.py): it travels with the installed code.
BASE_BOARD: Mapping[str, Any] = shipped_json(__name__, "westeros_base.json")
BASE_HOUSE_CARDS: Mapping[str, Any] = shipped_json(__name__, "house_cards_base.json")
BASE_ORDER_TOKENS: Mapping[str, Any] = shipped_json(__name__, "order_tokens_base.json")
KINGS_COURT: Mapping[str, Any] = shipped_json(__name__, "kings_court.json")
BASE_NEUTRAL_FORCES: Mapping[str, Any] = shipped_json(__name__, "neutral_forces.json")
BASE_SETUP: Mapping[str, Any] = shipped_json(__name__, "standard_setup.json")

__all__ = [
    "ABILITY_KINDS",
    "AREA_KINDS",
    "BASE_BOARD",
    "BASE_HOUSE_CARDS",
    "BASE_NEUTRAL_FORCES",
    "BASE_ORDER_TOKENS",
    "BASE_SETUP",
    "CARDS_PER_HOUSE",
    "EDGE_KINDS",
    "KINGS_COURT",
    "MANUAL",
    "MODIFIED_TYPES",
    "ORDER_TYPES",
    "STRUCTURES",
    "TIMINGS",
    "UNIT_TYPES",
    "AbilityKind",
    "board_errors",
    "card_set_errors",
    "kings_court_errors",
    "neutral_forces_for",
    "neutral_set_errors",
    "stars_for",
    "token_set_errors",
]
