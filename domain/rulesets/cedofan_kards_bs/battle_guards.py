"""The checks a battle passes before any die is rolled (KBS-CMB, SIE, STM, REL, VAS-5): whom an army may attack,
which city it may besiege or storm, which siege other armies may relieve. The deciders of battles.py apply them,
and pending offers only what they allow.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Decision, Game, RuleViolation
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL, City
from domain.rulesets.cedofan_kards_bs.combat import army_bs, city_defence
from domain.rulesets.cedofan_kards_bs.rulings import army_named, refuse
from domain.rulesets.cedofan_kards_bs.state import Army, KbsState, Siege


def garrison(state: KbsState, city: str) -> tuple[Army, ...]:
    """The stacks inside a city (of its owner)."""
    return state.armies_at(city, state.owners.get(city, NEUTRAL))


def attack_target(
    state: KbsState, seat: str, army: Army, data: Mapping[str, Any]
) -> tuple[str, list[Army], str] | Decision:
    """KBS-AMB-22, KBS-CTY-2, KBS-MOV-6, KBS-AMB-10, KBS-VAS-5: the region `army` may attack (`data.to`, its own
    by default), the enemy stacks it fights there and their owner; or the refusal.

    KBS-VAS-7, KBS-VAS-11: no conquest asks for a connection, so a vassal conquers through its lord's land and a
    lord through his vassal's.
    """
    to = data.get("to", army.at)
    if (wrong := _land_step(state, army, to)) is not None:
        return wrong
    if (wrong := _not_a_city(state, to) or _enterable(state, to)) is not None:
        return wrong
    enemies = [a for a in state.armies_at(to) if a.owner != seat and a.besieging is None]
    named = data.get("defender")
    if named is not None:
        enemies = [a for a in enemies if a.owner == named]
    owners = sorted({a.owner for a in enemies})
    if (wrong := _enemy_present(state, seat, to, named, owners) or _one_defender(to, owners)) is not None:
        return wrong
    if (wrong := _not_the_lord(state, seat, owners[0])) is not None:
        return wrong
    return to, enemies, owners[0]


def _land_step(state: KbsState, army: Army, to: Any) -> Decision | None:
    """KBS-AMB-22: an army attacks in its own region or one field away over land (not from a ship at sea)."""
    if not isinstance(to, str):
        return refuse("KBS-AMB-22", f"to {to!r} must name a region", "data.to")
    if state.map.kinds.get(army.at) == "sea":
        return refuse(
            "KBS-AMB-22",
            f"{army.id!r} is at sea in {army.at!r}: a battle is fought in a region; land first",
            "data.army",
        )
    if to != army.at and state.map.step_kind(army.at, to) != "land":
        return refuse("KBS-AMB-22", f"{to!r} is not one land step from {army.at!r}", "data.to")
    return None


def _not_a_city(state: KbsState, to: str) -> Decision | None:
    """KBS-CTY-2: a city is not attacked in the field: it is besieged, then stormed."""
    if state.map.kinds.get(to) != "region":
        return refuse("KBS-CTY-2", f"{to!r} is not a region: a city is taken by siege and storm", "data.to")
    return None


def _enterable(state: KbsState, to: str) -> Decision | None:
    """KBS-MOV-6: giants' land and impassable swamps cannot be entered."""
    if state.map.is_impassable(to):
        return refuse("KBS-MOV-6", f"{to!r} cannot be entered (giants or impassable swamps)", "data.to")
    return None


def _enemy_present(state: KbsState, seat: str, to: str, named: Any, owners: list[str]) -> Decision | None:
    """KBS-CMB-3: a battle needs an enemy army in the region (KBS-REL-1: besiegers are fought by a relief)."""
    if owners:
        return None
    if any(a.besieging for a in state.armies_at(to) if a.owner != seat and named in (None, a.owner)):
        return refuse("KBS-REL-1", f"the enemies in {to!r} are besieging a city: use relieve_siege", "data.to")
    return refuse("KBS-CMB-3", f"no enemy army of {named or 'any faction'!r} stands in {to!r}", "data.to")


def _one_defender(to: str, owners: list[str]) -> Decision | None:
    """KBS-AMB-10: the defender is one faction; with several in the region the attacker names it."""
    if len(owners) > 1:
        return refuse(
            "KBS-AMB-10", f"armies of {', '.join(owners)} stand in {to!r}: name the defender", "data.defender"
        )
    return None


