"""Captivity by neutral forces: the timeline, the ransom and the execution (KK-CAPTIVE-1..5, A-31..A-33).

A lord captured in year Y stands on the timeline at Y+3 (`KKState.captives[seat]`). Under the default
`ransom_windows = 2` he can be ransomed in the recruitment phases of Y+1 and Y+2 and is executed when the
year marker reaches Y+3; with `3` the recruitment of Y+3 is a window too and the execution waits for Y+4.
"""

from __future__ import annotations

from domain.kernel import Action, Decision
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.state import RECRUIT, KKState

RANSOM = 20  # 2 gold florins = 20 garas (KK-CAPTIVE-2)


def last_ransom_year(state: KKState, seat: str) -> int:
    """A-31: the last year whose recruitment may still ransom the lord.

    KK-CAPTIVE-5: captivity is not elimination: the lord on the timeline can be ransomed until then.
    """
    timeline = state.captives[seat]
    return timeline - 1 if int(state.options.get("ransom_windows", 2)) == 2 else timeline


def can_pay_ransom(state: KKState, seat: str) -> bool:
    """KK-CAPTIVE-2, A-31, A-32: a captive's recruitment turn in a window, with 20 garas and a unit to go to."""
    if seat not in state.captives or state.phase != RECRUIT or state.turn != seat:
        return False
    captured = state.captives[seat] - 3
    return (
        captured < state.year <= last_ransom_year(state, seat)
        and state.treasury.get(seat, 0) >= RANSOM
        and bool(return_counties(state, seat))
    )


def return_counties(state: KKState, seat: str) -> list[str]:
    """A-32: any county holding the player's own units."""
    return sorted(c for c, by in state.units.items() if seat in by and by[seat].total)


def decide_pay_ransom(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-CAPTIVE-2: 20 garas to the royal treasury in the player's recruitment turn; the lord returns.

    In a transcript (`lenient`) a ransom paid out of turn, outside the windows or beyond the treasury is recorded
    with those rules as deviations; a lord who is no captive, or a county without his units, is refused.
    """
    checks = Checks(lenient)
    seat = action.seat
    if seat is None or seat not in state.captives:
        return refuse("KK-CAPTIVE-2", f"{seat}'s lord is not a captive", "seat")
    to = action.data.get("to")
    if to not in return_counties(state, seat):
        shown = ", ".join(return_counties(state, seat)) or "none"
        return refuse("KK-CAPTIVE-2", f"the lord returns to a county with his units ({shown}), not {to!r}", "data.to")
    if (state.phase != RECRUIT or state.turn != seat) and checks.broken(
        "KK-CAPTIVE-2", f"the ransom is paid in {seat}'s own recruitment turn", "type"
    ):
        return checks.refusal()
    captured, last = state.captives[seat] - 3, last_ransom_year(state, seat)
    if not captured < state.year <= last and checks.broken(
        "KK-CAPTIVE-2",
        f"captured in {captured}: the ransom can be paid in the recruitment of {captured + 1}..{last} (A-31)",
        "type",
    ):
        return checks.refusal()
    if state.treasury.get(seat, 0) < RANSOM and checks.broken(
        "KK-CAPTIVE-2", f"the ransom is {RANSOM} garas; {seat} has {state.treasury.get(seat, 0)}"
    ):
        return checks.refusal()
    flow = Flow(state)
    flow.emit("RansomPaid", {"seat": seat, "amount": RANSOM, "to": to})
    flow.note("KK-CAPTIVE-2", f"{seat} pays {RANSOM} garas to the royal treasury; the lord returns to {to}")
    return flow.decision(tuple(checks.violations))
