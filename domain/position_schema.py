"""Building blocks of position schemas (issue 15, point 3; domain/positions.py has the contract).

A position document is closed everywhere (`additionalProperties: false`): a misspelt key is refused by the schema
rather than dropped. Amounts that a rule bounds (treasuries, purses, counts a rule caps) are plain integers here so
that a wrong one reaches the ruleset's `position_errors`, which names the rule it breaks; only the shape is the
schema's business. Ids the game's board or seating fixes carry `x-annals-ids` (domain.actions.refined makes them
enums per game), in values and in the keys of objects keyed by them (`propertyNames`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.actions import IDS_KEYWORD, JsonSchema

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def position_document(
    title: str, description: str, required: Mapping[str, JsonSchema], optional: Mapping[str, JsonSchema]
) -> dict[str, Any]:
    """The whole position schema: a closed object of the 2020-12 dialect."""
    return {"$schema": DIALECT, "title": title, **record(description, required, optional)}


def record(
    description: str,
    required: Mapping[str, JsonSchema] | None = None,
    optional: Mapping[str, JsonSchema] | None = None,
) -> dict[str, Any]:
    """A closed object: these required and optional properties and no other."""
    schema: dict[str, Any] = {
        "type": "object",
        "description": description,
        "properties": {**(required or {}), **(optional or {})},
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


def id_of(kind: str, description: str) -> dict[str, Any]:
    """A string naming one of the game's `kind` ids ("areas", "seats")."""
    return {"type": "string", "minLength": 1, "description": description, IDS_KEYWORD: kind}


def keyed_by(kind: str, values: JsonSchema, description: str) -> dict[str, Any]:
    """An object keyed by the game's `kind` ids, each value of one shape."""
    return {
        "type": "object",
        "description": description,
        "propertyNames": {"type": "string", "minLength": 1, IDS_KEYWORD: kind},
        "additionalProperties": values,
    }


def keyed_by_names(names: Iterable[str], values: JsonSchema, description: str) -> dict[str, Any]:
    """An object keyed by names of a closed vocabulary (offices, sub-factions), each value of one shape."""
    return {
        "type": "object",
        "description": description,
        "propertyNames": {"enum": list(names)},
        "additionalProperties": values,
    }


def keyed_by_text(values: JsonSchema, description: str) -> dict[str, Any]:
    """An object keyed by free ids the position itself introduces (piece ids, loot slips)."""
    return {
        "type": "object",
        "description": description,
        "propertyNames": {"type": "string", "minLength": 1},
        "additionalProperties": values,
    }


def name(description: str) -> dict[str, Any]:
    """A free id (a piece, a loot slip)."""
    return {"type": "string", "minLength": 1, "description": description}


def one_of(values: Iterable[str], description: str) -> dict[str, Any]:
    """A string of a closed vocabulary."""
    return {"type": "string", "enum": list(values), "description": description}


def amount(description: str) -> dict[str, Any]:
    """A whole number a rule bounds: its bounds are checked by `position_errors`, which cites the rule."""
    return {"type": "integer", "description": description}


def count(description: str, minimum: int = 0) -> dict[str, Any]:
    """A whole number of things (rounds, turns) that no rule lets go below `minimum`."""
    return {"type": "integer", "minimum": minimum, "description": description}


def flag(description: str) -> dict[str, Any]:
    """True or false."""
    return {"type": "boolean", "description": description}


def list_of(items: JsonSchema, description: str, *, unique: bool = False) -> dict[str, Any]:
    """An ordered list."""
    schema: dict[str, Any] = {"type": "array", "items": items, "description": description}
    if unique:
        schema["uniqueItems"] = True
    return schema


def or_none(schema: JsonSchema) -> dict[str, Any]:
    """The schema, or null (nobody, not yet, none)."""
    return {"anyOf": [dict(schema), {"type": "null"}], "description": schema.get("description", "")}


def present(values: Mapping[str, Any]) -> dict[str, Any]:
    """The entries that say something: None, False and empty collections are left out of an exported position."""
    return {key: value for key, value in values.items() if not _is_silent(value)}


def _is_silent(value: Any) -> bool:
    # By identity: 0 == False, and a count of 0 says something.
    return value is None or value is False or (isinstance(value, list | tuple | dict) and not value)
