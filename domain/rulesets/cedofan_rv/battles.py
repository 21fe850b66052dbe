"""Battles: field battles, sieges, storms and reliefs (RV-BTY-*, RV-FLD-*, RV-SIE-*, RV-STM-*, RV-CTY-*, RV-REL-*).

The acting side rolls first, then the other side (faces are entered in that order with table dice).
Outcomes follow one pattern: who has more units after the fight wins (RV-VIC-1, RV-AMB-9); losers
withdraw to their nearest city (RV-FLD-5, RV-AMB-10) and their nobles' purses become loot (RV-LOOT-*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, Mode, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv import guards as support
from domain.rulesets.cedofan_rv.combat import CITY, FIELD, Side, chosen_order, exchange
from domain.rulesets.cedofan_rv.league import conqueror_subfaction, led_by_impulse, storm_caller
from domain.rulesets.cedofan_rv.outcomes import (
    besiegers_withdraw,
    influence,
    loot,
    resolved,
    return_home,
    survivors,
    winner_of,
    withdraw,
)
from domain.rulesets.cedofan_rv.state import Piece, Place, RvState, Siege, units
from domain.rulesets.cedofan_rv.treasuries import named, piece_treasury

# --- which battle (RV-BTY-*) ---


def must_be_besieged(place: Place | None, defenders: Sequence[Piece], options: Mapping[str, Any]) -> bool:
    """RV-BTY-2/4, RV-AMB-3: a city or fortress sheltering up to 5 units must be besieged, not attacked."""
    if place is None or not place.shelters:
        return False
    count = units(list(defenders))
    return count < 5 or (count == 5 and options["exactly_five_defenders"] == "siege")


def _defenders_of(state: RvState, area: str, attacker: str) -> tuple[Piece, ...]:
    """RV-FLD-3: every piece in the area not of the attacker defends (allies support each other)."""
    return tuple(p for p in state.pieces_in(area) if p.owner != attacker)


def _lead_seat(pieces: Sequence[Piece], place: Place | None) -> str:
    """The seat a defending side is recorded under: the place's owner, else the owner of most units."""
    owners = [p.owner for p in pieces]
    if place is not None and place.owner in owners:
        return place.owner
    return sorted(set(owners), key=lambda s: (-sum(1 for p in pieces if p.owner == s and not p.is_noble), s))[0]


def _banners(state: RvState, seat: str, nobles: Any, field: str) -> tuple[Piece, ...] | RuleViolation:
    """RV-NOB-3, RV-TURN-3: the listed nobles of the acting faction and the units they move."""
    if not isinstance(nobles, list) or not nobles or len(set(map(str, nobles))) != len(nobles):
        return RuleViolation("RV-NOB-3", f"{nobles!r} must be a non-empty list of distinct nobles", {"field": field})
    pieces: list[Piece] = []
    for noble_id in nobles:
        noble = support.own_noble(state, seat, noble_id, field)
        if isinstance(noble, RuleViolation):
            return noble
        pieces.extend(state.banner_of(noble.id))
    # RV-TURN-3, RV-KL-2: a sub-faction's own noble leads in its impulse; other sub-factions may support.
    if (other := led_by_impulse(state, [p for p in pieces if p.is_noble], field)) is not None:
        return other
    return tuple(pieces)


# --- field battle ---


