"""Phase III: steps, movement points, contact and the battles steps create (KK-MOVE).

The rules a step is checked against are step_checks.py's guards; the phase's turns, passes and end are year.py's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Action, Decision
from domain.rulesets.kard_es_korona.board import Terrain
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import (
    ARMS,
    LORD_MOVEMENT_POINTS,
    MOVEMENT_POINTS,
    Force,
    force_from_json,
)
from domain.rulesets.kard_es_korona.pinning import (
    after_attack,
    can_pass_through,
    freeze_attacked_lord,
    freezing_battle,
    may_leave,
    release_defenders,
    release_size,
)
from domain.rulesets.kard_es_korona.state import MOVEMENT, KKState, is_neutral
from domain.rulesets.kard_es_korona.step_checks import (
    Group,
    Guard,
    Step,
    attackers_fought_no_battle,
    besiegers_within_arm_limit,
    castle_entered_within_limits,
    first_refusal,
    garrisons_left_within_limits,
    in_his_turn,
    in_movement_phase,
    joins_no_pending_battle,
    listed_groups,
    lord_arrives_with_units,
    lord_not_attacked,
    lord_not_left_alone,
    outside_the_closed_region,
    release_named_first,
    siege_has_infantry_or_lord,
    to_a_county,
    vassal_bans_kept,
    within_step_allowance,
)
from domain.rulesets.kard_es_korona.year import auto_pass, record_pass


def decide_pass(state: KKState, action: Action) -> Decision:
    """KK-MOVE-4, A-16: the player ends his movement for the year; the first to pass starts next year."""
    seat = action.seat
    if state.phase != MOVEMENT or seat is None:
        return refuse("KK-TURN-2", f"passing ends a player's movement (phase III), not phase {state.phase!r}", "type")
    if state.turn != seat:
        return refuse("KK-MOVE-1", f"it is {state.turn}'s movement turn, not {seat}'s", "seat")
    flow = Flow(state)
    record_pass(flow, seat, "voluntary")
    auto_pass(flow)
    return flow.decision()


def path_cost(state: KKState, origin: str, path: tuple[str, ...]) -> int:
    """KK-MOVE-8/9/10: 1 per county entered, +1 into mountain or swamp, +1 across a major river."""
    board = state.board
    assert board is not None
    cost, here = 0, origin
    for county in path:
        cost += 1
        if board.counties[county].terrain != Terrain.PLAIN:
            cost += 1
        if board.is_river_crossing(here, county):
            cost += 1
        here = county
    return cost


def _river_into_rough(state: KKState, origin: str, path: tuple[str, ...]) -> bool:
    """KK-MOVE-9: the path crosses a major river into a mountain or swamp county (3 MP for that county alone)."""
    here = origin
    for county in path:
        if path_cost(state, here, (county,)) == 3:
            return True
        here = county
    return False


def _enemy_here(state: KKState, county: str, seat: str) -> bool:
    return any(owner != seat for owner in state.owners_in(county))


def _before_groups(step: Step) -> tuple[Guard, ...]:
    """The checks of a step before its groups are read, in the table's order."""
    # A frozen player's turns are passed for him, so whenever he tries a step it is someone else's turn: what
    # bars him is his attacked lord (KK-ADV-3); the turn order (KK-MOVE-1) follows it in a transcript.
    turn: tuple[Guard, ...] = (release_named_first, lord_not_attacked, in_his_turn)
    if step.frozen is None:
        turn = (in_his_turn, release_named_first, lord_not_attacked)
    return (
        in_movement_phase,
        *turn,
        within_step_allowance,
        to_a_county,
        outside_the_closed_region,
        joins_no_pending_battle,
    )


_WITH_GROUPS: tuple[Guard, ...] = (
    vassal_bans_kept,
    lord_arrives_with_units,
    lord_not_left_alone,
    garrisons_left_within_limits,
    attackers_fought_no_battle,
    siege_has_infantry_or_lord,
    besiegers_within_arm_limit,
    castle_entered_within_limits,
)


