"""Every rule of a catalog is either cited where the engine decides it or marked as left to `adjust` (issue 18,
point 2).

The rulebook is the catalog (tests/api/test_rulebooks_match_the_catalogs.py holds them equal where the catalogs are
at hand), so every rulebook id is checked: a guard whose docstring opens with it, a trace note or refusal citing it
(decided.py says exactly what counts), or an entry of the ruleset's `left_to_adjust` — what the table enters
itself, served by GET /rulesets/{id} and shown on the rulebook page.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel import Ruleset
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from tests.domain.citations.decided import cited_ids, cited_in

RULESETS: dict[str, Ruleset[Any]] = {
    "kard_es_korona": KARD_ES_KORONA,
    "agot2": AGOT2,
    "cedofan_rv": CEDOFAN_RV,
    "cedofan_kards_bs": CEDOFAN_KARDS_BS,
}


def _catalog_ids(ruleset: Ruleset[Any]) -> set[str]:
    """The ruleset's own catalog ids (the platform's CORE-* rules are decided by the kernel)."""
    return {rule_id for rule_id in ruleset.rulebook if not rule_id.startswith("CORE-")}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_catalog_rule_is_cited_where_it_is_decided_or_left_to_adjust(name: str) -> None:
    ruleset = RULESETS[name]
    left = {rule_id for rule_id, _ in ruleset.left_to_adjust}
    uncited = sorted(_catalog_ids(ruleset) - cited_ids(name) - left)
    assert uncited == [], f"{name}: rules neither cited where decided nor in left_to_adjust: {', '.join(uncited)}"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_rule_left_to_adjust_is_a_catalog_rule_with_its_effect(name: str) -> None:
    ruleset = RULESETS[name]
    for rule_id, effect in ruleset.left_to_adjust:
        assert rule_id in _catalog_ids(ruleset), rule_id
        assert effect.strip(), rule_id


def test_kk_siege_8_is_cited_where_the_castle_falls_with_both_sides_last_units() -> None:
    """Issue 18: KK-SIEGE-8 was decided only by branch order in combat.py and cited nowhere."""
    assert "KK-SIEGE-8" in cited_ids("kard_es_korona")


SOURCE = '''
"""KK-GEN-1: a module docstring cites nothing."""


def guard(state):
    """KK-MOVE-2, KK-MOVE-3: opening ids cite.

    KK-MOVE-4 and KK-ECON-1..3, KBS-MOV-2/5, LORD-2/3: so does a line that opens with ids;
    a mention in the text (KK-MOVE-6) does not.
    """
    # KK-MOVE-7 in a comment cites nothing
    flow.note("KK-BATTLE-4", f"KK-BATTLE-5: {state}")
    return refuse("KK-SIEGE-1", "KK-SIEGE-2 is only mentioned here")


left_to_adjust = (("KK-EVENT-2", "effect"),)
'''


def test_scan_counts_opening_ids_exact_ids_and_trace_texts_only() -> None:
    cited = cited_in(SOURCE)
    assert cited == {
        *("KK-MOVE-2", "KK-MOVE-3", "KK-MOVE-4", "KK-ECON-1", "KK-ECON-2", "KK-ECON-3", "KBS-MOV-2", "KBS-MOV-5"),
        *("KK-LORD-2", "KK-LORD-3", "KK-BATTLE-4", "KK-BATTLE-5", "KK-SIEGE-1"),
    }
