"""Where an impulse may move and what it may pay (issue 15, point 2): banner moves with their legal destinations,
purses filled and emptied, recruitment and extraction, and the kard's and Kalamé's powers.

Built on the guards the deciders use (`banner_units`, `move_cost`, `move_funds`, `within_limit`, `can_pay`,
`workable`, `recruitable_here`, the imperial counts). The spending limit and the impulse's spending are public; what a
treasury or purse holds is not (view.py), so options it decides are `private` (see `pending_battles.priced`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import RuleViolation
from domain.pending import Option
from domain.rulesets.cedofan_rv import guards
from domain.rulesets.cedofan_rv.board import shortest_paths
from domain.rulesets.cedofan_rv.economy import recruitable_here, workable
from domain.rulesets.cedofan_rv.imperial import (
    IMPERIAL_GENERAL_COST,
    KALAME_SUBFACTION,
    MAX_IMPERIAL_GENERALS,
    MAX_SHADES,
    imperial_cities,
    imperial_generals,
    kalame,
    shades_of,
)
from domain.rulesets.cedofan_rv.league import acting_nobles
from domain.rulesets.cedofan_rv.moves import TREASURY, banner_units, move_cost, move_funds
from domain.rulesets.cedofan_rv.options import UNIT_KINDS
from domain.rulesets.cedofan_rv.pending_battles import Choice, piece_details, priced
from domain.rulesets.cedofan_rv.state import Piece, RvState
from domain.rulesets.cedofan_rv.treasuries import IMPERIAL, kard, piece_treasury, place_treasury

MOVE_RULES = ("RV-NOB-1", "RV-NOB-2", "RV-NOB-3", "RV-MOV-1", "RV-MOV-2", "RV-AMB-21", "RV-SUP-1", "RV-SUP-2")
TRANSFER_RULES = ("RV-SUP-3", "RV-SUP-4")
EXTRACT_RULES = ("RV-ECO-1", "RV-ECO-2", "RV-ECO-3")
RECRUIT_RULES = (
    "RV-ECO-1",
    "RV-ECO-2",
    "RV-UNIT-1",
    "RV-UNIT-2",
    "RV-UNIT-3",
    "RV-UNIT-4",
    "RV-UNIT-5",
    "RV-SUP-1",
    "RV-AMB-14",
)


def move_options(state: RvState, options: Mapping[str, Any], seat: str) -> list[Option]:
    """Moves and purse transfers of the open impulse."""
    built = (move_option(state, options, seat), transfer_option(state, seat))
    return [option for option in built if option is not None]


def economy_options(state: RvState, options: Mapping[str, Any], seat: str) -> list[Option]:
    """Extraction, recruitment, imperial generals, the extraordinary tax and shades of the open impulse."""
    built = (
        extract_option(state, seat),
        recruit_option(state, options, seat),
        imperial_general_option(state, seat),
        tax_option(state, seat),
        shade_option(state, seat),
    )
    return [option for option in built if option is not None]


def _may_take(noble: Piece, unit: Piece) -> bool:
    """RV-NOB-3, RV-KL-4: a unit of the noble's faction, not of another Kard League sub-faction than his."""
    other_sub = unit.subfaction is not None and noble.subfaction is not None and unit.subfaction != noble.subfaction
    return not unit.is_noble and unit.owner == noble.owner and not other_sub


def _loads(state: RvState, options: Mapping[str, Any], noble: Piece) -> list[tuple[Piece, ...]]:
    """RV-NOB-2/3, RV-KL-4: the noble alone, with his banner, and with every unit he may take (to his capacity)."""
    capacity = int(options["leader_table"][noble.rank or "general"])
    takeable = (p for p in state.pieces_in(noble.area) if _may_take(noble, p))
    own = sorted(takeable, key=lambda p: (p.banner != noble.id, p.id))  # his banner first
    loads: list[tuple[Piece, ...]] = [()]
    for load in (tuple(p for p in own if p.banner == noble.id)[:capacity], tuple(own)[:capacity]):
        accepted = banner_units(state, noble, [p.id for p in load], options)
        if load and load not in loads and not isinstance(accepted, RuleViolation):
            loads.append(load)
    return loads


