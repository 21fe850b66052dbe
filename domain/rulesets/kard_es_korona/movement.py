"""Phase III: movement turns, steps, movement points, contact and the battles steps create (KK-MOVE)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.kernel import Action, Decision
from domain.rulesets.kard_es_korona.board import Terrain
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import (
    ARMS,
    EMPTY,
    LORD_MOVEMENT_POINTS,
    MOVEMENT_POINTS,
    Force,
    arm_limit_breaches,
    castle_limit_breaches,
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
from domain.rulesets.kard_es_korona.vassals import move_problems
from domain.rulesets.kard_es_korona.year import allowance_of, auto_pass, record_pass


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


@dataclass(frozen=True, slots=True)
class Group:
    origin: str
    force: Force
    lord: bool
    path: tuple[str, ...]
    cost: int


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


def decide_move(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-MOVE-1..18: one step of units (and the lord) from one or more counties into one county.

    Refused when a rule is broken; in a transcript (`lenient`) a step that can be carried out at all (the units
    exist and the path is one of neighbours) is recorded with the rules it breaks as deviations.
    """
    checks = Checks(lenient)
    seat, board = action.seat, state.board
    if board is None or seat is None:
        return refuse("KK-MOVE-1", "a step needs a seat", "seat")
    if state.phase != MOVEMENT:
        return refuse("KK-TURN-2", f"steps are taken in phase III (movement), not phase {state.phase!r}", "type")
    # A frozen player's turns are passed for him, so whenever he tries a step it is someone else's turn: what
    # bars him is his attacked lord (KK-ADV-3); the turn order (KK-MOVE-1) follows it in a transcript.
    frozen = freezing_battle(state, seat)
    out_of_turn = f"it is {state.turn}'s movement turn, not {seat}'s"
    if state.turn != seat and frozen is None and checks.broken("KK-MOVE-1", out_of_turn, "seat"):
        return checks.refusal()
    if state.release_due is not None:
        return refuse("KK-ADV-4", "the attacked defender names his released units before the next step (A-49)")
    if frozen is not None and checks.broken(
        "KK-ADV-3", f"{seat}'s lord is attacked in {frozen.county}: he may only pass this year", "seat"
    ):
        return checks.refusal()
    if state.turn != seat and frozen is not None and checks.broken("KK-MOVE-1", out_of_turn, "seat"):
        return checks.refusal()
    taken, allowed = state.steps_taken.get(seat, 0), allowance_of(state, seat)
    if taken >= allowed and checks.broken("KK-MOVE-3", f"{seat} has taken {taken} of {allowed} steps this year"):
        return checks.refusal()
    destination = action.data.get("to")
    if not isinstance(destination, str) or destination not in board.counties:
        return refuse("KK-MOVE-2", f"destination {destination!r} is not a county of the board", "data.to")
    if destination in state.closed and checks.broken(
        "KK-SETUP-2", f"{destination} lies in Szlavónia's closed region (5 players)", "data.to"
    ):
        return checks.refusal()
    if state.battle_in(destination) is not None:
        # Not even a transcript can add units to a pending battle: its armies are fixed when it is created.
        return refuse("KK-MOVE-14", f"a battle is pending in {destination}: no unit may join it", "data.to")
    raw_groups = action.data.get("groups")
    if not isinstance(raw_groups, list) or not raw_groups:
        return refuse("KK-MOVE-2", "groups must list the moving units by origin county", "data.groups")
    groups: list[Group] = []
    seen: set[str] = set()
    lord_county = state.lords.get(seat)
    for index, raw in enumerate(raw_groups):
        parsed = step_group(state, seat, raw, destination, f"data.groups[{index}]", seen, checks)
        if isinstance(parsed, Decision):
            return parsed
        seen.add(parsed.origin)
        groups.append(parsed)
    for rule_id, message in move_problems(state, seat, destination, (g.path for g in groups)):
        if checks.broken(rule_id, message, "data.to"):
            return checks.refusal()
    lord_moves = any(g.lord for g in groups)
    incoming = EMPTY
    for g in groups:
        incoming = incoming.plus(g.force)
    enemies = [o for o in state.owners_in(destination) if o != seat]
    variant, arm_limit = str(state.options["variant"]), str(state.options["castle_arm_limit"])
    county = board.counties[destination]
    # KK-MOVE-16: the lord never ends a step without his units, and is never left alone.
    alone_there = lord_moves and incoming.total == 0 and (enemies or state.force(destination, seat).total == 0)
    if alone_there and checks.broken(
        "KK-MOVE-16", f"the lord may not enter {destination} without units", "data.groups"
    ):
        return checks.refusal()
    if lord_county is not None and not lord_moves:
        left = state.force(lord_county, seat).minus(_leaving(groups, lord_county))
        if left.total == 0 and checks.broken(
            "KK-MOVE-16", f"the lord would be left alone in {lord_county}", "data.groups"
        ):
            return checks.refusal()
    for origin in sorted(seen):
        remaining = state.force(origin, seat).minus(_leaving(groups, origin))
        if board.counties[origin].castle and remaining.total:
            for rule_id, reason in castle_limit_breaches(remaining, arm_limit, variant):
                if checks.broken(
                    rule_id, f"the garrison left in {origin} would break the limit: {reason}", "data.groups"
                ):
                    return checks.refusal()
    flow = Flow(state)
    seq = state.step_seq + 1
    crossed = sorted({c for g in groups for c in g.path[:-1] if state.battle_in(c) is not None})
    step = {
        "seat": seat,
        "step_no": taken + 1,
        "step_seq": seq,
        "to": destination,
        "groups": [
            {"from": g.origin, "units": g.force.to_json(), "lord": g.lord, "path": list(g.path), "mp": g.cost}
            for g in groups
        ],
    }
    if crossed:  # KK-ADV-1: only pinned counties can be crossed with a battle pending in them
        step["pass_through_pinned"] = crossed
    if enemies:
        defender = enemies[0]
        siege = county.castle
        if (
            siege
            and incoming.infantry == 0
            and not lord_moves
            and checks.broken(
                "KK-MOVE-17",
                f"attacking the castle {county.name} needs infantry or the lord (KK-SIEGE-1)",
                "data.groups",
            )
        ):
            return checks.refusal()
        if siege and variant == "advanced":
            for breach in arm_limit_breaches(incoming):
                if checks.broken("KK-CASTLE-5", f"the besieging army breaks the arm limit: {breach}", "data.groups"):
                    return checks.refusal()
        flow.emit("StepTaken", step)
        flow.emit(
            "BattleCreated",
            {
                "battle": f"b{state.year}-{state.battle_count + 1}",
                "county": destination,
                "kind": "siege" if siege else "open",
                "terrain": county.terrain.value,
                "attacker": seat,
                "defender": defender,
                "attacker_force": incoming.to_json(),
                "defender_force": state.force(destination, defender).to_json(),
                "attacker_lord": lord_moves,
                "defender_lord": not is_neutral(defender) and state.lords.get(defender) == destination,
                "entry_counties": sorted({g.path[-2] if len(g.path) > 1 else g.origin for g in groups}),
                "step_seq": seq,
            },
        )
        flow.note("KK-MOVE-11", f"{seat} attacks {county.name} held by {defender}: the units stop and fight")
        after_attack(flow, f"b{state.year}-{state.battle_count + 1}")
    else:
        after = state.force(destination, seat).plus(incoming)
        if county.castle:
            for rule_id, reason in castle_limit_breaches(after, arm_limit, variant):
                if checks.broken(
                    rule_id, f"castle {county.name} would hold {after.describe()}: {reason}", "data.groups"
                ):
                    return checks.refusal()
        flow.emit("StepTaken", step)
        previous = state.control.get(destination)
        if previous != seat:
            change = {"county": destination, "from": previous, "to": seat, "cause": "entered_empty"}
            flow.emit("CountyControlChanged", change)
            flow.note("KK-MOVE-18", f"{seat} takes {county.name} with no battle")
    if state.options.get("control_model") == "presence":
        for origin in sorted(seen):
            if flow.state.force(origin, seat).total == 0 and flow.state.control.get(origin) == seat:
                flow.emit("CountyControlChanged", {"county": origin, "from": seat, "to": None, "cause": "vacated"})
    for g in groups:
        lord = " and lord" if g.lord else ""
        flow.note("KK-MOVE-8", f"{g.force.describe()}{lord} {g.origin}->{'->'.join(g.path)}: {g.cost} MP", mp=g.cost)
    auto_pass(flow)
    return flow.decision(tuple(checks.violations))


def _leaving(groups: list[Group], origin: str) -> Force:
    found = EMPTY
    for g in groups:
        if g.origin == origin:
            found = found.plus(g.force)
    return found


def step_group(
    state: KKState, seat: str, raw: Any, destination: str, where: str, seen: set[str], checks: Checks
) -> Group | Decision:
    """One group of a step: its units are the player's, unmoved and free, and can pay for their path."""
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
    return Group(origin, force, lord, path, cost)


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
