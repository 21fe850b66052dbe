"""The state of a `cedofan_kards_bs` game: factions, cities, armies, sieges, captives; and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from domain.json_values import count, json_array, json_object, optional_text, text, texts
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL, KbsMap, parse_map

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Army:
    """A stack of units and leader figures of one owner in one area; `besieging` names a city."""

    id: str
    owner: str
    at: str
    units: Mapping[str, int]
    leaders: tuple[str, ...] = ()
    besieging: str | None = None

    def movement_units(self) -> int:
        """KBS-MOV-1: every unit and every leader figure is one movement unit."""
        return sum(self.units.values()) + len(self.leaders)

    def is_empty(self) -> bool:
        """No unit and no leader figure left."""
        return self.movement_units() == 0


@dataclass(frozen=True, slots=True)
class Faction:
    """A faction's treasury and its lord, if it is a vassal (KBS-VAS-*)."""

    supplies: int
    influence: int
    lord: str | None = None


@dataclass(frozen=True, slots=True)
class Siege:
    """A siege of a city by one army, and the round it started in (year 1, KBS-AMB-5)."""

    city: str
    army: str
    started: int


@dataclass(frozen=True, slots=True)
class Captive:
    """A leader held by an enemy (KBS-RAN-*): whose he is, who holds him, where he was taken."""

    owner: str
    captor: str
    at: str
    # KBS-GNT-8, KBS-PIR-6: taken when the giants or the pirates won („nejdou vykoupit zajatci"): never ransomed.
    barred_by: str | None = None


def captive_json(captive: Captive) -> dict[str, Any]:
    """The JSON form of a captive (state, position and view alike)."""
    barred = {"barred_by": captive.barred_by} if captive.barred_by else {}
    return {"owner": captive.owner, "captor": captive.captor, "at": captive.at, **barred}


def captive_from(raw: Mapping[str, Any]) -> Captive:
    """A captive from its JSON form."""
    barred = raw.get("barred_by")
    return Captive(text(raw["owner"]), text(raw["captor"]), text(raw["at"]), None if barred is None else text(barred))


@dataclass(frozen=True, slots=True)
class Prisoners:
    """Units taken in a battle of this turn, ransomable by their owner until the turn ends (KBS-AMB-15)."""

    captor: str
    units: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class OpenLoss:
    """Losses the owner may still allocate himself (KBS-AMB-1 after a battle, KBS-AMB-5 after attrition).

    `rule` is KBS-AMB-11 after a battle against the giants: its stacks in the city and the region are one side.
    `before` is the owner's stacks of that battle (or besieged city) as they stood before the losses;
    `removed` is what was taken from each so far (the engine's default order until the owner chooses).
    """

    owner: str
    at: str
    rule: str
    before: tuple[Army, ...]
    removed: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: _EMPTY)
    leaders: tuple[str, ...] = ()  # leader figures removed (attrition of a city with no unit left)