def move_option(state: RvState, options: Mapping[str, Any], seat: str) -> Option | None:
    """RV-MOV-1/2, RV-AMB-21, RV-SUP-1/2: every region each noble reaches by its shortest path within the limit
    (public), paid from the treasury at home or his purse elsewhere (hidden)."""
    table = options["unit_table"]
    candidates: list[tuple[Choice, bool]] = []
    nobles: dict[str, Any] = {}
    for noble in acting_nobles(state, seat):
        loads = _loads(state, options, noble)
        destinations: dict[str, Any] = {}
        for area, (steps, path) in sorted(shortest_paths(state.map.edges, noble.area).items()):
            paid_from, _, held = move_funds(state, seat, noble, area)
            costs = []
            for load in loads:
                cost, _ = move_cost(table, (noble, *load), steps)
                if guards.within_limit(state, cost, "the move") is None:
                    choice = {"noble": noble.id, "path": path, "units": [p.id for p in load]}
                    costs.append({"units": len(load), "cost": cost})
                    candidates.append((choice, cost <= held))
            if costs:
                destinations[area] = {"steps": steps, "path": path, "paid_from": paid_from, "costs": costs}
        movable = [p.id for p in loads[-1]]
        nobles[noble.id] = {"at": noble.area, "units": movable, "destinations": destinations}
    fields = {"nobles": nobles, "spent": state.spent, "limit": state.limit, **_by_field(state, nobles)}
    note = "any units of the noble's region up to his capacity, along any path; listed: the shortest paths"
    return priced("move_banner", MOVE_RULES, candidates, fields=fields, exhaustive=False, note=note)


def _by_field(state: RvState, nobles: Mapping[str, Any]) -> dict[str, Any]:
    """RV-NOB-2/3: the legal values under each field's own name, for a client's drop-down and checklist: the nobles
    that may move (`noble`), every unit one of them may take (`units`), how many the noble chosen may take
    (`units_due`: a range by `noble`), and each piece's kind and area (`unit_details`)."""
    units = list(dict.fromkeys(u for entry in nobles.values() for u in entry["units"]))
    due = {n: {"minimum": 0, "maximum": len(entry["units"])} for n, entry in nobles.items()}
    return {
        "noble": list(nobles),
        "units": units,
        "units_due": {"noble": due},
        "unit_details": piece_details(state, [*nobles, *units]),
    }


def _amounts(held: int) -> list[int]:
    return sorted({1, held}) if held >= 1 else []


def transfer_option(state: RvState, seat: str) -> Option | None:
    """RV-SUP-3/4: a noble on home territory fills or empties his purse from the (sub-faction's) treasury; two
    nobles that meet pass resources."""
    routes: list[tuple[str, str, int]] = []
    for noble in acting_nobles(state, seat):
        purse = state.purses.get(noble.id, 0)
        if state.is_home(seat, noble.area):
            routes.append((TREASURY, noble.id, state.treasuries.get(piece_treasury(noble), 0)))
            routes.append((noble.id, TREASURY, purse))
        met = sorted(p.id for p in state.pieces_in(noble.area) if p.is_noble and p.id != noble.id)
        routes += [(noble.id, other, purse) for other in met]
    candidates = [
        ({"from": source, "to": target, "amount": amount}, True)
        for source, target, held in routes
        for amount in _amounts(held)
    ]
    fields = {"routes": [{"from": s, "to": t, "amount": {"minimum": 1, "maximum": h}} for s, t, h in routes]}
    # Listed wherever a route exists (public), even when nothing is held on it (hidden).
    return priced(
        "transfer_resources", TRANSFER_RULES, candidates, fields=fields, exhaustive=False, listed=bool(routes)
    )


