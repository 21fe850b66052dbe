"""Applying events to the state. Total: a malformed event changes nothing, it never raises."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Event
from domain.rulesets.cedofan_rv.options import NOBLE
from domain.rulesets.cedofan_rv.state import RULER_RANKS, Loot, Piece, RvState, Siege

TREASURY = "treasury"


def evolve(state: RvState, event: Event) -> RvState:
    """The state after one event."""
    try:
        return _apply(state, event.type, event.data)
    except (KeyError, TypeError, ValueError, AttributeError):
        # An imported or hand-edited event that does not fit is kept in the log but changes nothing.
        return state


def _apply(state: RvState, kind: str, data: Mapping[str, Any]) -> RvState:
    match kind:
        case "RoundStarted":
            return replace(state, round=_int(data["round"]), impulse=None, had_impulse=(), worked={})
        case "ImpulseStarted":
            faction = str(data["faction"])
            return replace(
                state,
                impulse=faction,
                impulse_no=state.impulse_no + 1,
                limit=_int(data["limit"]),
                spent=0,
                had_impulse=(*state.had_impulse, faction),
            )
        case "ImpulseEnded":
            return replace(state, impulse=None)
        case "BannerMoved":
            return _moved(state, data)
        case "ResourcesTransferred":
            return _transferred(state, data)
        case "SiegeStarted":
            siege = Siege(
                str(data["place"]),
                str(data["seat"]),
                tuple(str(n) for n in data["nobles"]),
                _int(data["round"]),
                _int(data["impulse"]),
            )
            return replace(
                _pay(state, str(data["seat"]), _int(data["cost"]), _int(data["counted"])),
                sieges={**state.sieges, siege.place: siege},
            )
        case "StormCalled":
            return _pay(state, str(data["seat"]), _int(data["cost"]), _int(data["cost"]))
        case "HitsApplied":
            return _killed(state, [str(p) for p in data["deaths"]])
        case "BattleResolved":
            return replace(state, battles=state.battles + 1)
        case "PlaceCaptured":
            return _captured(state, data)
        case "BesiegersWithdrew":
            return replace(state, sieges=_without(state.sieges, str(data["place"])))
        case "PiecesRetreated" | "ReliefEnteredPlace":
            to = str(data["to"] if kind == "PiecesRetreated" else data["place"])
            return _relocated(state, [str(p) for p in data["pieces"]], to)
        case "PiecesEliminated":
            return _killed(state, [str(p) for p in data["pieces"]])
        case "LootOwed":
            return _owed(state, data)
        case "LootDelivered":
            return _delivered(state, data)
        case "RulerReappeared":
            noble, seat = str(data["noble"]), str(data["seat"])
            piece = Piece(noble, NOBLE, seat, str(data["area"]), rank=str(data["rank"]))
            return replace(
                state,
                pieces={**state.pieces, noble: piece},
                purses={**state.purses, noble: 0},
                fallen=_without(state.fallen, str(data["replaces"])),
            )
        case "ResourcesExtracted" | "UnitsRecruited":
            return _worked(state, kind, data)
        case "InfluenceGained":
            seat = str(data["seat"])
            return replace(
                state, influence={**state.influence, seat: state.influence.get(seat, 0) + _int(data["amount"])}
            )
        case _:
            return state


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _without(mapping: Mapping[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in mapping.items() if k != key}


def _pay(state: RvState, seat: str, cost: int, counted: int) -> RvState:
    return replace(
        state,
        treasuries={**state.treasuries, seat: state.treasuries.get(seat, 0) - cost},
        spent=state.spent + counted,
    )


def _moved(state: RvState, data: Mapping[str, Any]) -> RvState:
    noble_id, to, cost = str(data["noble"]), str(data["to"]), _int(data["cost"])
    noble = state.pieces[noble_id]
    moving = {str(u) for u in data["units"]}
    pieces = dict(state.pieces)
    for piece in state.pieces.values():
        if piece.id in moving:
            pieces[piece.id] = replace(piece, area=to, banner=noble_id)
        elif piece.banner == noble_id:
            pieces[piece.id] = replace(piece, banner=None)  # left behind: a garrison without a banner
    pieces[noble_id] = replace(noble, area=to, came_from=str(data["from"]), entered_by=str(data["border"]))
    sieges = _leave_sieges(state.sieges, [noble_id])
    treasuries: Mapping[str, int]
    purses: Mapping[str, int]
    if data["paid_from"] == TREASURY:
        treasuries, purses = (
            {**state.treasuries, noble.owner: state.treasuries.get(noble.owner, 0) - cost},
            state.purses,
        )
    else:
        treasuries, purses = state.treasuries, {**state.purses, noble_id: state.purses.get(noble_id, 0) - cost}
    return replace(state, pieces=pieces, sieges=sieges, treasuries=treasuries, purses=purses, spent=state.spent + cost)


def _leave_sieges(sieges: Mapping[str, Siege], nobles: Iterable[str]) -> Mapping[str, Siege]:
    """A noble who leaves (moves off, dies) no longer besieges; a siege with no noble left ends."""
    gone = set(nobles)
    if not any(gone & set(s.nobles) for s in sieges.values()):
        return sieges
    kept: dict[str, Siege] = {}
    for area, siege in sieges.items():
        left = tuple(n for n in siege.nobles if n not in gone)
        if left:
            kept[area] = replace(siege, nobles=left)
    return kept


def _transferred(state: RvState, data: Mapping[str, Any]) -> RvState:
    seat, amount = str(data["seat"]), _int(data["amount"])
    treasuries, purses = dict(state.treasuries), dict(state.purses)
    source, target = data["from"], data["to"]
    if source == TREASURY:
        treasuries[seat] = treasuries.get(seat, 0) - amount
    else:
        purses[str(source)] = purses.get(str(source), 0) - amount
    if target == TREASURY:
        treasuries[seat] = treasuries.get(seat, 0) + amount
    else:
        purses[str(target)] = purses.get(str(target), 0) + amount
    return replace(state, treasuries=treasuries, purses=purses)


def _killed(state: RvState, dead: list[str]) -> RvState:
    if not dead:
        return state
    gone = set(dead)
    fallen = {
        pid: (piece.owner, piece.rank or "")
        for pid, piece in state.pieces.items()
        if pid in gone and piece.rank in RULER_RANKS
    }
    pieces: dict[str, Piece] = {}
    for pid, piece in state.pieces.items():
        if pid in gone:
            continue
        pieces[pid] = replace(piece, banner=None) if piece.banner in gone else piece
    # A dead noble's purse stays on record until it is looted or lost (RV-LOOT-3).
    return replace(
        state,
        pieces=pieces,
        sieges=_leave_sieges(state.sieges, dead),
        fallen={**state.fallen, **fallen} if fallen else state.fallen,
    )


def _relocated(state: RvState, moved: list[str], to: str) -> RvState:
    pieces = dict(state.pieces)
    for pid in moved:
        if pid in pieces:
            pieces[pid] = replace(pieces[pid], area=to, came_from=None, entered_by=None)
    return replace(state, pieces=pieces, sieges=_leave_sieges(state.sieges, moved))


def _captured(state: RvState, data: Mapping[str, Any]) -> RvState:
    area, by = str(data["place"]), str(data["by"])
    place = state.places[area]
    pieces = dict(state.pieces)
    for pid in (str(p) for p in data["movers"]):
        if pid in pieces:
            pieces[pid] = replace(pieces[pid], area=area)
    return replace(
        state,
        places={**state.places, area: replace(place, owner=by)},
        pieces=pieces,
        sieges=_without(state.sieges, area),
    )


def _owed(state: RvState, data: Mapping[str, Any]) -> RvState:
    nobles = [str(n) for n in data["nobles"]]
    amount = sum(state.purses.get(n, 0) for n in nobles)
    loot = Loot(str(data["loot"]), str(data["from_seat"]), str(data["to_seat"]), amount)
    purses = {**state.purses, **{n: 0 for n in nobles if n in state.purses}}
    return replace(state, purses=purses, loot={**state.loot, loot.id: loot})


def _delivered(state: RvState, data: Mapping[str, Any]) -> RvState:
    loot = state.loot[str(data["loot"])]
    amount = _int(data["amount"])
    return replace(
        state,
        treasuries={**state.treasuries, loot.to_seat: state.treasuries.get(loot.to_seat, 0) + amount},
        loot={**state.loot, loot.id: replace(loot, delivered=amount)},
    )


def _worked(state: RvState, kind: str, data: Mapping[str, Any]) -> RvState:
    seat, area = str(data["seat"]), str(data["place"])
    uses = _int(data.get("uses", 1))
    worked = {**state.worked, area: state.worked.get(area, 0) + uses}
    if kind == "ResourcesExtracted":
        treasury = state.treasuries.get(seat, 0) + _int(data["amount"])
        return replace(state, treasuries={**state.treasuries, seat: treasury}, worked=worked)
    unit = Piece(str(data["unit"]), str(data["kind"]), seat, area)
    treasury = state.treasuries.get(seat, 0) - _int(data["cost"])
    return replace(
        state,
        pieces={**state.pieces, unit.id: unit},
        treasuries={**state.treasuries, seat: treasury},
        worked=worked,
    )
