"""Which battle is fought next and who chooses for whom (KK-BATTLE-12, KK-NEUTRAL-3, A-9, A-10), and the start
of a battle (KK-BATTLE-2): its first exchange and the armies as they stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.hits import (
    FULL,
    SIEGE_ARCHERS,
    SIEGE_ASSAULT,
    VOLLEY,
    other,
    side_force,
    volleying_sides,
)
from domain.rulesets.kard_es_korona.state import ATTACKER, BATTLE, DEFENDER, Battle, KKState, is_neutral


def battle_chooser(state: KKState) -> tuple[str | None, list[Battle]]:
    """KK-BATTLE-12: round-robin from `turn`: open battles first, then sieges; a player picks among his own."""
    pending = [b for b in state.battles if b.status == "pending" and not b.lord_battle]
    stage = "open" if any(b.kind == "open" for b in pending) else "siege"
    order = state.turn_order()
    start = order.index(state.turn) if state.turn in order else 0
    for offset in range(len(order)):
        seat = order[(start + offset) % len(order)]
        mine = [b for b in pending if b.kind == stage and b.attacker == seat]
        if mine:
            return seat, mine
    return None, []


def neutral_roller(state: KKState, attacker: str) -> str:
    """KK-NEUTRAL-3, A-10: the player just before the attacker in turn order rolls for neutral defenders."""
    order = state.turn_order()
    return order[(order.index(attacker) - 1) % len(order)]


def start_battle(flow: Flow, battle: Battle, selected_by: str | None) -> None:
    """KK-BATTLE-2: the battle begins with its first exchange and the armies as they stand."""
    state = flow.state
    exchange = _first_exchange(state, battle)
    flow.emit(
        "BattleStarted",
        {
            "battle": battle.id,
            "selected_by": selected_by,
            "exchange": exchange,
            "attacker_force": side_force(state, battle, ATTACKER).to_json(),
            "defender_force": side_force(state, battle, DEFENDER).to_json(),
            "neutral_roller": neutral_roller(state, battle.attacker) if is_neutral(battle.defender) else None,
        },
    )
    flow.note("KK-BATTLE-2", f"{battle.id} in {battle.county}: {'siege' if battle.kind == 'siege' else 'open battle'}")


def _first_exchange(state: KKState, battle: Battle) -> str:
    if battle.kind == "siege":
        return SIEGE_ARCHERS if side_force(state, battle, DEFENDER).archer else SIEGE_ASSAULT
    return VOLLEY if volleying_sides(state, battle) else FULL


def casualty_chooser(state: KKState, battle: Battle, hitting: str) -> str | None:
    """KK-BATTLE-11, A-9, A-10: the hitter chooses; for neutrals their roller, or the engine under `auto`."""
    if battle.exchange == SIEGE_ARCHERS and state.options.get("siege_volley_chooser") == "target":
        hitting = other(hitting)
    owner = battle.owner_of(hitting)
    if not is_neutral(owner):
        return owner
    if state.options.get("neutral_casualty_policy") == "auto":
        return None
    return neutral_roller(state, battle.attacker)


def chooser_summary(state: KKState) -> Mapping[str, Any]:
    """What the current battle waits for (for views)."""
    battle = state.battle(state.current_battle)
    if battle is None:
        chooser, mine = battle_chooser(state) if state.phase == BATTLE else (None, [])
        return {"choose_battle": chooser, "among": [b.id for b in mine]}
    return {"battle": battle.id, "waiting_for": [p.chooser for p in battle.pending if p.chosen is None]}
