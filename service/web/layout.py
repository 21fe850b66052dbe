"""Where the viewer draws a board's areas: the board's own `layout`, or a force-directed placement.

A board without layout positions gets a Fruchterman-Reingold placement, computed without randomness (the
start is a circle in area order) so that every server draws the same map, and cached by the board's id:
boards are content-addressed, so the id names exactly one document and the placement never goes stale.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

SIZE = 1000.0  # the drawing's view box is SIZE x SIZE; positions are scaled into it with a margin
MARGIN = 60.0
ITERATIONS = 300
GRAVITY = 2.0


def drawing(board_id: str, document: Mapping[str, Any]) -> dict[str, Any]:
    """The board as the viewer draws it: areas with positions and marks, edges with kinds."""
    areas = list(document.get("areas", []))
    edges = [(e["a"], e["b"]) for e in document.get("edges", [])]
    if areas and all(isinstance(a.get("layout"), Mapping) for a in areas):
        raw = {a["id"]: (float(a["layout"]["x"]), float(a["layout"]["y"])) for a in areas}
        placed, source = _scaled(raw), "layout"
    else:
        links = tuple(edges) + _references(areas)
        placed, source = _placement(board_id, tuple(a["id"] for a in areas), links), "force-directed"
    return {
        "board": board_id,
        "name": document.get("name"),
        "size": SIZE,
        "placement": source,
        "areas": [_area(a, placed[a["id"]]) for a in areas],
        "edges": [{"a": e["a"], "b": e["b"], "kind": e.get("kind", "land")} for e in document.get("edges", [])],
    }


def _area(area: Mapping[str, Any], at: tuple[float, float]) -> dict[str, Any]:
    attributes = area.get("attributes") or {}
    return {
        "id": area["id"],
        "name": area.get("name") or area["id"],
        "kind": area.get("kind"),
        "x": round(at[0], 1),
        "y": round(at[1], 1),
        "castle": _is_castle(area, attributes),
        "home": _home_of(attributes),
        # A cedofan Kards city lies in its administrative region, which its army steps out into (KBS-RET-1), though
        # no edge is drawn between them: the recorder's path picker offers the one from the other.
        "within": attributes.get("admin_region") if isinstance(attributes.get("admin_region"), str) else None,
    }


def _references(areas: list[Mapping[str, Any]]) -> tuple[tuple[str, str], ...]:
    """Areas an area's attributes name (a city's `admin_region`): drawn near it though no edge joins them."""
    ids = {a["id"] for a in areas}
    return tuple(
        (area["id"], value)
        for area in areas
        for value in (area.get("attributes") or {}).values()
        if isinstance(value, str) and value in ids and value != area["id"]
    )


def _is_castle(area: Mapping[str, Any], attributes: Mapping[str, Any]) -> bool:
    # Each ruleset's board schema names its strongholds differently: KK `castle`, AGoT `structure`, the
    # cedofan games walled cities (a `city` area, or an area holding a city `place`).
    place = attributes.get("place")
    return bool(
        attributes.get("castle") is True
        or attributes.get("structure") in ("castle", "stronghold")
        or area.get("kind") == "city"
        or (isinstance(place, Mapping) and place.get("kind") == "city")
    )


def _home_of(attributes: Mapping[str, Any]) -> str | None:
    for key in ("home_of", "capital_of", "home", "province"):
        value = attributes.get(key)
        if isinstance(value, str) and value:
            return value
        if isinstance(value, list) and value and isinstance(value[0], str):
            return value[0]
    return None


def _scaled(raw: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Positions fitted into the view box, keeping the board's proportions."""
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    scale = (SIZE - 2 * MARGIN) / span
    return {k: (MARGIN + (x - min(xs)) * scale, MARGIN + (y - min(ys)) * scale) for k, (x, y) in raw.items()}


@lru_cache(maxsize=64)
def _placement(
    board_id: str, ids: tuple[str, ...], edges: tuple[tuple[str, str], ...]
) -> dict[str, tuple[float, float]]:
    """Fruchterman-Reingold from a circle; `board_id` keys the cache (the board's content hash)."""
    count = len(ids)
    if count == 0:
        return {}
    index = {area: i for i, area in enumerate(ids)}
    pos = [[math.cos(2 * math.pi * i / count), math.sin(2 * math.pi * i / count)] for i in range(count)]
    links = [(index[a], index[b]) for a, b in edges if a in index and b in index]
    k = math.sqrt(4.0 / count)  # the ideal distance on a 2 x 2 square
    heat = 0.2
    for _ in range(ITERATIONS):
        moves = [[0.0, 0.0] for _ in range(count)]
        for i in range(count):
            for j in range(i + 1, count):
                dx, dy = pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]
                dist = max(math.hypot(dx, dy), 1e-6)
                push = k * k / dist
                moves[i][0] += dx / dist * push
                moves[i][1] += dy / dist * push
                moves[j][0] -= dx / dist * push
                moves[j][1] -= dy / dist * push
        for i, j in links:
            dx, dy = pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]
            dist = max(math.hypot(dx, dy), 1e-6)
            pull = dist * dist / k
            moves[i][0] -= dx / dist * pull
            moves[i][1] -= dy / dist * pull
            moves[j][0] += dx / dist * pull
            moves[j][1] += dy / dist * pull
        for i in range(count):
            # Gravity keeps areas no edge holds (islands, regions) from drifting off; the frame bounds all.
            moves[i][0] -= GRAVITY * pos[i][0]
            moves[i][1] -= GRAVITY * pos[i][1]
            length = max(math.hypot(*moves[i]), 1e-9)
            step = min(length, heat)
            pos[i][0] = max(-1.0, min(1.0, pos[i][0] + moves[i][0] / length * step))
            pos[i][1] = max(-1.0, min(1.0, pos[i][1] + moves[i][1] / length * step))
        heat *= 0.985
    return _scaled({area: (pos[i][0], pos[i][1]) for area, i in index.items()})
