"""Victory (KK-WIN-1..7): one pure check of a state, run by the ruleset after every decision (A-58).

The check reads the statuses other parts keep: `lord_status` ("eliminated", "vassal", "captive"), the liege of
each vassal (`KKState.lieges`, read defensively until that field exists), `offices`, `control`, the units and
the treasuries. It never changes the state; the ruleset appends the kernel's `GameEnded` when it finds a winner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel import DICE_ROLLED, GAME_ENDED, Decision, Event, TraceStep
from domain.rulesets.kard_es_korona.evolve import evolve
from domain.rulesets.kard_es_korona.state import FINISHED, OFFICES, KKState

OUT = ("eliminated", "vassal")  # KK-WIN-2, A-40: a captive lord still stands, a vassal does not

# KK-WIN-5: castles needed, by variant and number of players.
CASTLES_TO_WIN: Mapping[str, Mapping[int, int]] = {
    "basic": {2: 9, 3: 7, 4: 7, 5: 6, 6: 6},
    "advanced": {2: 13, 3: 11, 4: 11, 5: 9, 6: 9},
}


@dataclass(frozen=True, slots=True)
class Victory:
    """Who won, by which rule, and the numbers that decided it."""

    winners: tuple[str, ...]
    rule_id: str
    condition: str  # last_lord | all_offices | provinces | castles | end_of_game
    reason: str
    details: Mapping[str, Any]


def lieges(state: KKState) -> Mapping[str, str]:
    """Vassal -> liege (KK-VASSAL; the field belongs to the lords' rules and may not exist yet)."""
    found = getattr(state, "lieges", None)
    return found if isinstance(found, Mapping) else {}


def standing(state: KKState) -> tuple[str, ...]:
    """KK-WIN-2, A-40: the players whose lord is neither dead nor sworn to another, in seating order."""
    return tuple(s for s in state.seats if state.lord_status.get(s) not in OUT)


def realm(state: KKState, seat: str) -> frozenset[str]:
    """KK-VASSAL-4, A-28: the seat and its vassals, whose castles and counties count for it."""
    return frozenset({seat, *(v for v, liege in lieges(state).items() if liege == seat)})


def castles_held(state: KKState, seat: str) -> int:
    if state.board is None:
        return 0
    holders = realm(state, seat)
    return sum(1 for c in state.board.castles() if state.control.get(c) in holders)


def counties_held(state: KKState, seat: str) -> int:
    """A-41: every controlled county, castle counties included, the vassals' too."""
    holders = realm(state, seat)
    return sum(1 for owner in state.control.values() if owner in holders)


def cavalry_on_board(state: KKState, seat: str) -> int:
    """A-41: the player's own cavalry on the board (a vassal's knights do not count, A-28)."""
    return sum(by[seat].cavalry for by in state.units.values() if seat in by)


def whole_provinces(state: KKState, seat: str) -> tuple[str, ...]:
    """KK-WIN-4, A-3, A-39: provinces every county of which the seat (or his vassal) controls."""
    board = state.board
    if board is None:
        return ()
    holders = realm(state, seat)
    garrison = bool(state.options.get("province_requires_garrison"))

    def held(county: str) -> bool:
        if state.control.get(county) not in holders:
            return False
        return not garrison or any(state.force(county, h).total for h in holders)

    return tuple(p for p, counties in board.provinces.items() if counties and all(held(c) for c in counties))


def provinces_to_win(state: KKState) -> int:
    """KK-WIN-4: 3 whole provinces; 4 in 2- and 3-player games."""
    return 4 if len(state.seats) <= 3 else 3


def castles_to_win(state: KKState) -> int:
    """KK-WIN-5: the castle count by variant and number of players."""
    table = CASTLES_TO_WIN.get(str(state.options.get("variant")), CASTLES_TO_WIN["basic"])
    return table.get(len(state.seats), table[max(table)])


def check(state: KKState, events: Sequence[Event] = ()) -> Victory | None:
    """KK-WIN-1: the first condition met by `state` (after the decision that recorded `events`), else None."""
    if state.board is None or state.year == 0 or len(state.seats) < 2:
        return None
    for condition in (_last_lord, _all_offices, _provinces, _castles, _end_of_game):
        found = condition(state, events)
        if found is not None:
            return found
    return None


def _last_lord(state: KKState, events: Sequence[Event]) -> Victory | None:
    """KK-WIN-2, A-40: every other player's lord died or swore fealty."""
    alive = standing(state)
    if len(alive) != 1:
        return None
    out = {s: state.lord_status.get(s) for s in state.seats if s not in alive}
    return Victory(alive, "KK-WIN-2", "last_lord", f"{alive[0]} is the last lord standing", {"out": out})


def _all_offices(state: KKState, events: Sequence[Event]) -> Victory | None:
    """KK-WIN-3, A-37: one player holds all three offices once an election is over (or after a sale)."""
    if state.election is not None:  # the offices are auctioned one by one: only the election's end counts
        return None
    holders = {state.offices.get(o) for o in OFFICES}
    if len(holders) != 1:
        return None
    (holder,) = holders
    if holder is None or holder not in standing(state):
        return None
    if state.options.get("all_offices_win") == "newly_won_only" and not _won_all_outright(holder, events):
        return None
    return Victory((holder,), "KK-WIN-3", "all_offices", f"{holder} holds all three offices", {"offices": OFFICES})


def _won_all_outright(holder: str, events: Sequence[Event]) -> bool:
    """A-37 `newly_won_only`: all three won by highest bid in this election, or bought in this sale."""
    if any(e.type == "OfficeSold" and _seat_in(e.data, "buyer", "buyer_id") == holder for e in events):
        return True
    won = {
        e.data.get("office")
        for e in events
        if e.type == "OfficeAwarded"
        and e.data.get("outcome") == "highest_bid"
        and _seat_in(e.data, "holder", "holder_id", "seat") == holder
    }
    return won >= set(OFFICES)


def _seat_in(data: Mapping[str, Any], *keys: str) -> Any:
    return next((data[k] for k in keys if k in data), None)


def _provinces(state: KKState, events: Sequence[Event]) -> Victory | None:
    """KK-WIN-4, A-39: 3 whole provinces (4 with 2-3 players); the home province and the royal centre count."""
    needed = provinces_to_win(state)
    for seat in standing(state):
        held = whole_provinces(state, seat)
        if len(held) >= needed:
            reason = f"{seat} holds {len(held)} whole provinces ({', '.join(held)}); {needed} win"
            return Victory((seat,), "KK-WIN-4", "provinces", reason, {"provinces": list(held), "needed": needed})
    return None


def _castles(state: KKState, events: Sequence[Event]) -> Victory | None:
    """KK-WIN-5/6: the castle count by variant and players, the vassals' castles included; wins at once."""
    needed = castles_to_win(state)
    for seat in standing(state):
        held = castles_held(state, seat)
        if held >= needed:
            reason = f"{seat} holds {held} castles; {needed} win with {len(state.seats)} players"
            return Victory((seat,), "KK-WIN-5", "castles", reason, {"castles": held, "needed": needed})
    return None


def final_standings(state: KKState) -> list[dict[str, Any]]:
    """KK-WIN-7, A-41: castles, counties, cavalry on the board, treasury, for each ranked player, best first."""
    rows = [
        {
            "seat": seat,
            "castles": castles_held(state, seat),
            "counties": counties_held(state, seat),
            "cavalry": cavalry_on_board(state, seat),
            "treasury": state.treasury.get(seat, 0),
        }
        for seat in standing(state)
    ]
    return sorted(rows, key=_rank_key, reverse=True)


def _rank_key(row: Mapping[str, Any]) -> tuple[int, int, int, int]:
    return (row["castles"], row["counties"], row["cavalry"], row["treasury"])


def ranking(state: KKState, winners: Sequence[str]) -> list[dict[str, Any]]:
    """Every seat's place when the game ends, with the measures the KK-WIN-7 chain (A-41) compares.

    The winners share place 1 whatever their counts; the other lords still standing follow by castles, then
    counties, cavalry on the board and treasury; lords out of the game (dead or sworn vassals, KK-WIN-2) come
    last, ranked among themselves the same way. Seats equal on every measure share a place.
    """
    alive = standing(state)

    def tier(seat: str) -> int:
        return 0 if seat in winners else 1 if seat in alive else 2

    rows = [
        {
            "seat": seat,
            "status": "standing" if seat in alive else str(state.lord_status.get(seat)),
            "castles": castles_held(state, seat),
            "counties": counties_held(state, seat),
            "cavalry": cavalry_on_board(state, seat),
            "treasury": state.treasury.get(seat, 0),
        }
        for seat in state.seats
    ]

    def order(row: Mapping[str, Any]) -> tuple[int, ...]:
        level = tier(str(row["seat"]))
        return (level,) if level == 0 else (level, *(-count for count in _rank_key(row)))

    rows.sort(key=order)
    for index, row in enumerate(rows):
        row["place"] = index + 1 if index == 0 or order(row) != order(rows[index - 1]) else rows[index - 1]["place"]
    return rows


def _end_of_game(state: KKState, events: Sequence[Event]) -> Victory | None:
    """KK-WIN-7, A-41: after the last year the most castles win; ties go to counties, cavalry, treasury."""
    if state.phase != FINISHED:
        return None
    rows = final_standings(state)
    if not rows:
        return None
    tied = final_leaders(rows)
    decided_by = _decided_by(rows)
    reason = f"{state.year} was the last year: {', '.join(tied)} ranks first ({decided_by})"
    return Victory(tied, "KK-WIN-7", "end_of_game", reason, {"standings": rows, "decided_by": decided_by})


def final_leaders(rows: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """KK-WIN-7, A-41: the seats ranked first in `final_standings` (more than one only when all four counts tie)."""
    if not rows:
        return ()
    best = _rank_key(rows[0])
    return tuple(str(r["seat"]) for r in rows if _rank_key(r) == best)


def _decided_by(rows: Sequence[Mapping[str, Any]]) -> str:
    """The first count of the tiebreak chain that separates the leader from the runner-up."""
    if len(rows) < 2:
        return "castles"
    for key in ("castles", "counties", "cavalry", "treasury"):
        if rows[0][key] != rows[1][key]:
            return key
    return "tie"


# Events that carry the play on past the moment of victory: KK-WIN-6, A-58, the rest of the year is not played.
REST_OF_YEAR = frozenset(
    {
        "BattleSelected",
        "BattleStarted",
        "BattlePhaseEnded",
        "YearEnded",
        "YearBegan",
        "StartingRollDue",
        "PlayerTurnBegan",
        "MovementPhaseEnded",
        "BattlePhaseBegan",
    }
)


def conclude(state: KKState, decision: Decision) -> Decision:
    """A-58: the decision up to the moment a winner appears, then the kernel's `GameEnded` as its last event."""
    if not decision.events or any(e.type == GAME_ENDED for e in decision.events):
        return decision
    found, kept, after = _first_settled_win(state, decision.events)
    if found is None:
        return decision
    if any(e.type == DICE_ROLLED for e in decision.events[kept:]):
        kept = len(decision.events)  # never drop a roll the dice supply has already handed out
    events: list[Event] = list(decision.events[:kept])
    trace = [*decision.trace, TraceStep(found.rule_id, found.reason, dict(found.details))]
    if found.condition == "end_of_game":
        tally = {"year": after.year, **found.details, "tied": list(found.winners)}
        events.append(Event("FinalStandingsCounted", tally))
        if len(found.winners) > 1 and after.options.get("final_tie") == "arbiter":
            trace.append(TraceStep("KK-WIN-7", "A-41 final_tie = arbiter: the arbiter ends the game (end_game)"))
            return Decision(tuple(events), decision.violations, tuple(trace))
    ended = {
        "by": "rules",
        "winners": list(found.winners),
        "reason": f"{found.rule_id}: {found.reason}",
        # For tournaments: the victory path by rule id, the KK-WIN-7 count that separated first from second, and
        # every seat's place. Older GameEnded events lack these fields; readers treat them as absent.
        "condition": found.rule_id,
        "decided_by": found.details.get("decided_by") if found.condition == "end_of_game" else None,
        "ranking": ranking(after, found.winners),
    }
    events.append(Event(GAME_ENDED, ended))
    return Decision(tuple(events), decision.violations, tuple(trace))


def _first_settled_win(state: KKState, events: tuple[Event, ...]) -> tuple[Victory | None, int, KKState]:
    """The first win that still holds once its occurrence has settled, with how many events to keep.

    A win is judged where play would carry on (the next REST_OF_YEAR event, or the decision's end), not at the
    event that made it appear: the consequences recorded with that event belong to the same moment (the vassal
    freed when his liege falls, KK-VASSAL-7, decides whether the last lord stands alone).
    """
    after = state
    index = 0
    while index < len(events):
        after = evolve(after, events[index])
        index += 1
        if check(after, events[:index]) is None:
            continue
        while index < len(events) and events[index].type not in REST_OF_YEAR:
            after = evolve(after, events[index])
            index += 1
        found = check(after, events[:index])
        if found is not None:
            return found, index, after
    return None, len(events), after