def _workable_places(state: RvState, seat: str) -> list[Any]:
    """RV-ECO-1/2/5, RV-CTY-5: the places the seat works this round (the guard `extract` and `recruit` use)."""
    found = (workable(state, seat, area) for area in sorted(state.places))
    return [place for place in found if not isinstance(place, RuleViolation)]


def extract_option(state: RvState, seat: str) -> Option | None:
    """RV-ECO-1..3: a held city or sound fortress not yet used up this round yields a resource."""
    choices = tuple({"place": place.area} for place in _workable_places(state, seat))
    return Option("extract", EXTRACT_RULES, choices) if choices else None


def recruit_option(state: RvState, options: Mapping[str, Any], seat: str) -> Option | None:
    """RV-UNIT-1..5, RV-ECO-1/2/5: a kind of the unit table (no flame legions; elephants in Ostius only; no cavalry
    in Stínové země), within the creator's unit limits and the impulse's limit (RV-SUP-1, RV-AMB-14: public), in a
    place the seat works, paid from the place's treasury (hidden)."""
    table = options["unit_table"]
    candidates: list[tuple[Choice, bool]] = []
    for place in _workable_places(state, seat):
        for kind in UNIT_KINDS:
            if kind not in table or kind == "flame_legion" or recruitable_here(state, options, seat, kind, place):
                continue
            if guards.spending_within_limit(state, int(table[kind]["cost"]), f"a {kind}"):
                continue
            account = place_treasury(state, place, seat)
            affordable = guards.can_pay(state, account, int(table[kind]["cost"]), f"a {kind}") is None
            candidates.append(({"kind": kind, "place": place.area}, affordable))
    costs = {kind: int(entry["cost"]) for kind, entry in table.items() if kind in UNIT_KINDS}
    return priced("recruit", RECRUIT_RULES, candidates, fields={"cost": costs})


def imperial_general_option(state: RvState, seat: str) -> Option | None:
    """RV-ECO-6, RV-TURN-5: the kard buys a general in an imperial city not used up this round, 3 at most on the map,
    for 3 from the imperial treasury (which only the kard sees), within the impulse's limit (RV-SUP-1, RV-AMB-14)."""
    if kard(state) != seat or len(imperial_generals(state)) >= MAX_IMPERIAL_GENERALS:
        return None
    if guards.spending_within_limit(state, IMPERIAL_GENERAL_COST, "an imperial general"):
        return None
    affordable = guards.can_pay(state, IMPERIAL, IMPERIAL_GENERAL_COST, "an imperial general") is None
    cities: Sequence[str] = imperial_cities(state)
    candidates = [
        ({"place": area}, affordable) for area in cities if state.worked.get(area, 0) < state.places[area].yields
    ]
    return priced("buy_imperial_general", ("RV-ECO-5", "RV-ECO-6", "RV-TURN-5", "RV-SUP-1", "RV-AMB-14"), candidates)


def tax_option(state: RvState, seat: str) -> Option | None:
    """RV-ECO-8, RV-TURN-5: once a round the kard levies 1 from every imperial city (a die each for unrest)."""
    cities = imperial_cities(state)
    if kard(state) != seat or state.taxed_round == state.round or not cities:
        return None
    rules = ("RV-ECO-8", "RV-TURN-5")
    return Option("levy_extraordinary_tax", rules, ({},), fields={"cities": cities}, dice_count=len(cities))


def shade_option(state: RvState, seat: str) -> Option | None:
    """RV-ECO-7, RV-TURN-3: Kalamé summons one free shade an impulse where she stands, 3 at most on the map."""
    summoner = kalame(state, seat)
    if summoner is None or state.impulse_subfaction not in (None, KALAME_SUBFACTION):
        return None
    if state.shade_impulse == state.impulse_no or len(shades_of(state)) >= MAX_SHADES:
        return None
    return Option("summon_shade", ("RV-ECO-7",), ({},), fields={"area": summoner.area})
