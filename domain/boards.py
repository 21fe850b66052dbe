"""The generic board model (DESIGN §2 "board"): areas, undirected edges with kinds, free attributes.

A board document is JSON::

    {"name": str, "ruleset": str | null (optional),
     "areas": [{"id": str, "name": str?, "kind": str?, "attributes": {...}?,
                "layout": {"x": number, "y": number}?}],
     "edges": [{"a": area id, "b": area id, "kind": str (default "land"), "attributes": {...}?}],
     "attributes": {...}?}

Game-specific data (terrain, castles, provinces, start areas) lives under ``attributes`` and is checked
by the ruleset's own board schema; this module only checks the structure every board shares.
At most one edge joins two areas, whatever its kind.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from domain.canonical import canonical_bytes, sha256_hex

MAX_AREAS = 2_000
MAX_EDGES = 20_000
DEFAULT_EDGE_KIND = "land"
AREA_ID = re.compile(r"[a-z0-9][a-z0-9_\-]{0,63}")

_BOARD_KEYS = frozenset({"name", "ruleset", "areas", "edges", "attributes"})
_AREA_KEYS = frozenset({"id", "name", "kind", "attributes", "layout"})
_EDGE_KEYS = frozenset({"a", "b", "kind", "attributes"})
_LAYOUT_KEYS = frozenset({"x", "y"})
_EMPTY: Mapping[str, Any] = MappingProxyType({})


class BoardInvalid(ValueError):
    """A board document failed structural validation; `errors` lists every problem found."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__(f"invalid board ({len(errors)} error(s)): " + "; ".join(errors))
        self.errors = list(errors)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the viewer draws an area."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Area:
    """One space of the board."""

    id: str
    name: str | None = None
    kind: str | None = None
    attributes: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    layout: Layout | None = None


@dataclass(frozen=True, slots=True)
class Edge:
    """An undirected connection between two areas."""

    a: str
    b: str
    kind: str = DEFAULT_EDGE_KIND
    attributes: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def other(self, area_id: str) -> str:
        """The end of this edge that is not `area_id`."""
        if area_id == self.a:
            return self.b
        if area_id == self.b:
            return self.a
        raise ValueError(f"area {area_id!r} is not an end of the edge {self.a!r}-{self.b!r}")


@dataclass(frozen=True, slots=True)
class Board:
    """A validated board; build it with `load_board`."""

    name: str
    ruleset: str | None
    areas: tuple[Area, ...]
    edges: tuple[Edge, ...]
    attributes: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    areas_by_id: Mapping[str, Area] = field(init=False, repr=False, compare=False)
    _incident: Mapping[str, tuple[Edge, ...]] = field(init=False, repr=False, compare=False)
    _by_pair: Mapping[frozenset[str], Edge] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Indexes are derived once so rules engines can ask adjacency questions in O(degree).
        incident: dict[str, list[Edge]] = {area.id: [] for area in self.areas}
        for edge in self.edges:
            incident.setdefault(edge.a, []).append(edge)
            incident.setdefault(edge.b, []).append(edge)
        object.__setattr__(self, "areas_by_id", MappingProxyType({area.id: area for area in self.areas}))
        object.__setattr__(self, "_incident", MappingProxyType({key: tuple(edges) for key, edges in incident.items()}))
        object.__setattr__(
            self, "_by_pair", MappingProxyType({frozenset((edge.a, edge.b)): edge for edge in self.edges})
        )

    def has_area(self, area_id: str) -> bool:
        """True when the board has an area with this id."""
        return area_id in self.areas_by_id

    def neighbours(self, area_id: str, kinds: Collection[str] | None = None) -> tuple[str, ...]:
        """Ids of the areas joined to `area_id`, in edge order; only by edges of `kinds` when given."""
        if area_id not in self.areas_by_id:
            raise KeyError(f"unknown area {area_id!r}")
        # A bare string would otherwise be searched as a substring ("land" in "highland").
        wanted = {kinds} if isinstance(kinds, str) else kinds
        return tuple(edge.other(area_id) for edge in self._incident[area_id] if wanted is None or edge.kind in wanted)

    def edge(self, a: str, b: str) -> Edge | None:
        """The edge joining `a` and `b` (either order), or None."""
        return self._by_pair.get(frozenset((a, b)))


