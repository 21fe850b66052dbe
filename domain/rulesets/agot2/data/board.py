"""The agot2 board schema (catalog §0.3.1) over the generic board structure of `domain.boards`.

`board_errors` lists every problem of a board document; each message starts with the area, edge or port
at fault and names the field. It checks only what the game needs; the shared structure (ids, layout
numbers, one edge per pair) is checked by `domain.boards.board_errors`, which every board must also pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.agot2.data.values import (
    choices,
    count_error,
    count_of,
    is_one_of,
    is_text,
    shown,
    unknown_keys,
)

RULESET_ID = "agot2"
AREA_KINDS = frozenset({"land", "sea", "port"})
STRUCTURES = frozenset({"castle", "stronghold"})
AREA_FIELDS = frozenset({"structure", "supply_icons", "power_icons", "home_of", "garrison", "port_of"})

# The kind an edge must carry, from the kinds of its two ends (a port edge joins a port to its land or sea).
EDGE_KINDS: Mapping[frozenset[str], str] = {
    frozenset({"land"}): "land",
    frozenset({"land", "sea"}): "coast",
    frozenset({"sea"}): "sea",
    frozenset({"port", "land"}): "port",
    frozenset({"port", "sea"}): "port",
    frozenset({"port"}): "port",
}


def board_errors(document: object) -> list[str]:
    """Every agot2 problem of a board document (catalog §0.3.1, GOT-TERM-2/3, GOT-X-19); empty when valid."""
    if not isinstance(document, Mapping):
        return [f"board: expected an object, got {shown(document)}"]
    errors = _header_errors(document)
    areas, edges = document.get("areas"), document.get("edges")
    if not isinstance(areas, list):
        return [*errors, f"board areas: expected an array, got {shown(areas)}"]
    if not isinstance(edges, list):
        return [*errors, f"board edges: expected an array, got {shown(edges)}"]
    houses = _declared_houses(document)
    kinds: dict[str, str] = {}
    attributes: dict[str, Mapping[str, Any]] = {}
    for index, area in enumerate(areas):
        errors += _area_errors(area, index, kinds, attributes, houses)
    neighbours: dict[str, set[str]] = {area_id: set() for area_id in kinds}
    for index, edge in enumerate(edges):
        errors += _edge_errors(edge, index, kinds, neighbours)
    for area_id, kind in kinds.items():
        if kind == "port":
            errors += _port_errors(area_id, attributes[area_id], kinds, neighbours)
        elif kind in ("land", "sea") and not neighbours[area_id]:
            errors.append(f"area {area_id!r}: no adjacent area (an area nothing can reach is a typo in the edges)")
    return errors


def _header_errors(document: Mapping[str, Any]) -> list[str]:
    errors = []
    ruleset = document.get("ruleset")
    if ruleset is not None and ruleset != RULESET_ID:
        errors.append(f"board ruleset: this is a board for {ruleset!r}, not {RULESET_ID!r}")
    board_attributes = document.get("attributes", {})
    if not isinstance(board_attributes, Mapping):
        return [*errors, f"board attributes: expected an object, got {shown(board_attributes)}"]
    if "board_id" in board_attributes and not is_text(board_attributes["board_id"]):
        errors.append(
            f"board attributes board_id: expected a non-empty string, got {shown(board_attributes['board_id'])}"
        )
    houses = board_attributes.get("houses")
    if houses is not None and not (
        isinstance(houses, list) and all(is_text(house) for house in houses) and len(set(houses)) == len(houses)
    ):
        errors.append(f"board attributes houses: expected an array of distinct house ids, got {shown(houses)}")
    notes = board_attributes.get("notes")
    if notes is not None and not (isinstance(notes, list) and all(isinstance(note, str) for note in notes)):
        errors.append(f"board attributes notes: expected an array of strings, got {shown(notes)}")
    return errors


def _declared_houses(document: Mapping[str, Any]) -> frozenset[str] | None:
    """The board's house ids when it lists them (then every home area must name one of them)."""
    board_attributes = document.get("attributes")
    houses = board_attributes.get("houses") if isinstance(board_attributes, Mapping) else None
    if isinstance(houses, list) and all(is_text(house) for house in houses):
        return frozenset(houses)
    return None


def _area_errors(
    area: object,
    index: int,
    kinds: dict[str, str],
    attributes: dict[str, Mapping[str, Any]],
    houses: frozenset[str] | None,
) -> list[str]:
    """GOT-TERM-2: land, sea or port; structures, icons, home and garrison only where they can be."""
    if not isinstance(area, Mapping) or not is_text(area.get("id")):
        return [f"areas[{index}]: expected an object with a non-empty string id, got {shown(area)}"]
    area_id: str = area["id"]
    where = f"area {area_id!r}"
    if area_id in kinds:
        return [f"{where}: id repeated (areas[{index}])"]
    kind = area.get("kind")
    fields = area.get("attributes", {})
    errors = []
    if not is_one_of(kind, AREA_KINDS):
        errors.append(f"{where} kind: expected {choices(AREA_KINDS)}, got {shown(kind)}")
    if not isinstance(fields, Mapping):
        errors.append(f"{where} attributes: expected an object, got {shown(fields)}")
        fields = {}
    kinds[area_id] = kind if isinstance(kind, str) else ""
    attributes[area_id] = fields
    errors += unknown_keys(fields, AREA_FIELDS, where)
    errors += _structure_errors(fields, kind, where)
    errors += _icon_errors(fields, kind, where)
    errors += _home_errors(fields, kind, where, houses)
    if kind != "port" and "port_of" in fields:
        errors.append(f"{where} port_of: only a port area links a land area to a sea area (kind is {shown(kind)})")
    return errors


