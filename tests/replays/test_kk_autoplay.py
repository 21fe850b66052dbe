"""The random Kard és Korona player: whole games that end by the rules, re-decide identically, and record as samples."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from domain.kernel import fold
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from service.samples import game_of, load_sample
from tests.conftest import Api
from tests.replays.kk_autoplay import autoplay, play_random_game, redecide, sample_document
from tests.replays.kk_table import created_event

THREE = ("felvidek", "erdely", "szlavonia")
OTHER_THREE = ("pannonia", "tiszahat", "delvidek")
# KK-SETUP-3: the three four-player tables (two neighbouring pairs).
FOUR = (
    ("erdely", "delvidek", "pannonia", "felvidek"),
    ("felvidek", "tiszahat", "delvidek", "szlavonia"),
    ("tiszahat", "erdely", "szlavonia", "pannonia"),
)
GAMES = [(THREE, 1), (THREE, 2), (OTHER_THREE, 3), (FOUR[0], 4), (FOUR[1], 5), (FOUR[2], 6)]


@pytest.mark.parametrize(("seats", "seed"), GAMES, ids=lambda v: str(v) if isinstance(v, int) else len(v))
def test_game_ends_by_the_rules_when_played_at_random(seats: tuple[str, ...], seed: int) -> None:
    played = autoplay(seats, seed=seed)
    ended = [e for e in played.events if e.type == "GameEnded"]
    assert played.game.meta.ended and len(ended) == 1 and played.events[-1] is ended[0]
    result = ended[0].data
    assert result["by"] == "rules" and result["condition"] in (
        "KK-WIN-2",
        "KK-WIN-3",
        "KK-WIN-4",
        "KK-WIN-5",
        "KK-WIN-7",
    )
    assert all(step.get("type") != "end_game" for step in played.actions)
    # KK-WIN-7: without an earlier win the game runs to 1308, the basic game's last year (KK-GEN-1).
    assert played.game.state.year <= 1308
    if result["condition"] == "KK-WIN-7":
        assert played.game.state.year == 1308
    first = sorted(row["seat"] for row in result["ranking"] if row["place"] == 1)
    assert first == sorted(result["winners"])
    assert sorted(row["seat"] for row in result["ranking"]) == sorted(seats)


@pytest.mark.parametrize(("seats", "seed"), GAMES[:4], ids=lambda v: str(v) if isinstance(v, int) else len(v))
def test_recorded_actions_redecide_to_the_same_events_when_played_again(seats: tuple[str, ...], seed: int) -> None:
    played = autoplay(seats, seed=seed)
    events, game = redecide(played.document, played.actions)
    assert events == played.events
    assert game.state == played.game.state and game.meta.result == played.game.meta.result
    created = created_event("basic", seats)
    folded = fold(KARD_ES_KORONA, [created, *events], SHIPPED_BOARDS["basic"])
    assert folded.state == played.game.state and folded.version == played.game.version


def test_same_seed_gives_the_same_actions_and_another_seed_other_ones() -> None:
    document, actions, game = play_random_game(THREE, seed=11)
    again = play_random_game(THREE, seed=11)
    other = play_random_game(THREE, seed=12)
    assert (document, actions) == again[:2] and game.state == again[2].state
    assert actions != other[1]


def test_random_games_fight_battles_and_sieges_recruit_and_elect_when_several_are_played() -> None:
    seen: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for seats, seed in GAMES:
        played = autoplay(seats, seed=seed)
        seen.update(e.type for e in played.events)
        kinds.update(e.data["kind"] for e in played.events if e.type == "BattleCreated")
    # KK-BATTLE-2: open battles and sieges; KK-SIEGE: castles change hands; KK-RECRUIT, KK-ELECT-6, KK-EVENT-1.
    assert kinds["open"] > 0 and kinds["siege"] > 0
    assert seen["CastleCaptured"] > 0 and seen["UnitsRecruited"] > 0 and seen["SubmissionSealed"] > 0
    assert seen["ExchangeRolled"] > 0 and seen["EventCardDrawn"] == seen["YearBegan"]


def test_seats_outside_the_setup_rules_are_refused_when_asked_for() -> None:
    with pytest.raises(ValueError, match="KK-SETUP-4"):
        play_random_game(("felvidek", "erdely", "pannonia"), seed=1)
    with pytest.raises(ValueError, match="basic"):
        play_random_game(THREE, variant="advanced", seed=1)


def test_sample_document_records_and_verifies_through_the_service_when_loaded(api: Api, tmp_path: Path) -> None:
    document = sample_document(FOUR[0], seed=4)
    assert set(document) == {"description", "game", "actions"}
    path = tmp_path / "kard_es_korona_random_seed_4.sample.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    game_id = game_of(load_sample(api.services, path))
    assert api.client.get(f"/api/v1/games/{game_id}/verify").get_json()["ok"] is True
    events = list(api.services.store.read(f"game:{game_id}"))
    ended = [e.data for e in events if e.type == "GameEnded"]
    assert len(ended) == 1 and ended[0]["by"] == "rules"
    result = autoplay(FOUR[0], seed=4).game.meta.result
    assert result is not None and ended[0]["winners"] == result["winners"]
