"""What the deciders share: reading action data, naming new stacks, and the consequences of a lost battle."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from domain.kernel import Decision, Event, TraceStep
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.evolve import evolve
from domain.rulesets.cedofan_kards_bs.state import Army, KbsState


def refuse(rule_id: str, message: str, field: str | None = None) -> Decision:
    """A refusal citing one rule; `field` names the offending part of the action."""
    return Decision.refuse(rule_id, message, **({"field": field} if field else {}))


def applied(state: KbsState, events: Iterable[Event]) -> KbsState:
    """The state after events a decision is about to record (to decide what follows from them)."""
    for event in events:
        state = evolve(state, event)
    return state


def army_named(state: KbsState, data: Mapping[str, Any], key: str, seat: str | None) -> Army | Decision:
    """KBS-MOV-1: the army `data[key]` names, owned by `seat` (a refusal otherwise)."""
    army_id = data.get(key)
    army = state.armies.get(army_id) if isinstance(army_id, str) else None
    if army is None:
        return refuse("KBS-MOV-1", f"{key} {army_id!r} is not an army on the board", f"data.{key}")
    if army.owner != seat:
        return refuse("KBS-MOV-1", f"army {army.id!r} belongs to {army.owner!r}, not to {seat!r}", f"data.{key}")
    return army


def new_army_id(state: KbsState, offset: int = 0) -> str:
    """A fresh id for a stack placed by the rules (ransomed units, neutral garrisons, pirate ships)."""
    number = state.next_army + offset
    while f"placed-{number}" in state.armies:
        number += 1
    return f"placed-{number}"


def loss_events(removed: Mapping[str, Mapping[str, int]], rule_ids: Sequence[str]) -> list[Event]:
    """One `UnitsLost` per stack that loses units."""
    return [
        Event("UnitsLost", {"army": army, "units": dict(units), "leaders": [], "rule_ids": list(rule_ids)})
        for army, units in sorted(removed.items())
        if units
    ]


def retreat_destinations(state: KbsState, army: Army, battle_area: str, barred: str | None) -> tuple[str, ...]:
    """KBS-RET-1, KBS-AMB-9: a friendly unbesieged city of the battle's region, or a neighbouring region
    the loser may enter (passable, no enemy stack: its lord's or vassal's is none)."""
    region = state.map.region_of(battle_area)
    cities = [
        c.id
        for c in state.map.cities.values()
        if c.admin_region == region
        and state.owners.get(c.id) == army.owner
        and c.id not in state.sieges
        and c.id != barred
        and c.id != army.at
    ]
    regions = [
        area
        for area, kind in state.map.neighbours(region)
        if kind == "land"
        and state.map.kinds.get(area) == "region"
        and not state.map.is_impassable(area)
        and all(not _enemies(state, army.owner, a.owner) for a in state.armies_at(area))
    ]
    return tuple(sorted(cities)) + tuple(sorted(regions))


def _enemies(state: KbsState, seat: str, other: str) -> bool:
    """Whether `other`'s stack bars `seat`'s retreat: a lord and its vassal are not enemies (a vassal crosses its
    lord's land and may not attack it, KBS-VAS-4/5; a lord crosses its vassal's, KBS-VAS-10)."""
    lord_of = {faction: f.lord for faction, f in state.factions.items()}
    return other != seat and lord_of.get(seat) != other and lord_of.get(other) != seat


def send_losers_back(
    state: KbsState, losers: Sequence[Army], battle_area: str, captor: str, barred: str | None
) -> Decision:
    """KBS-CMB-4, KBS-AMB-9: losers with somewhere to go must retreat (unplayed ones go at once); the rest are taken."""
    events: list[Event] = []
    waiting: list[str] = []
    trace: list[TraceStep] = []
    for army in losers:
        if army.is_empty():
            continue
        options = retreat_destinations(state, army, battle_area, barred)
        if not options:
            events.append(capture_event(army, captor, battle_area, ("KBS-AMB-9", "KBS-RET-1")))
            trace.append(TraceStep("KBS-AMB-9", f"{army.id} has nowhere to retreat: captured by {captor}"))
        elif army.owner == NEUTRAL or army.owner not in state.order:
            # Nobody sits for neutrals (or for a faction of the board no seat plays): they take the first way out.
            events.append(Event("ArmyRetreated", {"army": army.id, "to": options[0], "rule_ids": ["KBS-RET-1"]}))
        else:
            waiting.append(army.id)
            trace.append(TraceStep("KBS-CMB-4", f"{army.id} must retreat to one of {', '.join(options)}"))
    if waiting:
        events.append(
            Event(
                "RetreatsRequired",
                {"armies": waiting, "from": battle_area, "barred": barred, "rule_ids": ["KBS-CMB-4"]},
            )
        )
    return Decision(tuple(events), trace=tuple(trace))


def capture_event(army: Army, captor: str, at: str, rule_ids: Sequence[str], *, ransomable: bool = True) -> Event:
    """KBS-RET-2: the whole stack is taken; its leaders become captives (KBS-RAN-1)."""
    return Event(
        "UnitsCaptured",
        {
            "army": army.id,
            "owner": army.owner,
            "captor": captor,
            "at": at,
            "units": dict(army.units),
            "leaders": list(army.leaders),
            "ransomable": ransomable,
            "rule_ids": list(rule_ids),
        },
    )


def transfer(kind: str, giver: str | None, taker: str | None, amount: int, rule_ids: Sequence[str]) -> Event:
    """`SuppliesTransferred` or `InfluenceTransferred` (kind 'supplies' or 'influence')."""
    name = "SuppliesTransferred" if kind == "supplies" else "InfluenceTransferred"
    return Event(name, {"from": giver, "to": taker, "amount": amount, "rule_ids": list(rule_ids)})
