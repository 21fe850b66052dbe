"""Ruling changes shipped as new versions of the ruleset (ruleset.py `VERSIONS`), by name.

A version's ruleset puts its amendments in every state it builds (`KKState.amendments`); a decide path that a
ruling change alters reads its name there, so games pinned to an older version keep deciding as they were played.
"""

from __future__ import annotations

# 1.1.0 (QA kk3, L1): KK-OPEN-4 has only cavalry and infantry roll in an open battle's melee, and archers that
# volleyed do not; a volley that leaves neither on either side ends full round 1, and full round 2 follows
# (KK-OPEN-5) instead of a melee exchange with no dice.
EMPTY_MELEE_SKIPPED = "empty_melee_skipped"
