"""The course of a year after the event card: one phase hands on to the next (KK-TURN-1..5, KK-TRAD-3/4).

Movement begins with the step allowances (KK-MOVE-3) and ends when everyone has passed (KK-MOVE-5); the battles
are then fought in their order (KK-BATTLE-12/13, A-20); after the last one the next player's whole turn follows
(KK-TRAD-4) or the year ends (KK-TURN-5), with an election in its years (KK-ELECT-1). These steps call each
other in a loop, which is why they share one module; the modules that end a step call into here.
"""

from __future__ import annotations

from domain.rulesets.kard_es_korona.battle_order import battle_chooser, start_battle
from domain.rulesets.kard_es_korona.elections import open_election
from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.hits import lord_present
from domain.rulesets.kard_es_korona.new_year import next_year
from domain.rulesets.kard_es_korona.pinning import freezing_battle
from domain.rulesets.kard_es_korona.state import ATTACKER, DEFENDER, MOVEMENT, KKState
from domain.rulesets.kard_es_korona.turn_order import is_traditional, marker_after_year, sequential_turns


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

    state = flow.state
    waiting = [s for s in state.turn_order() if s not in state.passed] if sequential_turns(state) else []
    if not waiting:
        end_year(flow)
        return
    flow.emit("PlayerTurnBegan", {"year": state.year, "seat": waiting[0]})
    flow.note("KK-TRAD-4", f"{waiting[0]} now moves and then fights his own battles")
    auto_pass(flow)


MAX_STEPS = 6


def step_allowance(state: KKState, seat: str) -> int:
    """KK-MOVE-3: castles controlled + 2, at most 6."""
    return min(len(state.castles_of(seat)) + 2, MAX_STEPS)


def begin_movement(flow: Flow) -> None:
    """KK-MOVE-3, A-15: the step allowances are fixed when the phase begins."""
    if awaits_turn_position(flow):
        return
    state = flow.state
    allowances = {seat: step_allowance(state, seat) for seat in state.turn_order()}
    flow.emit("MovementPhaseBegan", {"year": state.year, "step_allowances": allowances})
    flow.note("KK-MOVE-3", "steps: " + ", ".join(f"{s} {n}" for s, n in allowances.items()))
    auto_pass(flow)


def allowance_of(state: KKState, seat: str) -> int:
    """KK-MOVE-3, A-15: the steps the seat may take this year (fixed when the phase began, or as he stands now)."""
    if state.options.get("step_allowance_timing") == "dynamic":
        return step_allowance(state, seat)
    return state.allowances.get(seat, 0)


def auto_pass(flow: Flow) -> None:
    """KK-MOVE-4/5: a player with no steps left, or frozen (KK-ADV-3), must pass when his turn comes; the phase
    ends when everyone has passed."""
    while flow.state.phase == MOVEMENT and flow.state.release_due is None:  # the release comes first
        state = flow.state
        seat = state.turn
        if seat is None:
            end_movement(flow)
            return
        frozen = freezing_battle(state, seat) is not None
        if state.steps_taken.get(seat, 0) < allowance_of(state, seat) and not frozen:
            return
        record_pass(flow, seat, "frozen" if frozen else "no_steps_left")


def record_pass(flow: Flow, seat: str, reason: str) -> None:
    """KK-MOVE-4, KK-TURN-4: the seat passes; the first to pass starts next year (not under the traditional order)."""
    first = not flow.state.passed and not is_traditional(flow.state)  # KK-TRAD-1: the roll decides instead
    flow.emit("StepPassed", {"seat": seat, "reason": reason})
    if first:
        flow.emit("NextStartingPlayerSet", {"year": flow.state.year + 1, "seat": seat})
        flow.note("KK-TURN-4", f"{seat} passed first and starts {flow.state.year + 1}")


def end_movement(flow: Flow) -> None:
    """KK-MOVE-5: every player passed; the battle phase begins (moved flags cleared, KK-MOVE-6)."""

    flow.emit("MovementPhaseEnded", {"year": flow.state.year})
    begin_battles(flow)


def begin_battles(flow: Flow) -> None:
    """KK-BATTLE-12/13, A-20: the battle phase opens with its battles in order, those with a lord first."""
    state = flow.state
    ordered = sorted((b for b in state.battles if b.status == "pending"), key=lambda b: b.step_seq)
    # a lord still in the county when the phase begins (a lord released by KK-ADV-4 may have left).
    lord_battles = [b.id for b in ordered if lord_present(state, b, ATTACKER) or lord_present(state, b, DEFENDER)]
    flow.emit(
        "BattlePhaseBegan",
        {
            "year": state.year,
            "lord_battles": lord_battles,
            "open_battles": [b.id for b in ordered if b.kind == "open" and b.id not in lord_battles],
            "sieges": [b.id for b in ordered if b.kind == "siege" and b.id not in lord_battles],
        },
    )
    next_battle(flow)


def next_battle(flow: Flow) -> None:
    """Start the next battle when the order leaves no choice; end the year when none is left."""
    state = flow.state
    pending = [b for b in state.battles if b.status == "pending"]
    if not pending:
        after_battles(flow)
        return
    forced = [b for b in pending if b.forced]
    if forced:
        flow.note("KK-SIEGE-11", f"the forced battle {forced[0].id} is fought at once")
        start_battle(flow, forced[0], None)
        return
    lord_battles = sorted((b for b in pending if b.lord_battle), key=lambda b: b.step_seq)
    if lord_battles:
        flow.note("KK-BATTLE-13", f"{lord_battles[0].id} has a lord: it is fought first")
        start_battle(flow, lord_battles[0], None)
        return
    chooser, mine = battle_chooser(state)
    if len(mine) == 1:
        start_battle(flow, mine[0], None)
    elif chooser is not None:
        flow.note("KK-BATTLE-12", f"{chooser} chooses which of his battles is fought next")


def end_year(flow: Flow) -> None:
    """KK-TURN-4/5, KK-ELECT-1: the year ends; an election, the next year, or the end of the game follows."""

    state = flow.state
    flow.emit("BattlePhaseEnded", {"year": state.year})
    following = marker_after_year(state)
    if election_year(state) or state.extraordinary_election:
        next_step = "election"  # KK-ELECT-1: also in the last year (Királyválasztás); it then ends the game
    elif state.year >= state.last_year:
        next_step = "finished"
    else:
        next_step = "year"
    flow.emit("YearEnded", {"year": state.year, "next_starting_player": following, "next": next_step})
    flow.note("KK-TURN-5", f"{state.year} ends; {following} starts the next year")
    if next_step == "year":
        next_year(flow, state.year + 1, following)
    elif next_step == "election":
        open_election(flow)


def election_year(state: KKState) -> bool:
    """KK-ELECT-1: elections close years 3 and 6, and 9 in the advanced game."""
    years = (3, 6, 9) if state.options.get("variant") == "advanced" else (3, 6)
    return state.year_index in years
