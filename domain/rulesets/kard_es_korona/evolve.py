"""evolve: one recorded event applied to the state. Total and pure: a malformed event changes nothing.

Only the counties an event touches are copied (evolve_units); every other part of the state is shared. This module
applies the setup, the year's phases and movement; the battles, elections, cards, turn order, advanced rules and
the lords' fates apply their own events (`*_evolve` modules and each module's HANDLERS), all merged here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event
from domain.rulesets.kard_es_korona import cards, turn_order
from domain.rulesets.kard_es_korona.advanced_events import HANDLERS as ADVANCED_HANDLERS
from domain.rulesets.kard_es_korona.battle_evolve import HANDLERS as BATTLE_HANDLERS
from domain.rulesets.kard_es_korona.defeat_evolve import HANDLERS as DEFEAT_HANDLERS
from domain.rulesets.kard_es_korona.election_evolve import HANDLERS as ELECTION_HANDLERS
from domain.rulesets.kard_es_korona.evolve_units import add_units, clip_moved, force_of, take_units
from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, single
from domain.rulesets.kard_es_korona.lords_evolve import HANDLERS as LORDS_HANDLERS
from domain.rulesets.kard_es_korona.rerolls_evolve import HANDLERS as REROLLS_HANDLERS
from domain.rulesets.kard_es_korona.state import (
    ELECTION,
    EVENT,
    FINISHED,
    GARRISON_SUBSTITUTION,
    MOVEMENT,
    NEUTRAL_PLACEMENT,
    PLACEMENT,
    RECRUIT,
    KKState,
    battle_with,
    evolved,
    is_neutral,
    next_in_cycle,
)
from domain.rulesets.kard_es_korona.vassals_evolve import HANDLERS as VASSALS_HANDLERS


def evolve(state: KKState, event: Event) -> KKState:
    """The state after `event`; events of other rulesets and malformed data leave it unchanged."""
    handler = _HANDLERS.get(event.type)
    if handler is None:
        return state
    try:
        return handler(state, event.data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return state


def _starting_player_chosen(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = _seat(state, data["seat"])
    if state.phase == "first_player":
        return evolved(state, starting_player=seat, phase=PLACEMENT, turn=seat)
    return evolved(state, starting_player=seat)


def _starting_forces_placed(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = _seat(state, data["seat"])
    units = state.units
    control = dict(state.control)
    for county, raw in data["placements"].items():
        units = add_units(units, county, seat, force_of(raw))
        control[county] = seat
    placed = (*state.placed, seat)
    after = evolved(state, units=units, control=control, placed=placed, lords={**state.lords, seat: data["lord"]})
    return _after_placement(after)


def _neutral_piece_placed(state: KKState, data: Mapping[str, Any]) -> KKState:
    owner, county, arm = f"neutral:{data['province']}", str(data["county"]), str(data["arm"])
    if arm not in ARMS:
        return state
    # A county already holding the fixed royal unit (KK-SETUP-11) takes the piece into that one neutral
    # force: all neutrals behave alike (KK-NEUTRAL-1), and one county holds one defending side.
    holders = [o for o in state.owners_in(county) if is_neutral(o)]
    units_owner = holders[0] if holders else owner
    piece = single(arm)
    pool = dict(state.neutral_pool)
    pool[data["province"]] = pool.get(data["province"], EMPTY).minus(piece)
    remaining = {p: f for p, f in pool.items() if f.total}
    after = evolved(
        state,
        units=add_units(state.units, county, units_owner, piece),
        control={**state.control, county: owner},
        neutral_pool=remaining,
        turn=next_in_cycle(state, _seat(state, data["seat"])) if remaining else None,
    )
    if not remaining and _needs_substitution(state):
        return evolved(after, phase=GARRISON_SUBSTITUTION)
    return after


def _neutral_garrisons_placed(state: KKState, data: Mapping[str, Any]) -> KKState:
    units, control = state.units, dict(state.control)
    for placement in data["placements"]:
        county, owner = str(placement["county"]), str(placement["owner"])
        units = add_units(units, county, owner, force_of(placement["force"]))
        control[county] = owner
    return evolved(state, units=units, control=control)


def _year_began(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(
        state,
        year=int(data["year"]),
        starting_player=_seat(state, data["starting_player"]),
        phase=EVENT,
        turn=data["starting_player"],
        event_card=None,
        extraordinary_election=False,
        recruited=(),
        knights_recruited=0,
        allowances={},
        steps_taken={},
        passed=(),
        frozen_passes=(),
        battles=(),
        current_battle=None,
        moved={},
        lords_moved=(),
        bound={},
        released_lords=(),
        release_due=None,
        retreat=None,
        stayed=None,
    )


def _event_card_drawn(state: KKState, data: Mapping[str, Any]) -> KKState:
    card = str(data["card"])
    permanent = state.permanent_events + ((card,) if data.get("duration") == "permanent" else ())
    # KK-EVENT-1: a card turned up stays out of the deck; an old log that drew one twice still folds.
    return evolved(state, event_card=card, permanent_events=permanent, drawn_events=(*state.drawn_events, card))


def _event_card_voided(state: KKState, data: Mapping[str, Any]) -> KKState:
    card = str(data["card"])
    return evolved(
        state,
        event_card=None,
        permanent_events=tuple(c for c in state.permanent_events if c != card),
    )


def _extraordinary_election_scheduled(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, extraordinary_election=True)


def _income_collected(state: KKState, data: Mapping[str, Any]) -> KKState:
    treasury = dict(state.treasury)
    for entry in data["entries"]:
        seat = _seat(state, entry["seat"])
        treasury[seat] = treasury.get(seat, 0) + int(entry["total"])
    return evolved(state, treasury=treasury, phase=RECRUIT, turn=state.turn_order()[0])


def _units_recruited(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = _seat(state, data["seat"])
    units, knights = state.units, 0
    for purchase in data["purchases"]:
        arm, count = str(purchase["arm"]), int(purchase["count"])
        units = add_units(units, str(purchase["castle"]), seat, single(arm, count))
        knights += count if arm == "cavalry" else 0
    treasury = {**state.treasury, seat: state.treasury.get(seat, 0) - int(data["total_cost"])}
    return evolved(state, units=units, treasury=treasury, knights_recruited=state.knights_recruited + knights)


def _recruitment_finished(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = _seat(state, data["seat"])
    recruited = (*state.recruited, seat)
    order = [s for s in state.turn_order() if s not in recruited]
    return evolved(state, recruited=recruited, turn=order[0] if order else None)


def _money_transferred(state: KKState, data: Mapping[str, Any]) -> KKState:
    giver, taker, amount = _seat(state, data["from"]), _seat(state, data["to"]), int(data["amount"])
    treasury = {
        **state.treasury,
        giver: state.treasury.get(giver, 0) - amount,
    }
    treasury[taker] = treasury.get(taker, 0) + amount
    return evolved(state, treasury=treasury)


def _movement_phase_began(state: KKState, data: Mapping[str, Any]) -> KKState:
    allowances = {str(k): int(v) for k, v in data["step_allowances"].items()}
    return evolved(
        state,
        phase=MOVEMENT,
        allowances=allowances,
        steps_taken={seat: 0 for seat in allowances},
        passed=(),
        frozen_passes=(),
        turn=state.turn_order()[0],
    )


def _step_taken(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = _seat(state, data["seat"])
    destination = str(data["to"])
    units, moved, lords, lords_moved = state.units, state.moved, state.lords, state.lords_moved
    for group in data["groups"]:
        origin, force = str(group["from"]), force_of(group["units"])
        if force.total:
            units = add_units(take_units(units, origin, seat, force), destination, seat, force)
            moved = add_units(clip_moved(moved, origin, seat, units), destination, seat, force)
        if group.get("lord"):
            lords = {**lords, seat: destination}
            lords_moved = (*lords_moved, seat)
    taken = {**state.steps_taken, seat: state.steps_taken.get(seat, 0) + 1}
    return evolved(
        _crossed(state, seat, data.get("pass_through_pinned", ())),
        units=units,
        moved=moved,
        lords=lords,
        lords_moved=lords_moved,
        steps_taken=taken,
        step_seq=int(data["step_seq"]),
        turn=_next_mover(state, seat, state.passed),
        # kept as recorded: only a battle the step starts reads them (battle_evolve's origins), so the fold of
        # every other step pays nothing for them
        step_groups=tuple(data["groups"]),
    )


def _crossed(state: KKState, seat: str, counties: Any) -> KKState:
    """KK-ADV-1: the attacker's battles whose pin a step crossed; a liege's veto could no longer undo them."""
    if not counties:
        return state
    battles = tuple(
        battle_with(b, crossed=True) if b.attacker == seat and b.county in counties and b.status == "pending" else b
        for b in state.battles
    )
    return evolved(state, battles=battles)


def _county_control_changed(state: KKState, data: Mapping[str, Any]) -> KKState:
    county, owner = str(data["county"]), data["to"]
    control = {k: v for k, v in state.control.items() if k != county}
    if isinstance(owner, str):
        control[county] = owner
    return evolved(state, control=control)


def _step_passed(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = _seat(state, data["seat"])
    passed = (*state.passed, seat)
    frozen = (*state.frozen_passes, seat) if data.get("reason") == "frozen" else state.frozen_passes
    return evolved(state, passed=passed, frozen_passes=frozen, turn=_next_mover(state, seat, passed))


def _year_ended(state: KKState, data: Mapping[str, Any]) -> KKState:
    following = str(data["next"])
    phase = {"election": ELECTION, "finished": FINISHED}.get(following, state.phase)
    return evolved(state, starting_player=_seat(state, data["next_starting_player"]), phase=phase, turn=None)


_HANDLERS: Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]] = {
    "StartingPlayerChosen": _starting_player_chosen,
    "StartingForcesPlaced": _starting_forces_placed,
    "NeutralPiecePlaced": _neutral_piece_placed,
    "NeutralGarrisonsPlaced": _neutral_garrisons_placed,
    "YearBegan": _year_began,
    "EventCardDrawn": _event_card_drawn,
    "EventCardVoided": _event_card_voided,
    "ExtraordinaryElectionScheduled": _extraordinary_election_scheduled,
    "IncomeCollected": _income_collected,
    "UnitsRecruited": _units_recruited,
    "RecruitmentFinished": _recruitment_finished,
    "MoneyTransferred": _money_transferred,
    "MovementPhaseBegan": _movement_phase_began,
    "StepTaken": _step_taken,
    "CountyControlChanged": _county_control_changed,
    "StepPassed": _step_passed,
    "YearEnded": _year_ended,
    **BATTLE_HANDLERS,
    **ADVANCED_HANDLERS,
    **cards.HANDLERS,
    **turn_order.HANDLERS,
    **ELECTION_HANDLERS,
    **DEFEAT_HANDLERS,
    **VASSALS_HANDLERS,
    **LORDS_HANDLERS,
    **REROLLS_HANDLERS,
}

# Data fields an event type gained after games were recorded with it (the ruleset stays 1.0.0, improved in place): an
# older event that lacks only these is the same ruling, so audits and imports say `consistent` and name them.
FIELDS_ADDED_LATER: Mapping[str, tuple[str, ...]] = {
    # KK-EVENT-1, catalog §5.3: the card's place in the deck, 1 for the game's first (5389ee8, 2026-11-29).
    "EventCardDrawn": ("deck_position",),
    # KK-WIN-2..7, A-41: the victory's rule id, the count that separated first from second, every seat's place
    # (a14bc88, 2026-11-25).
    "GameEnded": ("condition", "decided_by", "ranking"),
    # Not BattleVetoed's `returns` (065763f): it replaced `to`, `units` and `lord`, so an older veto is another
    # shape, read as today's by its upcaster (vassals_evolve.UPCASTERS), not the same event with a field missing.
}


def _after_placement(state: KKState) -> KKState:
    """The next placer in turn order; then the neutral pieces (KK-SETUP-10) or the substitution step."""
    waiting = [s for s in state.turn_order() if s not in state.placed]
    if waiting:
        return evolved(state, turn=waiting[0])
    if state.neutral_pool:
        return evolved(state, phase=NEUTRAL_PLACEMENT, turn=state.turn_order()[0])
    if _needs_substitution(state):
        return evolved(state, phase=GARRISON_SUBSTITUTION, turn=None)
    return evolved(state, turn=None)


def _needs_substitution(state: KKState) -> bool:
    """KK-SETUP-12: the advanced 6-player game replaces two royal garrisons' cavalry."""
    return state.options.get("variant") == "advanced" and len(state.seats) == 6


def _seat(state: KKState, value: Any) -> str:
    if value not in state.seats:
        raise ValueError(f"{value!r} is not a seat")
    return str(value)


def _next_mover(state: KKState, seat: str, passed: tuple[str, ...]) -> str | None:
    """KK-MOVE-1: the next player clockwise who has not passed (KK-TRAD-4: the mover keeps his whole turn)."""
    if turn_order.sequential_turns(state):
        return None if seat in passed else seat
    order = state.turn_order()
    start = order.index(seat)
    for offset in range(1, len(order) + 1):
        candidate = order[(start + offset) % len(order)]
        if candidate not in passed:
            return candidate
    return None
