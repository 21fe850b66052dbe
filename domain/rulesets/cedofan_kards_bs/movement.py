"""Movement of `cedofan_kards_bs`: marches, naval moves, joint entries, merges and retreats (KBS-MOV, RET)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from math import ceil
from typing import Any

from domain.kernel import Action, Decision, Event, Game, RuleViolation, TraceStep
from domain.rulesets.cedofan_kards_bs.battle_guards import garrison
from domain.rulesets.cedofan_kards_bs.battles import siege_break
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.combat import army_bs, step_cost
from domain.rulesets.cedofan_kards_bs.rulings import applied, army_named, new_army_id, refuse, retreat_destinations
from domain.rulesets.cedofan_kards_bs.state import Army, KbsState, counts

SHIP_CAPACITY_PER_BS = 1  # KBS-MOV-8: a ship carries as many units as its BS


def entry_refusal(state: KbsState, seat: str, area: str, field: str) -> Decision | None:
    """KBS-MOV-6, KBS-CTY-2, KBS-VAS-4, KBS-VAS-10: what an army may not step into."""
    if state.map.is_impassable(area):
        return refuse("KBS-MOV-6", f"{area!r} cannot be entered (giants or impassable swamps)", field)
    if state.map.kinds.get(area) != "city":
        return None
    owner = state.owners.get(area, NEUTRAL)
    if owner == seat:
        return None
    if state.factions[seat].lord == owner:
        return refuse("KBS-VAS-4", f"{seat!r} may cross its lord's lands but not enter its city {area!r}", field)
    if state.factions.get(owner) and state.factions[owner].lord == seat:
        return refuse("KBS-VAS-10", f"{seat!r} may cross its vassal's lands but not enter its city {area!r}", field)
    return refuse("KBS-CTY-2", f"{area!r} belongs to {owner!r}: besiege and storm it to enter", field)


def _crossing(state: KbsState, seat: str, area: str) -> TraceStep | None:
    """KBS-VAS-4, KBS-VAS-10: a vassal crosses its lord's land, a lord its vassal's; say so in the ruling."""
    holders = {state.owners.get(c.id, NEUTRAL) for c in state.map.cities.values() if c.admin_region == area}
    lord = state.factions[seat].lord
    if lord is not None and lord in holders:
        return TraceStep("KBS-VAS-4", f"{seat} crosses {area}, land of its lord {lord}")
    vassals = sorted(h for h in holders if h in state.factions and state.factions[h].lord == seat)
    if vassals:
        return TraceStep("KBS-VAS-10", f"{seat} crosses {area}, land of its vassal {vassals[0]}")
    return None


def ship_capacity(army: Army, options: Mapping[str, Any]) -> int:
    """KBS-MOV-8: the units an army's ships carry, as many per ship as its BS (2 units a ship)."""
    return army.units.get("ship", 0) * int(options["unit_bs"]["ship"]) * SHIP_CAPACITY_PER_BS


def path_cost(game: Game, army: Army, path: list[str]) -> tuple[int, list[TraceStep]] | Decision:
    """KBS-MOV-2..8, KBS-AMB-8: the supplies of each step, or the refusal of the first bad one."""
    state: KbsState = game.state
    ships = army.units.get("ship", 0)
    carried = army.movement_units() - ships
    capacity = ship_capacity(army, game.meta.options)
    here, total, trace = army.at, 0, []
    for index, area in enumerate(path):
        field = f"data.path[{index}]"
        kind = state.map.step_kind(here, area) if isinstance(area, str) else None
        if kind is None:
            return refuse("KBS-AMB-22", f"{area!r} is not one field away from {here!r}", field)
        if (blocked := entry_refusal(state, army.owner, area, field)) is not None:
            return blocked
        if (crossing := _crossing(state, army.owner, area)) is not None:
            trace.append(crossing)
        if kind == "sea":
            if ships == 0 or capacity < carried:
                message = f"{ships} ship(s) carry {capacity} units; the army has {carried} to carry"
                return refuse("KBS-MOV-8", message, field)
            cost = ceil(ships / 5)
            numbers = {"ships": ships, "capacity": capacity, "cost": cost}
            trace.append(
                TraceStep("KBS-MOV-7", f"sea step to {area}: {ships} ship(s) pay, cargo free: {cost}", numbers)
            )
        else:
            doubled = state.map.doubles_cost(area)
            cost = step_cost(army.movement_units(), doubled)
            text = f"step to {area}: ceil({army.movement_units()}/5)" + (
                " x 2 (swamp or wild tribes)" if doubled else ""
            )
            numbers = {"movement_units": army.movement_units(), "cost": cost}
            trace.append(TraceStep("KBS-MOV-5" if doubled else "KBS-MOV-3", f"{text} = {cost}", numbers))
        total += cost
        here = area
    return total, trace


