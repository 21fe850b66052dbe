"""Battles of `cedofan_kards_bs`: field attacks, sieges, storms and relief (KBS-CMB, SIE, STM, REL, RET, VAS-1).

Every battle is fought by `fights.fight`: one formula (KBS-CMB-1/2) with two dice drawn through the platform,
the attacker's first, the defender's second. A tie goes to the defender (KBS-CMB-5); who defends is KBS-AMB-10.
Conquest is never limited by connection: a vassal may conquer through its lord's land and a lord
through its vassal's (KBS-VAS-7, KBS-VAS-11) as any faction may.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, RuleViolation, TraceStep
from domain.rulesets.cedofan_kards_bs.battle_guards import (
    attack_target,
    garrison,
    relief_sides,
    siege_numbers,
    storm_siege,
)
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.combat import (
    army_bs,
    city_defence,
    step_cost,
)
from domain.rulesets.cedofan_kards_bs.fights import fight
from domain.rulesets.cedofan_kards_bs.rulings import (
    applied,
    army_named,
    capture_event,
    send_losers_back,
    transfer,
)
from domain.rulesets.cedofan_kards_bs.state import KbsState

RANSOM = 5  # KBS-RAN-2: 5 supplies and 5 influence


def siege_break(state: KbsState, city: str, options: Mapping[str, Any]) -> Decision:
    """KBS-SIE-4/5, KBS-AMB-4: a besieger weaker than the besieged withdraws and leaves its catapults."""
    siege = state.sieges.get(city)
    if siege is None or siege.army not in state.armies:
        return Decision()
    besieger, inside = state.armies[siege.army], garrison(state, city)
    bs_out, bs_in = army_bs([besieger], options), army_bs(inside, options)
    if bs_out >= bs_in:
        return Decision(
            trace=(TraceStep("KBS-AMB-4", f"siege of {city} holds: {bs_out} BS outside >= {bs_in} inside"),)
        )
    events = [Event("SiegeBroken", {"city": city, "army": besieger.id, "rule_ids": ["KBS-SIE-4", "KBS-AMB-4"]})]
    seized = {k: n for k, n in besieger.units.items() if k == "catapult"}
    if seized and inside:
        events.append(
            Event(
                "EquipmentSeized", {"from": besieger.id, "to": inside[0].id, "units": seized, "rule_ids": ["KBS-SIE-5"]}
            )
        )
    text = f"siege of {city} broken: {bs_out} BS outside < {bs_in} inside; the besiegers withdraw"
    return Decision(tuple(events), trace=(TraceStep("KBS-SIE-4", text),))


def decide_attack(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`attack {army, to, defender?}`: a field battle in a region (KBS-CMB-*, KBS-VAS-5)."""
    state: KbsState = game.state
    seat = str(action.seat)
    army = army_named(state, action.data, "army", seat)
    if isinstance(army, Decision):
        return army
    target = attack_target(state, seat, army, action.data)
    if isinstance(target, Decision):
        return target
    to, enemies, defender = target
    doubled = to != army.at and state.map.doubles_cost(to)  # KBS-MOV-5: stepping into swamp or wild tribes
    cost = 0 if to == army.at else step_cost(army.movement_units(), doubled)
    unpaid = _unpaid(state, seat, cost, "KBS-MOV-2", "the attack")
    before: list[Event] = []
    if army.besieging and to != army.at:
        before.append(Event("SiegeEnded", {"city": army.besieging, "reason": "withdrawn", "rule_ids": ["KBS-MOV-4"]}))
    declared = Event(
        "AttackDeclared",
        {
            "seat": seat,
            "army": army.id,
            "from": army.at,
            "to": to,
            "defender": defender,
            "cost": cost,
            "rule_ids": ["KBS-MOV-2", *(["KBS-MOV-5"] if doubled else []), "KBS-AMB-10"],
        },
    )
    start = unpaid.then(
        Decision(
            (*before, declared),
            trace=(
                TraceStep(
                    "KBS-MOV-5" if doubled else "KBS-MOV-3",
                    f"{army.movement_units()} units: {cost} supplies",
                    {"movement_units": army.movement_units(), "cost": cost},
                ),
            ),
        )
    )
    state = applied(state, start.events)
    battle, outcome = fight(game, inputs, "field battle", to, seat, ([state.armies[army.id]], enemies), 0)
    state = applied(state, battle.events)
    losers = (
        [state.armies[a.id] for a in enemies if a.id in state.armies]
        if outcome.attacker_wins
        else ([state.armies[army.id]] if army.id in state.armies else [])
    )
    captor = seat if outcome.attacker_wins else defender
    retreats = send_losers_back(state, losers, to, captor, None)
    decision = start.then(battle).then(retreats)
    if army.besieging and to == army.at:
        # KBS-AMB-4: a besieging army that fought in its own region may have fallen below the besieged.
        decision = decision.then(siege_break(applied(state, retreats.events), army.besieging, game.meta.options))
    return decision


