"""The state of a `cedofan_rv` game: the map it is played on, pieces, places, sieges, money and loot.

Everything is frozen; `evolve` builds new mappings and shares the rest (the map is never copied).
Its JSON form, exact both ways (snapshots and `adjust` go through it), is in `state_json.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from domain.rulesets.cedofan_rv.options import NOBLE
from domain.rulesets.cedofan_rv.retreat_ties import Ties

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
    # RV-AMB-10: each seat's open withdrawals with equally near places, oldest first (`retreat_ties.py`).
    retreat_ties: Ties = field(default_factory=dict)
    # The seed's allies („spojenecké armády", RV-FLD-3; „spřátelená armáda", RV-REL-1): pairs of seats in force
    # (sorted), and declarations the other seat has not made yet (declarer, other); `alliances.py`.
    alliances: tuple[tuple[str, str], ...] = ()
    alliance_offers: tuple[tuple[str, str], ...] = ()
    # The ruling changes of the ruleset version the game is pinned to (amendments.py, ruleset.py), which decide
    # paths read; set by the version that builds the state, never written to its JSON (state_json.py).
    amendments: frozenset[str] = frozenset()

    def allied(self, a: str, b: str) -> bool:
        """Two different seats in an alliance both declared (RV-FLD-3)."""
        return (min(a, b), max(a, b)) in self.alliances and a != b

    def is_friend(self, a: str, b: str | None) -> bool:
        """The same seat or its ally: the „vlastní/spřátelená armáda" of RV-REL-1."""
        return b is not None and (a == b or self.allied(a, b))

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


def leave_sieges(
    sieges: Mapping[str, Siege], nobles: Iterable[str], keep: set[str] | None = None
) -> Mapping[str, Siege]:
    """A noble who leaves (moves off, dies) no longer besieges; a siege with no noble left ends. A move that ends where
    he still besieges a place (`BannerMoved.besieges`, RV-REL-7, RV-AMB-16) keeps that siege."""
    gone = set(nobles)
    if not any(gone & set(s.nobles) for s in sieges.values()):
        return sieges
    kept: dict[str, Siege] = {}
    for area, siege in sieges.items():
        left = siege.nobles if keep and area in keep else tuple(n for n in siege.nobles if n not in gone)
        if left:
            kept[area] = replace(siege, nobles=left)
    return kept
