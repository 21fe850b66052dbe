"""The retreat's decisions (KK-ADV-5..11, A-46, A-47): the attacker stays or retreats, then the defender; the
pursuit's dice; the obstacle losses picked by the retreating player (where a retreat may go: `retreat.py`).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Action, Decision, Game, Inputs, Mode
from domain.platform import roll
from domain.rulesets.kard_es_korona.battle_order import casualty_chooser, neutral_roller
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import ARMS, force_from_json
from domain.rulesets.kard_es_korona.hits import (
    FULL,
    SIEGE_ARCHERS,
    SIEGE_ASSAULT,
    casualty_options,
    die_targets,
    modifier,
    other,
    rolling_arms,
    side_force,
    threshold,
)
from domain.rulesets.kard_es_korona.outcome import settle
from domain.rulesets.kard_es_korona.pinning import is_advanced
from domain.rulesets.kard_es_korona.rerolls import awaiting_judge
from domain.rulesets.kard_es_korona.retreat import (
    can_enter,
    castle_breaches,
    complete_retreat,
    destinations,
    lose_to_obstacle,
    round_complete,
)
from domain.rulesets.kard_es_korona.state import ATTACKER, BATTLE, DEFENDER, Battle, KKState, battle_with, is_neutral
from domain.rulesets.kard_es_korona.vassals import move_problems


def _side_of(battle: Battle, seat: str | None) -> str | None:
    if seat == battle.attacker:
        return ATTACKER
    if seat == battle.defender:
        return DEFENDER
    return None


def decide_retreat(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-ADV-5: after a full round the attacker or the defender leaves the battle for a legal county."""
    battle = state.battle(state.current_battle)
    if state.phase != BATTLE or battle is None or battle.status != "fighting" or battle.pending:
        return refuse("KK-ADV-5", "a retreat is declared in a battle between its exchanges", "type")
    if not is_advanced(state):
        return refuse("KK-BATTLE-3", "only the advanced game allows a retreat; a basic battle is fought out", "type")
    if (waiting := awaiting_judge(state)) is not None:
        return waiting
    side = _side_of(battle, action.seat)
    if side is None:
        if is_neutral(battle.defender):
            return refuse("KK-NEUTRAL-2", "neutral forces never retreat: they defend to the death", "seat")
        return refuse("KK-ADV-5", f"{action.seat} has no army in {battle.id}", "seat")
    checks = Checks(game.meta.mode is Mode.TRANSCRIPT)
    if not round_complete(state, battle) and checks.broken(
        "KK-ADV-5", f"{battle.id} is in round {battle.round} ({battle.exchange}): retreat after a full round"
    ):
        return checks.refusal()
    stayed = state.stayed == f"{battle.id}:{battle.round}"
    if (
        side == DEFENDER
        and not stayed
        and checks.broken(
            "KK-ADV-5",
            f"the attacker {battle.attacker} declares first (A-46): he must stay before the defender retreats",
        )
    ):
        return checks.refusal()
    if side == ATTACKER and stayed and checks.broken("KK-ADV-5", f"{battle.attacker} chose to stay this round"):
        return checks.refusal()
    allowed = destinations(state, battle, side)
    to = action.data.get("to")
    if to not in allowed:
        if not allowed:
            rule, message, field = (
                "KK-ADV-10",
                f"no county next to {battle.county} can take the {side}: no retreat",
                "type",
            )
        else:
            rule = "KK-ADV-8" if side == ATTACKER else "KK-ADV-9"
            message, field = f"the {side} may retreat to {', '.join(allowed)}, not {to!r}", "data.to"
        for rule_id, reason in move_problems(state, str(action.seat), to, ()) if isinstance(to, str) else ():
            if checks.broken(rule_id, f"no retreat to {to}: {reason}", field):  # KK-VASSAL-6, A-30
                return checks.refusal()
        if not isinstance(to, str) or not can_enter(state, battle, side, to):
            return refuse(rule, message, field)
        if checks.broken(rule, message, field):
            return checks.refusal()
        for rule_id, reason in castle_breaches(state, battle, side, to):
            checks.broken(rule_id, f"the retreat into the castle {to} breaks its limit: {reason}", "data.to")
    flow = Flow(state)
    flow.emit("RetreatDeclared", {"battle": battle.id, "side": side, "seat": action.seat, "to": to})
    flow.note("KK-ADV-5", f"the {side} ({action.seat}) retreats from {battle.county} to {to}")
    _pursue(flow, game, inputs, battle.id, other(side))
    settle(flow)
    return flow.decision(tuple(checks.violations))


