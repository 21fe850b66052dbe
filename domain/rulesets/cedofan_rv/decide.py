"""Deciding player actions: the dispatch, rounds and impulses, retreat ties (RV-TURN-*, RV-DTH-*, RV-VIC-3).

Moves and purses are decided in `moves.py`, battles in `battles.py`, sieges in `sieges.py`, storms in `storms.py`,
reliefs in `relief.py`, extraction and recruitment in `economy.py`; a decision that awards influence may end the
game (RV-VIC-3). Each guard returns the violation it finds (or None) and is named for what it checks; its docstring
starts with the rule id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import GAME_ENDED, Action, Authority, Decision, Event, Game, Inputs, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv import alliances, battles, economy, imperial, league, moves, relief, sieges, storms
from domain.rulesets.cedofan_rv.amendments import SLIPS_SETTLED_AT_END
from domain.rulesets.cedofan_rv.evolve import evolve
from domain.rulesets.cedofan_rv.guards import in_own_impulse
from domain.rulesets.cedofan_rv.retreat_ties import tie_named
from domain.rulesets.cedofan_rv.state import RvState
from domain.rulesets.cedofan_rv.treasuries import KARD_LEAGUE, is_imperial_city, named, place_treasury


def decide(game: Game, action: Action, inputs: Inputs) -> Decision:
    """Dispatch an action to its decider; unknown types are refused by RV-TURN-1."""
    state: RvState = game.state
    deciders: Mapping[str, Callable[[Game, Action, Inputs], Decision]] = {
        "start_round": _start_round,
        "begin_impulse": _begin_impulse,
        "end_impulse": _end_impulse,
        "move_banner": moves.move_banner,
        "transfer_resources": moves.transfer_resources,
        "attack": battles.attack,
        "start_siege": sieges.start_siege,
        "storm_place": storms.storm_place,
        "sortie": storms.sortie,
        "relieve_siege": relief.relieve_siege,
        "extract": economy.extract,
        "recruit": economy.recruit,
        "buy_imperial_general": imperial.buy_imperial_general,
        "summon_shade": imperial.summon_shade,
        "levy_extraordinary_tax": imperial.levy_extraordinary_tax,
        "choose_retreat": _choose_retreat,
        "declare_alliance": alliances.declare_alliance,
        "end_alliance": alliances.end_alliance,
    }
    decider = deciders.get(action.type)
    if decider is None:
        known = ", ".join(deciders)
        return Decision.refuse("RV-TURN-1", f"unknown action {action.type!r}; actions are: {known}", field="type")
    if (missing := unit_table_gap(state, game.meta.options)) is not None:
        return Decision(violations=(missing,))
    if action.type != "start_round" and action.seat is None:
        return Decision.refuse("RV-TURN-1", f"{action.type!r} is taken by a faction: name the seat", field="seat")
    return _with_victory(state, decider(game, action, inputs))


def _with_victory(state: RvState, decision: Decision) -> Decision:
    """RV-VIC-3: the first faction to reach the influence target wins; the game ends.

    **Decision:** loot still owed on an open slip (RV-LOOT-1/2) is settled before the end is declared: the engine
    delivers what the losing nobles carried (`LootDelivered`, RV-LOOT-2, RV-VIC-3), then `GameEnded`. Nothing can
    be sealed once the game has ended, and waiting for the loser's slip would let him hold the end back. Since 1.1.0
    (`SLIPS_SETTLED_AT_END`); a game pinned to 1.0.0 ends with the slip open, as it was played.
    """
    totals = dict(state.influence)
    for event in decision.events:
        if event.type != "InfluenceGained":
            continue
        seat = str(event.data["seat"])
        totals[seat] = totals.get(seat, 0) + int(event.data["amount"])
        if totals[seat] >= state.influence_target:
            reason = f"RV-VIC-3: {seat} reaches {totals[seat]} influence (target {state.influence_target})"
            ended = Event(GAME_ENDED, {"by": "rules", "winners": [seat], "reason": reason})
            step = TraceStep("RV-VIC-3", reason, {"seat": seat, "influence": totals[seat]})
            settled = (
                open_slips_settled(state, decision.events, "RV-VIC-3")
                if SLIPS_SETTLED_AT_END in state.amendments
                else []
            )
            return Decision((*decision.events, *settled, ended), decision.violations, (*decision.trace, step))
    return decision


def open_slips_settled(state: RvState, events: tuple[Event, ...], ended_by: str) -> list[Event]:
    """RV-LOOT-2 and the rule that ends the game (`ended_by`: RV-VIC-3, or CORE-END-1 for an `end_game`): every
    loot slip still open after `events` is delivered at the amount the losing nobles carried, which the engine
    folded from their purses (`Loot.amount`)."""
    for event in events:
        state = evolve(state, event)
    return [
        Event(
            "LootDelivered",
            {
                "loot": loot.id,
                "from_seat": loot.from_seat,
                "to_seat": loot.to_seat,
                "amount": loot.amount,
                "rule_ids": ["RV-LOOT-2", "RV-AMB-19", ended_by],
            },
        )
        for loot in state.loot.values()
        if loot.delivered is None
    ]


def unit_table_gap(state: RvState, options: Mapping[str, Any]) -> RuleViolation | None:
    """RV-AMB-1: every piece on the board has an entry in the creator's unit table."""
    table = options.get("unit_table") or {}
    for piece in state.pieces.values():
        if piece.kind not in table:
            return RuleViolation(
                "RV-AMB-1",
                f"piece {piece.id!r} is a {piece.kind!r}, which options.unit_table does not give",
                {"field": "options.unit_table"},
            )
    return None


