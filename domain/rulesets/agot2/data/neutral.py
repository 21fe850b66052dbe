"""Neutral force tokens (GOT-X-26): the base game's per player count, and the checks of their entries.

A token stands on one land area with a printed strength, or with strength null where the game's player
count closes the area altogether. The document is ``{"neutral_forces": [{area, strength, players}], "notes"}``;
a position's entries (``options.position.neutral_forces``) are ``{area, strength}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.agot2.data.tokens import MAX_PLAYERS, MIN_PLAYERS
from domain.rulesets.agot2.data.values import is_integer, is_text, shown, unknown_keys

# The printed tokens run from 3 to 6 (The Eyrie); a token of 0 would be no token at all.
MIN_STRENGTH, MAX_STRENGTH = 1, 6


def strength_error(value: object, where: str) -> str | None:
    """GOT-X-26: a token's strength is a whole number from 1 to 6, or null for a closed area."""
    if value is None or (is_integer(value) and isinstance(value, int) and MIN_STRENGTH <= value <= MAX_STRENGTH):
        return None
    return (
        f"{where}: expected a whole number from {MIN_STRENGTH} to {MAX_STRENGTH} "
        f"(or null for a closed area), got {shown(value)}"
    )


def entry_errors(entry: object, where: str, extra: tuple[str, ...] = ()) -> list[str]:
    """The shape of one token entry {area, strength} (plus `extra` keys the caller checks)."""
    if not isinstance(entry, Mapping):
        return [f"{where}: expected an object {{area, strength}}, got {shown(entry)}"]
    errors = unknown_keys(entry, ("area", "strength", *extra), where)
    if not is_text(entry.get("area")):
        errors.append(f"{where}.area: expected an area id, got {shown(entry.get('area'))}")
    if "strength" not in entry:
        errors.append(f"{where}.strength: required (a whole number, or null for a closed area)")
    elif (problem := strength_error(entry["strength"], f"{where}.strength")) is not None:
        errors.append(problem)
    return errors


def neutral_set_errors(document: object) -> list[str]:
    """Every problem of a neutral-force document; an area holds at most one token per player count."""
    if not isinstance(document, Mapping):
        return [f"neutral forces: expected an object, got {shown(document)}"]
    errors = unknown_keys(document, ("neutral_forces", "notes"), "neutral forces")
    tokens = document.get("neutral_forces")
    if not isinstance(tokens, list):
        return [*errors, f"neutral forces neutral_forces: expected an array, got {shown(tokens)}"]
    placed: set[tuple[str, int]] = set()
    for index, token in enumerate(tokens):
        where = f"neutral_forces[{index}]"
        found = entry_errors(token, where, ("players",))
        errors += found
        if found or not isinstance(token, Mapping):
            continue
        players = token.get("players")
        if not (
            isinstance(players, list)
            and players
            and all(is_integer(n) and MIN_PLAYERS <= n <= MAX_PLAYERS for n in players)
        ):
            errors.append(f"{where}.players: expected player counts from {MIN_PLAYERS} to {MAX_PLAYERS}")
            continue
        for count in players:
            if (token["area"], count) in placed:
                errors.append(f"{where}: {token['area']!r} already holds a token with {count} players")
            placed.add((token["area"], count))
    return errors


def neutral_forces_for(document: Mapping[str, Any], player_count: int) -> dict[str, int | None]:
    """GOT-X-26: area -> strength of the tokens placed for this player count (none outside 3-6)."""
    return {
        token["area"]: token["strength"]
        for token in document.get("neutral_forces", ())
        if player_count in token.get("players", ())
    }