def priced_by(trace: list[TraceStep]) -> list[str]:
    """The rules beyond KBS-MOV-2 that priced a path (`path_cost`'s trace): KBS-MOV-5 for a step into swamp or
    wild tribes (double), KBS-MOV-7 and KBS-MOV-8 for a sea step (the ships pay and carry the rest)."""
    cited = {step.rule_id for step in trace}
    return [
        *(["KBS-MOV-5"] if "KBS-MOV-5" in cited else []),
        *(["KBS-MOV-7", "KBS-MOV-8"] if "KBS-MOV-7" in cited else []),
    ]


def _shortfall(state: KbsState, seat: str, cost: int, what: str) -> tuple[RuleViolation, ...]:
    """KBS-MOV-2: the supplies a move costs must be in the treasury."""
    have = state.factions[seat].supplies
    if cost <= have:
        return ()
    return (
        RuleViolation(
            "KBS-MOV-2", f"{what} costs {cost} supplies; {seat!r} has {have}", {"cost": cost, "supplies": have}
        ),
    )


def _moved_units(army: Army, units: Any) -> Mapping[str, int] | Decision:
    """KBS-MOV-1: `units` counts, by kind, units the army has; omitted, none of them."""
    if units is None:
        return {}
    if not isinstance(units, Mapping):
        return refuse("KBS-MOV-1", f"units {units!r} must count the units moved by kind", "data.units")
    for kind, n in units.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return refuse("KBS-MOV-1", f"units.{kind} {n!r} must be a whole number >= 0", f"data.units.{kind}")
        if n > army.units.get(kind, 0):
            message = f"army {army.id!r} has {army.units.get(kind, 0)} {kind}; {n} cannot move"
            return refuse("KBS-MOV-1", message, f"data.units.{kind}")
    return {str(kind): n for kind, n in units.items() if n}


def _moved_leaders(army: Army, leaders: Any) -> tuple[str, ...] | Decision:
    """KBS-MOV-1: a leader figure moves only when `leaders` names it; it must stand in the army."""
    if leaders is None:
        return ()
    if not isinstance(leaders, list) or len(set(map(str, leaders))) != len(leaders):
        return refuse("KBS-MOV-1", f"leaders {leaders!r} must list distinct leader figures", "data.leaders")
    for index, name in enumerate(leaders):
        if name not in army.leaders:
            message = f"leader {name!r} is not in army {army.id!r} (its leaders: {', '.join(army.leaders) or 'none'})"
            return refuse("KBS-MOV-1", message, f"data.leaders[{index}]")
    return tuple(str(name) for name in leaders)


def moving_part(state: KbsState, army: Army, data: Mapping[str, Any]) -> Army | Decision:
    """KBS-MOV-1..3: the stack that moves; the whole army unless `units` / `leaders` name a part of it.

    A part becomes a new army (`placed-N`, as the rules name every new stack); the rest stays.
    """
    if data.get("units") is None and data.get("leaders") is None:
        return army
    units = _moved_units(army, data.get("units"))
    if isinstance(units, Decision):
        return units
    leaders = _moved_leaders(army, data.get("leaders"))
    if isinstance(leaders, Decision):
        return leaders
    part = Army(new_army_id(state), army.owner, army.at, counts(units), leaders)
    if part.is_empty():
        return refuse("KBS-MOV-2", "a move takes 1 or more movement units (KBS-MOV-1); none were named", "data.units")
    if part.movement_units() == army.movement_units():
        return army  # every unit and leader named: the army itself moves
    return part


