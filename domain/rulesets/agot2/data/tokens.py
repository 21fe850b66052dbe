"""The agot2 order-token set (catalog §0.3.3) and King's Court star counts (§0.3.4, GOT-COURT-1/2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.agot2.data.values import choices, is_count, is_integer, is_one_of, is_text, shown, unknown_keys

ORDER_TYPES = frozenset({"march", "defense", "support", "raid", "consolidate_power"})
# Only these orders add combat strength (GOT-STRENGTH-3/4/5); the others carry no modifier.
MODIFIED_TYPES = frozenset({"march", "defense", "support"})
TOKEN_FIELDS = frozenset({"id", "type", "modifier", "special"})
MIN_PLAYERS = 3
MAX_PLAYERS = 6


def token_set_errors(document: object) -> list[str]:
    """Every problem of an order-token set; each message names the token and field."""
    if not isinstance(document, Mapping):
        return [f"token set: expected an object, got {shown(document)}"]
    tokens = document.get("tokens")
    if not isinstance(tokens, list) or not tokens:
        return [f"token set tokens: expected a non-empty array, got {shown(tokens)}"]
    errors: list[str] = []
    seen: set[str] = set()
    for index, token in enumerate(tokens):
        if not isinstance(token, Mapping) or not is_text(token.get("id")):
            errors.append(f"tokens[{index}]: expected an object with a non-empty string id, got {shown(token)}")
            continue
        where = f"token {token['id']!r}"
        if token["id"] in seen:
            errors.append(f"{where}: id repeated (tokens[{index}])")
            continue
        seen.add(token["id"])
        errors += _token_errors(token, where)
    return errors


def _token_errors(token: Mapping[str, Any], where: str) -> list[str]:
    """§0.3.3: a known order type, an integer modifier for the strength orders (negative only for March)."""
    errors = unknown_keys(token, TOKEN_FIELDS, where)
    kind, modifier = token.get("type"), token.get("modifier")
    if not is_one_of(kind, ORDER_TYPES):
        errors.append(f"{where} type: expected {choices(ORDER_TYPES)}, got {shown(kind)}")
    elif kind == "march" and not is_integer(modifier):
        errors.append(f"{where} modifier: a March order needs a whole-number bonus or penalty, got {shown(modifier)}")
    elif kind in MODIFIED_TYPES and kind != "march" and not is_count(modifier):
        errors.append(
            f"{where} modifier: a {kind.title()} order needs a whole-number bonus >= 0, got {shown(modifier)}"
        )
    elif kind not in MODIFIED_TYPES and modifier is not None:
        errors.append(
            f"{where} modifier: a {kind} order adds no combat strength, so it has none; got {shown(modifier)}"
        )
    if not isinstance(token.get("special"), bool):
        errors.append(f"{where} special: expected true (starred) or false, got {shown(token.get('special'))}")
    return errors


def kings_court_errors(document: object) -> list[str]:
    """Every problem of the King's Court star table: one count per position for each player count (GOT-COURT-1/2)."""
    if not isinstance(document, Mapping):
        return [f"King's Court: expected an object, got {shown(document)}"]
    errors = unknown_keys(document, ("kings_court_stars", "notes"), "King's Court")
    table = document.get("kings_court_stars")
    if not isinstance(table, Mapping) or not table:
        return [
            *errors,
            f"King's Court kings_court_stars: expected an object keyed by player count, got {shown(table)}",
        ]
    for players, stars in table.items():
        where = f"King's Court kings_court_stars[{players!r}]"
        count = int(players) if isinstance(players, str) and players.isascii() and players.isdigit() else None
        if count is None or not MIN_PLAYERS <= count <= MAX_PLAYERS:
            errors.append(f"{where}: the key must be a player count from {MIN_PLAYERS} to {MAX_PLAYERS}")
        elif not (isinstance(stars, list) and len(stars) == count and all(map(is_count, stars))):
            errors.append(f"{where}: expected {count} whole numbers >= 0 (one per position), got {shown(stars)}")
    return errors


def stars_for(document: Mapping[str, Any], player_count: int) -> tuple[int, ...]:
    """GOT-COURT-1/2: the stars of positions 1..n for an n-player game (KeyError when the table has no such count)."""
    return tuple(document["kings_court_stars"][str(player_count)])
