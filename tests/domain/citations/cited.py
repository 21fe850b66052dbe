"""The one assertion of a citation test: a decision cites these rules, in order, from an inventoried path."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from domain.kernel import Decision

Path = tuple[str, str]


def assert_cites(
    inventory: Mapping[Path, Any], paths: Iterable[Path], decision: Decision, expected: Iterable[str], events: bool
) -> None:
    """`expected` are the rule ids cited, in order; with `events` False the decision also writes nothing.

    Some rulesets return a decision with both events and violations: an adjudicated game refuses it whole
    (service/games.py), a transcript records it with the violations as deviations.
    """
    for path in paths:
        assert path in inventory, f"{path} is not an inventoried refusal path"
    assert [v.rule_id for v in decision.violations] == list(expected)
    assert events or not decision.events, decision.events


def citing(inventory: Mapping[Path, Any], events: bool) -> Callable[..., None]:
    """`cites(path, decision, *expected)` for one ruleset's inventory (see `assert_cites`)."""

    def cites(path: Path, decision: Decision, *expected: str) -> None:
        assert_cites(inventory, [path], decision, expected, events)

    return cites
