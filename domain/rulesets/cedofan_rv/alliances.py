"""Alliances between factions (RV-FLD-3, RV-REL-1): declared by both seats, ended by either.

The seed knows allies — „Pokud se nalézají ve městě jednotky více spojeneckých armád, tak se samozřejmě vzájemně při
obraně podporují" (RV-FLD-3) and „spřátelená/vlastní armáda" relieves a siege (RV-REL-1) — but says nothing of how
an alliance is made or ended: that is the table's diplomacy. **Decision:** the record learns of an alliance when
each of the two seats has declared it (`declare_alliance`, at any time: diplomacy is not an impulse's spending);
either seat may end it (`end_alliance`, which also withdraws a declaration not yet answered), since the seed binds
no alliance to a term. Without an alliance every faction fights for itself: a third faction's army standing in a
city is not its garrison (`battles.defenders_of`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv.state import RvState


def declare_alliance(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`declare_alliance {with}`: RV-FLD-3: the alliance is in force once the other seat has declared it too."""
    return _decided(game.state, action, ending=False)


def end_alliance(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`end_alliance {with}`: RV-FLD-3: either ally ends the alliance (or withdraws its unanswered declaration)."""
    return _decided(game.state, action, ending=True)


def _decided(state: RvState, action: Action, ending: bool) -> Decision:
    """RV-FLD-3: the declaration or the end, once `_pair` admits it."""
    pair = _pair(state, action, ending)
    if isinstance(pair, RuleViolation):
        return Decision(violations=(pair,))
    seat, other = pair
    if ending:
        event = Event("AllianceEnded", {"seat": seat, "with": other, "rule_ids": ["RV-FLD-3"]})
        said = f"RV-FLD-3: {seat} ends its alliance with {other}"
    else:
        in_force = (other, seat) in state.alliance_offers
        event = Event("AllianceDeclared", {"seat": seat, "with": other, "in_force": in_force, "rule_ids": ["RV-FLD-3"]})
        said = f"RV-FLD-3: {seat} allies with {other}: " + (
            "the alliance is in force" if in_force else f"in force once {other} declares it too"
        )
    return Decision((event,), trace=(TraceStep("RV-FLD-3", said, {}),))


def _pair(state: RvState, action: Action, ending: bool) -> tuple[str, str] | RuleViolation:
    """RV-FLD-3: an alliance is between two different factions seated in the game, the sender and `data.with`,
    declared once by each; only one there is (or a declaration of it) is ended."""
    seat, other = str(action.seat), action.data.get("with")
    if other not in state.seats or other == seat:
        message = f"{other!r} is not another faction of this game (factions: {', '.join(state.seats)})"
    elif ending and not state.allied(seat, str(other)) and (seat, other) not in state.alliance_offers:
        message = f"{seat!r} has no alliance with {other!r}, nor a declaration of one, to end"
    elif not ending and state.allied(seat, str(other)):
        message = f"{seat!r} and {other!r} are allies already"
    elif not ending and (seat, other) in state.alliance_offers:
        message = f"{seat!r} has declared an alliance with {other!r}; {other!r} has not yet"
    else:
        return seat, str(other)
    return RuleViolation("RV-FLD-3", message, {"field": "data.with"})


def alliance_declared(state: RvState, data: Mapping[str, Any]) -> RvState:
    """The declaration waits for the other seat's, or puts the alliance in force."""
    seat, other = str(data["seat"]), str(data["with"])
    if not data.get("in_force"):
        return replace(state, alliance_offers=(*state.alliance_offers, (seat, other)))
    offers = tuple(o for o in state.alliance_offers if o not in ((seat, other), (other, seat)))
    pair = (min(seat, other), max(seat, other))
    return replace(state, alliances=tuple(sorted({*state.alliances, pair})), alliance_offers=offers)


def alliance_ended(state: RvState, data: Mapping[str, Any]) -> RvState:
    """The alliance, and any declaration of it, is gone."""
    seat, other = str(data["seat"]), str(data["with"])
    pair = (min(seat, other), max(seat, other))
    offers = tuple(o for o in state.alliance_offers if o not in ((seat, other), (other, seat)))
    return replace(state, alliances=tuple(p for p in state.alliances if p != pair), alliance_offers=offers)
