"""The rulebook covers every rule id the engine cites; the bench's scripted game is a valid stream."""

from __future__ import annotations

import re
from pathlib import Path

from domain.kernel import fold
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.rulebook import RULEBOOK, SOURCE_FILE
from tests.bench.kard_es_korona_game import long_game_events

ENGINE = Path(KARD_ES_KORONA.__class__.__module__.replace(".", "/")).parent


def test_every_rule_id_the_engine_cites_is_in_the_rulebook() -> None:
    root = Path(__file__).resolve().parents[3] / ENGINE
    cited = set()
    for path in root.glob("*.py"):
        if not path.name.startswith("rule"):
            cited |= set(re.findall(r'"(KK-[A-Z]+-\d+)"', path.read_text(encoding="utf-8")))
    assert cited, "no rule ids found"
    assert sorted(cited - set(RULEBOOK)) == []


# Rules per area in ../shared/rules/kard-es-korona.md (counted from the catalog; CI has no catalog beside the clone).
CATALOG_AREAS = {
    "GEN": 8, "SETUP": 13, "NEUTRAL": 5, "TURN": 5, "EVENT": 7, "ECON": 7, "RECRUIT": 7, "CASTLE": 8, "MOVE": 18,
    "BATTLE": 14, "OPEN": 5, "SIEGE": 12, "LORD": 9, "ELIM": 8, "VASSAL": 7, "CAPTIVE": 5, "ELECT": 14,
    "OFFICE": 7, "WIN": 7, "ADV": 11, "TRAD": 6,
}  # fmt: skip


def test_rulebook_has_every_rule_of_the_catalog_with_its_hungarian_quote() -> None:
    expected = {f"KK-{area}-{n}" for area, count in CATALOG_AREAS.items() for n in range(1, count + 1)}
    assert sorted(expected - set(RULEBOOK)) == []
    assert sorted(set(RULEBOOK) - expected) == []
    for rule in RULEBOOK.values():
        assert rule.source_quote and rule.source_file == SOURCE_FILE
    assert "lovagként küzdenek" in RULEBOOK["KK-LORD-5"].source_quote
    assert "7 seregnél több" in RULEBOOK["KK-CASTLE-2"].source_quote


def test_long_game_events_fold_to_the_1303_election_when_folded_from_game_created() -> None:
    events = long_game_events()
    assert events[0].type == "GameCreated" and len(events) > 500
    game = fold(KARD_ES_KORONA, events, SHIPPED_BOARDS["advanced"])
    assert (game.state.year, game.state.phase) == (1303, "election")