def board_errors(document: object) -> list[str]:
    """Every structural problem of a board document, each as ``<json path>: <problem>``; empty when valid."""
    if not isinstance(document, Mapping):
        return [f"board: expected an object, got {_describe(document)}"]
    errors = _unknown_keys(document, _BOARD_KEYS, "")
    errors += _text_errors(document, "name", "", required=True, non_empty=True)
    ruleset = document.get("ruleset")
    if ruleset is not None and (not isinstance(ruleset, str) or not ruleset):
        errors.append(f"ruleset: expected a non-empty string or null, got {_describe(ruleset)}")
    errors += _attributes_errors(document, "")
    errors += _list_errors(document, "areas", MAX_AREAS) + _list_errors(document, "edges", MAX_EDGES)
    areas, edges = document.get("areas"), document.get("edges")
    if not (isinstance(areas, list) and isinstance(edges, list)):
        return errors
    if len(areas) > MAX_AREAS or len(edges) > MAX_EDGES:
        return errors  # an over-limit board is not examined item by item
    known: set[str] = set()
    for index, area in enumerate(areas):
        path = f"areas[{index}]"
        errors += _area_errors(area, path)
        area_id = area.get("id") if isinstance(area, Mapping) else None
        if isinstance(area_id, str):
            if area_id in known:
                errors.append(f"{path}.id: duplicate area id {area_id!r}")
            known.add(area_id)  # malformed ids count as known, so their edges do not repeat the error
    seen: set[frozenset[str]] = set()
    for index, edge in enumerate(edges):
        errors += _edge_errors(edge, f"edges[{index}]", known, seen)
    return errors


def load_board(document: object) -> Board:
    """The Board of a document; BoardInvalid listing every error when it is not valid."""
    errors = board_errors(document)
    if errors:
        raise BoardInvalid(errors)
    assert isinstance(document, Mapping)
    return Board(
        name=document["name"],
        ruleset=document.get("ruleset"),
        areas=tuple(_area(area) for area in document["areas"]),
        edges=tuple(_edge(edge) for edge in document["edges"]),
        attributes=_freeze(document.get("attributes", {})),
    )


def board_id(document: object) -> str:
    """Content address: SHA-256 hex of the canonical JSON of the document exactly as given."""
    return sha256_hex(canonical_bytes(_thaw(document)))


def to_document(board: Board) -> dict[str, Any]:
    """The normalised document: defaults written out, unset fields and empty attributes left out."""
    document: dict[str, Any] = {
        "name": board.name,
        "ruleset": board.ruleset,
        "areas": [_area_document(area) for area in board.areas],
        "edges": [_edge_document(edge) for edge in board.edges],
    }
    if board.attributes:
        document["attributes"] = _thaw(board.attributes)
    return document


# --- validation -------------------------------------------------------------------------------------


def _area_errors(area: object, path: str) -> list[str]:
    if not isinstance(area, Mapping):
        return [f"{path}: expected an object, got {_describe(area)}"]
    errors = _unknown_keys(area, _AREA_KEYS, path)
    errors += _text_errors(area, "id", path, required=True, non_empty=True)
    area_id = area.get("id")
    if isinstance(area_id, str) and not AREA_ID.fullmatch(area_id):
        errors.append(
            f"{path}.id: {area_id!r} is not a valid area id (1-64 of a-z, 0-9, '_', '-';"
            " starting with a letter or digit)"
        )
    errors += _text_errors(area, "name", path, required=False, non_empty=False)
    errors += _text_errors(area, "kind", path, required=False, non_empty=True)
    errors += _attributes_errors(area, path)
    if "layout" in area:
        errors += _layout_errors(area["layout"], f"{path}.layout")
    return errors


def _layout_errors(layout: object, path: str) -> list[str]:
    if not isinstance(layout, Mapping):
        return [f"{path}: expected an object with x and y, got {_describe(layout)}"]
    errors = _unknown_keys(layout, _LAYOUT_KEYS, path, hint="")
    for axis in ("x", "y"):
        if axis not in layout:
            errors.append(f"{path}.{axis}: required field missing")
        elif not _is_number(layout[axis]):
            errors.append(f"{path}.{axis}: expected a number, got {_describe(layout[axis])}")
    return errors


def _edge_errors(edge: object, path: str, known: set[str], seen: set[frozenset[str]]) -> list[str]:
    if not isinstance(edge, Mapping):
        return [f"{path}: expected an object, got {_describe(edge)}"]
    errors = _unknown_keys(edge, _EDGE_KEYS, path)
    errors += _text_errors(edge, "a", path, required=True, non_empty=True)
    errors += _text_errors(edge, "b", path, required=True, non_empty=True)
    errors += _text_errors(edge, "kind", path, required=False, non_empty=True)
    errors += _attributes_errors(edge, path)
    a, b = edge.get("a"), edge.get("b")
    for end, area_id in (("a", a), ("b", b)):
        if isinstance(area_id, str) and area_id and area_id not in known:
            errors.append(f"{path}: unknown area {area_id!r} ({end})")
    if not (isinstance(a, str) and isinstance(b, str) and a and b):
        return errors
    if a == b:
        errors.append(f"{path}: self-loop on {a!r}")
    elif (pair := frozenset((a, b))) in seen:
        errors.append(f"{path}: duplicate edge between {a!r} and {b!r}")
    else:
        seen.add(pair)
    return errors


