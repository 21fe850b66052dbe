"""Ruling changes shipped as new versions of the ruleset (ruleset.py `VERSIONS`), by name.

A version's ruleset puts its amendments in every state it builds (`RvState.amendments`, domain/versioned.py); a
decide path that a ruling change alters reads its name there, so games pinned to an older version keep deciding as
they were played. The fold is the same under every version.
"""

from __future__ import annotations

# 1.1.0 (qa_rv3 item 5, 209a8a6): RV-REL-7, RV-AMB-16: a besieger's move that ends where he may still besiege keeps
# the siege as begun (`BannerMoved.besieges`); a move out of reach breaks it off (`BannerMoved.breaks_off`,
# RV-SIE-3). Under 1.0.0 every move of a besieger ended his part in the siege.
SIEGE_KEPT_ON_MOVE = "siege_kept_on_move"
# 1.1.0 (c25f5c8, f7c63c9): RV-LOOT-2: a game that ends on influence (RV-VIC-3) or by an arbiter's `end_game`
# (CORE-END-1) first delivers every open loot slip at what the losing nobles carried (`LootDelivered`). Under 1.0.0
# the game ended with the slip open.
SLIPS_SETTLED_AT_END = "slips_settled_at_end"
