"""The choices inside a combat after the cards: the Blade (step 4), casualties and retreats (step 6).

Support (step 1) is in combat_support.py, the cards and their abilities (step 3) in card_choices.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Action, Decision, RuleViolation, TraceStep
from domain.rulesets.agot2.abilities import pending_ability
from domain.rulesets.agot2.aftermath import casualties, retreat
from domain.rulesets.agot2.board import LAND, PORT, SEA
from domain.rulesets.agot2.flow import cards_played
from domain.rulesets.agot2.guards import Checks, combat_under_way, refuse
from domain.rulesets.agot2.retreat import (
    by_transport,
    casualty_eligible,
    losing_units,
    losses_named_first,
    retreat_options,
    retreating_units,
    supply_losses,
)
from domain.rulesets.agot2.state import AgotState, Combat, Unit, ev
from domain.rulesets.agot2.strength import SIDES, live_support


def blade(s: AgotState, action: Action, d: Mapping[str, Any], use: bool, lenient: bool = False) -> Decision:
    """GOT-BLADE-1/2/3/5, X-10: the holder, in its own combat, once per round, after the cards.

    A transcript records the Blade used a second time in a round (GOT-BLADE-2) as a deviation.
    """
    c, refused = combat_under_way(s, d)
    if c is None:
        return refused or Decision()
    checks = Checks(lenient)
    holder = s.holder("fiefdoms")
    if action.seat != holder:
        return refuse("GOT-TRACK-5", f"{action.seat!r} does not hold the Valyrian Steel Blade; {holder} does", "seat")
    if holder not in (c.attacker, c.defender):
        return refuse("GOT-X-10", f"{holder} is not fighting in this combat")
    # Declining a Blade already flipped breaks no rule: a transcript waits for the holder's word (flow).
    if (
        s.blade_used
        and (use or not lenient)
        and checks.broken("GOT-BLADE-2", "the Valyrian Steel Blade was already used this round")
    ):
        return checks.refusal()
    if c.blade_decided or c.result is not None:
        return refuse("GOT-BLADE-5", "the Blade was already decided for this combat")
    if not cards_played(c) or any(pending_ability(s, c, t) is not None for t in ("cancel", "immediately")):
        return refuse("GOT-BLADE-5", "the Blade is used in step 4, after the cards and their first abilities")
    kind = "BladeUsed" if use else "BladeDeclined"
    trace = TraceStep("GOT-BLADE-3" if use else "GOT-X-10", f"{holder} {'uses' if use else 'declines'} the Blade")
    return checks.record(Decision((ev(s, kind, combat_id=c.combat_id, seat=holder),), trace=(trace,)))


# --- step 6: casualties and retreat with a choice ---


def choose_casualties(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-CASUALTY-3/4, ROUT-4, X-16: the loser picks exactly the due number among the eligible units.

    A transcript records the loser's units the table removed (distinct, existing, the loser's), whoever chose
    them and however many, with the rules broken.
    """
    c, refused = combat_under_way(s, d)
    if c is None:
        return refused or Decision()
    if c.result is None or c.casualties_done:
        return refuse("GOT-COMBAT-5", "casualties are not being taken now")
    checks = Checks(lenient)
    loser, due = c.result["loser"], c.result["casualties_due"]
    if action.seat != loser and checks.broken(
        "GOT-CASUALTY-3", f"{loser} chooses its own casualties, not {action.seat!r}", "seat"
    ):
        return checks.refusal()
    units = d.get("units")
    eligible = casualty_eligible(s, c, loser)
    if not isinstance(units, list) or len(units) != due or len(set(units)) != due:
        message = f"choose exactly {due} unit(s), got {units!r}"
        if not _distinct_ids(units) or checks.broken("GOT-CASUALTY-1", message, "data.units"):
            return refuse("GOT-CASUALTY-1", message, "data.units")
    assert isinstance(units, list)
    for uid in units:
        if uid not in eligible:
            unit = s.units.get(uid)
            rule = _casualty_rule(s, c, loser, unit)
            message = f"{uid!r} cannot be a casualty; eligible: {', '.join(eligible)}"
            if unit is None or unit.seat != loser or checks.broken(rule, message, "data.units"):
                return refuse(rule, message, "data.units")
    return checks.record(casualties(s, c, chosen=list(units)))


