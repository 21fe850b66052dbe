"""What recruitment and movement wait for (issue 15, point 2): purchases within the treasury into castles with
room (KK-RECRUIT-1..7, KK-CASTLE-2..4), a captive's ransom (KK-CAPTIVE-2), the steps left and where each stack
can go at what cost (KK-MOVE-1..18), and the release of defenders an attack cannot pin (KK-ADV-4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from domain.pending import Waiting
from domain.rulesets.kard_es_korona.captivity import can_pay_ransom, return_counties
from domain.rulesets.kard_es_korona.economy import knight_caps, prices
from domain.rulesets.kard_es_korona.forces import (
    ARMS,
    CASTLE_CAPACITY,
    EMPTY,
    LORD_MOVEMENT_POINTS,
    MOVEMENT_POINTS,
    Force,
    castle_limit_breaches,
    single,
)
from domain.rulesets.kard_es_korona.pending_choices import MANY, NO_DATA, Probe, offered, waiting
from domain.rulesets.kard_es_korona.pending_reach import cheapest_paths
from domain.rulesets.kard_es_korona.pinning import picks, release_size
from domain.rulesets.kard_es_korona.state import KKState
from domain.rulesets.kard_es_korona.turn_order import is_traditional
from domain.rulesets.kard_es_korona.year import allowance_of

_RECRUIT_RULES = ("KK-TURN-2", "KK-RECRUIT-1")


# --- phase II ---


def recruitment(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-RECRUIT-1: the player in turn buys units into his castles (or nothing); a captive may be ransomed."""
    seat = state.turn
    if seat is None:
        return ()
    castles = recruit_castles(state, seat)
    ransom = None
    if can_pay_ransom(state, seat):
        places = ({"to": county} for county in return_counties(state, seat))
        ransom = offered(probe, seat, "pay_ransom", ("KK-CAPTIVE-2",), places)
    fields = {
        "treasury": state.treasury.get(seat, 0),
        "prices": prices(state, seat),
        "castles": {c: {"garrison": state.force(c, seat).to_json(), "room": room} for c, room in castles.items()},
    }
    purchases = offered(
        probe,
        seat,
        "recruit",
        (*_RECRUIT_RULES, "KK-RECRUIT-2", "KK-RECRUIT-3", "KK-RECRUIT-4", "KK-CASTLE-2"),
        _purchases(state, seat, castles),
        complete=False,
        fields=fields,
        note="room is what each castle takes of one arm alone (KK-CASTLE-2..4, KK-RECRUIT-5..7)",
        limit=MANY,
    )
    done = offered(probe, seat, "pass", _RECRUIT_RULES, NO_DATA, note="recruits nothing")
    return waiting(seat, f"{seat} recruits", ransom, purchases, done)


def recruit_castles(state: KKState, seat: str) -> dict[str, dict[str, int]]:
    """KK-RECRUIT-3/4, KK-CASTLE-2..4: the seat's castles free of battles and foreign units, and how many units of
    each arm alone each can still take, within the castle limits and the caps on new cavalry."""
    found = {}
    for castle in state.castles_of(seat):
        if state.battle_in(castle) is not None or any(o != seat for o in state.owners_in(castle)):
            continue
        found[castle] = {arm: _room(state, seat, castle, arm) for arm in ARMS}
    return found


def _room(state: KKState, seat: str, castle: str, arm: str) -> int:
    """The most units of `arm` the castle takes with nothing else bought: adding one more breaks a limit."""
    limits = str(state.options["castle_arm_limit"]), str(state.options["variant"])
    garrison = state.force(castle, seat)
    count = 0
    while count < CASTLE_CAPACITY and not castle_limit_breaches(garrison.plus(single(arm, count + 1)), *limits):
        if arm == "cavalry" and knight_caps(state, {castle: single(arm, count + 1)}):
            break
        count += 1
    return count