def decide_start_siege(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`start_siege {army, city}`: KBS-SIE-1..3, KBS-STM-3, KBS-AMB-3."""
    state: KbsState = game.state
    seat = str(action.seat)
    army = army_named(state, action.data, "army", seat)
    if isinstance(army, Decision):
        return army
    checked = siege_numbers(game, seat, army, action.data.get("city"))
    if isinstance(checked, Decision):
        return checked
    city, numbers = checked
    bs_out, bs_in, defence = numbers["besiegers"], numbers["defenders"], numbers["city_defence"]
    unpaid = _unpaid(state, seat, 1, "KBS-SIE-1", "starting a siege")
    fortified = "fortified (KBS-CTY-3)" if city.fortified else "unfortified (KBS-CTY-1)"
    trace = (
        TraceStep("KBS-SIE-2", f"{army.id} stands in {city.admin_region}, the administrative region of {city.id}"),
        TraceStep("KBS-AMB-3", f"{bs_out} > {bs_in} + {defence} ({fortified}): the siege may start", numbers),
        TraceStep("KBS-SIE-1", "starting the siege costs 1 supply"),
    )
    event = Event(
        "SiegeStarted",
        {
            "seat": seat,
            "army": army.id,
            "city": city.id,
            "round": state.round,
            "cost": 1,
            "rule_ids": ["KBS-SIE-1", "KBS-SIE-2", "KBS-SIE-3", "KBS-AMB-3"],
        },
    )
    return unpaid.then(Decision((event,), trace=trace))


def _unpaid(state: KbsState, seat: str, cost: int, rule_id: str, what: str) -> Decision:
    """KBS-MOV-2 (attack), KBS-SIE-1 (siege), KBS-STM-4 (storm): the supplies an action costs are paid.

    The facts are still decided, so a transcript records them with the deviation while an adjudicated game
    refuses them."""
    have = state.factions[seat].supplies
    if cost <= have:
        return Decision()
    message = f"{what} costs {cost} supplies; {seat!r} has {have}"
    return Decision(violations=(RuleViolation(rule_id, message, {"cost": cost, "supplies": have}),))


def decide_storm(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`storm_city {army, city}`: KBS-STM-1 (KBS-CTY-2), KBS-STM-2/4, then the battle and its consequences."""
    state: KbsState = game.state
    seat = str(action.seat)
    army = army_named(state, action.data, "army", seat)
    if isinstance(army, Decision):
        return army
    siege = storm_siege(state, seat, army, action.data.get("city"))
    if isinstance(siege, Decision):
        return siege
    unpaid = _unpaid(state, seat, 1, "KBS-STM-4", "calling a storm")
    city = state.map.cities[siege.city]
    declared = Event(
        "StormDeclared",
        {
            "seat": seat,
            "army": army.id,
            "city": city.id,
            "cost": 1,
            "rule_ids": ["KBS-STM-1", "KBS-AMB-6", "KBS-STM-2", "KBS-STM-4"],
        },
    )
    start = unpaid.then(
        Decision((declared,), trace=(TraceStep("KBS-STM-4", f"siege since round {siege.started}; storm costs 1"),))
    )
    state = applied(state, start.events)
    inside = garrison(state, city.id)
    defence = city_defence(army_bs(inside, game.meta.options), city.fortified)
    battle, outcome = fight(game, inputs, "storm", city.id, seat, ([state.armies[army.id]], inside), defence)
    decision = start.then(battle)
    state = applied(state, battle.events)
    if not outcome.attacker_wins:
        return decision.then(siege_break(state, city.id, game.meta.options))
    return decision.then(_city_taken(game, state, seat, army.id, city.id))


def _city_taken(game: Game, state: KbsState, seat: str, army_id: str, city_id: str) -> Decision:
    """KBS-SIE-6, KBS-RET-2, KBS-VAS-1/2, KBS-RAN-5: the city changes hands; its defenders flee or are taken."""
    city = state.map.cities[city_id]
    previous = state.owners.get(city_id, NEUTRAL)
    events: list[Event] = []
    trace: list[TraceStep] = []
    taken: list[str] = []
    fortress = "fortress" in state.map.flags.get(city.admin_region, frozenset())
    for stack in garrison(state, city_id):
        if fortress:
            events.append(
                Event("ArmyRetreated", {"army": stack.id, "to": city.admin_region, "rule_ids": ["KBS-RET-2"]})
            )
        else:
            events.append(capture_event(stack, seat, city_id, ["KBS-RET-2"], ransomable=stack.owner != NEUTRAL))
            taken += stack.leaders
    trace.append(
        TraceStep(
            "KBS-RET-2", "the defenders withdraw into the fortress" if fortress else "no fortress: defenders captured"
        )
    )
    events += [
        Event("SiegeEnded", {"city": city_id, "reason": "taken", "rule_ids": ["KBS-SIE-6"]}),
        Event("ArmyRelocated", {"army": army_id, "to": city_id, "rule_ids": ["KBS-SIE-6", "KBS-CMB-3"]}),
        Event(
            "CityCaptured",
            {"city": city_id, "owner": seat, "previous": previous, "rule_ids": ["KBS-SIE-6", "KBS-CMB-3"]},
        ),
    ]
    decision = Decision(tuple(events), trace=tuple(trace))
    start = state.map.factions.get(previous)
    if start is None or city.capital_of != previous:
        return decision
    return decision.then(_vassalage(applied(state, events), seat, previous, start.ruler, taken, army_id))


def _vassalage(state: KbsState, lord: str, vassal: str, ruler: str, taken: list[str], army_id: str) -> Decision:
    """KBS-VAS-1/2, KBS-RAN-5, KBS-AMB-16: capital taken and general captured: the loser becomes a vassal."""
    held = state.captives.get(ruler)
    events: list[Event] = []
    trace: list[TraceStep] = []
    if ruler in taken:
        trace.append(TraceStep("KBS-VAS-1", f"{vassal}'s capital taken and its general {ruler} captured"))
    elif held is not None and held.captor not in (lord, NEUTRAL) and held.owner == vassal:
        supplies = state.factions[lord].supplies
        if supplies < RANSOM:
            text = f"{ruler} is held by {held.captor}; {lord} has {supplies} supplies, not the {RANSOM} to ransom him"
            return Decision(trace=(TraceStep("KBS-RAN-5", text),))
        influence = min(RANSOM, state.factions[lord].influence)
        events += [
            transfer("supplies", lord, held.captor, RANSOM, ["KBS-RAN-5", "KBS-RAN-2"]),
            transfer("influence", lord, held.captor, influence, ["KBS-RAN-5", "KBS-RAN-4"]),
        ]
        trace.append(
            TraceStep(
                "KBS-RAN-5", f"{lord} ransoms {ruler} from {held.captor}: {RANSOM} supplies, {influence} influence"
            )
        )
    else:
        return Decision()
    capital = state.map.factions[vassal].capital
    placed = f"placed-{state.next_army}"
    while placed in state.armies:
        placed = f"placed-{int(placed.removeprefix('placed-')) + 1}"
    events += [
        Event("VassalageEstablished", {"vassal": vassal, "lord": lord, "ruler": ruler, "rule_ids": ["KBS-VAS-1"]}),
        Event(
            "ArmyRelocated", {"army": army_id, "to": state.map.cities[capital].admin_region, "rule_ids": ["KBS-AMB-16"]}
        ),
        Event(
            "CityCaptured",
            {"city": capital, "owner": vassal, "previous": lord, "rule_ids": ["KBS-VAS-2", "KBS-AMB-16"]},
        ),
        Event(
            "ArmyPlaced",
            {
                "army": placed,
                "owner": vassal,
                "at": capital,
                "units": {"army": 3},
                "leaders": [ruler],
                "rule_ids": ["KBS-VAS-2", "KBS-AMB-16"],
            },
        ),
    ]
    events += _sieges_ended_by_vassalage(state, vassal, lord)
    trace.append(TraceStep("KBS-VAS-2", f"{vassal} reappears in {capital} with {ruler} and 3 army units"))
    trace.append(
        TraceStep("KBS-VAS-3", f"{vassal} keeps every city not taken; influence for them is the GM's (no rule)")
    )
    return Decision(tuple(events), trace=tuple(trace))


def decide_relief(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`relieve_siege {armies, city, garrison?}`: KBS-REL-1..3, KBS-AMB-10, KBS-AMB-18."""
    state: KbsState = game.state
    seat = str(action.seat)
    sides = relief_sides(state, seat, action.data)
    if isinstance(sides, Decision):
        return sides
    siege, relievers, inside = sides
    city, besieger = state.map.cities[siege.city], state.armies[siege.army]
    declared = Event(
        "ReliefAttackDeclared",
        {
            "seat": seat,
            "armies": [a.id for a in relievers],
            "city": city.id,
            "garrison": [a.id for a in inside],
            "rule_ids": ["KBS-REL-1", "KBS-REL-2", "KBS-AMB-18"],
        },
    )
    trace = TraceStep("KBS-REL-2", f"the besieged units {'join without city defence' if inside else 'stay out'}")
    fighting = ([*relievers, *inside], [besieger])
    battle, outcome = fight(game, inputs, "relief", city.admin_region, seat, fighting, 0, besieged=inside)
    decision = Decision((declared,), trace=(trace,)).then(battle)
    state = applied(state, decision.events)
    if outcome.attacker_wins:
        # KBS-AMB-4 compares the sides "after every battle involving the besiegers": beaten below the garrison's BS,
        # the siege is broken and its catapults stay with the defenders (KBS-SIE-4/5); else it is simply relieved.
        ended = siege_break(state, city.id, game.meta.options)
        if not ended.events:
            relieved = Event("SiegeEnded", {"city": city.id, "reason": "relieved", "rule_ids": ["KBS-AMB-18"]})
            ended = ended.then(Decision((relieved,)))
        state = applied(state, ended.events)
        left = [state.armies[besieger.id]] if besieger.id in state.armies else []
        return decision.then(ended).then(send_losers_back(state, left, city.admin_region, seat, None))
    # KBS-AMB-9 bars "a besieged city": a lost relief that still breaks the siege (KBS-AMB-4) frees the city, so the
    # break is ruled first and the relievers may then retreat into it like into any friendly city (KBS-RET-1).
    kept = Decision(trace=(TraceStep("KBS-REL-3", "the besieged survivors go back into the city"),))
    broken = siege_break(state, city.id, game.meta.options)
    state = applied(state, broken.events)
    relieving = [state.armies[a.id] for a in relievers if a.id in state.armies]
    barred = city.id if city.id in state.sieges else None
    return (
        decision.then(kept)
        .then(broken)
        .then(send_losers_back(state, relieving, city.admin_region, besieger.owner, barred))
    )


def _sieges_ended_by_vassalage(state: KbsState, vassal: str, lord: str) -> list[Event]:
    """KBS-VAS-5: „Nesmí na svého pána zaútočit" — the new vassal's sieges of its lord's cities end with the
    vassalage; KBS-VAS-10: „nemůže vstupovat do měst" — and so do the lord's sieges of its vassal's cities."""
    ending = {(vassal, lord): "KBS-VAS-5", (lord, vassal): "KBS-VAS-10"}
    events = []
    for siege in sorted(state.sieges.values(), key=lambda s: s.city):
        besieger = state.armies.get(siege.army)
        rule = ending.get((besieger.owner if besieger else "", state.owners.get(siege.city, "")))
        if rule is not None:
            events.append(Event("SiegeEnded", {"city": siege.city, "reason": "vassalage", "rule_ids": [rule]}))
    return events
