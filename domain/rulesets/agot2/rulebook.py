"""The agot2 rule catalog (shared/rules/agot2.md §3 and §4): one Rule per id, quoting the seed (§0.4)."""

from collections.abc import Mapping

from domain.kernel import Rule
from domain.rulesets.agot2.rules_combat import RULES as COMBAT
from domain.rulesets.agot2.rules_gaps import RULES as GAPS
from domain.rulesets.agot2.rules_losses import RULES as LOSSES
from domain.rulesets.agot2.rules_terms import RULES as TERMS

RULEBOOK: Mapping[str, Rule] = {rule.id: rule for rule in (*TERMS, *COMBAT, *LOSSES, *GAPS)}
