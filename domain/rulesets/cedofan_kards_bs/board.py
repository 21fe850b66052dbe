"""The map of a `cedofan_kards_bs` game: board attributes, their schema, and adjacency questions.

The seed gives no map (regions, cities, terrain, ports, capitals): a board supplies it. Areas are
`region`, `city` or `sea`. A city stands in its administrative region (`admin_region`) and is joined to
it implicitly; leaving it is one step (KBS-MOV-4). Edges are `land` or `sea`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from domain.boards import Board, load_board, to_document
from domain.rulesets.cedofan_kards_bs.options import UNIT_KINDS

NEUTRAL = "neutral"
AREA_KINDS = ("region", "city", "sea")
EDGE_KINDS = ("land", "sea")
REGION_FLAGS = ("swamp", "wild_tribes", "giants", "impassable_swamp", "fortress")
GIANT_ROLLS = ("1", "2", "3", "4", "5", "6")
ARMY_ID = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,63}$")


@dataclass(frozen=True, slots=True)
class City:
    """A city's fixed data: where it stands and what protects it."""

    id: str
    admin_region: str
    fortified: bool
    port: bool
    capital_of: str | None


@dataclass(frozen=True, slots=True)
class FactionStart:
    """A faction's capital, ruler (its general, KBS-VAS-1) and starting treasury."""

    capital: str
    ruler: str
    supplies: int
    influence: int


@dataclass(frozen=True, slots=True)
class KbsMap:
    """A validated board with its game data parsed; equal when the documents are equal."""

    document: Mapping[str, Any]
    board: Board = field(compare=False)
    kinds: Mapping[str, str] = field(compare=False)
    flags: Mapping[str, frozenset[str]] = field(compare=False)
    cities: Mapping[str, City] = field(compare=False)
    factions: Mapping[str, FactionStart] = field(compare=False)
    giant_targets: Mapping[str, str] = field(compare=False)  # empty on a board without giants
    pirate_target: str | None = field(compare=False)  # None on a board without pirates

    def neighbours(self, area: str) -> tuple[tuple[str, str], ...]:
        """(area, edge kind) pairs one step away; a city and its administrative region are joined by land."""
        found = [(other, self.board.edge(area, other).kind) for other in self.board.neighbours(area)]  # type: ignore[union-attr]
        if area in self.cities:
            found.append((self.cities[area].admin_region, "land"))
        found += [(c.id, "land") for c in self.cities.values() if c.admin_region == area]
        return tuple(found)

    def step_kind(self, a: str, b: str) -> str | None:
        """The kind of the step a → b ('land' or 'sea'), or None when they are not adjacent."""
        for other, kind in self.neighbours(a):
            if other == b:
                return kind
        return None

    def is_impassable(self, area: str) -> bool:
        """KBS-MOV-6: giants' lands and impassable swamps cannot be entered."""
        return bool(self.flags.get(area, frozenset()) & {"giants", "impassable_swamp"})

    def doubles_cost(self, area: str) -> bool:
        """KBS-MOV-5: swamps and untamed wild tribes double the supplies."""
        return bool(self.flags.get(area, frozenset()) & {"swamp", "wild_tribes"})

    def region_of(self, area: str) -> str:
        """The region an area belongs to: a city's administrative region, or the area itself."""
        city = self.cities.get(area)
        return city.admin_region if city else area