def _structure_errors(fields: Mapping[str, Any], kind: object, where: str) -> list[str]:
    """GOT-COMBAT-3: castles and strongholds stand on land areas only."""
    structure = fields.get("structure")
    if structure is None:
        return []
    if not is_one_of(structure, STRUCTURES):
        return [f"{where} structure: expected {choices(STRUCTURES)} or null, got {shown(structure)}"]
    if kind != "land":
        return [f"{where} structure: a {structure} can only stand on a land area (kind is {shown(kind)})"]
    return []


def _icon_errors(fields: Mapping[str, Any], kind: object, where: str) -> list[str]:
    """Supply barrels and Power crowns are printed on land areas, as whole numbers."""
    errors = []
    for key in ("supply_icons", "power_icons"):
        malformed = count_error(fields, key, where)
        errors += malformed
        if not malformed and kind != "land" and count_of(fields, key) > 0:
            errors.append(f"{where} {key}: only land areas carry icons (kind is {shown(kind)})")
    return errors


def _home_errors(fields: Mapping[str, Any], kind: object, where: str, houses: frozenset[str] | None) -> list[str]:
    """GOT-TERM-3 and GOT-X-3: a home area is a land area of one House; only a home area has a garrison."""
    errors = []
    home_of = fields.get("home_of")
    if home_of is not None:
        if not is_text(home_of):
            errors.append(f"{where} home_of: expected a house id or null, got {shown(home_of)}")
        elif kind != "land":
            errors.append(f"{where} home_of: only a land area can be a home area (kind is {shown(kind)})")
        elif houses is not None and home_of not in houses:
            errors.append(f"{where} home_of: {home_of!r} is not one of the board's houses {choices(houses)}")
    malformed = count_error(fields, "garrison", where)
    errors += malformed
    if not malformed and count_of(fields, "garrison") > 0 and home_of is None:
        errors.append(f"{where} garrison: a garrison of {fields['garrison']} needs home_of (only home areas have one)")
    return errors


def _edge_errors(edge: object, index: int, kinds: Mapping[str, str], neighbours: dict[str, set[str]]) -> list[str]:
    """Adjacency is undirected, so one edge makes both areas neighbours; repeated pairs are ignored (§0.3.1)."""
    if not isinstance(edge, Mapping):
        return [f"edges[{index}]: expected an object with a and b, got {shown(edge)}"]
    a, b = edge.get("a"), edge.get("b")
    where = f"edge {index} ({a!r}-{b!r})"
    errors = [
        f"{where} {end}: unknown area {shown(area_id)}"
        for end, area_id in (("a", a), ("b", b))
        if not (isinstance(area_id, str) and area_id in kinds)
    ]
    if errors:
        return errors
    assert isinstance(a, str) and isinstance(b, str)
    if a == b:
        return [f"{where}: pairs area {a!r} with itself"]
    neighbours[a].add(b)
    neighbours[b].add(a)
    expected = EDGE_KINDS.get(frozenset({kinds[a], kinds[b]}))
    if "kind" in edge and expected is not None and edge["kind"] != expected:
        return [f"{where} kind: a {kinds[a]}-{kinds[b]} edge is {expected!r}, got {shown(edge['kind'])}"]
    return []


def _port_errors(
    port_id: str, fields: Mapping[str, Any], kinds: Mapping[str, str], neighbours: Mapping[str, set[str]]
) -> list[str]:
    """GOT-X-19: a port lies between one land area and a sea area adjacent to it, and touches nothing else."""
    where = f"port {port_id!r}"
    link = fields.get("port_of")
    if not isinstance(link, Mapping) or not all(isinstance(link.get(end), str) for end in ("land", "sea")):
        return [f"{where} port_of: expected an object with land and sea area ids, got {shown(link)}"]
    errors = unknown_keys(link, ("land", "sea"), f"{where} port_of")
    land, sea = link["land"], link["sea"]
    for end, area_id in (("land", land), ("sea", sea)):
        if kinds.get(area_id) != end:
            found = "an unknown area" if area_id not in kinds else f"of kind {kinds[area_id]!r}"
            errors.append(f"{where} port_of.{end}: {area_id!r} is {found}, expected a {end} area")
    actual = neighbours[port_id]
    if actual != {land, sea}:
        errors.append(
            f"{where} edges: a port is adjacent to exactly its land {land!r} and its sea {sea!r}, "
            f"got {', '.join(sorted(actual)) or 'nothing'}"
        )
    if kinds.get(land) == "land" and kinds.get(sea) == "sea" and sea not in neighbours[land]:
        errors.append(f"{where} port_of: its land {land!r} is not adjacent to its sea {sea!r}")
    return errors
