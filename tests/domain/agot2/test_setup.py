"""Rulebook, options, boards and seats: what a game of agot2 is created from (catalog §0.3, §0.4, §4)."""

from __future__ import annotations

import re
from pathlib import Path

from domain.kernel import Seat
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.data import BASE_BOARD
from tests.domain.agot2.tables import board, card_set

CATALOG = Path(__file__).resolve().parents[4] / "shared" / "rules" / "agot2.md"


def test_every_catalog_rule_id_is_in_the_rulebook_with_its_seed_quote_when_loaded() -> None:
    # The catalog lives beside the repository in the team's workspace, not in a clone of it.
    if CATALOG.exists():
        ids = set(re.findall(r"GOT-(?:[A-Z]+)-\d+", CATALOG.read_text(encoding="utf-8")))
        assert ids and ids <= set(AGOT2.rulebook)
    assert len(AGOT2.rulebook) == 109  # the catalog's 80 rules, 25 gap defaults, X-26/27 (neutral forces), X-28, X-29
    for rule in AGOT2.rulebook.values():
        assert rule.source_file == "001_57c9193692832850.txt"
        assert rule.source_quote
        if not rule.id.startswith("GOT-X-"):
            assert re.search(r"[\u4e00-\u9fff]", rule.source_quote), rule.id  # the seed's Chinese text


def test_every_gap_default_is_an_option_recorded_with_its_catalog_value_when_defaulted() -> None:
    defaults = AGOT2.default_options
    assert defaults["winner_moves_in"] is True and defaults["support_declaration"] == "per_seat"
    assert defaults["siege_engines_absorb_casualties"] is False and defaults["retreat_minimize_losses"] is True
    assert defaults["ship_retreat_into_port"] == "if_land_controlled"
    assert AGOT2.option_errors(dict(defaults)) == []


def test_options_are_refused_with_their_name_when_malformed() -> None:
    errors = AGOT2.option_errors({"winner_moves_in": "yes", "colour": 1, "supply_limits": {"red": [1]}})
    assert any(e.startswith("options.winner_moves_in") for e in errors)
    assert any(e.startswith("options.colour") for e in errors)
    assert any(e.startswith("options.supply_limits.red") for e in errors)


def test_a_club_card_set_is_refused_when_a_house_lacks_its_seven_cards_card_2() -> None:
    short = {"cards": card_set()["cards"][:-1]}
    assert any("GOT-CARD-2" in e for e in AGOT2.option_errors({"house_cards": short}))
    assert AGOT2.option_errors({"house_cards": card_set()}) == []


def test_a_club_token_set_is_refused_when_a_token_is_malformed() -> None:
    tokens = {"tokens": [{"id": "m", "type": "march", "modifier": "x", "special": False}]}
    assert AGOT2.option_errors({"order_tokens": tokens})


def test_seats_are_refused_when_a_house_has_no_cards() -> None:
    seats = [Seat("red"), Seat("blue"), Seat("purple")]
    assert any("purple" in e for e in AGOT2.seat_errors(seats, {"house_cards": card_set()}))


def test_the_base_board_is_shipped_and_valid_when_listed() -> None:
    assert AGOT2.shipped_boards["base"] is BASE_BOARD
    assert AGOT2.board_errors(BASE_BOARD) == []
    assert AGOT2.board_errors(None)


def test_a_board_is_refused_when_a_port_is_not_between_its_land_and_sea() -> None:
    bad = board(
        {"a": "land", "s": "sea", "p": ("port", {"port_of": {"land": "a", "sea": "s"}})}, [("a", "s"), ("p", "a")]
    )
    assert AGOT2.board_errors(bad)


def test_seats_are_refused_when_they_are_not_houses_of_the_base_set_and_no_card_set_is_given() -> None:
    errors = AGOT2.seat_errors([Seat("stark"), Seat("lannister"), Seat("red")], {})
    assert errors == ["seats: house 'red' has no cards in the base card set (give options.house_cards)"]


# --- the legacy options.position is refused, not trimmed, when a game is created from it (GOT-X-25) ---

STARK_IN_WINTERFELL = [
    {"id": "stark:footman:1", "seat": "stark", "type": "footman", "area": "winterfell"},
    {"id": "stark:ship:1", "seat": "stark", "type": "ship", "area": "bay_of_ice"},
]


def _legacy_errors(orders: list[dict[str, str]], units: list[dict[str, str]] = STARK_IN_WINTERFELL) -> list[str]:
    options = {**AGOT2.default_options, "position": {"units": units, "orders": orders}}
    return AGOT2.game_errors(options, dict(BASE_BOARD), [Seat("stark"), Seat("lannister"), Seat("greyjoy")])