def parse_map(document: Mapping[str, Any]) -> KbsMap:
    """The map of a board document that passed `map_errors` (raises on a bad one)."""
    board = load_board(document)
    attributes = document.get("attributes") or {}
    kinds = {area.id: area.kind or "region" for area in board.areas}
    flags = {
        area.id: frozenset(flag for flag in REGION_FLAGS if area.attributes.get(flag) is True) for area in board.areas
    }
    cities = {
        area.id: City(
            area.id,
            str(area.attributes["admin_region"]),
            bool(area.attributes.get("fortified", False)),
            bool(area.attributes.get("port", False)),
            area.attributes.get("capital_of"),
        )
        for area in board.areas
        if kinds[area.id] == "city"
    }
    factions = {
        seat: FactionStart(str(f["capital"]), str(f["ruler"]), int(f.get("supplies", 0)), int(f.get("influence", 0)))
        for seat, f in attributes["factions"].items()
    }
    return KbsMap(
        MappingProxyType(to_document(board)),
        board,
        MappingProxyType(kinds),
        MappingProxyType(flags),
        MappingProxyType(cities),
        MappingProxyType(factions),
        MappingProxyType({k: str(v) for k, v in (attributes.get("giant_targets") or {}).items()}),
        str(attributes["pirate_target"]) if attributes.get("pirate_target") else None,
    )


def has_giants(document: Mapping[str, Any]) -> bool:
    """KBS-GNT-1, KBS-MOV-6: the board has the giants' lands (a region flagged `giants`)."""
    return any((a.get("attributes") or {}).get("giants") is True for a in _areas(document))


def has_pirates(document: Mapping[str, Any]) -> bool:
    """KBS-PIR-1, KBS-PIR-3: the pirates sail from port cities; a board with no port has no pirates."""
    return any(a.get("kind") == "city" and (a.get("attributes") or {}).get("port") is True for a in _areas(document))


