"""Small value checks shared by the agot2 data validators; messages quote the bad value briefly."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any


def is_count(value: object) -> bool:
    """A whole number >= 0; bool is an int subclass in Python but true/false is not a count in JSON."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def is_integer(value: object) -> bool:
    """A whole number, negative allowed (a March order's penalty)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_text(value: object) -> bool:
    """A non-empty string."""
    return isinstance(value, str) and bool(value)


def is_one_of(value: object, allowed: Collection[str]) -> bool:
    """Membership that cannot raise: an uploaded document may put a list where a name belongs (unhashable)."""
    return isinstance(value, str) and value in allowed


def shown(value: object) -> str:
    """The JSON type of a value with the value itself when it is short, e.g. ``number -1`` or ``string 'fort'``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, int | float):
        return f"number {value!r}"
    if isinstance(value, str):
        return f"string {value if len(value) <= 40 else value[:37] + '...'!r}"
    if isinstance(value, list | tuple):
        return f"array of {len(value)} item(s)"
    if isinstance(value, Mapping):
        return "object"
    return type(value).__name__


def choices(allowed: Collection[str]) -> str:
    """``'a', 'b' or 'c'`` for messages, in a stable order."""
    quoted = [repr(item) for item in sorted(allowed)]
    if not quoted:
        return "nothing (none declared)"
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def unknown_keys(mapping: Mapping[str, Any], allowed: Collection[str], where: str) -> list[str]:
    """One message per key outside `allowed`: a misspelt field would otherwise be silently ignored."""
    return [f"{where}: unknown field {key!r}" for key in mapping if key not in allowed]


def count_error(mapping: Mapping[str, Any], key: str, where: str, *, default: int | None = 0) -> list[str]:
    """An error when `key` is not a whole number >= 0 (a missing key is fine when it has a default)."""
    if key not in mapping:
        return [] if default is not None else [f"{where} {key}: required field missing"]
    value = mapping[key]
    return [] if is_count(value) else [f"{where} {key}: expected a whole number >= 0, got {shown(value)}"]


def count_of(mapping: Mapping[str, Any], key: str) -> int:
    """The count stored under `key`, 0 when it is missing or malformed (malformed values are reported elsewhere)."""
    value = mapping.get(key, 0)
    return value if is_count(value) else 0
