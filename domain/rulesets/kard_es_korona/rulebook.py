"""The Kard és Korona rules issue 3 decides: catalog ids, English summaries, the seed's Hungarian quotes.

Taken from ../shared/rules/kard-es-korona.md: the areas GEN, SETUP, NEUTRAL, TURN, EVENT, ECON, RECRUIT, CASTLE,
MOVE, BATTLE, OPEN and SIEGE, and the rules of other areas this engine already applies: the lord's bonus and
defeat (LORD-1..4), the Treasurer's and Palatine's rates (OFFICE-3/4), the election years (ELECT-1). Each quote
is the seed's line the catalog cites; the source file is the seed's.
"""

from collections.abc import Mapping

from domain.kernel import Rule
from domain.rulesets.kard_es_korona.rules_general import RULES as GENERAL
from domain.rulesets.kard_es_korona.rules_war import RULES as WAR

SOURCE_FILE = "000_4c364e1d2fc2687c.txt"

RULEBOOK: Mapping[str, Rule] = {
    rule_id: Rule(rule_id, summary, quote, SOURCE_FILE, section) for rule_id, summary, quote, section in GENERAL + WAR
}