@dataclass(frozen=True, slots=True)
class KbsState:
    """The whole game. `phase` is setup, supply (KBS-AMB-20), turns or round_over."""

    map: KbsMap
    order: tuple[str, ...]
    factions: Mapping[str, Faction]
    owners: Mapping[str, str]  # city -> faction or "neutral"
    armies: Mapping[str, Army]
    round: int = 0
    phase: str = "setup"
    turn: str | None = None
    acted: int = 0  # actions of the current turn (KBS-RAN-1: ransom only at its start)
    sieges: Mapping[str, Siege] = field(default_factory=lambda: _EMPTY)
    captives: Mapping[str, Captive] = field(default_factory=lambda: _EMPTY)
    prisoners: Mapping[str, Prisoners] = field(default_factory=lambda: _EMPTY)
    retreats: tuple[str, ...] = ()  # armies that must retreat before play goes on (KBS-CMB-4)
    retreat_from: str | None = None  # the area of the battle they lost
    retreat_barred: str | None = None  # a besieged city relieving armies may not enter (KBS-AMB-9)
    pirate_held: tuple[str, ...] = ()
    requested: tuple[str, ...] = ()  # vassals asked for supplies this supply phase (KBS-VAS-9)
    unplaced: tuple[str, ...] = ()  # freed kards whose capital is lost: the GM places them (KBS-AMB-14)
    next_army: int = 1
    # Losses their owner may still allocate, by "owner|area" (KBS-AMB-1, KBS-AMB-5).
    open_losses: Mapping[str, OpenLoss] = field(default_factory=lambda: _EMPTY)

    def armies_at(self, area: str, owner: str | None = None) -> tuple[Army, ...]:
        """Armies standing in an area (of one owner when given), in id order."""
        return tuple(a for _, a in sorted(self.armies.items()) if a.at == area and (owner is None or a.owner == owner))

    def with_army(self, army: Army) -> KbsState:
        """This state with one army replaced (removed when it has nothing left)."""
        armies = {k: v for k, v in self.armies.items() if k != army.id}
        if not army.is_empty():
            armies[army.id] = army
        return replace(self, armies=MappingProxyType(armies))


# A game created with `board: null` (the service does not ask the ruleset then): an empty map on which
# every action is refused, so the game still folds.
NO_MAP: Mapping[str, Any] = {
    "name": "no board",
    "areas": [],
    "edges": [],
    "attributes": {"factions": {}, "giant_targets": {}, "pirate_target": ""},
}


def opening_state(options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: tuple[str, ...]) -> KbsState:
    """The board's starting position; the turn order of the options (KBS-AMB-20) or the seating order."""
    order = options.get("turn_order") or seats
    return initial_state(board or NO_MAP, seats, tuple(order))


def initial_state(document: Mapping[str, Any], seats: tuple[str, ...], order: tuple[str, ...]) -> KbsState:
    """The state a board's setup describes: treasuries, city owners, armies."""
    kbs_map = parse_map(document)
    areas = document.get("areas", [])
    owners = {a["id"]: str(a["attributes"]["owner"]) for a in areas if a.get("kind") == "city"}
    factions = {seat: Faction(start.supplies, start.influence) for seat, start in kbs_map.factions.items()}
    for seat in seats:
        factions.setdefault(seat, Faction(0, 0))
    armies = {
        a["id"]: Army(a["id"], a["owner"], a["at"], _counts(a.get("units", {})), tuple(a.get("leaders", [])))
        for a in (document.get("attributes") or {}).get("armies", [])
    }
    return KbsState(kbs_map, order, MappingProxyType(factions), MappingProxyType(owners), MappingProxyType(armies))


def _counts(units: Mapping[str, Any]) -> Mapping[str, int]:
    """Unit counts without zero entries, so equal stacks compare equal."""
    return MappingProxyType({k: int(v) for k, v in sorted(units.items()) if int(v) > 0})


def counts(units: Mapping[str, Any]) -> Mapping[str, int]:
    """Public form of `_counts` for evolve and decide."""
    return _counts(units)