# --- rounds and impulses ---


def _start_round(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-TURN-1: a new round begins once no impulse is open.

    RV-TURN-2 steps 1-4 (running political events, the weather card, two political cards and council
    elections, lowering the influence target once Robert's body lies in Rudern) and RV-TURN-4's house
    heads drawn from five cards depend on cards whose effects the seed does not give: the arbiter enters
    them by `adjust` (on `offices`, `influence_target`, pieces) before the impulses (step 5).
    """
    state: RvState = game.state
    if state.impulse is not None:
        return Decision.refuse("RV-TURN-1", f"the impulse of {state.impulse!r} is still open; end it first")
    # „in which every player plays": a player may not skip the others' impulses; the table's recorder or arbiter
    # may (a round the table cut short, or an impulse nobody recorded).
    if action.authority is Authority.PLAYER and state.round and (due := league.yet_to_play(state)):
        return Decision.refuse(
            "RV-TURN-1",
            f"{', '.join(due)} ha{'ve' if len(due) > 1 else 's'} not played round {state.round}: every player plays"
            " before a new round (a recorder or arbiter may start it)",
        )
    number = state.round + 1
    events, trace = _rulers_reappear(state, number) if state.round else ([], [])
    events.append(Event("RoundStarted", {"round": number, "rule_ids": ["RV-TURN-1"]}))
    trace.append(TraceStep("RV-TURN-1", f"RV-TURN-1: round {number} begins", {"round": number}))
    if number == 1:
        events += _first_round_extraction(state)
        trace.append(TraceStep("RV-ECO-4", "RV-ECO-4: every city extracts resources in the first round", {}))
    return Decision(tuple(events), trace=tuple(trace))


def _first_round_extraction(state: RvState) -> list[Event]:
    """RV-ECO-4: in the first round every city of a seat extracts automatically, an imperial one into the imperial
    treasury (RV-ECO-5): „Ve všech městech" — there is no kard yet to choose otherwise (RV-TURN-5). An imperial city
    no seat administers works for the empire too (`seat` null), as the kard works it in later rounds."""
    return [
        Event(
            "ResourcesExtracted",
            {
                "seat": seat,
                "place": place.area,
                "amount": place.yields,
                "uses": place.yields,
                **named(place_treasury(state, place, str(seat)), str(seat)),
                "rule_ids": ["RV-ECO-4", "RV-ECO-3"] if place.yields > 1 else ["RV-ECO-4"],
            },
        )
        for place in sorted(state.places.values(), key=lambda p: p.area)
        if place.kind == "city" and (place.owner in state.seats or is_imperial_city(state, place))
        for seat in [place.owner if place.owner in state.seats else None]
    ]


def _rulers_reappear(state: RvState, number: int) -> tuple[list[Event], list[TraceStep]]:
    """RV-DTH-1/2: at the end of the round a fallen ruler reappears, free, in his house city or capital.

    A house head whose house no longer holds its city reappears in Rudern (RV-DTH-1); with no such place
    on the board he stays fallen until the arbiter places him (`adjust`). A Kard League sub-faction ruler
    always escapes to his sub-faction's capital, held or not, but the units and generals of his
    sub-faction that stood where he fell are lost (RV-DTH-2).
    """
    events: list[Event] = []
    trace: list[TraceStep] = []
    for noble, (seat, rank) in sorted(state.fallen.items()):
        sub, fell_at = state.fallen_with.get(noble, ("", ""))
        if rank == "kl_ruler":
            homes = sorted(p.area for p in state.places.values() if p.capital_of in (sub or seat, seat))
            homes = sorted(homes, key=lambda a: state.places[a].capital_of != (sub or seat))
        else:
            homes = sorted(p.area for p in state.places.values() if p.capital_of == seat and p.owner == seat)
        rudern = sorted(p.area for p in state.places.values() if p.rudern) if rank == "house_head" else []
        area = homes[0] if homes else rudern[0] if rudern else None
        if area is None:
            rule = "RV-DTH-2" if rank == "kl_ruler" else "RV-DTH-1"
            where = "capital" if rank == "kl_ruler" else "house city or Rudern"
            trace.append(TraceStep(rule, f"{rule}: no {where} for {seat!r} on the board; {noble!r} waits (adjust)", {}))
            continue
        if rank == "kl_ruler":
            events += _army_lost_with(state, seat, sub, fell_at)
        data = {
            "seat": seat,
            "noble": f"{noble}-r{number}",
            "replaces": noble,
            "rank": rank,
            "area": area,
            **({"subfaction": sub} if sub else {}),
            "rule_ids": ["RV-DTH-2" if rank == "kl_ruler" else "RV-DTH-1"],
        }
        events.append(Event("RulerReappeared", data))
        rule = "RV-DTH-2" if rank == "kl_ruler" else "RV-DTH-1"
        trace.append(TraceStep(rule, f"{rule}: {sub or seat}'s ruler appears in {area!r}, free", {}))
    return events, trace


def _army_lost_with(state: RvState, seat: str, sub: str, area: str) -> list[Event]:
    """RV-DTH-2: the sub-faction's units and generals where its ruler fell are lost with him."""
    lost = sorted(
        p.id
        for p in state.pieces.values()
        if p.owner == seat and p.area == area and (p.subfaction or "") == sub and p.rank != "kl_ruler"
    )
    if not lost:
        return []
    return [Event("PiecesEliminated", {"seat": seat, "pieces": lost, "rule_ids": ["RV-DTH-2"]})]


def _begin_impulse(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-TURN-1, RV-TURN-3, RV-SUP-1: one impulse per faction per round (per active sub-faction for the Kard
    League, in the fixed order); its limit is cities + 4."""
    state: RvState = game.state
    seat = str(action.seat)
    if (wrong := _no_impulse_open(state)) is not None:
        return Decision(violations=(wrong,))
    sub = league.subfaction_due(state, action.data.get("subfaction")) if seat == KARD_LEAGUE else None
    if isinstance(sub, RuleViolation):
        return Decision(violations=(sub,))
    if (wrong := _not_played_yet(state, seat, sub) or _in_impulse_order(state, seat)) is not None:
        return Decision(violations=(wrong,))
    cities, counted = _limit_cities(state, seat, sub, game.meta.options)
    limit = cities + 4
    data = {
        "faction": seat,
        **({"subfaction": sub} if sub else {}),
        "round": state.round,
        "impulse": state.impulse_no + 1,
        "limit": limit,
    }
    rules = ["RV-TURN-1", "RV-SUP-1", *(["RV-TURN-3"] if sub else [])]
    step = TraceStep(
        "RV-SUP-1", f"RV-SUP-1: limit = {cities} cities{counted} + 4 = {limit}", {"cities": cities, "limit": limit}
    )
    return Decision((Event("ImpulseStarted", {**data, "rule_ids": rules}),), trace=(step,))


def _no_impulse_open(state: RvState) -> RuleViolation | None:
    """RV-TURN-1: an impulse begins in a started round, once the one before it has ended."""
    if state.round == 0:
        return RuleViolation("RV-TURN-1", "no round has started; start_round first", {})
    if state.impulse is not None:
        return RuleViolation("RV-TURN-1", f"the impulse of {_whose(state)!r} is still open", {})
    return None


def _not_played_yet(state: RvState, seat: str, sub: str | None) -> RuleViolation | None:
    """RV-TURN-1: a faction has one impulse per round (a Kard League sub-faction its own, RV-TURN-3)."""
    if seat in state.had_impulse and sub is None:
        return RuleViolation("RV-TURN-1", f"{seat!r} has had its impulse in round {state.round}", {})
    return None


def _in_impulse_order(state: RvState, seat: str) -> RuleViolation | None:
    """RV-TURN-3: the factions play their impulses in the round's order."""
    waiting = [s for s in state.order if not league.has_played(state, s)]
    if seat in state.order and waiting and waiting[0] != seat:
        return RuleViolation(
            "RV-TURN-3", f"{waiting[0]!r} plays before {seat!r} (order: {', '.join(state.order)})", {"field": "seat"}
        )
    return None


def _limit_cities(state: RvState, seat: str, sub: str | None, options: Mapping[str, Any]) -> tuple[int, str]:
    """RV-SUP-1: the cities the limit counts: a sub-faction's own (option `subfaction_limit`), else the seat's."""
    if sub is None:
        return state.cities_of(seat), ""
    if options.get("subfaction_limit", "own_cities") == "league_cities":
        return state.cities_of(seat), " of the Kard League"
    return state.cities_of_subfaction(seat, sub), f" of {sub}"


def _whose(state: RvState) -> str:
    """The impulse now open, naming the sub-faction when it is one's (RV-TURN-3)."""
    sub = state.impulse_subfaction
    return f"{state.impulse} ({sub})" if sub else str(state.impulse)


def _end_impulse(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-TURN-1: a faction (or the Kard League sub-faction whose impulse it is) ends its own impulse."""
    state: RvState = game.state
    if (wrong := in_own_impulse(state, str(action.seat))) is not None:
        return Decision(violations=(wrong,))
    sub = state.impulse_subfaction
    data = {"faction": action.seat, **({"subfaction": sub} if sub else {}), "spent": state.spent}
    return Decision((Event("ImpulseEnded", data),))


def _choose_retreat(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`choose_retreat {to, pieces}`: RV-AMB-10: the owner breaks a tie between equally near places, free; `pieces`
    names the withdrawal, the seat's last without it (`retreat_ties.py`)."""
    state: RvState = game.state
    seat = str(action.seat)
    own = state.retreat_ties.get(seat, ())
    to, which = action.data.get("to"), action.data.get("pieces")
    if not own:
        return Decision.refuse("RV-AMB-10", f"{seat!r} has no withdrawal with equally near places this round")
    tie = tie_named(own, which)
    if tie is None:
        withdrawals = "; ".join(", ".join(t[0]) for t in own)
        return Decision.refuse(
            "RV-AMB-10",
            f"{which!r} are not pieces of one of {seat!r}'s withdrawals: {withdrawals}",
            field="data.pieces",
        )
    pieces, went, ties = tie
    if to not in ties or to == went:
        others = ", ".join(t for t in ties if t != went)
        return Decision.refuse(
            "RV-AMB-10", f"{to!r} is not an equally near place; choose one of {others}", field="data.to"
        )
    standing = retreaters_standing(state, pieces, went)
    if not standing:
        return Decision.refuse(
            "RV-AMB-10", f"the pieces that withdrew to {went!r} have moved since: the withdrawal stands"
        )
    event = Event(
        "RetreatChosen",
        {"seat": seat, "pieces": standing, "from": went, "to": to, "cost": 0, "rule_ids": ["RV-AMB-10"]},
    )
    return Decision(
        (event,), trace=(TraceStep("RV-AMB-10", f"RV-AMB-10: {seat} withdraws to {to!r}, not {went!r}", {}),)
    )


def retreaters_standing(state: RvState, pieces: tuple[str, ...], went: str) -> list[str]:
    """RV-AMB-10: the withdrawn pieces still on the board, while they all still stand where they withdrew to
    (empty once any has moved on: the withdrawal then stands)."""
    standing = [p for p in pieces if p in state.pieces]
    return [] if any(state.pieces[p].area != went for p in standing) else standing
