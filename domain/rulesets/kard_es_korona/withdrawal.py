"""Withdrawals from a siege: the surplus after a capture, the forced withdrawal, the forced battle (KK-SIEGE-6..12).

A-44/A-45: destinations are the entry counties still own or empty, else any own or empty neighbour; with none,
the units attack an enemy neighbour at once (KK-SIEGE-11); with no legal attack either, they are destroyed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision
from domain.rulesets.kard_es_korona.battle_end import end_battle
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import EMPTY, Force, castle_limit_breaches, force_from_json
from domain.rulesets.kard_es_korona.hits import lord_present, side_force
from domain.rulesets.kard_es_korona.state import ATTACKER, Battle, KKState, is_neutral
from domain.rulesets.kard_es_korona.vassals import move_problems


def withdrawal_destinations(state: KKState, battle: Battle) -> list[str]:
    """KK-SIEGE-9/10: entry counties still own or empty; otherwise any adjacent own or empty county, never the
    liege's or the vassal's (KK-VASSAL-6, A-30: they may not move into each other's counties)."""
    board = state.board
    assert board is not None

    def open_to(county: str) -> bool:
        return (
            county not in state.closed
            and all(o == battle.attacker for o in state.owners_in(county))
            and not move_problems(state, battle.attacker, county, ())
        )

    entries = [c for c in battle.entry_counties if open_to(c)]
    if entries:
        return entries
    return sorted(c for c in board.neighbours[battle.county] if open_to(c))


def abandon_siege(flow: Flow, battle: Battle, reason: str) -> None:
    """KK-SIEGE-6/12, KK-EVENT-7, A-45: the besiegers must leave at once; a single destination needs no choice."""
    flow.emit("SiegeAbandoned", {"battle": battle.id, "reason": reason})
    state = flow.state
    attack = side_force(state, battle, ATTACKER)
    lord = lord_present(state, battle, ATTACKER)
    destinations = withdrawal_destinations(state, battle)
    if len(destinations) == 1:
        move = {"to": destinations[0], "units": attack.to_json(), "lord": lord}
        withdraw_units(flow, battle, "forced_siege_withdrawal", [move])
    elif not destinations and not forced_battle_targets(state, battle, attack, lord):
        destroy_withdrawing(flow, battle, attack, EMPTY)


def decide_withdraw(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-SIEGE-9..12: a siege attacker sends units out of the battle county (surplus, or a forced withdrawal).

    In a transcript (`lenient`) a withdrawal entered by another seat, a captured castle kept over its limits or left
    empty, and units sent to an adjacent county of the attacker's or empty but not the one the rules name, are
    recorded with their deviations; every attacking unit must still be accounted for, and no unit may end in a
    county held by enemy units (that would be a battle the rules never created).
    """
    battle = state.battle(state.current_battle)
    if battle is None or battle.status not in ("withdrawing", "capturing"):
        return refuse("KK-SIEGE-9", "no siege withdrawal is due", "type")
    checks = Checks(lenient)
    if action.seat != battle.attacker and checks.broken(
        "KK-SIEGE-9", f"{battle.attacker} withdraws his own units", "seat"
    ):
        return checks.refusal()
    attack = side_force(state, battle, ATTACKER)
    capturing = battle.status == "capturing"
    keep = force_from_json(action.data.get("keep", {})) if capturing else EMPTY
    if keep is None or not attack.contains(keep):
        return refuse("KK-SIEGE-9", f"keep {action.data.get('keep')!r} is not part of {attack.describe()}", "data.keep")
    if capturing and _breaks_what_stays(state, keep, checks):
        return checks.refusal()
    moving = attack.minus(keep)
    lord_goes = lord_present(state, battle, ATTACKER) and not capturing
    destinations = withdrawal_destinations(state, battle)
    if not destinations:
        return _forced_or_destroyed(state, battle, action, keep, moving, lord_goes, checks)
    read = _moves(state, battle, action.data.get("moves"), destinations, checks)
    if isinstance(read, Decision):
        return read
    moves, moved = read
    lord_moves = any(move["lord"] for move in moves)
    if moved != moving:
        return refuse(
            "KK-SIEGE-9",
            f"kept {keep.describe()} and moved {moved.describe()} must make {attack.describe()}",
            "data.moves",
        )
    if lord_moves and not lord_present(state, battle, ATTACKER):
        return refuse("KK-MOVE-16", f"{battle.attacker}'s lord is not in {battle.county}", "data.moves")
    if lord_goes and not lord_moves:
        return refuse("KK-MOVE-16", "the lord withdraws with his army", "data.moves")
    flow = Flow(state)
    withdraw_units(flow, battle, "surplus" if capturing else "forced_siege_withdrawal", moves)
    return flow.decision(tuple(checks.violations))


def _breaks_what_stays(state: KKState, keep: Force, checks: Checks) -> bool:
    """KK-SIEGE-9, KK-CASTLE-2..4: the units kept in a captured castle keep to its limits and are at least one;
    True when the action must be refused now."""
    options = state.options
    for rule_id, reason in castle_limit_breaches(keep, str(options["castle_arm_limit"]), str(options["variant"])):
        if checks.broken(rule_id, f"the units kept in the castle break its limit: {reason}", "data.keep"):
            return True
    return keep.total == 0 and checks.broken("KK-SIEGE-9", "keep at least one unit in the captured castle", "data.keep")


def _moves(
    state: KKState, battle: Battle, raw: Any, destinations: list[str], checks: Checks
) -> tuple[list[dict[str, Any]], Force] | Decision:
    """KK-SIEGE-9/10: each move sends a force to one of the counties the withdrawal may go to (the moves, and
    all the units they move)."""
    if not isinstance(raw, list) or not raw:
        return refuse("KK-SIEGE-9", "moves must list {to, units} for every withdrawing unit", "data.moves")
    moves = []
    moved = EMPTY
    for index, move in enumerate(raw):
        where = f"data.moves[{index}]"
        force = force_from_json(move.get("units") if isinstance(move, Mapping) else None)
        to = move.get("to") if isinstance(move, Mapping) else None
        if force is None:
            return refuse("KK-SIEGE-9", f"units of move {index} are not a force", f"{where}.units")
        for rule_id, reason in move_problems(state, battle.attacker, to, ()) if isinstance(to, str) else ():
            if checks.broken(rule_id, f"no withdrawal to {to}: {reason}", f"{where}.to"):  # KK-VASSAL-6, A-30
                return checks.refusal()
        if to not in destinations:
            message = f"{to!r} is not a legal destination; choose from {', '.join(destinations)}"
            if not _can_enter(state, battle, to):
                return refuse("KK-SIEGE-10", message, f"{where}.to")
            if checks.broken("KK-SIEGE-10", message, f"{where}.to"):
                return checks.refusal()
        lord = isinstance(move, Mapping) and move.get("lord", False) is True
        moved = moved.plus(force)
        moves.append({"to": to, "units": force.to_json(), "lord": lord})
    return moves, moved


def _can_enter(state: KKState, battle: Battle, county: object) -> bool:
    """Where withdrawing units can end up at all: a neighbour outside the closed region without enemy units."""
    board = state.board
    assert board is not None
    return (
        isinstance(county, str)
        and county in board.neighbours[battle.county]
        and county not in state.closed
        and all(owner == battle.attacker for owner in state.owners_in(county))
    )


def forced_battle_targets(state: KKState, battle: Battle, force: Force, lord: bool) -> list[str]:
    """KK-SIEGE-11, A-44: adjacent counties held by enemies the withdrawing units may attack; never the liege's
    (KK-VASSAL-2: a vassal may not attack his liege) nor, by default, the vassal's (A-30). With none, A-44 applies."""
    board = state.board
    assert board is not None
    found = []
    for county in sorted(board.neighbours[battle.county]):
        if county in state.closed or state.battle_in(county) is not None:
            continue
        if not any(o != battle.attacker for o in state.owners_in(county)):
            continue
        if move_problems(state, battle.attacker, county, ()):
            continue
        if board.counties[county].castle and force.infantry == 0 and not lord:
            continue  # the infantry requirement holds for the surplus too
        found.append(county)
    return found


def _forced_or_destroyed(
    state: KKState, battle: Battle, action: Action, keep: Force, moving: Force, lord: bool, checks: Checks
) -> Decision:
    """KK-SIEGE-11: with every neighbour in enemy hands the units attack one at once; with none open, they die."""
    targets = forced_battle_targets(state, battle, moving, lord)
    flow = Flow(state)
    if not targets:
        destroy_withdrawing(flow, battle, moving, keep)
        return flow.decision(tuple(checks.violations))
    raw = action.data.get("moves")
    move = raw[0] if isinstance(raw, list) and len(raw) == 1 and isinstance(raw[0], Mapping) else {}
    to = move.get("to")
    for rule_id, reason in move_problems(state, battle.attacker, to, ()) if isinstance(to, str) else ():
        return refuse(rule_id, f"the forced battle may not be fought there: {reason}", "data.moves")
    if to not in targets or force_from_json(move.get("units")) != moving:
        shown = ", ".join(targets)
        return refuse(
            "KK-SIEGE-11",
            f"no neighbour is own or empty: {moving.describe()} must attack one of {shown} together",
            "data.moves",
        )
    target = str(move["to"])
    board = state.board
    assert board is not None
    defender = next(o for o in state.owners_in(target) if o != battle.attacker)
    flow.emit(
        "UnitsWithdrawn",
        {
            "battle": battle.id,
            "seat": battle.attacker,
            "kind": "forced_battle",
            "moves": [{"to": target, "units": moving.to_json(), "lord": lord}],
        },
    )
    county = board.counties[target]
    flow.emit(
        "BattleCreated",
        {
            "battle": f"b{state.year}-{state.battle_count + 1}",
            "county": target,
            "kind": "siege" if county.castle else "open",
            "terrain": county.terrain.value,
            "attacker": battle.attacker,
            "defender": defender,
            "attacker_force": moving.to_json(),
            "defender_force": state.force(target, defender).to_json(),
            "attacker_lord": lord,
            "defender_lord": not is_neutral(defender) and state.lords.get(defender) == target,
            "entry_counties": [battle.county],
            "step_seq": state.step_seq,
            "forced": True,
        },
    )
    flow.note("KK-SIEGE-11", f"{moving.describe()} must attack {county.name} at once")
    end_battle(flow, battle, "attacker_won" if keep.total else "attacker_withdrew")
    return flow.decision(tuple(checks.violations))


def destroy_withdrawing(flow: Flow, battle: Battle, lost: Force, keep: Force) -> None:
    """A-44: with no legal destination and no legal forced battle, the withdrawing units are destroyed."""
    flow.emit("WithdrawingUnitsDestroyed", {"battle": battle.id, "seat": battle.attacker, "units": lost.to_json()})
    flow.note("KK-SIEGE-11", f"{lost.describe()} can neither withdraw nor attack: destroyed (A-44)")
    end_battle(flow, battle, "attacker_won" if keep.total else "attacker_withdrew")


def withdraw_units(flow: Flow, battle: Battle, kind: str, moves: list[dict[str, Any]]) -> None:
    state = flow.state
    flow.emit("UnitsWithdrawn", {"battle": battle.id, "seat": battle.attacker, "kind": kind, "moves": moves})
    for move in moves:
        if state.control.get(move["to"]) != battle.attacker:
            flow.emit(
                "CountyControlChanged",
                {
                    "county": move["to"],
                    "from": state.control.get(move["to"]),
                    "to": battle.attacker,
                    "cause": "surplus" if kind == "surplus" else "withdrawal",
                },
            )
    flow.note("KK-SIEGE-12", "withdrawal: " + "; ".join(f"{_describe(m['units'])} to {m['to']}" for m in moves))
    end_battle(flow, battle, "attacker_won" if kind == "surplus" else "attacker_withdrew")


def _describe(units: Any) -> str:
    force = force_from_json(units)
    return force.describe() if force is not None else str(units)
