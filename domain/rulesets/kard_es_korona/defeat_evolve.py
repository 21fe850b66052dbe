"""evolve for a lord's defeat and what follows it (KK-LORD-4, KK-ELIM, KK-CAPTIVE): merged into `evolve`'s handlers.

The stages a defeat waits in (`KKState.defeat["stage"]`) are named here; defeat.py moves a defeat through them,
captivity.py decides the ransom, and these handlers apply the events they record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, single
from domain.rulesets.kard_es_korona.state import OFFICES, KKState, battle_with, evolved, is_neutral

ESCAPE, FEALTY, CONSENT, ELIMINATE, TAKEOVER = "escape", "fealty", "consent", "eliminate", "takeover"


def _lord_defeated(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat, by = str(data["seat"]), str(data["by_owner"])
    if seat not in state.seats:
        return state
    battle = state.battle(str(data["battle"]))
    county = battle.county if battle is not None else state.lords.get(seat)
    duel_death = data.get("duel") is True and state.options.get("duel_loser", "death") == "death"
    defeat = {
        "seat": seat,
        "by": by,
        "battle": str(data["battle"]),
        "county": county,
        "stage": ELIMINATE if duel_death else ESCAPE,
        "cause": "duel" if data.get("duel") is True else "battle",
    }
    return evolved(
        state,
        lords={**state.lords, seat: None},
        lord_status={**state.lord_status, seat: "defeated"},
        defeat=defeat,
    )


def _escape_forgone(state: KKState, data: Mapping[str, Any]) -> KKState:
    return _after_escape(state)


def _escape_failed(state: KKState, data: Mapping[str, Any]) -> KKState:
    return _after_escape(state)


def _after_escape(state: KKState) -> KKState:
    """A-23: after no escape, neutrals capture (KK-CAPTIVE-1); a player's victory leads to fealty or elimination."""
    defeat = dict(state.defeat)
    defeat["stage"] = "captured" if is_neutral(str(defeat["by"])) else FEALTY
    return evolved(state, defeat=defeat)


