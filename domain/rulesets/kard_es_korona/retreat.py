"""Advanced retreat: declared after a full round, pursued, moved as one army, thinned by obstacles.

KK-ADV-5..11, A-46, A-47. A retreat is declared between rounds, before the next exchange is rolled; rolling the
next exchange means both sides stayed. The pursuit is one exchange in which only the pursuers roll, and their
casualties are chosen like any others (KK-BATTLE-11), so `assign_casualties` finishes it when there is a choice.
Here: where a retreat may go and how it ends; the declarations and the pursuit's dice are retreat_choices.py's.
"""

from __future__ import annotations

from domain.rulesets.kard_es_korona.battle_end import capture_castle, end_battle
from domain.rulesets.kard_es_korona.board import Terrain
from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.forces import Force, castle_limit_breaches
from domain.rulesets.kard_es_korona.hits import (
    FULL,
    SIEGE_ARCHERS,
    lord_present,
    side_force,
)
from domain.rulesets.kard_es_korona.pinning import picks
from domain.rulesets.kard_es_korona.state import ATTACKER, DEFENDER, Battle, KKState
from domain.rulesets.kard_es_korona.vassals import move_problems


def round_complete(state: KKState, battle: Battle) -> bool:
    """KK-ADV-5: the battle stands between rounds, after at least one full round, before the next die."""
    if battle.status != "fighting" or battle.pending or battle.round < 2:
        return False
    if battle.kind == "open":
        return battle.exchange == FULL
    # A siege round opens with the archers' exchange, or with the assault once no defending archer is left.
    # Archers never fall in their own exchange, so an assault due while they stand is the middle of a round.
    return battle.exchange == SIEGE_ARCHERS or side_force(state, battle, DEFENDER).archer == 0


def destinations(state: KKState, battle: Battle, side: str) -> list[str]:
    """KK-ADV-8/9/10: where the retreating side may go, as one army (into a castle only if it fits there)."""
    board = state.board
    assert board is not None
    seat = battle.owner_of(side)
    neighbours = sorted(board.neighbours[battle.county])

    def free(county: str) -> bool:  # KK-ADV-10: never into enemy units; KK-VASSAL-6: nor the liege's/vassal's
        return (
            county not in state.closed
            and all(owner == seat for owner in state.owners_in(county))
            and not move_problems(state, seat, county, ())
        )

    def empty(county: str) -> bool:
        return free(county) and not state.owners_in(county)

    army = side_force(state, battle, side)
    limits = str(state.options["castle_arm_limit"]), str(state.options["variant"])

    def fits(county: str) -> bool:  # KK-CASTLE-2..4: a castle never holds more, whoever arrives
        if not board.counties[county].castle:
            return True
        return not castle_limit_breaches(state.force(county, seat).plus(army), *limits)

    if side == ATTACKER:  # KK-ADV-8: back where attacking units came from
        allowed = [c for c in neighbours if c in battle.entry_counties and free(c)]
    else:  # KK-ADV-9: own or empty, never where the attackers came from
        allowed = [
            c
            for c in neighbours
            if c not in battle.entry_counties and free(c) and (state.control.get(c) == seat or empty(c))
        ]
    allowed = [c for c in allowed if fits(c)]
    if any(state.control.get(c) == seat for c in allowed):
        return allowed
    # KK-ADV-10: none of them is still his, so any adjacent empty county will do (still never an entry county
    # for defenders: KK-ADV-9 says "never").
    fallback = [c for c in neighbours if empty(c) and fits(c) and (side == ATTACKER or c not in battle.entry_counties)]
    return sorted({*allowed, *fallback})


def can_enter(state: KKState, battle: Battle, side: str, county: str) -> bool:
    """KK-ADV-10: a retreat can only end in a neighbour outside the closed region without enemy units."""
    board = state.board
    assert board is not None
    seat = battle.owner_of(side)
    return (
        county in board.neighbours[battle.county]
        and county not in state.closed
        and all(owner == seat for owner in state.owners_in(county))
    )