def dump_state(state: KbsState) -> dict[str, Any]:
    """The JSON form of a state (snapshots, adjustments)."""
    return {
        "board": _thaw(state.map.document),
        "order": list(state.order),
        "factions": {
            k: {"supplies": f.supplies, "influence": f.influence, "lord": f.lord} for k, f in state.factions.items()
        },
        "owners": dict(state.owners),
        "armies": {
            k: {
                "owner": a.owner,
                "at": a.at,
                "units": dict(a.units),
                "leaders": list(a.leaders),
                "besieging": a.besieging,
            }
            for k, a in state.armies.items()
        },
        "round": state.round,
        "phase": state.phase,
        "turn": state.turn,
        "acted": state.acted,
        "sieges": {k: {"army": s.army, "started": s.started} for k, s in state.sieges.items()},
        "captives": {k: captive_json(c) for k, c in state.captives.items()},
        "prisoners": {k: {"captor": p.captor, "units": dict(p.units)} for k, p in state.prisoners.items()},
        "retreats": list(state.retreats),
        "retreat_from": state.retreat_from,
        "retreat_barred": state.retreat_barred,
        "pirate_held": list(state.pirate_held),
        "requested": list(state.requested),
        "unplaced": list(state.unplaced),
        "next_army": state.next_army,
        "open_losses": {
            k: {
                "owner": o.owner,
                "at": o.at,
                "rule": o.rule,
                "before": [_army_json(a) for a in o.before],
                "removed": {a: dict(u) for a, u in o.removed.items()},
                "leaders": list(o.leaders),
            }
            for k, o in state.open_losses.items()
        },
    }


def _army_json(army: Army) -> dict[str, Any]:
    return {
        "id": army.id,
        "owner": army.owner,
        "at": army.at,
        "units": dict(army.units),
        "leaders": list(army.leaders),
        "besieging": army.besieging,
    }


def _army_from(document: Mapping[str, Any], army_id: str) -> Army:
    return Army(
        army_id,
        text(document["owner"]),
        text(document["at"]),
        _counts(json_object(document["units"])),
        texts(document["leaders"]),
        optional_text(document["besieging"]),
    )


def _open_loss(document: Mapping[str, Any]) -> OpenLoss:
    return OpenLoss(
        text(document["owner"]),
        text(document["at"]),
        text(document["rule"]),
        tuple(_army_from(json_object(a), text(json_object(a)["id"])) for a in json_array(document["before"])),
        MappingProxyType({str(k): _counts(json_object(u)) for k, u in json_object(document["removed"]).items()}),
        texts(document["leaders"]),
    )


def load_state(document: Mapping[str, Any]) -> KbsState:
    """The state back from `dump_state`; raises KeyError/TypeError/ValueError on a bad document."""
    armies = {str(k): _army_from(json_object(a), str(k)) for k, a in json_object(document["armies"]).items()}
    return KbsState(
        map=parse_map(json_object(document["board"])),
        order=texts(document["order"]),
        factions=MappingProxyType(
            {
                str(k): Faction(count(f["supplies"]), count(f["influence"]), optional_text(f["lord"]))
                for k, f in json_object(document["factions"]).items()
            }
        ),
        owners=MappingProxyType({str(k): text(v) for k, v in json_object(document["owners"]).items()}),
        armies=MappingProxyType(armies),
        round=count(document["round"]),
        phase=text(document["phase"]),
        turn=optional_text(document["turn"]),
        acted=count(document["acted"]),
        sieges=MappingProxyType(
            {
                str(k): Siege(str(k), text(s["army"]), count(s["started"]))
                for k, s in json_object(document["sieges"]).items()
            }
        ),
        captives=MappingProxyType(
            {str(k): captive_from(json_object(c)) for k, c in json_object(document["captives"]).items()}
        ),
        prisoners=MappingProxyType(
            {
                str(k): Prisoners(text(p["captor"]), _counts(json_object(p["units"])))
                for k, p in json_object(document["prisoners"]).items()
            }
        ),
        retreats=texts(document["retreats"]),
        retreat_from=optional_text(document["retreat_from"]),
        retreat_barred=optional_text(document["retreat_barred"]),
        pirate_held=texts(document["pirate_held"]),
        requested=texts(document["requested"]),
        unplaced=texts(document["unplaced"]),
        next_army=count(document["next_army"]),
        open_losses=MappingProxyType(
            {str(k): _open_loss(json_object(o)) for k, o in json_object(document.get("open_losses", {})).items()}
        ),
    )


def owner_of(state: KbsState, city: str) -> str:
    """The city's owner, neutral when unknown."""
    return state.owners.get(city, NEUTRAL)


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    return value
