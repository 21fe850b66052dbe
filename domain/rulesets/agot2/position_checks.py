"""The invariants of an agot2 position (issue 15, point 3): every broken one, by JSON pointer and rule id.

The position has passed `POSITION_SCHEMA` (the service validates it first), so shapes are right; what is left is
the table: ids the game knows, units where their kind may stand and within the box's pieces, cards in
exactly one place, tracks that rank every House once, orders within the King's Court stars, tokens where the board
has room for them, and no sealed round the new game could not take over. The checks reuse the engine's own
predicates (control, stars) on the state `from_position` builds.

Supply is not an invariant of a position: the seed tests it only when units retreat (GOT-RETREAT-5, GOT-X-17), so
a House may stand over its limits — the shipped North sample opens so — until a retreat asks the question (the
ruleset's `position_notes`, position_notes.py, tells whoever sets such a table up).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from domain.actions import IDS_KEYWORD
from domain.kernel import Seat
from domain.positions import PositionError, pointer
from domain.rulesets.agot2.board import LAND, PORT, SEA
from domain.rulesets.agot2.data import BASE_NEUTRAL_FORCES
from domain.rulesets.agot2.options import PIECES, POWER_TOKENS
from domain.rulesets.agot2.planning import stars_of
from domain.rulesets.agot2.position import castles_held, from_position
from domain.rulesets.agot2.position_schema import POSITION_SCHEMA
from domain.rulesets.agot2.standard_setup import is_base_board
from domain.rulesets.agot2.state import AgotState

# GOT-RETREAT-8, X-19: where each unit kind may stand.
STANDS_ON = {"ship": (SEA, PORT), "footman": (LAND,), "knight": (LAND,), "siege_engine": (LAND,)}
_ID_RULES = {"areas": "GOT-TERM-2", "seats": "GOT-TERM-4"}
_KIND_NAMES = {"areas": "board's areas", "seats": "Houses"}


def position_errors(
    position: Mapping[str, Any],
    options: Mapping[str, Any],
    board_document: Mapping[str, Any] | None,
    seats: Sequence[Seat],
) -> list[PositionError]:
    """Every broken invariant of a schema-valid position, in document order of the checks."""
    state = from_position(position, options, board_document, seats)
    known = {"areas": set(state.board.areas), "seats": set(state.seats)}
    errors = [
        PositionError(path, _ID_RULES[kind], f"{value!r} is not one of the game's {_KIND_NAMES[kind]}")
        for path, value, kind in id_references(POSITION_SCHEMA, position, ())
        if value not in known[kind]
    ]
    for check in (
        _round_errors,
        _unit_errors,
        _power_errors,
        _card_errors,
        _track_errors,
        _order_errors,
        _token_errors,
        _sealed_round_errors,
        _combat_errors,
    ):
        errors += check(position, state)
    return errors


def id_references(schema: Mapping[str, Any], value: Any, path: tuple[str | int, ...]) -> Iterator[tuple[str, str, str]]:
    """(pointer, id, kind) of every string the schema marks with `x-annals-ids`, as values or as object keys."""
    kind = schema.get(IDS_KEYWORD)
    if isinstance(kind, str) and isinstance(value, str):
        yield pointer(*path), value, kind
    for alternative in schema.get("anyOf", ()):
        if _fits(alternative, value):
            yield from id_references(alternative, value, path)
    if isinstance(value, Mapping):
        key_kind = (schema.get("propertyNames") or {}).get(IDS_KEYWORD)
        properties = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        for key, item in value.items():
            if isinstance(key_kind, str):
                yield pointer(*path, key), key, key_kind
            inner = properties.get(key, extra)
            if isinstance(inner, Mapping):
                yield from id_references(inner, item, (*path, key))
    elif isinstance(value, list) and isinstance(schema.get("items"), Mapping):
        for index, item in enumerate(value):
            yield from id_references(schema["items"], item, (*path, index))


def _fits(schema: Mapping[str, Any], value: Any) -> bool:
    kind = schema.get("type")
    return not (kind == "null" and value is not None) and not (kind == "object" and not isinstance(value, Mapping))


def _round_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-X-25 (catalog §0.2): an action phase resolves one kind of order at a time; planning has no step."""
    errors = []
    if state.phase == "action" and not state.step:
        errors.append(
            PositionError("/step", "GOT-X-25", "the action phase needs its step: raid, march or consolidate_power")
        )
    if state.phase == "planning" and state.step:
        errors.append(
            PositionError("/step", "GOT-X-25", f"step {state.step!r} belongs to the action phase, not planning")
        )
    if state.raven_window and (state.phase != "action" or state.raven_used):
        where = "/dominance_tokens/messenger_raven/awaiting_decision"
        errors.append(
            PositionError(where, "GOT-X-12", "the Raven awaits its holder only right after the orders' reveal, unused")
        )
    return errors


