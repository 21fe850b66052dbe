"""The board as the engine reads it: area kinds, structures, homes, garrisons, ports and adjacency.

Built once from a board document in the generic structure of `domain.boards` with the agot2 attributes
(catalog §0.3.1, mapped as `domain.rulesets.agot2.data` documents). The engine never hard-codes an area.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

LAND, SEA, PORT = "land", "sea", "port"


@dataclass(frozen=True, slots=True)
class AreaInfo:
    """What the rules need to know of one area."""

    id: str
    kind: str
    name: str
    structure: str | None = None
    home_of: str | None = None
    garrison: int = 0
    port_land: str | None = None
    port_sea: str | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """Areas by id and each area's neighbours (sorted, for deterministic rulings)."""

    areas: Mapping[str, AreaInfo]
    neighbours: Mapping[str, tuple[str, ...]]

    def kind(self, area: str) -> str:
        """The area's kind ('land', 'sea' or 'port'); '' for an unknown area."""
        info = self.areas.get(area)
        return info.kind if info is not None else ""

    def structure(self, area: str) -> str | None:
        """'castle', 'stronghold' or None."""
        info = self.areas.get(area)
        return info.structure if info is not None else None

    def are_adjacent(self, a: str, b: str) -> bool:
        """Whether an edge joins the two areas."""
        return b in self.neighbours.get(a, ())

    def name(self, area: str) -> str:
        """The readable name of an area, or its id."""
        info = self.areas.get(area)
        return info.name if info is not None else area


EMPTY_BOARD = Board({}, {})


def load_board(document: Mapping[str, Any] | None) -> Board:
    """The engine's board from a (validated) document; malformed entries are skipped, never raised."""
    if not isinstance(document, Mapping):
        return EMPTY_BOARD
    areas: dict[str, AreaInfo] = {}
    for raw in document.get("areas") or ():
        if not isinstance(raw, Mapping) or not isinstance(raw.get("id"), str):
            continue
        found_attributes = raw.get("attributes")
        attributes: Mapping[str, Any] = found_attributes if isinstance(found_attributes, Mapping) else {}
        found_port = attributes.get("port_of")
        port_of: Mapping[str, Any] = found_port if isinstance(found_port, Mapping) else {}
        garrison = attributes.get("garrison", 0)
        areas[raw["id"]] = AreaInfo(
            id=raw["id"],
            kind=str(raw.get("kind") or LAND),
            name=str(raw.get("name") or raw["id"]),
            structure=attributes.get("structure") if isinstance(attributes.get("structure"), str) else None,
            home_of=attributes.get("home_of") if isinstance(attributes.get("home_of"), str) else None,
            garrison=garrison if isinstance(garrison, int) and not isinstance(garrison, bool) else 0,
            port_land=port_of.get("land") if isinstance(port_of.get("land"), str) else None,
            port_sea=port_of.get("sea") if isinstance(port_of.get("sea"), str) else None,
        )
    links: dict[str, set[str]] = {area: set() for area in areas}
    for edge in document.get("edges") or ():
        if not isinstance(edge, Mapping):
            continue
        a, b = edge.get("a"), edge.get("b")
        if isinstance(a, str) and isinstance(b, str) and a in areas and b in areas and a != b:
            links[a].add(b)
            links[b].add(a)
    return Board(areas, {area: tuple(sorted(found)) for area, found in links.items()})
