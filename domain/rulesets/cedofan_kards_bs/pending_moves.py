"""What a faction may move in its own turn (KBS-MOV-*): whole armies or a part of one (which becomes a new army),
joint entries and merges, with the fields each may reach and the supplies it costs.

The destinations come from the movement guards themselves (`path_cost`, which applies `entry_refusal`): a step
is offered only where `decide_move` would take it, and a destination only within the faction's supplies
(KBS-MOV-2). Each destination is reached by its cheapest path; other paths are legal too, so the options are
not exhaustive and `fields` says how to build them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from heapq import heappop, heappush
from typing import Any

from domain.kernel import Decision, Game
from domain.pending import Option
from domain.rulesets.cedofan_kards_bs.movement import moving_part, path_cost
from domain.rulesets.cedofan_kards_bs.notation_names import army_title
from domain.rulesets.cedofan_kards_bs.state import Army, KbsState

MOVE_RULES = ("KBS-MOV-1", "KBS-MOV-2", "KBS-MOV-3", "KBS-MOV-4", "KBS-MOV-5", "KBS-MOV-6", "KBS-MOV-7", "KBS-MOV-8")
JOINT_RULES = ("KBS-MOV-10", "KBS-MOV-2", "KBS-MOV-3")
MERGE_RULES = ("KBS-MOV-9", "KBS-REL-4")


def own_armies(state: KbsState, seat: str) -> tuple[Army, ...]:
    """The seat's stacks, in id order."""
    return tuple(army for _, army in sorted(state.armies.items()) if army.owner == seat)


def reachable(game: Game, army: Army, budget: int) -> dict[str, tuple[list[str], int]]:
    """KBS-MOV-2..8, KBS-AMB-8: every field `army` may reach within `budget` supplies, by its cheapest path."""
    state: KbsState = game.state
    best: dict[str, tuple[list[str], int]] = {army.at: ([], 0)}
    frontier: list[tuple[int, str, list[str]]] = [(0, army.at, [])]
    while frontier:
        spent, here, path = heappop(frontier)
        if spent > best[here][1]:
            continue
        for area, _kind in state.map.neighbours(here):
            # A step's legality and price depend on where it starts and on the stack, not on where the march began.
            priced = path_cost(game, replace(army, at=here), [area])
            if isinstance(priced, Decision):
                continue
            total = spent + priced[0]
            if total > budget or (area in best and best[area][1] <= total):
                continue
            best[area] = ([*path, area], total)
            heappush(frontier, (total, area, [*path, area]))
    del best[army.at]
    return best


def move_options(game: Game, seat: str) -> tuple[Option, ...]:
    """`move_army`: each stack to every field it can afford, plus one unit of it leaving as a new army."""
    state: KbsState = game.state
    supplies = state.factions[seat].supplies
    choices: list[Mapping[str, Any]] = []
    destinations: dict[str, dict[str, Any]] = {}
    for army in own_armies(state, seat):
        reach = reachable(game, army, supplies)
        if reach:
            destinations[army.id] = {to: {"path": path, "cost": cost} for to, (path, cost) in sorted(reach.items())}
            choices += [{"army": army.id, "path": path} for _, (path, _cost) in sorted(reach.items())]
        part = _part_choice(game, army, supplies)
        if part is not None:
            choices.append(part)
    if not choices:
        return ()
    fields = {
        "destinations": destinations,
        "supplies": supplies,
        "stacks": {a.id: _stack(a) for a in own_armies(state, seat)},
        "units": "optional {kind: n} and leaders [ids]: only they move, as a new army (KBS-MOV-1)",
        **named_armies(state, own_armies(state, seat), "army"),
        # The leaders that may go with the part that moves: none unless named (KBS-MOV-1).
        "leaders": (leaders := [name for a in own_armies(state, seat) for name in a.leaders]),
        "leaders_due": {"minimum": 0, "maximum": len(leaders)},
    }
    note = (
        "each destination by its cheapest path, for the whole army; name units/leaders to move part of it, "
        "which forms a new army; a besieging army that leaves ends its siege (KBS-MOV-4)"
    )
    return (Option("move_army", MOVE_RULES, tuple(choices), exhaustive=False, fields=fields, note=note),)


