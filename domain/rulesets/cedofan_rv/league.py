"""The Kard League's sub-factions in battle: who calls a storm and who gets the city (RV-KL-3)."""

from __future__ import annotations

from typing import Any

from domain.kernel import RuleViolation
from domain.rulesets.cedofan_rv.state import RvState, Siege
from domain.rulesets.cedofan_rv.treasuries import KARD_LEAGUE


def storm_caller(state: RvState, seat: str, siege: Siege, called_by: str, named_sub: Any) -> str | RuleViolation | None:
    """RV-KL-3: in the Kard League a storm is called by the sub-faction that meets the storm conditions: one
    whose noble besieges the place (or, in a sortie, whose units are inside). `data.subfaction` picks it
    when several do; None outside the Kard League."""
    if seat != KARD_LEAGUE:
        return None
    if called_by == "besieger":
        pieces = [state.pieces[n] for n in siege.nobles if n in state.pieces]
    else:
        pieces = [p for p in state.pieces_in(siege.place) if p.owner == seat and not p.is_noble]
    able = sorted({p.subfaction for p in pieces if p.subfaction})
    if named_sub is None and len(able) == 1:
        return able[0]
    if named_sub is None and not able:
        return None
    if named_sub not in able:
        return RuleViolation(
            "RV-KL-3",
            f"the storm on {siege.place!r} is called by a sub-faction meeting its conditions: "
            f"{', '.join(able) or 'none'}; data.subfaction {named_sub!r}",
            {"field": "data.subfaction"},
        )
    return str(named_sub)


def conqueror_subfaction(state: RvState, siege: Siege, caller: str | None) -> dict[str, str]:
    """RV-KL-3: a place the Kard League takes goes to the sub-faction that called the last storm (its own
    besieging sub-faction when the besieged called it)."""
    if siege.besieger != KARD_LEAGUE:
        return {}
    besieging = sorted(state.pieces[n].subfaction or "" for n in siege.nobles if n in state.pieces)
    sub = caller or next((s for s in besieging if s), None)
    return {"subfaction": sub} if sub else {}
