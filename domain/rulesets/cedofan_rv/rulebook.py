"""The `cedofan_rv` rulebook: every rule id of the catalog `shared/rules/cedofan_rv.md`.

Source quotes are the Czech text the catalog gives; `source_file` is the seed (003) or, for rules the
catalog takes from companion pages, their addresses. RV-AMB-* are the catalog's documented defaults,
each also a ruleset option (see `options.py`).
"""

from collections.abc import Mapping

from domain.kernel import Rule
from domain.rulesets.cedofan_rv.rules_campaign import RULES as CAMPAIGN
from domain.rulesets.cedofan_rv.rules_combat import RULES as COMBAT
from domain.rulesets.cedofan_rv.rules_defaults import RULES as DEFAULTS

RULEBOOK: Mapping[str, Rule] = {rule.id: rule for rule in (*COMBAT, *CAMPAIGN, *DEFAULTS)}
