"""A march against a neutral force token (GOT-X-26/27): the attack strength, and the token beaten or not.

No house cards, no Blade and no combat steps: the marching units, the March order and the marching House's
own adjacent Support orders must reach the token's printed strength.
"""

from __future__ import annotations

from domain.kernel import Decision, Event, TraceStep
from domain.rulesets.agot2.guards import Checks, refuse
from domain.rulesets.agot2.state import AgotState, ev
from domain.rulesets.agot2.strength import eligible_support, unit_value


def attack_strength(s: AgotState, seat: str, token: str, area: str, units: list[str]) -> tuple[int, list[TraceStep]]:
    """GOT-X-27, COMBAT-2/3, STRENGTH-4, SUPPORT-2/8, X-5, X-6: units + March modifier + own support."""
    structure = s.board.structure(area)
    marching = sum(unit_value(s.units[u], "attacker", structure) for u in units)
    modifier = s.tokens[token].modifier if token in s.tokens else 0
    trace = [
        TraceStep("GOT-COMBAT-2", f"{seat}'s marching units {', '.join(units)} = {marching}"),
        TraceStep("GOT-STRENGTH-4", f"March order {token}: {modifier:+d}"),
    ]
    total = marching + modifier
    own = [areas for supporter, areas in eligible_support(s, area, seat, "") if supporter == seat]
    for where in sorted({a for areas in own for a in areas}):
        value = sum(unit_value(u, "attacker", structure, supporting=True) for u in s.units_in(where, seat))
        order = s.orders[where]
        bonus = s.tokens[order.token].modifier
        if value == 0 and not s.options.get("special_support_bonus_always", True):
            bonus = 0
        total += value + bonus
        trace.append(TraceStep("GOT-SUPPORT-2", f"{seat}'s Support in {where}: {value} + order bonus {bonus}"))
    return total, trace


def can_attack_neutral(s: AgotState, seat: str, token: str, area: str, units: list[str]) -> bool:
    """GOT-X-26/27: the area is not closed and these marching units bring at least the token's strength."""
    strength = s.neutral_forces[area]
    return strength is not None and attack_strength(s, seat, token, area, units)[0] >= strength


def attack_neutral(
    s: AgotState, seat: str, origin: str, token: str, area: str, units: list[str], field: str, checks: Checks
) -> Decision:
    """GOT-X-26/27: the march into the area and the token removed, or the refusal naming the rule.

    A transcript records a march the table let through against too strong a token, as a GOT-X-27 deviation;
    a closed area (strength null) is refused in both modes: nothing can stand there.
    """
    strength = s.neutral_forces[area]
    name = s.board.name(area)
    if strength is None:
        message = f"{name} is closed in this game (a neutral force token without strength): no march enters it"
        return refuse("GOT-X-26", message, f"{field}.to_area")
    attack, trace = attack_strength(s, seat, token, area, units)
    if attack < strength and checks.broken(
        "GOT-X-27",
        f"{seat} brings strength {attack} against the neutral force of {strength} in {name}; "
        f"a march must bring at least {strength}",
        f"{field}.to_area",
    ):
        return checks.refusal()
    events: tuple[Event, ...] = (
        ev(
            s,
            "UnitsMarched",
            seat=seat,
            from_area=origin,
            to_area=area,
            units=units,
            order_token=token,
            starts_combat=False,
        ),
        ev(
            s,
            "NeutralForceDefeated",
            seat=seat,
            area=area,
            strength=strength,
            attack_strength=attack,
            from_area=origin,
            units=units,
        ),
    )
    verdict = "beaten: the token is removed from the game" if attack >= strength else "not beaten (recorded)"
    trace.append(TraceStep("GOT-X-27", f"attack {attack} against the neutral force {strength} in {name}: {verdict}"))
    return Decision(events, trace=tuple(trace))
