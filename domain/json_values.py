"""Reading a ruleset state back from its JSON form (snapshots, `adjust`): typed values or a clear error.

`load_state` raises KeyError/TypeError/ValueError on a bad document; the kernel turns that into a
refused adjustment (CORE-ADJUST-2) or a skipped one on replay. These readers give every ruleset the
same checks and messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def json_object(value: Any) -> Mapping[str, Any]:
    """An object."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{value!r} is not an object")
    return value


def json_array(value: Any) -> list[Any]:
    """An array (a tuple counts: states hold tuples)."""
    if not isinstance(value, list | tuple):
        raise TypeError(f"{value!r} is not an array")
    return list(value)


def text(value: Any) -> str:
    """A string."""
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not text")
    return value


def optional_text(value: Any) -> str | None:
    """A string or null."""
    return None if value is None else text(value)


def texts(value: Any) -> tuple[str, ...]:
    """An array of strings."""
    return tuple(text(v) for v in json_array(value))


def whole(value: Any) -> int:
    """A whole number, negative allowed (an arbiter's adjustment may record a debt); never a boolean."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def count(value: Any) -> int:
    """A whole number of zero or more."""
    if whole(value) < 0:
        raise ValueError(f"{value!r} is not a count")
    return int(value)


def flag(value: Any) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value


def thawed(value: Any) -> Any:
    """Mappings and sequences (frozen declarations, tuples of choices) as plain JSON dicts and lists."""
    if isinstance(value, Mapping):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thawed(v) for v in value]
    return value
