"""The end of a battle: the castle taken (KK-SIEGE-9), the winning lord's step on offer (KK-LORD-8), the
defeat settled (KK-LORD-4), then the next battle (KK-BATTLE-12).
"""

from __future__ import annotations

from domain.rulesets.kard_es_korona.defeat import settle_defeat
from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.forces import castle_limit_breaches
from domain.rulesets.kard_es_korona.hits import side_force
from domain.rulesets.kard_es_korona.state import ATTACKER, BATTLE, DEFENDER, DUEL, Battle, KKState
from domain.rulesets.kard_es_korona.year import next_battle


def capture_castle(flow: Flow, battle: Battle, result: str) -> None:
    """KK-SIEGE-9: the castle changes hands; the battle ends with `result`, or, when the attackers cannot all stay,
    waits for the attacker to choose who stays and where the rest go."""
    flow.emit(
        "CastleCaptured",
        {"battle": battle.id, "county": battle.county, "new_owner": battle.attacker, "previous_owner": battle.defender},
    )
    if is_castle_overfull(flow.state, battle):
        attack = side_force(flow.state, battle, ATTACKER)
        flow.note(
            "KK-SIEGE-9",
            f"{attack.describe()} cannot all stay: {battle.attacker} chooses who stays and where the rest go",
        )
        return
    end_battle(flow, battle, result)


def is_castle_overfull(state: KKState, battle: Battle) -> bool:
    """KK-SIEGE-9, KK-CASTLE-3/4: the attackers in a taken castle break its unit or arm limit."""
    options = state.options
    attack = side_force(state, battle, ATTACKER)
    return bool(castle_limit_breaches(attack, str(options["castle_arm_limit"]), str(options["variant"])))


def end_battle(flow: Flow, battle: Battle, result: str) -> None:
    """The battle ends with its survivors; a defeat or the winner's step may wait before the next battle."""
    state = flow.state
    survivors = {side: side_force(state, battle, side).to_json() for side in (ATTACKER, DEFENDER)}
    flow.emit("BattleEnded", {"battle": battle.id, "result": result, "survivors": survivors})
    after_battle(flow, battle, result)  # a defeat or the winner's extra step may wait before the next battle


def after_battle(flow: Flow, battle: Battle, result: str) -> None:
    """Offer the winner's step (KK-LORD-8), settle any defeat (KK-ELIM), then the next battle."""

    winner = _winner(flow.state, battle, result)
    if winner is not None:
        flow.emit("ExtraStepOffered", {"seat": winner, "battle": battle.id, "county": battle.county})
        flow.note("KK-LORD-8", f"{winner}'s lord won: one extra step within 4 MP, or none (A-21)")
    resume(flow)


def _winner(state: KKState, battle: Battle, result: str) -> str | None:
    """A-21: the winning lord's side; by default only after a battle of lord against lord."""
    side = {"attacker_won": ATTACKER, "defender_won": DEFENDER}.get(result)
    if result == DUEL:
        side = next((s for s in (ATTACKER, DEFENDER) if state.lords.get(battle.owner_of(s)) == battle.county), None)
    if side is None:
        return None
    seat = battle.owner_of(side)
    if state.lords.get(seat) != battle.county or seat not in state.seats:
        return None
    if state.options.get("winner_extra_step", "lord_vs_lord") == "lord_vs_lord" and not (
        battle.attacker_lord and battle.defender_lord
    ):
        return None
    return seat


def after_battle_settled(flow: Flow) -> None:
    """The next battle starts only when no defeat and no extra step waits."""

    state = flow.state
    if state.phase == BATTLE and state.current_battle is None and not state.defeat and not state.extra_step:
        next_battle(flow)


def resume(flow: Flow) -> None:
    """Settle the defeat; then offer the winner's step or go on with the battle phase."""

    if settle_defeat(flow):
        after_battle_settled(flow)
