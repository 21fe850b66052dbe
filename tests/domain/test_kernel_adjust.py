"""The universal `adjust` action's JSON-pointer edits: a bad index is an AdjustmentError, never a crash."""

from __future__ import annotations

import pytest

from domain.kernel import AdjustmentError, apply_change


def test_a_list_index_is_set_when_it_is_an_ascii_number_in_range() -> None:
    assert apply_change({"track": [1, 2, 3]}, {"op": "set", "path": "/track/1", "value": 9}) == {"track": [1, 9, 3]}


@pytest.mark.parametrize("index", ["\u00b2", "\u0663", "-1", "3", "x"])
def test_adjustment_error_names_the_path_when_the_list_index_is_not_an_ascii_number_in_range(index: str) -> None:
    """'²'.isdigit() is True but int('²') raises ValueError, which evolve's catch of AdjustmentError would miss."""
    with pytest.raises(AdjustmentError, match=f"/track/{index}: index '{index}' out of range"):
        apply_change({"track": [1, 2, 3]}, {"op": "set", "path": f"/track/{index}", "value": 9})
