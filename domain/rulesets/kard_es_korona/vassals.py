"""Fealty and vassals (KK-VASSAL-1..7, A-27..A-30): the oath, income, the bans, the liege's veto, the release.

`KKState.lieges` maps each vassal to his liege; the vassal's `lord_status` is "vassal" and his lord figure is off
the board until he is freed (KK-VASSAL-7), when it waits in `KKState.returning` for the player to place it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.kernel import Action, Decision
from domain.rulesets.kard_es_korona.captivity import return_counties
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.forces import castle_limit_breaches
from domain.rulesets.kard_es_korona.pinning import freezing_battle
from domain.rulesets.kard_es_korona.state import MOVEMENT, Battle, KKState, Origin
from domain.rulesets.kard_es_korona.turn_order import is_traditional, sequential_turns
from domain.rulesets.kard_es_korona.year import auto_pass, next_battle


def relation(state: KKState, seat: str, other: str | None) -> str | None:
    """'liege' when `other` is the liege of `seat`, 'vassal' when `other` is his vassal, else None."""
    if other is None:
        return None
    if state.lieges.get(seat) == other:
        return "liege"
    if state.lieges.get(other) == seat:
        return "vassal"
    return None


def move_problems(
    state: KKState, seat: str, destination: str, paths: Iterable[tuple[str, ...]]
) -> list[tuple[str, str]]:
    """KK-VASSAL-2/6, A-30: no step into or through the liege's or the vassal's counties."""
    found: list[tuple[str, str]] = []
    crossed = {c for path in paths for c in path} | {destination}
    for county in sorted(crossed):
        holders = {state.control.get(county), *state.owners_in(county)}
        for holder in sorted(h for h in holders if h is not None and h != seat):
            kind = relation(state, seat, holder)
            if kind == "liege":
                rule = "KK-VASSAL-2" if county == destination and state.force(county, holder).total else "KK-VASSAL-6"
                found.append((rule, f"{county} is {holder}'s, the liege of {seat}: a vassal may not enter it"))
            elif kind == "vassal" and not state.options.get("liege_may_attack_vassal", False):
                found.append(("KK-VASSAL-6", f"{county} is {holder}'s, vassal of {seat}: neither enters it (A-30)"))
    return found


def adjust_income(state: KKState, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """KK-VASSAL-5, KK-GEN-8, A-27: the vassal keeps half his income rounded down; the liege collects the full
    amount too (`liege_full_plus_vassal_half`) or the other half (`split_half`)."""
    if not state.lieges:
        return entries
    split = state.options.get("vassal_income_mode") == "split_half"
    normal = {e["seat"]: e["total"] for e in entries}
    adjusted = []
    for entry in entries:
        seat = entry["seat"]
        received = sum(
            normal.get(v, 0) - (normal.get(v, 0) // 2 if split else 0)
            for v, lord in sorted(state.lieges.items())
            if lord == seat
        )
        total = normal[seat] // 2 if seat in state.lieges else normal[seat]
        total += received
        adjusted.append(
            {
                **entry,
                "vassal_income_received": received,
                "vassal_halving_applied": seat in state.lieges,
                "total": total,
                "treasury_after": state.treasury.get(seat, 0) + total,
            }
        )
    return adjusted


def holds_for(state: KKState, seat: str, county: str) -> bool:
    """KK-VASSAL-4, A-27: a county counts for `seat` when he or one of his vassals controls it."""
    owner = state.control.get(county)
    return owner == seat or (owner is not None and state.lieges.get(owner) == seat)


def decide_veto_battle(state: KKState, action: Action) -> Decision:
    """KK-VASSAL-2: the liege vetoes a battle his vassal started; each group of the attack goes back to the county
    its step set out from, as if the attack had not been made (KK-MOVE-12: a converging army goes back in its parts).

    When a group's way back is no longer open the veto is refused, citing the rule in the way: its county now holds
    enemy units (going in would be an attack, KK-MOVE-11, and a veto starts no battle) or is the liege's (KK-VASSAL-6),
    or it is a castle the group would overfill (KK-CASTLE-2..4). The seed gives the liege a veto over "the starting of
    his battles", not a new move to somewhere the units never were; he may veto as soon as the step is taken, and
    not once a later step of the vassal crossed the county on the attack's pin (KK-ADV-1): undone, the attack would
    leave that crossing standing.
    """
    battle = state.battle(action.data.get("battle"))
    if battle is None or battle.status != "pending":
        return refuse("KK-VASSAL-2", f"{action.data.get('battle')!r} is not a battle still to be fought", "data.battle")
    if state.lieges.get(battle.attacker) != action.seat:
        return refuse("KK-VASSAL-2", f"{action.seat} is not the liege of {battle.attacker}", "seat")
    if battle.crossed:
        message = f"{battle.attacker}'s units have since crossed {battle.county} on this attack's pin: it stands"
        return refuse("KK-ADV-1", message, "data.battle")
    returns = _ways_back(state, battle)
    for origin in returns:
        if (blocked := _blocked_way_back(state, battle.attacker, origin)) is not None:
            rule_id, reason = blocked
            return refuse(rule_id, f"the veto cannot send {battle.attacker}'s units back: {reason}", "data.battle")
    flow = Flow(state)
    moves = [{"to": o.county, "units": o.units.to_json(), "lord": o.lord} for o in returns]
    flow.emit("BattleVetoed", {"battle": battle.id, "liege": action.seat, "vassal": battle.attacker, "returns": moves})
    for origin in returns:
        if state.control.get(origin.county) != battle.attacker:
            change = {"county": origin.county, "from": state.control.get(origin.county), "to": battle.attacker}
            flow.emit("CountyControlChanged", change | {"cause": "veto"})
    shown = "; ".join(f"{o.units.describe()} to {o.county}" for o in returns)
    flow.note("KK-VASSAL-2", f"{action.seat} vetoes {battle.id}: {battle.attacker}'s units go back: {shown}")
    _lift_forced_pass(flow, battle)
    if state.phase == MOVEMENT and state.release_due == battle.id:
        flow.note("KK-ADV-4", f"no release is due from {battle.id} any more (A-49): the movement goes on")
        auto_pass(flow)  # the turn the release held up (a player with no steps left passes)
    elif state.phase != MOVEMENT and state.current_battle is None:
        next_battle(flow)
    return flow.decision()


def _lift_forced_pass(flow: Flow, battle: Battle) -> None:
    """KK-ADV-3, KK-VASSAL-2 (Decision, N8): the veto undoes the attack, so the freeze it caused goes too.

    The attacked lord's player, whose turns the freeze passed for him (`frozen_passes`), moves again when no other
    attack on his lord still freezes him; if that forced pass was the year's first (KK-TURN-4), the marker goes to
    the next player who passed, or waits for the next pass. Only while the movement of alternating steps goes on:
    once it is over (or under the traditional whole turns) a lifted pass would give back nothing but a new turn.
    """
    state, seat = flow.state, battle.defender
    if state.phase != MOVEMENT or sequential_turns(state) or seat not in state.frozen_passes:
        return
    if freezing_battle(state, seat) is not None:
        return
    first = state.passed[0] == seat
    flow.emit("FrozenPassLifted", {"seat": seat, "battle": battle.id})
    flow.note("KK-ADV-3", f"{battle.id} was vetoed, so {seat}'s lord was not attacked: {seat} moves again")
    if first and flow.state.passed and not is_traditional(state):
        now_first = flow.state.passed[0]
        flow.emit("NextStartingPlayerSet", {"year": state.year + 1, "seat": now_first})
        flow.note("KK-TURN-4", f"{now_first} is now the first to have passed and starts {state.year + 1}")


def _ways_back(state: KKState, battle: Battle) -> tuple[Origin, ...]:
    """KK-MOVE-12: the groups of the attacking step by origin; a battle whose log did not record them (older games)
    sends the whole army to its first entry county, as the engine did then."""
    if battle.origins:
        return battle.origins
    lord = state.lords.get(battle.attacker) == battle.county
    return (Origin(battle.entry_counties[0], state.force(battle.county, battle.attacker), lord),)


def _blocked_way_back(state: KKState, vassal: str, origin: Origin) -> tuple[str, str] | None:
    """KK-MOVE-11, KK-VASSAL-6, KK-CASTLE-2..4: why a group cannot go back to its origin (None: it can)."""
    county = origin.county
    for rule_id, reason in move_problems(state, vassal, county, ()):
        return rule_id, reason
    enemies = sorted(o for o in state.owners_in(county) if o != vassal)
    if enemies:
        return "KK-MOVE-11", f"{county} now holds {enemies[0]}'s units, and a veto starts no battle"
    board = state.board
    if board is not None and board.counties[county].castle:
        arriving = state.force(county, vassal).plus(origin.units)
        limits = str(state.options["castle_arm_limit"]), str(state.options["variant"])
        for rule_id, reason in castle_limit_breaches(arriving, *limits):
            return rule_id, f"the castle {county} would hold {arriving.describe()}: {reason}"
    return None


def decide_return_lord(state: KKState, action: Action) -> Decision:
    """KK-VASSAL-7, A-29: the freed vassal's lord returns to a county holding his own units, of his choice."""

    if action.seat not in state.returning:
        return refuse("KK-VASSAL-7", f"{action.seat}'s lord has no place to return to", "seat")
    to = action.data.get("to")
    allowed = [c for c in return_counties(state, str(action.seat)) if state.battle_in(c) is None]
    if to not in allowed:
        return refuse("KK-VASSAL-7", f"the lord returns to one of {', '.join(allowed)}, not {to!r}", "data.to")
    flow = Flow(state)
    flow.emit("LordReturned", {"seat": action.seat, "to": to, "reason": "vassal_freed"})
    flow.note("KK-VASSAL-7", f"{action.seat}'s lord returns to {to}")
    return flow.decision()
