"""The opening state of a game: the board's regions, places and starting forces (RV-AMB-1: data)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Seat
from domain.rulesets.cedofan_rv.options import FACTIONS, NOBLE, SUBFACTIONS
from domain.rulesets.cedofan_rv.state import MapData, Piece, Place, RvState
from domain.rulesets.cedofan_rv.treasuries import IMPERIAL, STARTING_OFFICES


def setup(options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]) -> RvState:
    """The state the board describes; the board has passed `board_errors`."""
    board = board or {}
    start = (board.get("attributes") or {}).get("setup") or {}
    pieces, purses = _starting_pieces(start)
    names = tuple(s.seat for s in seats)
    treasuries = {seat: int(start.get("treasuries", {}).get(seat, 0)) for seat in names}
    # RV-KL-1: the Kard League's sub-factions keep their own treasuries; the empire has one (RV-ECO-5).
    treasuries.update({k: int(v) for k, v in start.get("treasuries", {}).items() if k in (*SUBFACTIONS, IMPERIAL)})
    return RvState(
        map=MapData(_homes(board), _borders(board)),
        seats=names,
        pieces=pieces,
        places=_places(board),
        treasuries=treasuries,
        purses=purses,
        influence={seat: 0 for seat in names},
        # RV-TURN-4: the first round's order (Kard League, Gracuja, then the four houses), which is also
        # the office order of RV-TURN-3 with the starting council of RV-TURN-5.
        order=tuple(f for f in FACTIONS if f in names),
        influence_target=int(options.get("influence_target", 25)),
        # RV-TURN-5: the starting council (no kard) unless the board says otherwise.
        offices=dict(start.get("offices") or {k: v for k, v in STARTING_OFFICES.items() if v in names}),
    )


def _homes(board: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """The board's home regions: area -> the seats at home there (RV-SUP-4)."""
    home: dict[str, tuple[str, ...]] = {}
    for area in board.get("areas", []):
        attributes = area.get("attributes") or {}
        if attributes.get("home"):
            home[area["id"]] = tuple(attributes["home"])
    return home


def _places(board: Mapping[str, Any]) -> dict[str, Place]:
    """The cities and fortresses of the board's areas."""
    places: dict[str, Place] = {}
    for area in board.get("areas", []):
        place = (area.get("attributes") or {}).get("place")
        if place is not None:
            places[area["id"]] = Place(
                area["id"],
                place["kind"],
                place.get("owner"),
                place.get("name", area.get("name", area["id"])),
                place.get("class"),
                bool(place.get("damaged", False)),
                place.get("capital_of"),
                bool(place.get("rudern", False)),
                int(place.get("yield", 1)),
                bool(place.get("elephants", False)),
                place.get("subfaction"),
            )
    return places


def _borders(board: Mapping[str, Any]) -> dict[str, dict[str, tuple[str, int]]]:
    """Both directions of every border: (kind, divider steps) (RV-MOV-2)."""
    edges: dict[str, dict[str, tuple[str, int]]] = {}
    for edge in board.get("edges", []):
        border = (edge.get("kind", "passable"), int((edge.get("attributes") or {}).get("steps", 1)))
        edges.setdefault(edge["a"], {})[edge["b"]] = border
        edges.setdefault(edge["b"], {})[edge["a"]] = border
    return edges


def _starting_pieces(start: Mapping[str, Any]) -> tuple[dict[str, Piece], dict[str, int]]:
    """The board's starting pieces, and the purses of its nobles."""
    pieces: dict[str, Piece] = {}
    purses: dict[str, int] = {}
    for raw in start.get("pieces", []):
        piece = Piece(
            raw["id"],
            raw["kind"],
            raw["owner"],
            raw["area"],
            rank=raw.get("rank"),
            banner=raw.get("banner"),
            subfaction=raw.get("subfaction"),
            imperial=bool(raw.get("imperial", False)),
        )
        pieces[piece.id] = piece
        if piece.kind == NOBLE:
            purses[piece.id] = int(raw.get("purse", 0))
    return pieces, purses
