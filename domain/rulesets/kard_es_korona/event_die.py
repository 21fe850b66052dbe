"""Rainy Autumn's die (KK-EVENT-7, KK-OFFICE-2): the besieger rolls when his siege begins; a low roll abandons
it (the cards themselves: `cards.py`).
"""

from __future__ import annotations

from domain.kernel import DICE_ROLLED, Action, Decision, Event, Game, Inputs
from domain.platform import roll
from domain.rulesets.kard_es_korona.cards import siege_roll_due, withdraws_on
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.state import KKState
from domain.rulesets.kard_es_korona.withdrawal import abandon_siege


def decide_roll_event_die(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-EVENT-7, KK-OFFICE-2: the besieger rolls for Rainy Autumn; a low roll abandons the siege at once."""

    battle = siege_roll_due(state)
    if battle is None:
        return refuse("KK-EVENT-7", "no Rainy Autumn roll is due: it comes when a siege begins in that year", "type")
    if action.seat is not None and action.seat != battle.attacker:
        return refuse("KK-EVENT-7", f"the besieger {battle.attacker} rolls for Rainy Autumn", "seat")
    reroll = action.data.get("judge_royal_reroll", True)
    if not isinstance(reroll, bool):
        return refuse("KK-OFFICE-2", "judge_royal_reroll must be true or false", "data.judge_royal_reroll")
    judge = state.offices.get("judge_royal") == battle.attacker
    highest = withdraws_on(state)
    flow = Flow(state)
    purpose = f"kk:{battle.id}:rainy_autumn"
    event, faces = roll(game, inputs, 1, battle.attacker, purpose)
    flow.record(event)
    rolled = [faces[0]]
    if judge and reroll and faces[0] <= highest:
        # KK-OFFICE-2: his one reroll of this roll, taken only when the first roll would end his siege.
        again, faces = roll(game, inputs, 1, battle.attacker, f"{purpose}:reroll")
        flow.record(Event(DICE_ROLLED, {**again.data, "replaces": event.data["first_k"]}))
        rolled.append(faces[0])
        flow.note("KK-OFFICE-2", f"the Judge Royal rerolls his {rolled[0]}: {rolled[1]}")
    face = rolled[-1]
    withdraws = face <= highest
    flow.emit(
        "EventDieRolled",
        {"battle": battle.id, "card": "esos_osz", "seat": battle.attacker, "faces": rolled, "withdraws": withdraws},
    )
    flow.note("KK-EVENT-7", f"Rainy Autumn: {battle.attacker} rolls {face}; 1-{highest} abandons the siege")
    if withdraws:
        abandon_siege(flow, battle, "event")
    return flow.decision()
