"""Where the viewer draws a board without layout positions: deterministic, inside the view box, apart."""

from __future__ import annotations

import itertools
import math

from service.web.layout import MARGIN, SIZE, drawing


def _ring(count: int, *, unconnected: tuple[str, ...] = ()) -> dict[str, object]:
    """`count` areas in a ring, plus the `unconnected` areas that no edge holds."""
    areas = [{"id": f"a{i}"} for i in range(count)] + [{"id": area} for area in unconnected]
    edges = [{"a": f"a{i}", "b": f"a{(i + 1) % count}"} for i in range(count)]
    return {"name": "ring", "areas": areas, "edges": edges}


def test_placement_is_the_same_when_computed_twice() -> None:
    board = _ring(12)
    first = drawing("ring-12", board)
    drawing.__globals__["_placement"].cache_clear()
    assert drawing("ring-12", board) == first


def test_placement_keeps_every_area_inside_the_view_box_and_apart_when_the_board_has_no_layout() -> None:
    board = _ring(20, unconnected=("island",))  # gravity must keep the island on the map
    placed = drawing("ring-20-island", board)["areas"]
    assert placed and all(MARGIN - 0.1 <= a[axis] <= SIZE - MARGIN + 0.1 for a in placed for axis in ("x", "y"))
    closest = min(math.dist((p["x"], p["y"]), (q["x"], q["y"])) for p, q in itertools.combinations(placed, 2))
    assert closest > 30  # an area is drawn 32 units wide: no two overlap


def test_neighbours_are_drawn_closer_than_the_far_side_when_placed_by_force() -> None:
    placed = {a["id"]: (a["x"], a["y"]) for a in drawing("ring-16", _ring(16))["areas"]}
    assert math.dist(placed["a0"], placed["a1"]) < math.dist(placed["a0"], placed["a8"])


def test_layout_positions_are_kept_in_proportion_when_the_board_has_them() -> None:
    board = {
        "name": "three",
        "areas": [
            {"id": "a", "layout": {"x": 0, "y": 0}},
            {"id": "b", "layout": {"x": 10, "y": 0}},
            {"id": "c", "layout": {"x": 0, "y": 5}},
        ],
        "edges": [{"a": "a", "b": "b", "kind": "river"}],
    }
    drawn = drawing("three", board)
    at = {a["id"]: (a["x"], a["y"]) for a in drawn["areas"]}
    assert drawn["placement"] == "layout"
    assert at["a"] == (MARGIN, MARGIN) and at["b"] == (SIZE - MARGIN, MARGIN)
    assert at["c"][1] - MARGIN == (SIZE - 2 * MARGIN) / 2  # y 5 of a span of 10
    assert drawn["edges"] == [{"a": "a", "b": "b", "kind": "river"}]