def test_a_legacy_position_is_accepted_when_its_orders_stand_on_their_houses_units_x_25() -> None:
    orders = [
        {"area": "winterfell", "seat": "stark", "token": "march_0"},
        {"area": "bay_of_ice", "seat": "stark", "token": "raid_a"},
    ]
    assert _legacy_errors(orders) == []
    state = AGOT2.setup(
        {**AGOT2.default_options, "position": {"units": STARK_IN_WINTERFELL, "orders": orders}},
        dict(BASE_BOARD),
        [Seat("stark"), Seat("lannister"), Seat("greyjoy")],
    )
    assert sorted(state.orders) == ["bay_of_ice", "winterfell"]


def test_a_legacy_position_is_refused_naming_each_order_setup_would_drop_x_25() -> None:
    """GOT-X-25 (order placement is outside the catalog, as the typed position cites it): an order where its House
    has no units, a second order in an area, a token not of the set, a token placed twice, a House not seated."""
    orders = [
        {"area": "winterfell", "seat": "stark", "token": "march_0"},
        {"area": "karhold", "seat": "stark", "token": "raid_a"},
        {"area": "winterfell", "seat": "stark", "token": "defense_plus1_a"},
        {"area": "bay_of_ice", "seat": "stark", "token": "march_9"},
        {"area": "bay_of_ice", "seat": "stark", "token": "march_0"},
        {"area": "winterfell", "seat": "tyrell", "token": "raid_a"},
    ]
    assert _legacy_errors(orders) == [
        "options.position.orders[1].area: stark has no units in 'karhold' to hold its order (GOT-X-25)",
        "options.position.orders[2].area: a second order in 'winterfell' (GOT-X-25)",
        "options.position.orders[3].token: 'march_9' is not a token of the game's set (GOT-X-25)",
        "options.position.orders[4].area: a second order in 'bay_of_ice' (GOT-X-25)",
        "options.position.orders[4].token: stark placed 'march_0' twice (GOT-X-25)",
        "options.position.orders[5].seat: 'tyrell' is not a seat of this game (stark, lannister, greyjoy) (GOT-X-25)",
    ]


def test_a_legacy_position_is_refused_naming_each_unit_setup_would_drop() -> None:
    """GOT-TERM-1/2: units of the seated Houses, on areas of the board they may stand in."""
    units = [
        {"id": "stark:footman:2", "seat": "stark", "type": "footman", "area": "bay_of_ice"},
        {"id": "stark:ship:2", "seat": "stark", "type": "ship", "area": "winterfell"},
        {"id": "stark:knight:1", "seat": "stark", "type": "knight", "area": "nowhere"},
        {"id": "tyrell:knight:1", "seat": "tyrell", "type": "knight", "area": "winterfell"},
    ]
    assert _legacy_errors([], units) == [
        "options.position.units[0].area: a footman cannot stand in the sea area 'bay_of_ice'",
        "options.position.units[1].area: a ship cannot stand in the land area 'winterfell'",
        "options.position.units[2].area: 'nowhere' is not an area of the board",
        "options.position.units[3].seat: 'tyrell' is not a seat of this game (stark, lannister, greyjoy)",
    ]


def test_a_legacy_position_is_refused_naming_power_tokens_garrisons_and_cards_setup_would_drop() -> None:
    """GOT-TERM-2: tokens on areas of the board, of seated Houses; GOT-CARD-2: each House holds its own cards."""
    position = {
        "power_tokens": {"karhold": "tyrell", "nowhere": "stark"},
        "garrisons": {"nowhere": 2},
        "hands": {"stark": ["stark_robb_stark", "lannister_the_hound"]},
        "discards": {"lannister": ["stark_eddard_stark"]},
    }
    options = {**AGOT2.default_options, "position": position}
    assert AGOT2.game_errors(options, dict(BASE_BOARD), [Seat("stark"), Seat("lannister"), Seat("greyjoy")]) == [
        "options.position.power_tokens.karhold: 'tyrell' is not a seat of this game (stark, lannister, greyjoy)",
        "options.position.power_tokens.nowhere: 'nowhere' is not an area of the board",
        "options.position.garrisons.nowhere: 'nowhere' is not an area of the board",
        "options.position.hands.stark: ['lannister_the_hound'] are not stark's house cards (GOT-CARD-2)",
        "options.position.discards.lannister: ['stark_eddard_stark'] are not lannister's house cards (GOT-CARD-2)",
    ]
