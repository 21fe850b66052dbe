"""The defeated lord's and the victor's choices (KK-ELIM-2..6, KK-CAPTIVE-1, A-23..A-25): escape, fealty, consent
and the takeover; each settles what it can and lets the battle phase go on (`battle_end.resume`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, Game, Inputs
from domain.platform import roll
from domain.rulesets.kard_es_korona.battle_end import resume
from domain.rulesets.kard_es_korona.defeat import escape_routes, swear
from domain.rulesets.kard_es_korona.defeat_evolve import CONSENT, ESCAPE, FEALTY, TAKEOVER
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.rerolls import offer_reroll
from domain.rulesets.kard_es_korona.state import KKState


def _refusal(state: KKState, stage: str, seat: str | None, rule_id: str, who: str = "seat") -> Decision | None:
    """The refusal when `seat` cannot act on the defeat's `stage` now (None: he can)."""
    defeat = state.defeat
    if not defeat or defeat.get("stage") != stage:
        return refuse(rule_id, f"no defeat waits for this ({rule_id})", "type")
    expected = defeat["seat"] if who == "seat" else defeat["by"]
    if seat != expected:
        return refuse(rule_id, f"{expected} decides this, not {seat}", "seat")
    return None


def _recorded(state: KKState, kind: str, data: dict[str, Any]) -> Decision:
    """One choice recorded, then the defeat goes on as far as it can."""
    flow = Flow(state)
    flow.emit(kind, data)
    resume(flow)
    return flow.decision()


