"""An independent oracle for "folding is deterministic": the same events folded in a fresh interpreter.

Folding twice in one process cannot catch state that depends on the process (string hashing and so set
order, object ids, module-level caches filled by an earlier fold). The other process runs with a fixed
PYTHONHASHSEED that differs from this one's, so any such dependence shows up as a different snapshot.
Run as `python -m tests.domain.fold_elsewhere` with a JSON request on stdin; it answers the game's JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from domain.kernel import Event, Game, Ruleset, fold, game_to_json
from domain.registry import pinned

ROOT = Path(__file__).resolve().parents[2]


def canonical_game(ruleset: Ruleset[Any], game: Game) -> str:
    """A game's snapshot as canonical JSON text, the form both processes compare."""
    return json.dumps(game_to_json(ruleset, game), sort_keys=True, separators=(",", ":"))


def fold_elsewhere(ruleset: Ruleset[Any], events: Sequence[Event], board: Mapping[str, Any] | None) -> str:
    """The canonical snapshot of `events` (from GameCreated) as folded by another Python process."""
    request = {
        "ruleset": ruleset.id,
        "version": ruleset.version,
        "board": board,
        "events": [{"type": e.type, "data": e.data} for e in events],
    }
    own_seed = os.environ.get("PYTHONHASHSEED", "")
    env = {**os.environ, "PYTHONHASHSEED": "4242" if own_seed != "4242" else "2424"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.domain.fold_elsewhere"],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    return done.stdout


def _answer(request: Mapping[str, Any]) -> str:
    ruleset = pinned(request["ruleset"], request["version"])
    events = [Event(e["type"], e["data"]) for e in request["events"]]
    return canonical_game(ruleset, fold(ruleset, events, request["board"]))


if __name__ == "__main__":
    sys.stdout.write(_answer(json.load(sys.stdin)))
