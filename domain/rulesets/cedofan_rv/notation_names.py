"""The names notation reads for the ids cedofan_rv's events carry: factions and Kard League sub-factions as the
catalog writes them (Katzowicové, Gliviciové, Stínové země), places by the names the board gives them (Brod,
Knorów), units counted by kind, nobles by their faction and rank. An id the game does not know is read as itself,
so a line never fails.

**Decision:** the board gives nobles no names (the ruler cards were not retrievable) and names an area without a
place only with a note ("Open fields (demonstration)", which the state does not keep), so a noble reads as "the
Katzowicové head of house", with its id only to tell two nobles of one faction and rank apart ("the Gliviciové
general g_gen"). An area without a named place reads as the table finds it on the map, by the places it borders
("the region between Brod and Knorów"; the seed's map is regions, each the "správní oblast" of its city), its id
added only when another such area borders the same places; one that borders no named place reads as its id."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from domain.rulesets.cedofan_rv.options import NOBLE, UNIT_KINDS
from domain.rulesets.cedofan_rv.state import Piece, RvState

# RV catalog §1 and RV-TURN-3: the six seats and the Kard League's sub-factions, as the catalog writes them.
FACTION_NAMES: Mapping[str, str] = {
    "kard_league": "the Kard League",
    "gracujsti": "the Gracujští",
    "katzowicove": "Katzowicové",
    "gliviciove": "Gliviciové",
    "uradiove": "Uradiové",
    "svebodsti": "Svebodští",
    "stinove_zeme": "Stínové země",
    "zapadni_kardstvi": "Západní kardství",
    "emora": "Emora",
    "tragia": "Tragia",
    "ostius": "Ostius",
    "bystria": "Bystria",
}
# RV-NOB-2's ranks (`DEFAULT_LEADER_TABLE`) as words.
_RANKS: Mapping[str, str] = {
    "kl_ruler": "ruler",
    "kard": "kard",
    "army_commander": "army commander",
    "house_head": "head of house",
    "general": "general",
    "shade": "shade",
}
# A unit kind, one and many (RV glossary: infantry and cavalry are the same word for one and many).
_KINDS: Mapping[str, tuple[str, str]] = {
    "infantry": ("infantry", "infantry"),
    "cavalry": ("cavalry", "cavalry"),
    "elephant": ("elephant", "elephants"),
    "flame_legion": ("flame legion", "flame legions"),
}


def faction(seat: Any) -> str:
    """A faction or sub-faction by name: "katzowicove" reads "Katzowicové"."""
    if not seat:
        return "nobody"
    return FACTION_NAMES.get(str(seat), str(seat))


def factions(seats: Any) -> str:
    """Factions by name, in their order."""
    return ", ".join(faction(s) for s in seats) if isinstance(seats, list | tuple) and seats else "nobody"


def place(state: RvState, area: Any) -> str:
    """An area by the name of its city, fortress or village; an area without one by the places it borders."""
    found = state.places.get(str(area))
    return found.name if found is not None and found.name else _region(state, str(area))


def _region(state: RvState, area: str) -> str:
    """An area by the named places across its borders (any kind), "the region between Brod and Knorów", its id
    added when another area without a named place borders the same ones; an area that borders none as its id."""
    around = _bordered(state, area)
    if not around:
        return area
    twins = [a for a in state.map.edges if a != area and not _named(state, a) and _bordered(state, a) == around]
    between = f"the region between {_and(list(around))}" if len(around) > 1 else f"the region by {around[0]}"
    return f"{between} ({area})" if twins else between


def _named(state: RvState, area: str) -> str:
    found = state.places.get(area)
    return found.name if found is not None else ""


def _bordered(state: RvState, area: str) -> tuple[str, ...]:
    return tuple(sorted(name for other in state.map.edges.get(area, {}) if (name := _named(state, other))))


def noble(state: RvState, piece_id: Any) -> str:
    """A noble by faction and rank ("the Katzowicové head of house"), its id only when the rank is not enough."""
    piece = state.pieces.get(str(piece_id))
    if piece is None and str(piece_id) in state.fallen:  # a ruler killed this round (RV-DTH-1/2)
        seat, rank = state.fallen[str(piece_id)]
        piece = Piece(str(piece_id), NOBLE, seat, "", rank=rank)
    if piece is None or piece.kind != NOBLE:
        return str(piece_id)
    owner = faction(piece.subfaction or piece.owner).removeprefix("the ")
    title = f"the {owner} {_RANKS.get(str(piece.rank), str(piece.rank or 'noble'))}"
    twins = [p for p in state.pieces.values() if p.kind == NOBLE and _same_post(p, piece)]
    return f"{title} {piece.id}" if len(twins) > 1 else title


def _same_post(one: Piece, other: Piece) -> bool:
    return (one.owner, one.subfaction, one.rank) == (other.owner, other.subfaction, other.rank)


def nobles(state: RvState, piece_ids: Iterable[Any]) -> str:
    """Nobles by name, joined with "and"."""
    return _and([noble(state, p) for p in piece_ids]) or "nobody"


def counted(kind: Any, count: int) -> str:
    """A count of one unit kind: "1 elephant", "2 elephants", "3 infantry"."""
    one, many = _KINDS.get(str(kind), (str(kind), str(kind)))
    return f"{count} {one if count == 1 else many}"


def pieces(state: RvState, piece_ids: Iterable[Any]) -> str:
    """Pieces as the table sees them: units counted by kind, then nobles by name; an unknown id as itself."""
    kinds: Counter[str] = Counter()
    named: list[str] = []
    for piece_id in piece_ids:
        piece = state.pieces.get(str(piece_id))
        if piece is not None and piece.kind != NOBLE:
            kinds[piece.kind] += 1
        else:
            named.append(noble(state, piece_id))
    order = sorted(kinds, key=lambda k: UNIT_KINDS.index(k) if k in UNIT_KINDS else len(UNIT_KINDS))
    return _and([counted(kind, kinds[kind]) for kind in order] + named) or "nobody"


def account(state: RvState, name: Any) -> str:
    """Where resources are held: the seat's treasury, or a noble's purse."""
    return "the treasury" if name == "treasury" else f"the purse of {noble(state, name)}"


def _and(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"
