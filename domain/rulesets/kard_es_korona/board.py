"""The Kard és Korona board: counties, provinces, castles, terrain, major-river crossings (KK-GEN-1, KK-GEN-2).

The seed gives no map (catalog §1.2), so a board is data. On top of the generic board (`domain/boards.py`)
a KK board document carries::

    attributes = {"variant": "basic" | "advanced",
                  "approximation": str?,                     # why the map is not the printed one, if it is not
                  "provinces": [{"id", "name", "royal": bool?}],   # the six lords' provinces + the royal centre
                  "province_ring": [six province ids],       # KK-SETUP-3 pairs neighbours on this ring
                  "closed_in_5p": [county ids],              # KK-SETUP-2: Szlavónia between Dráva and Száva
                  "special_counties": {"baranya", "bihar", "kunsag", "nograd": county id}}
    areas[] = {"id", "name", "kind": "county",
               "attributes": {"province", "castle": bool, "terrain": "plain" | "mountain" | "swamp"},
               "layout": {"x", "y"}}
    edges[] = {"a", "b", "kind": "land" | "river", "attributes": {"river": "Duna" | ... }}  # river: KK-MOVE-8

`kk_board_errors` checks this schema after `domain.boards.board_errors` passed; `load_kk_board` gives the
typed board the engine asks its questions of.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from domain.boards import board_errors

RULESET_ID = "kard_es_korona"
VARIANTS = ("basic", "advanced")
ROYAL_PROVINCE = "kiralyi_terulet"
LORD_PROVINCES = ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")
PROVINCE_IDS = (*LORD_PROVINCES, ROYAL_PROVINCE)
SLAVONIA = "szlavonia"
SPECIAL_COUNTIES = ("baranya", "bihar", "kunsag", "nograd")
RIVERS = ("Duna", "Tisza", "Dráva", "Száva", "Maros")
COUNTY_KIND = "county"
LAND, RIVER = "land", "river"

# KK-GEN-1: counties and castles of each lord's province; KK-SETUP-10: its plain counties without a castle
# (the rest are mountain or swamp).
COUNTIES_PER_PROVINCE = MappingProxyType({"basic": 7, "advanced": 10})
CASTLES_PER_PROVINCE = MappingProxyType({"basic": 2, "advanced": 3})
OPEN_PLAINS_PER_PROVINCE = MappingProxyType({"basic": 3, "advanced": 5})


class Terrain(StrEnum):
    """KK-GEN-2: a county is plain, or covered by mountains or swamp."""

    PLAIN = "plain"
    MOUNTAIN = "mountain"
    SWAMP = "swamp"


@dataclass(frozen=True, slots=True)
class County:
    """One county (vármegye) of the map."""

    id: str
    name: str
    province: str
    castle: bool
    terrain: Terrain


@dataclass(frozen=True, slots=True)
class KKBoard:
    """A validated KK board; build it with `load_kk_board`."""

    name: str
    variant: str
    counties: Mapping[str, County]
    provinces: Mapping[str, tuple[str, ...]]
    province_names: Mapping[str, str]
    royal_province: str
    neighbours: Mapping[str, frozenset[str]]
    river_crossings: frozenset[frozenset[str]]
    province_ring: tuple[str, ...]
    closed_in_5p: frozenset[str]
    special: Mapping[str, str]
    _castles: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Movement asks for a lord's castles at every step; work the board's castles out once.
        object.__setattr__(self, "_castles", tuple(c.id for c in self.counties.values() if c.castle))

    def is_river_crossing(self, a: str, b: str) -> bool:
        """KK-MOVE-8: True when the border between `a` and `b` is a major-river crossing."""
        return frozenset((a, b)) in self.river_crossings

    def castles(self, province: str | None = None) -> tuple[str, ...]:
        """The castle counties, in board order; only those of `province` when given."""
        if province is None:
            return self._castles
        return tuple(c for c in self._castles if self.counties[c].province == province)

    def are_adjacent(self, a: str, b: str) -> bool:
        """True when counties `a` and `b` share a border."""
        return b in self.neighbours.get(a, frozenset())

    @property
    def lord_provinces(self) -> tuple[str, ...]:
        """The six lords' provinces, in ring order."""
        return self.province_ring


