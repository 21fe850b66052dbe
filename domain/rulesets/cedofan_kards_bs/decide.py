"""decide for `cedofan_kards_bs`: the round and turn structure, ransoms and vassalage; dispatch to the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.kernel import Action, Decision, Event, Game, Inputs, TraceStep
from domain.rulesets.cedofan_kards_bs.battles import (
    RANSOM,
    decide_attack,
    decide_relief,
    decide_start_siege,
    decide_storm,
)
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.losses import decide_allocate_losses
from domain.rulesets.cedofan_kards_bs.movement import (
    decide_enter_jointly,
    decide_merge,
    decide_move,
    decide_retreat,
)
from domain.rulesets.cedofan_kards_bs.raids import giant_raid, pirate_raid, siege_attrition
from domain.rulesets.cedofan_kards_bs.rulings import applied, new_army_id, refuse, transfer
from domain.rulesets.cedofan_kards_bs.state import Captive, KbsState

Decider = Callable[[Game, Action, Inputs], Decision]

# Actions taken in the acting faction's own turn (KBS-AMB-20).
_IN_TURN: Mapping[str, Decider] = {
    "move_army": lambda g, a, i: decide_move(g, a),
    "enter_jointly": lambda g, a, i: decide_enter_jointly(g, a),
    "merge_armies": lambda g, a, i: decide_merge(g, a),
    "start_siege": decide_start_siege,
    "storm_city": decide_storm,
    "attack": decide_attack,
    "relieve_siege": decide_relief,
    "ransom_kard": lambda g, a, i: _decide_ransom_kard(g, a),
    "declare_revolt": lambda g, a, i: _decide_revolt(g, a),
    "end_turn": lambda g, a, i: _decide_end_turn(g, a),
}
# Actions of the round's structure and answers to a battle, outside the turn order.
_ANYTIME: Mapping[str, Decider] = {
    "start_round": lambda g, a, i: _decide_start_round(g),
    "begin_turns": lambda g, a, i: _decide_begin_turns(g, i),
    "retreat": lambda g, a, i: decide_retreat(g, a),
    "ransom_prisoners": lambda g, a, i: _decide_ransom_prisoners(g, a),
    "request_vassal_supplies": lambda g, a, i: _decide_vassal_supplies(g, a),
    "allocate_losses": lambda g, a, i: decide_allocate_losses(g, a),
}
ACTIONS = (*_IN_TURN, *_ANYTIME)


def decide(game: Game, action: Action, inputs: Inputs) -> Decision:
    """Route an action to its decider after the turn checks every action shares."""
    state: KbsState = game.state
    if not state.map.cities:
        return refuse("KBS-AMB-22", "this game was created without a board: the seed gives no map", "board")
    if action.type in _ANYTIME:
        if action.type not in ("start_round", "begin_turns") and action.seat not in state.factions:
            return refuse("KBS-AMB-20", f"seat {action.seat!r} is not a faction of this game", "seat")
        if state.retreats and action.type not in ("retreat", "ransom_prisoners", "allocate_losses"):
            return refuse("KBS-CMB-4", f"armies {', '.join(state.retreats)} must retreat first")
        return _ANYTIME[action.type](game, action, inputs)
    decider = _IN_TURN.get(action.type)
    if decider is None:
        known = ", ".join(ACTIONS)
        return refuse("KBS-AMB-20", f"unknown action {action.type!r}; actions are: {known}", "type")
    if state.phase != "turns" or action.seat != state.turn:
        current = state.turn or f"nobody ({state.phase} phase)"
        return refuse("KBS-AMB-20", f"{action.type!r} by {action.seat!r} out of turn: it is {current}'s turn", "seat")
    if state.retreats:
        return refuse("KBS-CMB-4", f"armies {', '.join(state.retreats)} must retreat first")
    return decider(game, action, inputs)


def _decide_start_round(game: Game) -> Decision:
    """KBS-AMB-20, KBS-AMB-5: a new round opens with siege attrition, then the supply phase."""
    state: KbsState = game.state
    if state.phase not in ("setup", "round_over"):
        return refuse("KBS-AMB-20", f"round {state.round} is still in its {state.phase} phase")
    round_no = state.round + 1
    started = Event("RoundStarted", {"round": round_no, "rule_ids": ["KBS-AMB-20"]})
    trace = TraceStep("KBS-AMB-20", f"round {round_no} begins: attrition, then the supply phase")
    return Decision((started,), trace=(trace,)).then(siege_attrition(game, applied(state, [started]), round_no))


def _decide_begin_turns(game: Game, inputs: Inputs) -> Decision:
    """KBS-AMB-20: after the supply phase, giants (odd rounds) and pirates (even rounds), then the first turn."""
    state: KbsState = game.state
    if state.phase != "supply":
        return refuse("KBS-AMB-20", f"turns begin after the supply phase; the game is in its {state.phase} phase")
    giants = giant_raid(game, inputs, state, state.round)
    pirates = pirate_raid(game, inputs, applied(state, giants.events), state.round)
    first = Event("TurnStarted", {"round": state.round, "seat": state.order[0], "rule_ids": ["KBS-AMB-20"]})
    return giants.then(pirates).then(Decision((first,)))


def _decide_end_turn(game: Game, action: Action) -> Decision:
    """KBS-AMB-20: the next faction's turn, or the end of the round."""
    state: KbsState = game.state
    index = state.order.index(str(action.seat))
    if index + 1 < len(state.order):
        nxt = state.order[index + 1]
        return Decision((Event("TurnStarted", {"round": state.round, "seat": nxt, "rule_ids": ["KBS-AMB-20"]}),))
    return Decision((Event("RoundEnded", {"round": state.round, "rule_ids": ["KBS-AMB-20"]}),))


