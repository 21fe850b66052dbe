"""Which battles a faction may start in its turn (field attacks, sieges, storms, reliefs) and where the losers of
a battle may retreat, each found by the deciders' own guards (`attack_target`, `siege_numbers`, `storm_siege`,
`relief_sides`, `retreat_destinations`) before any die is rolled.

Every battle rolls two dice, the attacker's then the defender's (the action spec's `dice`); the choices carry no
faces, so a table-dice game enters them as the spec says; each option says it rolls two (`dice_count`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Decision, Game
from domain.pending import Option
from domain.rulesets.cedofan_kards_bs.battle_guards import attack_target, relief_sides, siege_numbers, storm_siege
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.combat import step_cost
from domain.rulesets.cedofan_kards_bs.fights import DICE_PER_BATTLE
from domain.rulesets.cedofan_kards_bs.pending_moves import listed_armies, own_armies
from domain.rulesets.cedofan_kards_bs.rulings import retreat_destinations
from domain.rulesets.cedofan_kards_bs.state import KbsState

ATTACK_RULES = ("KBS-CMB-1", "KBS-CMB-2", "KBS-CMB-3", "KBS-CMB-5", "KBS-AMB-10", "KBS-MOV-2")
SIEGE_RULES = ("KBS-SIE-1", "KBS-SIE-2", "KBS-SIE-3", "KBS-AMB-3")
STORM_RULES = ("KBS-STM-1", "KBS-STM-2", "KBS-STM-4", "KBS-AMB-6", "KBS-SIE-6")
RELIEF_RULES = ("KBS-REL-1", "KBS-REL-2", "KBS-AMB-10", "KBS-AMB-18")
RETREAT_RULES = ("KBS-CMB-4", "KBS-RET-1", "KBS-AMB-9")
# KBS-SIE-1, KBS-STM-4: starting a siege and calling a storm each cost 1 supply.
SIEGE_OR_STORM_COST = 1


def battle_options(game: Game, seat: str) -> tuple[Option, ...]:
    """The battles `seat` may start now, one option per kind that has a legal target."""
    return (*_attacks(game, seat), *_sieges(game, seat), *_storms(game, seat), *_reliefs(game, seat))


def _attacks(game: Game, seat: str) -> tuple[Option, ...]:
    """`attack`: a stack against the free enemy stacks of its own region or a land neighbour (KBS-CMB-*)."""
    state: KbsState = game.state
    supplies = state.factions[seat].supplies
    choices: list[Mapping[str, Any]] = []
    costs: dict[str, dict[str, int]] = {}
    for army in own_armies(state, seat):
        targets = {army.at, *(area for area, kind in state.map.neighbours(army.at) if kind == "land")}
        for to in sorted(targets):
            enemies = sorted({a.owner for a in state.armies_at(to) if a.owner != seat and a.besieging is None})
            for defender in enemies:
                data = {"army": army.id, "to": to, "defender": defender}
                if isinstance(attack_target(state, seat, army, data), Decision):
                    continue
                cost = 0 if to == army.at else step_cost(army.movement_units(), state.map.doubles_cost(to))
                if cost <= supplies:  # KBS-MOV-2: stepping in to attack is paid like a move
                    choices.append(data)
                    costs.setdefault(army.id, {})[to] = cost
    if not choices:
        return ()
    note = (
        "the defender is the side already there (KBS-AMB-10) and wins ties (KBS-CMB-5); two dice: attacker, "
        "defender; `defender` may be left out where one faction stands, `to` where the army fights in its region"
    )
    fields = {"cost": costs}
    return (
        Option(
            "attack",
            ATTACK_RULES,
            tuple(choices),
            exhaustive=False,
            fields=fields,
            note=note,
            dice_count=DICE_PER_BATTLE,
        ),
    )


def _sieges(game: Game, seat: str) -> tuple[Option, ...]:
    """`start_siege`: a stack in a city's administrative region stronger than its effective defence (KBS-AMB-3)."""
    state: KbsState = game.state
    if state.factions[seat].supplies < SIEGE_OR_STORM_COST:
        return ()
    choices: list[Mapping[str, Any]] = []
    numbers: dict[str, dict[str, Any]] = {}
    for army in own_armies(state, seat):
        for city in sorted(c.id for c in state.map.cities.values() if c.admin_region == army.at):
            checked = siege_numbers(game, seat, army, city)
            if not isinstance(checked, Decision):
                choices.append({"army": army.id, "city": city})
                numbers.setdefault(army.id, {})[city] = checked[1]
    if not choices:
        return ()
    rules = (*SIEGE_RULES, "KBS-CTY-1", "KBS-CTY-3")
    note = "1 supply; the besiegers' BS must exceed the defenders' BS plus the city defence (KBS-AMB-3)"
    return (Option("start_siege", rules, tuple(choices), fields={"bs": numbers}, note=note),)


