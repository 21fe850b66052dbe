"""The state of a `cedofan_rv` game: the map it is played on, pieces, places, sieges, money and loot.

Everything is frozen; `evolve` builds new mappings and shares the rest (the map is never copied).
`dump_state` / `load_state` are exact inverses (snapshots and `adjust` go through them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.rulesets.cedofan_rv.options import NOBLE

Edges = Mapping[str, Mapping[str, tuple[str, int]]]
# Ranks that reappear after death (RV-DTH-1: heads of houses; RV-DTH-2: Kard League sub-faction rulers).
RULER_RANKS = ("house_head", "kl_ruler")


@dataclass(frozen=True, slots=True)
class MapData:
    """What the rules need of the board: home territories and borders (kind, divider steps)."""

    home: Mapping[str, tuple[str, ...]]
    edges: Edges


@dataclass(frozen=True, slots=True)
class Piece:
    """A unit or a noble (a ruler, general or shade)."""

    id: str
    kind: str  # a unit kind, or "noble"
    owner: str
    area: str
    rank: str | None = None  # nobles: leader-table rank (RV-NOB-2)
    banner: str | None = None  # units: the noble who moves them (RV-NOB-3)
    subfaction: str | None = None  # Kard League pieces (RV-KL-4, RV-UNIT-5)
    came_from: str | None = None  # nobles: where the last move started (RV-AMB-9)
    entered_by: str | None = None  # nobles: the border kind crossed last (RV-AMB-16)

    @property
    def is_noble(self) -> bool:
        """Nobles roll dice but are never counted as units (RV-AMB-2)."""
        return self.kind == NOBLE


@dataclass(frozen=True, slots=True)
class Place:
    """The city, fortress or village of an administrative region."""

    area: str
    kind: str
    owner: str | None
    name: str = ""
    city_class: str | None = None
    damaged: bool = False
    capital_of: str | None = None  # the house city or capital where a fallen ruler reappears (RV-DTH-1/2)
    rudern: bool = False  # Rudern itself: where a house ruler reappears without his house city (RV-DTH-1)
    yields: int = 1  # resources or recruits per round (RV-ECO-2; 2 at Jezerní město, RV-ECO-3)
    elephants: bool = False  # elephants may be recruited here (Ostius, RV-UNIT-4)

    @property
    def shelters(self) -> bool:
        """A city or an undamaged fortress can be besieged (RV-BTY-4, RV-AMB-25)."""
        return self.kind == "city" or (self.kind == "fortress" and not self.damaged)


@dataclass(frozen=True, slots=True)
class Siege:
    """A place under siege: who besieges it, with which nobles' banners, since when."""

    place: str
    besieger: str
    nobles: tuple[str, ...]
    started_round: int
    started_impulse: int


@dataclass(frozen=True, slots=True)
class Loot:
    """A loot slip (RV-LOOT-*): owed when a side loses, delivered when the loser's slip is revealed."""

    id: str
    from_seat: str
    to_seat: str
    amount: int
    delivered: int | None = None


@dataclass(frozen=True, slots=True)
class RvState:
    """A game of cedofan_rv."""

    map: MapData
    seats: tuple[str, ...]
    pieces: Mapping[str, Piece]
    places: Mapping[str, Place]
    treasuries: Mapping[str, int]
    purses: Mapping[str, int]
    round: int = 0
    impulse: str | None = None
    impulse_no: int = 0
    limit: int = 0
    spent: int = 0
    had_impulse: tuple[str, ...] = ()
    # RV-TURN-3/4: the impulse order of the seats; the arbiter re-orders it after council elections (`adjust`).
    order: tuple[str, ...] = ()
    # RV-VIC-3: influence that wins; the arbiter lowers it each round once Robert's body lies in Rudern.
    influence_target: int = 25
    sieges: Mapping[str, Siege] = field(default_factory=dict)
    influence: Mapping[str, int] = field(default_factory=dict)
    loot: Mapping[str, Loot] = field(default_factory=dict)
    battles: int = 0
    # Rulers killed this round, by noble id -> (seat, rank): they reappear when the round ends (RV-DTH-1/2).
    fallen: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # How many times each place has yielded a resource or a recruit this round (RV-ECO-2).
    worked: Mapping[str, int] = field(default_factory=dict)

    def pieces_in(self, area: str) -> tuple[Piece, ...]:
        """The pieces standing in an area, by id."""
        return tuple(p for p in self.pieces.values() if p.area == area)

    def banner_of(self, noble: str) -> tuple[Piece, ...]:
        """A noble and the units he moves (RV-NOB-3); empty when the noble is gone."""
        leader = self.pieces.get(noble)
        if leader is None:
            return ()
        units = tuple(p for p in self.pieces.values() if p.banner == noble and p.area == leader.area)
        return (leader, *units)

    def cities_of(self, seat: str) -> int:
        """Cities a faction administers: only cities count toward the limit (RV-AMB-14)."""
        return sum(1 for p in self.places.values() if p.owner == seat and p.kind == "city")

    def is_home(self, seat: str, area: str) -> bool:
        """Home territory: the board's home regions, or a region whose place the faction holds (RV-SUP-4)."""
        place = self.places.get(area)
        return seat in self.map.home.get(area, ()) or (place is not None and place.owner == seat)


def units(pieces: tuple[Piece, ...] | list[Piece]) -> int:
    """How many units (non-noble pieces) there are (RV-AMB-2)."""
    return sum(1 for p in pieces if not p.is_noble)


# --- JSON form ---


