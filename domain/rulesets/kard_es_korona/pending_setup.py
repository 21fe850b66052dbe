"""What setup and the start of a year wait for (issue 15, point 2): the first player, the starting forces, the
neutral pieces, the royal cavalry's substitutes (KK-TURN-3, KK-SETUP-6..12), the event card (KK-TURN-1,
KK-EVENT-1..5), and under the traditional order the roll for the marker and the first-or-last choice (KK-TRAD-1/3).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from domain.pending import Waiting
from domain.rulesets.kard_es_korona.board import KKBoard, Terrain
from domain.rulesets.kard_es_korona.cards import CARDS
from domain.rulesets.kard_es_korona.forces import ARMS, CASTLE_CAPACITY, EMPTY, Force, single
from domain.rulesets.kard_es_korona.pending_choices import JUDGE_MAY_REROLL, MANY, NO_DATA, Probe, offered, waiting
from domain.rulesets.kard_es_korona.setup import FIXED_ROYAL_UNITS, STARTING_FORCES, empty_castles, fixed_units_reserved
from domain.rulesets.kard_es_korona.state import KKState, is_neutral

# KK-SETUP-8, A-53: the advanced start is six connected counties with at most one castle.
_ADVANCED_COUNTIES = 6


def first_player(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-TURN-3: every player rolls a die (the table's roll), or the players agree who starts."""
    return waiting(
        None,
        "the first starting player is rolled for or agreed",
        offered(probe, None, "roll_for_first_player", ("KK-TURN-3",), NO_DATA),
        offered(probe, None, "choose_first_player", ("KK-TURN-3",), ({"player": s} for s in state.seats)),
    )


