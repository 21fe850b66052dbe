"""The agot2 game state: units, orders, tokens, tracks, hands, and the combat or bidding under way.

Frozen, slotted dataclasses of tuples and dicts; the static parts (board, card and token sets) are shared
between states, so folding an event copies only what it changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from domain.json_values import flag, optional_text, text, whole
from domain.kernel import Event
from domain.rulesets.agot2.board import Board, load_board

TRACKS = ("iron_throne", "fiefdoms", "kings_court")
UNIT_STRENGTH = {"footman": 1, "knight": 2, "ship": 1, "siege_engine": 0}
ACTION_STEPS = ("raid", "march", "consolidate_power")


@dataclass(frozen=True, slots=True)
class Unit:
    """GOT-TERM-1: a ship, footman, knight or siege engine of one seat in one area."""

    id: str
    seat: str
    type: str
    area: str
    routed: bool = False


@dataclass(frozen=True, slots=True)
class Order:
    """An order token placed in an area (by token id of the game's token set)."""

    seat: str
    token: str


@dataclass(frozen=True, slots=True)
class Card:
    """A house card (catalog §0.3.2)."""

    id: str
    house: str
    name: str
    strength: int
    swords: int
    fortifications: int
    kind: str | None = None  # ability kind, "manual", or None for icons only
    timing: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Token:
    """An order token of the set (catalog §0.3.3)."""

    id: str
    type: str
    modifier: int
    special: bool


@dataclass(frozen=True, slots=True)
class Combat:
    """A combat under way (GOT-COMBAT-4); each field is filled by the event of its step."""

    combat_id: int
    attacker: str
    defender: str
    area: str
    origin: str
    march_token: str
    attacking: tuple[str, ...]
    # Eligible supporters in turn order: (seat, areas) entries (GOT-SUPPORT-3, X-4), then who declared what.
    supporters: tuple[tuple[str, tuple[str, ...]], ...] = ()
    declarations: tuple[tuple[str, str, tuple[str, ...]], ...] = ()  # (seat, side or "none", areas)
    base: Mapping[str, Any] | None = None
    sealed: tuple[str, ...] = ()
    cards: Mapping[str, str] = field(default_factory=dict)
    abilities_done: tuple[str, ...] = ()
    effects: Mapping[str, Any] = field(default_factory=dict)
    blade: str | None = None
    blade_decided: bool = False
    result: Mapping[str, Any] | None = None
    casualties_done: bool = False
    retreat_done: bool = False
    cleaned_up: bool = False

    def pending_support(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """GOT-SUPPORT-3: the supporters' entries still to declare, in turn order.

        Each declaration answers its seat's first open entry; a transcript may hold declarations out of turn
        or from areas that were not eligible (deviations), which answer no entry of another seat.
        """
        declared: dict[str, int] = {}
        for seat, _side, _areas in self.declarations:
            declared[seat] = declared.get(seat, 0) + 1
        pending = []
        for seat, areas in self.supporters:
            if declared.get(seat, 0) > 0:
                declared[seat] -= 1
            else:
                pending.append((seat, areas))
        return tuple(pending)

    def side_of(self, seat: str) -> str | None:
        """'attacker', 'defender' or None."""
        return "attacker" if seat == self.attacker else "defender" if seat == self.defender else None

    def opponent(self, seat: str) -> str:
        """The other combatant."""
        return self.defender if seat == self.attacker else self.attacker


@dataclass(frozen=True, slots=True)
class Bidding:
    """Bids on one influence track (GOT-THRONE-*): open, revealed, then maybe a tie to break."""

    track: str
    round_name: str
    bids: Mapping[str, int] = field(default_factory=dict)
    tie_decider: str | None = None
    tied: tuple[str, ...] = ()
    revealed: bool = False


@dataclass(frozen=True, slots=True)
class AgotState:
    """A game of agot2 at one version."""

    board_document: Mapping[str, Any] | None
    board: Board
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    cards: Mapping[str, Card]
    tokens: Mapping[str, Token]
    stars: tuple[int, ...]
    supply_limits: Mapping[str, tuple[int, ...]]
    round: int = 1
    phase: str = "planning"  # planning | action
    step: str = ""  # in the action phase: raid | march | consolidate_power
    last_actor: str | None = None
    tracks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    blade_used: bool = False
    raven_used: bool = False
    raven_window: bool = False
    units: Mapping[str, Unit] = field(default_factory=dict)
    orders: Mapping[str, Order] = field(default_factory=dict)
    power_tokens: Mapping[str, str] = field(default_factory=dict)
    garrisons: Mapping[str, int] = field(default_factory=dict)
    # GOT-X-26: area -> neutral force strength (None: the area is closed for this game).
    neutral_forces: Mapping[str, int | None] = field(default_factory=dict)
    power: Mapping[str, int] = field(default_factory=dict)
    hands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    discards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    combat: Combat | None = None
    bidding: Bidding | None = None
    planning_round: str | None = None
    sealed_rounds: int = 0
    # The ruling changes of the ruleset version the game is pinned to (amendments.py, ruleset.py), which decide
    # paths read; set by the version that builds the state, never written to its JSON (`dump`).
    amendments: frozenset[str] = frozenset()

    def turn_order(self) -> tuple[str, ...]:
        """GOT-TERM-4 / TRACK-1: the seats by Iron Throne position."""
        return self.tracks.get("iron_throne", self.seats)

    def holder(self, track: str) -> str | None:
        """GOT-TRACK-4/5/6: the seat in position 1 of a track."""
        order = self.tracks.get(track, ())
        return order[0] if order else None

    def units_in(self, area: str, seat: str | None = None) -> tuple[Unit, ...]:
        """The units in an area (of one seat when given), by id."""
        return tuple(u for _, u in sorted(self.units.items()) if u.area == area and (seat is None or u.seat == seat))

    def occupant(self, area: str) -> str | None:
        """The seat whose units are in the area (outside combat only one seat's units are, GOT-X-1)."""
        for unit in self.units.values():
            if unit.area == area:
                return unit.seat
        return None


def with_changes(state: AgotState, **changes: Any) -> AgotState:
    """A copy of the state with some fields replaced."""
    return replace(state, **changes)


# --- JSON form (snapshots, adjustments) ---

_STATIC = ("board", "cards", "tokens")


def dump(state: AgotState) -> dict[str, Any]:
    """The state as a JSON document."""
    return {
        "board_document": state.board_document,
        "options": dict(state.options),
        "seats": list(state.seats),
        "cards": {k: _dump_card(c) for k, c in state.cards.items()},
        "tokens": {k: [t.type, t.modifier, t.special] for k, t in state.tokens.items()},
        "stars": list(state.stars),
        "supply_limits": {k: list(v) for k, v in state.supply_limits.items()},
        "round": state.round,
        "phase": state.phase,
        "step": state.step,
        "last_actor": state.last_actor,
        "tracks": {k: list(v) for k, v in state.tracks.items()},
        "blade_used": state.blade_used,
        "raven_used": state.raven_used,
        "raven_window": state.raven_window,
        "units": {
            k: {"seat": u.seat, "type": u.type, "area": u.area, "routed": u.routed} for k, u in state.units.items()
        },
        "orders": {k: {"seat": o.seat, "token": o.token} for k, o in state.orders.items()},
        "power_tokens": dict(state.power_tokens),
        "garrisons": dict(state.garrisons),
        "neutral_forces": dict(state.neutral_forces),
        "power": dict(state.power),
        "hands": {k: list(v) for k, v in state.hands.items()},
        "discards": {k: list(v) for k, v in state.discards.items()},
        "combat": _dump_combat(state.combat) if state.combat is not None else None,
        "bidding": _dump_bidding(state.bidding) if state.bidding is not None else None,
        "planning_round": state.planning_round,
        "sealed_rounds": state.sealed_rounds,
    }


def load(document: Mapping[str, Any]) -> AgotState:
    """The state back from `dump`; raises KeyError, TypeError or ValueError on a malformed document."""
    d = document
    combat = d["combat"]
    bidding = d["bidding"]
    return AgotState(
        board_document=d["board_document"],
        board=load_board(d["board_document"]),
        options=dict(d["options"]),
        seats=tuple(text(s) for s in d["seats"]),
        cards={str(k): _load_card(str(k), v) for k, v in d["cards"].items()},
        tokens={str(k): Token(str(k), str(v[0]), whole(v[1]), bool(v[2])) for k, v in d["tokens"].items()},
        stars=tuple(whole(s) for s in d["stars"]),
        supply_limits={str(k): tuple(whole(n) for n in v) for k, v in d["supply_limits"].items()},
        round=whole(d["round"]),
        phase=text(d["phase"]),
        step=str(d["step"]),
        last_actor=optional_text(d["last_actor"]),
        tracks={str(k): tuple(text(s) for s in v) for k, v in d["tracks"].items()},
        blade_used=flag(d["blade_used"]),
        raven_used=flag(d["raven_used"]),
        raven_window=flag(d["raven_window"]),
        units={
            str(k): Unit(str(k), text(u["seat"]), text(u["type"]), text(u["area"]), flag(u["routed"]))
            for k, u in d["units"].items()
        },
        orders={str(k): Order(text(o["seat"]), text(o["token"])) for k, o in d["orders"].items()},
        power_tokens={str(k): text(v) for k, v in d["power_tokens"].items()},
        garrisons={str(k): whole(v) for k, v in d["garrisons"].items()},
        # Documents dumped before neutral forces were modelled (GOT-X-26) have none.
        neutral_forces={str(k): None if v is None else whole(v) for k, v in d.get("neutral_forces", {}).items()},
        power={str(k): whole(v) for k, v in d["power"].items()},
        hands={str(k): tuple(text(c) for c in v) for k, v in d["hands"].items()},
        discards={str(k): tuple(text(c) for c in v) for k, v in d["discards"].items()},
        combat=_load_combat(combat) if combat is not None else None,
        bidding=_load_bidding(bidding) if bidding is not None else None,
        planning_round=optional_text(d["planning_round"]),
        sealed_rounds=whole(d["sealed_rounds"]),
    )


def _dump_card(card: Card) -> dict[str, Any]:
    return {
        "house": card.house,
        "name": card.name,
        "strength": card.strength,
        "swords": card.swords,
        "fortifications": card.fortifications,
        "kind": card.kind,
        "timing": card.timing,
        "params": dict(card.params),
    }


def _load_card(card_id: str, d: Mapping[str, Any]) -> Card:
    return Card(
        card_id,
        text(d["house"]),
        str(d["name"]),
        whole(d["strength"]),
        whole(d["swords"]),
        whole(d["fortifications"]),
        optional_text(d["kind"]),
        optional_text(d["timing"]),
        dict(d["params"]),
    )


def _dump_combat(c: Combat) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for f in fields(Combat):
        value = getattr(c, f.name)
        if f.name == "supporters":
            value = [[seat, list(areas)] for seat, areas in value]
        elif f.name == "declarations":
            value = [[seat, side, list(areas)] for seat, side, areas in value]
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Mapping):
            value = dict(value)
        found[f.name] = value
    return found


def _load_combat(d: Mapping[str, Any]) -> Combat:
    return Combat(
        combat_id=whole(d["combat_id"]),
        attacker=text(d["attacker"]),
        defender=text(d["defender"]),
        area=text(d["area"]),
        origin=text(d["origin"]),
        march_token=text(d["march_token"]),
        attacking=tuple(text(u) for u in d["attacking"]),
        supporters=tuple((text(s), tuple(text(a) for a in areas)) for s, areas in d["supporters"]),
        declarations=tuple(
            (text(s), text(side), tuple(text(a) for a in areas)) for s, side, areas in d["declarations"]
        ),
        base=dict(d["base"]) if d["base"] is not None else None,
        sealed=tuple(text(s) for s in d["sealed"]),
        cards={str(k): text(v) for k, v in d["cards"].items()},
        abilities_done=tuple(text(c) for c in d["abilities_done"]),
        effects=dict(d["effects"]),
        blade=optional_text(d["blade"]),
        blade_decided=flag(d["blade_decided"]),
        result=dict(d["result"]) if d["result"] is not None else None,
        casualties_done=flag(d["casualties_done"]),
        retreat_done=flag(d["retreat_done"]),
        cleaned_up=flag(d["cleaned_up"]),
    )


def _dump_bidding(b: Bidding) -> dict[str, Any]:
    return {
        "track": b.track,
        "round_name": b.round_name,
        "bids": dict(b.bids),
        "tie_decider": b.tie_decider,
        "tied": list(b.tied),
        "revealed": b.revealed,
    }


def _load_bidding(d: Mapping[str, Any]) -> Bidding:
    return Bidding(
        text(d["track"]),
        text(d["round_name"]),
        {str(k): whole(v) for k, v in d["bids"].items()},
        optional_text(d["tie_decider"]),
        tuple(text(s) for s in d["tied"]),
        flag(d["revealed"]),
    )


def ev(state: AgotState, kind: str, **data: Any) -> Event:
    """An event with the round number (every agot2 event carries it, catalog §5)."""
    return Event(kind, {"round": state.round, **data})
