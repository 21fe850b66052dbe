"""The state of a `cedofan_rv` game: the map it is played on, pieces, places, sieges, money and loot.

Everything is frozen; `evolve` builds new mappings and shares the rest (the map is never copied).
`dump_state` / `load_state` are exact inverses (snapshots and `adjust` go through them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.json_values import flag, json_array, json_object, optional_text, text, whole
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
    imperial: bool = False  # imperial generals and units, paid from the imperial treasury (RV-ECO-5/6)

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
    subfaction: str | None = None  # the Kard League sub-faction that administers it (RV-KL-1, RV-KL-3)
    neutral: bool = False  # an imperial city that turned neutral in unrest (RV-ECO-8)

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
    treasury: str | None = None  # the treasury it goes to when not the winner's seat's (RV-AMB-19, RV-KL-1)


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
    # RV-TURN-3: the Kard League sub-faction whose impulse is open, and those that have had theirs this round
    # (the seat stays the League's: `impulse` is "kard_league" in each of them).
    impulse_subfaction: str | None = None
    sub_impulses: tuple[str, ...] = ()
    # RV-TURN-3/4: the impulse order of the seats, set from `offices` when a round starts (the arbiter records
    # council elections by `adjust` on `offices`).
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
    # Fallen Kard League rulers: noble id -> (sub-faction, where he fell); his army there is lost (RV-DTH-2).
    fallen_with: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # RV-TURN-5: council office -> seat; the arbiter records elections by `adjust` (RV-TURN-2).
    offices: Mapping[str, str] = field(default_factory=dict)
    taxed_round: int = 0  # the round of the last extraordinary tax (RV-ECO-8: once per round)
    shade_impulse: int = 0  # the impulse in which Kalamé last summoned a shade (RV-ECO-7: one per turn)
    # RV-AMB-10: a seat's last withdrawal with equally near places: (pieces, where they went, the choices).
    retreat_ties: Mapping[str, tuple[tuple[str, ...], str, tuple[str, ...]]] = field(default_factory=dict)

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

    def cities_of_subfaction(self, seat: str, subfaction: str) -> int:
        """Cities a Kard League sub-faction administers (RV-KL-1, RV-KL-3): its own count toward its limit."""
        return sum(
            1 for p in self.places.values() if p.owner == seat and p.kind == "city" and p.subfaction == subfaction
        )

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
                "subfaction": p.subfaction,
                "neutral": p.neutral,
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
        # Written only when they apply, so the states of games without sub-faction impulses read as before.
        **({"impulse_subfaction": state.impulse_subfaction} if state.impulse_subfaction else {}),
        **({"sub_impulses": list(state.sub_impulses)} if state.sub_impulses else {}),
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
            lid: {
                "from_seat": x.from_seat,
                "to_seat": x.to_seat,
                "amount": x.amount,
                "delivered": x.delivered,
                "treasury": x.treasury,
            }
            for lid, x in state.loot.items()
        },
        "battles": state.battles,
        "worked": dict(state.worked),
        "fallen": {noble: {"seat": seat, "rank": rank} for noble, (seat, rank) in state.fallen.items()},
        "fallen_with": {noble: {"subfaction": sub, "area": area} for noble, (sub, area) in state.fallen_with.items()},
        "offices": dict(state.offices),
        "taxed_round": state.taxed_round,
        "shade_impulse": state.shade_impulse,
        "retreat_ties": {
            seat: {"pieces": list(pieces), "to": to, "ties": list(ties)}
            for seat, (pieces, to, ties) in state.retreat_ties.items()
        },
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
        "imperial": piece.imperial,
    }


def load(document: Mapping[str, Any]) -> RvState:
    """The state back from its JSON form; KeyError/TypeError/ValueError on a bad document."""
    raw_map = json_object(document["map"])
    home = {str(a): tuple(text(s) for s in json_array(seats)) for a, seats in json_object(raw_map["home"]).items()}
    edges = {
        str(a): {
            str(b): (text(json_object(e)["kind"]), whole(json_object(e)["steps"]))
            for b, e in json_object(others).items()
        }
        for a, others in json_object(raw_map["edges"]).items()
    }
    pieces = {
        str(pid): Piece(
            str(pid),
            text(p["kind"]),
            text(p["owner"]),
            text(p["area"]),
            optional_text(p["rank"]),
            optional_text(p["banner"]),
            optional_text(p["subfaction"]),
            optional_text(p["came_from"]),
            optional_text(p["entered_by"]),
            flag(p.get("imperial", False)),
        )
        for pid, p in json_object(document["pieces"]).items()
    }
    places = {
        str(area): Place(
            str(area),
            text(p["kind"]),
            optional_text(p["owner"]),
            text(p["name"]),
            optional_text(p["city_class"]),
            flag(p["damaged"]),
            optional_text(p["capital_of"]),
            flag(p["rudern"]),
            whole(p["yields"]),
            flag(p["elephants"]),
            optional_text(p.get("subfaction")),
            flag(p.get("neutral", False)),
        )
        for area, p in json_object(document["places"]).items()
    }
    sieges = {
        str(area): Siege(
            str(area),
            text(s["besieger"]),
            tuple(text(n) for n in json_array(s["nobles"])),
            whole(s["started_round"]),
            whole(s["started_impulse"]),
        )
        for area, s in json_object(document["sieges"]).items()
    }
    loot = {
        str(lid): Loot(
            str(lid),
            text(x["from_seat"]),
            text(x["to_seat"]),
            whole(x["amount"]),
            None if x["delivered"] is None else whole(x["delivered"]),
            optional_text(x.get("treasury")),
        )
        for lid, x in json_object(document["loot"]).items()
    }
    return RvState(
        map=MapData(home, edges),
        seats=tuple(text(s) for s in json_array(document["seats"])),
        pieces=pieces,
        places=places,
        treasuries={str(k): whole(v) for k, v in json_object(document["treasuries"]).items()},
        purses={str(k): whole(v) for k, v in json_object(document["purses"]).items()},
        round=whole(document["round"]),
        impulse=optional_text(document["impulse"]),
        impulse_no=whole(document["impulse_no"]),
        limit=whole(document["limit"]),
        spent=whole(document["spent"]),
        had_impulse=tuple(text(s) for s in json_array(document["had_impulse"])),
        impulse_subfaction=optional_text(document.get("impulse_subfaction")),
        sub_impulses=tuple(text(s) for s in json_array(document.get("sub_impulses", []))),
        order=tuple(text(s) for s in json_array(document["order"])),
        influence_target=whole(document["influence_target"]),
        sieges=sieges,
        influence={str(k): whole(v) for k, v in json_object(document["influence"]).items()},
        loot=loot,
        battles=whole(document["battles"]),
        worked={str(k): whole(v) for k, v in json_object(document["worked"]).items()},
        fallen={
            str(k): (text(json_object(v)["seat"]), text(json_object(v)["rank"]))
            for k, v in json_object(document["fallen"]).items()
        },
        fallen_with={
            str(k): (text(json_object(v)["subfaction"]), text(json_object(v)["area"]))
            for k, v in json_object(document.get("fallen_with", {})).items()
        },
        offices={str(k): text(v) for k, v in json_object(document.get("offices", {})).items()},
        taxed_round=whole(document.get("taxed_round", 0)),
        shade_impulse=whole(document.get("shade_impulse", 0)),
        retreat_ties={
            str(k): (
                tuple(text(p) for p in json_array(json_object(v)["pieces"])),
                text(json_object(v)["to"]),
                tuple(text(t) for t in json_array(json_object(v)["ties"])),
            )
            for k, v in json_object(document.get("retreat_ties", {})).items()
        },
    )
