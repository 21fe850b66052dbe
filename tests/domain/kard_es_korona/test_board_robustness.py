"""`kk_board_errors` never raises: any JSON value anywhere in an uploaded board gives messages, not a crash."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.boards import board_errors
from domain.rulesets.kard_es_korona.board import kk_board_errors, load_kk_board
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS

Path = tuple[str | int, ...]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def paths(value: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every place in a JSON document, the root excluded."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield (*prefix, key)
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*prefix, index)
            yield from paths(item, (*prefix, index))


def small_board() -> dict[str, Any]:
    """A private copy of the shipped basic board."""
    return copy.deepcopy(dict(SHIPPED_BOARDS["basic"]))


# Every place of the board's attributes, and of two counties and two edges (the others are alike).
PLACES = [
    path
    for path in paths(small_board())
    if path[0] in ("name", "ruleset", "attributes")
    or len(path) == 1
    or (len(path) > 1 and path[0] == "areas" and path[1] in (0, 42))
    or (len(path) > 1 and path[0] == "edges" and path[1] in (0, 97))
]


def replaced(path: Path, value: Any) -> dict[str, Any]:
    document = small_board()
    holder: Any = document
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return document


@settings(max_examples=300, deadline=None)
@given(path=st.sampled_from(PLACES), value=JSON)
def test_errors_are_listed_not_raised_whatever_value_is_put_anywhere(path: Path, value: Any) -> None:
    document = replaced(path, value)

    errors = kk_board_errors(document)

    assert isinstance(errors, list) and all(isinstance(error, str) for error in errors)
    if not errors and not board_errors(document):
        load_kk_board(document)  # a board both checks accept always loads


@settings(max_examples=100, deadline=None)
@given(path=st.sampled_from(PLACES))
def test_errors_are_listed_when_a_place_is_deleted(path: Path) -> None:
    document = small_board()
    holder: Any = document
    for key in path[:-1]:
        holder = holder[key]
    del holder[path[-1]]

    errors = kk_board_errors(document)

    assert all(isinstance(error, str) for error in errors)
    if not errors and not board_errors(document):
        load_kk_board(document)
