"""Combat resolution steps 2 and 3: casualties, and where (and whether) the loser's units may retreat."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from domain.rulesets.agot2.amendments import RETREAT_ADDS_NO_EXCESS
from domain.rulesets.agot2.board import LAND, PORT, SEA
from domain.rulesets.agot2.state import AgotState, Combat, Unit


def losing_units(state: AgotState, combat: Combat, seat: str) -> tuple[Unit, ...]:
    """GOT-CASUALTY-2, X-16: the loser's units in the embattled area (for an attacker, those that marched)."""
    if seat == combat.attacker:
        return tuple(state.units[u] for u in combat.attacking if u in state.units)
    return state.units_in(combat.area, seat)


def retreating_units(state: AgotState, combat: Combat, seat: str) -> tuple[Unit, ...]:
    """GOT-RETREAT-2, ROUT-3, RETREAT-9: the loser's units that may retreat (not routed, not siege engines)."""
    return tuple(u for u in losing_units(state, combat, seat) if not u.routed and u.type != "siege_engine")


def casualty_eligible(state: AgotState, combat: Combat, seat: str) -> tuple[str, ...]:
    """GOT-CASUALTY-4, ROUT-4, X-16: not routed, and not siege engines unless the option allows."""
    siege_ok = state.options.get("siege_engines_absorb_casualties", False)
    return tuple(
        u.id for u in losing_units(state, combat, seat) if not u.routed and (siege_ok or u.type != "siege_engine")
    )


def armies(state: AgotState, seat: str, moves: Mapping[str, str], removed: set[str]) -> list[tuple[str, int]]:
    """GOT-TERM-5, X-24: the seat's armies as (area, units), largest first (routed units count, ROUT-2)."""
    counts: Counter[str] = Counter()
    for unit in state.units.values():
        if unit.seat != seat or unit.id in removed:
            continue
        counts[moves.get(unit.id, unit.area)] += 1
    return sorted(((area, n) for area, n in counts.items() if n >= 2), key=lambda army: (-army[1], army[0]))


def first_army_over_supply(found: list[tuple[str, int]], limits: Iterable[int]) -> tuple[str, int] | None:
    """GOT-X-17: the first army (largest first) with no supply entry left to hold it, or None when all fit."""
    allowed = sorted(limits, reverse=True)
    for index, (area, size) in enumerate(found):
        if index >= len(allowed) or size > allowed[index]:
            return area, size
    return None


def excess_over_supply(found: list[tuple[str, int]], limits: Iterable[int]) -> int:
    """GOT-X-17: the fewest units whose loss brings these armies (largest first) within the supply limits; 0 when
    they fit. The largest armies keep the largest entries; an army left without one must shrink to a single unit,
    which is no army (GOT-TERM-5)."""
    allowed = sorted(limits, reverse=True)
    return sum(max(0, size - (allowed[i] if i < len(allowed) else 1)) for i, (_, size) in enumerate(found))


@dataclass(frozen=True, slots=True)
class RetreatOption:
    """A legal destination, the sea areas crossed to it, and how many units must first be destroyed."""

    area: str
    via: tuple[str, ...]
    destroy: int


def _is_open_to(state: AgotState, area: str, seat: str, combat: Combat) -> bool:
    """GOT-RETREAT-3/4, X-20: empty or friendly, not the march origin, no other seat's garrison, no neutral force."""
    if area in (combat.area, combat.origin) or area in state.neutral_forces:
        return False
    if any(u.seat != seat for u in state.units_in(area)):
        return False
    token = state.power_tokens.get(area)
    if token is not None and token != seat:
        return False
    home = state.board.areas[area].home_of
    return not (state.garrisons.get(area) and home is not None and home != seat)


def controls(state: AgotState, area: str, seat: str) -> bool:
    """GOT-RETREAT-3 (friendly area): the seat has units or its Power token in the area."""
    return bool(state.units_in(area, seat)) or state.power_tokens.get(area) == seat


def _candidates(state: AgotState, combat: Combat, seat: str, ships: bool) -> list[tuple[str, tuple[str, ...]]]:
    """GOT-RETREAT-3/7/8, X-18, X-19: adjacent areas of the right kind, and land reached along own ships."""
    board = state.board
    found: dict[str, tuple[str, ...]] = {}
    for area in board.neighbours.get(combat.area, ()):
        kind = board.kind(area)
        if ships:
            if kind == SEA:
                found.setdefault(area, ())
            elif kind == PORT:
                rule = state.options.get("ship_retreat_into_port", "if_land_controlled")
                land = board.areas[area].port_land
                if rule == "always" or (rule == "if_land_controlled" and land and controls(state, land, seat)):
                    found.setdefault(area, ())
        elif kind == LAND:
            found.setdefault(area, ())
    if not ships and state.options.get("retreat_by_transport", True):
        for area, via in by_transport(state, combat.area, seat).items():
            found.setdefault(area, via)
    return sorted(found.items())