def _storms(game: Game, seat: str) -> tuple[Option, ...]:
    """`storm_city`: a city the seat's army has besieged since an earlier round (KBS-STM-1, KBS-AMB-6)."""
    state: KbsState = game.state
    if state.factions[seat].supplies < SIEGE_OR_STORM_COST:
        return ()
    choices = []
    for city, siege in sorted(state.sieges.items()):
        army = state.armies.get(siege.army)
        if army is not None and army.owner == seat and not isinstance(storm_siege(state, seat, army, city), Decision):
            choices.append({"army": army.id, "city": city})
    if not choices:
        return ()
    note = "1 supply; city defence doubles the garrison's BS in a fortified city (KBS-CTY-3); two dice"
    return (Option("storm_city", STORM_RULES, tuple(choices), note=note, dice_count=DICE_PER_BATTLE),)


def _reliefs(game: Game, seat: str) -> tuple[Option, ...]:
    """`relieve_siege`: the seat's free stacks in a besieged city's region attack the besiegers (KBS-REL-1)."""
    state: KbsState = game.state
    choices: list[Mapping[str, Any]] = []
    for city_id, _siege in sorted(state.sieges.items()):
        region = state.map.cities[city_id].admin_region
        relievers = [a.id for a in own_armies(state, seat) if a.at == region and not a.besieging]
        if not relievers:
            continue
        commits = (True, False) if state.owners.get(city_id, NEUTRAL) == seat else (False,)
        for commit in commits:
            data = {"armies": relievers, "city": city_id, "garrison": commit}
            if not isinstance(relief_sides(state, seat, data), Decision):
                choices.append(data)
    if not choices:
        return ()
    note = (
        "any of the listed armies may relieve; the city's owner may commit its besieged units, without city "
        "defence (KBS-REL-2); the besiegers defend and win ties (KBS-AMB-10)"
    )
    fields = listed_armies(state, choices, 1)
    return (
        Option(
            "relieve_siege",
            RELIEF_RULES,
            tuple(choices),
            exhaustive=False,
            fields=fields,
            note=note,
            dice_count=DICE_PER_BATTLE,
        ),
    )


def retreat_options(game: Game, seat: str) -> tuple[Option, ...]:
    """`retreat`: each of the seat's beaten stacks to a friendly city of the battle's region or a neighbouring
    region it may enter, free; never into the besieged city a relief failed to free (KBS-AMB-9)."""
    state: KbsState = game.state
    if state.retreat_from is None:
        return ()
    choices = []
    destinations: dict[str, dict[str, dict[str, int]]] = {}
    for army_id in state.retreats:
        army = state.armies.get(army_id)
        if army is None or army.owner != seat:
            continue
        allowed = retreat_destinations(state, army, state.retreat_from, state.retreat_barred)
        destinations[army_id] = {to: {"cost": 0} for to in allowed}
        choices += [{"army": army_id, "to": to} for to in allowed]
    if not choices:
        return ()
    fields = {"from": state.retreat_from, "barred": state.retreat_barred, "destinations": destinations}
    note = "retreats cost no supplies (KBS-AMB-9)"
    if state.retreat_barred:
        note += f"; relieving armies may not retreat into the besieged city {state.retreat_barred} (KBS-AMB-9)"
    return (Option("retreat", RETREAT_RULES, tuple(choices), fields=fields, note=note),)
