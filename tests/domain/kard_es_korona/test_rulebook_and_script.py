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
AREAS = ("GEN", "SETUP", "NEUTRAL", "TURN", "ECON", "RECRUIT", "CASTLE", "MOVE", "BATTLE", "OPEN", "SIEGE")


def test_every_rule_id_the_engine_cites_is_in_the_rulebook() -> None:
    root = Path(__file__).resolve().parents[3] / ENGINE
    cited = set()
    for path in root.glob("*.py"):
        if not path.name.startswith("rule"):
            cited |= set(re.findall(r'"(KK-[A-Z]+-\d+)"', path.read_text(encoding="utf-8")))
    assert cited, "no rule ids found"
    assert sorted(cited - set(RULEBOOK)) == []


def test_rulebook_has_every_rule_of_the_issue_3_areas_with_its_hungarian_quote() -> None:
    for area, count in {"SETUP": 13, "MOVE": 18, "BATTLE": 14, "OPEN": 5, "SIEGE": 12, "CASTLE": 8, "ECON": 7}.items():
        assert all(f"KK-{area}-{n}" in RULEBOOK for n in range(1, count + 1)), area
    for rule in RULEBOOK.values():
        assert rule.id.split("-")[1] in (*AREAS, "EVENT", "LORD", "OFFICE", "ELECT")
        assert rule.source_quote and rule.source_file == SOURCE_FILE
    assert "7 seregnél több" in RULEBOOK["KK-CASTLE-2"].source_quote


def test_long_game_events_fold_to_the_1303_election_when_folded_from_game_created() -> None:
    events = long_game_events()
    assert events[0].type == "GameCreated" and len(events) > 500
    game = fold(KARD_ES_KORONA, events, SHIPPED_BOARDS["advanced"])
    assert (game.state.year, game.state.phase) == (1303, "election")