def _areas(document: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    areas = document.get("areas", [])
    return [a for a in areas if isinstance(a, Mapping)] if isinstance(areas, list) else []


def map_errors(document: Mapping[str, Any] | None) -> list[str]:
    """Every problem of the game data of a (structurally valid) board, each naming the offending entry."""
    if document is None:
        return ["board: cedofan_kards_bs needs a board: the seed gives no map (regions, cities, capitals)"]
    areas = {a["id"]: a for a in document.get("areas", []) if isinstance(a, Mapping) and "id" in a}
    errors: list[str] = []
    for index, area in enumerate(document.get("areas", [])):
        errors += _area_errors(area, f"areas[{index}]", areas)
    for index, edge in enumerate(document.get("edges", [])):
        if edge.get("kind", "land") not in EDGE_KINDS:
            errors.append(f"edges[{index}].kind: {edge.get('kind')!r} is not one of {', '.join(EDGE_KINDS)}")
    attributes = document.get("attributes") or {}
    cities = {k for k, a in areas.items() if a.get("kind") == "city"}
    errors += _faction_errors(attributes.get("factions"), cities)
    errors += _army_errors(attributes.get("armies", []), areas, attributes.get("factions"))
    errors += _raid_errors(document, attributes, cities)
    return errors


def _raid_errors(document: Mapping[str, Any], attributes: Mapping[str, Any], cities: set[str]) -> list[str]:
    """KBS-GNT-2, KBS-PIR-1: the giants' targets and Ostius, required only on a board with giants or pirates."""
    errors: list[str] = []
    targets = attributes.get("giant_targets")
    if targets is not None or has_giants(document):
        if not isinstance(targets, Mapping) or sorted(targets) != list(GIANT_ROLLS):
            errors.append(
                "attributes.giant_targets: required on a board with giants (a region flagged giants), "
                "the city for each roll '1'..'6' (KBS-GNT-2)"
            )
        else:
            errors += [
                f"attributes.giant_targets.{roll}: {city!r} is not a city of the board"
                for roll, city in targets.items()
                if city not in cities
            ]
    target = attributes.get("pirate_target")
    if (target is not None or has_pirates(document)) and target not in cities:
        errors.append(
            f"attributes.pirate_target: {target!r} is not a city of the board (the city of Ostius, KBS-PIR-1); "
            "required on a board with port cities, where the pirates sail from"
        )
    return errors


def _area_errors(area: Mapping[str, Any], path: str, areas: Mapping[str, Mapping[str, Any]]) -> list[str]:
    kind = area.get("kind", "region")
    attributes = area.get("attributes") or {}
    if kind not in AREA_KINDS:
        return [f"{path}.kind: {kind!r} is not one of {', '.join(AREA_KINDS)}"]
    errors = [
        f"{path}.attributes.{flag}: expected true or false, got {attributes[flag]!r}"
        for flag in (*REGION_FLAGS, "fortified", "port")
        if flag in attributes and not isinstance(attributes[flag], bool)
    ]
    if kind != "city":
        return errors
    region = attributes.get("admin_region")
    if not isinstance(region, str) or region not in areas or areas[region].get("kind", "region") != "region":
        errors.append(f"{path}.attributes.admin_region: {region!r} is not a region of the board")
    if "fortified" not in attributes:
        errors.append(f"{path}.attributes.fortified: required for every city (KBS-CTY-1, KBS-CTY-3)")
    owner = attributes.get("owner")
    if not isinstance(owner, str) or not owner:
        errors.append(f"{path}.attributes.owner: required, a faction or {NEUTRAL!r}")
    return errors


def _faction_errors(factions: Any, cities: set[str]) -> list[str]:
    if not isinstance(factions, Mapping) or not factions:
        return ["attributes.factions: required, {faction: {capital, ruler, supplies, influence}}"]
    errors = []
    for seat, faction in factions.items():
        path = f"attributes.factions.{seat}"
        if seat == NEUTRAL or not isinstance(faction, Mapping):
            errors.append(f"{path}: expected an object for a faction other than {NEUTRAL!r}")
            continue
        if faction.get("capital") not in cities:
            errors.append(f"{path}.capital: {faction.get('capital')!r} is not a city of the board")
        if not isinstance(faction.get("ruler"), str) or not faction.get("ruler"):
            errors.append(f"{path}.ruler: required, the id of the faction's ruler (its general)")
        for key in ("supplies", "influence"):
            value = faction.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                errors.append(f"{path}.{key}: expected a whole number >= 0, got {value!r}")
    return errors


def _army_errors(armies: Any, areas: Mapping[str, Mapping[str, Any]], factions: Any) -> list[str]:
    if not isinstance(armies, list):
        return [f"attributes.armies: expected a list, got {armies!r}"]
    errors: list[str] = []
    seen: set[str] = set()
    leaders: set[str] = set()
    owners = set(factions) | {NEUTRAL} if isinstance(factions, Mapping) else {NEUTRAL}
    for index, army in enumerate(armies):
        path = f"attributes.armies[{index}]"
        if not isinstance(army, Mapping):
            errors.append(f"{path}: expected an object")
            continue
        army_id = army.get("id")
        if not isinstance(army_id, str) or not ARMY_ID.fullmatch(army_id) or army_id in seen:
            errors.append(f"{path}.id: {army_id!r} must be a new short lower-case id")
        seen.add(str(army_id))
        if army.get("owner") not in owners:
            errors.append(f"{path}.owner: {army.get('owner')!r} is not a faction of the board or {NEUTRAL!r}")
        if army.get("at") not in areas:
            errors.append(f"{path}.at: {army.get('at')!r} is not an area of the board")
        units = army.get("units", {})
        if not isinstance(units, Mapping):
            errors.append(f"{path}.units: expected an object of unit counts")
            units = {}
        for kind, count in units.items():
            if kind not in UNIT_KINDS:
                errors.append(f"{path}.units.{kind}: unknown unit kind; kinds are {', '.join(UNIT_KINDS)}")
            elif not isinstance(count, int) or isinstance(count, bool) or count < 0:
                errors.append(f"{path}.units.{kind}: expected a whole number >= 0, got {count!r}")
        named = army.get("leaders", [])
        if not isinstance(named, list) or not all(isinstance(n, str) and n for n in named):
            errors.append(f"{path}.leaders: expected a list of leader ids")
            continue
        for name in named:
            if name in leaders:
                errors.append(f"{path}.leaders: leader {name!r} stands in two armies")
            leaders.add(name)
    return errors
