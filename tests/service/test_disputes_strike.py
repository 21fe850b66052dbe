"""The strike of a ruling: compensating `adjust` changes computed three-way (before, after, now)."""

from __future__ import annotations

from typing import Any

from domain.kernel import apply_change
from service.corrections import strike_changes


def _struck(before: dict[str, Any], after: dict[str, Any], now: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    changes, superseded = strike_changes(before, after, now)
    document: Any = now
    for change in changes:
        document = apply_change(document, change)
    return document, superseded


def test_state_returns_to_before_when_nothing_happened_since() -> None:
    before = {"gold": {"red": 5}, "units": {"a1": 3}}
    after = {"gold": {"red": 2}, "units": {"a1": 3, "b2": 1}}

    assert _struck(before, after, after) == (before, [])


def test_counters_move_back_by_the_struck_delta_when_they_changed_since() -> None:
    before = {"gold": {"red": 5, "blue": 4}}
    after = {"gold": {"red": 2, "blue": 4}}  # red paid 3
    now = {"gold": {"red": 7, "blue": 1}}  # red earned 5 since, blue paid 3

    assert _struck(before, after, now) == ({"gold": {"red": 10, "blue": 1}}, [])


def test_independent_parts_are_struck_one_by_one_when_later_events_touched_others() -> None:
    before = {"areas": {"a1": {"owner": "red"}, "b2": {"owner": None}}}
    after = {"areas": {"a1": {"owner": "red"}, "b2": {"owner": "red"}}}  # red took b2
    now = {"areas": {"a1": {"owner": "blue"}, "b2": {"owner": "red"}}}  # blue took a1 since

    assert _struck(before, after, now) == ({"areas": {"a1": {"owner": "blue"}, "b2": {"owner": None}}}, [])


def test_an_object_later_events_rewrote_is_left_and_listed_when_striking_it_would_mix_them() -> None:
    before = {"last": {"red": {"type": "move", "number": 1}}}
    after = {"last": {"red": {"type": "roll", "number": 2}}}
    now = {"last": {"red": {"type": "note", "number": 5}}}

    assert _struck(before, after, now) == (now, ["/last/red"])


def test_keys_the_struck_step_added_are_removed_and_keys_it_removed_come_back() -> None:
    before = {"flags": {"old": True}}
    after = {"flags": {"new~/x": True}}
    now = {"flags": {"new~/x": True, "later": 1}}

    assert strike_changes(before, after, now)[0] == [
        {"op": "set", "path": "/flags/old", "value": True},
        {"op": "remove", "path": "/flags/new~0~1x"},
    ]
    assert _struck(before, after, now) == ({"flags": {"old": True, "later": 1}}, [])