def castle_breaches(state: KKState, battle: Battle, side: str, county: str) -> list[tuple[str, str]]:
    """KK-CASTLE-2..4: what the retreating army breaks when it crowds into a castle."""
    board = state.board
    assert board is not None
    if not board.counties[county].castle:
        return []
    arriving = state.force(county, battle.owner_of(side)).plus(side_force(state, battle, side))
    return list(castle_limit_breaches(arriving, str(state.options["castle_arm_limit"]), str(state.options["variant"])))


def crosses_obstacle(state: KKState, county: str, to: str) -> bool:
    """KK-ADV-11: the retreat crosses a major river or enters a mountain or swamp county."""
    board = state.board
    assert board is not None
    return board.is_river_crossing(county, to) or board.counties[to].terrain != Terrain.PLAIN


def is_retreat_under_way(state: KKState, battle: Battle) -> bool:
    """KK-ADV-8/9: the pursuit is over and has left the retreating army something to move."""
    retreat = state.retreat
    return retreat is not None and retreat.battle == battle.id and side_force(state, battle, retreat.side).total > 0


def is_retreating_army_destroyed(state: KKState, battle: Battle) -> bool:
    """KK-ADV-6, A-46: the pursuit destroyed the retreating army: the battle is lost, as any other."""
    retreat = state.retreat
    return retreat is not None and retreat.battle == battle.id and side_force(state, battle, retreat.side).total == 0


def go_on_retreating(flow: Flow, battle: Battle) -> None:
    """KK-ADV-11 then KK-ADV-8/9: the obstacle losses (chosen by the player when he has a choice), then the move."""
    retreat = flow.state.retreat
    assert retreat is not None
    army = side_force(flow.state, battle, retreat.side)
    count = army.total // 2 if crosses_obstacle(flow.state, battle.county, retreat.to) else 0
    if count:
        choices = picks(army, count)
        if len(choices) > 1:
            seat = battle.owner_of(retreat.side)
            flow.emit("ObstacleLossesDue", {"battle": battle.id, "side": retreat.side, "seat": seat, "count": count})
            flow.note("KK-ADV-11", f"the retreat to {retreat.to} crosses an obstacle: {seat} picks {count} to lose")
            return
        lose_to_obstacle(flow, battle, choices[0], auto=True)
    complete_retreat(flow, battle)


def lose_to_obstacle(flow: Flow, battle: Battle, lost: Force, auto: bool) -> None:
    """KK-ADV-11: half the retreating army is lost crossing a river, mountain or swamp."""
    retreat = flow.state.retreat
    assert retreat is not None
    seat = battle.owner_of(retreat.side)
    flow.emit(
        "ObstacleLossesChosen",
        {"battle": battle.id, "side": retreat.side, "seat": seat, "removed": lost.to_json(), "auto": auto},
    )
    flow.note("KK-ADV-11", f"half the retreating army is lost to the obstacle: {lost.describe()}")


def complete_retreat(flow: Flow, battle: Battle) -> None:
    """KK-ADV-8/9, KK-BATTLE-14: the army (and its lord) moves; a defender's county goes to the attacker."""
    state = flow.state
    retreat = state.retreat
    assert retreat is not None
    seat = battle.owner_of(retreat.side)
    army = side_force(state, battle, retreat.side)
    move = {"to": retreat.to, "units": army.to_json(), "lord": lord_present(state, battle, retreat.side)}
    flow.emit(
        "UnitsWithdrawn", {"battle": battle.id, "seat": seat, "side": retreat.side, "kind": "retreat", "moves": [move]}
    )
    _take_control(flow, retreat.to, seat)
    flow.note("KK-ADV-8" if retreat.side == ATTACKER else "KK-ADV-9", f"{army.describe()} retreat to {retreat.to}")
    if retreat.side == DEFENDER:
        _take_control(flow, battle.county, battle.attacker)
        if battle.kind == "siege":
            capture_castle(flow, battle, f"{retreat.side}_retreated")
            return
    end_battle(flow, battle, f"{retreat.side}_retreated")


def _take_control(flow: Flow, county: str, seat: str) -> None:
    previous = flow.state.control.get(county)
    if previous != seat:
        flow.emit("CountyControlChanged", {"county": county, "from": previous, "to": seat, "cause": "retreat"})