def decide_stay(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-ADV-5, A-46: after a full round the attacker declares first; staying lets the defender declare.

    In a transcript (`lenient`) the attacker's word that he stays is recorded in the middle of a round too.
    """
    battle = state.battle(state.current_battle)
    message = "the attacker declares whether he stays between full rounds of a battle"
    if (
        state.phase != BATTLE
        or battle is None
        or not is_advanced(state)
        or battle.status != "fighting"
        or battle.pending
    ):
        return refuse("KK-ADV-5", message, "type")
    if (waiting := awaiting_judge(state)) is not None:
        return waiting
    checks = Checks(lenient)
    if not round_complete(state, battle) and checks.broken("KK-ADV-5", message, "type"):
        return checks.refusal()
    if action.seat != battle.attacker:
        return refuse("KK-ADV-5", f"the attacker, {battle.attacker}, declares first (A-46)", "seat")
    if state.stayed == f"{battle.id}:{battle.round}":
        return refuse("KK-ADV-5", f"{battle.attacker} has already declared he stays this round", "type")
    flow = Flow(state)
    flow.emit("RetreatDeclined", {"battle": battle.id, "round": battle.round, "side": ATTACKER, "seat": action.seat})
    flow.note("KK-ADV-5", f"{battle.attacker} stays; {battle.defender} may now retreat (A-46)")
    return flow.decision(tuple(checks.violations))


def pursuit_rules(battle: Battle, pursuer: str) -> Battle:
    """KK-ADV-6/7, A-47: the battle's current hit rules; from a siege the defenders' archers, or the assault's."""
    if battle.kind == "open":
        return battle_with(battle, exchange=FULL)
    return battle_with(battle, exchange=SIEGE_ARCHERS if pursuer == DEFENDER else SIEGE_ASSAULT)


def pursuit_dice(state: KKState, battle: Battle, pursuer: str) -> int:
    """KK-ADV-6/7: the dice a retreat from `battle` rolls, one per pursuing unit of the arms that roll (`_pursue`)."""
    force = side_force(state, battle, pursuer)
    return sum(force.of(arm) for arm in rolling_arms(state, pursuit_rules(battle, pursuer), pursuer))


def _pursue(flow: Flow, game: Game, inputs: Inputs, battle_id: str, pursuer: str) -> None:
    """KK-ADV-6: every pursuing unit rolls one die; the retreating army cannot strike back."""
    state = flow.state
    battle = state.battle(battle_id)
    assert battle is not None
    rules = pursuit_rules(battle, pursuer)
    owner = battle.owner_of(pursuer)
    seat = neutral_roller(state, battle.attacker) if is_neutral(owner) else owner
    groups: list[dict[str, Any]] = []
    targets: list[tuple[str, ...]] = []
    for arm in rolling_arms(state, rules, pursuer):
        count = side_force(state, battle, pursuer).of(arm)
        event, faces = roll(game, inputs, count, seat, f"kk:{battle.id}:r{battle.round}:pursuit:{pursuer}:{arm}")
        flow.record(event)
        plus = modifier(state, rules, pursuer, arm)
        hit_on = {t: threshold(rules, arm, t) for t in ARMS}
        targets.extend(die_targets(state, rules, pursuer, arm, face) for face in faces)
        groups.append({"side": pursuer, "arm": arm, "faces": list(faces), "modifier": plus, "hit_on": hit_on})
        shown = ", ".join(f"{t} {n - plus}+" for t, n in hit_on.items() if n is not None)
        flow.note("KK-ADV-6", f"pursuing {arm} ({owner}) roll {', '.join(map(str, faces))}; hits {shown}")
    best, _ = casualty_options(targets, side_force(state, battle, other(pursuer)))
    # The pursuer chooses (KK-ADV-6), so the chooser is read off a plain exchange: no siege_volley_chooser swap.
    chooser = casualty_chooser(state, battle_with(battle, exchange=FULL), pursuer)
    pending = [{"side": pursuer, "chooser": chooser, "targets": [list(t) for t in targets], "max_kills": best}]
    flow.emit(
        "PursuitRolled",
        {
            "battle": battle.id,
            "round": battle.round,
            "exchange": "pursuit",
            "rules": rules.exchange,
            "groups": groups,
            "pending": pending if best else [],
        },
    )
    flow.note("KK-ADV-6", f"the pursuit can kill at most {best}", max_kills=best)


def decide_choose_retreat_losses(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-ADV-11: the retreating player picks which units the river, mountain or swamp costs him.

    In a transcript (`lenient`) more or fewer losses than half the army, or losses entered by another seat, are
    recorded with their deviation; the units must be in the army, and some of it must be left to retreat.
    """
    retreat = state.retreat
    battle = state.battle(state.current_battle)
    if retreat is None or battle is None or battle.id != retreat.battle or not retreat.losses_due:
        return refuse("KK-ADV-11", "no retreat is waiting for its obstacle losses", "type")
    checks = Checks(lenient)
    seat = battle.owner_of(retreat.side)
    if action.seat != seat and checks.broken("KK-ADV-11", f"{seat}, who retreats, picks the units lost", "seat"):
        return checks.refusal()
    army = side_force(state, battle, retreat.side)
    lost = force_from_json(action.data.get("units"))
    message = f"lose exactly {retreat.losses_due} of {army.describe()}, not {action.data.get('units')!r}"
    # Losing the whole army is never a retreat; it cannot be half of it either (losses_due < army.total).
    if lost is None or not army.contains(lost) or lost.total >= army.total:
        return refuse("KK-ADV-11", message, "data.units")
    if lost.total != retreat.losses_due and checks.broken("KK-ADV-11", message, "data.units"):
        return checks.refusal()
    flow = Flow(state)
    lose_to_obstacle(flow, battle, lost, auto=False)
    complete_retreat(flow, battle)
    return flow.decision(tuple(checks.violations))