def starting_forces(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-SETUP-6..8/11, KK-CASTLE-2/3, A-53: the player in turn places his lord and starting units at home."""
    board, seat = state.board, state.turn
    if board is None or seat is None:
        return ()
    variant = str(state.options["variant"])
    home = _home(state, board, seat)
    rule = "KK-SETUP-7" if variant == "basic" else "KK-SETUP-8"
    fields = {
        "counties": list(home),
        "castles": [c for c in home if board.counties[c].castle],
        "reserved": sorted(set(board.provinces.get(seat, ())) - set(home)),
        "units": STARTING_FORCES[variant].to_json(),
        "castle_capacity": CASTLE_CAPACITY,
        "castle_arm_limit": state.options["castle_arm_limit"],
        **({"connected_counties": _ADVANCED_COUNTIES, "castles_at_most": 1} if variant == "advanced" else {}),
    }
    option = offered(
        probe,
        seat,
        "place_forces",
        (rule, "KK-SETUP-6", "KK-TURN-3"),
        _placements(state, board, home, STARTING_FORCES[variant], variant == "advanced"),
        complete=False,
        fields=fields,
        note="the lord goes to a county that gets units; castles keep their capacity and arm limit",
        limit=4,
    )
    return waiting(seat, f"{seat} places the starting forces", option)


def _home(state: KKState, board: KKBoard, seat: str) -> tuple[str, ...]:
    """KK-SETUP-6/11, A-52: the counties of the seat's province, but those of the fixed royal units."""
    reserved = {board.special[name] for name, _ in FIXED_ROYAL_UNITS} if fixed_units_reserved(state) else set()
    return tuple(c for c in board.provinces.get(seat, ()) if c not in reserved)


def _placements(
    state: KKState, board: KKBoard, home: Sequence[str], units: Force, advanced: bool
) -> Iterator[dict[str, Any]]:
    """Starting units spread over sets of home counties, arms in turn, the lord in one of the first two."""
    for chosen in _county_sets(board, home, advanced):
        spread = {county: EMPTY for county in chosen}
        for index, arm in enumerate(_dealing_order(units)):
            county = chosen[index % len(chosen)]
            spread[county] = spread[county].plus(single(arm))
        placements = {county: force.to_json() for county, force in spread.items() if force.total}
        for lord in chosen[:2]:
            yield {"lord": lord, "placements": placements}


def _dealing_order(units: Force) -> list[str]:
    """The units one arm after another in turn (cavalry, infantry, archer, cavalry…), so garrisons stay mixed."""
    left = {arm: units.of(arm) for arm in ARMS}
    order: list[str] = []
    while any(left.values()):
        for arm in ARMS:
            if left[arm]:
                order.append(arm)
                left[arm] -= 1
    return order


def _county_sets(board: KKBoard, home: Sequence[str], advanced: bool) -> Iterator[list[str]]:
    """Basic: every home county, then the plain ones, then four; advanced: six connected, at most one castle."""
    if not advanced:
        plain = [c for c in home if not board.counties[c].castle]
        yield list(home)
        yield plain or list(home)
        yield list(home[:4])
        return
    for start in home:
        chosen = _connected(board, home, start)
        if len(chosen) == _ADVANCED_COUNTIES:
            yield chosen


def _connected(board: KKBoard, home: Sequence[str], start: str) -> list[str]:
    """Six home counties grown from `start`, each bordering one already chosen, taking at most one castle."""
    chosen = [start]
    castles = int(board.counties[start].castle)
    for _ in range(len(home)):
        if len(chosen) == _ADVANCED_COUNTIES:
            break
        for county in home:
            if county in chosen or not board.neighbours[county] & set(chosen):
                continue
            if board.counties[county].castle and castles:
                continue
            castles += int(board.counties[county].castle)
            chosen.append(county)
            break
    return chosen


def neutral_piece(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-SETUP-10, A-53: in turn, one piece of an unplayed province's pool into one of its plain counties."""
    board, seat = state.board, state.turn
    if board is None:
        return ()
    candidates = [
        {"county": county, "arm": arm}
        for province, pool in sorted(state.neutral_pool.items())
        for county in board.provinces[province]
        if not board.counties[county].castle and board.counties[county].terrain == Terrain.PLAIN
        for arm in pool.arms()
    ]
    fields = {"pools": {p: f.to_json() for p, f in sorted(state.neutral_pool.items())}}
    option = offered(probe, seat, "place_neutral_piece", ("KK-SETUP-10",), candidates, fields=fields)
    return waiting(seat, "a neutral piece is placed in turn", option)


def royal_substitutes(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-SETUP-12: in the advanced 6-player game two empty castles get 2 infantry + 1 archer instead."""
    empty = empty_castles(state)
    candidates = ({"castles": list(pair)} for pair in combinations(empty, 2))
    option = offered(
        probe,
        None,
        "substitute_royal_cavalry",
        ("KK-SETUP-12", "KK-SETUP-9"),
        candidates,
        complete=False,
        fields={"castles": list(empty), "count": 2},
        limit=MANY,
    )
    return waiting(None, "two royal garrisons are named for the substitution", option)


def event_card(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-TURN-1, KK-EVENT-1/5: the starting player draws the year's card (and states its neutral infantry)."""
    seat = state.starting_player
    neutral = sorted(
        county
        for county, by in state.units.items()
        if state.owners_in(county) and all(is_neutral(owner) for owner in state.owners_in(county))
    )
    in_deck = sorted(card for card in CARDS if card not in state.drawn_events)  # KK-EVENT-1: none comes up twice
    fields = {
        "cards": in_deck,
        "drawn": list(state.drawn_events),
        "other_cards": "a card the seed does not name: its id, with `name`, `duration` and `income_related`",
        "neutral_infantry": {c: state.force(c, state.owners_in(c)[0]).infantry for c in neutral},
    }
    option = offered(
        probe,
        seat,
        "draw_event",
        ("KK-TURN-1", "KK-EVENT-1"),
        ({"card": card} for card in in_deck or (_unnamed_card(state),)),
        complete=False,
        fields=fields,
        note="Parasztlázadás, Pestisjárvány and Véres Kard also take the neutral infantry changes the card shows",
    )
    return waiting(seat, f"{seat} draws the event card", option)


def _unnamed_card(state: KKState) -> str:
    """KK-EVENT-1, A-55: once the seven named cards are out, an id for one of the nine the seed does not name."""
    return next(f"card_{n}" for n in range(1, len(state.drawn_events) + 2) if f"card_{n}" not in state.drawn_events)


def starting_roll(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-TRAD-1, A-51: two dice each for the starting player's marker (the Judge Royal may reroll his pair)."""
    option = offered(probe, None, "roll_for_starting_player", ("KK-TRAD-1", "KK-OFFICE-2"), JUDGE_MAY_REROLL)
    return waiting(None, "the players roll for the starting player", option)


def turn_position(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-TRAD-3: the starting player moves first, or last (his left neighbour begins)."""
    seat = state.starting_player
    choices = ({"position": "first"}, {"position": "last"})
    option = offered(probe, seat, "choose_turn_position", ("KK-TRAD-3",), choices)
    return waiting(seat, f"{seat} chooses to move first or last", option)