def _unit_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-RETREAT-8, X-19: ships at sea or in ports, the others on land; GOT-X-1: one House per area."""
    errors, seen = [], set()
    for area, listed in (position.get("units") or {}).items():
        kind = state.board.kind(area)
        for index, unit in enumerate(listed):
            if "id" in unit and unit["id"] in seen:
                errors.append(
                    PositionError(pointer("units", area, index, "id"), "GOT-TERM-1", f"unit id {unit['id']!r} repeated")
                )
            seen.add(unit.get("id"))
            if kind and kind not in STANDS_ON[unit["kind"]]:
                rule = "GOT-X-19" if kind == PORT else "GOT-RETREAT-8"
                message = f"a {unit['kind']} cannot stand in {area!r}, a {kind} area"
                errors.append(PositionError(pointer("units", area, index), rule, message))
        houses = sorted({unit["house"] for unit in listed})
        if len(houses) > 1:
            errors.append(
                PositionError(
                    pointer("units", area),
                    "GOT-X-1",
                    f"{area!r} holds units of {houses}; an area holds one House's units",
                )
            )
        if listed and area in state.neutral_forces:
            errors.append(
                PositionError(
                    pointer("neutral_forces", area),
                    "GOT-X-26",
                    f"{area!r} holds units; a neutral force holds its area alone",
                )
            )
    counts = Counter((u.seat, u.type) for u in state.units.values())
    for (house, kind), count in sorted(counts.items()):
        if count > PIECES[kind]:
            message = f"{house} has {count} {kind} units on the board; a House has {PIECES[kind]}"
            errors.append(PositionError("/units", "GOT-X-28", message))
    return errors


def _power_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-X-28, TERM-6: 20 Power tokens a House, on land; CLEANUP-2: none where another House's units stand."""
    errors = []
    on_board = Counter(state.power_tokens.values())
    for house, available in state.power.items():
        if available + on_board[house] > POWER_TOKENS:
            message = (
                f"{house} has {available} available and {on_board[house]} on the board; a House has {POWER_TOKENS}"
            )
            errors.append(PositionError(pointer("power", "available", house), "GOT-X-28", message))
    for area, house in state.power_tokens.items():
        kind = state.board.kind(area)
        where = pointer("power", "on_board", area)
        if kind and kind != LAND:
            errors.append(
                PositionError(where, "GOT-X-28", f"a Power token marks a land area; {area!r} is a {kind} area")
            )
        strangers = sorted({u.seat for u in state.units_in(area)} - {house})
        if strangers:
            errors.append(
                PositionError(where, "GOT-CLEANUP-2", f"{house}'s Power token stands among {strangers}' units")
            )
    return errors


def _card_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-CARD-2: a House's own 7 cards, each in exactly one place (its hand or its discard pile)."""
    errors = []
    for house in position.get("house_cards") or {}:
        placed: dict[str, str] = {}
        for pile, cards in (("hand", state.hands.get(house, ())), ("discard", state.discards.get(house, ()))):
            for index, card in enumerate(cards):
                where = pointer("house_cards", house, pile, index)
                if card not in state.cards:
                    errors.append(PositionError(where, "GOT-CARD-2", f"{card!r} is not a card of the game's card set"))
                elif state.cards[card].house != house:
                    errors.append(
                        PositionError(
                            where, "GOT-CARD-2", f"{card!r} is {state.cards[card].house}'s card, not {house}'s"
                        )
                    )
                elif card in placed:
                    errors.append(
                        PositionError(where, "GOT-CARD-2", f"{card!r} is already in {house}'s {placed[card]}")
                    )
                placed.setdefault(card, pile)
        missing = sorted(c.id for c in state.cards.values() if c.house == house and c.id not in placed)
        if missing and house in state.seats:
            errors.append(
                PositionError(
                    pointer("house_cards", house),
                    "GOT-CARD-2",
                    f"{house}'s {missing} are in neither its hand nor its discard pile",
                )
            )
    return errors


