"""A decision under construction: events are folded as they are emitted, so later rulings see their effect."""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Event, RuleViolation, TraceStep
from domain.rulesets.kard_es_korona.evolve import evolve
from domain.rulesets.kard_es_korona.state import KKState


class Flow:
    """The events, trace and state of one decision as it grows."""

    def __init__(self, state: KKState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.trace: list[TraceStep] = []

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        self.record(Event(kind, data))

    def record(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def note(self, rule_id: str, text: str, **numbers: Any) -> None:
        self.trace.append(TraceStep(rule_id, text, numbers))

    def decision(self, violations: tuple[RuleViolation, ...] = ()) -> Decision:
        return Decision(tuple(self.events), violations, tuple(self.trace))


def refuse(rule_id: str, message: str, field: str | None = None, **details: Any) -> Decision:
    """A refusal naming its rule and the offending input's field."""
    if field is not None:
        details["field"] = field
    return Decision(violations=(RuleViolation(rule_id, message, details),))


class Checks:
    """Rule checks of one action. Adjudicated: the first broken rule refuses it. Transcript (`lenient`): the
    action is still recorded as the table played it, with every broken rule as a deviation."""

    def __init__(self, lenient: bool) -> None:
        self.lenient = lenient
        self.violations: list[RuleViolation] = []

    def broken(self, rule_id: str, message: str, field: str | None = None, **details: Any) -> bool:
        """Note a broken rule; True when the action must be refused now."""
        if field is not None:
            details["field"] = field
        self.violations.append(RuleViolation(rule_id, message, details))
        return not self.lenient

    def refusal(self) -> Decision:
        return Decision(violations=tuple(self.violations))