def decide_attempt_escape(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-ELIM-2: the defeated lord rolls one die; on a 6 he escapes to the named county one step away."""
    refused = _refusal(state, ESCAPE, action.seat, "KK-ELIM-2")
    if refused is not None:
        return refused
    routes = escape_routes(state, state.defeat)
    target = action.data.get("to")
    if target not in routes:
        return refuse("KK-ELIM-2", f"{target!r} is not an escape route; routes: {', '.join(routes)}", "data.to")
    flow = Flow(state)
    event, faces = roll(game, inputs, 1, action.seat, f"kk:escape:{state.defeat['battle']}")
    flow.record(event)

    if faces[0] == 6:
        if state.offices.get("judge_royal") == action.seat:
            flow.note(
                "KK-OFFICE-2",
                f"{action.seat}, the Judge Royal, rolled a 6 and escapes: no reroll can improve it, none is offered",
            )
    elif offer_reroll(flow, str(action.seat), "escape", str(state.defeat["battle"]), event, target):
        return flow.decision()
    escape_result(flow, str(action.seat), str(target), faces[0])
    return flow.decision()


def escape_result(flow: Flow, seat: str, target: str, face: int) -> None:
    """KK-ELIM-2: a 6 escapes and cancels the defeat (A-23); anything else leaves it standing."""
    if face == 6:
        flow.emit("EscapeSucceeded", {"seat": seat, "to": target, "face": face})
        flow.note("KK-ELIM-2", f"{seat} rolls 6: the lord escapes to {target}")
    else:
        flow.emit("EscapeFailed", {"seat": seat, "face": face})
        flow.note("KK-ELIM-2", f"{seat} rolls {face}: no escape")
    resume(flow)


def decide_forgo_escape(state: KKState, action: Action) -> Decision:
    """KK-ELIM-2: the escape roll is optional."""
    refused = _refusal(state, ESCAPE, action.seat, "KK-ELIM-2")
    if refused is not None:
        return refused
    return _recorded(state, "EscapeForgone", {"seat": action.seat, "reason": "declined"})


def decide_swear_fealty(state: KKState, action: Action) -> Decision:
    """KK-ELIM-3, A-24: the defeated player offers fealty to his conqueror instead of elimination.

    **Decision:** a vassal takes no vassal. When the conqueror is himself a vassal the oath is refused and the
    defeated player can only be eliminated (KK-ELIM-4: the vassal takes his lands, which then count for the liege,
    KK-VASSAL-4). The seed knows one liege and his vassal, whose lands count for the liege "as if he stood on them
    himself" (L213-215); A-29 frees a liege's vassals when he swears fealty, so no chain ever forms; and a vassal of a
    vassal would hold castles that count for nobody. As with a neutral victor (A-24), fealty is impossible.
    """
    refused = _refusal(state, FEALTY, action.seat, "KK-ELIM-3")
    if refused is not None:
        return refused
    if (to_a_vassal := _oath_to_a_vassal(state)) is not None:
        return to_a_vassal
    flow = Flow(state)
    liege = str(state.defeat["by"])
    flow.emit("FealtyOffered", {"seat": action.seat, "to": liege})
    if state.options.get("fealty_requires_victor_consent", True):
        flow.note("KK-ELIM-3", f"{action.seat} offers fealty; {liege} accepts or refuses (A-24)")
    else:
        swear(flow, str(action.seat), liege)
    resume(flow)
    return flow.decision()


def _oath_to_a_vassal(state: KKState) -> Decision | None:
    """KK-ELIM-3 (Decision, N4): the refusal when the victor is himself a vassal, who takes no vassal (None: he may)."""
    victor = str(state.defeat["by"])
    if victor not in state.lieges:
        return None
    message = f"{victor} is the vassal of {state.lieges[victor]}: a vassal takes no vassal, so no oath to him"
    return refuse("KK-ELIM-3", message, "type")


def decide_decline_fealty(state: KKState, action: Action) -> Decision:
    """KK-ELIM-1: without fealty the defeated player is eliminated."""
    refused = _refusal(state, FEALTY, action.seat, "KK-ELIM-1")
    if refused is not None:
        return refused
    return _recorded(state, "FealtyRefused", {"seat": action.seat, "by": action.seat})


def decide_answer_fealty(state: KKState, action: Action) -> Decision:
    """A-24: the victor accepts the oath (a vassal) or refuses it (elimination); `data.accept` says which."""
    refused = _refusal(state, CONSENT, action.seat, "KK-ELIM-3", who="victor")
    if refused is not None:
        return refused
    accept = action.data.get("accept")
    if not isinstance(accept, bool):
        return refuse("KK-ELIM-3", f"accept must be true or false, not {accept!r}", "data.accept")
    if accept and (to_a_vassal := _oath_to_a_vassal(state)) is not None:
        return to_a_vassal
    flow = Flow(state)
    vassal = str(state.defeat["seat"])
    if accept:
        swear(flow, vassal, str(action.seat))
    else:
        flow.emit("FealtyRefused", {"seat": vassal, "by": action.seat})
        flow.note("KK-ELIM-3", f"(A-24) {action.seat} refuses {vassal}'s oath: {vassal} is eliminated")
    resume(flow)
    return flow.decision()


def decide_place_takeover(state: KKState, action: Action) -> Decision:
    """KK-ELIM-5/6, A-25: one unit of an arm that was present per county (or none); a pending battle needs one."""
    refused = _refusal(state, TAKEOVER, action.seat, "KK-ELIM-5", who="victor")
    if refused is not None:
        return refused
    counties: Mapping[str, list[str]] = state.defeat["counties"]
    battle_counties = {b.county for b in state.battles if b.id in state.defeat["battles"]}
    placements = action.data.get("placements", {})
    if not isinstance(placements, Mapping):
        return refuse("KK-ELIM-5", "placements must map county -> arm (or null)", "data.placements")
    for county, arm in placements.items():
        if county not in counties:
            return refuse("KK-ELIM-5", f"{county!r} held none of the fallen player's units", "data.placements")
        if arm is not None and arm not in counties[county]:
            shown = ", ".join(counties[county])
            return refuse("KK-ELIM-5", f"in {county} only {shown} stood; not {arm!r}", f"data.placements.{county}")
    for county in sorted(battle_counties & set(counties)):
        if placements.get(county) is None:
            return refuse(
                "KK-ELIM-6", f"{county} has a pending battle: one unit must be placed there", "data.placements"
            )
    flow = Flow(state)
    chosen = {c: placements.get(c) for c in sorted(counties)}
    flow.emit("EliminationTakeoverPlaced", {"conqueror": action.seat, "placements": chosen})
    flow.note("KK-ELIM-5", f"{action.seat} places {sum(1 for a in chosen.values() if a)} units")
    resume(flow)
    return flow.decision()
