"""A Game of Thrones march and Raven refusals cite the rule that bars them (issue 17, point 4).

Positions of `tests/domain/agot2/test_transcript_deviations.py`, adjudicated: areas l1-l4 (land) and s1 (sea),
roads l1-l2, l2-l3, l3-l4, l1-l3 and l1-s1. `_raven_moment`: orders just revealed, Red holds the Raven.
`_raven_late`: the march step under way, Red's knight marches from l1 and Blue's footman from l4.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from tests.domain.agot2.tables import decide, units
from tests.domain.agot2.test_transcript_deviations import (
    MARCH_AREAS,
    MARCH_EDGES,
    _game,
    _march_game,
    _raven_late,
    _raven_moment,
    _rules,
)
from tests.domain.citations.paths_agot2 import AGOT2 as INVENTORY

Path = tuple[str, str]
KNIGHT = "red:knight:l1:1"


def cites(path: Path, game: Game, kind: str, seat: str | None, expected: list[str], **data: Any) -> None:
    """The action is refused citing `expected` in order; the path is an inventoried one."""
    assert path in INVENTORY, f"{path} is not inventoried"
    assert _rules(decide(game, kind, seat, **data)) == expected


def march(*moves: tuple[str, list[str]]) -> dict[str, Any]:
    return {"from_area": "l1", "moves": [{"to_area": to, "units": list(ids)} for to, ids in moves]}


def test_march_refused_got_x_12_while_the_raven_may_still_be_used() -> None:
    """GOT-X-12: the Raven is "usable once, after all orders are revealed and before the first order is
    resolved" — so no march is resolved while its holder has not used or declined it."""
    path: Path = ("GOT-X-12", "orders:_turn_deviations")
    cites(path, _raven_moment("adjudicated"), "march", "red", ["GOT-X-12"], **march(("l2", [KNIGHT])))


def test_raven_refused_got_x_12_after_its_moment_and_got_raven_5_when_used_this_round() -> None:
    """GOT-X-12 (the Raven's moment has passed once marches are resolved); GOT-RAVEN-5: "usable at most once per
    round"."""
    wildling = {"option": "inspect_wildling", "placement": "top"}
    late = _raven_late("adjudicated")
    cites(("GOT-X-12", "planning:_raven_guard"), late, "use_raven", "red", ["GOT-X-12"], **wildling)
    used = _raven_late("adjudicated", raven_used=True)
    cites(("GOT-RAVEN-5", "planning:_raven_guard"), used, "use_raven", "red", ["GOT-RAVEN-5"], **wildling)


def test_march_refused_got_term_4_out_of_turn_or_without_a_march_order() -> None:
    """GOT-TERM-4: orders are resolved in Iron Throne order (Red first), each from the seat's own order."""
    game = _raven_late("adjudicated")
    blue = {"from_area": "l4", "moves": [{"to_area": "l3", "units": ["blue:footman:l4:1"]}]}
    cites(("GOT-TERM-4", "orders:_turn_deviations"), game, "march", "blue", ["GOT-TERM-4"], **blue)
    no_order = {"from_area": "l2", "moves": [{"to_area": "l3", "units": [KNIGHT]}]}
    cites(("GOT-TERM-4", "orders:_order_turn"), game, "march", "red", ["GOT-TERM-4"], **no_order)


def test_march_refused_got_x_25_when_its_moves_are_not_the_seats_units() -> None:
    """GOT-X-25: "Combat starts from a recorded march (UnitsMarched with origin, destination and units)" — moves
    that name no units, or units not Red's in l1, record no march."""
    path: Path = ("GOT-X-25", "orders:march")
    game = _raven_late("adjudicated")
    cites(path, game, "march", "red", ["GOT-X-25"], from_area="l1", moves="l2")
    each_move: Path = ("GOT-X-25", "orders:_move_refusal")
    cites(each_move, game, "march", "red", ["GOT-X-25"], **march(("l2", [])))
    cites(each_move, game, "march", "red", ["GOT-X-25"], **march(("l2", ["red:knight:l4:9"])))


def test_march_refused_got_x_25_for_a_knight_into_a_sea_area() -> None:
    """GOT-X-25: march legality is outside the catalog (§0.2); the seed's land/sea split is stated for retreats
    only (GOT-RETREAT-8, named in the message), so a knight marching to sea is refused under the scope rule."""
    path: Path = ("GOT-X-25", "orders:_move_refusal")
    cites(path, _raven_late("adjudicated"), "march", "red", ["GOT-X-25"], **march(("s1", [KNIGHT])))


def test_march_refused_got_rout_5_for_routed_units() -> None:
    """GOT-ROUT-5: "Routed units cannot move, even if a March order in their area is resolved"."""
    path: Path = ("GOT-ROUT-5", "orders:_move_refusal")
    cites(path, _march_game(routed=True)("adjudicated"), "march", "red", ["GOT-ROUT-5"], **march(("l2", [KNIGHT])))


def test_march_refused_got_x_25_into_two_areas_of_another_house() -> None:
    """GOT-X-25: the catalog puts "one combat per march" out of its scope (§0.2), not in GOT-COMBAT-1, which only
    starts a combat when units move into another House's area: Red's knight into Blue's l2 and his footman into
    Blue's l3 would start two."""
    game = _game(
        "adjudicated",
        MARCH_AREAS,
        MARCH_EDGES,
        units("red", "l1", "knight", "footman") + units("blue", "l2", "footman") + units("blue", "l3", "footman"),
        [("l1", "red", "march_0"), ("l2", "blue", "defense_0"), ("l3", "blue", "defense_0")],
    )
    two = march(("l2", [KNIGHT]), ("l3", ["red:footman:l1:2"]))
    cites(("GOT-X-25", "orders:march"), game, "march", "red", ["GOT-X-25"], **two)


def test_raven_swap_over_the_stars_names_the_got_x_13_umbrella_after_got_court_1() -> None:
    """The GOT-X-13 umbrella after GOT-COURT-1 is a path of its own (`planning:use_raven`): the King's Court limit
    is checked after a Raven swap. Red, 1 star, swaps its plain march for the special march +1 beside its special
    support (see test_agot2)."""
    swap = {"option": "replace_order", "area": "l1", "token": "march_plus1"}
    cites(
        ("GOT-X-13", "planning:use_raven"),
        _raven_moment("adjudicated"),
        "use_raven",
        "red",
        ["GOT-COURT-1", "GOT-X-13"],
        **swap,
    )
