"""The printed names notation reads for the ids events carry: Houses, areas, units, order tokens, house cards,
tracks and the Dominance tokens. An id the game does not know is read as itself, so a line never fails."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from domain.rulesets.agot2.state import AgotState

# The printed names of the ids that are not in the game's data (tracks, Dominance tokens, action steps).
_PRINTED = {
    "iron_throne": "Iron Throne",
    "fiefdoms": "Fiefdoms",
    "kings_court": "King's Court",
    "valyrian_steel_blade": "Valyrian Steel Blade",
    "messenger_raven": "Messenger Raven",
    "iron_throne_token": "Iron Throne token",
    "consolidate_power": "Consolidate Power",
}
# A unit's type, one and many (GOT-TERM-1).
_UNIT_TYPES = {
    "footman": ("Footman", "Footmen"),
    "knight": ("Knight", "Knights"),
    "ship": ("Ship", "Ships"),
    "siege_engine": ("Siege Engine", "Siege Engines"),
}
_TYPE_ORDER = tuple(_UNIT_TYPES)


def words(value: Any) -> str:
    """An id read as words: its printed name when it has one, else its underscores as spaces."""
    text = str(value)
    return _PRINTED.get(text, text.replace("_", " "))


def house(seat: Any) -> str:
    """A House (a seat) by name: "stark" reads "Stark"."""
    return str(seat).replace("_", " ").title() if seat else "nobody"


def houses(seats: Any) -> str:
    """Seats by name, in their order."""
    return ", ".join(house(seat) for seat in seats) if isinstance(seats, list) and seats else "nobody"


def area(state: AgotState, area_id: Any) -> str:
    """An area by the name the game's board gives it."""
    return state.board.name(str(area_id)) if area_id else "nowhere"


def areas(state: AgotState, area_ids: Any) -> str:
    """Areas by name."""
    return ", ".join(area(state, a) for a in area_ids) if isinstance(area_ids, list) and area_ids else "no areas"


def _unit_type(state: AgotState, unit_id: str) -> str:
    unit = state.units.get(unit_id)
    if unit is not None:
        return unit.type
    parts = unit_id.split(":")  # "<seat>:<type>:<area>:<n>", the id the engine gives a unit
    return parts[1] if len(parts) == 4 else unit_id


def units(state: AgotState, unit_ids: Any) -> str:
    """Units counted by type ("a Knight and 2 Footmen"); an unknown id is read as itself."""
    if not isinstance(unit_ids, list) or not unit_ids:
        return "no units"
    counts = Counter(_unit_type(state, str(u)) for u in unit_ids)
    ordered = sorted(counts, key=lambda t: (_TYPE_ORDER.index(t) if t in _TYPE_ORDER else len(_TYPE_ORDER), t))
    return _and([_counted(kind, counts[kind]) for kind in ordered])


def unit_types(kinds: Iterable[Any]) -> str:
    """Unit types counted ("2 Footmen and a Knight"), as `unit_detail` lists them."""
    counts = Counter(str(kind) for kind in kinds)
    return _and([_counted(kind, n) for kind, n in counts.items()]) if counts else "no units"


def _counted(kind: str, count: int) -> str:
    if kind not in _UNIT_TYPES:  # an id from elsewhere, read as itself
        return kind if count == 1 else f"{count} × {kind}"
    one, many = _UNIT_TYPES[kind]
    return f"a {one}" if count == 1 else f"{count} {many}"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def token(state: AgotState, token_id: Any) -> str:
    """An order token by its printed face: "March +1 ★", "Defense +2 ★", "Raid", "Consolidate Power ★"."""
    found = state.tokens.get(str(token_id))
    if found is None:
        return words(token_id)
    name = " ".join(word[:1].upper() + word[1:] for word in words(found.type).split())
    if found.type in ("march", "defense", "support"):
        name += f" {found.modifier:+d}"
    return f"{name} ★" if found.special else name


def card(state: AgotState, card_id: Any) -> str:
    """A house card by its printed name."""
    found = state.cards.get(str(card_id))
    return found.name if found is not None else words(card_id)
