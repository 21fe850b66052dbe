"""Combat arithmetic of `cedofan_kards_bs`: BS, leader bonus, city defence, the formula, survivors, losses.

Pure functions of numbers and stacks; the deciders turn their results into events and trace steps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil
from typing import Any

from domain.rulesets.cedofan_kards_bs.state import Army


def unit_bs(options: Mapping[str, Any]) -> Mapping[str, int]:
    """KBS-AMB-19: the BS table of the game (option `unit_bs`)."""
    table: Mapping[str, int] = options["unit_bs"]
    return table


def army_bs(armies: Sequence[Army], options: Mapping[str, Any]) -> int:
    """BS(x): the summed unit BS of the stacks; leader figures add only their bonus (KBS-AMB-19)."""
    table = unit_bs(options)
    return sum(table.get(kind, 0) * count for army in armies for kind, count in army.units.items())


def leader_bonus(armies: Sequence[Army], options: Mapping[str, Any]) -> tuple[int, str | None]:
    """KBS-LDR-1, KBS-LDR-2, KBS-AMB-21: the highest bonus among the leaders present, and whose it is."""
    bonuses: Mapping[str, int] = options["leader_bonus"]
    best: tuple[int, str | None] = (0, None)
    for leader in sorted(name for army in armies for name in army.leaders):
        if bonuses.get(leader, 0) > best[0]:
            best = (bonuses.get(leader, 0), leader)
    return best


def city_defence(bs_defenders: int, fortified: bool) -> int:
    """KBS-CTY-1/3, KBS-AMB-2: a fortified city adds the defenders' BS again; an unfortified one adds 0."""
    return bs_defenders if fortified else 0


def value(bs: int, bonus: int, defence: int, die: int) -> int:
    """KBS-CMB-1/2: floor((BS + leader bonus + city defence + d6) / 4)."""
    return (bs + bonus + defence + die) // 4


def step_cost(movement_units: int, doubled: bool) -> int:
    """KBS-MOV-2/3/5, KBS-AMB-8: ceil(n / 5) supplies per step, twice that into swamps or wild tribes."""
    return ceil(movement_units / 5) * (2 if doubled else 1)


def survivors(bs_before: int, own_value: int, other_value: int, loss_model: str) -> int:
    """KBS-AMB-1: the BS a side keeps after a battle; never more than it had."""
    if loss_model == "inflicted":
        return max(0, bs_before - other_value)
    return min(own_value, bs_before)


def losses(armies: Sequence[Army], keep: int, options: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """KBS-AMB-1: units removed so the stacks keep the largest BS not above `keep`.

    The highest-BS units are kept first (so the lowest-BS go first); within a kind the stacks lose in
    the order given. Units of BS 0 and leader figures are never removed by losses.
    """
    table = unit_bs(options)
    remaining = keep
    removed: dict[str, dict[str, int]] = {}
    for kind in sorted((k for k in table if table[k] > 0), key=lambda k: (-table[k], k)):
        present = sum(army.units.get(kind, 0) for army in armies)
        kept = min(present, remaining // table[kind])
        remaining -= kept * table[kind]
        to_remove = present - kept
        for army in armies:
            taken = min(to_remove, army.units.get(kind, 0))
            if taken:
                removed.setdefault(army.id, {})[kind] = taken
                to_remove -= taken
    return removed


def relief_losses(
    relievers: Sequence[Army], besieged: Sequence[Army], keep: int, options: Mapping[str, Any]
) -> dict[str, dict[str, int]]:
    """KBS-AMB-18: a relief's side loses its relieving armies first, then its besieged units.

    The side keeps the BS KBS-AMB-1 gives it (`losses` of all its stacks); within that figure the besieged keep
    as much as they can and the relievers the rest, so a relieving fanatic dies before two besieged army units.
    """
    everyone = losses([*relievers, *besieged], keep, options)
    total = _bs_kept([*relievers, *besieged], everyone, options)
    for target in range(min(total, army_bs(besieged, options)), -1, -1):
        inside = losses(besieged, target, options)
        kept_inside = _bs_kept(besieged, inside, options)
        outside = losses(relievers, total - kept_inside, options)
        if kept_inside + _bs_kept(relievers, outside, options) == total:
            return {**outside, **inside}
    return everyone  # no split of the stacks reaches KBS-AMB-1's figure: the lowest BS go first, as anywhere


def _bs_kept(armies: Sequence[Army], removed: Mapping[str, Mapping[str, int]], options: Mapping[str, Any]) -> int:
    table = unit_bs(options)
    lost = sum(table.get(k, 0) * n for units in removed.values() for k, n in units.items())
    return army_bs(armies, options) - lost


def attrition_pick(army: Army, options: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """KBS-AMB-5: the unit a year of siege kills: the lowest-BS army unit, other units next, leaders last."""
    table = unit_bs(options)
    fighting = sorted((k for k in army.units if table.get(k, 0) > 0), key=lambda k: (table[k], k))
    if fighting:
        return fighting[0], None
    others = sorted(army.units)
    if others:
        return others[0], None
    return None, (sorted(army.leaders)[0] if army.leaders else None)
