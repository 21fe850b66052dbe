"""Canonical JSON: the one encoding hashes and commitments are computed over (DESIGN §5)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.canonical import canonical_json

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)


@given(_JSON)
def test_canonical_json_is_json_dumps_with_sorted_keys_and_no_spaces_when_given_any_json_value(value: Any) -> None:
    expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    assert canonical_json(value) == expected


def test_keys_sorted_unicode_kept_and_tuples_as_arrays_when_a_mapping_nests() -> None:
    value = {"b": (1, 2.5), "a": {"z": "é 城", "y": None}, "c": [True, "\n"]}
    assert canonical_json(value) == '{"a":{"y":null,"z":"é 城"},"b":[1,2.5],"c":[true,"\\n"]}'


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), {"x": [float("-inf")]}])
def test_value_error_when_a_float_is_not_finite(bad: Any) -> None:
    with pytest.raises(ValueError, match="Out of range float"):
        canonical_json(bad)


def test_type_error_when_a_value_is_not_json() -> None:
    with pytest.raises(TypeError, match="set is not JSON serializable"):
        canonical_json({"seats": {"red"}})


def test_value_error_and_later_calls_unaffected_when_a_list_contains_itself() -> None:
    looped: list[Any] = [1]
    looped.append(looped)
    with pytest.raises(ValueError, match="Circular reference"):
        canonical_json(looped)
    assert canonical_json([[1], [1]]) == "[[1],[1]]"  # the same inner list twice is not a cycle
