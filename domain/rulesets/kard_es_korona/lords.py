"""The lord after the exchanges: the lords' duel (KK-LORD-5..7, A-22) and the winner's extra step (KK-LORD-8/9,
A-21). What every battle's end waits for before the next battle (a defeat, an extra step on offer) is
battle_end.py's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, Game, Inputs
from domain.platform import roll
from domain.rulesets.kard_es_korona.battle_end import after_battle_settled, capture_castle, end_battle
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import ARMS, LORD_MOVEMENT_POINTS, MOVEMENT_POINTS
from domain.rulesets.kard_es_korona.movement import path_cost, step_group
from domain.rulesets.kard_es_korona.rerolls import duel_reroll_offer
from domain.rulesets.kard_es_korona.state import (
    ATTACKER,
    DEFENDER,
    DUEL,
    Battle,
    KKState,
)

# --- the end of a battle ---


def waiting_for(state: KKState) -> dict[str, Any]:
    """What the lords' rules wait for, and from whom (for views): a defeat's choice, the winner's step, a reroll."""
    found: dict[str, Any] = {}
    if state.defeat:
        stage = state.defeat["stage"]
        decider = state.defeat["by"] if stage in ("consent", "takeover") else state.defeat["seat"]
        found["defeat"] = {"seat": state.defeat["seat"], "stage": stage, "decides": decider}
    if state.extra_step:
        found["extra_step"] = state.extra_step["seat"]
    if state.reroll_offer:
        found["reroll"] = state.reroll_offer["seat"]
    if state.returning:
        found["lord_to_place"] = list(state.returning)
    return found


# --- the duel ---


def start_duel(flow: Flow, battle: Battle) -> None:
    """KK-LORD-5: both lord-led armies died in the same exchange: the two lords fight a duel."""
    flow.emit("DuelStarted", {"battle": battle.id, "attacker": battle.attacker, "defender": battle.defender})
    flow.note("KK-LORD-5", f"only the lords of {battle.attacker} and {battle.defender} are left: a duel")