def _siege_left_standing(game: Game, army: Army, part: Army) -> tuple[RuleViolation, ...]:
    """KBS-SIE-4, KBS-AMB-4: the part left besieging must keep at least the besieged army's BS."""
    if not army.besieging or part.id == army.id:
        return ()
    state: KbsState = game.state
    options = game.meta.options
    rest = replace(army, units=counts({k: n - part.units.get(k, 0) for k, n in army.units.items()}))
    bs_out, bs_in = army_bs([rest], options), army_bs(garrison(state, army.besieging), options)
    if bs_out >= bs_in:
        return ()
    message = (
        f"army {army.id!r} besieging {army.besieging!r} would keep {bs_out} BS against {bs_in} BS inside: "
        "the siege would break (move the whole army to lift it)"
    )
    details = {"field": "data.units", "bs_besiegers": bs_out, "bs_besieged": bs_in}
    return (RuleViolation("KBS-SIE-4", message, details), RuleViolation("KBS-AMB-4", message, details))


def _split(seat: str, army: Army, part: Army) -> Event:
    """The fact that part of an army leaves it as a new army (KBS-MOV-1)."""
    return Event(
        "ArmySplit",
        {
            "seat": seat,
            "army": army.id,
            "into": part.id,
            "at": army.at,
            "units": dict(part.units),
            "leaders": list(part.leaders),
            "rule_ids": ["KBS-MOV-1", "KBS-MOV-2"],
        },
    )


def decide_move(game: Game, action: Action) -> Decision:
    """`move_army {army, path, units?, leaders?}`: KBS-MOV-1..4: march or sail field by field, paying supplies;
    naming `units` / `leaders` moves only them, as a new army."""
    state: KbsState = game.state
    seat = str(action.seat)
    army = army_named(state, action.data, "army", seat)
    if isinstance(army, Decision):
        return army
    path = action.data.get("path")
    if not isinstance(path, list) or not path:
        return refuse("KBS-MOV-4", f"path {path!r} must list the fields to move through", "data.path")
    part = moving_part(state, army, action.data)
    if isinstance(part, Decision):
        return part
    priced = path_cost(game, part, path)
    if isinstance(priced, Decision):
        return priced
    cost, trace = priced
    # A move a table made without the supplies is a fact: refused when adjudicated, a deviation in a transcript.
    short = _shortfall(state, seat, cost, "the move") + _siege_left_standing(game, army, part)
    events = []
    if part.id != army.id:
        events.append(_split(seat, army, part))
        split = f"{part.movement_units()} movement unit(s) leave {army.id} as {part.id}"
        trace.insert(0, TraceStep("KBS-MOV-1", split))
    elif army.besieging:
        events.append(Event("SiegeEnded", {"city": army.besieging, "reason": "withdrawn", "rule_ids": ["KBS-MOV-4"]}))
    events.append(
        Event(
            "ArmyMoved",
            {
                "seat": seat,
                "army": part.id,
                "from": army.at,
                "path": list(path),
                "to": path[-1],
                "cost": cost,
                "rule_ids": ["KBS-MOV-2", "KBS-MOV-3", "KBS-MOV-4", *priced_by(trace)],
            },
        )
    )
    total = TraceStep("KBS-MOV-2", f"total {cost} supplies", {"cost": cost})
    decision = Decision(tuple(events), short, (*trace, total))
    if army.besieging and part.id != army.id:
        # Recorded in a transcript although it weakens the siege too far: the siege then breaks (KBS-SIE-4).
        decision = decision.then(siege_break(applied(state, events), army.besieging, game.meta.options))
    return decision


