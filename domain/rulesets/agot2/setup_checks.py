"""The legacy `options.position` against the game's board, seats and token set, before a game is created from it.

`setup` leaves out what does not fit (it folds the games recorded with it as they always were); a new game is
refused instead, each problem naming its field, as the typed `position` document is (position_checks.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.rulesets.agot2.board import PORT, SEA, Board, load_board
from domain.rulesets.agot2.data import BASE_HOUSE_CARDS, BASE_ORDER_TOKENS

WHERE = "options.position"


def legacy_position_errors(
    options: Mapping[str, Any], board_document: Mapping[str, Any] | None, seats: Sequence[str]
) -> list[str]:
    """GOT-TERM-1/2, X-25: units of the seats on areas of their kind; orders on their House's units, one an area,
    each token of the set once a House. With no seats (a tournament's check) the seats are not tested."""
    position = options.get("position")
    if not isinstance(position, Mapping):
        return []
    board = load_board(board_document)
    raw_units = position.get("units")
    units = [u for u in raw_units if isinstance(u, Mapping)] if isinstance(raw_units, list) else []
    errors = [e for index, unit in enumerate(units) for e in _unit_errors(index, unit, board, seats)]
    raw_orders = position.get("orders")
    if isinstance(raw_orders, list):
        errors += _order_errors(raw_orders, units, _token_ids(options), board, seats)
    return errors + _token_and_card_errors(position, options, board, seats)


def _token_and_card_errors(
    position: Mapping[str, Any], options: Mapping[str, Any], board: Board, seats: Sequence[str]
) -> list[str]:
    """Power tokens of seated Houses and garrisons on areas of the board (GOT-TERM-2); hands and discard piles of
    each House's own cards (GOT-CARD-2)."""
    errors = []
    for area, seat in _entries(position.get("power_tokens")):
        if area not in board.areas:
            errors.append(f"{WHERE}.power_tokens.{area}: {area!r} is not an area of the board")
        elif seats and seat not in seats:
            errors.append(f"{WHERE}.power_tokens.{area}: {seat!r} is not a seat of this game ({', '.join(seats)})")
    for area, _ in _entries(position.get("garrisons")):
        if area not in board.areas:
            errors.append(f"{WHERE}.garrisons.{area}: {area!r} is not an area of the board")
    houses = {c["id"]: c.get("house") for c in (options.get("house_cards") or BASE_HOUSE_CARDS).get("cards", [])}
    for key in ("hands", "discards"):
        for seat, cards in _entries(position.get(key)):
            wrong = [c for c in cards if houses.get(c) != seat] if isinstance(cards, list) else [cards]
            if wrong:
                errors.append(f"{WHERE}.{key}.{seat}: {wrong!r} are not {seat}'s house cards (GOT-CARD-2)")
    return errors


def _entries(value: Any) -> list[tuple[Any, Any]]:
    return list(value.items()) if isinstance(value, Mapping) else []


def _unit_errors(index: int, unit: Mapping[str, Any], board: Board, seats: Sequence[str]) -> list[str]:
    """GOT-TERM-1/2: a unit of a seated House on an area of the board it may stand in (ships at sea or in ports)."""
    where, area = f"{WHERE}.units[{index}]", unit.get("area")
    if seats and unit.get("seat") not in seats:
        return [f"{where}.seat: {unit.get('seat')!r} is not a seat of this game ({', '.join(seats)})"]
    if not isinstance(area, str) or area not in board.areas:
        return [f"{where}.area: {area!r} is not an area of the board"]
    ship = unit.get("type") == "ship"
    if (board.kind(area) in (SEA, PORT)) != ship:
        return [f"{where}.area: a {unit.get('type')} cannot stand in the {board.kind(area)} area {area!r}"]
    return []


def _order_errors(
    orders: list[Any], units: list[Mapping[str, Any]], tokens: set[str], board: Board, seats: Sequence[str]
) -> list[str]:
    """GOT-X-25 (order placement is outside the catalog): each order on an area holding its House's units, one
    order an area, a token of the game's set placed once by each House."""
    errors: list[str] = []
    areas: set[Any] = set()
    placed: set[tuple[Any, Any]] = set()
    for index, order in enumerate(orders):
        if not isinstance(order, Mapping):
            continue  # its shape is option_errors'
        where, area, seat, token = f"{WHERE}.orders[{index}]", order.get("area"), order.get("seat"), order.get("token")
        if seats and seat not in seats:
            errors.append(f"{where}.seat: {seat!r} is not a seat of this game ({', '.join(seats)}) (GOT-X-25)")
        elif not any(u.get("area") == area and u.get("seat") == seat for u in units):
            errors.append(f"{where}.area: {seat} has no units in {area!r} to hold its order (GOT-X-25)")
        elif area in areas:
            errors.append(f"{where}.area: a second order in {area!r} (GOT-X-25)")
        if token not in tokens:
            errors.append(f"{where}.token: {token!r} is not a token of the game's set (GOT-X-25)")
        elif (seat, token) in placed:
            errors.append(f"{where}.token: {seat} placed {token!r} twice (GOT-X-25)")
        areas.add(area)
        placed.add((seat, token))
    return errors


def _token_ids(options: Mapping[str, Any]) -> set[str]:
    document = options.get("order_tokens") or BASE_ORDER_TOKENS
    return {t["id"] for t in document.get("tokens", []) if isinstance(t, Mapping)}
