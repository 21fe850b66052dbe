"""The Kard League's sub-factions: their impulses (RV-TURN-3/4), who acts in them, who calls a storm and who gets
the city (RV-KL-3).

The League is one seat, but each active sub-faction takes its own impulse, in the fixed order of RV-TURN-3
(round 1's order of RV-TURN-4, Stínové země then Západní kardství, is that order with the two sub-factions
of the start). A sub-faction is active while it has a piece or administers a place on the board (option
`active_subfaction`); a League with no active sub-faction (no sub-faction pieces at all) keeps one impulse.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import RuleViolation
from domain.rulesets.cedofan_rv.options import SUBFACTIONS
from domain.rulesets.cedofan_rv.state import Piece, RvState, Siege
from domain.rulesets.cedofan_rv.treasuries import KARD_LEAGUE


def active_subfactions(state: RvState) -> tuple[str, ...]:
    """RV-TURN-3: the sub-factions with a piece or a place on the board, in the fixed order."""
    present = {p.subfaction for p in state.pieces.values() if p.owner == KARD_LEAGUE}
    present |= {p.subfaction for p in state.places.values() if p.owner == KARD_LEAGUE}
    return tuple(sub for sub in SUBFACTIONS if sub in present)


def next_subfaction(state: RvState) -> str | None:
    """RV-TURN-3: the League sub-faction whose impulse comes next this round, None when the League has done.

    The League's impulses come one after the other: once another seat has begun its impulse after them, a
    sub-faction that has become active since waits for the next round.
    """
    if KARD_LEAGUE not in state.seats:
        return None
    if KARD_LEAGUE in state.had_impulse and state.had_impulse[-1] != KARD_LEAGUE:
        return None
    return next((s for s in active_subfactions(state) if s not in state.sub_impulses), None)


def has_played(state: RvState, seat: str) -> bool:
    """RV-TURN-1/3: a seat has had its impulse this round (the League: every active sub-faction has had one)."""
    if seat not in state.had_impulse:
        return False
    return seat != KARD_LEAGUE or next_subfaction(state) is None


def yet_to_play(state: RvState) -> list[str]:
    """RV-TURN-1: the seats that have not had their impulse this round, in impulse order."""
    return [seat for seat in state.order if not has_played(state, seat)]


def subfaction_due(state: RvState, named: Any) -> str | RuleViolation | None:
    """RV-TURN-3: the sub-faction whose impulse the League begins: the next active one in the fixed order
    (`data.subfaction`, when given, must name it); None when the League has no active sub-faction."""
    due = next_subfaction(state)
    active = active_subfactions(state)
    if named is None or named == due or not active:
        return due  # a League without sub-faction pieces takes one impulse, as it always did
    order = ", ".join(active)
    if named in state.sub_impulses:
        why = f"{named!r} has had its impulse in round {state.round}"
    elif named not in active:
        why = f"{named!r} is not an active sub-faction"
    elif due is None:
        why = f"the Kard League's impulses of round {state.round} are over"
    else:
        why = f"{due!r} plays before {named!r}"
    return RuleViolation("RV-TURN-3", f"{why} (Kard League order: {order})", {"field": "data.subfaction"})


def acts_for_impulse(state: RvState, piece: Piece, field: str) -> RuleViolation | None:
    """RV-TURN-3: in a sub-faction's impulse only that sub-faction's nobles act (the League's pieces of no
    sub-faction act in any of its impulses)."""
    acting = state.impulse_subfaction
    if acting is None or piece.owner != KARD_LEAGUE or piece.subfaction in (None, acting):
        return None
    return RuleViolation(
        "RV-TURN-3",
        f"{piece.id!r} is of {piece.subfaction!r}; it is the impulse of {acting!r}",
        {"field": field, "subfaction": acting},
    )


def led_by_impulse(state: RvState, nobles: list[Piece], field: str) -> RuleViolation | None:
    """RV-TURN-3, RV-KL-2: in a sub-faction's impulse its own noble leads; other sub-factions' banners may join
    in support."""
    if not nobles or any(acts_for_impulse(state, n, field) is None for n in nobles):
        return None
    return acts_for_impulse(state, nobles[0], field)


def storm_caller(state: RvState, seat: str, siege: Siege, called_by: str, named_sub: Any) -> str | RuleViolation | None:
    """RV-KL-3: in the Kard League a storm is called by the sub-faction that meets the storm conditions: one
    whose noble besieges the place (or, in a sortie, whose units are inside). In a sub-faction's impulse that
    is the sub-faction itself (RV-TURN-3); in a League without sub-faction impulses `data.subfaction` picks it
    when several do. None outside the Kard League."""
    if seat != KARD_LEAGUE:
        return None
    if called_by == "besieger":
        pieces = [state.pieces[n] for n in siege.nobles if n in state.pieces]
    else:
        pieces = [p for p in state.pieces_in(siege.place) if p.owner == seat and not p.is_noble]
    able = sorted({p.subfaction for p in pieces if p.subfaction})
    acting = state.impulse_subfaction
    if acting is not None and able:
        # RV-TURN-3: in a sub-faction's own impulse, it is that sub-faction that calls.
        if named_sub not in (None, acting):
            return RuleViolation(
                "RV-KL-3",
                f"it is the impulse of {acting!r}: only it calls a storm now, not data.subfaction {named_sub!r}",
                {"field": "data.subfaction"},
            )
        if acting not in able:
            return RuleViolation(
                "RV-KL-3",
                f"{acting!r} does not meet the storm conditions at {siege.place!r}: "
                f"{'none of its nobles besieges it' if called_by == 'besieger' else 'none of its units is inside'}"
                f" (sub-factions that do: {', '.join(able)})",
                {"field": "data.place"},
            )
        return acting
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


def acting_nobles(state: RvState, seat: str) -> tuple[Piece, ...]:
    """RV-NOB-1, RV-TURN-3: the seat's nobles that may lead in the open impulse (in a Kard League sub-faction's
    impulse, that sub-faction's and the League's nobles of no sub-faction), by id."""
    return tuple(
        p
        for p in sorted(state.pieces.values(), key=lambda p: p.id)
        if p.is_noble and p.owner == seat and acts_for_impulse(state, p, "") is None
    )
