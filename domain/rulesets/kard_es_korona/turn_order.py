"""The traditional turn order (KK-TRAD-1..6, option `turn_order_mode = traditional`, A-51).

Every year after the first opens with a roll for the starting player (two dice each, tied highest roll again);
income and recruitment go clockwise from him as usual; after recruitment he chooses to move first or last; then,
under `traditional_structure = sequential_turns`, each player in turn takes his whole movement and at once
fights his own battles, and the next player clockwise begins. The election (if any) closes the year.
Under `alternating_steps` the steps alternate as in the standard order; only the start of the year changes.

Decisions import `flow` inside the function: flow folds through evolve, which merges this module's HANDLERS.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from domain.kernel import DICE_ROLLED, Action, Decision, Event, Game, Inputs
from domain.platform import roll
from domain.rulesets.kard_es_korona.state import MOVEMENT, KKState, evolved

if TYPE_CHECKING:
    from domain.rulesets.kard_es_korona.flow import Flow

STARTING_ROLL = "starting_roll"  # KK-TRAD-1: the year waits for the roll for the starting player
TURN_POSITION = "turn_position"  # KK-TRAD-3: the starting player chooses to move first or last
DICE_EACH = 2  # two dice each, the highest total wins


def is_traditional(state: KKState) -> bool:
    return state.options.get("turn_order_mode") == "traditional"


def sequential_turns(state: KKState) -> bool:
    """KK-TRAD-4, A-51: whole turns one player after another (the default structure of the traditional order)."""
    return is_traditional(state) and state.options.get("traditional_structure", "sequential_turns") == (
        "sequential_turns"
    )


def rollers(state: KKState) -> tuple[str, ...]:
    """The players who roll for the marker: all but the eliminated, in seating order."""
    return tuple(s for s in state.seats if state.lord_status.get(s) != "eliminated")


# --- the year's hooks, called by the standard flow ---


def marker_after_year(state: KKState) -> str:
    """KK-TURN-4 (standard): the first to pass starts next; traditional: the marker waits for the roll."""
    if is_traditional(state) and state.starting_player is not None:
        return state.starting_player
    # KK-TURN-4: the first to pass starts next year, unless he has been eliminated since (KK-ELIM-1).
    still_in = [s for s in state.passed if s in state.turn_order()]
    return still_in[0] if still_in else state.turn_order()[0]


def next_year(flow: Flow, year: int, starting_player: str) -> None:
    """KK-TURN-1, KK-TRAD-1/6: the next year begins, after the roll for the marker under the traditional order."""
    from domain.rulesets.kard_es_korona.setup import begin_year

    if not is_traditional(flow.state):
        begin_year(flow, year, starting_player)
        return
    flow.emit("StartingRollDue", {"year": year, "rollers": list(rollers(flow.state))})
    flow.note("KK-TRAD-1", f"{year}: the players roll two dice each for the starting player")


def awaits_turn_position(flow: Flow) -> bool:
    """KK-TRAD-3: before movement the starting player chooses first or last (True: the flow waits for him)."""
    state = flow.state
    if not is_traditional(state) or state.order_start is not None or state.starting_player is None:
        return False
    flow.emit("TurnPositionDue", {"year": state.year, "seat": state.starting_player})
    flow.note("KK-TRAD-3", f"{state.starting_player} chooses to move first or last in {state.year}")
    return True


def after_battles(flow: Flow) -> None:
    """KK-TRAD-4: the next player's whole turn follows; the year ends after the last one (KK-TURN-5).

    KK-TRAD-5: so an election year's auctions come at its very end, after every player's turn.
    """
    from domain.rulesets.kard_es_korona.combat import end_year
    from domain.rulesets.kard_es_korona.movement import auto_pass

    state = flow.state
    waiting = [s for s in state.turn_order() if s not in state.passed] if sequential_turns(state) else []
    if not waiting:
        end_year(flow)
        return
    flow.emit("PlayerTurnBegan", {"year": state.year, "seat": waiting[0]})
    flow.note("KK-TRAD-4", f"{waiting[0]} now moves and then fights his own battles")
    auto_pass(flow)


# --- actions ---


def decide_roll_for_starting_player(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-TRAD-1, A-51: two dice each; the highest total takes the marker; tied highest roll again.

    KK-OFFICE-2: the Judge Royal may reroll his own pair once (`judge_royal_reroll`, default: when it loses).
    """
    from domain.rulesets.kard_es_korona.flow import Flow, refuse
    from domain.rulesets.kard_es_korona.setup import begin_year

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
    from domain.rulesets.kard_es_korona.flow import Flow, refuse
    from domain.rulesets.kard_es_korona.movement import begin_movement

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


# --- evolve ---


def _starting_roll_due(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, phase=STARTING_ROLL, turn=None, order_start=None)


def _turn_position_due(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, phase=TURN_POSITION, turn=state.starting_player)


def _turn_position_chosen(state: KKState, data: Mapping[str, Any]) -> KKState:
    first = data["first_mover"]
    if first not in state.seats:
        raise ValueError(f"{first!r} is not a seat")
    return evolved(state, order_start=str(first))


def _player_turn_began(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = data["seat"]
    if seat not in state.seats:
        raise ValueError(f"{seat!r} is not a seat")
    return evolved(state, phase=MOVEMENT, turn=str(seat), current_battle=None)


HANDLERS = {
    "StartingRollDue": _starting_roll_due,
    "TurnPositionDue": _turn_position_due,
    "TurnPositionChosen": _turn_position_chosen,
    "PlayerTurnBegan": _player_turn_began,
}
