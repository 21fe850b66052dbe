"""`cedofan_kards_bs`: battles, sieges, movement, ransom and vassalage in the age of the living kards (seed 002)."""

from domain.rulesets.cedofan_kards_bs.ruleset import CEDOFAN_KARDS_BS, KardsBsRuleset

__all__ = ["CEDOFAN_KARDS_BS", "KardsBsRuleset"]