def kk_board_errors(document: Mapping[str, Any]) -> list[str]:
    """Every problem of a KK board document, each message naming the offending county, edge or path."""
    ruleset = document.get("ruleset")
    errors = [] if ruleset in (None, RULESET_ID) else [f"ruleset: {ruleset!r} is not {RULESET_ID!r}"]
    attributes = document.get("attributes")
    if not isinstance(attributes, Mapping):
        return [*errors, "attributes: a Kard és Korona board needs variant, provinces, ring, closed set, specials"]
    variant = attributes.get("variant")
    if variant not in VARIANTS:
        errors.append(f"attributes.variant: {variant!r} is not one of {', '.join(VARIANTS)}")
    approximation = attributes.get("approximation")
    if approximation is not None and not isinstance(approximation, str):
        errors.append("attributes.approximation: expected a string")
    province_errors, royal = _provinces_errors(attributes.get("provinces"))
    errors += province_errors
    areas = [area for area in _list(document.get("areas")) if isinstance(area, Mapping)]
    counties: dict[str, Mapping[str, Any]] = {str(area.get("id")): area for area in areas}
    for index, area in enumerate(areas):
        errors += _county_errors(area, f"areas[{index}] ({area.get('id')!r})")
    errors += _edges_errors(_list(document.get("edges")), counties)
    if variant in VARIANTS:
        errors += _count_errors(areas, str(variant))
    if royal is not None and not any(_province_of(area) == royal for area in areas):
        errors.append(f"province {royal!r} (the royal centre) has no county")
    errors += _ring_errors(attributes.get("province_ring"))
    specials, special_errors = _specials(attributes.get("special_counties"), counties)
    errors += special_errors
    errors += _closed_errors(attributes.get("closed_in_5p"), counties, specials.get("baranya"))
    errors += _connection_errors(areas, _list(document.get("edges")))
    return errors


def load_kk_board(document: Mapping[str, Any]) -> KKBoard:
    """The typed board; raises ValueError listing the problems when kk_board_errors finds any."""
    errors = board_errors(document)
    if not errors:
        errors = kk_board_errors(document)
    if errors:
        raise ValueError(f"invalid Kard és Korona board ({len(errors)} error(s)): " + "; ".join(errors))
    attributes = document["attributes"]
    counties = {
        area["id"]: County(
            id=area["id"],
            name=area.get("name") or area["id"],
            province=area["attributes"]["province"],
            castle=area["attributes"]["castle"],
            terrain=Terrain(area["attributes"]["terrain"]),
        )
        for area in document["areas"]
    }
    province_ids = [province["id"] for province in attributes["provinces"]]
    neighbours: dict[str, set[str]] = {county_id: set() for county_id in counties}
    crossings = set()
    for edge in document["edges"]:
        neighbours[edge["a"]].add(edge["b"])
        neighbours[edge["b"]].add(edge["a"])
        if edge.get("kind", LAND) == RIVER:
            crossings.add(frozenset((edge["a"], edge["b"])))
    return KKBoard(
        name=document["name"],
        variant=attributes["variant"],
        counties=MappingProxyType(counties),
        provinces=MappingProxyType(
            {p: tuple(c.id for c in counties.values() if c.province == p) for p in province_ids}
        ),
        province_names=MappingProxyType({p["id"]: p["name"] for p in attributes["provinces"]}),
        royal_province=next(p["id"] for p in attributes["provinces"] if p.get("royal") is True),
        neighbours=MappingProxyType({c: frozenset(n) for c, n in neighbours.items()}),
        river_crossings=frozenset(crossings),
        province_ring=tuple(attributes["province_ring"]),
        closed_in_5p=frozenset(attributes["closed_in_5p"]),
        special=MappingProxyType(dict(attributes["special_counties"])),
    )


# --- validation -------------------------------------------------------------------------------------


