"""Refusals: the rule broken, a message quoting the input, and the field at fault."""

from __future__ import annotations

from domain.kernel import Decision, RuleViolation


def refuse(rule_id: str, message: str, field: str | None = None) -> Decision:
    """A refusal naming the rule and, when one is at fault, the input field."""
    return Decision(violations=(RuleViolation(rule_id, message, {"field": field} if field else {}),))
