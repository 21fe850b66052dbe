"""The actions freeform gives a meaning to, as data (issue 15). Any other snake_case type is recorded as it is
(FF-ACTION-1/2), so it has no declaration and its `data` is any object within the size limit."""

from __future__ import annotations

from typing import Any

from domain.actions import ActionSpec, array, catalog, game_id, integer, obj, with_dice
from domain.canonical import canonical_bytes
from domain.kernel import RuleViolation

MAX_ROLL = 100
MAX_DATA_BYTES = 64 * 1024
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


def size_violations(value: Any, rule_id: str, field_name: str) -> list[RuleViolation]:
    """FF-ACTION-2, FF-SEAL-2: a JSON value of at most 64 KiB of canonical JSON."""
    try:
        size = len(canonical_bytes(value))
    except (TypeError, ValueError) as error:  # NaN, infinities, non-JSON types
        return [RuleViolation(rule_id, f"{field_name} is not JSON: {error}", {"field": field_name})]
    if size > MAX_DATA_BYTES:
        message = f"{field_name} is {size} bytes of canonical JSON; at most {MAX_DATA_BYTES} are allowed"
        return [RuleViolation(rule_id, message, {"field": field_name, "bytes": size})]
    return []