def by_transport(state: AgotState, start: str, seat: str) -> dict[str, tuple[str, ...]]:
    """GOT-X-18: land areas reached through a chain of sea areas each holding a ship of the seat."""
    board = state.board
    reached: dict[str, tuple[str, ...]] = {}
    frontier: list[tuple[str, tuple[str, ...]]] = [
        (s, (s,))
        for s in board.neighbours.get(start, ())
        if board.kind(s) == SEA and any(u.type == "ship" for u in state.units_in(s, seat))
    ]
    seen = {s for s, _ in frontier}
    while frontier:
        sea, path = frontier.pop(0)
        for nxt in board.neighbours.get(sea, ()):
            kind = board.kind(nxt)
            if kind == LAND and nxt != start and nxt not in reached:
                reached[nxt] = path
            elif kind == SEA and nxt not in seen and any(u.type == "ship" for u in state.units_in(nxt, seat)):
                seen.add(nxt)
                frontier.append((nxt, (*path, nxt)))
    return reached


def left_behind(state: AgotState, combat: Combat, seat: str, movers: tuple[Unit, ...]) -> set[str]:
    """GOT-RETREAT-9, ROUT-3: the loser's units in the fight that do not retreat (siege engines, routed units);
    they are destroyed where they stand, so they hold no army after the retreat."""
    going = {u.id for u in movers}
    return {u.id for u in losing_units(state, combat, seat) if u.id not in going}


def supply_losses(state: AgotState, combat: Combat, seat: str, movers: tuple[Unit, ...], area: str) -> int | None:
    """GOT-RETREAT-5, X-17: the fewest retreating units to destroy first so that, with the rest in `area` and the
    units left behind gone (RETREAT-9, ROUT-3), the seat's armies fit its supply; None if no number does.

    Only a retreat into an area of the seat's own units is held to supply: 「如果撤退单位因撤退至有己方单位的区域，
    而导致超过补给上限，玩家不能选择这种撤退」. Units retreating into an area without them form no larger army than
    the one they left, even when a supply change (entered with adjust, GOT-X-25) left the seat's armies over it.
    Since 1.1.0 (RETREAT_ADDS_NO_EXCESS) the retreat is held to the excess it causes (「而导致」): a seat already over
    its supply without the retreating units may keep that excess, not add to it.
    """
    if not state.units_in(area, seat):
        return 0
    doomed = left_behind(state, combat, seat, movers)
    limits = state.supply_limits.get(seat, ())
    already = 0
    if RETREAT_ADDS_NO_EXCESS in state.amendments:
        already = excess_over_supply(armies(state, seat, {}, doomed | {u.id for u in movers}), limits)
    for destroy in range(len(movers) + 1):
        moves = {u.id: area for u in movers[destroy:]}
        found = armies(state, seat, moves, doomed | {u.id for u in movers[:destroy]})
        if excess_over_supply(found, limits) <= already:
            return destroy
    return None


def fewest_losses_only(state: AgotState, combat: Combat) -> bool:
    """GOT-X-17, CARD-5: only the areas costing the fewest units, by the option or by the card of the seat that
    chooses this retreat (Robb Stark, `among: fewest_losses`), whatever the option."""
    chooser = combat.effects.get("retreat_chooser")
    card = state.cards.get(combat.cards.get(chooser, "")) if chooser else None
    return bool(state.options.get("retreat_minimize_losses", True)) or (
        card is not None and card.params.get("among") == "fewest_losses"
    )


def retreat_options(
    state: AgotState, combat: Combat, seat: str, movers: tuple[Unit, ...], fewest: bool | None = None
) -> list[RetreatOption]:
    """GOT-RETREAT-3..8, X-17: every legal area with the destruction it needs; filtered per RETREAT-5 and, unless
    `fewest` is False, to the fewest losses when the option or the chooser's card demands it."""
    if not movers:
        return []
    ships = movers[0].type == "ship"
    found = []
    for area, via in _candidates(state, combat, seat, ships):
        if not _is_open_to(state, area, seat, combat):
            continue
        destroy = supply_losses(state, combat, seat, movers, area)
        if destroy is not None and destroy < len(movers):
            found.append(RetreatOption(area, via, destroy))
    if any(o.destroy == 0 for o in found):
        return [o for o in found if o.destroy == 0]
    if found and (fewest_losses_only(state, combat) if fewest is None else fewest):
        least = min(o.destroy for o in found)
        return [o for o in found if o.destroy == least]
    return found


def losses_named_first(state: AgotState, combat: Combat) -> int:
    """GOT-RETREAT-5, X-17, CASUALTY-3: how many retreating units the loser must name before another seat (Robb
    Stark) picks the area; 0 when the loser chooses both or nothing is lost.

    Robb's text gives the winner the area only, among those costing the fewest units, so every area offered costs
    the same number; the seed's "he must first destroy" (「他必须首先消灭部分撤退单位」) is the loser's, as are
    his casualties (「当玩家承受伤亡时，他选择哪个单位被消灭」).
    """
    assert combat.result is not None
    loser = combat.result["loser"]
    chooser = combat.effects.get("retreat_chooser")
    if chooser in (None, loser) or loser == combat.attacker:
        return 0
    options = retreat_options(state, combat, loser, retreating_units(state, combat, loser))
    return min((o.destroy for o in options), default=0)
