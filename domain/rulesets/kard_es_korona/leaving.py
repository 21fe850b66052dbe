"""KK-NEUTRAL-5, A-26: a player who leaves while the others play on; his units become neutral where they stand.

Leaving is elimination with no conqueror (the same consequences as an execution in captivity, KK-CAPTIVE-3):
offices back to the crown, money to the royal treasury, counties with units neutral, the others uncontrolled.
A player whose turn it is first ends it as a pass would, so the year goes on with the next player.
"""

from __future__ import annotations

from domain.kernel import Action, Decision
from domain.rulesets.kard_es_korona.defeat import eliminate
from domain.rulesets.kard_es_korona.economy import decide_recruit
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.movement import decide_pass
from domain.rulesets.kard_es_korona.state import (
    BATTLE,
    FINISHED,
    FIRST_PLAYER,
    GARRISON_SUBSTITUTION,
    MOVEMENT,
    NEUTRAL_PLACEMENT,
    PLACEMENT,
    RECRUIT,
    KKState,
)

_SETUP_PHASES = (FIRST_PLAYER, PLACEMENT, NEUTRAL_PLACEMENT, GARRISON_SUBSTITUTION)


def _leaving_problem(state: KKState, seat: str | None) -> Decision | None:
    """KK-NEUTRAL-5: a seated player still in the game may leave once the years have begun, between his battles."""
    if seat is None or seat not in state.seats:
        return refuse("KK-NEUTRAL-5", "leaving the game needs the seat of the player who leaves", "seat")
    if state.lord_status.get(seat) == "eliminated":
        return refuse("KK-NEUTRAL-5", f"{seat} is already out of the game", "seat")
    if state.phase in _SETUP_PHASES:
        return refuse(
            "KK-NEUTRAL-5", "a player may leave once the first year has begun (setup is not finished)", "type"
        )
    if state.phase == FINISHED:
        return refuse("KK-NEUTRAL-5", "the game is over: nobody can leave it", "type")
    fighting = [b.id for b in state.battles if b.status != "ended" and seat in (b.attacker, b.defender)]
    if fighting:
        # Neutral forces never attack and a battle needs both sides (KK-NEUTRAL-2): the arbiter settles these.
        return refuse(
            "KK-NEUTRAL-5",
            f"{seat} still has battles to fight ({', '.join(fighting)}); leave after them or have the arbiter adjust",
            "seat",
            battles=fighting,
        )
    if state.election is not None and seat in state.election.eligible:
        # KK-ELECT-14: an eliminated player takes no part in an auction, but its sealed round waits for every
        # bidder it opened with, and a bid already sealed would be paid from a treasury gone to the crown.
        return refuse("KK-ELECT-14", f"{seat} bids in the election under way: leave after the election", "seat")
    if state.defeat or state.extra_step or state.reroll_offer:
        return refuse("KK-NEUTRAL-5", "a defeat, an extra step or a reroll is being settled: leave after it", "type")
    return None


def decide_leave_game(state: KKState, action: Action) -> Decision:
    """KK-NEUTRAL-5, A-26: the player leaves; his turn, if it is his, ends first."""
    problem = _leaving_problem(state, action.seat)
    if problem is not None:
        return problem
    seat = action.seat
    assert seat is not None
    flow = Flow(state)
    if state.turn == seat and state.phase in (RECRUIT, MOVEMENT):
        _end_turn(flow, seat)
    flow.note("KK-NEUTRAL-5", f"{seat} leaves the game; the others play on")
    eliminate(flow, seat, None, "left")
    # Ending his turn may have opened the next phase at his seat (he was first in it): pass that turn on too.
    while flow.state.turn == seat and flow.state.phase in (RECRUIT, MOVEMENT):
        _end_turn(flow, seat)
    if flow.state.phase == BATTLE and flow.state.current_battle is None:
        flow.note("KK-NEUTRAL-5", "the battles of the others go on")
    return flow.decision()


def _end_turn(flow: Flow, seat: str) -> None:
    """The leaver's turn ends as a pass (movement) or a recruitment of nothing (phase II) would end it."""

    if flow.state.phase == RECRUIT:
        ended = decide_recruit(flow.state, Action("recruit", seat, {"purchases": []}))
    else:
        ended = decide_pass(flow.state, Action("pass", seat, {}))
    for event in ended.events:
        flow.record(event)
    flow.trace.extend(ended.trace)
