"""Notation lines for the events any game may hold whatever its ruleset: the platform's own facts.

A ruleset's `notation` answers its own events and falls back on `platform_line` for these, so an arbiter's
correction or a revealed dice seed reads the same in every game's text export and replay frames.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Event


def platform_line(event: Event) -> str | None:
    """The line for a platform event, or None when the event is not one (or is malformed)."""
    data = event.data
    try:
        match event.type:
            case "StateAdjusted":
                return f"state adjusted ({len(data['changes'])} change(s)): {data['reason']}"
            case "DiceSeedRevealed":
                return f"dice seed revealed: {data['seed']}"
            case "ClientSeedAdded":
                return f"{data['seat']} adds client seed {data['client_seed']}"
            case "CorrectionApplied":
                return _correction(data)
            case _:
                return None
    except (KeyError, TypeError, ValueError):
        return None


def _correction(data: Mapping[str, Any]) -> str:
    """Names the ruling by its number within the dispute and the disputed version, not the dispute's UUID:
    a reader follows "ruling 2 of the dispute on v12"; the id stays in the event's data and the dispute page."""
    outcome = f"{data['decision']}" + (" on appeal" if data.get("appeal") else "")
    spans = [f"v{a}" if a == b else f"v{a}–v{b}" for a, b in data.get("strikes") or ()]
    struck = f"strikes {', '.join(spans)}" if spans else "strikes nothing"
    rules = f" ({', '.join(data['rule_ids'])})" if data.get("rule_ids") else ""
    action = data.get("corrected_action")
    then = f"; the corrected {action['type']} follows" if isinstance(action, Mapping) and "type" in action else ""
    head = f"ruling {int(data['ruling'])} of the dispute on v{int(data['version'])} ({outcome})"
    return f"{head}{rules}: {struck}{then}"
