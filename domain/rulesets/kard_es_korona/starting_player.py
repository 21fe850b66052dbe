"""The traditional order's decisions (KK-TRAD-1/3, A-51): the roll for the starting player and his choice to move
first or last (the order's queries and events: `turn_order.py`).
"""

from __future__ import annotations

from domain.kernel import DICE_ROLLED, Action, Decision, Event, Game, Inputs
from domain.platform import roll
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.new_year import begin_year
from domain.rulesets.kard_es_korona.state import KKState
from domain.rulesets.kard_es_korona.turn_order import DICE_EACH, STARTING_ROLL, TURN_POSITION, rollers
from domain.rulesets.kard_es_korona.year import begin_movement


def decide_roll_for_starting_player(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-TRAD-1, A-51: two dice each; the highest total takes the marker; tied highest roll again.

    KK-OFFICE-2: the Judge Royal may reroll his own pair once (`judge_royal_reroll`, default: when it loses).
    """

    if state.phase != STARTING_ROLL:
        return refuse("KK-TRAD-1", "the starting player is rolled for when a year begins", "type")
    reroll = action.data.get("judge_royal_reroll", True)
    if not isinstance(reroll, bool):
        return refuse("KK-OFFICE-2", "judge_royal_reroll must be true or false", "data.judge_royal_reroll")
    judge = state.offices.get("judge_royal") if reroll else None
    flow = Flow(state)
    contenders = rollers(state)
    year = state.year + 1
    purpose = f"kk:{year}:starting-player"
    rounds: list[dict[str, list[int]]] = []
    while len(contenders) > 1:
        event, faces = roll(game, inputs, DICE_EACH * len(contenders), action.seat, purpose)
        flow.record(event)
        pairs = {s: list(faces[i * DICE_EACH : (i + 1) * DICE_EACH]) for i, s in enumerate(contenders)}
        best = max(sum(p) for p in pairs.values())
        if judge in pairs and sum(pairs[judge]) < best:
            # KK-OFFICE-2: the Judge Royal rerolls his own pair once, when it would lose the marker.
            again, faces = roll(game, inputs, DICE_EACH, judge, f"{purpose}:reroll")
            start = event.data["first_k"] + DICE_EACH * contenders.index(judge)
            flow.record(Event(DICE_ROLLED, {**again.data, "replaces": start}))
            flow.note("KK-OFFICE-2", f"the Judge Royal {judge} rerolls his {pairs[judge]}: {list(faces)}")
            pairs[judge], judge = list(faces), None
            best = max(sum(p) for p in pairs.values())
        rounds.append(pairs)
        shown = ", ".join(f"{s} {'+'.join(map(str, p))}={sum(p)}" for s, p in pairs.items())
        flow.note("KK-TRAD-1", f"{year} starting-player roll: {shown}; highest {best}", rolls=pairs)
        contenders = tuple(s for s in contenders if sum(pairs[s]) == best)
    if not contenders:
        return refuse("KK-TRAD-1", "no player is left to roll", "type")
    winner = contenders[0]
    flow.emit("StartingPlayerChosen", {"year": year, "seat": winner, "method": "traditional_roll", "rolls": rounds})
    begin_year(flow, year, winner)
    return flow.decision()


def decide_choose_turn_position(state: KKState, action: Action) -> Decision:
    """KK-TRAD-3: the starting player moves first (others follow clockwise) or last (his left neighbour begins)."""

    if state.phase != TURN_POSITION or state.starting_player is None:
        return refuse("KK-TRAD-3", "first or last is chosen after recruitment, under the traditional order", "type")
    if action.seat is not None and action.seat != state.starting_player:
        return refuse("KK-TRAD-3", f"the starting player {state.starting_player} chooses", "seat")
    position = action.data.get("position")
    if position not in ("first", "last"):
        return refuse("KK-TRAD-3", f"position {position!r} must be 'first' or 'last'", "data.position")
    order = state.turn_order()
    first_mover = order[0] if position == "first" else order[1 % len(order)]
    flow = Flow(state)
    flow.emit(
        "TurnPositionChosen",
        {"year": state.year, "seat": state.starting_player, "position": position, "first_mover": first_mover},
    )
    flow.note("KK-TRAD-3", f"{state.starting_player} moves {position}: {first_mover} begins")
    begin_movement(flow)
    return flow.decision()
