"""`pending` as the API serves it (issue 15, point 2): the ruleset's answer for one viewer, each option with
the senders, seat requirement and table-dice order its action spec declares."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game, Ruleset, Viewer
from domain.pending import SEAL
from domain.platform import client_seeds_open
from domain.platform_actions import action_specs

# A sealed submission is not an action: it goes to POST /games/{id}/sealed, sent by the seat's holder or staff.
_SEAL_DECLARATION = {
    "endpoint": "sealed",
    "senders": ["player", "recorder", "arbiter"],
    "seat": "required",
    "dice": None,
}


def pending_json(ruleset: Ruleset[Any], game: Game, viewer: Viewer, viewer_name: str) -> dict[str, Any]:
    """What the game waits for at `game.version`, as `viewer` may see it."""
    pending = ruleset.pending(game, viewer)
    specs = action_specs(ruleset)
    document = pending.to_json()
    for entry in document["waiting"]:
        for option in entry["options"]:
            spec = specs.get(option["type"])
            if option["type"] == SEAL:
                option.update(_SEAL_DECLARATION)
            elif spec is not None:
                option.update(
                    endpoint="actions", senders=[s.value for s in spec.senders], seat=spec.seat, dice=spec.dice
                )
            else:  # freeform's open vocabulary: any type it would record
                option.update(endpoint="actions", senders=["player", "recorder", "arbiter"], seat="optional", dice=None)
    return {
        "game": game.meta.game_id,
        "version": game.version,
        "viewer": viewer_name,
        "ended": game.meta.ended,
        "dice": game.meta.dice.value,
        "client_seeds_open": client_seeds_open(game),
        **document,
    }
