"""`cedofan_rv`: combat, sieges and storms of the cedofan.cz war for the Rudern Empire (seed 003)."""

from domain.rulesets.cedofan_rv.ruleset import CEDOFAN_RV, CEDOFAN_RV_1_0_0, VERSIONS, CedofanRvRuleset
from domain.rulesets.cedofan_rv.state import RvState

__all__ = ["CEDOFAN_RV", "CEDOFAN_RV_1_0_0", "VERSIONS", "CedofanRvRuleset", "RvState"]