def _track_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-TRACK-1..3: each influence track ranks every House of the game exactly once."""
    errors = []
    for track, order in (position.get("influence_tracks") or {}).items():
        if sorted(order) != sorted(state.seats):
            message = f"{order} is not an order of the game's Houses {sorted(state.seats)}"
            errors.append(PositionError(pointer("influence_tracks", track), "GOT-TRACK-3", message))
    return errors


def _order_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-X-25: known tokens, each once a House, on areas with its units (order placement is outside the catalog);
    GOT-COURT-1: specials within the stars."""
    errors: list[PositionError] = []
    used: set[tuple[str, str]] = set()
    specials: Counter[str] = Counter()
    check_units = state.combat is None and state.options.get("remove_orders_in_empty_areas", True)
    for area, order in sorted(state.orders.items()):
        where = pointer("orders", area)
        token = state.tokens.get(order.token)
        if token is None:
            errors.append(
                PositionError(f"{where}/token", "GOT-X-25", f"{order.token!r} is not a token of the game's set")
            )
        elif (order.seat, order.token) in used:
            errors.append(PositionError(f"{where}/token", "GOT-X-25", f"{order.seat} placed {order.token!r} twice"))
        used.add((order.seat, order.token))
        if check_units and state.board.kind(area) and not state.units_in(area, order.seat):
            errors.append(PositionError(where, "GOT-X-25", f"{order.seat} has no units in {area!r} to hold its order"))
        if token is not None and token.special:
            specials[order.seat] += 1
            if specials[order.seat] == stars_of(state, order.seat) + 1:
                message = f"{order.seat}'s special orders exceed its {stars_of(state, order.seat)} King's Court star(s)"
                errors.append(PositionError(where, "GOT-COURT-1", message))
    return errors


def _token_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-X-26: neutral forces on land where the board has them; GOT-X-3: garrisons at home, of the board's value."""
    errors = []
    base = is_base_board(state.board_document)
    printed = {entry["area"] for entry in BASE_NEUTRAL_FORCES["neutral_forces"]}
    for area in position.get("neutral_forces") or {}:
        kind = state.board.kind(area)
        if kind and (kind != LAND or (base and area not in printed)):
            message = f"{area!r} has no neutral force token on this board (a {kind} area)"
            errors.append(PositionError(pointer("neutral_forces", area), "GOT-X-26", message))
    for area, value in (position.get("garrisons") or {}).items():
        info = state.board.areas.get(area)
        if info is None:
            continue
        if info.home_of not in state.seats or value != info.garrison:
            message = (
                f"{area!r} holds a garrison of {info.garrison} for {info.home_of} (a home area of the game's Houses)"
            )
            errors.append(PositionError(pointer("garrisons", area), "GOT-X-3", message))
    if "castles_held" in position:
        derived = castles_held(state)
        for house, areas in position["castles_held"].items():
            if house in derived and sorted(areas) != derived[house]:
                message = f"{house}'s units and Power tokens hold {derived[house]}, not {sorted(areas)}"
                errors.append(PositionError(pointer("castles_held", house), "GOT-RETREAT-3", message))
    return errors


def _sealed_round_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-X-14: a new game cannot take over another game's open sealed round; its secrets stay with that game."""
    why = "start from the position before the round opened, or after its reveal"
    errors = []
    if state.planning_round is not None:
        errors.append(
            PositionError("/orders_round", "GOT-X-14", f"orders are being sealed in {state.planning_round!r}: {why}")
        )
    if state.bidding is not None and not state.bidding.revealed:
        errors.append(
            PositionError(
                "/bidding/revealed", "GOT-X-14", f"bids are being sealed in {state.bidding.round_name!r}: {why}"
            )
        )
    c = state.combat
    if c is not None and (c.sealed or (c.base is not None and len(c.cards) < 2 and not c.effects.get("no_card"))):
        errors.append(
            PositionError(
                "/combat/house_cards", "GOT-X-14", f"house cards are being sealed in combat {c.combat_id}: {why}"
            )
        )
    return errors


def _combat_errors(position: Mapping[str, Any], state: AgotState) -> list[PositionError]:
    """GOT-X-1, COMBAT-1: two Houses fight, from the march of the attacker's units; CARD-1: cards of their hands."""
    c = state.combat
    if c is None:
        return []
    errors = []
    if c.attacker == c.defender:
        errors.append(PositionError("/combat/defender", "GOT-X-1", f"{c.attacker} cannot fight itself"))
    if c.march_token not in state.tokens:
        errors.append(
            PositionError("/combat/march_order", "GOT-X-25", f"{c.march_token!r} is not a token of the game's set")
        )
    for index, unit_id in enumerate(c.attacking):
        unit = state.units.get(unit_id)
        if unit is not None and unit.seat != c.attacker:
            errors.append(
                PositionError(
                    pointer("combat", "attacking_units", index),
                    "GOT-COMBAT-1",
                    f"{unit_id!r} is {unit.seat}'s, not the attacker's",
                )
            )
    for house, card in c.cards.items():
        # A played card stays in its hand until the clean-up discards it (GOT-CARD-7, X-8 step 11).
        if not c.cleaned_up and card not in state.hands.get(house, ()):
            errors.append(
                PositionError(
                    pointer("combat", "house_cards", house), "GOT-CARD-1", f"{card!r} is not in {house}'s hand"
                )
            )
    return errors