def _decide_ransom_kard(game: Game, action: Action) -> Decision:
    """`ransom_kard {kard}`: KBS-RAN-1..4, KBS-AMB-14."""
    state: KbsState = game.state
    seat = str(action.seat)
    kard = action.data.get("kard")
    held = state.captives.get(kard) if isinstance(kard, str) else None
    if held is None or held.owner != seat:
        return refuse("KBS-RAN-1", f"{kard!r} is not a leader of {seat!r} held by an enemy", "data.kard")
    if held.barred_by is not None:
        return refuse(held.barred_by, f"{kard!r} was taken when the raiders won: no prisoner of theirs is ransomed")
    if state.acted:
        return refuse("KBS-RAN-1", f"a kard is ransomed at the start of the turn; {seat!r} has already acted")
    faction = state.factions[seat]
    if faction.supplies < RANSOM:
        return refuse("KBS-AMB-14", f"the ransom costs {RANSOM} supplies; {seat!r} has {faction.supplies}")
    influence = min(RANSOM, faction.influence)
    captor = None if held.captor == NEUTRAL else held.captor
    capital = state.map.factions[seat].capital if seat in state.map.factions else None
    placed_at = capital if capital and state.owners.get(capital) == seat else None
    events = [
        Event(
            "KardRansomed",
            {
                "seat": seat,
                "kard": kard,
                "captor": held.captor,
                "supplies": RANSOM,
                "influence": influence,
                "placed_at": placed_at,
                "rule_ids": ["KBS-RAN-1", "KBS-RAN-2", "KBS-RAN-4", "KBS-AMB-14"],
            },
        ),
        transfer("supplies", seat, captor, RANSOM, ["KBS-RAN-2"]),
        transfer("influence", seat, captor, influence, ["KBS-RAN-2", "KBS-RAN-4"]),
    ]
    trace = [
        TraceStep(
            "KBS-RAN-2",
            f"{seat} pays {held.captor} {RANSOM} supplies and {influence} influence (of {faction.influence})",
        )
    ]
    recruited, recruit_trace = _neutral_captor_recruits(game, held)
    events += recruited
    trace += recruit_trace
    events += _ransomed_kard_placed(state, seat, str(kard), placed_at, offset=len(recruited))
    trace.append(
        TraceStep("KBS-AMB-14", f"{kard} appears in {placed_at}" if placed_at else "capital lost: the GM places him")
    )
    return Decision(tuple(events), trace=tuple(trace))


def _neutral_captor_recruits(game: Game, held: Captive) -> tuple[list[Event], list[TraceStep]]:
    """KBS-RAN-3: a neutral captor spends the ransom on army units where the kard was held."""
    if held.captor != NEUTRAL:
        return [], []
    state: KbsState = game.state
    recruits = RANSOM // game.meta.options["recruit_cost"]
    step = TraceStep("KBS-RAN-3", f"the neutral captor recruits {recruits} army unit(s) at {held.at}")
    if not recruits:
        return [], [step]
    recruited = Event(
        "NeutralUnitsRecruited",
        {
            "army": new_army_id(state),
            "owner": NEUTRAL,
            "at": held.at,
            "units": {"army": recruits},
            "leaders": [],
            "rule_ids": ["KBS-RAN-3"],
        },
    )
    return [recruited], [step]


def _ransomed_kard_placed(state: KbsState, seat: str, kard: str, placed_at: str | None, offset: int) -> list[Event]:
    """KBS-AMB-14: the ransomed kard appears in his capital while his faction holds it (else the GM places him)."""
    if not placed_at:
        return []
    placed = {"army": new_army_id(state, offset), "owner": seat, "at": placed_at, "units": {}, "leaders": [kard]}
    return [Event("ArmyPlaced", {**placed, "rule_ids": ["KBS-AMB-14"]})]


