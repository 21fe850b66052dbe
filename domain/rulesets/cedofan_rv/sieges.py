"""Starting a siege (RV-SIE-1..4, RV-BTY-2/4, RV-AMB-14..16): one guard per rule, then the event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, Mode, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv import guards as support
from domain.rulesets.cedofan_rv.battles import banners, defenders_of, must_be_besieged
from domain.rulesets.cedofan_rv.state import Piece, Place, RvState, units
from domain.rulesets.cedofan_rv.treasuries import named, piece_treasury


def start_siege(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-SIE-1..4, RV-BTY-2/4, RV-AMB-14..16: more units than the defenders, over a passable border, cost 1."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    if (wrong := support.in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    place = _besiegeable(state, action.data.get("place"))
    if isinstance(place, RuleViolation):
        return Decision(violations=(place,))
    if (again := _not_besieged_yet(state, place)) is not None:
        return Decision(violations=(again,))
    besiegers = banners(state, seat, action.data.get("nobles"), "data.nobles")
    if isinstance(besiegers, RuleViolation):
        return Decision(violations=(besiegers,))
    defenders = defenders_of(state, place.area, seat)
    if (own := _held_by_another(state, place, seat)) is not None:
        return Decision(violations=(own,))
    cost = int(options["siege_start_cost"])
    counted = cost if options["limit_counts_siege_start"] else 0
    # RV-KL-1: the sub-faction whose impulse it is pays; without sub-faction impulses, the first banner's treasury.
    account = state.impulse_subfaction or piece_treasury(next(p for p in besiegers if p.is_noble))
    found = (
        _few_enough_inside(place, defenders, options),
        _besiegers_outnumber(besiegers, defenders),
        *_impassable_approaches(state, besiegers, place),
        support.within_limit(state, counted, "starting the siege", "RV-AMB-14"),
        support.can_pay(state, account, cost, "the siege"),
    )
    violations = tuple(v for v in found if v is not None)
    if violations and game.meta.mode is Mode.ADJUDICATED:
        return Decision(violations=violations)
    # Transcript mode records the siege the table played with the rules it broke (adjudicated refuses it).
    return _siege_started(state, seat, place, besiegers, defenders, (cost, counted, account), violations)


def _siege_started(
    state: RvState,
    seat: str,
    place: Place,
    besiegers: Sequence[Piece],
    defenders: Sequence[Piece],
    paid: tuple[int, int, str],
    violations: tuple[RuleViolation, ...],
) -> Decision:
    """RV-SIE-2, RV-SIE-4, RV-AMB-15: the siege begins; one payment for all its banners."""
    cost, counted, account = paid
    ours, theirs = units(list(besiegers)), units(list(defenders))
    nobles = [p.id for p in besiegers if p.is_noble]
    event = Event(
        "SiegeStarted",
        {
            "seat": seat,
            "place": place.area,
            "nobles": nobles,
            "cost": cost,
            "counted": counted,
            **named(account, seat),
            "round": state.round,
            "impulse": state.impulse_no,
            "units": {"besiegers": ours, "defenders": theirs},
            "rule_ids": ["RV-SIE-2", "RV-SIE-3", "RV-SIE-4", "RV-AMB-15", "RV-AMB-16"],
        },
    )
    trace = (
        TraceStep("RV-SIE-2", f"RV-SIE-2: {ours} > {theirs} units", {"besiegers": ours, "defenders": theirs}),
        TraceStep("RV-SIE-4", f"RV-SIE-4: {cost} resource for all {len(nobles)} banner(s) (RV-AMB-15)", {"cost": cost}),
    )
    return Decision((event,), violations, trace)


def _besiegeable(state: RvState, target: Any) -> Place | RuleViolation:
    """RV-BTY-2: only a city or a fortress is besieged."""
    place = state.places.get(target) if isinstance(target, str) else None
    if place is None or not place.shelters:
        return RuleViolation(
            "RV-BTY-2", f"{target!r} is not a city or fortress that can be besieged", {"field": "data.place"}
        )
    return place


def _not_besieged_yet(state: RvState, place: Place) -> RuleViolation | None:
    """RV-SIE-1: a place is besieged by one siege at a time."""
    if place.area in state.sieges:
        return RuleViolation("RV-SIE-1", f"{place.area!r} is already besieged", {"field": "data.place"})
    return None


def _held_by_another(state: RvState, place: Place, seat: str) -> RuleViolation | None:
    """RV-SIE-2: a faction besieges another's place, not its own; nor an ally's (RV-BTY-1: enemy armies meet)."""
    if place.owner == seat:
        return RuleViolation("RV-SIE-2", f"{place.area!r} is held by {seat!r} itself", {"field": "data.place"})
    if place.owner is not None and state.allied(seat, place.owner):
        return RuleViolation(
            "RV-BTY-1", f"{place.area!r} is held by {place.owner!r}, an ally of {seat!r}", {"field": "data.place"}
        )
    return None


def _few_enough_inside(place: Place, defenders: Sequence[Piece], options: Mapping[str, Any]) -> RuleViolation | None:
    """RV-BTY-1: more than 5 units in a place are attacked in a field battle, not besieged (RV-BTY-4, RV-AMB-3)."""
    if not must_be_besieged(place, defenders, options):
        return RuleViolation(
            "RV-BTY-1",
            f"{place.area!r} holds {units(list(defenders))} units, more than 5: attack them in a field battle",
            {"field": "data.place"},
        )
    return None


def _besiegers_outnumber(besiegers: Sequence[Piece], defenders: Sequence[Piece]) -> RuleViolation | None:
    """RV-SIE-2: the besiegers have more units than the defenders (RV-AMB-2: nobles do not count)."""
    ours, theirs = units(list(besiegers)), units(list(defenders))
    if ours <= theirs:
        return RuleViolation(
            "RV-SIE-2", f"{ours} besieging units do not outnumber {theirs} defending units", {"field": "data.nobles"}
        )
    return None


def _impassable_approaches(state: RvState, besiegers: Sequence[Piece], place: Place) -> list[RuleViolation]:
    """RV-SIE-3: every besieging banner borders the place across a passable border (RV-AMB-16)."""
    return [
        RuleViolation(
            "RV-SIE-3",
            f"{noble.id!r} in {noble.area!r} does not border {place.area!r} across a passable border",
            {"field": "data.nobles", "noble": noble.id},
        )
        for noble in besiegers
        if noble.is_noble and not borders_passably(state, noble, place.area)
    ]


def borders_passably(state: RvState, noble: Piece, area: str) -> bool:
    """RV-SIE-3, RV-AMB-16: in the region having entered over a passable border, or next to it over one."""
    if noble.area == area:
        if noble.entered_by is None:
            # Placed there at setup: it borders the region if any passable border leads in.
            return any(kind == "passable" for kind, _ in state.map.edges.get(area, {}).values())
        return noble.entered_by == "passable"
    edge = state.map.edges.get(noble.area, {}).get(area)
    return edge is not None and edge[0] == "passable"
