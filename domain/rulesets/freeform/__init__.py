"""`freeform`: records any typed action without rules of a game system (for systems not modelled yet)."""

from domain.rulesets.freeform.ruleset import FREEFORM, FreeformRuleset, FreeformState

__all__ = ["FREEFORM", "FreeformRuleset", "FreeformState"]
