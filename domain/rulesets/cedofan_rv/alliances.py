"""Alliances between factions (RV-FLD-3, RV-REL-1): declared by both seats, ended by either.

The seed knows allies — „Pokud se nalézají ve městě jednotky více spojeneckých armád, tak se samozřejmě vzájemně při
obraně podporují" (RV-FLD-3) and „spřátelená/vlastní armáda" relieves a siege (RV-REL-1) — but says nothing of how
an alliance is made or ended: that is the table's diplomacy. **Decision:** the record learns of an alliance when
each of the two seats has declared it (`declare_alliance`, at any time: diplomacy is not an impulse's spending);
either seat may end it (`end_alliance`, which also withdraws a declaration not yet answered), since the seed binds
no alliance to a term. Without an alliance every faction fights for itself: a third faction's army standing in a
city is not its garrison (`battles.defenders_of`).

**Decision** (the end of an alliance with troops inside): only allies share a city („Pokud se nalézají ve městě
jednotky více spojeneckých armád, tak se samozřejmě vzájemně při obraně podporují", RV-FLD-3), so when an alliance
ends, each ex-ally's pieces standing in a city or fortress the other holds leave it at once, free, for their own
nearest friendly city — the seed's one way out of a place an army may not hold: „se stahují do nejbližšího
spřáteleného města/města ve vlastnictví. Za ústup se neplatí suroviny" (RV-FLD-5, RV-STM-6; RV-AMB-10: none
reachable, they are lost; equal ones, the owner chooses with `choose_retreat`). No battle: the seed's battles come of
an army meeting or entering („Setkají-li se dvě nepřátelské armády", „Vstoupí-li cizí armáda"), not of diplomacy,
and it has no fight of two armies inside one city; nor is the end refused, the seed binding no alliance to a term.
A banner standing there to besiege another place is in the field, not in the city, and stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv.outcomes import withdraw
from domain.rulesets.cedofan_rv.state import Piece, RvState

WITHDRAWAL_RULES = ["RV-FLD-3", "RV-FLD-5", "RV-AMB-10"]


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
        if state.allied(seat, other):
            return _leaving(state, event, TraceStep("RV-FLD-3", said, {}))
    else:
        in_force = (other, seat) in state.alliance_offers
        event = Event("AllianceDeclared", {"seat": seat, "with": other, "in_force": in_force, "rule_ids": ["RV-FLD-3"]})
        said = f"RV-FLD-3: {seat} allies with {other}: " + (
            "the alliance is in force" if in_force else f"in force once {other} declares it too"
        )
    return Decision((event,), trace=(TraceStep("RV-FLD-3", said, {}),))


def _leaving(state: RvState, ended: Event, step: TraceStep) -> Decision:
    """RV-FLD-3, RV-FLD-5, RV-AMB-10: the end of the alliance, then each ex-ally's pieces in the other's cities and
    fortresses withdraw, free, to their owner's nearest friendly city as it stands without the alliance."""
    after = alliance_ended(state, ended.data)
    events, trace = [ended], [step]
    for area, owner, pieces in _inside_the_other(state, str(ended.data["seat"]), str(ended.data["with"])):
        left = withdraw(after, pieces, owner, area, ("city",), WITHDRAWAL_RULES, exclude=area)
        events += left
        went = ", ".join(str(e.data.get("to", "nowhere: lost")) for e in left)
        trace.append(TraceStep("RV-FLD-5", f"RV-FLD-5: {owner}'s {len(pieces)} piece(s) leave {area!r} for {went}", {}))
    return Decision(tuple(events), trace=tuple(trace))


def _inside_the_other(state: RvState, seat: str, other: str) -> list[tuple[str, str, list[Piece]]]:
    """RV-FLD-3: (area, owner, pieces) of each ally standing in a city or sound fortress the other holds, by area;
    the banners besieging a place from there stand in the field, not in the city (RV-AMB-16)."""
    besieging = {p.id for siege in state.sieges.values() for n in siege.nobles for p in state.banner_of(n)}
    found = []
    for area, place in sorted(state.places.items()):
        guest = {seat: other, other: seat}.get(place.owner or "")
        if guest is None or not place.shelters:
            continue
        pieces = [p for p in state.pieces_in(area) if p.owner == guest and p.id not in besieging]
        if pieces:
            found.append((area, guest, pieces))
    return found


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
