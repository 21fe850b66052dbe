"""The Kard és Korona rules: catalog ids, English summaries, the seed's Hungarian quotes.

Taken from ../shared/rules/kard-es-korona.md, every rule of the catalog, by chapter: GEN … SIEGE (rules_general,
rules_war); the lords' duels, defeat, fealty and captivity (rules_lords); elections, offices and victory
(rules_court); the advanced and traditional-order rules (rules_variants). Each quote is the seed's line the
catalog cites; the source file is the seed's.
"""

from collections.abc import Mapping

from domain.kernel import Rule
from domain.rulesets.kard_es_korona.rules_court import RULES as COURT
from domain.rulesets.kard_es_korona.rules_general import RULES as GENERAL
from domain.rulesets.kard_es_korona.rules_lords import RULES as LORDS
from domain.rulesets.kard_es_korona.rules_variants import RULES as VARIANTS
from domain.rulesets.kard_es_korona.rules_war import RULES as WAR

SOURCE_FILE = "000_4c364e1d2fc2687c.txt"

RULEBOOK: Mapping[str, Rule] = {
    rule_id: Rule(rule_id, summary, quote, SOURCE_FILE, section)
    for rule_id, summary, quote, section in (*GENERAL, *WAR, *LORDS, *COURT, *VARIANTS)
}
