"""Applying events to the state. Total: a malformed event changes nothing, it never raises."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Event
from domain.rulesets.cedofan_rv.alliances import alliance_declared, alliance_ended
from domain.rulesets.cedofan_rv.options import NOBLE
from domain.rulesets.cedofan_rv.retreat_ties import tie_closed, tie_opened, ties_standing
from domain.rulesets.cedofan_rv.state import RULER_RANKS, Loot, Piece, RvState, Siege, leave_sieges
from domain.rulesets.cedofan_rv.treasuries import IMPERIAL, impulse_order, piece_treasury

TREASURY = "treasury"


def evolve(state: RvState, event: Event) -> RvState:
    """The state after one event."""
    try:
        after = _apply(state, event.type, event.data)
    except (KeyError, TypeError, ValueError, AttributeError):
        # An imported or hand-edited event that does not fit is kept in the log but changes nothing.
        return state
    ties = ties_standing(after.retreat_ties, after.pieces) if after.retreat_ties else after.retreat_ties
    return after if ties is after.retreat_ties else replace(after, retreat_ties=ties)  # RV-AMB-10 (retreat_ties.py)


def _apply(state: RvState, kind: str, data: Mapping[str, Any]) -> RvState:
    apply = _APPLIERS.get(kind)
    return state if apply is None else apply(state, data)


def _round_started(state: RvState, data: Mapping[str, Any]) -> RvState:
    number = _int(data["round"])
    # RV-TURN-3: this round's order follows the council as it stands now (offices lost later do not count).
    order = impulse_order(state.seats, state.offices, number) if state.offices else state.order
    return replace(
        state,
        round=number,
        impulse=None,
        impulse_subfaction=None,
        had_impulse=(),
        sub_impulses=(),
        worked={},
        order=order,
        retreat_ties={},
    )


def _impulse_ended(state: RvState, data: Mapping[str, Any]) -> RvState:
    return replace(state, impulse=None, impulse_subfaction=None)


def _siege_started(state: RvState, data: Mapping[str, Any]) -> RvState:
    siege = Siege(
        str(data["place"]),
        str(data["seat"]),
        tuple(str(n) for n in data["nobles"]),
        _int(data["round"]),
        _int(data["impulse"]),
    )
    return replace(
        _pay(state, _account(data), _int(data["cost"]), _int(data["counted"])),
        sieges={**state.sieges, siege.place: siege},
    )


def _storm_called(state: RvState, data: Mapping[str, Any]) -> RvState:
    return _pay(state, _account(data), _int(data["cost"]), _int(data["cost"]))


def _hits_applied(state: RvState, data: Mapping[str, Any]) -> RvState:
    return _killed(state, [str(p) for p in data["deaths"]])


def _battle_resolved(state: RvState, data: Mapping[str, Any]) -> RvState:
    return replace(state, battles=state.battles + 1)


def _besiegers_withdrew(state: RvState, data: Mapping[str, Any]) -> RvState:
    return replace(state, sieges=_without(state.sieges, str(data["place"])))


def _pieces_retreated(state: RvState, data: Mapping[str, Any]) -> RvState:
    to = str(data["to"])
    state = _relocated(state, [str(p) for p in data["pieces"]], to)
    if data.get("ties"):
        tie = (tuple(str(p) for p in data["pieces"]), to, tuple(str(t) for t in data["ties"]))
        return replace(state, retreat_ties=tie_opened(state.retreat_ties, str(data["seat"]), tie))
    return state


def _relief_entered_place(state: RvState, data: Mapping[str, Any]) -> RvState:
    return _relocated(state, [str(p) for p in data["pieces"]], str(data["place"]))


def _retreat_chosen(state: RvState, data: Mapping[str, Any]) -> RvState:
    pieces = [str(p) for p in data["pieces"]]
    state = _relocated(state, pieces, str(data["to"]))
    return replace(state, retreat_ties=tie_closed(state.retreat_ties, str(data["seat"]), pieces))


def _pieces_eliminated(state: RvState, data: Mapping[str, Any]) -> RvState:
    return _killed(state, [str(p) for p in data["pieces"]])


def _ruler_reappeared(state: RvState, data: Mapping[str, Any]) -> RvState:
    noble, seat = str(data["noble"]), str(data["seat"])
    sub = data.get("subfaction")
    piece = Piece(noble, NOBLE, seat, str(data["area"]), rank=str(data["rank"]), subfaction=sub)
    return replace(
        state,
        pieces={**state.pieces, noble: piece},
        purses={**state.purses, noble: 0},
        fallen=_without(state.fallen, str(data["replaces"])),
        fallen_with=_without(state.fallen_with, str(data["replaces"])),
    )


def _extraordinary_tax_levied(state: RvState, data: Mapping[str, Any]) -> RvState:
    gained = _int(data["amount"])
    treasuries = {**state.treasuries, IMPERIAL: state.treasuries.get(IMPERIAL, 0) + gained}
    return replace(state, treasuries=treasuries, taxed_round=state.round)


def _city_turned_neutral(state: RvState, data: Mapping[str, Any]) -> RvState:
    area = str(data["place"])
    return replace(state, places={**state.places, area: replace(state.places[area], owner=None, neutral=True)})


def _influence_gained(state: RvState, data: Mapping[str, Any]) -> RvState:
    seat = str(data["seat"])
    return replace(state, influence={**state.influence, seat: state.influence.get(seat, 0) + _int(data["amount"])})


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _without(mapping: Mapping[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in mapping.items() if k != key}


def _account(data: Mapping[str, Any]) -> str:
    """The treasury an event pays from or into: its `treasury`, else its seat's (RV-KL-1)."""
    return str(data.get("treasury", data["seat"]))


