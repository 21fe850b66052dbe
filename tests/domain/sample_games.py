"""The shipped sample games (replays/samples) played through the domain alone, as the service would record them.

Each step is decided as the organiser enters it (table dice in the data), sealed steps are sealed and, once their
round is complete, revealed; every game the events pass through is kept, so a test can pick any version.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, Ruleset, Seat, advance, start
from domain.platform import decide_action, decide_reveal, decide_seal

SAMPLES = Path(__file__).resolve().parents[2] / "replays" / "samples"
NOW = "2026-01-01T12:00:00Z"
SALT = "00112233445566778899aabbccddeeff"


@dataclass(frozen=True)
class SampleGame:
    """A sample played: its board, seats and the game at every version (index 0 is version 1)."""

    board: Mapping[str, Any] | None
    seats: tuple[Seat, ...]
    games: tuple[Game, ...]


def play_sample(ruleset: Ruleset[Any], name: str) -> SampleGame:
    """Play `replays/samples/<name>.sample.json`; every step must be accepted."""
    sample = json.loads((SAMPLES / f"{name}.sample.json").read_text(encoding="utf-8"))
    setup = sample["game"]
    board = ruleset.shipped_boards[setup["board"]] if setup.get("board") else None
    created = Event(
        "GameCreated",
        {
            "game_id": f"sample-{name}",
            "ruleset": ruleset.id,
            "ruleset_version": ruleset.version,
            "variant": setup.get("variant"),
            "options": {**ruleset.default_options, **setup.get("options", {})},
            "board": setup.get("board"),
            "seats": setup["seats"],
            "mode": setup["mode"],
            "dice": setup["dice"],
            "dice_commitment": None,
        },
    )
    games = [start(ruleset, created, board)]
    for step in sample["actions"]:
        for event in _decided(ruleset, games[-1], step).events:
            games.append(advance(ruleset, games[-1], event))
    seats = tuple(Seat(s["seat"], s.get("player")) for s in setup["seats"])
    return SampleGame(board, seats, tuple(games))


def _decided(ruleset: Ruleset[Any], game: Game, step: Mapping[str, Any]) -> Decision:
    if "sealed" not in step:
        action = Action(step["type"], step.get("seat"), step.get("data") or {}, Authority.RECORDER)
        decision = decide_action(ruleset, game, action, Inputs(NOW))
        assert not decision.violations, (step, decision.violations)
        return decision
    sealed = step["sealed"]
    decision, complete = decide_seal(ruleset, game, sealed["seat"], sealed["round"], sealed["payload"], SALT)
    assert not decision.violations, (step, decision.violations)
    if complete is None:
        return decision
    # The samples' sealed rounds (loot slips) are sealed by one seat each.
    assert complete.seats == (sealed["seat"],), complete.seats
    secrets = {sealed["seat"]: (sealed["payload"], SALT)}
    return decision.then(decide_reveal(ruleset, game, complete, secrets, Inputs(NOW)))