def decide_move(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-MOVE-1..18: one step of units (and the lord) from one or more counties into one county.

    KK-CASTLE-8: an empty castle is entered like any empty county, with no siege and no infantry needed.

    Refused when a rule is broken; in a transcript (`lenient`) a step that can be carried out at all (the units
    exist and the path is one of neighbours) is recorded with the rules it breaks as deviations.
    """
    checks = Checks(lenient)
    seat, board = action.seat, state.board
    if board is None or seat is None:
        return refuse("KK-MOVE-1", "a step needs a seat", "seat")
    step = Step(state, seat, board, action.data.get("to"), freezing_battle(state, seat))
    if (stop := first_refusal(step, checks, _before_groups(step))) is not None:
        return stop
    raw_groups = listed_groups(action.data.get("groups"))
    if isinstance(raw_groups, Decision):
        return raw_groups
    groups: list[Group] = []
    for index, raw in enumerate(raw_groups):
        seen = {g.origin for g in groups}
        parsed = step_group(state, seat, raw, step.to, f"data.groups[{index}]", seen, checks)
        if isinstance(parsed, Decision):
            return parsed
        groups.append(parsed)
    step = replace(step, groups=tuple(groups))
    if (stop := first_refusal(step, checks, _WITH_GROUPS)) is not None:
        return stop
    return _take_step(step, checks)


def _take_step(step: Step, checks: Checks) -> Decision:
    """KK-MOVE-8/11/18, KK-ADV-1: the step recorded; an attack creates its battle, an empty county changes hands."""
    state, seat, destination, groups = step.state, step.seat, step.to, step.groups
    county = step.board.counties[destination]
    flow = Flow(state)
    seq = state.step_seq + 1
    crossed = sorted({c for g in groups for c in g.path[:-1] if state.battle_in(c) is not None})
    record: dict[str, Any] = {
        "seat": seat,
        "step_no": state.steps_taken.get(seat, 0) + 1,
        "step_seq": seq,
        "to": destination,
        "groups": [
            {"from": g.origin, "units": g.force.to_json(), "lord": g.lord, "path": list(g.path), "mp": g.cost}
            for g in groups
        ],
    }
    if crossed:  # KK-ADV-1: only pinned counties can be crossed with a battle pending in them
        record["pass_through_pinned"] = crossed
    flow.emit("StepTaken", record)
    if step.enemies:
        _attack(flow, step, seq)
    elif state.control.get(destination) != seat:
        change = {"county": destination, "from": state.control.get(destination), "to": seat, "cause": "entered_empty"}
        flow.emit("CountyControlChanged", change)
        flow.note("KK-MOVE-18", f"{seat} takes {county.name} with no battle")
    if state.options.get("control_model") == "presence":
        for origin in sorted({g.origin for g in groups}):
            if flow.state.force(origin, seat).total == 0 and flow.state.control.get(origin) == seat:
                flow.emit("CountyControlChanged", {"county": origin, "from": seat, "to": None, "cause": "vacated"})
    for g in groups:
        lord = " and lord" if g.lord else ""
        flow.note("KK-MOVE-8", f"{g.force.describe()}{lord} {g.origin}->{'->'.join(g.path)}: {g.cost} MP", mp=g.cost)
    auto_pass(flow)
    return flow.decision(tuple(checks.violations))


def _attack(flow: Flow, step: Step, seq: int) -> None:
    """KK-MOVE-11: stepping into enemy units stops the step and creates a battle (a siege where a castle stands)."""
    state, seat, destination = step.state, step.seat, step.to
    county = step.board.counties[destination]
    defender = step.enemies[0]
    battle_id = f"b{state.year}-{state.battle_count + 1}"
    flow.emit(
        "BattleCreated",
        {
            "battle": battle_id,
            "county": destination,
            "kind": "siege" if county.castle else "open",
            "terrain": county.terrain.value,
            "attacker": seat,
            "defender": defender,
            "attacker_force": step.incoming.to_json(),
            "defender_force": state.force(destination, defender).to_json(),
            "attacker_lord": step.lord_moves,
            "defender_lord": not is_neutral(defender) and state.lords.get(defender) == destination,
            "entry_counties": sorted({g.path[-2] if len(g.path) > 1 else g.origin for g in step.groups}),
            "step_seq": seq,
        },
    )
    flow.note("KK-MOVE-11", f"{seat} attacks {county.name} held by {defender}: the units stop and fight")
    after_attack(flow, battle_id)


def step_group(
    state: KKState, seat: str, raw: Any, destination: str, where: str, seen: set[str], checks: Checks
) -> Group | Decision:
    """One group of a step: its units are the player's, unmoved and free, and can pay for their path."""
    units = _group_units(state, seat, raw, destination, where, seen, checks)
    if isinstance(units, Decision):
        return units
    origin, force, lord = units
    path = _group_path(state, seat, raw, origin, destination, where, checks)
    if isinstance(path, Decision):
        return path
    cost = _group_cost(state, origin, force, lord, path, where, checks)
    if isinstance(cost, Decision):
        return cost
    return Group(origin, force, lord, path, cost)


def _group_units(
    state: KKState, seat: str, raw: Any, destination: str, where: str, seen: set[str], checks: Checks
) -> tuple[str, Force, bool] | Decision:
    """KK-MOVE-2/6/13/16: the group's origin, units and lord: his own, there, not yet moved, free to leave."""
    board = state.board
    assert board is not None
    if not isinstance(raw, Mapping):
        return refuse("KK-MOVE-2", f"group {raw!r} is not an object", where)
    origin = raw.get("from")
    if not isinstance(origin, str) or origin not in board.counties:
        return refuse("KK-MOVE-2", f"origin {origin!r} is not a county", f"{where}.from")
    if origin in seen:
        return refuse("KK-MOVE-2", f"{origin} is named by two groups; join them", f"{where}.from")
    if origin == destination:
        return refuse("KK-MOVE-2", f"units already in {origin} do not step into it", f"{where}.from")
    force = force_from_json(raw.get("units", {}))
    if force is None:
        return refuse("KK-MOVE-2", f"units {raw.get('units')!r} are not a force", f"{where}.units")
    lord = raw.get("lord", False) is True
    if force.total == 0 and not lord:
        return refuse("KK-MOVE-2", f"the group from {origin} moves nothing", f"{where}.units")
    present = state.force(origin, seat)
    if not present.contains(force):
        return refuse(
            "KK-MOVE-2", f"{seat} has {present.describe()} in {origin}, not {force.describe()}", f"{where}.units"
        )
    if lord and state.lords.get(seat) != origin:
        return refuse("KK-MOVE-16", f"{seat}'s lord is not in {origin}", f"{where}.lord")
    free = present.minus(state.moved_force(origin, seat))
    if not free.contains(force) and checks.broken(
        "KK-MOVE-6", f"only {free.describe()} in {origin} have not moved this year", f"{where}.units"
    ):
        return checks.refusal()
    if (
        state.battle_in(origin) is not None
        and not may_leave(state, seat, origin, force, lord)
        and checks.broken("KK-MOVE-13", f"{origin} is attacked: its units stay for the battle", f"{where}.from")
    ):
        return checks.refusal()
    if (
        lord
        and seat in state.lords_moved
        and checks.broken("KK-MOVE-6", "the lord has already moved this year (A-12)", f"{where}.lord")
    ):
        return checks.refusal()
    return origin, force, lord


def _group_path(
    state: KKState, seat: str, raw: Mapping[str, Any], origin: str, destination: str, where: str, checks: Checks
) -> tuple[str, ...] | Decision:
    """KK-MOVE-2/11/18, KK-SETUP-2: the counties entered, each bordering the last, through no enemy and no
    closed county, ending in the destination."""
    board = state.board
    assert board is not None
    path_raw = raw.get("path", [destination])
    if not isinstance(path_raw, list) or not path_raw or not all(isinstance(c, str) for c in path_raw):
        return refuse("KK-MOVE-2", f"path {path_raw!r} must list the counties entered", f"{where}.path")
    path = tuple(path_raw)
    if path[-1] != destination:
        return refuse("KK-MOVE-2", f"the path from {origin} must end in {destination}", f"{where}.path")
    here = origin
    foreign_forbidden = state.options.get("pass_through_foreign_empty") == "forbid"
    for index, county in enumerate(path):
        if county not in board.counties or county not in board.neighbours[here]:
            return refuse("KK-MOVE-2", f"{county!r} does not border {here}", f"{where}.path")
        if county in state.closed and checks.broken(
            "KK-SETUP-2", f"{county} lies in Szlavónia's closed region", f"{where}.path"
        ):
            return checks.refusal()
        if index < len(path) - 1:
            if (
                _enemy_here(state, county, seat)
                and not can_pass_through(state, seat, county)
                and checks.broken(
                    "KK-MOVE-11", f"{county} holds enemy units: the units must stop there", f"{where}.path"
                )
            ):
                return checks.refusal()
            owner = state.control.get(county)
            if (
                foreign_forbidden
                and owner is not None
                and owner != seat
                and checks.broken(
                    "KK-MOVE-18", f"{county} is {owner}'s (pass_through_foreign_empty = forbid)", f"{where}.path"
                )
            ):
                return checks.refusal()
        here = county
    return path


def _group_cost(
    state: KKState, origin: str, force: Force, lord: bool, path: tuple[str, ...], where: str, checks: Checks
) -> int | Decision:
    """KK-MOVE-2/7/9: every unit, and the lord, pays for the path with its own movement points."""
    cost = path_cost(state, origin, path)
    rough = _river_into_rough(state, origin, path)
    for arm in ARMS:
        if not force.of(arm) or cost <= MOVEMENT_POINTS[arm]:
            continue
        message = (
            f"{arm} from {origin} via {'-'.join(path)} needs {cost} MP (KK-MOVE-8/9), it has {MOVEMENT_POINTS[arm]}"
        )
        numbers = {"mp_needed": cost, "mp_available": MOVEMENT_POINTS[arm]}
        # KK-MOVE-9 bars foot units from a 3-MP river crossing into mountain or swamp outright; KK-MOVE-2 (every
        # unit pays for its own path) is its umbrella and the rule for any other shortfall.
        refused = MOVEMENT_POINTS[arm] < 3 and rough and checks.broken("KK-MOVE-9", message, f"{where}.path", **numbers)
        if checks.broken("KK-MOVE-2", message, f"{where}.path", **numbers) or refused:
            return checks.refusal()
    if (
        lord
        and cost > LORD_MOVEMENT_POINTS
        and checks.broken(
            "KK-MOVE-7", f"the lord's path costs {cost} MP; he has {LORD_MOVEMENT_POINTS}", f"{where}.path"
        )
    ):
        return checks.refusal()
    return cost


def decide_release_defenders(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-ADV-4, A-49: the defender names the D − 2·A units (and whether the lord) his attacker cannot pin.

    In a transcript (`lenient`) more or fewer released units than D − 2·A, or a release entered by another seat,
    are recorded with their deviation; the released units must be among the defenders.
    """

    battle = state.battle(state.release_due)
    if battle is None:
        return refuse("KK-ADV-4", "no attacked army has units to release now", "type")
    checks = Checks(lenient)
    if action.seat != battle.defender and checks.broken(
        "KK-ADV-4", f"{battle.defender}, the defender in {battle.county}, names the released", "seat"
    ):
        return checks.refusal()
    defending = state.force(battle.county, battle.defender)
    count = release_size(state, battle)
    released = force_from_json(action.data.get("units"))
    message = f"release exactly {count} of {defending.describe()}, not {action.data.get('units')!r}"
    if released is None or not defending.contains(released):
        return refuse("KK-ADV-4", message, "data.units", release=count)
    if released.total != count and checks.broken("KK-ADV-4", message, "data.units", release=count):
        return checks.refusal()
    lord = action.data.get("lord", False) is True
    if lord and not battle.defender_lord:
        return refuse("KK-ADV-4", f"{battle.defender}'s lord is not in {battle.county}", "data.lord")
    flow = Flow(state)
    release_defenders(flow, battle, released, defending.minus(released), lord, auto=False)
    freeze_attacked_lord(flow, battle)
    auto_pass(flow)
    return flow.decision(tuple(checks.violations))
