"""The agot2 rule catalog (shared/rules/agot2.md §3 and §4): one Rule per id, quoting the seed (§0.4)."""

from collections.abc import Mapping

from domain.kernel import Rule
from domain.rulesets.agot2 import rules_combat, rules_gaps, rules_terms

RULEBOOK: Mapping[str, Rule] = {rule.id: rule for rule in (*rules_terms.RULES, *rules_combat.RULES, *rules_gaps.RULES)}
