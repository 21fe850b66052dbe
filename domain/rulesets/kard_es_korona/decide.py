"""Deciding an action: each type goes to its phase's module; the victory check of KK-WIN-1 (A-58) follows.

The deciders come in three shapes: those that only read the state and the action; those a transcript may record
with deviations (the `lenient` flag, DESIGN §2 `transcript`); and those that roll dice (the game and its inputs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.kernel import Action, Decision, Game, Inputs, Mode
from domain.rulesets.kard_es_korona import (
    captivity,
    combat,
    defeat_choices,
    economy,
    elections,
    event_die,
    leaving,
    lords,
    movement,
    offices,
    reroll_choices,
    retreat_choices,
    setup,
    starting_player,
    vassals,
    withdrawal,
)
from domain.rulesets.kard_es_korona.cards import siege_roll_due
from domain.rulesets.kard_es_korona.flow import refuse
from domain.rulesets.kard_es_korona.state import RECRUIT, KKState
from domain.rulesets.kard_es_korona.victory import conclude

Simple = Callable[[KKState, Action], Decision]
Lenient = Callable[[KKState, Action, bool], Decision]
WithDice = Callable[[KKState, Game, Action, Inputs], Decision]

SIMPLE: Mapping[str, Simple] = {
    "choose_first_player": setup.decide_choose_first_player,
    "draw_event": economy.decide_draw_event,
    "transfer_money": economy.decide_transfer_money,
    "forgo_escape": defeat_choices.decide_forgo_escape,
    "swear_fealty": defeat_choices.decide_swear_fealty,
    "decline_fealty": defeat_choices.decide_decline_fealty,
    "answer_fealty": defeat_choices.decide_answer_fealty,
    "place_takeover": defeat_choices.decide_place_takeover,
    "veto_battle": vassals.decide_veto_battle,
    "return_lord": vassals.decide_return_lord,
    "take_extra_step": lords.decide_take_extra_step,
    "decline_extra_step": lords.decide_decline_extra_step,
    "keep_roll": reroll_choices.decide_keep_roll,
    "leave_game": leaving.decide_leave_game,
    "choose_turn_position": starting_player.decide_choose_turn_position,
    "decide_tie": elections.decide_tie,
    "offer_office": offices.decide_offer_office,
    "bid_for_office": offices.decide_bid_for_office,
    "close_office_sale": offices.decide_close_office_sale,
}
LENIENT: Mapping[str, Lenient] = {
    "place_forces": setup.decide_place_forces,
    "place_neutral_piece": setup.decide_place_neutral_piece,
    "substitute_royal_cavalry": setup.decide_substitute_royal_cavalry,
    "recruit": economy.decide_recruit,
    "move": movement.decide_move,
    "release_defenders": movement.decide_release_defenders,
    "select_battle": combat.decide_select_battle,
    "lead_arm": combat.decide_lead_arm,
    "assign_casualties": combat.decide_assign_casualties,
    "withdraw": withdrawal.decide_withdraw,
    "stay": retreat_choices.decide_stay,
    "choose_retreat_losses": retreat_choices.decide_choose_retreat_losses,
    "pay_ransom": captivity.decide_pay_ransom,
}
WITH_DICE: Mapping[str, WithDice] = {
    "roll_for_first_player": setup.decide_roll_for_first_player,
    "fight_exchange": combat.decide_fight_exchange,
    "attempt_escape": defeat_choices.decide_attempt_escape,
    "fight_duel": lords.decide_fight_duel,
    "reroll": reroll_choices.decide_reroll,
    "retreat": retreat_choices.decide_retreat,
    "roll_event_die": event_die.decide_roll_event_die,
    "roll_for_starting_player": starting_player.decide_roll_for_starting_player,
    "roll_off": elections.decide_roll_off,
    "reroll_tie_die": elections.decide_judge_reroll,
}
ACTIONS = (*SIMPLE, *LENIENT, *WITH_DICE, "pass")


def decide(game: Game, action: Action, inputs: Inputs) -> Decision:
    """The action decided by its phase's module, then the victory check of KK-WIN-1 (A-58)."""
    return conclude(game.state, _decide(game, action, inputs))


def _decide(game: Game, action: Action, inputs: Inputs) -> Decision:
    state: KKState = game.state
    if state.problem:
        return refuse("KK-GEN-1", state.problem)
    lenient = game.meta.mode is Mode.TRANSCRIPT
    if action.type in ("lead_arm", "fight_exchange") and (due := siege_roll_due(state)) is not None:
        skipped = refuse("KK-EVENT-7", f"{due.attacker} first rolls for Rainy Autumn (roll_event_die)", "type")
        if not lenient:
            return skipped
        # A transcript's table may fight the siege without the card's roll: the siege is then not abandoned.
        decision = _dispatch(state, game, action, inputs, lenient)
        if not decision.events:
            return decision
        return Decision(decision.events, (*skipped.violations, *decision.violations), decision.trace)
    return _dispatch(state, game, action, inputs, lenient)


def _dispatch(state: KKState, game: Game, action: Action, inputs: Inputs, lenient: bool) -> Decision:
    if action.type in WITH_DICE:
        return WITH_DICE[action.type](state, game, action, inputs)
    if action.type == "pass":
        if state.phase == RECRUIT:  # passing in phase II is recruiting nothing
            return economy.decide_recruit(state, Action("recruit", action.seat, {"purchases": []}), lenient)
        return movement.decide_pass(state, action)
    if action.type in LENIENT:
        return LENIENT[action.type](state, action, lenient)
    handler = SIMPLE.get(action.type)
    if handler is None:
        return refuse("KK-TURN-2", f"unknown action {action.type!r}; actions are {', '.join(ACTIONS)}", "type")
    return handler(state, action)