def _list_errors(document: Mapping[Any, Any], key: str, limit: int) -> list[str]:
    if key not in document:
        return [f"{key}: required field missing"]
    value = document[key]
    if not isinstance(value, list):
        return [f"{key}: expected an array, got {_describe(value)}"]
    if len(value) > limit:
        return [f"{key}: {len(value)} {key} is more than the limit of {limit}"]
    return []


def _text_errors(mapping: Mapping[Any, Any], key: str, path: str, *, required: bool, non_empty: bool) -> list[str]:
    where = f"{path}.{key}" if path else key
    if key not in mapping:
        return [f"{where}: required field missing"] if required else []
    value = mapping[key]
    if not isinstance(value, str) or (non_empty and not value):
        wanted = "a non-empty string" if non_empty else "a string"
        return [f"{where}: expected {wanted}, got {_describe(value)}"]
    return []


def _attributes_errors(mapping: Mapping[Any, Any], path: str) -> list[str]:
    where = f"{path}.attributes" if path else "attributes"
    if "attributes" not in mapping:
        return []
    attributes = mapping["attributes"]
    if not isinstance(attributes, Mapping):
        return [f"{where}: expected an object, got {_describe(attributes)}"]
    return _json_errors(attributes, where)


def _json_errors(value: object, path: str) -> list[str]:
    """What would stop the value hashing as canonical JSON (only Python callers can pass such values)."""
    if value is None or isinstance(value, str | bool | int):
        return []
    if isinstance(value, float):
        return [] if math.isfinite(value) else [f"{path}: {value!r} is not a JSON number"]
    if isinstance(value, list | tuple):
        return [error for index, item in enumerate(value) for error in _json_errors(item, f"{path}[{index}]")]
    if isinstance(value, Mapping):
        errors = []
        for key, item in value.items():
            if isinstance(key, str):
                errors += _json_errors(item, f"{path}.{key}")
            else:
                errors.append(f"{path}: key {key!r} is not a string")
        return errors
    return [f"{path}: {type(value).__name__} is not a JSON value"]


def _unknown_keys(
    mapping: Mapping[Any, Any],
    allowed: frozenset[str],
    path: str,
    hint: str = "; put extra data under 'attributes'",
) -> list[str]:
    prefix = f"{path}." if path else ""
    return [f"{prefix}{key}: unknown key{hint}" for key in mapping if key not in allowed]


def _is_number(value: object) -> bool:
    # bool is an int subclass, and NaN or infinity cannot be written as JSON.
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _describe(value: object) -> str:
    """The JSON type of a bad value, quoting it briefly."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, int | float):
        return f"number {value!r}"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f"string {text!r}"
    if isinstance(value, list | tuple):
        return f"array of {len(value)} item(s)"
    if isinstance(value, Mapping):
        return "object"
    return type(value).__name__


# --- conversion -------------------------------------------------------------------------------------


def _area(document: Mapping[str, Any]) -> Area:
    layout = document.get("layout")
    return Area(
        id=document["id"],
        name=document.get("name"),
        kind=document.get("kind"),
        attributes=_freeze(document.get("attributes", {})),
        layout=Layout(x=layout["x"], y=layout["y"]) if layout is not None else None,
    )


def _edge(document: Mapping[str, Any]) -> Edge:
    return Edge(
        a=document["a"],
        b=document["b"],
        kind=document.get("kind", DEFAULT_EDGE_KIND),
        attributes=_freeze(document.get("attributes", {})),
    )


def _area_document(area: Area) -> dict[str, Any]:
    document: dict[str, Any] = {"id": area.id}
    if area.name is not None:
        document["name"] = area.name
    if area.kind is not None:
        document["kind"] = area.kind
    if area.attributes:
        document["attributes"] = _thaw(area.attributes)
    if area.layout is not None:
        document["layout"] = {"x": area.layout.x, "y": area.layout.y}
    return document


def _edge_document(edge: Edge) -> dict[str, Any]:
    document: dict[str, Any] = {"a": edge.a, "b": edge.b, "kind": edge.kind}
    if edge.attributes:
        document["attributes"] = _thaw(edge.attributes)
    return document


def _freeze(value: Any) -> Any:
    """A deep read-only copy: boards are shared between games, so no caller may mutate one."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: _freeze(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(item) for item in value)
    return value


def _thaw(value: Any) -> Any:
    """Plain dicts and lists again, as JSON encoders expect."""
    if isinstance(value, Mapping):
        return {key: _thaw(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(item) for item in value]
    return value
