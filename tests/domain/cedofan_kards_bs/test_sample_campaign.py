"""The sample campaign replays in the domain with every action accepted, and ends where the rules say."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.kernel import Action, Authority, Event, Game, Inputs, fold, start
from domain.platform import decide_action
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS

SAMPLE = Path(__file__).resolve().parents[3] / "replays" / "samples" / "cedofan_kards_bs_kards_war.sample.json"


def _replay() -> tuple[Game, list[Event]]:
    sample: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    setup = sample["game"]
    board = KBS.shipped_boards[setup["board"]]
    created = Event(
        "GameCreated",
        {
            "game_id": "sample",
            "title": setup["title"],
            "ruleset": KBS.id,
            "ruleset_version": KBS.version,
            "variant": None,
            "options": {**KBS.default_options, **setup["options"]},
            "board": setup["board"],
            "seats": setup["seats"],
            "mode": setup["mode"],
            "dice": setup["dice"],
            "dice_commitment": None,
        },
    )
    game = start(KBS, created, board)
    events: list[Event] = []
    for step in sample["actions"]:
        action = Action(step["type"], step["seat"], step["data"], Authority.RECORDER)
        decision = decide_action(KBS, game, action, Inputs("2026-01-01T00:00:00Z"))
        assert not decision.violations, (step, decision.violations)
        events += decision.events
        game = fold(KBS, decision.events, board, start_from=game)
    return game, events


def test_every_action_is_accepted_and_the_campaign_ends_as_ruled_when_the_sample_is_replayed() -> None:
    game, events = _replay()
    kinds = [e.type for e in events]
    for expected in (
        "SiegeStarted",
        "SiegeAttritionApplied",
        "ArmiesEnteredJointly",
        "ReliefAttackDeclared",
        "StormDeclared",
        "GiantsArrived",
        "PirateRaidResolved",
        "ArmyRetreated",
        "CityTurnedNeutral",
    ):
        assert expected in kinds
    relief = next(e.data for e in events if e.type == "BattleResolved" and e.data["kind"] == "relief")
    assert relief["values"] == [4, 3]  # floor((4+3+2 BS + 1 Jaromír + 6)/4), floor((9 + 3 Robert + 1)/4)
    raid = next(e.data for e in events if e.type == "PirateRaidResolved")
    assert raid["values"] == [3, 3] and raid["winner"] == "ostius"  # floor((4+2+8)/4), floor((6+6)/4)
    state = game.state
    assert state.round == 5 and state.phase == "round_over"
    assert state.owners["c-baria"] == "stiny" and state.owners["c-lomen"] == "neutral"
    assert state.owners["c-jezerni"] == "zapad" and not state.sieges