def _casualty_rule(s: AgotState, c: Combat, loser: str, unit: Unit | None) -> str:
    """GOT-CASUALTY-2/4, ROUT-4, X-16: the rule a unit named as a casualty breaks."""
    if unit is not None and unit.id in {u.id for u in losing_units(s, c, loser)}:
        return "GOT-X-16" if unit.type == "siege_engine" else "GOT-ROUT-4"
    if unit is not None and any(unit.area == where for side in SIDES for _, where in live_support(s, c, side)):
        return "GOT-CASUALTY-4"  # 「支援单位不能被选作伤亡对象」
    if unit is not None and loser == c.attacker and unit.area == c.origin:
        return "GOT-X-16"  # a losing attacker loses only units that marched in
    return "GOT-CASUALTY-2"  # 「败方消灭相等数量的交战区域内己方单位」


def _distinct_ids(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value) and len(set(value)) == len(value)


def choose_retreat(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-RETREAT-2..8, X-17: one legal area; the units to destroy first when supply demands it.

    A transcript records a retreat the table made to another area (one that exists, is not the embattled
    area and holds no other House's units, GOT-X-1) or with other units destroyed, with the rules broken.
    """
    c, refused = combat_under_way(s, d)
    if c is None:
        return refused or Decision()
    if c.result is None or not c.casualties_done or c.retreat_done:
        return refuse("GOT-COMBAT-5", "no retreat is being chosen now")
    checks = Checks(lenient)
    loser = c.result["loser"]
    chooser = c.effects.get("retreat_chooser") or loser
    if loser == c.attacker:
        return refuse("GOT-RETREAT-1", "a losing attacker retreats to its march origin; nothing to choose")
    first = losses_named_first(s, c)
    if first:
        return _losses_first(s, c, action, d, first, checks)
    if action.seat != chooser and checks.broken(
        "GOT-X-17", f"{chooser} chooses this retreat, not {action.seat!r}", "seat"
    ):
        return checks.refusal()
    return _retreat_as_played(s, c, action, d, checks)


def _retreat_as_played(s: AgotState, c: Combat, action: Action, d: Mapping[str, Any], checks: Checks) -> Decision:
    """GOT-RETREAT-3..8, X-17/20: the area named is legal (or, in a transcript, one a table could reach) and the
    units destroyed first are as many as its supply test demands."""
    assert c.result is not None
    loser = c.result["loser"]
    chooser = c.effects.get("retreat_chooser") or loser
    movers = retreating_units(s, c, loser)
    options = {o.area: o for o in retreat_options(s, c, loser, movers)}
    to_area = d.get("to_area")
    destroy = d.get("destroy", [])
    ids = {u.id for u in movers}
    if to_area not in options:
        rule, message, wrong_kind = _why_not_legal(s, c, movers, tuple(options), to_area)
        if not _may_hold(s, c, loser, to_area) or checks.broken(rule, message, "data.to_area"):
            refusal = refuse(rule, message, "data.to_area")
            if wrong_kind:  # GOT-RETREAT-2: the defender retreats under GOT-RETREAT-3 to GOT-RETREAT-9
                umbrella = RuleViolation("GOT-RETREAT-2", message, {"field": "data.to_area"})
                return Decision(violations=(*refusal.violations, umbrella))
            return refusal
        assert isinstance(to_area, str)
        via = by_transport(s, c.area, loser).get(to_area, ()) if not s.board.are_adjacent(c.area, to_area) else ()
        needed = supply_losses(s, c, loser, movers, to_area) or 0  # None: over supply whatever it destroys
    else:
        via, needed = options[to_area].via, options[to_area].destroy
    if not isinstance(destroy, list) or len(destroy) != needed or not set(destroy) <= ids:
        message = (
            f"destroy exactly {needed} of the retreating units "
            f"({', '.join(sorted(ids))}) before retreating to {to_area}; got {destroy!r}"
        )
        if (
            not _distinct_ids(destroy)
            or not set(destroy) <= ids
            or checks.broken("GOT-RETREAT-5", message, "data.destroy")
        ):
            return refuse("GOT-RETREAT-5", message, "data.destroy")
    choice = {"to_area": to_area, "via": list(via), "destroy": destroy}
    return checks.record(retreat(s, c, choice, action.seat or chooser))


def _losses_first(s: AgotState, c: Combat, action: Action, d: Mapping[str, Any], due: int, checks: Checks) -> Decision:
    """GOT-RETREAT-5, X-17, CASUALTY-3: under Robb Stark the loser first names the `due` retreating units it
    destroys to stay within supply; the winner then picks the area (every one offered costs the same).

    A transcript records the loser naming the area too, or another count, with the rules broken.
    """
    assert c.result is not None
    loser, chooser = c.result["loser"], c.effects.get("retreat_chooser")
    if action.seat != loser and checks.broken(
        "GOT-X-17", f"{loser} first names the {due} unit(s) it destroys, not {action.seat!r}", "seat"
    ):
        return checks.refusal()
    if d.get("to_area") is not None:
        message = f"{chooser} picks the area (Robb Stark); {loser} names only the units"
        if action.seat == loser and checks.broken("GOT-X-17", message, "data.to_area"):
            return checks.refusal()
        return _retreat_as_played(s, c, action, d, checks)
    destroy = d.get("destroy", [])
    ids = [u.id for u in retreating_units(s, c, loser)]
    message = f"destroy exactly {due} of the retreating units ({', '.join(ids)}) first; got {destroy!r}"
    if not destroy or not _distinct_ids(destroy) or not set(destroy) <= set(ids):
        return refuse("GOT-RETREAT-5", message, "data.destroy")
    if len(destroy) != due and checks.broken("GOT-RETREAT-5", message, "data.destroy"):
        return checks.refusal()
    gone = ev(s, "UnitsDestroyed", seat=loser, area=c.area, units=list(destroy), reason="supply_limit")
    # Not "then picks the area": when one legal area is left, the retreat goes there at once (GOT-RETREAT-3).
    text = f"{loser} destroys {', '.join(destroy)} first (the loser names the units, {chooser} the area)"
    step = TraceStep("GOT-RETREAT-5", text)
    return checks.record(Decision((gone,), trace=(step,)))


def _why_not_legal(
    s: AgotState, c: Combat, movers: tuple[Any, ...], legal: tuple[str, ...], to_area: Any
) -> tuple[str, str, bool]:
    """GOT-RETREAT-3/4/5/8, X-20: the rule a retreat off the legal list breaks, the message, and whether the
    area is of the wrong kind for the units (GOT-RETREAT-8, then cited with GOT-RETREAT-2)."""
    wrong_kind = _wrong_kind(s, movers, to_area)
    rule = (
        "GOT-RETREAT-8"
        if wrong_kind
        else "GOT-RETREAT-4"
        if to_area == c.origin
        else "GOT-X-20"
        if to_area in s.neutral_forces or _foreign_garrison(s, c, to_area)
        else "GOT-X-17"
        if to_area in {o.area for o in retreat_options(s, c, c.defender, movers, fewest=False)}
        else "GOT-RETREAT-5"
        if to_area in _supply_blocked(s, c, movers)
        else "GOT-RETREAT-3"
    )
    listed = ", ".join(legal) or "none"
    message = f"{to_area!r} is not a legal retreat; legal: {listed}"
    if wrong_kind:
        message = f"{wrong_kind}; legal: {listed}"
    elif rule == "GOT-X-17":
        message = f"{to_area!r} costs more units than another legal retreat; only the fewest losses: {listed}"
    elif rule == "GOT-X-20":
        garrison = _foreign_garrison(s, c, to_area)
        what = "a neutral force token" if to_area in s.neutral_forces else f"{garrison}'s garrison"
        message = f"{to_area!r} holds {what}: no retreat ends there; legal: {listed}"
    return rule, message, bool(wrong_kind)


def _foreign_garrison(s: AgotState, c: Combat, area: Any) -> str:
    """GOT-X-20: the House whose garrison holds the area, when it is not the loser's ("" otherwise)."""
    if not isinstance(area, str) or area not in s.board.areas or not s.garrisons.get(area):
        return ""
    home = s.board.areas[area].home_of
    return home if home is not None and home != c.defender else ""


def _wrong_kind(s: AgotState, movers: tuple[Any, ...], area: Any) -> str:
    """GOT-RETREAT-8: footmen and knights never retreat to a sea area or a port, ships never to land."""
    if not movers or not isinstance(area, str) or area not in s.board.areas:
        return ""
    kind = s.board.kind(area)
    if movers[0].type == "ship":
        return f"ships cannot retreat into the land area {area!r}" if kind == LAND else ""
    return f"land units cannot retreat into the {kind} area {area!r}" if kind in (SEA, PORT) else ""


def _may_hold(s: AgotState, c: Combat, seat: str, area: Any) -> bool:
    """GOT-X-1: a retreat a transcript can record leaves the embattled area for a known area of no other House.

    The attacking units still wait in the march origin, but move in when the defender is gone (GOT-X-2).
    """
    if not isinstance(area, str) or area not in s.board.areas or area == c.area:
        return False
    leaving = set(c.attacking) if s.options.get("winner_moves_in", True) and not c.effects.get("block_move_in") else ()
    return all(u.seat == seat or u.id in leaving for u in s.units_in(area))


def _supply_blocked(s: AgotState, c: Combat, movers: tuple[Any, ...]) -> set[str]:
    """Areas that would be legal but for the supply limit (for naming GOT-RETREAT-5 in a refusal)."""
    loose = replace(s, supply_limits={**s.supply_limits, c.defender: (99,) * 99})
    return {o.area for o in retreat_options(loose, c, c.defender, movers)}
