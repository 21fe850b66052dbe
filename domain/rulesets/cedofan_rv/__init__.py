"""`cedofan_rv`: combat, sieges and storms of the cedofan.cz war for the Rudern Empire (seed 003)."""

from domain.rulesets.cedofan_rv.ruleset import CEDOFAN_RV, CedofanRvRuleset
from domain.rulesets.cedofan_rv.state import RvState

__all__ = ["CEDOFAN_RV", "CedofanRvRuleset", "RvState"]
