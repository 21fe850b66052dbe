"""Upcasters: old event schemas are read as the current one, step by step, and the chain must be whole."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.freeform import FREEFORM
from domain.upcasting import Upcaster, Upcasters, upcasters_for

# A synthetic history of one event: v1 {"to"} → v2 {"destination"} → v3 {"destination", "steps"}.
V1_TO_V2 = Upcaster("UnitMoved", 1, lambda d: {"destination": d["to"]})
V2_TO_V3 = Upcaster("UnitMoved", 2, lambda d: {**d, "steps": 1})


def test_v1_event_is_read_as_v3_when_both_upcasters_are_chained() -> None:
    chain = Upcasters([V2_TO_V3, V1_TO_V2])

    assert chain.current_version("UnitMoved") == 3
    assert chain.upcast("UnitMoved", 1, {"to": "Buda"}) == {"destination": "Buda", "steps": 1}
    assert chain.upcast("UnitMoved", 2, {"destination": "Buda"}) == {"destination": "Buda", "steps": 1}


def test_current_and_unknown_events_pass_unchanged_when_upcast() -> None:
    chain = Upcasters([V1_TO_V2, V2_TO_V3])
    current: dict[str, Any] = {"destination": "Pest", "steps": 2}

    assert chain.upcast("UnitMoved", 3, current) is current
    assert chain.upcast("GameCreated", 1, {"x": 1}) == {"x": 1}
    assert chain.current_version("GameCreated") == 1


def test_chain_with_a_gap_is_refused_when_built() -> None:
    with pytest.raises(ValueError, match="no upcaster from v1"):
        Upcasters([V2_TO_V3])


def test_two_upcasters_for_one_step_are_refused_when_built() -> None:
    with pytest.raises(ValueError, match="two upcasters"):
        Upcasters([V1_TO_V2, Upcaster("UnitMoved", 1, dict)])


def test_ruleset_without_upcasters_reads_everything_as_written() -> None:
    assert not upcasters_for(FREEFORM)
