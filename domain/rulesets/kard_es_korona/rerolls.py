"""The Judge Royal's rerolls (KK-OFFICE-1/2, A-57, DESIGN §6).

Right after a roll he may change, the roll waits in `KKState.reroll_offer` for his `reroll` (a new `DiceRolled`
and a `DiceRerolled` naming the replaced roll by its dice index `first_k`; the new result stands) or his
`keep_roll`. Occasions, each spent once (`KKState.rerolls_used`): `battle:<id>` (one arm group of one exchange
per battle, all of its dice, KK-OFFICE-1), `duel:<id>` (one of his own duel dice, KK-LORD-6) and
`escape:<id>` (the escape roll, KK-ELIM-2). A roll no reroll can improve (his own 6, dice that already kill the
whole enemy force) is not offered: the trace says so under the rule id, and play goes on. The offers are made
here; the Judge Royal's answer is reroll_choices.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Decision, Event
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.hits import casualty_options, die_targets, other, side_force
from domain.rulesets.kard_es_korona.state import (
    ATTACKER,
    DEFENDER,
    Battle,
    KKState,
    is_neutral,
)


def judge_royal(state: KKState) -> str | None:
    return state.offices.get("judge_royal")


def awaiting_judge(state: KKState) -> Decision | None:
    """KK-OFFICE-1: the roll just made is not over until the Judge Royal rerolls or keeps it; the refusal of
    anything that would go on before (None: no offer waits)."""
    if state.reroll_offer:
        return refuse("KK-OFFICE-1", "the Judge Royal first decides whether to reroll", "type")
    return None


def offer_reroll(flow: Flow, seat: str, kind: str, occasion: str, event: Event, target: Any) -> bool:
    """KK-OFFICE-2: offer the Judge Royal his reroll of a roll of his own, once per occasion."""
    state = flow.state
    key = f"{kind}:{occasion}"
    if judge_royal(state) != seat or key in state.rerolls_used:
        return False
    flow.emit(
        "RerollOffered",
        {"seat": seat, "occasion": key, "roll": event.data["first_k"], "faces": event.data["faces"], "to": target},
    )
    flow.note("KK-OFFICE-2", f"{seat}, the Judge Royal, may reroll this {kind} roll once")
    return True


def duel_reroll_offer(flow: Flow, battle: Battle, faces: Mapping[str, int], rolls: Mapping[str, int]) -> bool:
    """KK-LORD-6: a duellist who is Judge Royal may reroll one of his own duel dice, once per duel."""
    state = flow.state
    jr = judge_royal(state)
    side = next((s for s in (ATTACKER, DEFENDER) if battle.owner_of(s) == jr), None)
    key = f"duel:{battle.id}"
    if side is None or key in state.rerolls_used:
        return False
    if faces[side] == 6:  # his own 6: a lone 6 has won, a 6 against a 6 can only get worse
        flow.note("KK-OFFICE-2", f"{jr}, the Judge Royal, rolled a 6: no reroll can improve it, none is offered")
        return False
    offer = {"seat": jr, "occasion": key, "side": side, "faces": dict(faces), "roll": rolls[side]}
    flow.emit("RerollOffered", offer)
    flow.note("KK-LORD-6", f"{jr}, the Judge Royal, may reroll his duel die once")
    return True


def exchange_reroll_offer(flow: Flow, battle: Battle, groups: list[dict[str, Any]]) -> bool:
    """KK-OFFICE-1, A-57: in a battle where he has units, once per battle, one of his own arm groups."""
    state = flow.state
    jr = judge_royal(state)
    key = f"battle:{battle.id}"
    if jr is None or key in state.rerolls_used or is_neutral(jr):
        return False
    mine = [g for g in groups if battle.owner_of(g["side"]) == jr]
    if not mine:
        return False
    if not _may_improve(state, battle, mine):
        flow.note("KK-OFFICE-1", f"{jr}, the Judge Royal, cannot kill more by any reroll: none is offered")
        return False
    flow.emit("RerollOffered", {"seat": jr, "occasion": key, "battle": battle.id, "groups": mine})
    flow.note("KK-OFFICE-1", f"{jr}, the Judge Royal, may reroll all dice of one of his arm groups once")
    return True


def _may_improve(state: KKState, battle: Battle, mine: list[dict[str, Any]]) -> bool:
    """Whether a reroll of one of his groups could kill more: not when his dice already kill the whole enemy
    force, nor when every die of his already hits all that a 6 would hit."""

    side = str(mine[0]["side"])
    enemy = side_force(state, battle, other(side))
    dice = [(str(g["arm"]), int(f)) for g in mine for f in g["faces"]]
    best, _ = casualty_options([die_targets(state, battle, side, arm, face) for arm, face in dice], enemy)
    if best >= enemy.total:
        return False
    return any(
        die_targets(state, battle, side, arm, face) != die_targets(state, battle, side, arm, 6) for arm, face in dice
    )
