"""Relieving a siege: a field battle against the besiegers, their dice undivided (RV-REL-*, RV-AMB-17/24).

Each guard returns the violation it finds (or None); its docstring starts with its rule id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv.battles import (
    banners,
    besieged_head,
    defenders_of,
    is_friend_of_besieged,
    siege_in_own_impulse,
    siege_pieces,
)
from domain.rulesets.cedofan_rv.combat import FIELD, Exchange, Side, chosen_order, exchange
from domain.rulesets.cedofan_rv.outcomes import besiegers_withdraw, influence, loot, resolved, survivors, winner_of
from domain.rulesets.cedofan_rv.state import Piece, RvState, Siege, units


def relieve_siege(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-REL-1..7, RV-AMB-17: a field battle against the besiegers, their dice undivided."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    siege = siege_in_own_impulse(state, seat, action.data.get("place"))
    if isinstance(siege, RuleViolation):
        return Decision(violations=(siege,))
    if (own := _not_the_besieger(siege, seat)) is not None:
        return Decision(violations=(own,))
    if (stranger := _a_friend_of_the_besieged(state, siege, seat)) is not None:
        return Decision(violations=(stranger,))
    relievers = banners(state, seat, action.data.get("nobles"), "data.nobles")
    if isinstance(relievers, RuleViolation):
        return Decision(violations=(relievers,))
    if (far := _relievers_reach(state, relievers, siege)) is not None:
        return Decision(violations=(far,))
    inside = {p.id: p for p in joinable(state, siege, seat)}
    joining = action.data.get("joining", [])
    if (stranger := _joining_from_inside(joining, inside, siege)) is not None:
        return Decision(violations=(stranger,))
    besiegers = siege_pieces(state, siege)
    relief = Side("relief", seat, (*relievers, *(inside[j] for j in joining)), FIELD)
    besieging = Side("besieger", siege.besieger, besiegers, FIELD)
    fact = Event(
        "ReliefDeclared",
        {
            "seat": seat,
            "place": siege.place,
            "nobles": list(action.data["nobles"]),
            "joining": list(joining),
            "rule_ids": ["RV-REL-1", "RV-REL-2", "RV-AMB-17"],
        },
    )
    chosen = chosen_order(action.data, (*relief.pieces, *besiegers), seat)
    if isinstance(chosen, RuleViolation):
        return Decision(violations=(chosen,))
    fight = exchange(game, inputs, relief, besieging, options["unit_table"], options["siege_dice"], None, chosen)
    events, trace = _outcome(state, siege, (relief, besieging), relievers, fight, options)
    step = TraceStep("RV-REL-3", "RV-REL-3: field battle; the besiegers' dice are not divided", {})
    return Decision((fact, *fight.events, *events), trace=(step, *fight.trace, *trace))


def _not_the_besieger(siege: Siege, seat: str) -> RuleViolation | None:
    """RV-REL-1: a siege is relieved by another faction than the besieger."""
    if siege.besieger == seat:
        return RuleViolation("RV-REL-1", f"{seat!r} besieges {siege.place!r}; it cannot relieve it", {"field": "seat"})
    return None


def _a_friend_of_the_besieged(state: RvState, siege: Siege, seat: str) -> RuleViolation | None:
    """RV-REL-1: „spřátelená/vlastní armáda": the besieged place's own faction or its ally relieves it; another
    faction meets the besiegers in a plain field battle (`attack`, RV-BTY-1)."""
    if is_friend_of_besieged(state, seat, siege):
        return None
    head = besieged_head(state, siege)
    return RuleViolation(
        "RV-REL-1",
        f"{seat!r} is neither {head!r}, defending {siege.place!r}, nor its ally: it may attack the besiegers instead",
        {"field": "seat"},
    )


def _relievers_reach(state: RvState, relievers: Sequence[Piece], siege: Siege) -> RuleViolation | None:
    """RV-REL-1: every relieving banner stands next to the besieged place, outside it („zvenčí")."""
    for noble in (p for p in relievers if p.is_noble):
        if noble.area == siege.place:
            return RuleViolation(
                "RV-REL-1",
                f"{noble.id!r} stands inside the besieged {siege.place!r}: a relief comes from outside "
                "(the besieged sally or join)",
                {"field": "data.nobles"},
            )
        if not reaches_siege(state, noble, siege):
            return RuleViolation(
                "RV-REL-1", f"{noble.id!r} in {noble.area!r} is not at {siege.place!r}", {"field": "data.nobles"}
            )
    return None


def _joining_from_inside(joining: Any, inside: Mapping[str, Piece], siege: Siege) -> RuleViolation | None:
    """RV-REL-2, RV-AMB-17: the besieged units that join the relief are distinct units of the sender inside."""
    if not isinstance(joining, list) or any(j not in inside for j in joining) or len(set(joining)) != len(joining):
        return RuleViolation(
            "RV-REL-2",
            f"joining {joining!r} must list the sender's own besieged units inside {siege.place!r}",
            {"field": "data.joining"},
        )
    return None


def joinable(state: RvState, siege: Siege, seat: str) -> list[Piece]:
    """RV-REL-2, RV-AMB-17 ("the defender lists which besieged units join"): the units inside the besieged place a
    relieving seat may commit: its own, no one else's."""
    return [p for p in defenders_of(state, siege.place, siege.besieger) if not p.is_noble and p.owner == seat]


def reaches_siege(state: RvState, noble: Piece, siege: Siege) -> bool:
    """RV-REL-1: a relieving banner stands next to the besieged place, not in it: „Podpora obléhané armády
    spřátelenou/vlastní armádou zvenčí" (from outside); the besieged themselves only join (RV-REL-2) or sally
    (RV-STM-4). A friend standing in the place is in its garrison (`defenders_of`), so it is besieged."""
    return noble.area != siege.place and siege.place in state.map.edges.get(noble.area, {})


def _outcome(
    state: RvState,
    siege: Siege,
    sides: tuple[Side, Side],
    relievers: Sequence[Piece],
    fight: Exchange,
    options: Mapping[str, Any],
) -> tuple[list[Event], list[TraceStep]]:
    """RV-REL-4..7, RV-AMB-9/17/24: the besiegers withdraw, or the relief withdraws into the place."""
    relief, besieging = sides
    after = {side.name: survivors(side.pieces, fight.dead) for side in sides}
    winner, _ = winner_of(relief, besieging, after)
    events = [resolved(state, "relief", siege.place, relief, besieging, after, winner)]
    if winner is relief:
        events += besiegers_withdraw(
            state, siege, after["besieger"], besieging.pieces, relief.seat, options, "RV-REL-4", after["relief"]
        )
        events += influence(relief.seat, options, "battle_won", "RV-VIC-1")
        return events, []
    # RV-REL-5 / RV-AMB-9: the relieving survivors withdraw into the place, even above 5 units.
    outside = [p.id for p in after["relief"] if p.area != siege.place]
    if outside:
        events.append(
            Event(
                "ReliefEnteredPlace", {"place": siege.place, "pieces": outside, "rule_ids": ["RV-REL-5", "RV-AMB-18"]}
            )
        )
    if winner is besieging:
        # RV-LOOT-1, RV-AMB-17: only the loser pays; the relief's purses go to the besiegers.
        events += loot(state, relievers, relief.seat, siege.besieger, options, after["besieger"])
        events += influence(siege.besieger, options, "battle_won", "RV-VIC-1")
    return [*events, _siege_continues(siege, winner is besieging)], [_siege_goes_on(state, siege, after, fight)]


def _siege_continues(siege: Siege, besiegers_won: bool) -> Event:
    """RV-REL-6/7, RV-AMB-24: the siege goes on whatever the count inside; RV-STM-6 is a storm's clause."""
    rule_ids = ["RV-REL-6", "RV-REL-7", "RV-AMB-24"] if besiegers_won else ["RV-AMB-9", "RV-AMB-24"]
    return Event("SiegeContinues", {"place": siege.place, "rule_ids": rule_ids})


def _siege_goes_on(state: RvState, siege: Siege, after: Mapping[str, tuple[Piece, ...]], fight: Exchange) -> TraceStep:
    """RV-AMB-24: after a relief the count inside is reported, not checked (RV-AMB-18 governs the next attack)."""
    inside_after = units(list(survivors(defenders_of(state, siege.place, siege.besieger), fight.dead))) + units(
        [p for p in after["relief"] if p.area != siege.place]
    )
    return TraceStep(
        "RV-AMB-24",
        f"RV-AMB-24: after a relief battle the siege of {siege.place!r} goes on; {inside_after} unit(s) inside "
        f"against {units(after['besieger'])} besieging, RV-STM-6 is checked only after a storm",
        {"inside": inside_after, "besiegers": units(after["besieger"])},
    )
