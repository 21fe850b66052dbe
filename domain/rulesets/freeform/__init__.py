"""`freeform`: records any typed action without rules of a game system (for systems not modelled yet)."""

from domain.rulesets.freeform.ruleset import FREEFORM, FreeformRuleset
from domain.rulesets.freeform.state import FreeformState

__all__ = ["FREEFORM", "FreeformRuleset", "FreeformState"]
