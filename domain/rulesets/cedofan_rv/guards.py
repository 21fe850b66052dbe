"""Guards shared by every action: whose impulse it is, the spending limit, the treasury, the acting noble."""

from __future__ import annotations

from typing import Any

from domain.kernel import RuleViolation
from domain.rulesets.cedofan_rv.state import Piece, RvState


def in_own_impulse(state: RvState, seat: str) -> RuleViolation | None:
    """RV-TURN-1: a faction acts only in its own impulse."""
    if state.impulse != seat:
        sub = f" ({state.impulse_subfaction})" if state.impulse_subfaction else ""
        now = f"the impulse of {state.impulse!r}{sub}" if state.impulse else "no impulse"
        return RuleViolation("RV-TURN-1", f"{seat!r} acts only in its own impulse; it is {now}", {"field": "seat"})
    return None


def within_limit(state: RvState, cost: int, what: str, rule_id: str = "RV-SUP-1") -> RuleViolation | None:
    """RV-SUP-1 (RV-STM-3 for storms): spending in one impulse stays within cities + 4.

    RV-SUP-5: resources burned for independence may exceed the limit. The independence rules were not
    retrievable, so independence is not an action here: the arbiter records it by `adjust`, which no
    limit checks. RV-KL-1, RV-TURN-3: each Kard League sub-faction spends in its own impulse, within its own
    limit (set when the impulse begins, see option `subfaction_limit`).
    """
    if state.spent + cost > state.limit:
        return RuleViolation(
            rule_id,
            f"{what} costs {cost}: {state.spent} + {cost} = {state.spent + cost} > limit {state.limit}",
            {"spent": state.spent, "cost": cost, "limit": state.limit},
        )
    return None


def spending_within_limit(state: RvState, cost: int, what: str) -> tuple[RuleViolation, ...]:
    """RV-SUP-1, RV-AMB-14: recruiting and buying a general are spending of the impulse, within its limit too.

    **Decision:** the seed caps everything an impulse uses: „Zteč jde v průběhu hráčova impulzu opakovat, dokud
    nedojde limit využitelných zásob během impulzu. (4+počet měst ve vlastnictví)" (RV-STM-3) — a limit of the
    resources usable in the impulse, not of some kinds of spending. The limit page's „na přesuny, zteče a stavbu"
    (RV-SUP-1) names units' building among them: units are built („jednotek, které může vystavět", RV-UNIT-2). So a
    recruit and an imperial general count against the limit (RV-AMB-14), from whichever treasury they are paid; a
    free shade (RV-ECO-7) costs nothing, and moving money between treasury and purses (RV-SUP-3/4) is no spending.
    """
    over = within_limit(state, cost, what)
    return () if over is None else (over, RuleViolation("RV-AMB-14", over.message, over.details))


def can_pay(state: RvState, treasury: str, cost: int, what: str, rule_id: str = "RV-SUP-1") -> RuleViolation | None:
    """RV-SUP-1, RV-KL-1: costs are paid from the faction's own treasury (a sub-faction's in the Kard League)."""
    held = state.treasuries.get(treasury, 0)
    if cost > held:
        return RuleViolation(rule_id, f"{what} costs {cost} but the treasury of {treasury!r} holds {held}", {})
    return None


def own_noble(state: RvState, seat: str, noble_id: Any, field: str) -> Piece | RuleViolation:
    """RV-NOB-1: banners are led by a noble of the acting faction."""
    piece = state.pieces.get(noble_id) if isinstance(noble_id, str) else None
    if piece is None or not piece.is_noble:
        return RuleViolation("RV-NOB-1", f"{noble_id!r} is not a noble on the board", {"field": field})
    if piece.owner != seat:
        return RuleViolation(
            "RV-NOB-1", f"noble {noble_id!r} belongs to {piece.owner!r}, not {seat!r}", {"field": field}
        )
    return piece