def _not_the_lord(state: KbsState, seat: str, owner: str, field: str = "data.to") -> Decision | None:
    """KBS-VAS-5: a vassal may not attack its lord."""
    if state.factions.get(seat) and state.factions[seat].lord == owner:
        return refuse("KBS-VAS-5", f"{seat!r} is the vassal of {owner!r} and may not attack its lord", field)
    return None


def _not_a_vassal_city(state: KbsState, seat: str, owner: str) -> Decision | None:
    """KBS-VAS-10: the lord may not enter its vassal's cities, so it neither besieges nor storms them."""
    vassal = state.factions.get(owner)
    if vassal is not None and vassal.lord == seat:
        return refuse(
            "KBS-VAS-10", f"{owner!r} is the vassal of {seat!r}: its lord may not enter its cities", "data.city"
        )
    return None


def siege_numbers(game: Game, seat: str, army: Army, city_id: Any) -> tuple[City, dict[str, int]] | Decision:
    """KBS-SIE-1..3, KBS-STM-3, KBS-VAS-5, KBS-AMB-3: may `army` besiege `city_id`? The city and the BS compared, or the
    refusal (the supply it costs is checked apart, so a transcript still records an unpaid siege)."""
    state: KbsState = game.state
    city = _city_to_besiege(state, seat, army, city_id)
    if isinstance(city, Decision):
        return city
    owner = state.owners.get(city.id, NEUTRAL)
    if state.factions[seat].lord == owner:
        return refuse("KBS-VAS-5", f"{seat!r} may not besiege {city.id!r} of its lord {owner!r}", "data.city")
    if (wrong := _not_a_vassal_city(state, seat, owner)) is not None:
        return wrong
    if (wrong := _not_in_a_siege(state, army, city)) is not None:
        return wrong
    numbers = _siege_strength(game, army, city)
    if isinstance(numbers, Decision):
        return numbers
    return city, numbers


def _city_to_besiege(state: KbsState, seat: str, army: Army, city_id: Any) -> City | Decision:
    """KBS-SIE-2: an army besieges another faction's city of the board from the city's administrative region."""
    city = state.map.cities.get(city_id) if isinstance(city_id, str) else None
    if city is None:
        return refuse("KBS-SIE-2", f"city {city_id!r} is not a city of the board", "data.city")
    if army.at != city.admin_region:
        return refuse("KBS-SIE-2", f"army {army.id!r} stands in {army.at!r}, not in {city.admin_region!r}", "data.army")
    if state.owners.get(city.id, NEUTRAL) == seat:
        return refuse("KBS-SIE-2", f"{city.id!r} is {seat!r}'s own city", "data.city")
    return city


def _not_in_a_siege(state: KbsState, army: Army, city: City) -> Decision | None:
    """KBS-SIE-1: a city is besieged by one army, and an army besieges one city."""
    if city.id in state.sieges or army.besieging:
        return refuse("KBS-SIE-1", f"{city.id!r} or army {army.id!r} is already in a siege", "data.city")
    return None


def _siege_strength(game: Game, army: Army, city: City) -> dict[str, int] | Decision:
    """KBS-SIE-3, KBS-AMB-3: the besiegers' BS is greater than the defenders' BS plus the city defence."""
    state: KbsState = game.state
    bs_in = army_bs(garrison(state, city.id), game.meta.options)
    defence = city_defence(bs_in, city.fortified)
    bs_out = army_bs([army], game.meta.options)
    numbers = {"besiegers": bs_out, "defenders": bs_in, "city_defence": defence}
    if bs_out <= bs_in + defence:
        message = f"army {army.id!r} has {bs_out} BS, not more than the defence {bs_in} + {defence} = {bs_in + defence}"
        return Decision.refuse("KBS-SIE-3", message, field="data.army", **numbers)
    return numbers


def borders_admin_territory(state: KbsState, seat: str, city: str) -> bool:
    """KBS-STM-2, KBS-AMB-7: the faction holds a region next to the city's administrative region, or its
    (besieging) army stands in that region."""
    region = state.map.cities[city].admin_region
    if any(a.owner == seat for a in state.armies_at(region)):
        return True
    neighbours = {area for area, _ in state.map.neighbours(region)}
    return any(state.owners.get(c.id) == seat and c.admin_region in neighbours for c in state.map.cities.values())