def _provinces_errors(provinces: object) -> tuple[list[str], str | None]:
    """KK-GEN-4: the six lords' provinces and the royal centre, each once; the royal one flagged."""
    if not isinstance(provinces, list):
        return ["attributes.provinces: expected a list of {id, name, royal?}"], None
    errors = []
    seen: list[str] = []
    royal: list[str] = []
    for index, province in enumerate(provinces):
        where = f"attributes.provinces[{index}]"
        if not isinstance(province, Mapping):
            errors.append(f"{where}: expected an object with id and name")
            continue
        province_id = province.get("id")
        if province_id not in PROVINCE_IDS:
            errors.append(f"{where}.id: unknown province {province_id!r} (one of {', '.join(PROVINCE_IDS)})")
        elif province_id in seen:
            errors.append(f"{where}.id: province {province_id!r} listed twice")
        else:
            seen.append(province_id)
        if not isinstance(province.get("name"), str) or not province["name"]:
            errors.append(f"{where}.name: province {province_id!r} needs a name")
        flag = province.get("royal", False)
        if not isinstance(flag, bool):
            errors.append(f"{where}.royal: expected true or false")
        elif flag:
            royal.append(str(province_id))
    missing = [p for p in PROVINCE_IDS if p not in seen]
    if missing:
        errors.append(f"attributes.provinces: missing {', '.join(repr(p) for p in missing)}")
    if royal != [ROYAL_PROVINCE]:
        errors.append(f"attributes.provinces: exactly {ROYAL_PROVINCE!r} is royal, not {royal!r}")
    return errors, ROYAL_PROVINCE if ROYAL_PROVINCE in seen else None


def _county_errors(area: Mapping[str, Any], where: str) -> list[str]:
    """KK-GEN-2: a county has a province, a castle flag and a terrain; a castle county is plain."""
    errors = []
    if area.get("kind", COUNTY_KIND) != COUNTY_KIND:
        errors.append(f"{where}.kind: {area.get('kind')!r}; every area of a KK board is a 'county'")
    if not isinstance(area.get("layout"), Mapping):
        errors.append(f"{where}.layout: county {area.get('id')!r} has no layout (x, y) to draw it at")
    attributes = area.get("attributes")
    if not isinstance(attributes, Mapping):
        return [*errors, f"{where}.attributes: county {area.get('id')!r} needs province, castle and terrain"]
    province = attributes.get("province")
    if province not in PROVINCE_IDS:
        errors.append(f"{where}.attributes.province: unknown province {province!r} of county {area.get('id')!r}")
    castle = attributes.get("castle")
    if not isinstance(castle, bool):
        errors.append(f"{where}.attributes.castle: expected true or false, got {castle!r}")
    terrain = attributes.get("terrain")
    if terrain not in tuple(Terrain):
        errors.append(f"{where}.attributes.terrain: {terrain!r} is not one of {', '.join(Terrain)}")
    elif castle is True and terrain != Terrain.PLAIN:
        errors.append(f"{where}: county {area.get('id')!r} has a castle on {terrain} terrain; a castle county is plain")
    return errors


def _edges_errors(edges: list[Any], counties: Mapping[str, Any]) -> list[str]:
    """KK-MOVE-8: borders are land or a crossing of one of the five major rivers."""
    errors = []
    for index, edge in enumerate(edges):
        if not isinstance(edge, Mapping):
            continue
        where = f"edges[{index}] ({edge.get('a')!r}-{edge.get('b')!r})"
        for end in ("a", "b"):
            if not _is_known(edge.get(end), counties):
                errors.append(f"{where}: unknown county {edge.get(end)!r} ({end})")
        kind = edge.get("kind", LAND)
        if kind not in (LAND, RIVER):
            errors.append(f"{where}.kind: {kind!r} is not {LAND!r} or {RIVER!r}")
        elif kind == RIVER:
            attributes = edge.get("attributes")
            river = attributes.get("river") if isinstance(attributes, Mapping) else None
            if river not in RIVERS:
                errors.append(f"{where}.attributes.river: {river!r} is not a major river ({', '.join(RIVERS)})")
    return errors


def _count_errors(areas: list[Mapping[str, Any]], variant: str) -> list[str]:
    """KK-GEN-1 and KK-SETUP-10: counties, castles and open plains of each lord's province."""
    errors = []
    wanted = (COUNTIES_PER_PROVINCE[variant], CASTLES_PER_PROVINCE[variant], OPEN_PLAINS_PER_PROVINCE[variant])
    for province in LORD_PROVINCES:
        mine = [a.get("attributes") or {} for a in areas if _province_of(a) == province]
        castles = sum(1 for a in mine if a.get("castle") is True)
        plains = sum(1 for a in mine if a.get("castle") is False and a.get("terrain") == Terrain.PLAIN)
        for count, need, what in zip((len(mine), castles, plains), wanted, _COUNTED, strict=True):
            if count != need:
                errors.append(f"province {province!r} has {count} {what}; the {variant} variant needs {need}")
    return errors


