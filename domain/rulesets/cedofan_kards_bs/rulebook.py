# ruff: noqa: E501  (a table of quoted rule texts: long lines keep each quote whole and greppable)
"""The rule catalog of `cedofan_kards_bs`: seed 002 (Czech, "Pravidla boje") and the catalog's defaults.

Each rule keeps the seed's Czech words it rests on; the KBS-AMB-* rules are the catalog's readings of
open points, each backed by a ruleset option where a game may choose otherwise.
"""

from collections.abc import Mapping

from domain.kernel import Rule
from domain.rulesets.cedofan_kards_bs.rules_battles import RULES as BATTLES
from domain.rulesets.cedofan_kards_bs.rules_defaults import DEFAULTS
from domain.rulesets.cedofan_kards_bs.rules_events import RULES as EVENTS
from domain.rulesets.cedofan_kards_bs.rules_forces import RULES as FORCES

SEED = "002_099a56066bd75f99.txt"
CATALOG = "shared/rules/cedofan_kards_bs.md"

# Setting up a situation (issue 15) is not in the seed: the catalog's rule for positions (§3.13).
POSITIONS = Rule(
    "KBS-POS-1",
    "Positions: a position (a situation set up by an arbiter, a club or a tournament) names only the fields and cities of the game's board, the factions of the board or the seating (or neutral), the seated factions where a seat takes turns, and each army and leader figure once; what a city is (fortified, port, capital) stays the board's.",
    "",
    CATALOG,
    "§3.13 Positions",
)

RULEBOOK: Mapping[str, Rule] = {
    **{rid: Rule(rid, summary, quote, SEED, section) for rid, summary, quote, section in (*FORCES, *BATTLES, *EVENTS)},
    **{rid: Rule(rid, summary, "", CATALOG, "§4 ambiguities and defaults") for rid, summary in DEFAULTS},
    POSITIONS.id: POSITIONS,
}
