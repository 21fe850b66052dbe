"""A position's units, castles and battles: limits per castle and arm, neutral pieces, who controls what, battles
whose county, kind and sides agree with the board and the units on it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.kard_es_korona.forces import ARMS, CASTLE_CAPACITY, Force, castle_limit_breaches
from domain.rulesets.kard_es_korona.position_table import Found, Table
from domain.rulesets.kard_es_korona.setup import NEUTRAL_PIECES
from domain.rulesets.kard_es_korona.state import ATTACKER, ROYAL, is_neutral

# The arms whose neutral pieces no card adds: event cards add only infantry (KK-EVENT-5).
COUNTED_ARMS = ("cavalry", "archer")


def force_of(value: Mapping[str, int]) -> Force:
    return Force(**{arm: value.get(arm, 0) for arm in ARMS})


def active_battles(position: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """The battles not yet ended, by county (KK-MOVE-14: one per county)."""
    return {b["county"]: b for b in position["battles"] if b["status"] != "ended"}


def unit_errors(found: Found, table: Table) -> None:
    """Units stand on open counties of the board, castles keep their limits, neutral pieces their number."""
    position = table.position
    battles = active_battles(position)
    for county, by_owner in position["units"].items():
        if not table.check_county(found, county, "units", county):
            continue
        if county in table.state.closed:
            found.add("KK-SETUP-2", f"{county} is closed with five players: no unit may enter it", "units", county)
        for owner, value in by_owner.items():
            if not table.check_owner(found, owner, "units", county, owner):
                continue
            for arm, count in value.items():
                if count < 0:
                    found.add(
                        "KK-GEN-5", f"{count} {arm}: a count of units is never negative", "units", county, owner, arm
                    )
            if table.board.counties[county].castle:
                _castle_errors(found, table, county, owner, battles.get(county))
    _moved_errors(found, table)
    _control_errors(found, table, battles)
    _supply_errors(found, table)


def _castle_errors(found: Found, table: Table, county: str, owner: str, battle: Mapping[str, Any] | None) -> None:
    """KK-CASTLE-2: at most 7 units; KK-CASTLE-3/4 (A-4, A-5): no arm above what the arm limit ever allows.

    The arm limit binds when units arrive (a step, recruitment, setup, a capture), but "casualties during a battle
    never count as a violation" (KK-CASTLE-3): a garrison of 4 archers and 3 infantry that loses 2 infantry keeps
    4 archers of 5, legally. What a position can check is the bound casualties cannot break: no garrison holds more
    of one arm than the largest legal garrison may (4, "so at most 4 of 7"). Besiegers are outside the walls and not
    limited at all (KK-CASTLE-2).
    """
    if battle is not None and battle["attacker"] == owner:
        return
    force = force_of(table.position["units"][county][owner])
    where = ("units", county, owner)
    for rule_id, reason in castle_limit_breaches(force, table.arm_limit, table.variant):
        if rule_id == "KK-CASTLE-2":
            found.add(rule_id, f"castle {county}, {owner}: {reason}", *where)
    most = most_of_one_arm(table.arm_limit, table.variant)
    rule_id = "KK-CASTLE-4" if table.variant == "advanced" else "KK-CASTLE-3"
    for arm in ARMS:
        if force.of(arm) > most:
            message = f"castle {county}, {owner}: {force.of(arm)} {arm}; no garrison ever holds more than {most}"
            found.add(rule_id, message, *where)


def most_of_one_arm(arm_limit: str, variant: str) -> int:
    """The most units of one arm any garrison may hold, asked of the engine's own guard (`castle_limit_breaches`):
    a full castle with one arm as strong as the guard allows (4 of 7 where the arm limit binds, 7 where it does not)."""
    for count in range(CASTLE_CAPACITY, 0, -1):
        rest = CASTLE_CAPACITY - count
        garrison = Force(cavalry=count, infantry=(rest + 1) // 2, archer=rest // 2)
        if not castle_limit_breaches(garrison, arm_limit, variant):
            return count
    return 0


def _moved_errors(found: Found, table: Table) -> None:
    """KK-MOVE-6: the units marked as having stepped this year are units on the board."""
    units = table.position["units"]
    for county, by_owner in table.position["movement"]["moved_units"].items():
        if not table.check_county(found, county, "movement", "moved_units", county):
            continue
        for owner, value in by_owner.items():
            where = ("movement", "moved_units", county, owner)
            if table.check_owner(found, owner, *where) and not force_of(units.get(county, {}).get(owner, {})).contains(
                force_of(value)
            ):
                found.add("KK-MOVE-6", f"more of {owner}'s units in {county} have stepped than stand there", *where)


def _control_errors(found: Found, table: Table, battles: Mapping[str, Mapping[str, Any]]) -> None:
    """KK-MOVE-18, KK-BATTLE-14: a county held by one owner's units alone, with no battle in it, is his.

    All neutral forces are alike (KK-NEUTRAL-1): a neutral piece placed with the crown's fixed unit joins it
    (KK-SETUP-10/11), so the county may be the unplayed province's while the units count as the crown's."""
    control = table.position["control"]
    for county, by_owner in table.position["units"].items():
        holders = [owner for owner, value in by_owner.items() if sum(value.values())]
        if len(holders) != 1 or county in battles or control.get(county) == holders[0]:
            continue
        if not (is_neutral(holders[0]) and is_neutral(str(control.get(county, "")))):
            # The wrong entry, or the control table itself when the county is missing from it.
            where = ("control", county) if county in control else ("control",)
            found.add(
                "KK-MOVE-18",
                f"only {holders[0]}'s units stand in {county}, so he controls it, not {control.get(county)}",
                *where,
            )


def _supply_errors(found: Found, table: Table) -> None:
    """KK-NEUTRAL-4: neutral forces never recruit, so their knights and archers are at most what setup gave them
    (KK-SETUP-9..11); KK-SETUP-12: the advanced six-player box lacks two royal knights."""
    supply = _neutral_supply(table)
    # Counted together: a neutral piece placed with the crown's fixed unit joins the crown's force (KK-NEUTRAL-1).
    have = Force()
    for by_owner in table.position["units"].values():
        for owner, value in by_owner.items():
            if owner in supply:
                have = have.plus(force_of(value))
    for value in table.position["setup"]["neutral_pieces_left"].values():
        have = have.plus(force_of(value))
    most = Force()
    for bound in supply.values():
        most = most.plus(bound)
    for arm in COUNTED_ARMS:
        if have.of(arm) > most.of(arm):
            rule = "KK-SETUP-12" if arm == "cavalry" and _short_of_knights(table) else "KK-NEUTRAL-4"
            message = f"the neutral forces have {have.of(arm)} {arm}; setup gives them at most {most.of(arm)}"
            found.add(rule, message, "units")


def _neutral_supply(table: Table) -> dict[str, Force]:
    """The most cavalry and archers each neutral owner can have: a garrison per empty castle, the fixed royal units
    of 2-4 player games, the pieces of unplayed provinces in 2-3 player games."""
    state, board = table.state, table.board
    open_castles = [c for c in board.castles() if c not in state.closed]
    unplayed = set(state.neutral_provinces)
    royal_castles = sum(1 for c in open_castles if board.counties[c].province not in unplayed)
    fixed = 1 if len(table.seats) <= 4 else 0  # KK-SETUP-11: Bihar's knight and Kunság's archer
    short = 2 if _short_of_knights(table) else 0
    supply = {ROYAL: Force(cavalry=royal_castles + fixed - short, archer=royal_castles + fixed)}
    pieces = NEUTRAL_PIECES[table.variant] if len(table.seats) <= 3 else Force()
    for province in unplayed:
        castles = sum(1 for c in open_castles if board.counties[c].province == province)
        supply[f"neutral:{province}"] = Force(cavalry=castles + pieces.cavalry, archer=castles + pieces.archer)
    return supply


def _short_of_knights(table: Table) -> bool:
    return table.variant == "advanced" and len(table.seats) == 6


def battle_errors(found: Found, table: Table) -> None:
    """Each battle on a county of the board, of the kind and terrain the board gives it, between two sides."""
    position = table.position
    seen: set[str] = set()
    active: set[str] = set()
    for index, battle in enumerate(position["battles"]):
        if battle["id"] in seen:
            found.add("KK-BATTLE-1", f"battle id {battle['id']!r} is used twice", "battles", index, "id")
        seen.add(battle["id"])
        if not table.check_county(found, battle["county"], "battles", index, "county"):
            continue
        _battle_errors(found, table, index, battle)
        if battle["status"] != "ended":
            if battle["county"] in active:
                found.add("KK-MOVE-14", f"a second battle in {battle['county']}", "battles", index, "county")
            active.add(battle["county"])
    _battle_reference_errors(found, table)


def _battle_errors(found: Found, table: Table, index: int, battle: Mapping[str, Any]) -> None:
    county = table.board.counties[battle["county"]]
    kind = "siege" if county.castle else "open"
    if battle["kind"] != kind:
        found.add("KK-BATTLE-2", f"a battle in {county.id} is a(n) {kind} battle", "battles", index, "kind")
    if battle["terrain"] != county.terrain:
        found.add("KK-BATTLE-8", f"{county.id} is {county.terrain} terrain", "battles", index, "terrain")
    for entry_index, entry in enumerate(battle["entry_counties"]):
        where = ("battles", index, "entry_counties", entry_index)
        if table.check_county(found, entry, *where) and not table.board.are_adjacent(entry, county.id):
            found.add("KK-MOVE-12", f"the attackers entered {county.id} from a neighbour, not from {entry}", *where)
    for origin_index, origin in enumerate(battle.get("origins", ())):
        table.check_county(found, origin["from"], "battles", index, "origins", origin_index, "from")
    sides = {side: battle[side] for side in ("attacker", "defender")}
    if not all(table.check_owner(found, owner, "battles", index, side) for side, owner in sides.items()):
        return
    if is_neutral(sides[ATTACKER]):
        found.add("KK-NEUTRAL-2", "neutral forces never attack", "battles", index, "attacker")
    if sides["attacker"] == sides["defender"] and battle["status"] != "ended":
        found.add("KK-BATTLE-1", f"{sides['attacker']} cannot fight himself", "battles", index, "defender")
    if battle["status"] in ("pending", "fighting"):
        for side, owner in sides.items():
            if not _is_present(table, owner, county.id) and not _awaits_takeover(table, battle["id"], owner):
                found.add("KK-BATTLE-3", f"the {side} {owner} has no units in {county.id}", "battles", index, side)
    for hit_index, hits in enumerate(battle["pending_hits"]):
        table.check_seat(found, hits["chooser"], "battles", index, "pending_hits", hit_index, "chooser")


def _is_present(table: Table, owner: str, county: str) -> bool:
    """An army is in the county: units of its owner, or its lord (a duel is fought by two lords alone, KK-LORD-5)."""
    units = table.position["units"].get(county, {}).get(owner, {})
    return bool(sum(units.values())) or table.position["lords"]["counties"].get(owner) == county


def _awaits_takeover(table: Table, battle: str, owner: str) -> bool:
    """KK-ELIM-6: a fallen lord's pending battle waits for the unit his conqueror places there to fight it."""
    defeat = table.position["lords"]["defeat"]
    return (
        defeat is not None
        and defeat["stage"] == "takeover"
        and defeat["by"] == owner
        and battle in defeat.get("battles", ())
    )


def _battle_reference_errors(found: Found, table: Table) -> None:
    """Everything that names a battle of this year names one of its battles (Rainy Autumn rolls stay on record)."""
    position, advanced = table.position, table.position["advanced"]
    table.check_battle(found, position["current_battle"], "current_battle")
    for battle in advanced["bound_defenders"]:
        table.check_battle(found, battle, "advanced", "bound_defenders", battle)
    for index, battle in enumerate(advanced["released_lords"]):
        table.check_battle(found, battle, "advanced", "released_lords", index)
    table.check_battle(found, advanced["release_due"], "advanced", "release_due")
    retreat = advanced["retreat"]
    if retreat is not None:
        table.check_battle(found, retreat["battle"], "advanced", "retreat", "battle")
        table.check_county(found, retreat["to"], "advanced", "retreat", "to")