_COUNTED = ("counties", "castles", "plain counties without a castle")


def _ring_errors(ring: object) -> list[str]:
    """KK-SETUP-3: the ring is the six lords' provinces, each once (A-54)."""
    if not isinstance(ring, list) or sorted(map(str, ring)) != sorted(LORD_PROVINCES) or len(ring) != 6:
        return [f"attributes.province_ring: {ring!r} must list each of {', '.join(LORD_PROVINCES)} once"]
    return []


def _specials(specials: object, counties: Mapping[str, Mapping[str, Any]]) -> tuple[dict[str, str], list[str]]:
    """KK-SETUP-2, KK-SETUP-11: Baranya (a Szlavónia county), Bihar, Kunság and Nógrád are named counties."""
    if not isinstance(specials, Mapping):
        return {}, [f"attributes.special_counties: expected an object naming {', '.join(SPECIAL_COUNTIES)}"]
    errors = []
    found: dict[str, str] = {}
    for key in SPECIAL_COUNTIES:
        county = specials.get(key)
        if county is None:
            errors.append(f"attributes.special_counties.{key}: missing special county {key!r}")
        elif not _is_known(county, counties):
            errors.append(f"attributes.special_counties.{key}: unknown county {county!r}")
        else:
            found[key] = str(county)
    errors += [
        f"attributes.special_counties.{key}: unknown special county" for key in specials if key not in SPECIAL_COUNTIES
    ]
    baranya = found.get("baranya")
    if baranya is not None and _province_of(counties[baranya]) != SLAVONIA:
        errors.append(f"attributes.special_counties.baranya: county {baranya!r} is not in {SLAVONIA!r} (KK-SETUP-2)")
    return found, errors


def _closed_errors(closed: object, counties: Mapping[str, Mapping[str, Any]], baranya: str | None) -> list[str]:
    """KK-SETUP-2: the counties closed with 5 players lie in Szlavónia, Baranya excepted."""
    if not isinstance(closed, list):
        return ["attributes.closed_in_5p: expected a list of Szlavónia county ids"]
    errors = []
    for index, county in enumerate(closed):
        where = f"attributes.closed_in_5p[{index}]"
        if not _is_known(county, counties):
            errors.append(f"{where}: unknown county {county!r}")
        elif _province_of(counties[county]) != SLAVONIA:
            errors.append(f"{where}: county {county!r} is not in {SLAVONIA!r}; only Szlavónia closes (KK-SETUP-2)")
        elif county == baranya:
            errors.append(f"{where}: Baranya ({county!r}) stays open with 5 players (KK-SETUP-2)")
    return errors


def _connection_errors(areas: list[Mapping[str, Any]], edges: list[Any]) -> list[str]:
    """Every county can be reached from every other: units march over land and rivers alike."""
    ids = [str(area.get("id")) for area in areas]
    if not ids:
        return ["areas: a Kard és Korona board needs counties"]
    links: dict[str, set[str]] = {county: set() for county in ids}
    for edge in edges:
        if isinstance(edge, Mapping) and _is_known(edge.get("a"), links) and _is_known(edge.get("b"), links):
            links[edge["a"]].add(edge["b"])
            links[edge["b"]].add(edge["a"])
    reached = reached_from(links, ids[0], set(ids))
    return [f"areas: county {county!r} is not connected to {ids[0]!r}" for county in ids if county not in reached]


def reached_from(links: Mapping[str, AbstractSet[str]], start: str, within: AbstractSet[str]) -> set[str]:
    """The counties of `within` reached from `start` over `links` without leaving `within`."""
    reached = {start}
    frontier = [start]
    while frontier:
        for other in (links[frontier.pop()] & within) - reached:
            reached.add(other)
            frontier.append(other)
    return reached


def _is_known(county: object, counties: Mapping[str, Any]) -> bool:
    # A JSON list or object as an id would make the dictionary lookup raise.
    return isinstance(county, str) and county in counties


def _province_of(area: Mapping[str, Any]) -> object:
    attributes = area.get("attributes")
    return attributes.get("province") if isinstance(attributes, Mapping) else None


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []
