"""The refusal-path inventory (issue 17, point 4) lists every refusal the four rulesets can give, by the rule
cited and the function that gives it; a path added or re-cited in the source without a review here fails."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.domain.citations.paths_agot2 import AGOT2
from tests.domain.citations.paths_cedofan_kards_bs import CEDOFAN_KARDS_BS
from tests.domain.citations.paths_cedofan_rv import CEDOFAN_RV
from tests.domain.citations.paths_kard_es_korona import KARD_ES_KORONA
from tests.domain.citations.scan import refusal_paths

INVENTORIES = {
    "kard_es_korona": KARD_ES_KORONA,
    "agot2": AGOT2,
    "cedofan_rv": CEDOFAN_RV,
    "cedofan_kards_bs": CEDOFAN_KARDS_BS,
}


@pytest.mark.parametrize("ruleset", sorted(INVENTORIES))
def test_inventory_lists_every_refusal_path_of_the_source_when_scanned(ruleset: str) -> None:
    in_source = set(refusal_paths(ruleset))
    listed = set(INVENTORIES[ruleset])
    assert sorted(in_source - listed) == [], "refusal paths not in the inventory"
    assert sorted(listed - in_source) == [], "inventoried paths the source no longer has"


def test_scan_sees_an_umbrella_built_with_rule_violation_when_a_retreat_is_of_the_wrong_kind() -> None:
    """The scan sees `choose_retreat`'s GOT-RETREAT-2 umbrella, built with RuleViolation, not refuse."""
    assert ("GOT-RETREAT-2", "combat_actions:_retreat_as_played") in refusal_paths("agot2")


def _paths_named_in_citation_tests() -> set[tuple[str, str]]:
    """Every (rule id, module:function) pair written in a citation test of this folder."""
    named: set[tuple[str, str]] = set()
    for test_file in Path(__file__).parent.glob("test_*.py"):
        for node in ast.walk(ast.parse(test_file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                values = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                if len(values) == 2 and ":" in values[1]:
                    named.add((values[0], values[1]))
    return named


@pytest.mark.parametrize("ruleset", sorted(INVENTORIES))
def test_every_inventoried_refusal_path_has_a_citation_test_naming_it(ruleset: str) -> None:
    """Issue 17, point 4: "a test per path asserting the id" — each path is named by the test that refuses there."""
    untested = sorted(set(INVENTORIES[ruleset]) - _paths_named_in_citation_tests())
    assert untested == [], "refusal paths no citation test names"
