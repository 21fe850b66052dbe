"""The `cedofan_rv` board schema: administrative regions, places, border kinds, distances, starting forces.

On top of the generic board (`domain/boards.py`) a board document carries::

    areas[].attributes = {"home": [faction, ...]?,                       # home territory (RV-SUP-2)
                          "place": {"kind": "city"|"fortress"|"village", "name": str?,
                                    "class": "house"|"imperial"|"church"?, "owner": faction|null?,
                                    "damaged": bool?, "capital_of": faction?, # RV-DTH-1/2
                                    "rudern": bool?, "yield": 1|2?,          # RV-ECO-2/3
                                    "elephants": bool?,                      # RV-UNIT-4; one place per region
                                    "subfaction": sub-faction?}?}            # Kard League places (RV-KL-1)
    edges[].kind = "passable" | "mountain" | "swamp"                         # RV-SIE-3
    edges[].attributes = {"steps": int >= 1}                                 # divider steps (RV-MOV-2)
    attributes = {"demonstration": bool?, "setup": {"treasuries": {faction | sub-faction | "imperial": int},
                  "offices": {office: faction}?,                             # RV-TURN-5 when absent
                  "pieces": [{"id", "owner", "area", "kind" (a unit kind or "noble"), "rank" (nobles),
                              "purse" (nobles)?, "banner" (units: a noble id)?, "subfaction"?,
                              "imperial"?}]}}                                  # RV-ECO-5/6

The real map and the starting forces were not retrievable (the start page is an image): they are data.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import Any

from domain.rulesets.cedofan_rv.options import DEFAULT_LEADER_TABLE, FACTIONS, NOBLE, SUBFACTIONS, UNIT_KINDS

BORDER_KINDS = ("passable", "mountain", "swamp")
PLACE_KINDS = ("city", "fortress", "village")
CITY_CLASSES = ("house", "imperial", "church")
_PLACE_KEYS = frozenset(
    {"kind", "name", "class", "owner", "damaged", "capital_of", "rudern", "yield", "elephants", "subfaction"}
)
_PIECE_KEYS = frozenset({"id", "owner", "area", "kind", "rank", "purse", "banner", "subfaction", "imperial"})
OFFICES = ("kard", "treasurer", "army_commander", "sermo", "umbro")


def board_errors(board: Mapping[str, Any] | None) -> list[str]:
    """Every problem of a board against the cedofan_rv schema, each naming the entry at fault."""
    if board is None:
        return ["board: cedofan_rv needs a board (the map is data; see the shipped 'demonstration' board)"]
    errors: list[str] = []
    area_ids: set[str] = set()
    for index, area in enumerate(board.get("areas", [])):
        area_ids.add(area.get("id", ""))
        errors += _area_errors(area, f"areas[{index}] ({area.get('id')!r})")
    for index, edge in enumerate(board.get("edges", [])):
        where = f"edges[{index}] ({edge.get('a')!r}-{edge.get('b')!r})"
        kind = edge.get("kind", "land")
        if kind not in BORDER_KINDS:
            errors.append(f"{where}.kind: {kind!r} is not a border kind ({', '.join(BORDER_KINDS)})")
        steps = (edge.get("attributes") or {}).get("steps")
        if not isinstance(steps, int) or isinstance(steps, bool) or steps < 1:
            errors.append(f"{where}.attributes.steps: {steps!r} must be a whole number of divider steps >= 1")
    attributes = board.get("attributes") or {}
    if "demonstration" in attributes and not isinstance(attributes["demonstration"], bool):
        errors.append("attributes.demonstration: expected true or false")
    setup = attributes.get("setup", {})
    if not isinstance(setup, Mapping):
        return [*errors, "attributes.setup: expected an object with treasuries and pieces"]
    errors += _treasury_errors(setup.get("treasuries", {}))
    errors += _office_errors(setup.get("offices", {}))
    errors += _pieces_errors(setup.get("pieces", []), area_ids)
    return errors


def _area_errors(area: Mapping[str, Any], where: str) -> list[str]:
    attributes = area.get("attributes") or {}
    errors = []
    home = attributes.get("home", [])
    if not isinstance(home, list) or any(f not in FACTIONS for f in home):
        errors.append(f"{where}.attributes.home: {home!r} must list factions ({', '.join(FACTIONS)})")
    place = attributes.get("place")
    if place is None:
        return errors
    if not isinstance(place, Mapping):
        return [*errors, f"{where}.attributes.place: expected an object"]
    errors += [f"{where}.attributes.place.{key}: unknown field" for key in place if key not in _PLACE_KEYS]
    if place.get("kind") not in PLACE_KINDS:
        errors.append(f"{where}.attributes.place.kind: {place.get('kind')!r} must be one of {', '.join(PLACE_KINDS)}")
    if "class" in place and place["class"] not in CITY_CLASSES:
        errors.append(f"{where}.attributes.place.class: {place['class']!r} must be one of {', '.join(CITY_CLASSES)}")
    owner = place.get("owner")
    if owner is not None and owner not in FACTIONS:
        errors.append(f"{where}.attributes.place.owner: {owner!r} is not a faction")
    if "yield" in place and place["yield"] not in (1, 2):
        errors.append(f"{where}.attributes.place.yield: {place['yield']!r} must be 1 or 2 (RV-ECO-2/3)")
    for flag in ("damaged", "rudern", "elephants"):
        if flag in place and not isinstance(place[flag], bool):
            errors.append(f"{where}.attributes.place.{flag}: expected true or false")
    capital_of = place.get("capital_of")
    if capital_of is not None and capital_of not in (*FACTIONS, *SUBFACTIONS):
        errors.append(f"{where}.attributes.place.capital_of: {capital_of!r} is not a faction or sub-faction")
    sub = place.get("subfaction")
    if sub is not None and (sub not in SUBFACTIONS or owner != "kard_league"):
        errors.append(
            f"{where}.attributes.place.subfaction: {sub!r} must be a Kard League sub-faction of a kard_league place"
        )
    return errors


def _office_errors(offices: Any) -> list[str]:
    """RV-TURN-5: council office -> the faction holding it."""
    if not isinstance(offices, Mapping):
        return ["attributes.setup.offices: expected an object of office -> faction"]
    return [
        f"attributes.setup.offices.{office}: {seat!r} must be a faction holding one of {', '.join(OFFICES)}"
        for office, seat in offices.items()
        if office not in OFFICES or seat not in FACTIONS
    ]


def _treasury_errors(treasuries: Any) -> list[str]:
    if not isinstance(treasuries, Mapping):
        return ["attributes.setup.treasuries: expected an object of faction -> resources"]
    return [
        f"attributes.setup.treasuries.{faction}: {amount!r} must be a faction's whole number of resources >= 0"
        for faction, amount in treasuries.items()
        if faction not in (*FACTIONS, *SUBFACTIONS, "imperial") or not _is_int(amount) or amount < 0
    ]


def _pieces_errors(pieces: Any, area_ids: set[str]) -> list[str]:
    if not isinstance(pieces, list):
        return ["attributes.setup.pieces: expected an array of pieces"]
    errors: list[str] = []
    seen: dict[str, Mapping[str, Any]] = {}
    for index, piece in enumerate(pieces):
        if not isinstance(piece, Mapping):
            errors.append(f"attributes.setup.pieces[{index}]: expected an object")
            continue
        where = f"attributes.setup.pieces[{index}] ({piece.get('id')!r})"
        errors += [f"{where}.{key}: unknown field" for key in piece if key not in _PIECE_KEYS]
        piece_id = piece.get("id")
        if not isinstance(piece_id, str) or not piece_id:
            errors.append(f"{where}.id: a piece needs a non-empty id")
        elif piece_id in seen:
            errors.append(f"{where}.id: duplicate piece id {piece_id!r}")
        else:
            seen[piece_id] = piece
        if piece.get("owner") not in FACTIONS:
            errors.append(f"{where}.owner: {piece.get('owner')!r} is not a faction")
        if piece.get("area") not in area_ids:
            errors.append(f"{where}.area: {piece.get('area')!r} is not an area of the board")
        if "imperial" in piece and not isinstance(piece["imperial"], bool):
            errors.append(f"{where}.imperial: expected true or false")
        if "subfaction" in piece and piece["subfaction"] not in SUBFACTIONS:
            errors.append(f"{where}.subfaction: {piece['subfaction']!r} is not a Kard League sub-faction")
        kind = piece.get("kind")
        if kind == NOBLE:
            if piece.get("rank") not in DEFAULT_LEADER_TABLE:
                errors.append(f"{where}.rank: {piece.get('rank')!r} must be one of {', '.join(DEFAULT_LEADER_TABLE)}")
            purse = piece.get("purse", 0)
            if not _is_int(purse) or purse < 0:
                errors.append(f"{where}.purse: {purse!r} must be a whole number >= 0")
        elif kind in UNIT_KINDS:
            if "rank" in piece or "purse" in piece:
                errors.append(f"{where}: only nobles have a rank and a purse")
        else:
            errors.append(f"{where}.kind: {kind!r} must be 'noble' or a unit kind ({', '.join(UNIT_KINDS)})")
    for index, piece in enumerate(pieces):
        banner = piece.get("banner") if isinstance(piece, Mapping) else None
        if banner is None:
            continue
        leader = seen.get(banner)
        where = f"attributes.setup.pieces[{index}] ({piece.get('id')!r}).banner"
        if leader is None or leader.get("kind") != NOBLE:
            errors.append(f"{where}: {banner!r} is not a noble of the setup (RV-NOB-1)")
        elif leader.get("area") != piece.get("area") or leader.get("owner") != piece.get("owner"):
            errors.append(f"{where}: noble {banner!r} is elsewhere or of another faction (RV-NOB-3)")
        elif _other_subfaction(leader, piece):
            errors.append(
                f"{where}: noble {banner!r} is of {leader.get('subfaction')!r} and cannot move a "
                f"{piece.get('subfaction')!r} unit (RV-KL-4)"
            )
    return errors


def _other_subfaction(leader: Mapping[str, Any], unit: Mapping[str, Any]) -> bool:
    """RV-KL-4: a general of one sub-faction cannot move the units of another."""
    ours, theirs = leader.get("subfaction"), unit.get("subfaction")
    return ours is not None and theirs is not None and ours != theirs


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def steps_between(edges: Mapping[str, Mapping[str, tuple[str, int]]], a: str, b: str) -> tuple[str, int] | None:
    """The border kind and length of the edge joining a and b, or None."""
    return edges.get(a, {}).get(b)


def nearest(
    edges: Mapping[str, Mapping[str, tuple[str, int]]], start: str, targets: frozenset[str]
) -> tuple[str, int] | None:
    """RV-AMB-10: the target reached by the shortest path in steps over passable borders; ties by area id."""
    found = nearest_all(edges, start, targets)
    return None if found is None else (found[0][0], found[1])


def nearest_all(
    edges: Mapping[str, Mapping[str, tuple[str, int]]], start: str, targets: frozenset[str]
) -> tuple[tuple[str, ...], int] | None:
    """RV-AMB-10: every target at the shortest distance in steps over passable borders (by id), and that distance."""
    if start in targets:
        return (start,), 0
    best: dict[str, int] = {start: 0}
    queue = [(0, start)]
    found: list[tuple[int, str]] = []
    while queue:
        distance, area = heapq.heappop(queue)
        if distance > best.get(area, distance) or (found and distance > found[0][0]):
            continue
        if area in targets:
            found.append((distance, area))
            continue
        for other, (kind, steps) in edges.get(area, {}).items():
            if kind != "passable":
                continue
            through = distance + steps
            if through < best.get(other, through + 1):
                best[other] = through
                heapq.heappush(queue, (through, other))
    if not found:
        return None
    distance = min(d for d, _ in found)
    return tuple(sorted(a for d, a in found if d == distance)), distance


def shortest_paths(edges: Mapping[str, Mapping[str, tuple[str, int]]], start: str) -> dict[str, tuple[int, list[str]]]:
    """RV-MOV-2: every region a banner can reach from `start` over any border, with the fewest divider steps and a
    path of that length (the regions entered, in order; ties by area id)."""
    best: dict[str, tuple[int, list[str]]] = {start: (0, [])}
    queue: list[tuple[int, list[str], str]] = [(0, [], start)]
    while queue:
        distance, path, area = heapq.heappop(queue)
        if (distance, path) > best[area]:
            continue
        for other, (_, steps) in sorted(edges.get(area, {}).items()):
            through = (distance + steps, [*path, other])
            if other not in best or through < best[other]:
                best[other] = through
                heapq.heappush(queue, (through[0], through[1], other))
    del best[start]
    return best