def attack(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-BTY-1, RV-FLD-1..6: banners attack every enemy piece in the region they stand in."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    if (wrong := support.in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    attackers = _banners(state, seat, action.data.get("nobles"), "data.nobles")
    if isinstance(attackers, RuleViolation):
        return Decision(violations=(attackers,))
    areas = {p.area for p in attackers}
    if len(areas) != 1:
        return Decision.refuse(
            "RV-FLD-1", f"the attacking banners stand in {sorted(areas)}; they must meet in one region"
        )
    area = areas.pop()
    defenders = _defenders_of(state, area, seat)
    if not defenders:
        return Decision.refuse("RV-BTY-1", f"there is no enemy army in {area!r} to fight", field="data.nobles")
    if (siege_wrong := _siege_battle_instead(state, seat, area, defenders)) is not None:
        return Decision(violations=(siege_wrong,))
    place = state.places.get(area)
    violations: tuple[RuleViolation, ...] = ()
    if must_be_besieged(place, defenders, options) and place is not None and place.owner != seat:
        violations = (
            RuleViolation(
                "RV-BTY-2",
                f"{area!r} shelters {units(list(defenders))} unit(s) (at most 5): besiege it, then storm (RV-BTY-4)",
                {"field": "data.nobles"},
            ),
        )
    if violations and game.meta.mode is Mode.ADJUDICATED:
        return Decision(violations=violations)
    defender_seat = _lead_seat(defenders, place)
    fact = Event(
        "AttackDeclared",
        {"seat": seat, "area": area, "nobles": list(action.data["nobles"]), "defender": defender_seat},
    )
    first = Side("attacker", seat, attackers, FIELD)
    second = Side("defender", defender_seat, defenders, FIELD)
    chosen = chosen_order(action.data, (*attackers, *defenders))
    if isinstance(chosen, RuleViolation):
        return Decision(violations=(chosen,))
    fight = exchange(game, inputs, first, second, options["unit_table"], options["siege_dice"], None, chosen)
    after = {side.name: survivors(side.pieces, fight.dead) for side in (first, second)}
    winner, loser = winner_of(first, second, after)
    events = [fact, *fight.events]
    trace = [TraceStep("RV-BTY-1", f"RV-BTY-1: field battle in {area!r}, dice undivided", {"area": area}), *fight.trace]
    events.append(resolved(state, "field", area, first, second, after, winner))
    if winner is None or loser is None:
        # RV-AMB-9: nobody wins; the side that moved in goes back where it came from, free.
        events += return_home(state, after["attacker"], seat, area)
    else:
        # The losers leave the region, even when they stand in a city of their own (RV-FLD-5).
        rules = ["RV-FLD-5", "RV-FLD-6"]
        events += withdraw(state, after[loser.name], loser.seat, area, ("city",), rules, exclude=area)
        events += loot(state, loser.pieces, loser.seat, winner.seat, options, after[winner.name])
        events += influence(winner.seat, options, "battle_won", "RV-VIC-1")
    return Decision(tuple(events), violations, tuple(trace))


def _siege_battle_instead(state: RvState, seat: str, area: str, defenders: Sequence[Piece]) -> RuleViolation | None:
    """RV-STM-4 / RV-REL-1: the besieged fight their besiegers by a storm, others by a relief, not an attack."""
    besieging = {noble for siege in state.sieges.values() for noble in siege.nobles}
    siege = state.sieges.get(area)
    if siege is not None and siege.besieger != seat and any(p.id in besieging for p in defenders):
        return RuleViolation(
            "RV-STM-4",
            f"{area!r} is besieged by {siege.besieger!r}: the besieged call a storm (sortie) or are relieved",
            {"field": "data.nobles"},
        )
    if any(p.id in besieging or p.banner in besieging for p in defenders):
        return RuleViolation(
            "RV-REL-1",
            f"the army in {area!r} is besieging a place: attack it with relieve_siege (a field battle, RV-REL-2)",
            {"field": "data.nobles"},
        )
    return None


# --- siege ---


def start_siege(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-SIE-1..4, RV-BTY-2/4, RV-AMB-14..16: more units than the defenders, over a passable border, cost 1."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    if (wrong := support.in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    target = action.data.get("place")
    place = state.places.get(target) if isinstance(target, str) else None
    if place is None or not place.shelters:
        return Decision.refuse(
            "RV-BTY-2", f"{target!r} is not a city or fortress that can be besieged", field="data.place"
        )
    if place.area in state.sieges:
        return Decision.refuse("RV-SIE-1", f"{place.area!r} is already besieged", field="data.place")
    besiegers = _banners(state, seat, action.data.get("nobles"), "data.nobles")
    if isinstance(besiegers, RuleViolation):
        return Decision(violations=(besiegers,))
    defenders = _defenders_of(state, place.area, seat)
    if place.owner == seat:
        return Decision.refuse("RV-SIE-2", f"{place.area!r} is held by {seat!r} itself", field="data.place")
    violations: list[RuleViolation] = []
    if not must_be_besieged(place, defenders, options):
        violations.append(
            RuleViolation(
                "RV-BTY-1",
                f"{place.area!r} holds {units(list(defenders))} units, more than 5: attack them in a field battle",
                {"field": "data.place"},
            )
        )
    ours, theirs = units(list(besiegers)), units(list(defenders))
    if ours <= theirs:
        violations.append(
            RuleViolation(
                "RV-SIE-2",
                f"{ours} besieging units do not outnumber {theirs} defending units",
                {"field": "data.nobles"},
            )
        )
    for noble in (p for p in besiegers if p.is_noble):
        if not borders_passably(state, noble, place.area):
            violations.append(
                RuleViolation(
                    "RV-SIE-3",
                    f"{noble.id!r} in {noble.area!r} does not border {place.area!r} across a passable border",
                    {"field": "data.nobles", "noble": noble.id},
                )
            )
    cost = int(options["siege_start_cost"])
    counted = cost if options["limit_counts_siege_start"] else 0
    # RV-KL-1: the sub-faction whose impulse it is pays; without sub-faction impulses, the first banner's treasury.
    account = state.impulse_subfaction or piece_treasury(next(p for p in besiegers if p.is_noble))
    for check in (
        support.within_limit(state, counted, "starting the siege", "RV-AMB-14"),
        support.can_pay(state, account, cost, "the siege"),
    ):
        if check is not None:
            violations.append(check)
    if violations and game.meta.mode is Mode.ADJUDICATED:
        return Decision(violations=tuple(violations))
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
    # Transcript mode records the siege the table played with the rules it broke (adjudicated refuses it).
    return Decision((event,), tuple(violations), trace)


def borders_passably(state: RvState, noble: Piece, area: str) -> bool:
    """RV-SIE-3, RV-AMB-16: in the region having entered over a passable border, or next to it over one."""
    if noble.area == area:
        if noble.entered_by is None:
            # Placed there at setup: it borders the region if any passable border leads in.
            return any(kind == "passable" for kind, _ in state.map.edges.get(area, {}).values())
        return noble.entered_by == "passable"
    edge = state.map.edges.get(noble.area, {}).get(area)
    return edge is not None and edge[0] == "passable"


# --- storms ---


def storm_place(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-STM-1..3, RV-STM-7: the besieger storms a place besieged since an earlier round, cost 1 each."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    if (wrong := support.in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    siege = _siege_at(state, action.data.get("place"))
    if isinstance(siege, RuleViolation):
        return Decision(violations=(siege,))
    if siege.besieger != seat:
        return Decision.refuse("RV-STM-7", f"{seat!r} does not besiege {siege.place!r}", field="data.place")
    violations: list[RuleViolation] = []
    if siege.started_round >= state.round:
        violations.append(
            RuleViolation(
                "RV-STM-1",
                f"the siege of {siege.place!r} began in round {siege.started_round}; storm from round "
                f"{siege.started_round + 1} (RV-AMB-4)",
                {"field": "data.place", "started_round": siege.started_round},
            )
        )
    return _storm(game, action, inputs, siege, "besieger", violations, options)


def sortie(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-STM-4, RV-AMB-4, RV-AMB-22: the besieged call a storm in their impulse, at the same cost."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    if (wrong := support.in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    siege = _siege_at(state, action.data.get("place"))
    if isinstance(siege, RuleViolation):
        return Decision(violations=(siege,))
    inside = [p for p in _defenders_of(state, siege.place, siege.besieger) if p.owner == seat]
    if units(inside) == 0:
        return Decision.refuse(
            "RV-STM-4", f"{seat!r} has no units inside {siege.place!r} to storm with", field="data.place"
        )
    violations: list[RuleViolation] = []
    if siege.started_impulse >= state.impulse_no:
        violations.append(
            RuleViolation("RV-AMB-4", f"the siege of {siege.place!r} began in this impulse", {"field": "data.place"})
        )
    return _storm(game, action, inputs, siege, "defender", violations, options)


def _siege_at(state: RvState, target: Any) -> Siege | RuleViolation:
    """RV-STM-7: a storm needs a standing siege."""
    siege = state.sieges.get(target) if isinstance(target, str) else None
    if siege is None:
        return RuleViolation("RV-STM-7", f"{target!r} is not under siege", {"field": "data.place"})
    return siege


def _storm(
    game: Game,
    action: Action,
    inputs: Inputs,
    siege: Siege,
    called_by: str,
    violations: list[RuleViolation],
    options: Mapping[str, Any],
) -> Decision:
    """RV-CTY-1..4, RV-SIE-5, RV-STM-5/6, RV-AMB-5/7/8/18/24: one storm and its outcome."""
    state: RvState = game.state
    seat = str(action.seat)
    place = state.places[siege.place]
    besiegers = _siege_pieces(state, siege)
    defenders = _defenders_of(state, place.area, siege.besieger)
    if not must_be_besieged(place, defenders, options):
        # More than 5 inside a standing siege only follows a lost relief: RV-AMB-18 bars the storm; RV-BTY-1 (a
        # field battle against more than 5) is its umbrella.
        message = f"{place.area!r} holds {units(list(defenders))} units, more than 5: no storm, attack in the field"
        field = {"field": "data.place"}
        violations.extend((RuleViolation("RV-AMB-18", message, field), RuleViolation("RV-BTY-1", message, field)))
    cost = int(options["storm_cost"])
    caller = storm_caller(state, seat, siege, called_by, action.data.get("subfaction"))
    if isinstance(caller, RuleViolation):
        return Decision(violations=(caller,))
    account = caller or seat  # RV-KL-1: the calling sub-faction pays
    over = support.within_limit(state, cost, "the storm", "RV-STM-3")
    if over is not None:
        # Seed 003 puts the limit in the storm rule itself (RV-STM-3); RV-SUP-1, every impulse's spending
        # limit (a companion page, not the seed), is its umbrella.
        violations += [over, RuleViolation("RV-SUP-1", over.message, over.details)]
    unpaid = support.can_pay(state, account, cost, "the storm")
    if unpaid is not None:
        violations.append(unpaid)
    if violations and game.meta.mode is Mode.ADJUDICATED:
        return Decision(violations=tuple(violations))
    empty = units(list(defenders)) == 0
    if place.kind == "fortress":
        divisor = int(options["defender_storm_fortress_divisor"]) if called_by == "defender" else 3
    else:
        divisor = 2
    defender_seat = place.owner if place.owner is not None else _lead_seat(defenders, place) if defenders else ""
    besieging = Side("besieger", siege.besieger, besiegers, CITY, 1 if empty else divisor)
    defending = Side("defender", defender_seat, defenders, CITY, 1, options["empty_city_dice"] if empty else None)
    fact = Event(
        "StormCalled",
        {
            "seat": seat,
            "place": place.area,
            "by": called_by,
            "cost": cost,
            "spent": state.spent + cost,
            "limit": state.limit,
            **({"subfaction": caller, "treasury": caller} if caller else {}),
            "rule_ids": ["RV-STM-2", "RV-STM-3"] if called_by == "besieger" else ["RV-STM-4"],
        },
    )
    first, second = (besieging, defending) if called_by == "besieger" else (defending, besieging)
    absorbs = {"defender": not empty}
    chosen = chosen_order(action.data, (*besiegers, *defenders))
    if isinstance(chosen, RuleViolation):
        return Decision(violations=(chosen,))
    fight = exchange(game, inputs, first, second, options["unit_table"], options["siege_dice"], absorbs, chosen)
    after = {side.name: survivors(side.pieces, fight.dead) for side in (besieging, defending)}
    winner, _ = winner_of(besieging, defending, after)
    trace = [
        TraceStep(
            "RV-STM-3",
            f"RV-STM-3: storm costs {cost}; spent {state.spent} -> {state.spent + cost} of limit {state.limit}",
            {"cost": cost, "spent": state.spent + cost, "limit": state.limit},
        ),
        *fight.trace,
    ]
    events = [
        fact,
        *fight.events,
        resolved(state, "empty_city" if empty else "storm", place.area, besieging, defending, after, winner),
    ]
    taken = fight.hits["besieger"] >= 1 if empty else units(after["defender"]) == 0
    if taken:
        # RV-STM-5 / RV-SIE-5: the place falls; the defenders' nobles withdraw free and their purses are loot.
        movers = [p.id for p in after["besieger"]]
        events.append(
            Event(
                "PlaceCaptured",
                {
                    "place": place.area,
                    "by": siege.besieger,
                    "from": place.owner,
                    "movers": movers,
                    **conqueror_subfaction(state, siege, caller if called_by == "besieger" else None),
                    "rule_ids": ["RV-SIE-5"] if empty else ["RV-STM-5"],
                },
            )
        )
        trace.append(TraceStep("RV-STM-5", f"RV-STM-5: {place.area!r} is taken by {siege.besieger!r}", {}))
        events += withdraw(
            state, after["defender"], defender_seat, place.area, ("city",), ["RV-AMB-8"], exclude=place.area
        )
        events += loot(state, defenders, defender_seat, siege.besieger, options, after["besieger"])
        events += influence(siege.besieger, options, "place_captured", "RV-VIC-1")
    elif units(after["defender"]) > units(after["besieger"]):
        events += besiegers_withdraw(
            state, siege, after["besieger"], besiegers, defender_seat, options, "RV-STM-6", after["defender"]
        )
    else:
        events.append(Event("SiegeContinues", {"place": place.area, "rule_ids": ["RV-AMB-24"]}))
    if winner is not None:
        events += influence(winner.seat, options, "battle_won", "RV-VIC-1")
    # Transcript mode records the storm the table played with the rules it broke (adjudicated refuses it).
    return Decision(tuple(events), tuple(violations), tuple(trace))


def _siege_pieces(state: RvState, siege: Siege) -> tuple[Piece, ...]:
    return tuple(p for noble in siege.nobles for p in state.banner_of(noble))


# --- relief ---


def relieve_siege(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-REL-1..7, RV-AMB-17: a field battle against the besiegers, their dice undivided."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    if (wrong := support.in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    siege = _siege_at(state, action.data.get("place"))
    if isinstance(siege, RuleViolation):
        return Decision(violations=(siege,))
    if siege.besieger == seat:
        return Decision.refuse("RV-REL-1", f"{seat!r} besieges {siege.place!r}; it cannot relieve it", field="seat")
    relievers = _banners(state, seat, action.data.get("nobles"), "data.nobles")
    if isinstance(relievers, RuleViolation):
        return Decision(violations=(relievers,))
    for noble in (p for p in relievers if p.is_noble):
        edge = state.map.edges.get(noble.area, {}).get(siege.place)
        if noble.area != siege.place and edge is None:
            return Decision.refuse(
                "RV-REL-1", f"{noble.id!r} in {noble.area!r} is not at {siege.place!r}", field="data.nobles"
            )
    inside = {p.id: p for p in _defenders_of(state, siege.place, siege.besieger) if not p.is_noble}
    joining = action.data.get("joining", [])
    if not isinstance(joining, list) or any(j not in inside for j in joining) or len(set(joining)) != len(joining):
        return Decision.refuse(
            "RV-REL-2", f"joining {joining!r} must list besieged units inside {siege.place!r}", field="data.joining"
        )
    besiegers = _siege_pieces(state, siege)
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
    chosen = chosen_order(action.data, (*relief.pieces, *besiegers))
    if isinstance(chosen, RuleViolation):
        return Decision(violations=(chosen,))
    fight = exchange(game, inputs, relief, besieging, options["unit_table"], options["siege_dice"], None, chosen)
    after = {side.name: survivors(side.pieces, fight.dead) for side in (relief, besieging)}
    winner, _ = winner_of(relief, besieging, after)
    events = [fact, *fight.events, resolved(state, "relief", siege.place, relief, besieging, after, winner)]
    trace = [TraceStep("RV-REL-3", "RV-REL-3: field battle; the besiegers' dice are not divided", {}), *fight.trace]
    if winner is relief:
        events += besiegers_withdraw(
            state, siege, after["besieger"], besiegers, seat, options, "RV-REL-4", after["relief"]
        )
        events += influence(seat, options, "battle_won", "RV-VIC-1")
        return Decision(tuple(events), trace=tuple(trace))
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
        events += loot(state, relievers, seat, siege.besieger, options, after["besieger"])
        events += influence(siege.besieger, options, "battle_won", "RV-VIC-1")
    # RV-REL-6/7, RV-AMB-24: the siege goes on whatever the count inside; RV-STM-6 is a storm's clause,
    # and RV-AMB-18 governs the next attack while more than 5 units are inside.
    inside_after = units(list(survivors(_defenders_of(state, siege.place, siege.besieger), fight.dead))) + units(
        [p for p in after["relief"] if p.area != siege.place]
    )
    rule_ids = ["RV-REL-6", "RV-REL-7", "RV-AMB-24"] if winner is besieging else ["RV-AMB-9", "RV-AMB-24"]
    events.append(Event("SiegeContinues", {"place": siege.place, "rule_ids": rule_ids}))
    trace.append(
        TraceStep(
            "RV-AMB-24",
            f"RV-AMB-24: after a relief battle the siege of {siege.place!r} goes on; {inside_after} unit(s) inside "
            f"against {units(after['besieger'])} besieging, RV-STM-6 is checked only after a storm",
            {"inside": inside_after, "besiegers": units(after["besieger"])},
        )
    )
    return Decision(tuple(events), trace=tuple(trace))
