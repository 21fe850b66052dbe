"""evolve: one recorded event applied to the state. Total and pure: a malformed event changes nothing.

Only the counties an event touches are copied; every other part of the state is shared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from domain.kernel import Event
from domain.rulesets.kard_es_korona import cards, turn_order
from domain.rulesets.kard_es_korona.advanced_events import HANDLERS as ADVANCED_HANDLERS
from domain.rulesets.kard_es_korona.election_evolve import HANDLERS as ELECTION_HANDLERS
from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, Force, force_from_json, single
from domain.rulesets.kard_es_korona.state import (
    ATTACKER,
    BATTLE,
    ELECTION,
    EVENT,
    FINISHED,
    GARRISON_SUBSTITUTION,
    MOVEMENT,
    NEUTRAL_PLACEMENT,
    PLACEMENT,
    RECRUIT,
    Battle,
    KKState,
    PendingHits,
    battle_with,
    evolved,
    is_neutral,
)


def evolve(state: KKState, event: Event) -> KKState:
    """The state after `event`; events of other rulesets and malformed data leave it unchanged."""
    try:
        return _apply(state, event.type, event.data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return state


def _apply(state: KKState, kind: str, data: Mapping[str, Any]) -> KKState:
    handler = _HANDLERS.get(kind) or _issue_4_handlers().get(kind)
    return state if handler is None else handler(state, data)


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
        units = _add(units, county, seat, _force(raw))
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
        units=_add(state.units, county, units_owner, piece),
        control={**state.control, county: owner},
        neutral_pool=remaining,
        turn=_next_in_cycle(state, _seat(state, data["seat"])) if remaining else None,
    )
    if not remaining and _needs_substitution(state):
        return evolved(after, phase=GARRISON_SUBSTITUTION)
    return after


def _neutral_garrisons_placed(state: KKState, data: Mapping[str, Any]) -> KKState:
    units, control = state.units, dict(state.control)
    for placement in data["placements"]:
        county, owner = str(placement["county"]), str(placement["owner"])
        units = _add(units, county, owner, _force(placement["force"]))
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
    return evolved(state, event_card=card, permanent_events=permanent)


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
        units = _add(units, str(purchase["castle"]), seat, single(arm, count))
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
        turn=state.turn_order()[0],
    )


def _step_taken(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = _seat(state, data["seat"])
    destination = str(data["to"])
    units, moved, lords, lords_moved = state.units, state.moved, state.lords, state.lords_moved
    for group in data["groups"]:
        origin, force = str(group["from"]), _force(group["units"])
        if force.total:
            units = _add(_take(units, origin, seat, force), destination, seat, force)
            moved = _add(_clip(moved, origin, seat, units), destination, seat, force)
        if group.get("lord"):
            lords = {**lords, seat: destination}
            lords_moved = (*lords_moved, seat)
    taken = {**state.steps_taken, seat: state.steps_taken.get(seat, 0) + 1}
    return evolved(
        state,
        units=units,
        moved=moved,
        lords=lords,
        lords_moved=lords_moved,
        steps_taken=taken,
        step_seq=int(data["step_seq"]),
        turn=_next_mover(state, seat, state.passed),
    )


def _county_control_changed(state: KKState, data: Mapping[str, Any]) -> KKState:
    county, owner = str(data["county"]), data["to"]
    control = {k: v for k, v in state.control.items() if k != county}
    if isinstance(owner, str):
        control[county] = owner
    return evolved(state, control=control)


def _battle_created(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = Battle(
        id=str(data["battle"]),
        county=str(data["county"]),
        kind=str(data["kind"]),
        terrain=str(data["terrain"]),
        attacker=str(data["attacker"]),
        defender=str(data["defender"]),
        entry_counties=tuple(str(c) for c in data["entry_counties"]),
        step_seq=int(data["step_seq"]),
        attacker_lord=bool(data["attacker_lord"]),
        defender_lord=bool(data["defender_lord"]),
        forced=data.get("forced") is True,
    )
    return evolved(state, battles=(*state.battles, battle), battle_count=state.battle_count + 1)


def _step_passed(state: KKState, data: Mapping[str, Any]) -> KKState:
    seat = _seat(state, data["seat"])
    passed = (*state.passed, seat)
    return evolved(state, passed=passed, turn=_next_mover(state, seat, passed))


def _battle_phase_began(state: KKState, data: Mapping[str, Any]) -> KKState:
    lord_battles = set(data["lord_battles"])
    battles = tuple(battle_with(b, lord_battle=b.id in lord_battles) for b in state.battles)
    return evolved(state, phase=BATTLE, battles=battles, moved={}, lords_moved=(), turn=state.turn_order()[0])


def _battle_started(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    started = battle_with(battle, status="fighting", round=1, exchange=str(data["exchange"]))
    return evolved(_put(state, started), current_battle=battle.id)


def _lord_arm_chosen(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    led = str(data["arm"]) if data["arm"] in ARMS else None
    return _put(state, battle_with(battle, led_arms={**battle.led_arms, str(data["side"]): led}))


def _exchange_rolled(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    pending = tuple(
        PendingHits(
            str(p["side"]),
            p["chooser"],
            tuple(tuple(str(a) for a in t) for t in p["targets"]),
            int(p["max_kills"]),
        )
        for p in data["pending"]
    )
    volleyed = tuple(str(s) for s in data.get("volleyed", ())) if data["exchange"] == "volley" else ()
    changed = battle_with(battle, pending=pending, volleyed=volleyed or battle.volleyed, exchanges=battle.exchanges + 1)
    return _put(state, changed)


def _casualties_assigned(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    chosen = _force(data["casualties"])
    pending = tuple(
        PendingHits(p.side, p.chooser, p.targets, p.max_kills, chosen) if p.side == data["side"] else p
        for p in battle.pending
    )
    return _put(state, battle_with(battle, pending=pending))


def _casualties_removed(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    owner = battle.owner_of(str(data["side"]))
    units = _take(state.units, battle.county, owner, _force(data["removed"]))
    return evolved(state, units=units, moved=_clip(state.moved, battle.county, owner, units))


def _lord_bonus_lost(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return _put(state, battle_with(battle, bonus_lost=(*battle.bonus_lost, str(data["side"]))))


def _exchange_resolved(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return _put(state, battle_with(battle, pending=(), round=int(data["round"]), exchange=str(data["exchange"])))


def _siege_abandoned(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return _put(state, battle_with(battle, status="withdrawing", pending=()))


def _castle_captured(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return _put(state, battle_with(battle, status="capturing", pending=()))


def _units_withdrawn(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    seat = battle.owner_of(str(data.get("side", ATTACKER)))  # a retreat (KK-ADV-8/9) may move the defender
    units, lords = state.units, state.lords
    for move in data["moves"]:
        force = _force(move["units"])
        units = _add(_take(units, battle.county, seat, force), str(move["to"]), seat, force)
        if move.get("lord"):
            lords = {**lords, seat: str(move["to"])}
    return evolved(state, units=units, lords=lords)


def _withdrawing_units_destroyed(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    return evolved(state, units=_take(state.units, battle.county, battle.attacker, _force(data["units"])))


def _battle_ended(state: KKState, data: Mapping[str, Any]) -> KKState:
    battle = _battle(state, data["battle"])
    ended = battle_with(battle, status="ended", pending=())
    after = _put(state, ended)
    turn = state.turn
    if not battle.lord_battle:
        turn = _next_in_cycle(state, battle.attacker)
        if battle.kind == "open" and not any(
            b.status == "pending" and b.kind == "open" and not b.lord_battle for b in after.battles
        ):
            turn = state.turn_order()[0]
    return evolved(after, current_battle=None, turn=turn)


@cache
def _issue_4_handlers() -> Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]]:
    """The evolve handlers of the issue-4 modules (each module owns its events; they import `flow`, which
    imports this module, hence the late import)."""
    from domain.rulesets.kard_es_korona import captivity, defeat, lords, rerolls, vassals

    return {**defeat.HANDLERS, **captivity.HANDLERS, **vassals.HANDLERS, **lords.HANDLERS, **rerolls.HANDLERS}


def move_units(state: KKState, seat: str, origin: str, to: str, raw: Any, lord: bool) -> KKState:
    """`seat`'s units `raw` (and his lord) from `origin` to `to`, outside the movement phase's steps.

    Units that had stepped this year are still marked as stepped where they arrive (KK-MOVE-6): sent back by their
    liege's veto (KK-VASSAL-2), they have used their one step of the year all the same.
    """
    force = _force(raw)
    lords = {**state.lords, seat: to} if lord else state.lords
    if not force.total:
        return evolved(state, lords=lords)
    units = _add(_take(state.units, origin, seat, force), to, seat, force)
    stepped = state.moved_force(origin, seat)
    carried = Force(*(min(force.of(arm), stepped.of(arm)) for arm in ARMS))
    moved = state.moved
    if carried.total:
        moved = _add(_take(moved, origin, seat, carried), to, seat, carried)
    return evolved(state, units=units, moved=_clip(moved, origin, seat, units), lords=lords)


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
    "BattleCreated": _battle_created,
    "StepPassed": _step_passed,
    "BattlePhaseBegan": _battle_phase_began,
    "BattleStarted": _battle_started,
    "LordArmChosen": _lord_arm_chosen,
    "ExchangeRolled": _exchange_rolled,
    "CasualtiesAssigned": _casualties_assigned,
    "CasualtiesRemoved": _casualties_removed,
    "LordBonusLost": _lord_bonus_lost,
    "ExchangeResolved": _exchange_resolved,
    "SiegeAbandoned": _siege_abandoned,
    "CastleCaptured": _castle_captured,
    "UnitsWithdrawn": _units_withdrawn,
    "WithdrawingUnitsDestroyed": _withdrawing_units_destroyed,
    "BattleEnded": _battle_ended,
    "YearEnded": _year_ended,
    "PursuitRolled": _exchange_rolled,  # KK-ADV-6: the pursuers' dice wait for their casualty choice
    **ADVANCED_HANDLERS,
    **cards.HANDLERS,
    **turn_order.HANDLERS,
    **ELECTION_HANDLERS,
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


def _force(value: Any) -> Force:
    force = force_from_json(value)
    if force is None:
        raise ValueError(f"{value!r} is not a force")
    return force


def _battle(state: KKState, battle_id: Any) -> Battle:
    battle = state.battle(str(battle_id))
    if battle is None:
        raise KeyError(battle_id)
    return battle


def _put(state: KKState, battle: Battle) -> KKState:
    return evolved(state, battles=tuple(battle if b.id == battle.id else b for b in state.battles))


def _add(
    table: Mapping[str, Mapping[str, Force]], county: str, owner: str, force: Force
) -> Mapping[str, Mapping[str, Force]]:
    here = table.get(county, {})
    return {**table, county: {**here, owner: here.get(owner, EMPTY).plus(force)}}


def _take(
    table: Mapping[str, Mapping[str, Force]], county: str, owner: str, force: Force
) -> Mapping[str, Mapping[str, Force]]:
    here = table.get(county, {})
    left = here.get(owner, EMPTY).minus(force)
    if any(left.of(arm) < 0 for arm in ARMS):
        raise ValueError(f"{owner} has fewer than {force.describe()} in {county}")
    rest = {o: f for o, f in here.items() if o != owner}
    if left.total:
        rest[owner] = left
    if rest:
        return {**table, county: rest}
    return {c: v for c, v in table.items() if c != county}


def _clip(
    moved: Mapping[str, Mapping[str, Force]], county: str, owner: str, units: Mapping[str, Mapping[str, Force]]
) -> Mapping[str, Mapping[str, Force]]:
    """Moved units never outnumber the units left (after a departure or casualties)."""
    before = moved.get(county, {}).get(owner)
    if before is None:
        return moved
    present = units.get(county, {}).get(owner, EMPTY)
    clipped = Force(*(min(before.of(arm), present.of(arm)) for arm in ARMS))
    here = {o: f for o, f in moved.get(county, {}).items() if o != owner}
    if clipped.total:
        here[owner] = clipped
    if here:
        return {**moved, county: here}
    return {c: v for c, v in moved.items() if c != county}


def _next_in_cycle(state: KKState, seat: str) -> str:
    order = state.turn_order()
    return order[(order.index(seat) + 1) % len(order)]


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
