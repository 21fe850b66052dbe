"""Ruling changes shipped as new versions of the ruleset (ruleset.py `VERSIONS`), by name.

A version's ruleset puts its amendments in every state it builds (`AgotState.amendments`, domain/versioned.py); a
decide path that a ruling change alters reads its name there, so games pinned to an older version keep deciding as
they were played. The fold is the same under every version.
"""

from __future__ import annotations

# 1.1.0 (QA rulings pass): GOT-RETREAT-5 bars a retreat into an area of the House's own units only when the retreat
# itself causes the excess (「因撤退至有己方单位的区域，而导致超过补给上限」): a House already over its supply limit
# without the retreating units (a limit cut with adjust, GOT-X-25, or a position) may retreat so long as the
# retreating units add no excess, destroying first as few of them as that takes. Under 1.0.0 every such area was
# closed (the armies after the retreat had to fit), so the units were all destroyed when no other area was open.
RETREAT_ADDS_NO_EXCESS = "retreat_adds_no_excess"
