"""The Judge Royal's answer to a reroll on offer (KK-OFFICE-1/2, KK-LORD-6): `reroll` or `keep_roll`, then the
exchange, duel or escape goes on from where the roll waited (the offers themselves: `rerolls.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, Game, Inputs
from domain.platform import roll
from domain.rulesets.kard_es_korona.battle_order import casualty_chooser
from domain.rulesets.kard_es_korona.defeat_choices import escape_result
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.hits import casualty_options, die_targets, other, side_force
from domain.rulesets.kard_es_korona.lords import duel_round
from domain.rulesets.kard_es_korona.outcome import settle
from domain.rulesets.kard_es_korona.state import KKState


def _no_offer(offer: Mapping[str, Any] | None, message: str) -> Decision:
    """The reroll rule of the roll on offer bars another seat: KK-OFFICE-1 in battle (or with no roll on offer),
    KK-LORD-6 in a duel (KK-OFFICE-2, his other rolls, its umbrella), KK-OFFICE-2 for any other roll."""
    kind = str(offer["occasion"]).split(":", 1)[0] if offer else "battle"
    if kind == "battle":
        return refuse("KK-OFFICE-1", message, "seat")
    other_rolls = refuse("KK-OFFICE-2", message, "seat")
    return refuse("KK-LORD-6", message, "seat").then(other_rolls) if kind == "duel" else other_rolls


def decide_reroll(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-OFFICE-1/2: the Judge Royal rerolls; the new dice replace the old ones and stand."""
    offer = state.reroll_offer
    if not offer or action.seat != offer.get("seat"):
        return _no_offer(offer, f"{action.seat} has no roll to reroll now")
    occasion = str(offer["occasion"])
    kind = occasion.split(":", 1)[0]
    flow = Flow(state)
    if kind == "battle":
        return _reroll_group(state, flow, game, action, inputs)
    count = 1
    event, faces = roll(game, inputs, count, action.seat, f"kk:reroll:{occasion}")
    flow.record(event)
    replaced = offer.get("roll")
    flow.emit(
        "DiceRerolled",
        {"seat": action.seat, "occasion": occasion, "replaces": replaced, "first_k": event.data["first_k"]}
        | {"faces": list(faces)},
    )
    flow.note("KK-OFFICE-2", f"{action.seat} rerolls: {faces[0]} stands")
    _continue(flow, offer, faces[0])
    return flow.decision()


def decide_keep_roll(state: KKState, action: Action) -> Decision:
    """KK-OFFICE-1/2: the Judge Royal lets the roll stand (his reroll stays unspent)."""
    offer = state.reroll_offer
    if not offer or action.seat != offer.get("seat"):
        return _no_offer(offer, f"{action.seat} has no roll to keep now")
    flow = Flow(state)
    flow.emit("RerollDeclined", {"seat": action.seat, "occasion": offer["occasion"]})
    _continue(flow, offer, None)
    return flow.decision()


def _continue(flow: Flow, offer: Mapping[str, Any], face: int | None) -> None:
    """Carry on from where the roll waited, with the new face (or the old ones)."""
    kind, battle_id = str(offer["occasion"]).split(":", 1)
    if kind == "escape":
        escape_result(flow, str(offer["seat"]), str(offer["to"]), face if face is not None else offer["faces"][0])
    elif kind == "duel":
        battle = flow.state.battle(battle_id)
        assert battle is not None
        faces = dict(offer["faces"])
        if face is not None:
            faces[str(offer["side"])] = face
        duel_round(flow, battle, faces)
    else:
        settle(flow)


def _reroll_group(state: KKState, flow: Flow, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-OFFICE-1: all dice of the named arm group are rolled again; the side's hits are counted anew."""

    offer = state.reroll_offer
    battle = state.battle(str(offer["battle"]))
    assert battle is not None
    arm = action.data.get("arm")
    groups = [dict(g) for g in offer["groups"]]
    chosen = next((g for g in groups if g["arm"] == arm), None)
    if chosen is None:
        shown = ", ".join(str(g["arm"]) for g in groups)
        return refuse("KK-OFFICE-1", f"the Judge Royal rolled {shown} in this exchange, not {arm!r}", "data.arm")
    event, faces = roll(game, inputs, len(chosen["faces"]), action.seat, f"kk:reroll:{offer['occasion']}:{arm}")
    flow.record(event)
    flow.emit(
        "DiceRerolled",
        {"seat": action.seat, "occasion": offer["occasion"], "arm": arm, "replaces": chosen["faces"]}
        | {"first_k": event.data["first_k"], "faces": list(faces)},
    )
    chosen["faces"] = list(faces)
    side = str(chosen["side"])
    targets = [die_targets(state, battle, side, str(g["arm"]), f) for g in groups for f in g["faces"]]
    best, _ = casualty_options(targets, side_force(state, battle, other(side)))
    flow.emit(
        "HitsRecounted",
        {
            "battle": battle.id,
            "side": side,
            "chooser": casualty_chooser(state, battle, side),
            "targets": [list(t) for t in targets],
            "max_kills": best,
        },
    )
    flow.note("KK-OFFICE-1", f"{action.seat} rerolls his {arm}: {', '.join(map(str, faces))}; {best} kills at most")
    settle(flow)
    return flow.decision()