def storm_siege(state: KbsState, seat: str, army: Army, city_id: Any) -> Siege | Decision:
    """KBS-STM-1 (KBS-CTY-2, KBS-AMB-6), KBS-STM-2, KBS-VAS-5: the siege `army` may storm `city_id` from, or the
    refusal (the supply a storm costs, KBS-STM-4, is checked apart)."""
    siege = state.sieges.get(city_id) if isinstance(city_id, str) else None
    if siege is None or siege.army != army.id:
        return _not_besieging(state, army.id, city_id)
    # KBS-VAS-5, KBS-VAS-10: a siege begun before a vassalage ends with it; should one outlive it, bar the storm.
    owner = state.owners.get(siege.city, NEUTRAL)
    if (wrong := _not_the_lord(state, seat, owner, "data.city") or _not_a_vassal_city(state, seat, owner)) is not None:
        return wrong
    if siege.started >= state.round:
        return refuse(
            "KBS-STM-1",
            f"the siege of {siege.city!r} began this round ({siege.started}); storm from the next (KBS-AMB-6)",
        )
    if not borders_admin_territory(state, seat, siege.city):
        return refuse("KBS-STM-2", f"{seat!r} does not border the administrative territory of {siege.city!r}")
    return siege


def _not_besieging(state: KbsState, army_id: str, city_id: Any) -> Decision:
    """KBS-STM-1 (KBS-CTY-2 first for an unfortified city): a city is stormed only after a siege."""
    besieged_first = RuleViolation(
        "KBS-STM-1",
        f"army {army_id!r} is not besieging {city_id!r}: a city is stormed only after a siege of an earlier round",
        {"field": "data.city"},
    )
    city = state.map.cities.get(city_id) if isinstance(city_id, str) else None
    if city is None or city.fortified:
        return Decision(violations=(besieged_first,))
    unfortified = RuleViolation(
        "KBS-CTY-2", f"{city_id!r} is unfortified, but must still be besieged before a storm", {"field": "data.city"}
    )
    return Decision(violations=(unfortified, besieged_first))


def relief_sides(
    state: KbsState, seat: str, data: Mapping[str, Any]
) -> tuple[Siege, list[Army], list[Army]] | Decision:
    """KBS-REL-1/2, KBS-VAS-5: the siege `data` relieves, the relieving stacks and the besieged units committed
    (the city owner's choice, all by default), or the refusal.

    KBS-REL-5: as in the seed's example, armies of several regions relieve together with the besieged units.
    """
    city_id = data.get("city")
    siege = state.sieges.get(city_id) if isinstance(city_id, str) else None
    if siege is None:
        return refuse("KBS-REL-1", f"{city_id!r} is not under siege", "data.city")
    city = state.map.cities[siege.city]
    relievers = _relievers(state, seat, data.get("armies"), city)
    if isinstance(relievers, Decision):
        return relievers
    besieger = state.armies[siege.army]
    if besieger.owner == seat:
        return refuse("KBS-REL-1", f"{seat!r} is the besieger of {city.id!r}", "data.city")
    if state.factions[seat].lord == besieger.owner:
        return refuse("KBS-VAS-5", f"{seat!r} may not attack its lord {besieger.owner!r}", "data.city")
    owner = state.owners.get(city.id, NEUTRAL)
    commit = data.get("garrison", owner == seat)
    if commit and owner != seat:
        return refuse("KBS-REL-2", f"only {owner!r}, the city's owner, commits the besieged units", "data.garrison")
    return siege, relievers, list(garrison(state, city.id)) if commit else []


def _relievers(state: KbsState, seat: str, names: Any, city: City) -> list[Army] | Decision:
    """KBS-REL-1: the relieving armies are the faction's own, standing free in the city's administrative region."""
    if not isinstance(names, list) or not names:
        return refuse("KBS-REL-1", f"armies {names!r} must list the relieving armies", "data.armies")
    relievers: list[Army] = []
    for index, name in enumerate(names):
        army = army_named(state, {"army": name}, "army", seat)
        if isinstance(army, Decision):
            return refuse("KBS-REL-1", f"armies[{index}] {name!r} is not an army of {seat!r}", f"data.armies[{index}]")
        if any(a.id == army.id for a in relievers):  # one army's units count once (KBS-CMB-1 sums each side's units)
            return refuse("KBS-REL-1", f"armies[{index}] {name!r} is listed twice", f"data.armies[{index}]")
        if army.at != city.admin_region or army.besieging:
            return refuse(
                "KBS-REL-1", f"army {name!r} does not stand free in {city.admin_region!r}", f"data.armies[{index}]"
            )
        relievers.append(army)
    return relievers