def _stack(army: Army) -> dict[str, Any]:
    return {"at": army.at, "units": dict(army.units), "leaders": list(army.leaders), "besieging": army.besieging}


def _part_choice(game: Game, army: Army, supplies: int) -> Mapping[str, Any] | None:
    """One unit of a stack of several leaving it as a new army for its nearest field (KBS-MOV-1); a besieging
    army keeps its stack whole here (KBS-SIE-4 decides how much of it may leave)."""
    if army.besieging or army.movement_units() < 2 or not army.units:
        return None
    kind = sorted(army.units)[0]
    part = moving_part(game.state, army, {"units": {kind: 1}})
    if isinstance(part, Decision):
        return None
    reach = reachable(game, part, supplies)
    if not reach:
        return None
    _, (path, _cost) = min(reach.items(), key=lambda item: (item[1][1], item[0]))
    return {"army": army.id, "path": path, "units": {kind: 1}}


def joint_entry_options(game: Game, seat: str) -> tuple[Option, ...]:
    """`enter_jointly`: stacks from two or more fields stepping into one field at one moment (KBS-MOV-10)."""
    state: KbsState = game.state
    supplies = state.factions[seat].supplies
    entering: dict[str, dict[str, tuple[str, int]]] = {}
    for army in own_armies(state, seat):
        for area, _kind in state.map.neighbours(army.at):
            priced = path_cost(game, army, [area])
            if not isinstance(priced, Decision):
                entering.setdefault(area, {}).setdefault(army.at, (army.id, priced[0]))
    choices = []
    for to, by_origin in sorted(entering.items()):
        if len(by_origin) >= 2 and sum(cost for _, cost in by_origin.values()) <= supplies:
            choices.append({"armies": [army_id for army_id, _ in by_origin.values()], "to": to})
    if not choices:
        return ()
    note = "one stack per field of origin is listed; any stacks of different fields that can make the step may join"
    fields = listed_armies(state, choices, 2)  # KBS-MOV-10: stacks of two fields or more
    return (Option("enter_jointly", JOINT_RULES, tuple(choices), exhaustive=False, fields=fields, note=note),)


def merge_options(game: Game, seat: str) -> tuple[Option, ...]:
    """`merge_armies`: the seat's stacks in one field become one, free, a besieging one included (KBS-MOV-9)."""
    state: KbsState = game.state
    by_area: dict[str, list[Army]] = {}
    for army in own_armies(state, seat):
        by_area.setdefault(army.at, []).append(army)
    choices = []
    for _area, stacks in sorted(by_area.items()):
        free = [a.id for a in stacks if not a.besieging]
        besieging = [a.id for a in stacks if a.besieging]
        names = free + besieging[:1]  # armies besieging different cities do not merge
        if len(names) >= 2:
            choices.append({"armies": names})
    if not choices:
        return ()
    return (
        Option(
            "merge_armies",
            MERGE_RULES,
            tuple(choices),
            exhaustive=False,
            fields=listed_armies(state, choices, 2),  # KBS-MOV-9: two stacks or more
            note="any two or more of the listed armies of one field merge; merging costs no supplies",
        ),
    )


def named_armies(state: KbsState, armies: Iterable[Army], field: str) -> dict[str, Any]:
    """The armies under a field's own name (`army` to move, `removed` to lose units from), each in `unit_details`
    by the table's name for it and its field, for a client's drop-down by name."""
    found = list(armies)
    details = [{"id": a.id, "type": "army", "area": a.at, "name": army_title(state, a, True)} for a in found]
    return {field: [a.id for a in found], "unit_details": details}


def listed_armies(state: KbsState, choices: Sequence[Mapping[str, Any]], least: int) -> dict[str, Any]:
    """The armies the choices name, under the field's own name (`armies`, `least` of them at least: two to merge
    or enter jointly), each in `unit_details` by the table's name for it and its field ("Robert's army", "the
    Západní kardství army"), for a client's checklist by name."""
    ids = list(dict.fromkeys(a for choice in choices for a in choice["armies"]))
    found = [state.armies[a] for a in ids if a in state.armies]
    return {
        "armies": ids,
        "armies_due": {"minimum": least, "maximum": len(ids)},
        "unit_details": [{"id": a.id, "type": "army", "area": a.at, "name": army_title(state, a, True)} for a in found],
    }
