"""The actions freeform gives a meaning to, as data (issue 15). Any other snake_case type is recorded as it is
(FF-ACTION-1/2), so it has no declaration and its `data` is any object within the size limit."""

from __future__ import annotations

from domain.actions import ActionSpec, array, catalog, game_id, integer, obj, with_dice

MAX_ROLL = 100
# No ":": the service keys a sealed secret "<round>:<seat>", so "a:b" would collide with round "a".
ROUND_PATTERN = r"^[a-z0-9][a-z0-9_\-.]{0,63}$"

ACTION_SPECS = catalog(
    ActionSpec(
        "roll",
        "Roll `count` six-sided dice from the game's dice (server or table).",
        ("FF-ROLL-1",),
        with_dice(
            obj({"count": integer(1, MAX_ROLL)}, {"purpose": {"type": "string"}}),
            "the `count` faces in the order they were read",
        ),
        {"count": 6, "purpose": "bombardment of the village"},
        dice="the `count` faces, in the order they were read",
        seat="optional",
    ),
    ActionSpec(
        "open_sealed",
        "Open a sealed round: the named seats (all, by default) each seal a secret, revealed together.",
        ("FF-SEAL-1",),
        obj(
            {"round": {"type": "string", "pattern": ROUND_PATTERN}},
            {
                "seats": array(game_id("seats", "a seat of the game"), min_items=1, unique=True),
                "purpose": {"type": "string"},
            },
        ),
        {"round": "initiative-2", "purpose": "secret initiative bids"},
        seat="optional",
    ),
)


def board_ids(state: object) -> dict[str, tuple[str, ...]]:
    """Freeform has no board: only the game's seats (which the service adds) are fixed."""
    return {}
