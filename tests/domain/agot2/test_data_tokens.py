"""The shipped order-token set (catalog §0.3.3), King's Court stars (§0.3.4, GOT-COURT-1/2) and their validators."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from domain.rulesets.agot2.data import (
    BASE_ORDER_TOKENS,
    KINGS_COURT,
    kings_court_errors,
    stars_for,
    token_set_errors,
)


def tokens_of(kind: str) -> list[dict[str, Any]]:
    return [token for token in BASE_ORDER_TOKENS["tokens"] if token["type"] == kind]


def test_shipped_token_set_passes_the_validator() -> None:
    assert token_set_errors(BASE_ORDER_TOKENS) == []


def test_each_house_owns_fifteen_tokens_three_of_each_order() -> None:
    assert len(BASE_ORDER_TOKENS["tokens"]) == 15
    for kind in ("march", "defense", "support", "raid", "consolidate_power"):
        assert len(tokens_of(kind)) == 3, kind
        assert [token["special"] for token in tokens_of(kind)].count(True) == 1, kind


@pytest.mark.parametrize(
    ("kind", "modifiers", "special_modifier"),
    [
        ("march", [-1, 0, 1], 1),
        ("defense", [1, 1, 2], 2),
        ("support", [0, 0, 1], 1),
        ("raid", [None, None, None], None),
        ("consolidate_power", [None, None, None], None),
    ],
)
def test_order_values_as_printed(kind: str, modifiers: list[int | None], special_modifier: int | None) -> None:
    assert sorted(tokens_of(kind), key=lambda token: token["modifier"] or 0) == tokens_of(kind)
    assert [token["modifier"] for token in tokens_of(kind)] == modifiers
    assert [token["modifier"] for token in tokens_of(kind) if token["special"]] == [special_modifier]


def test_catalog_example_token_id_is_the_special_march() -> None:
    assert {"id": "march_plus1", "type": "march", "modifier": 1, "special": True} in BASE_ORDER_TOKENS["tokens"]


def test_shipped_kings_court_passes_the_validator() -> None:
    assert kings_court_errors(KINGS_COURT) == []


@pytest.mark.parametrize(
    ("players", "stars"),
    [(6, (3, 3, 2, 1, 0, 0)), (5, (3, 3, 2, 1, 0)), (4, (3, 2, 1, 0)), (3, (3, 2, 1))],
)
def test_kings_court_stars_by_position_gotcourt_1_and_overlay_gotcourt_2(players: int, stars: tuple[int, ...]) -> None:
    assert stars_for(KINGS_COURT, players) == stars


def test_stars_for_an_unknown_player_count_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        stars_for(KINGS_COURT, 7)


# --- the validators: each kind of mistake, named ----------------------------------------------------------


def changed_tokens(change: Callable[[dict[str, Any]], None]) -> list[str]:
    document = copy.deepcopy(dict(BASE_ORDER_TOKENS))
    change(document)
    return token_set_errors(document)


def edit(token_id: str, **values: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        next(token for token in document["tokens"] if token["id"] == token_id).update(values)

    return change


TOKEN_MISTAKES = {
    "unknown order type": (edit("raid_a", type="pillage"), "token 'raid_a' type"),
    "march without a modifier": (edit("march_0", modifier=None), "token 'march_0' modifier: a March order"),
    "fractional march": (edit("march_0", modifier=0.5), "token 'march_0' modifier"),
    "negative defense": (edit("defense_plus1_a", modifier=-1), "token 'defense_plus1_a' modifier: a Defense order"),
    "boolean support": (edit("support_0_a", modifier=False), "token 'support_0_a' modifier: a Support order"),
    "raid with a modifier": (edit("raid_special", modifier=1), "token 'raid_special' modifier: a raid order"),
    "special not a flag": (edit("march_plus1", special="yes"), "token 'march_plus1' special"),
    "special missing": (lambda d: d["tokens"][0].pop("special"), "token 'march_minus1' special"),
    "misspelt field": (edit("march_plus1", starred=True), "token 'march_plus1': unknown field 'starred'"),
    "repeated id": (edit("raid_b", id="raid_a"), "token 'raid_a': id repeated (tokens[10])"),
    "token without id": (lambda d: d["tokens"][0].pop("id"), "tokens[0]: expected an object with a non-empty"),
    "no tokens": (lambda d: d.__setitem__("tokens", []), "token set tokens: expected a non-empty array"),
}


@pytest.mark.parametrize("mistake", list(TOKEN_MISTAKES))
def test_token_validator_names_the_offender(mistake: str) -> None:
    change, message = TOKEN_MISTAKES[mistake]
    errors = changed_tokens(change)
    assert any(message in error for error in errors), errors


def court_with(**table: Any) -> list[str]:
    return kings_court_errors({"kings_court_stars": {**KINGS_COURT["kings_court_stars"], **table}})


def test_kings_court_validator_names_the_offending_player_count() -> None:
    assert court_with(**{"4": [3, 2, 1]}) == [
        "King's Court kings_court_stars['4']: expected 4 whole numbers >= 0 (one per position), got array of 3 item(s)"
    ]
    assert court_with(**{"6": [3, 3, 2, 1, 0, -1]})[0].startswith("King's Court kings_court_stars['6']")
    assert court_with(**{"seven": [1]}) == [
        "King's Court kings_court_stars['seven']: the key must be a player count from 3 to 6"
    ]
    assert kings_court_errors({"stars": {}})[0] == "King's Court: unknown field 'stars'"


@pytest.mark.parametrize("key", ["\u00b2", "\u0663", "\uff14"])
def test_kings_court_validator_refuses_a_key_that_is_a_digit_only_outside_ascii(key: str) -> None:
    """'²'.isdigit() is True but int('²') raises: the validator must answer with a message, not crash."""
    assert court_with(**{key: [1, 1, 0]}) == [
        f"King's Court kings_court_stars[{key!r}]: the key must be a player count from 3 to 6"
    ]
    assert token_set_errors("tokens") == ["token set: expected an object, got string 'tokens'"]
