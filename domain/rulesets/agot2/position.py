"""Positions of agot2 (issue 15, point 3): a game's table as its public document, and the state of a game started
from one. The schema is `position_schema.POSITION_SCHEMA`, the invariants `position_checks.position_errors`.

How `position` relates to the older `options.position` (catalog §0.3.4, `setup`): both describe the table when
recording starts, but `options.position` is lenient (it leaves out units in unknown areas or of unknown Houses,
ships on land, unknown cards and orders without units, silently) and takes only part of a table. Games created
with it keep folding exactly as recorded (`setup` is unchanged). A game created with `position` (in its
`GameCreated`, beside the options) is built by `from_position` alone: every entry counts, any invariant it breaks
is refused before the game is recorded, and an `options.position` beside it is ignored (it stays in the options
as recorded). `position_of` exports any game, including one set up from `options.position`.

The round trip is exact: `from_position(position_of(state))` views the same as `state` for every viewer. The
card set, order-token set, King's Court stars and the GOT-X switches are options of the game, not of a position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.kernel import Seat
from domain.rulesets.agot2.options import DEFAULT_OPTIONS, DEFAULT_POWER, PREDATING_DEFAULTS
from domain.rulesets.agot2.retreat import controls
from domain.rulesets.agot2.setup import neutral_forces_at_start, setup, starting_hand
from domain.rulesets.agot2.standard_setup import EMPTY
from domain.rulesets.agot2.state import AgotState, Bidding, Combat, Order, Unit


def position_of(state: AgotState) -> dict[str, Any]:
    """The state as a position document (every field given, so nothing depends on defaults)."""
    return {
        "round": state.round,
        "phase": state.phase,
        "step": state.step or None,
        "last_to_act": state.last_actor,
        "influence_tracks": {track: list(order) for track, order in state.tracks.items()},
        "dominance_tokens": {
            "valyrian_steel_blade": {"used": state.blade_used},
            "messenger_raven": {"used": state.raven_used, "awaiting_decision": state.raven_window},
        },
        "supply": {house: list(sizes) for house, sizes in state.supply_limits.items()},
        "units": _units_by_area(state),
        "orders": {area: {"house": o.seat, "token": o.token} for area, o in sorted(state.orders.items())},
        "orders_round": state.planning_round,
        "power": {"available": dict(state.power), "on_board": dict(sorted(state.power_tokens.items()))},
        "garrisons": dict(sorted(state.garrisons.items())),
        "neutral_forces": dict(sorted(state.neutral_forces.items())),
        "castles_held": castles_held(state),
        "house_cards": {
            house: {"hand": list(state.hands.get(house, ())), "discard": list(state.discards.get(house, ()))}
            for house in {**state.hands, **state.discards}
        },
        "bidding": _bidding_of(state.bidding) if state.bidding is not None else None,
        "combat": _combat_of(state.combat) if state.combat is not None else None,
        "sealed_rounds_opened": state.sealed_rounds,
    }


def castles_held(state: AgotState) -> dict[str, list[str]]:
    """GOT-RETREAT-3: each House's castles and strongholds, held by its units or its Power token."""
    areas = sorted({u.area for u in state.units.values()} | set(state.power_tokens))
    fortified = [a for a in areas if state.board.structure(a) is not None]
    return {house: [a for a in fortified if controls(state, a, house)] for house in state.seats}


def from_position(
    position: Mapping[str, Any],
    options: Mapping[str, Any],
    board_document: Mapping[str, Any] | None,
    seats: Sequence[Seat],
) -> AgotState:
    """The state of a game started from a (schema-valid) position; fields left out take a game start's values."""
    merged = {**DEFAULT_OPTIONS, **PREDATING_DEFAULTS, **options}
    # GOT-X-29: the position is the whole table; the printed set-up adds nothing to it.
    start = setup({**merged, "position": None, "setup": EMPTY}, board_document, seats)
    units = units_of(position.get("units") or {})
    power = position.get("power") or {}
    tokens = position.get("dominance_tokens") or {}
    blade, raven = tokens.get("valyrian_steel_blade") or {}, tokens.get("messenger_raven") or {}
    listed_forces = position.get("neutral_forces")
    forces = (
        dict(listed_forces)
        if listed_forces is not None
        else neutral_forces_at_start(None, board_document, start.board, start.seats, units, merged["neutral_forces"])
    )
    bidding, combat = position.get("bidding"), position.get("combat")
    hands, discards = _cards_of(start, position.get("house_cards") or {})
    return replace(
        start,
        options=dict(merged),
        supply_limits={**start.supply_limits, **{h: tuple(v) for h, v in (position.get("supply") or {}).items()}},
        round=position["round"],
        phase=position["phase"],
        step=position.get("step") or "",
        last_actor=position.get("last_to_act"),
        tracks={**start.tracks, **{t: tuple(v) for t, v in (position.get("influence_tracks") or {}).items()}},
        blade_used=bool(blade.get("used", False)),
        raven_used=bool(raven.get("used", False)),
        raven_window=bool(raven.get("awaiting_decision", False)),
        units=units,
        orders={area: Order(o["house"], o["token"]) for area, o in (position.get("orders") or {}).items()},
        power_tokens=dict(power.get("on_board") or {}),
        garrisons=dict(position["garrisons"]) if "garrisons" in position else dict(start.garrisons),
        neutral_forces=forces,
        power={**dict.fromkeys(start.seats, DEFAULT_POWER), **(power.get("available") or {})},
        hands=hands,
        discards=discards,
        combat=_combat_from(combat) if combat is not None else None,
        bidding=_bidding_from(bidding) if bidding is not None else None,
        planning_round=position.get("orders_round"),
        sealed_rounds=position.get("sealed_rounds_opened", 0),
    )