def _escape_succeeded(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = str(data["seat"])
    status = {s: v for s, v in state.lord_status.items() if s != seat}
    return evolved(state, lords={**state.lords, seat: str(data["to"])}, lord_status=status, defeat={})


def _lord_captured(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = str(data["seat"])
    return evolved(
        state,
        lords={**state.lords, seat: None},
        lord_status={**state.lord_status, seat: "captive"},
        captives={**state.captives, seat: int(data["execution_year"])},
        defeat={} if state.defeat.get("seat") == seat else state.defeat,
    )


def _office_vacated(state: KKState, data: Mapping[str, Any]) -> KKState:
    office = str(data["office"])
    if office not in OFFICES:
        return state
    return evolved(state, offices={**state.offices, office: None})


def _fealty_offered(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, defeat={**state.defeat, "stage": CONSENT})


def _fealty_refused(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, defeat={**state.defeat, "stage": ELIMINATE})


def _player_eliminated(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat, conqueror = str(data["seat"]), data["conqueror"]
    if seat not in state.seats:
        return state
    units: dict[str, Mapping[str, Any]] = {}
    moved = {c: {o: f for o, f in by.items() if o != seat} for c, by in state.moved.items()}
    control = dict(state.control)
    treasury = {s: v for s, v in state.treasury.items() if s != seat}
    royal = state.royal_treasury
    heir = str(conqueror) if isinstance(conqueror, str) else f"neutral:{seat}"  # they turn neutral
    for county, by in state.units.items():
        here = {o: f for o, f in by.items() if o != seat}
        if conqueror is None and seat in by:
            here[heir] = by[seat]
        if here:
            units[county] = here
    for county, owner in state.control.items():
        if owner != seat:
            continue
        if conqueror is not None or state.force(county, seat).total:
            control[county] = heir
        else:
            del control[county]
    amount = state.treasury.get(seat, 0)
    if conqueror is None:
        royal += amount
        treasury[seat] = 0
    else:
        treasury[seat] = 0
        treasury[heir] = treasury.get(heir, 0) + amount
    battles = state.battles
    if conqueror is not None:
        battles = tuple(_battle_passed(b, seat, heir) for b in battles)
    removed = {str(c): [a for a in ARMS if int(f.get(a, 0))] for c, f in data["units_removed"].items()}
    takeover = conqueror is not None and bool(removed)
    defeat: Mapping[str, Any] = {}
    if takeover:
        # Battles against the conqueror himself ended with the transfer: only the others need his unit.
        passed = [b.id for b in battles if b.id in data["battles_passed"] and b.status == "pending"]
        defeat = {"seat": seat, "by": heir, "stage": TAKEOVER, "counties": removed, "battles": passed}
    # A player who leaves in his own turn (KK-NEUTRAL-5) hands it, and the starting player's marker, clockwise on.
    status = {**state.lord_status, seat: "eliminated"}
    successor = _next_still_in(state.seats, seat, status)
    return evolved(
        state,
        turn=successor if state.turn == seat else state.turn,
        starting_player=successor if state.starting_player == seat else state.starting_player,
        units=units,
        moved={c: by for c, by in moved.items() if by},
        control=control,
        treasury=treasury,
        royal_treasury=royal,
        lords={**state.lords, seat: None},
        lord_status=status,
        lieges={v: liege for v, liege in state.lieges.items() if v != seat},
        captives={s: y for s, y in state.captives.items() if s != seat},
        battles=battles,
        defeat=defeat,
    )


def _next_still_in(seats: tuple[str, ...], seat: str, status: Mapping[str, str]) -> str | None:
    """The first seat clockwise after `seat` whose player is still in the game."""
    index = seats.index(seat)
    for other_seat in seats[index + 1 :] + seats[:index]:
        if status.get(other_seat) != "eliminated":
            return other_seat
    return None


def _battle_passed(battle: Any, seat: str, heir: str) -> Any:
    """KK-ELIM-6: the fallen lord's pending battles are the conqueror's; against himself there is nothing to fight."""
    if battle.status != "pending" or seat not in (battle.attacker, battle.defender):
        return battle
    attacker = heir if battle.attacker == seat else battle.attacker
    defender = heir if battle.defender == seat else battle.defender
    status = "ended" if attacker == defender else battle.status
    attacker_lord = battle.attacker_lord and battle.attacker != seat
    defender_lord = battle.defender_lord and battle.defender != seat
    return battle_with(
        battle,
        attacker=attacker,
        defender=defender,
        status=status,
        attacker_lord=attacker_lord,
        defender_lord=defender_lord,
    )


def _takeover_placed(state: KKState, data: Mapping[str, Any]) -> KKState:
    conqueror = str(data["conqueror"])
    units = dict(state.units)
    for county, arm in data["placements"].items():
        if arm in ARMS:
            here = units.get(county, {})
            units[county] = {**here, conqueror: here.get(conqueror, EMPTY).plus(single(arm))}
    return evolved(state, units=units, defeat={})


def _ransom_paid(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat, amount = str(data["seat"]), int(data["amount"])
    if seat not in state.captives:
        return state
    return evolved(
        state,
        treasury={**state.treasury, seat: state.treasury.get(seat, 0) - amount},
        royal_treasury=state.royal_treasury + amount,
        lords={**state.lords, seat: str(data["to"])},
        lord_status={s: v for s, v in state.lord_status.items() if s != seat},
        captives={s: y for s, y in state.captives.items() if s != seat},
    )


def _lord_executed(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = str(data["seat"])
    return evolved(state, captives={s: y for s, y in state.captives.items() if s != seat})


HANDLERS: Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]] = {
    "LordDefeated": _lord_defeated,
    "EscapeForgone": _escape_forgone,
    "EscapeFailed": _escape_failed,
    "EscapeSucceeded": _escape_succeeded,
    "LordCaptured": _lord_captured,
    "OfficeVacated": _office_vacated,
    "FealtyOffered": _fealty_offered,
    "FealtyRefused": _fealty_refused,
    "PlayerEliminated": _player_eliminated,
    "EliminationTakeoverPlaced": _takeover_placed,
    "RansomPaid": _ransom_paid,
    "LordExecuted": _lord_executed,
}
