"""Refusals: the rule broken, a message quoting the input, and the field at fault; and the checks a transcript
records as deviations instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Decision, RuleViolation
from domain.rulesets.agot2.state import AgotState, Combat


def refuse(rule_id: str, message: str, field: str | None = None) -> Decision:
    """A refusal naming the rule and, when one is at fault, the input field."""
    return Decision(violations=(RuleViolation(rule_id, message, {"field": field} if field else {}),))


class Checks:
    """The rule checks of one action. Adjudicated: the first broken rule refuses it, as `refuse` would.

    A transcript (`lenient`) records what the table did with every broken rule as a deviation; only facts
    that exist (known areas, units, orders, seats) reach these checks, the rest is refused in both modes.
    """

    def __init__(self, lenient: bool, turn: tuple[RuleViolation, ...] = ()) -> None:
        self.lenient = lenient
        self.turn = turn  # GOT-X-12, TERM-4: timing deviations, recorded with the facts in both modes
        self.violations: list[RuleViolation] = []

    def broken(self, rule_id: str, message: str, field: str | None = None) -> bool:
        """Note a broken rule; True when the action must be refused now (adjudicated)."""
        self.violations.append(RuleViolation(rule_id, message, {"field": field} if field else {}))
        return not self.lenient

    def refusal(self) -> Decision:
        """The refusal of an adjudicated game: the rule just broken."""
        return Decision(violations=(self.violations[-1],))

    def record(self, decision: Decision) -> Decision:
        """The facts with the timing deviations first, then the rules the table broke."""
        if decision.violations:
            return decision
        return Decision(decision.events, (*self.turn, *self.violations), decision.trace)


def combat_under_way(s: AgotState, d: Mapping[str, Any]) -> tuple[Combat | None, Decision | None]:
    """GOT-COMBAT-4: the action names the combat under way (its id); refused when there is none or another."""
    c = s.combat
    if c is None:
        return None, refuse("GOT-COMBAT-4", "no combat is under way")
    if d.get("combat_id") != c.combat_id:
        return None, refuse(
            "GOT-COMBAT-4",
            f"combat_id {d.get('combat_id')!r} is not the combat under way ({c.combat_id})",
            "data.combat_id",
        )
    return c, None
