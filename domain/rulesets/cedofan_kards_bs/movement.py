"""Movement of `cedofan_kards_bs`: marches, naval moves, joint entries, merges and retreats (KBS-MOV, RET)."""

from __future__ import annotations

from math import ceil

from domain.kernel import Action, Decision, Event, Game, RuleViolation, TraceStep
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.combat import step_cost
from domain.rulesets.cedofan_kards_bs.rulings import army_named, refuse, retreat_destinations
from domain.rulesets.cedofan_kards_bs.state import Army, KbsState

SHIP_CAPACITY_PER_BS = 1  # KBS-MOV-8: a ship carries as many units as its BS


def _may_enter(state: KbsState, seat: str, area: str, field: str) -> Decision | None:
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


def _path_cost(game: Game, army: Army, path: list[str]) -> tuple[int, list[TraceStep]] | Decision:
    """KBS-MOV-2..8, KBS-AMB-8: the supplies of each step, or the refusal of the first bad one."""
    state: KbsState = game.state
    ships = army.units.get("ship", 0)
    carried = army.movement_units() - ships
    capacity = ships * game.meta.options["unit_bs"]["ship"] * SHIP_CAPACITY_PER_BS
    here, total, trace = army.at, 0, []
    for index, area in enumerate(path):
        field = f"data.path[{index}]"
        kind = state.map.step_kind(here, area) if isinstance(area, str) else None
        if kind is None:
            return refuse("KBS-AMB-22", f"{area!r} is not one field away from {here!r}", field)
        if (blocked := _may_enter(state, army.owner, area, field)) is not None:
            return blocked
        if (crossing := _crossing(state, army.owner, area)) is not None:
            trace.append(crossing)
        if kind == "sea":
            if ships == 0 or capacity < carried:
                message = f"{ships} ship(s) carry {capacity} units; the army has {carried} to carry"
                return refuse("KBS-MOV-8", message, field)
            cost = ceil(ships / 5)
            trace.append(TraceStep("KBS-MOV-7", f"sea step to {area}: {ships} ship(s) pay, cargo free: {cost}"))
        else:
            doubled = state.map.doubles_cost(area)
            cost = step_cost(army.movement_units(), doubled)
            text = f"step to {area}: ceil({army.movement_units()}/5)" + (
                " x 2 (swamp or wild tribes)" if doubled else ""
            )
            trace.append(TraceStep("KBS-MOV-5" if doubled else "KBS-MOV-3", f"{text} = {cost}"))
        total += cost
        here = area
    return total, trace


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


def decide_move(game: Game, action: Action) -> Decision:
    """`move_army {army, path}`: march or sail field by field, paying supplies (KBS-MOV-*)."""
    state: KbsState = game.state
    seat = str(action.seat)
    army = army_named(state, action.data, "army", seat)
    if isinstance(army, Decision):
        return army
    path = action.data.get("path")
    if not isinstance(path, list) or not path:
        return refuse("KBS-MOV-4", f"path {path!r} must list the fields to move through", "data.path")
    priced = _path_cost(game, army, path)
    if isinstance(priced, Decision):
        return priced
    cost, trace = priced
    # A move a table made without the supplies is a fact: refused when adjudicated, a deviation in a transcript.
    short = _shortfall(state, seat, cost, "the move")
    events = []
    if army.besieging:
        events.append(Event("SiegeEnded", {"city": army.besieging, "reason": "withdrawn", "rule_ids": ["KBS-MOV-4"]}))
    events.append(
        Event(
            "ArmyMoved",
            {
                "seat": seat,
                "army": army.id,
                "from": army.at,
                "path": list(path),
                "to": path[-1],
                "cost": cost,
                "rule_ids": ["KBS-MOV-2", "KBS-MOV-3", "KBS-MOV-4"],
            },
        )
    )
    total = TraceStep("KBS-MOV-2", f"total {cost} supplies", {"cost": cost})
    return Decision(tuple(events), short, (*trace, total))


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
        priced = _path_cost(game, army, [to])
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
                "rule_ids": ["KBS-MOV-10", "KBS-MOV-2"],
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
