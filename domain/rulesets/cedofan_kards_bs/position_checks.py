"""The invariants of a `cedofan_kards_bs` position (issue 15, point 3), each broken one named by pointer and rule.

The position has passed the schema (shapes, unit kinds); these are the rules a situation of play obeys: known
fields, cities, factions, armies and leader figures (KBS-POS-1), stacks that hold something (KBS-MOV-1), where an
army may stand (KBS-MOV-6, KBS-MOV-8), treasuries never below nothing (KBS-MOV-2, KBS-RAN-4), sieges as KBS-SIE-2
and KBS-AMB-5 allow them, vassals (KBS-VAS-1), pirate-held Ostius (KBS-PIR-5, KBS-AMB-13), captives (KBS-RAN-1)
and the turn (KBS-AMB-20). Every error is reported, not the first.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from domain.kernel import Seat
from domain.positions import PositionError, pointer
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.movement import ship_capacity
from domain.rulesets.cedofan_kards_bs.position import from_position
from domain.rulesets.cedofan_kards_bs.state import KbsState

KNOWN = "KBS-POS-1"
Errors = Iterator[PositionError]


def position_errors(
    position: Mapping[str, Any], options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
) -> list[PositionError]:
    """Every broken invariant of a schema-valid position on this board, options and seating."""
    state = from_position(position, options, board, seats)
    seated = tuple(s.seat for s in seats)
    checks = (
        _field_errors(position, state),
        _faction_errors(position, state, seated),
        _figure_errors(position, state),
        _army_errors(state, options),
        _amount_errors(position),
        _siege_errors(state),
        _vassal_errors(state),
        _city_errors(position, state),
        _turn_errors(position, state, seated),
    )
    return [error for check in checks for error in check]


def _field_errors(position: Mapping[str, Any], state: KbsState) -> Errors:
    """KBS-POS-1: the fields and cities of the board."""
    fields, cities = state.map.kinds, state.map.cities
    named: list[tuple[str, Any, Mapping[str, Any]]] = []
    for army_id, army in state.armies.items():
        named.append((pointer("armies", army_id, "at"), army.at, fields))
        if army.besieging is not None:
            named.append((pointer("armies", army_id, "besieging"), army.besieging, cities))
    named += [(pointer("captives", k, "at"), c.at, fields) for k, c in state.captives.items()]
    named += [(pointer(part, city), city, cities) for part in ("cities", "sieges") for city in position.get(part, {})]
    retreats = position.get("retreats", {})
    named += [
        (pointer("retreats", "from"), retreats.get("from"), fields),
        (pointer("retreats", "barred"), retreats.get("barred"), cities),
    ]
    for index, loss in enumerate(position.get("open_losses", [])):
        named.append((pointer("open_losses", index, "at"), loss["at"], fields))
        named += [
            (pointer("open_losses", index, "before", i, "at"), a["at"], fields) for i, a in enumerate(loss["before"])
        ]
    for at, value, known in named:
        if value is not None and value not in known:
            yield PositionError(at, KNOWN, f"{value!r} is not a {'city' if known is cities else 'field'} of the board")


def _faction_errors(position: Mapping[str, Any], state: KbsState, seated: tuple[str, ...]) -> Errors:
    """KBS-POS-1: factions of the board or the seating, or neutral, as owners, captors and lords."""
    factions = frozenset(state.map.factions) | frozenset(seated)
    for faction in position["factions"]:
        if faction not in factions:
            yield PositionError(pointer("factions", faction), KNOWN, f"{faction!r} is not a faction of this game")
    owners = factions | {NEUTRAL}
    named = [(pointer("armies", k, "owner"), a.owner) for k, a in state.armies.items()]
    named += [(pointer("cities", c, "owner"), given["owner"]) for c, given in position.get("cities", {}).items()]
    for k, captive in state.captives.items():
        named += [(pointer("captives", k, "owner"), captive.owner), (pointer("captives", k, "captor"), captive.captor)]
    for k, held in state.prisoners.items():
        named += [(pointer("prisoners", k), k), (pointer("prisoners", k, "captor"), held.captor)]
    named += [(pointer("open_losses", i, "owner"), o["owner"]) for i, o in enumerate(position.get("open_losses", []))]
    for at, owner in named:
        if owner not in owners:
            yield PositionError(at, KNOWN, f"{owner!r} is not a faction of this game or {NEUTRAL!r}")
    for seat, faction in state.factions.items():
        if faction.lord is not None and faction.lord not in factions:
            yield PositionError(pointer("factions", seat, "lord"), KNOWN, f"{faction.lord!r} is not a faction")


def _figure_errors(position: Mapping[str, Any], state: KbsState) -> Errors:
    """KBS-POS-1: each leader figure stands in one place (an army, captivity, or waiting to be placed); the armies
    a siege or a retreat names are on the map."""
    seen: set[str] = set()
    places = [(pointer("armies", k, "leaders", i), n) for k, a in state.armies.items() for i, n in enumerate(a.leaders)]
    places += [(pointer("captives", n), n) for n in state.captives]
    places += [(pointer("unplaced", i), n) for i, n in enumerate(state.unplaced)]
    for at, figure in places:
        if figure in seen:
            yield PositionError(at, KNOWN, f"leader figure {figure!r} stands in two places")
        seen.add(figure)
    for city, siege in state.sieges.items():
        if siege.army not in state.armies:
            yield PositionError(pointer("sieges", city, "army"), KNOWN, f"{siege.army!r} is not an army on the map")
    for index, army in enumerate(state.retreats):
        if army not in state.armies:
            yield PositionError(pointer("retreats", "armies", index), KNOWN, f"{army!r} is not an army on the map")


def _army_errors(state: KbsState, options: Mapping[str, Any]) -> Errors:
    """KBS-MOV-1 (a stack holds a movement unit), KBS-MOV-6 (not in giants' lands or impassable swamps), KBS-MOV-8
    (an army at sea is carried by its ships, 2 units a ship)."""
    for army_id, army in state.armies.items():
        at = pointer("armies", army_id)
        if army.is_empty():
            yield PositionError(at, "KBS-MOV-1", f"army {army_id!r} holds no unit and no leader figure")
        if army.at in state.map.kinds and state.map.is_impassable(army.at):
            yield PositionError(at + "/at", "KBS-MOV-6", f"{army.at!r} cannot be entered")
        carried = army.movement_units() - army.units.get("ship", 0)
        if state.map.kinds.get(army.at) == "sea" and carried > ship_capacity(army, options):
            message = f"{army.units.get('ship', 0)} ship(s) at sea cannot carry {carried} units"
            yield PositionError(at + "/units", "KBS-MOV-8", message)


def _amount_errors(position: Mapping[str, Any]) -> Errors:
    """KBS-MOV-2 (supplies), KBS-RAN-4 (influence never below 0), KBS-MOV-1 (unit counts)."""
    amounts: list[tuple[str, int, str]] = []
    for seat, faction in position["factions"].items():
        amounts.append((pointer("factions", seat, "supplies"), faction["supplies"], "KBS-MOV-2"))
        amounts.append((pointer("factions", seat, "influence"), faction["influence"], "KBS-RAN-4"))
    counted = [(pointer("armies", k), a["units"]) for k, a in position["armies"].items()]
    counted += [(pointer("prisoners", k), p["units"]) for k, p in position.get("prisoners", {}).items()]
    for at, units in counted:
        amounts += [(f"{at}/units/{kind}", n, "KBS-MOV-1") for kind, n in units.items()]
    for at, value, rule_id in amounts:
        if value < 0:
            yield PositionError(at, rule_id, f"{value} is below 0")


def _siege_errors(state: KbsState) -> Errors:
    """KBS-SIE-2: the besieging army stands in the city's administrative region, is not the city's owner's, and is
    marked as besieging it; KBS-AMB-5: a siege began in this round or an earlier one."""
    for city_id, siege in state.sieges.items():
        city, army = state.map.cities.get(city_id), state.armies.get(siege.army)
        if city is None or army is None:
            continue
        at = pointer("sieges", city_id)
        if army.at != city.admin_region:
            message = f"army {army.id!r} stands in {army.at!r}, not in {city.admin_region!r}"
            yield PositionError(at + "/army", "KBS-SIE-2", message)
        if army.owner == state.owners.get(city_id):
            yield PositionError(at + "/army", "KBS-SIE-2", f"{city_id!r} is {army.owner!r}'s own city")
        if army.besieging != city_id:
            yield PositionError(pointer("armies", army.id, "besieging"), "KBS-SIE-2", f"it besieges {city_id!r}")
        if siege.started > state.round:
            yield PositionError(at + "/started", "KBS-AMB-5", f"the siege begins after round {state.round}")
    for army_id, army in state.armies.items():
        if army.besieging is not None and state.sieges.get(army.besieging, None) is None:
            yield PositionError(pointer("armies", army_id, "besieging"), "KBS-SIE-2", "no such siege is open")


def _vassal_errors(state: KbsState) -> Errors:
    """KBS-VAS-1: a vassal's lord is another faction, and no faction is, through its lords, its own lord."""
    for seat, faction in state.factions.items():
        lord, seen = faction.lord, {seat}
        while lord is not None and lord not in seen and lord in state.factions:
            seen.add(lord)
            lord = state.factions[lord].lord
        if lord is not None and lord in seen:
            yield PositionError(pointer("factions", seat, "lord"), "KBS-VAS-1", f"{seat!r} would be its own lord")


def _city_errors(position: Mapping[str, Any], state: KbsState) -> Errors:
    """KBS-PIR-5 / KBS-AMB-13: only Ostius, fallen to the pirates, is pirate-held, and it is then neutral;
    KBS-RAN-1: a captive is held by an enemy."""
    for city in state.pirate_held:
        at = pointer("cities", city, "pirate_held")
        if city != state.map.pirate_target:
            yield PositionError(at, "KBS-PIR-5", f"only Ostius ({state.map.pirate_target!r}) falls to the pirates")
        elif state.owners.get(city) != NEUTRAL:
            yield PositionError(pointer("cities", city, "owner"), "KBS-AMB-13", "a pirate-held city is neutral")
    for leader, captive in state.captives.items():
        if captive.owner == captive.captor:
            yield PositionError(pointer("captives", leader, "captor"), "KBS-RAN-1", "a captive is held by an enemy")


def _turn_errors(position: Mapping[str, Any], state: KbsState, seated: tuple[str, ...]) -> Errors:
    """KBS-AMB-20: the turn order lists the seats; a turn is someone's exactly in the turns phase; KBS-POS-1:
    a turn, a place in the order and a vassal's request are the seated factions'."""
    named = [(pointer("order", i), s) for i, s in enumerate(position.get("order", []))]
    named += [(pointer("vassal_requests", i), s) for i, s in enumerate(position.get("vassal_requests", []))]
    if state.turn is not None:
        named.append((pointer("turn"), state.turn))
    for at, seat in named:
        if seat not in seated:
            yield PositionError(at, KNOWN, f"{seat!r} is not a faction seated in this game")
    if "order" in position and sorted(state.order) != sorted(seated):
        yield PositionError("/order", "KBS-AMB-20", f"the turn order lists exactly the seats {list(seated)!r}")
    if (state.phase == "turns") != (state.turn is not None):
        yield PositionError("/turn", "KBS-AMB-20", f"a faction has the turn exactly in the turns phase ({state.phase})")
