"""Outcomes of a battle: the winner, withdrawals, loot slips and influence (RV-FLD-4..6, RV-LOOT-*, RV-VIC-1).

Who has more units after the fight wins (RV-VIC-1, RV-AMB-9); losers withdraw, free, to their nearest
city (RV-FLD-5, RV-AMB-10) and their nobles' purses are owed to the winner on a sealed slip (RV-LOOT-*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import SEALED_ROUND_OPENED, Event
from domain.rulesets.cedofan_rv.board import nearest_all
from domain.rulesets.cedofan_rv.combat import Side
from domain.rulesets.cedofan_rv.state import Piece, RvState, Siege, units
from domain.rulesets.cedofan_rv.treasuries import named, piece_treasury


def survivors(pieces: Sequence[Piece], dead: frozenset[str]) -> tuple[Piece, ...]:
    return tuple(p for p in pieces if p.id not in dead)


def winner_of(first: Side, second: Side, after: Mapping[str, tuple[Piece, ...]]) -> tuple[Side | None, Side | None]:
    """RV-FLD-4, RV-VIC-1, RV-AMB-9: more units after the fight wins; equal units, nobody."""
    a, b = units(list(after[first.name])), units(list(after[second.name]))
    if a == b:
        return None, None
    return (first, second) if a > b else (second, first)


def resolved(
    state: RvState,
    kind: str,
    area: str,
    first: Side,
    second: Side,
    after: Mapping[str, tuple[Piece, ...]],
    winner: Side | None,
) -> Event:
    return Event(
        "BattleResolved",
        {
            "battle": state.battles + 1,
            "kind": kind,
            "area": area,
            "seats": {first.name: first.seat, second.name: second.seat},
            "units_after": {first.name: units(list(after[first.name])), second.name: units(list(after[second.name]))},
            "winner": winner.seat if winner else None,
            "rule_ids": ["RV-FLD-4", "RV-VIC-1", "RV-AMB-9"],
        },
    )


def withdraw(
    state: RvState,
    survivors: Sequence[Piece],
    seat: str,
    battle_area: str,
    kinds: tuple[str, ...],
    rule_ids: list[str],
    exclude: str | None = None,
) -> list[Event]:
    """RV-FLD-5/6, RV-AMB-10: survivors withdraw, free, to their owner's nearest friendly place; none reachable:
    lost. Friendly is the owner's own or an ally's (the seed: „do nejbližšího spřáteleného města/města ve
    vlastnictví"; alliances in `alliances.py`).

    `seat` is the losing side's seat; allied pieces among the survivors (RV-FLD-3) go to their own owner's
    nearest friendly place. `exclude` is a place they may not withdraw into (the one just lost or left).
    """
    events: list[Event] = []
    for owner in sorted({p.owner for p in survivors}, key=lambda o: (o != seat, o)):
        ids = [p.id for p in survivors if p.owner == owner]
        targets = frozenset(
            p.area
            for p in state.places.values()
            if state.is_friend(owner, p.owner) and p.kind in kinds and p.shelters and p.area != exclude
        )
        found = nearest_all(state.map.edges, battle_area, targets)
        if found is None:
            events.append(Event("PiecesEliminated", {"seat": owner, "pieces": ids, "rule_ids": ["RV-AMB-10"]}))
            continue
        (to, *others), steps = found
        data = {"seat": owner, "pieces": ids, "from": battle_area, "to": to, "steps": steps, "cost": 0}
        if others:
            # RV-AMB-10: equally near places: the first by id until the owner chooses another (`choose_retreat`).
            data["ties"] = [to, *others]
        events.append(Event("PiecesRetreated", {**data, "rule_ids": rule_ids}))
    return events


def return_home(state: RvState, survivors: Sequence[Piece], seat: str, area: str) -> list[Event]:
    """RV-AMB-9: after a drawn field battle the side that moved in withdraws to where it came from."""
    events = []
    for noble in (p for p in survivors if p.is_noble and p.came_from):
        moved = [noble.id] + [p.id for p in survivors if p.banner == noble.id]
        events.append(
            Event(
                "PiecesRetreated",
                {
                    "seat": seat,
                    "pieces": moved,
                    "from": area,
                    "to": noble.came_from,
                    "steps": 0,
                    "cost": 0,
                    "rule_ids": ["RV-AMB-9"],
                },
            )
        )
    return events


def loot_treasury(winners: Sequence[Piece], to_seat: str) -> str:
    """RV-AMB-19: the treasury of the winning noble leading the most units (a sub-faction's in the Kard
    League, the empire's for an imperial general); ties go to the lower id, and the arbiter may split by `adjust`."""
    nobles = [p for p in winners if p.is_noble and p.owner == to_seat]
    if not nobles:
        return to_seat
    led = {n.id: sum(1 for p in winners if p.banner == n.id and not p.is_noble) for n in nobles}
    leader = min(nobles, key=lambda n: (-led[n.id], n.id))
    return piece_treasury(leader)


def loot(
    state: RvState,
    pieces: Sequence[Piece],
    from_seat: str,
    to_seat: str,
    options: Mapping[str, Any],
    winners: Sequence[Piece] = (),
) -> list[Event]:
    """RV-LOOT-1..3, RV-AMB-19: the loser's nobles' purses are owed to the winner on a sealed slip.

    One slip per losing owner (RV-LOOT-2: "the loser writes how much was in the purses"): a third faction's
    noble who fell defending another's city is its own player's purse, which the side's lead seat neither
    sees nor may write for. `from_seat` is the side's lead seat, the owner of pieces without one."""
    by_owner: dict[str, list[str]] = {}
    for p in pieces:
        if p.is_noble:
            by_owner.setdefault(p.owner or from_seat, []).append(p.id)
    by_noble = options.get("loot_treasury", "winning_noble") == "winning_noble"
    treasury = loot_treasury(winners, to_seat) if by_noble else to_seat
    events: list[Event] = []
    for owner, nobles in by_owner.items():
        if owner and owner != to_seat and sum(state.purses.get(n, 0) for n in nobles) > 0:
            events += _loot_slip(f"loot-{state.battles + 1}-{owner}", owner, to_seat, nobles, treasury)
    return events


def _loot_slip(loot_id: str, from_seat: str, to_seat: str, nobles: list[str], treasury: str) -> list[Event]:
    return [
        Event(
            "LootOwed",
            {
                "loot": loot_id,
                "from_seat": from_seat,
                "to_seat": to_seat,
                "nobles": nobles,
                **named(treasury, to_seat),
                "rule_ids": ["RV-LOOT-1", "RV-LOOT-3", "RV-AMB-19"],
            },
        ),
        Event(
            SEALED_ROUND_OPENED,
            {
                "round": loot_id,
                "seats": [from_seat],
                "purpose": f"RV-LOOT-2: loot slip to {to_seat}",
                "opened_by": None,
            },
        ),
    ]


def influence(seat: str, options: Mapping[str, Any], award: str, rule_id: str) -> list[Event]:
    """RV-VIC-1/2: influence for a won battle or a captured place; never lost."""
    amount = int(options["influence_awards"][award])
    if amount <= 0:
        return []
    return [Event("InfluenceGained", {"seat": seat, "amount": amount, "reason": award, "rule_ids": [rule_id]})]


def besiegers_withdraw(
    state: RvState,
    siege: Siege,
    survivors: tuple[Piece, ...],
    besiegers: tuple[Piece, ...],
    to_seat: str,
    options: Mapping[str, Any],
    rule_id: str,
    winners: Sequence[Piece] = (),
) -> list[Event]:
    """RV-STM-6 / RV-REL-4: the besiegers withdraw and hand over what their nobles carried.

    RV-AMB-10's "nearest" is measured from where each banner stands (it may besiege from the next region,
    RV-AMB-16), not from the place besieged: sending it "through" the city would let a loser pick a refuge."""
    events = [Event("BesiegersWithdrew", {"place": siege.place, "seat": siege.besieger, "rule_ids": [rule_id]})]
    kinds = ("city", "fortress") if rule_id == "RV-REL-4" else ("city",)
    for area in sorted({p.area for p in survivors}):
        standing = [p for p in survivors if p.area == area]
        rule_ids = [rule_id, "RV-AMB-10"]
        events += withdraw(state, standing, siege.besieger, area, kinds, rule_ids, exclude=siege.place)
    events += loot(state, besiegers, siege.besieger, to_seat, options, winners)
    return events
