"""The rulebooks served by GET /rulesets/{id}/rules are the catalogs' current versions (issue 17, "Done when").

Each served rule is compared word for word with its catalog entry (markdown, punctuation and the Kard és Korona
catalog's "(→ A-n)" pointers aside), and its seed quote with the catalog's where the catalog gives one. The
catalogs live beside the repository in the team's workspace (`shared/rules`), not in a clone of it: without them
(or `ANNALS_RULES_CATALOG` naming their folder) these tests are skipped.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Api
from tests.domain.citations.catalogs import FILES, catalog_dir, entries, words

CATALOG = catalog_dir()
pytestmark = pytest.mark.skipif(CATALOG is None, reason="no shared/rules catalogs beside this clone")

# Rules the project added after the catalog version it follows; the catalogs should take them up.
ADDED = {
    "kard_es_korona": {},
    "agot2": {
        "GOT-X-26": "neutral force tokens on the board (issue 17, point 2)",
        "GOT-X-27": "a march against a neutral force (issue 17, point 2)",
        "GOT-X-28": "a House's components, the limit of a position (issue 15)",
        "GOT-X-29": "the printed set-up of a new game given no position",
    },
    "cedofan_rv": {"RV-POS-1": "positions (issue 15)"},
    "cedofan_kards_bs": {"KBS-POS-1": "positions (issue 15)"},
}


def _served(api: Api, ruleset: str) -> dict[str, dict[str, Any]]:
    response = api.client.get(f"/api/v1/rulesets/{ruleset}/rules?limit=1000")
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body.get("next") is None
    return {rule["id"]: rule for rule in body["items"] if not rule["id"].startswith("CORE-")}


@pytest.mark.parametrize("ruleset", sorted(FILES))
def test_served_rulebook_has_exactly_the_catalogs_rules_when_listed(api: Api, ruleset: str) -> None:
    assert CATALOG is not None
    catalog = set(entries(ruleset, CATALOG))
    served = set(_served(api, ruleset))
    assert sorted(catalog - served) == [], "catalog rules the rulebook does not serve"
    assert sorted(served - catalog) == sorted(ADDED[ruleset]), "served rules the catalog does not have"


@pytest.mark.parametrize("ruleset", sorted(FILES))
def test_served_rule_texts_and_quotes_are_the_catalogs_word_for_word(api: Api, ruleset: str) -> None:
    assert CATALOG is not None
    served = _served(api, ruleset)
    for rule_id, entry in entries(ruleset, CATALOG).items():
        said, summary = words(entry.text), words(served[rule_id]["summary"])
        assert (summary if entry.whole else summary[: len(said)]) == said, rule_id
        if entry.quote:
            assert words(served[rule_id]["source_quote"]) == words(entry.quote), rule_id


def test_cedofan_rv_serves_catalog_1_1_with_its_corrected_rv_amb_4_and_rv_amb_24(api: Api) -> None:
    """Catalog 1.1: RV-AMB-24 is checked after each storm and never after a relief battle („Oblehatelé dále
    pokračují v obléhání."); RV-AMB-4 counts the Kard League's sub-faction impulses as one round."""
    assert CATALOG is not None
    assert "| catalog version | 1.1 " in (CATALOG / FILES["cedofan_rv"]).read_text(encoding="utf-8")
    catalog, served = entries("cedofan_rv", CATALOG), _served(api, "cedofan_rv")
    for rule_id in ("RV-AMB-4", "RV-AMB-24"):
        assert words(served[rule_id]["summary"]) == words(catalog[rule_id].text)
    assert "never after a relief battle" in served["RV-AMB-24"]["summary"]
    assert "even from a later sub-faction impulse" in served["RV-AMB-4"]["summary"]