def units_of(by_area: Mapping[str, Sequence[Mapping[str, Any]]]) -> dict[str, Unit]:
    """The units of a position, by id; a unit given without an id is numbered on as `house:kind:area:n`."""
    taken = {u["id"] for listed in by_area.values() for u in listed if "id" in u}
    found: dict[str, Unit] = {}
    for area, listed in by_area.items():
        for raw in listed:
            unit_id = raw.get("id") or _next_id(f"{raw['house']}:{raw['kind']}:{area}", taken)
            taken.add(unit_id)
            found[unit_id] = Unit(unit_id, raw["house"], raw["kind"], area, bool(raw.get("routed", False)))
    return found


def _next_id(prefix: str, taken: set[str]) -> str:
    number = 1
    while f"{prefix}:{number}" in taken:
        number += 1
    return f"{prefix}:{number}"


def _units_by_area(state: AgotState) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for unit_id, unit in sorted(state.units.items()):
        entry = {"house": unit.seat, "kind": unit.type, "routed": unit.routed, "id": unit_id}
        found.setdefault(unit.area, []).append(entry)
    return dict(sorted(found.items()))


def _cards_of(
    start: AgotState, listed: Mapping[str, Mapping[str, Any]]
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """GOT-CARD-2: each House's hand and discard pile; a hand left out is every own card not discarded."""
    hands, discards = dict(start.hands), dict(start.discards)
    for house, piles in listed.items():
        discard = tuple(piles.get("discard") or ())
        hand = piles.get("hand")
        hands[house] = tuple(hand) if hand is not None else starting_hand(house, None, start.cards, list(discard))
        discards[house] = discard
    return hands, discards


def _bidding_of(b: Bidding) -> dict[str, Any]:
    return {
        "track": b.track,
        "round": b.round_name,
        "revealed": b.revealed,
        "bids": dict(b.bids),
        "tied": list(b.tied),
        "tie_decider": b.tie_decider,
    }


def _bidding_from(d: Mapping[str, Any]) -> Bidding:
    bids = d.get("bids") or {}
    return Bidding(
        d["track"],
        d["round"],
        dict(bids),
        d.get("tie_decider"),
        tuple(d.get("tied") or ()),
        bool(d.get("revealed", False)),
    )


def _combat_of(c: Combat) -> dict[str, Any]:
    return {
        "id": c.combat_id,
        "attacker": c.attacker,
        "defender": c.defender,
        "embattled_area": c.area,
        "march_origin": c.origin,
        "march_order": c.march_token,
        "attacking_units": list(c.attacking),
        "eligible_support": [{"house": seat, "areas": list(areas)} for seat, areas in c.supporters],
        "support_declared": [{"house": s, "side": side, "areas": list(areas)} for s, side, areas in c.declarations],
        "initial_strength": dict(c.base) if c.base is not None else None,
        "house_cards_sealed_by": list(c.sealed),
        "house_cards": dict(c.cards),
        "abilities_resolved": list(c.abilities_done),
        "ability_effects": dict(c.effects),
        "blade_used_by": c.blade,
        "blade_decided": c.blade_decided,
        "resolution": dict(c.result) if c.result is not None else None,
        "casualties_taken": c.casualties_done,
        "retreat_chosen": c.retreat_done,
        "cleaned_up": c.cleaned_up,
    }


def _combat_from(d: Mapping[str, Any]) -> Combat:
    base, result = d.get("initial_strength"), d.get("resolution")
    return Combat(
        combat_id=d["id"],
        attacker=d["attacker"],
        defender=d["defender"],
        area=d["embattled_area"],
        origin=d["march_origin"],
        march_token=d["march_order"],
        attacking=tuple(d["attacking_units"]),
        supporters=tuple((e["house"], tuple(e["areas"])) for e in d.get("eligible_support") or ()),
        declarations=tuple((e["house"], e["side"], tuple(e["areas"])) for e in d.get("support_declared") or ()),
        base=dict(base) if base is not None else None,
        sealed=tuple(d.get("house_cards_sealed_by") or ()),
        cards=dict(d.get("house_cards") or {}),
        abilities_done=tuple(d.get("abilities_resolved") or ()),
        effects=dict(d.get("ability_effects") or {}),
        blade=d.get("blade_used_by"),
        blade_decided=bool(d.get("blade_decided", False)),
        result=dict(result) if result is not None else None,
        casualties_done=bool(d.get("casualties_taken", False)),
        retreat_done=bool(d.get("retreat_chosen", False)),
        cleaned_up=bool(d.get("cleaned_up", False)),
    )