def decide_fight_duel(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-LORD-5/6: each lord rolls one die as a knight, with no modifier; only a lone 6 wins."""
    battle = state.battle(state.current_battle)
    if battle is None or battle.status != DUEL:
        return refuse("KK-LORD-5", "no duel is being fought", "type")
    if state.reroll_offer:  # KK-LORD-6 is the duel's own reroll rule; KK-OFFICE-2 (his other rolls) its umbrella
        message = "the Judge Royal first decides whether to reroll his die"
        return refuse("KK-LORD-6", message, "type").then(refuse("KK-OFFICE-2", message, "type"))
    if action.seat is not None and action.seat not in (battle.attacker, battle.defender):
        return refuse("KK-LORD-5", f"{action.seat} is not one of the duellists", "seat")
    flow = Flow(state)
    faces: dict[str, int] = {}
    rolls: dict[str, int] = {}
    for side in (ATTACKER, DEFENDER):
        event, rolled = roll(game, inputs, 1, battle.owner_of(side), f"kk:{battle.id}:duel{battle.round}:{side}")
        flow.record(event)
        faces[side], rolls[side] = rolled[0], int(event.data["first_k"])

    if duel_reroll_offer(flow, battle, faces, rolls):
        return flow.decision()
    duel_round(flow, battle, faces)
    return flow.decision()


def duel_round(flow: Flow, battle: Battle, faces: Mapping[str, int]) -> None:
    """KK-LORD-5/7: a lone 6 beheads the other lord, who is eliminated (A-22); otherwise the round is repeated."""

    sixes = [side for side in (ATTACKER, DEFENDER) if faces[side] == 6]
    winner = battle.owner_of(sixes[0]) if len(sixes) == 1 else None
    flow.emit("DuelRoundResolved", {"battle": battle.id, "round": battle.round, "faces": dict(faces), "winner": winner})
    shown = f"{faces[ATTACKER]} against {faces[DEFENDER]}"
    if winner is None:
        flow.note("KK-LORD-5", f"duel round {battle.round}: {shown}, no lone 6: the round is repeated")
        return
    loser = battle.owner_of(ATTACKER if sixes[0] == DEFENDER else DEFENDER)
    if flow.state.options.get("duel_loser", "death") == "death":
        flow.note("KK-LORD-7", f"duel round {battle.round}: {shown}: {winner} wins and takes {loser}'s lands and money")
    else:
        flow.note("KK-LORD-4", f"duel round {battle.round}: {shown}: {winner} wins; {loser}'s lord is defeated (A-22)")
    flow.emit("LordDefeated", {"seat": loser, "battle": battle.id, "by_owner": winner, "duel": True})
    if sixes[0] == DEFENDER:
        end_battle(flow, battle, DUEL)
        return
    _attacking_lord_takes_the_county(flow, battle)


def _attacking_lord_takes_the_county(flow: Flow, battle: Battle) -> None:
    """KK-BATTLE-14, KK-SIEGE-9: the attacking lord who wins the duel is the one left, and a lord counts as infantry
    for a siege (KK-SIEGE-1): he takes the county and its castle, whatever becomes of the beaten lord (A-22)."""
    previous = flow.state.control.get(battle.county)
    if previous != battle.attacker:
        change = {"county": battle.county, "from": previous, "to": battle.attacker, "cause": "battle_won"}
        flow.emit("CountyControlChanged", change)
    flow.note("KK-BATTLE-14", f"{battle.attacker}'s lord wins the duel and takes {battle.county}")
    if battle.kind == "siege":
        capture_castle(flow, battle, DUEL)
    else:
        end_battle(flow, battle, DUEL)


# --- the winner's extra step ---


def decide_take_extra_step(state: KKState, action: Action) -> Decision:
    """KK-LORD-8/9, A-21: units join the lord, or the lord joins his units, within their MP; never through or into
    enemy units or a pending battle."""

    offer = state.extra_step
    if not offer or action.seat != offer.get("seat") or state.defeat:
        return refuse("KK-LORD-8", f"{action.seat} has no extra step to take now", "seat")
    if state.returning:
        return _lord_returns_first(state)
    seat, board = str(action.seat), state.board
    assert board is not None
    to = action.data.get("to")
    if not isinstance(to, str) or to not in board.counties:
        return refuse("KK-LORD-8", f"destination {to!r} is not a county", "data.to")
    lord_county = state.lords.get(seat)
    raw_groups = action.data.get("groups")
    if not isinstance(raw_groups, list) or not raw_groups:
        return refuse("KK-LORD-8", "groups must list what moves, by origin county", "data.groups")
    for index, raw in enumerate(raw_groups):
        path = raw.get("path", [to]) if isinstance(raw, Mapping) else []
        for county in path if isinstance(path, list) else []:
            if county in board.counties and (_enemy_or_battle(state, seat, county)):
                return refuse("KK-LORD-9", f"{county} holds enemy units or a pending battle", f"data.groups[{index}]")
    groups = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_groups):
        parsed = step_group(state, seat, raw, to, f"data.groups[{index}]", seen, Checks(False))
        if isinstance(parsed, Decision):
            return parsed
        seen.add(parsed.origin)
        groups.append(parsed)
    lord_moves = any(g.lord for g in groups)
    if to != lord_county and not (lord_moves and state.force(to, seat).total):
        return refuse(
            "KK-LORD-8", f"the step ends at the lord ({lord_county}) or takes him to his own units", "data.to"
        )
    flow = Flow(state)
    flow.emit(
        "ExtraStepTaken",
        {
            "seat": seat,
            "battle": offer["battle"],
            "to": to,
            "groups": [
                {"from": g.origin, "units": g.force.to_json(), "lord": g.lord, "path": list(g.path), "mp": g.cost}
                for g in groups
            ],
        },
    )
    flow.note("KK-LORD-8", f"{seat}'s extra step ends in {to}")
    after_battle_settled(flow)
    return flow.decision()


def _enemy_or_battle(state: KKState, seat: str, county: str) -> bool:
    """KK-LORD-9: what the extra step may neither cross nor enter."""
    return any(o != seat for o in state.owners_in(county)) or state.battle_in(county) is not None


def _cheapest(state: KKState, seat: str, origin: str, to: str) -> int | None:
    """The fewest MP from `origin` to `to` crossing and entering no enemy units and no pending battle (KK-LORD-9)."""

    board = state.board
    assert board is not None
    best = {origin: 0}
    frontier = [origin]
    while frontier:
        here = min(frontier, key=lambda c: best[c])
        frontier.remove(here)
        if here == to:
            return best[here]
        for county in board.neighbours.get(here, frozenset()):
            if county in state.closed or _enemy_or_battle(state, seat, county):
                continue
            cost = best[here] + path_cost(state, here, (county,))
            if cost <= LORD_MOVEMENT_POINTS and cost < best.get(county, LORD_MOVEMENT_POINTS + 1):
                best[county] = cost
                frontier.append(county)
    return None


def can_rejoin(state: KKState, seat: str) -> bool:
    """A-13: whether the lord left alone can reach his units, or some of them can reach him, in one extra step."""
    lord = state.lords.get(seat)
    if lord is None or state.force(lord, seat).total:
        return False
    for county, by in state.units.items():
        force = by.get(seat)
        if county == lord or force is None or not force.total:
            continue
        there = _cheapest(state, seat, lord, county)
        if there is not None and there <= LORD_MOVEMENT_POINTS:
            return True
        if state.battle_in(county) is None:
            here = _cheapest(state, seat, county, lord)
            reach = max(MOVEMENT_POINTS[arm] for arm in ARMS if force.of(arm))
            if here is not None and here <= reach:
                return True
    return False


def decide_decline_extra_step(state: KKState, action: Action) -> Decision:
    """A-21: the extra step is optional, except for a lord left alone by a duel who can rejoin his army (A-13)."""
    if not state.extra_step or action.seat != state.extra_step.get("seat") or state.defeat:
        return refuse("KK-LORD-8", f"{action.seat} has no extra step to decline now", "seat")
    if state.returning:
        return _lord_returns_first(state)
    if can_rejoin(state, str(action.seat)):
        return refuse(
            "KK-LORD-8", "the lord stands alone after the duel: his extra step must rejoin his units (A-13)", "type"
        )
    flow = Flow(state)
    flow.emit("ExtraStepDeclined", {"seat": action.seat, "battle": state.extra_step["battle"]})
    after_battle_settled(flow)
    return flow.decision()


def _lord_returns_first(state: KKState) -> Decision:
    """KK-VASSAL-7 before KK-LORD-8: a vassal freed by the battle places his lord before the winner's extra step,
    which may end the year (what `pending` asks first)."""
    return refuse("KK-VASSAL-7", f"{state.returning[0]} places his freed lord first (return_lord)", "type")