def decide_enter_jointly(game: Game, action: Action) -> Decision:
    """`enter_jointly {armies, to}`: KBS-MOV-10, stacks from different regions enter at one moment."""
    state: KbsState = game.state
    seat = str(action.seat)
    names, to = action.data.get("armies"), action.data.get("to")
    if not isinstance(names, list) or len(names) < 2:
        return refuse("KBS-MOV-10", f"armies {names!r} must name at least two armies", "data.armies")
    armies: list[Army] = []
    for index, name in enumerate(names):
        army = army_named(state, {"army": name}, "army", seat)
        if isinstance(army, Decision):
            return refuse("KBS-MOV-10", f"armies[{index}] {name!r} is not an army of {seat!r}", f"data.armies[{index}]")
        armies.append(army)
    if len({a.at for a in armies}) != len(armies):
        return refuse("KBS-MOV-10", "a joint entry brings armies from different regions", "data.armies")
    if not isinstance(to, str):
        return refuse("KBS-MOV-10", f"to {to!r} must name the region entered", "data.to")
    total, trace = 0, []
    for army in armies:
        priced = path_cost(game, army, [to])
        if isinstance(priced, Decision):
            return priced
        total += priced[0]
        trace += priced[1]
    short = _shortfall(state, seat, total, "the joint entry")
    events = [
        Event("SiegeEnded", {"city": a.besieging, "reason": "withdrawn", "rule_ids": ["KBS-MOV-4"]})
        for a in armies
        if a.besieging
    ]
    events.append(
        Event(
            "ArmiesEnteredJointly",
            {
                "seat": seat,
                "armies": [a.id for a in armies],
                "from": [a.at for a in armies],
                "to": to,
                "cost": total,
                "rule_ids": ["KBS-MOV-10", "KBS-MOV-2", *priced_by(trace)],
            },
        )
    )
    return Decision(tuple(events), short, (*trace, TraceStep("KBS-MOV-10", f"joint entry into {to}: {total} supplies")))


def decide_merge(game: Game, action: Action) -> Decision:
    """`merge_armies {armies}`: KBS-MOV-9 / KBS-REL-4, free, also with a besieging army."""
    state: KbsState = game.state
    seat = str(action.seat)
    names = action.data.get("armies")
    if not isinstance(names, list) or len(names) < 2 or len(set(map(str, names))) != len(names):
        return refuse("KBS-MOV-9", f"armies {names!r} must name at least two different armies", "data.armies")
    armies: list[Army] = []
    for index, name in enumerate(names):
        army = army_named(state, {"army": name}, "army", seat)
        if isinstance(army, Decision):
            return refuse("KBS-MOV-9", f"armies[{index}] {name!r} is not an army of {seat!r}", f"data.armies[{index}]")
        armies.append(army)
    if len({a.at for a in armies}) != 1:
        return refuse("KBS-MOV-9", "only armies in the same region merge", "data.armies")
    if len({a.besieging for a in armies if a.besieging}) > 1:
        return refuse("KBS-MOV-9", "armies besieging different cities do not merge", "data.armies")
    event = Event(
        "ArmiesMerged",
        {"seat": seat, "armies": [a.id for a in armies], "into": armies[0].id, "cost": 0, "rule_ids": ["KBS-MOV-9"]},
    )
    return Decision((event,), trace=(TraceStep("KBS-MOV-9", "merging armies costs no supplies"),))


def decide_retreat(game: Game, action: Action) -> Decision:
    """`retreat {army, to}`: KBS-RET-1, free, into a friendly city or a neighbouring region (KBS-AMB-9: not a
    relief's besieged city)."""
    state: KbsState = game.state
    seat = str(action.seat)
    army = army_named(state, action.data, "army", seat)
    if isinstance(army, Decision):
        return army
    if army.id not in state.retreats or state.retreat_from is None:
        return refuse("KBS-CMB-4", f"army {army.id!r} has no battle to retreat from", "data.army")
    to = action.data.get("to")
    allowed = retreat_destinations(state, army, state.retreat_from, state.retreat_barred)
    if to not in allowed:
        listed = f"{to!r} is not a retreat for {army.id!r}; allowed: {', '.join(allowed)}"
        if to is not None and to == state.retreat_barred:
            barred = f"{to!r} is the besieged city: relieving armies may not retreat into it"
            return Decision(
                violations=(
                    RuleViolation("KBS-AMB-9", barred, {"field": "data.to"}),
                    RuleViolation("KBS-RET-1", listed, {"field": "data.to"}),
                )
            )
        return refuse("KBS-RET-1", listed, "data.to")
    events = [Event("ArmyRetreated", {"army": army.id, "to": to, "cost": 0, "rule_ids": ["KBS-RET-1", "KBS-AMB-9"]})]
    if army.besieging:
        events.insert(0, Event("SiegeEnded", {"city": army.besieging, "reason": "retreat", "rule_ids": ["KBS-CMB-4"]}))
    return Decision(tuple(events), trace=(TraceStep("KBS-AMB-9", f"{army.id} retreats to {to} at no cost"),))
