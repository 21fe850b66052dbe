"""Validators of uploaded agot2 data never raise: any value anywhere gives a list of messages, not a crash."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.rulesets.agot2.data import (
    BASE_BOARD,
    BASE_HOUSE_CARDS,
    BASE_ORDER_TOKENS,
    KINGS_COURT,
    board_errors,
    card_set_errors,
    kings_court_errors,
    token_set_errors,
)

Path = tuple[str | int, ...]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def paths(value: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every place in a JSON document, the root included."""
    yield prefix
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def replaced(document: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    copied = copy.deepcopy(document)
    holder = copied
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return copied


CASES: list[tuple[str, Mapping[str, Any], Callable[[object], list[str]]]] = [
    ("board", BASE_BOARD, board_errors),
    ("house cards", BASE_HOUSE_CARDS, card_set_errors),
    ("order tokens", BASE_ORDER_TOKENS, token_set_errors),
    ("King's Court", KINGS_COURT, kings_court_errors),
]


@pytest.mark.parametrize(("name", "document", "validator"), CASES, ids=[case[0] for case in CASES])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_validator_returns_messages_for_any_value_anywhere(
    name: str, document: Mapping[str, Any], validator: Callable[[object], list[str]], data: st.DataObject
) -> None:
    path = data.draw(st.sampled_from(list(paths(document))), label="path")
    value = data.draw(JSON, label="value")
    errors = validator(replaced(document, path, value))
    assert isinstance(errors, list) and all(isinstance(error, str) and error for error in errors), name