def _impulse_started(state: RvState, data: Mapping[str, Any]) -> RvState:
    """RV-TURN-1/3: a faction's impulse opens; a Kard League sub-faction's counts as the League's too."""
    faction = str(data["faction"])
    sub = data.get("subfaction")
    played = state.had_impulse if sub and faction in state.had_impulse else (*state.had_impulse, faction)
    return replace(
        state,
        impulse=faction,
        impulse_subfaction=str(sub) if sub else None,
        impulse_no=state.impulse_no + 1,
        limit=_int(data["limit"]),
        spent=0,
        had_impulse=played,
        sub_impulses=(*state.sub_impulses, str(sub)) if sub else state.sub_impulses,
    )


def _noble_created(state: RvState, kind: str, data: Mapping[str, Any]) -> RvState:
    """RV-ECO-6 (an imperial general, paid by the empire) and RV-ECO-7 (a free shade of Stínové země)."""
    noble = str(data["noble"])
    imperial = kind == "ImperialGeneralBought"
    piece = Piece(
        noble,
        NOBLE,
        str(data["seat"]),
        str(data["area"]),
        rank="general" if imperial else "shade",
        subfaction=None if imperial else "stinove_zeme",
        imperial=imperial,
    )
    state = replace(state, pieces={**state.pieces, noble: piece}, purses={**state.purses, noble: 0})
    if imperial:
        cost = _int(data["cost"])
        area = str(data["area"])
        return replace(
            state,
            treasuries={**state.treasuries, IMPERIAL: state.treasuries.get(IMPERIAL, 0) - cost},
            worked={**state.worked, area: state.worked.get(area, 0) + 1},
            spent=state.spent + _int(data.get("counted", 0)),  # RV-AMB-14 (events before it counted nothing)
        )
    return replace(state, shade_impulse=state.impulse_no)


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
    sieges = leave_sieges(state.sieges, [noble_id], {str(area) for area in data.get("besieges", ())})
    treasuries: Mapping[str, int]
    purses: Mapping[str, int]
    if data["paid_from"] == TREASURY:
        treasuries, purses = (
            {**state.treasuries, piece_treasury(noble): state.treasuries.get(piece_treasury(noble), 0) - cost},
            state.purses,
        )
    else:
        treasuries, purses = state.treasuries, {**state.purses, noble_id: state.purses.get(noble_id, 0) - cost}
    return replace(state, pieces=pieces, sieges=sieges, treasuries=treasuries, purses=purses, spent=state.spent + cost)


def _transferred(state: RvState, data: Mapping[str, Any]) -> RvState:
    amount = _int(data["amount"])
    treasuries, purses = dict(state.treasuries), dict(state.purses)
    source, target = data["from"], data["to"]
    # RV-KL-1: a Kard League noble fills his purse from (or empties it into) his sub-faction's treasury.
    noble = state.pieces.get(str(target if source == TREASURY else source))
    seat = piece_treasury(noble) if noble is not None else str(data["seat"])
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
    # RV-DTH-2: remember where a Kard League ruler fell: the army he led there is lost when he returns.
    fallen_with = {
        pid: (piece.subfaction or "", piece.area)
        for pid, piece in state.pieces.items()
        if pid in gone and piece.rank == "kl_ruler"
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
        sieges=leave_sieges(state.sieges, dead),
        fallen={**state.fallen, **fallen} if fallen else state.fallen,
        fallen_with={**state.fallen_with, **fallen_with} if fallen_with else state.fallen_with,
    )


def _relocated(state: RvState, moved: list[str], to: str) -> RvState:
    pieces = dict(state.pieces)
    for pid in moved:
        if pid in pieces:
            pieces[pid] = replace(pieces[pid], area=to, came_from=None, entered_by=None)
    return replace(state, pieces=pieces, sieges=leave_sieges(state.sieges, moved))