def _purchases(state: KKState, seat: str, castles: Mapping[str, Mapping[str, int]]) -> Iterator[dict[str, Any]]:
    """As many of one arm as money and room allow into each castle; then one unit of each arm; then a mix."""
    money, cost = state.treasury.get(seat, 0), prices(state, seat)
    for castle, room in castles.items():
        for arm in ARMS:
            count = min(room[arm], money // cost[arm])
            if count:
                yield {"purchases": [{"castle": castle, "arm": arm, "count": count}]}
    for castle, room in castles.items():
        for arm in ARMS:
            if room[arm] and cost[arm] <= money:
                yield {"purchases": [{"castle": castle, "arm": arm, "count": 1}]}
    mixed = [{"castle": c, "arm": arm, "count": 1} for c in castles for arm in ARMS if castles[c][arm]]
    while mixed:
        yield {"purchases": mixed}
        mixed = mixed[:-1]


# --- phase III ---


def movement(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-MOVE-1/3/4: the player in turn takes a step with steps left, or passes."""
    seat = state.turn
    if seat is None:
        return ()
    taken, allowed = state.steps_taken.get(seat, 0), allowance_of(state, seat)
    stacks = stacks_of(state, seat)
    fields = {"steps": {"allowance": allowed, "taken": taken, "left": max(allowed - taken, 0)}, "stacks": stacks}
    step = offered(
        probe,
        seat,
        "move",
        ("KK-TURN-2", "KK-MOVE-1", "KK-MOVE-3"),
        _steps(state, seat, stacks),
        complete=False,
        fields=fields,
        note="any part of a stack's free units (and the lord) to a county its slowest arm can pay for; "
        "several stacks may step into one county together",
        limit=MANY,
    )
    # Who starts next year: the first to pass (KK-TURN-4), or under the traditional order the roll that replaces it.
    next_start = "KK-TRAD-1" if is_traditional(state) else "KK-TURN-4"
    done = offered(probe, seat, "pass", ("KK-MOVE-1", "KK-MOVE-4", next_start), NO_DATA)
    return waiting(seat, f"{seat} moves ({max(allowed - taken, 0)} steps left)", step, done)


def stacks_of(state: KKState, seat: str) -> list[dict[str, Any]]:
    """KK-MOVE-6/7/8/13: each county of the seat's units with units (or a lord) free to step, and where they can
    go: per county the cheapest path, its MP and the arms (and the lord) that can pay for it."""
    lord = state.lords.get(seat)
    found = []
    for origin in sorted(c for c, by in state.units.items() if seat in by and by[seat].total):
        free, lord_free = _free_to_step(state, seat, origin, lord == origin)
        if not free.total and not lord_free:
            continue
        reach = cheapest_paths(state, seat, origin, LORD_MOVEMENT_POINTS)
        destinations = {
            county: {
                "path": path,
                "mp": mp,
                "arms": [arm for arm in free.arms() if mp <= MOVEMENT_POINTS[arm]],
                "lord": lord_free,
            }
            for county, (path, mp) in sorted(reach.items())
        }
        found.append(
            {
                "from": origin,
                "units": state.force(origin, seat).to_json(),
                "free": free.to_json(),
                "lord": lord == origin,
                "lord_may_move": lord_free,
                "destinations": destinations,
            }
        )
    return found


def _free_to_step(state: KKState, seat: str, origin: str, lord_here: bool) -> tuple[Force, bool]:
    """The units that have not stepped this year (KK-MOVE-6) and may leave (KK-MOVE-13: an attacked county's
    units stay, but for those an attack cannot pin, KK-ADV-4), and whether the lord may step with them."""
    free = state.force(origin, seat).minus(state.moved_force(origin, seat))
    lord_free = lord_here and seat not in state.lords_moved
    battle = state.battle_in(origin)
    if battle is None:
        return free, lord_free
    if battle.defender != seat or battle.id not in state.bound:
        return EMPTY, False
    released = state.force(origin, seat).minus(state.bound[battle.id])
    unpinned = Force(*(min(free.of(arm), released.of(arm)) for arm in ARMS))
    return unpinned, lord_free and battle.id in state.released_lords


def _steps(state: KKState, seat: str, stacks: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """One step per stack in turn, each the stack's most telling one into a county least chosen so far, so that
    the first choices cover every stack and many destinations."""
    queues = [list(_stack_steps(state, seat, stack)) for stack in stacks]
    chosen: Counter[str] = Counter()
    while any(queues):
        for queue in (q for q in queues if q):
            step = queue.pop(min(range(len(queue)), key=lambda i: (chosen[queue[i]["to"]], i)))
            chosen[step["to"]] += 1
            yield step


def _stack_steps(state: KKState, seat: str, stack: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """All free units that can pay for the path (one stays with a lord who stays, KK-MOVE-16); with the lord too."""
    present, free = state.force(stack["from"], seat), Force(**stack["free"])
    for county in sorted(stack["destinations"], key=lambda c: (_interest(state, seat, c), c)):
        reach = stack["destinations"][county]
        able = Force(**{arm: free.of(arm) if arm in reach["arms"] else 0 for arm in ARMS})
        going = able.minus(single(able.arms()[-1])) if stack["lord"] and able == present and able.total else able
        group = {"from": stack["from"], "path": reach["path"]}
        if going.total:
            yield {"to": county, "groups": [{**group, "units": going.to_json()}]}
        if stack["lord_may_move"]:
            yield {"to": county, "groups": [{**group, "units": able.to_json(), "lord": True}]}


def _interest(state: KKState, seat: str, county: str) -> int:
    """Attacks first, then counties to take, then moves within one's own lands: the choices a table weighs most."""
    if any(owner != seat for owner in state.owners_in(county)):
        return 0
    return 1 if state.control.get(county) != seat else 2


def release(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-ADV-4, A-49: the attacked defender names the D − 2·A units (and whether his lord) not pinned."""
    battle = state.battle(state.release_due)
    if battle is None:
        return ()
    defending = state.force(battle.county, battle.defender)
    count = release_size(state, battle)
    lords = (False, True) if battle.defender_lord else (False,)
    choices = (
        {"units": part.to_json(), **({"lord": True} if lord else {})}
        for part in picks(defending, count)
        for lord in lords
    )
    fields = {"battle": battle.id, "release": count, "defenders": defending.to_json()}
    option = offered(probe, battle.defender, "release_defenders", ("KK-ADV-4",), choices, fields=fields)
    return waiting(battle.defender, f"{battle.defender} names the units released from {battle.county}", option)