def dump(state: RvState) -> dict[str, Any]:
    """The JSON form of a state."""
    return {
        "map": {
            "home": {area: list(seats) for area, seats in state.map.home.items()},
            "edges": {
                a: {b: {"kind": kind, "steps": steps} for b, (kind, steps) in others.items()}
                for a, others in state.map.edges.items()
            },
        },
        "seats": list(state.seats),
        "pieces": {pid: _piece_json(p) for pid, p in state.pieces.items()},
        "places": {
            area: {
                "kind": p.kind,
                "owner": p.owner,
                "name": p.name,
                "city_class": p.city_class,
                "damaged": p.damaged,
                "capital_of": p.capital_of,
                "rudern": p.rudern,
                "yields": p.yields,
                "elephants": p.elephants,
            }
            for area, p in state.places.items()
        },
        "treasuries": dict(state.treasuries),
        "purses": dict(state.purses),
        "round": state.round,
        "impulse": state.impulse,
        "impulse_no": state.impulse_no,
        "limit": state.limit,
        "spent": state.spent,
        "had_impulse": list(state.had_impulse),
        "order": list(state.order),
        "influence_target": state.influence_target,
        "sieges": {
            area: {
                "besieger": s.besieger,
                "nobles": list(s.nobles),
                "started_round": s.started_round,
                "started_impulse": s.started_impulse,
            }
            for area, s in state.sieges.items()
        },
        "influence": dict(state.influence),
        "loot": {
            lid: {"from_seat": x.from_seat, "to_seat": x.to_seat, "amount": x.amount, "delivered": x.delivered}
            for lid, x in state.loot.items()
        },
        "battles": state.battles,
        "worked": dict(state.worked),
        "fallen": {noble: {"seat": seat, "rank": rank} for noble, (seat, rank) in state.fallen.items()},
    }


def _piece_json(piece: Piece) -> dict[str, Any]:
    return {
        "kind": piece.kind,
        "owner": piece.owner,
        "area": piece.area,
        "rank": piece.rank,
        "banner": piece.banner,
        "subfaction": piece.subfaction,
        "came_from": piece.came_from,
        "entered_by": piece.entered_by,
    }


def load(document: Mapping[str, Any]) -> RvState:
    """The state back from its JSON form; KeyError/TypeError/ValueError on a bad document."""
    raw_map = _obj(document["map"])
    home = {str(a): tuple(_str(s) for s in _list(seats)) for a, seats in _obj(raw_map["home"]).items()}
    edges = {
        str(a): {str(b): (_str(_obj(e)["kind"]), _int(_obj(e)["steps"])) for b, e in _obj(others).items()}
        for a, others in _obj(raw_map["edges"]).items()
    }
    pieces = {
        str(pid): Piece(
            str(pid),
            _str(p["kind"]),
            _str(p["owner"]),
            _str(p["area"]),
            _opt(p["rank"]),
            _opt(p["banner"]),
            _opt(p["subfaction"]),
            _opt(p["came_from"]),
            _opt(p["entered_by"]),
        )
        for pid, p in _obj(document["pieces"]).items()
    }
    places = {
        str(area): Place(
            str(area),
            _str(p["kind"]),
            _opt(p["owner"]),
            _str(p["name"]),
            _opt(p["city_class"]),
            _bool(p["damaged"]),
            _opt(p["capital_of"]),
            _bool(p["rudern"]),
            _int(p["yields"]),
            _bool(p["elephants"]),
        )
        for area, p in _obj(document["places"]).items()
    }
    sieges = {
        str(area): Siege(
            str(area),
            _str(s["besieger"]),
            tuple(_str(n) for n in _list(s["nobles"])),
            _int(s["started_round"]),
            _int(s["started_impulse"]),
        )
        for area, s in _obj(document["sieges"]).items()
    }
    loot = {
        str(lid): Loot(
            str(lid),
            _str(x["from_seat"]),
            _str(x["to_seat"]),
            _int(x["amount"]),
            None if x["delivered"] is None else _int(x["delivered"]),
        )
        for lid, x in _obj(document["loot"]).items()
    }
    return RvState(
        map=MapData(home, edges),
        seats=tuple(_str(s) for s in _list(document["seats"])),
        pieces=pieces,
        places=places,
        treasuries={str(k): _int(v) for k, v in _obj(document["treasuries"]).items()},
        purses={str(k): _int(v) for k, v in _obj(document["purses"]).items()},
        round=_int(document["round"]),
        impulse=_opt(document["impulse"]),
        impulse_no=_int(document["impulse_no"]),
        limit=_int(document["limit"]),
        spent=_int(document["spent"]),
        had_impulse=tuple(_str(s) for s in _list(document["had_impulse"])),
        order=tuple(_str(s) for s in _list(document["order"])),
        influence_target=_int(document["influence_target"]),
        sieges=sieges,
        influence={str(k): _int(v) for k, v in _obj(document["influence"]).items()},
        loot=loot,
        battles=_int(document["battles"]),
        worked={str(k): _int(v) for k, v in _obj(document["worked"]).items()},
        fallen={str(k): (_str(_obj(v)["seat"]), _str(_obj(v)["rank"])) for k, v in _obj(document["fallen"]).items()},
    )


def _obj(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TypeError(f"{value!r} is not an object")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"{value!r} is not an array")
    return list(value)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not text")
    return value


def _opt(value: Any) -> str | None:
    return None if value is None else _str(value)


def _int(value: Any) -> int:
    # Negative amounts are allowed: an arbiter's adjustment may record a debt.
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value