def _captured(state: RvState, data: Mapping[str, Any]) -> RvState:
    area, by = str(data["place"]), str(data["by"])
    place = state.places[area]
    pieces = dict(state.pieces)
    for pid in (str(p) for p in data["movers"]):
        if pid in pieces:
            pieces[pid] = replace(pieces[pid], area=area)
    # RV-KL-3: a Kard League conquest goes to the sub-faction that called the last storm; RV-CTY-5: damaged.
    sub, damaged = data.get("subfaction"), place.damaged or data.get("damaged") is True
    taken = replace(place, owner=by, subfaction=str(sub) if sub else None, neutral=False, damaged=damaged)
    return replace(
        state,
        places={**state.places, area: taken},
        pieces=pieces,
        sieges=_without(state.sieges, area),
    )


def _owed(state: RvState, data: Mapping[str, Any]) -> RvState:
    nobles = [str(n) for n in data["nobles"]]
    amount = sum(state.purses.get(n, 0) for n in nobles)
    treasury = data.get("treasury")
    loot = Loot(
        str(data["loot"]),
        str(data["from_seat"]),
        str(data["to_seat"]),
        amount,
        None,
        str(treasury) if treasury else None,
    )
    purses = {**state.purses, **{n: 0 for n in nobles if n in state.purses}}
    return replace(state, purses=purses, loot={**state.loot, loot.id: loot})


def _delivered(state: RvState, data: Mapping[str, Any]) -> RvState:
    loot = state.loot[str(data["loot"])]
    amount = _int(data["amount"])
    to = loot.treasury or loot.to_seat  # RV-AMB-19: the winning noble's treasury
    return replace(
        state,
        treasuries={**state.treasuries, to: state.treasuries.get(to, 0) + amount},
        loot={**state.loot, loot.id: replace(loot, delivered=amount)},
    )


def _worked(state: RvState, kind: str, data: Mapping[str, Any]) -> RvState:
    seat, area = str(data["seat"]), str(data["place"])
    account = _account(data)  # RV-KL-1, RV-ECO-5: a sub-faction's or the imperial treasury
    uses = _int(data.get("uses", 1))
    worked = {**state.worked, area: state.worked.get(area, 0) + uses}
    if kind == "ResourcesExtracted":
        treasury = state.treasuries.get(account, 0) + _int(data["amount"])
        return replace(state, treasuries={**state.treasuries, account: treasury}, worked=worked)
    place = state.places.get(area)
    sub = place.subfaction if place is not None and place.owner == seat else None
    unit = Piece(str(data["unit"]), str(data["kind"]), seat, area, subfaction=sub, imperial=account == IMPERIAL)
    treasury = state.treasuries.get(account, 0) - _int(data["cost"])
    return replace(
        state,
        pieces={**state.pieces, unit.id: unit},
        treasuries={**state.treasuries, account: treasury},
        worked=worked,
        spent=state.spent + _int(data.get("counted", 0)),  # RV-AMB-14 (events before it counted nothing)
    )


_Apply = Callable[[RvState, Mapping[str, Any]], RvState]

# One applier per event type; a type not listed (a platform event, an older one) leaves the state as it is.
_APPLIERS: Mapping[str, _Apply] = {
    "RoundStarted": _round_started,
    "ImpulseStarted": _impulse_started,
    "ImpulseEnded": _impulse_ended,
    "BannerMoved": _moved,
    "ResourcesTransferred": _transferred,
    "SiegeStarted": _siege_started,
    "StormCalled": _storm_called,
    "HitsApplied": _hits_applied,
    "BattleResolved": _battle_resolved,
    "PlaceCaptured": _captured,
    "BesiegersWithdrew": _besiegers_withdrew,
    "PiecesRetreated": _pieces_retreated,
    "ReliefEnteredPlace": _relief_entered_place,
    "RetreatChosen": _retreat_chosen,
    "PiecesEliminated": _pieces_eliminated,
    "LootOwed": _owed,
    "LootDelivered": _delivered,
    "RulerReappeared": _ruler_reappeared,
    "ImperialGeneralBought": lambda state, data: _noble_created(state, "ImperialGeneralBought", data),
    "ShadeSummoned": lambda state, data: _noble_created(state, "ShadeSummoned", data),
    "ExtraordinaryTaxLevied": _extraordinary_tax_levied,
    "CityTurnedNeutral": _city_turned_neutral,
    "ResourcesExtracted": lambda state, data: _worked(state, "ResourcesExtracted", data),
    "UnitsRecruited": lambda state, data: _worked(state, "UnitsRecruited", data),
    "InfluenceGained": _influence_gained,
    "AllianceDeclared": alliance_declared,
    "AllianceEnded": alliance_ended,
}

# Data fields an event type gained after games were recorded with it: an older event lacking only these is the same
# ruling (audits and imports say `consistent` and name them). RV-AMB-10: the equally near places (f9309b3, 2026-11-25);
# RV-REL-7: the sieges a move keeps or breaks off (2026-11-29; an older move kept none).
FIELDS_ADDED_LATER: Mapping[str, tuple[str, ...]] = {
    "PiecesRetreated": ("ties",),
    "BannerMoved": ("besieges", "breaks_off"),
}
