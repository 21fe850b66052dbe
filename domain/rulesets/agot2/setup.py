"""Set-up: the state a game starts from, from its options (catalog §0.3.4) and its board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.kernel import Seat
from domain.rulesets.agot2.board import LAND, SEA, Board, load_board
from domain.rulesets.agot2.data import (
    BASE_HOUSE_CARDS,
    BASE_NEUTRAL_FORCES,
    BASE_ORDER_TOKENS,
    KINGS_COURT,
    neutral_forces_for,
    stars_for,
)
from domain.rulesets.agot2.data.cards import ENGINE_DECIDED_LATER, MANUAL
from domain.rulesets.agot2.options import DEFAULT_POWER, DEFAULT_SUPPLY
from domain.rulesets.agot2.standard_setup import (
    HOUSES,
    is_base_board,
    standard_supply,
    standard_tracks,
    standard_units,
    uses_standard_setup,
)
from domain.rulesets.agot2.state import TRACKS, AgotState, Card, Order, Token, Unit


def setup(options: Mapping[str, Any], board_document: Mapping[str, Any] | None, seats: Sequence[Seat]) -> AgotState:
    """The opening state. Entries of `position` naming unknown areas, seats, cards or tokens are left out (a game
    recorded so folds as it always did; a new game with misplaced units or orders is refused, setup_checks.py)."""
    names = tuple(s.seat for s in seats)
    board = load_board(board_document)
    cards = _cards(options.get("house_cards") or BASE_HOUSE_CARDS)
    if not options["engine_card_abilities"]:
        # Recorded when these five cards were entered by hand (`resolve_card_ability` and `adjust`): they
        # replay that way.
        cards = {k: replace(c, kind=MANUAL) if c.kind in ENGINE_DECIDED_LATER else c for k, c in cards.items()}
    tokens = _tokens(options.get("order_tokens") or BASE_ORDER_TOKENS)
    position, tracks, limits = _start(options, names)
    stars = options.get("kings_court_stars")
    units = _units(position.get("units", []), board, names)
    garrisons = position.get("garrisons")
    if garrisons is None:
        garrisons = {a.id: a.garrison for a in board.areas.values() if a.home_of in names and a.garrison > 0}
    hands = position.get("hands") or {}
    discards = position.get("discards") or {}
    phase = position.get("phase", "planning")
    return AgotState(
        board_document=board_document,
        board=board,
        options=dict(options),
        seats=names,
        cards=cards,
        tokens=tokens,
        stars=tuple(stars) if stars is not None else _stars(len(names)),
        supply_limits={s: tuple(limits.get(s, DEFAULT_SUPPLY)) for s in names},
        round=position.get("round", 1),
        phase=phase,
        step=position.get("step", "raid") if phase == "action" else "",
        tracks={t: tuple(tracks.get(t, names)) for t in TRACKS},
        blade_used=position.get("blade_used", False),
        raven_used=position.get("raven_used", False),
        units=units,
        orders=_orders(position.get("orders", []), units, tokens, names),
        power_tokens={a: s for a, s in (position.get("power_tokens") or {}).items() if a in board.areas and s in names},
        garrisons={a: v for a, v in garrisons.items() if a in board.areas and v > 0},
        neutral_forces=neutral_forces_at_start(
            position.get("neutral_forces"), board_document, board, names, units, options["neutral_forces"]
        ),
        power={s: (position.get("power") or {}).get(s, DEFAULT_POWER) for s in names},
        hands={s: starting_hand(s, hands.get(s), cards, discards.get(s)) for s in names},
        discards={s: tuple(c for c in discards.get(s, ()) if c in cards and cards[c].house == s) for s in names},
    )


def _start(
    options: Mapping[str, Any], names: tuple[str, ...]
) -> tuple[Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]]:
    """The position, track orders and supply limits the game starts from: the options' own, else the printed set-up
    when the options ask for it (GOT-X-29), else an empty board in seating order at the lowest supply."""
    position: Mapping[str, Any] = options.get("position") or {}
    tracks: Mapping[str, Any] = options.get("tracks") or {}
    limits: Mapping[str, Any] = options.get("supply_limits") or {}
    if uses_standard_setup(options) and all(seat in HOUSES for seat in names):  # other seats: refused at creation
        position = {"units": standard_units(names)}
        tracks = tracks or standard_tracks(names)
        limits = limits or standard_supply(names)
    return position, tracks, limits


def _stars(players: int) -> tuple[int, ...]:
    try:
        return stars_for(KINGS_COURT, players)
    except KeyError:
        return ()


def _cards(document: Mapping[str, Any]) -> dict[str, Card]:
    found = {}
    for raw in document.get("cards", []):
        ability = raw.get("ability") or {}
        found[raw["id"]] = Card(
            raw["id"],
            raw["house"],
            raw["name"],
            raw["strength"],
            raw["swords"],
            raw["fortifications"],
            ability.get("kind"),
            ability.get("timing"),
            dict(ability.get("params") or {}),
        )
    return found


def _tokens(document: Mapping[str, Any]) -> dict[str, Token]:
    return {
        raw["id"]: Token(raw["id"], raw["type"], raw.get("modifier") or 0, raw["special"])
        for raw in document.get("tokens", [])
    }


def _units(raw_units: list[Mapping[str, Any]], board: Board, seats: tuple[str, ...]) -> dict[str, Unit]:
    """Units in known areas of a kind they may stand in (ships at sea or in ports, the others on land)."""
    found = {}
    for raw in raw_units:
        kind = board.kind(raw["area"])
        fits = kind in (SEA, "port") if raw["type"] == "ship" else kind == LAND
        if raw["seat"] in seats and fits:
            found[raw["id"]] = Unit(raw["id"], raw["seat"], raw["type"], raw["area"], raw.get("routed", False))
    return found


def neutral_forces_at_start(
    listed: list[Mapping[str, Any]] | None,
    board_document: Mapping[str, Any] | None,
    board: Board,
    seats: tuple[str, ...],
    units: Mapping[str, Unit],
    base_game_tokens: bool,
) -> dict[str, int | None]:
    """GOT-X-26: the position's tokens, or the base game's for the player count on the base board (unless
    the game's `neutral_forces` option is off, as it is for games recorded before the tokens were modelled).

    The base game's go only where no seated House has its home and no unit stands (a table that seats
    other Houses than the printed set-up keeps their homes open).
    """
    if listed is not None:
        return {e["area"]: e["strength"] for e in listed if board.kind(e["area"]) == LAND}
    if not base_game_tokens or not is_base_board(board_document):
        return {}
    occupied = {u.area for u in units.values()}
    return {
        area: strength
        for area, strength in neutral_forces_for(BASE_NEUTRAL_FORCES, len(seats)).items()
        if board.kind(area) == LAND and board.areas[area].home_of not in seats and area not in occupied
    }


def _orders(
    raw_orders: list[Mapping[str, Any]], units: Mapping[str, Unit], tokens: Mapping[str, Token], seats: tuple[str, ...]
) -> dict[str, Order]:
    """Orders on areas holding their owner's units, each token placed once per seat."""
    found: dict[str, Order] = {}
    placed: set[tuple[str, str]] = set()
    for raw in raw_orders:
        area, seat, token = raw["area"], raw["seat"], raw["token"]
        holds = any(u.area == area and u.seat == seat for u in units.values())
        if seat in seats and token in tokens and holds and (seat, token) not in placed and area not in found:
            found[area] = Order(seat, token)
            placed.add((seat, token))
    return found


def starting_hand(
    seat: str, listed: list[str] | None, cards: Mapping[str, Card], discarded: list[str] | None
) -> tuple[str, ...]:
    """GOT-CARD-2: the House's own cards; by default all of them but those in its discard pile."""
    own = [c.id for c in cards.values() if c.house == seat]
    if listed is not None:
        return tuple(c for c in listed if c in own)
    return tuple(c for c in own if c not in (discarded or ()))