def _decide_ransom_prisoners(game: Game, action: Action) -> Decision:
    """`ransom_prisoners {units}`: KBS-RET-3, KBS-AMB-15: 1 supply per unit, after the battle, into the capital."""
    state: KbsState = game.state
    seat = str(action.seat)
    held = state.prisoners.get(seat)
    if held is None:
        return refuse("KBS-RET-3", f"{seat!r} has no prisoners to ransom from a battle of this turn")
    units = action.data.get("units")
    if (
        not isinstance(units, dict)
        or not units
        or any(
            not isinstance(n, int) or isinstance(n, bool) or n < 1 or n > held.units.get(k, 0) for k, n in units.items()
        )
    ):
        return refuse("KBS-RET-3", f"units {units!r} must name prisoners held: {dict(held.units)}", "data.units")
    cost = sum(units.values())
    if cost > state.factions[seat].supplies:
        return refuse("KBS-RET-3", f"{cost} unit(s) cost {cost} supplies; {seat!r} has {state.factions[seat].supplies}")
    capital = state.map.factions[seat].capital if seat in state.map.factions else None
    if capital is None or state.owners.get(capital) != seat:
        return refuse("KBS-RET-3", f"ransomed units appear in the capital; {seat!r} does not hold {capital!r}")
    events = (
        Event(
            "PrisonersRansomed",
            {"seat": seat, "captor": held.captor, "units": units, "cost": cost, "rule_ids": ["KBS-RET-3"]},
        ),
        Event(
            "ArmyPlaced",
            {
                "army": new_army_id(state),
                "owner": seat,
                "at": capital,
                "units": units,
                "leaders": [],
                "rule_ids": ["KBS-RET-3"],
            },
        ),
    )
    return Decision(
        events, trace=(TraceStep("KBS-RET-3", f"{cost} unit(s) ransomed for {cost} supplies into {capital}"),)
    )


def _cities(state: KbsState, seat: str) -> int:
    return sum(1 for owner in state.owners.values() if owner == seat)


def territory(state: KbsState, seat: str, measure: str) -> int:
    """KBS-AMB-17: cities held, or cities plus their administrative regions."""
    cities = [c for c, owner in state.owners.items() if owner == seat]
    if measure == "cities":
        return len(cities)
    return len(cities) + len({state.map.cities[c].admin_region for c in cities})


def _decide_vassal_supplies(game: Game, action: Action) -> Decision:
    """`request_vassal_supplies {vassal, amount}`: KBS-VAS-9 (limit), KBS-VAS-6 (the vassal pays)."""
    state: KbsState = game.state
    seat, vassal, amount = str(action.seat), action.data.get("vassal"), action.data.get("amount")
    if state.phase != "supply":
        return refuse("KBS-VAS-9", f"supplies are requested in the supply phase, not the {state.phase} phase")
    if not isinstance(vassal, str) or vassal not in state.factions or state.factions[vassal].lord != seat:
        return refuse("KBS-VAS-9", f"{vassal!r} is not a vassal of {seat!r}", "data.vassal")
    if vassal in state.requested:
        return refuse("KBS-VAS-9", f"{vassal!r} was already asked this supply phase", "data.vassal")
    limit = _cities(state, vassal) // 2
    if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= limit:
        return refuse(
            "KBS-VAS-9", f"amount {amount!r}: at most floor({_cities(state, vassal)}/2) = {limit}", "data.amount"
        )
    paid = min(amount, state.factions[vassal].supplies)
    events = (
        Event("VassalSuppliesRequested", {"lord": seat, "vassal": vassal, "amount": amount, "rule_ids": ["KBS-VAS-9"]}),
        transfer("supplies", vassal, seat, paid, ["KBS-VAS-6"]),
    )
    trace = (
        TraceStep("KBS-VAS-9", f"{vassal} holds {_cities(state, vassal)} cities: up to {limit}; {amount} requested"),
        TraceStep("KBS-VAS-6", f"{vassal} pays {paid} (it has {state.factions[vassal].supplies})"),
    )
    return Decision(events, trace=trace)


def _decide_revolt(game: Game, action: Action) -> Decision:
    """`declare_revolt`: KBS-VAS-8, a vassal larger than its lord breaks free."""
    state: KbsState = game.state
    seat = str(action.seat)
    lord = state.factions[seat].lord
    if lord is None:
        return refuse("KBS-VAS-8", f"{seat!r} is no one's vassal")
    measure = game.meta.options["territory_measure"]
    mine, theirs = territory(state, seat, measure), territory(state, lord, measure)
    if mine <= theirs:
        return refuse("KBS-VAS-8", f"{seat!r} has territory {mine} ({measure}), not more than {lord!r}'s {theirs}")
    event = Event(
        "RevoltDeclared", {"vassal": seat, "lord": lord, "territory": [mine, theirs], "rule_ids": ["KBS-VAS-8"]}
    )
    return Decision((event,), trace=(TraceStep("KBS-VAS-8", f"territory {mine} > {theirs} ({measure}): free"),))
