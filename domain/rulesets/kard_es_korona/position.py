"""A Kard és Korona state as a position and back (issue 15, point 3; the schema is `position_schema.py`).

`position_of` writes every field of `KKState` that matters to play under the readable name the schema documents;
`from_position` builds the state of a game started from a position: the parts the game fixes (options, board,
seats, the unplayed provinces and the counties closed with five players) come from setup, the rest from the
position. The round trip is exact: `from_position(position_of(game))` views the same as `game` for every viewer.
The position is assumed valid against the schema (the service validates it first); its invariants are
`position_checks.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Seat
from domain.rulesets.kard_es_korona.election_state import PALATINE, election_from_json, sale_from_json
from domain.rulesets.kard_es_korona.forces import ARMS, Force
from domain.rulesets.kard_es_korona.setup import initial_state
from domain.rulesets.kard_es_korona.state import OFFICES, Battle, KKState, Origin, PendingHits, Retreat, evolved

# --- state -> position ---


def position_of(state: KKState) -> dict[str, Any]:
    """The position of a state, in the documented form."""
    return {
        "year": state.year,
        "phase": state.phase,
        "turn": state.turn,
        "starting_player": state.starting_player,
        "turn_order_starts_with": state.order_start,
        "units": _units_json(state.units),
        "control": dict(state.control),
        "treasuries": dict(state.treasury),
        "royal_treasury": state.royal_treasury,
        "lords": _lords_json(state),
        "offices": _offices_json(state),
        "setup": {
            "placed": list(state.placed),
            "neutral_pieces_left": {p: _force_json(f) for p, f in state.neutral_pool.items()},
        },
        "events": {
            "card": state.event_card,
            "permanent": list(state.permanent_events),
            "drawn": list(state.drawn_events),
            "extraordinary_election": state.extraordinary_election,
            "rainy_autumn_rolls": dict(state.event_rolls),
        },
        "recruitment": {"recruited": list(state.recruited), "cavalry_recruited": state.knights_recruited},
        "movement": _movement_json(state),
        "battles": [_battle_json(b) for b in state.battles],
        "battles_created": state.battle_count,
        "current_battle": state.current_battle,
        "advanced": _advanced_json(state),
    }


def _drawn_at_least(events: Mapping[str, Any]) -> list[str]:
    """KK-EVENT-1: a position written before `drawn` was kept shows at least its permanent cards and this year's."""
    card = events["card"]
    return [*events["permanent"], *([card] if card is not None and card not in events["permanent"] else [])]


def _lords_json(state: KKState) -> dict[str, Any]:
    """Where the lords stand and what became of them; the procedures of a defeat and of an extra step."""
    return {
        "counties": dict(state.lords),
        "fates": dict(state.lord_status),
        "lieges": dict(state.lieges),
        "executed_in": dict(state.captives),
        "returning": list(state.returning),
        "defeat": _plain(state.defeat) or None,
        "extra_step": _plain(state.extra_step) or None,
    }


def _offices_json(state: KKState) -> dict[str, Any]:
    """The offices, the election and office sale under way, the Judge Royal's rerolls."""
    return {
        "holders": {office: state.offices.get(office) for office in OFFICES},
        "election": _election_json(state),
        "elections_held": state.elections_held,
        "sale": state.office_sale.to_json() if state.office_sale is not None else None,
        "reroll_offer": _plain(state.reroll_offer) or None,
        "rerolls_used": list(state.rerolls_used),
    }


def _election_json(state: KKState) -> dict[str, Any] | None:
    """The election under way. A log recorded before A-34 was followed names the Palatine at the first election
    too, where no Palatine decides ties (KK-ELECT-11) unless its tie already waits for him: such a decider is left
    out, so the position of an older game is one `position_errors` accepts and plays the same."""
    election = state.election
    if election is None:
        return None
    found = election.to_json()
    if election.ordinal == 1 and election.awaiting != PALATINE:
        found["decider"] = None
    return found


def _movement_json(state: KKState) -> dict[str, Any]:
    """The year's movement so far."""
    return {
        "step_allowances": dict(state.allowances),
        "steps_taken": dict(state.steps_taken),
        "passed": list(state.passed),
        "frozen_passes": list(state.frozen_passes),
        "steps_made": state.step_seq,
        "moved_units": _units_json(state.moved),
        "lords_moved": list(state.lords_moved),
    }


def _advanced_json(state: KKState) -> dict[str, Any]:
    """The advanced rules' pinning and retreat."""
    return {
        "bound_defenders": {b: _force_json(f) for b, f in state.bound.items()},
        "released_lords": list(state.released_lords),
        "release_due": state.release_due,
        "retreat": _retreat_json(state.retreat),
        "stayed": state.stayed,
    }


def _force_json(force: Force) -> dict[str, int]:
    # Every arm is written, zeros too, so a force reads the same at a glance wherever it appears.
    return {arm: force.of(arm) for arm in ARMS}


def _units_json(table: Mapping[str, Mapping[str, Force]]) -> dict[str, dict[str, dict[str, int]]]:
    return {county: {owner: _force_json(f) for owner, f in by.items()} for county, by in table.items()}


def _origin_json(origin: Origin) -> dict[str, Any]:
    return {"from": origin.county, "units": _force_json(origin.units), "lord": origin.lord}


def _battle_json(battle: Battle) -> dict[str, Any]:
    return {
        "id": battle.id,
        "county": battle.county,
        "kind": battle.kind,
        "terrain": battle.terrain,
        "attacker": battle.attacker,
        "defender": battle.defender,
        "entry_counties": list(battle.entry_counties),
        **({"origins": [_origin_json(o) for o in battle.origins]} if battle.origins else {}),
        **({"crossed": True} if battle.crossed else {}),
        "created_at_step": battle.step_seq,
        "attacker_lord": battle.attacker_lord,
        "defender_lord": battle.defender_lord,
        "lord_battle": battle.lord_battle,
        "status": battle.status,
        "led_arms": dict(battle.led_arms),
        "bonus_lost": list(battle.bonus_lost),
        "round": battle.round,
        "next_exchange": battle.exchange,
        "pending_hits": [
            {
                "side": p.side,
                "chooser": p.chooser,
                "targets": [list(t) for t in p.targets],
                "max_kills": p.max_kills,
                "chosen": _force_json(p.chosen) if p.chosen is not None else None,
            }
            for p in battle.pending
        ],
        "exchanges_rolled": battle.exchanges,
        "volleyed": list(battle.volleyed),
        "forced": battle.forced,
    }


def _retreat_json(retreat: Retreat | None) -> dict[str, Any] | None:
    if retreat is None:
        return None
    return {"battle": retreat.battle, "side": retreat.side, "to": retreat.to, "losses_due": retreat.losses_due}


def _plain(value: Any) -> Any:
    """JSON values of a procedure's record (tuples as lists, nested mappings as dicts)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# --- position -> state ---


def from_position(
    position: Mapping[str, Any], options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
) -> KKState:
    """The state of a game started from `position` (valid against the schema) with these options, board, seats."""
    lords, offices = position["lords"], position["offices"]
    setup, events, movement, advanced = (position[part] for part in ("setup", "events", "movement", "advanced"))
    election, sale = offices["election"], offices["sale"]
    return evolved(
        initial_state(options, board, seats),
        phase=position["phase"],
        year=position["year"],
        starting_player=position["starting_player"],
        turn=position["turn"],
        order_start=position["turn_order_starts_with"],
        units=_units(position["units"]),
        moved=_units(movement["moved_units"]),
        lords=dict(lords["counties"]),
        lords_moved=tuple(movement["lords_moved"]),
        lord_status=dict(lords["fates"]),
        control=dict(position["control"]),
        treasury=dict(position["treasuries"]),
        royal_treasury=position["royal_treasury"],
        offices={office: offices["holders"][office] for office in OFFICES},
        placed=tuple(setup["placed"]),
        neutral_pool={p: _force(f) for p, f in setup["neutral_pieces_left"].items()},
        event_card=events["card"],
        permanent_events=tuple(events["permanent"]),
        drawn_events=tuple(events.get("drawn", _drawn_at_least(events))),
        extraordinary_election=events["extraordinary_election"],
        event_rolls=dict(events["rainy_autumn_rolls"]),
        recruited=tuple(position["recruitment"]["recruited"]),
        knights_recruited=position["recruitment"]["cavalry_recruited"],
        allowances=dict(movement["step_allowances"]),
        steps_taken=dict(movement["steps_taken"]),
        passed=tuple(movement["passed"]),
        frozen_passes=tuple(movement.get("frozen_passes", ())),
        step_seq=movement["steps_made"],
        battles=tuple(_battle(b) for b in position["battles"]),
        battle_count=position["battles_created"],
        current_battle=position["current_battle"],
        lieges=dict(lords["lieges"]),
        captives=dict(lords["executed_in"]),
        defeat=dict(lords["defeat"] or {}),
        returning=tuple(lords["returning"]),
        extra_step=dict(lords["extra_step"] or {}),
        rerolls_used=tuple(offices["rerolls_used"]),
        reroll_offer=dict(offices["reroll_offer"] or {}),
        bound={b: _force(f) for b, f in advanced["bound_defenders"].items()},
        released_lords=tuple(advanced["released_lords"]),
        release_due=advanced["release_due"],
        retreat=Retreat(**advanced["retreat"]) if advanced["retreat"] is not None else None,
        stayed=advanced["stayed"],
        election=election_from_json(election) if election is not None else None,
        elections_held=offices["elections_held"],
        office_sale=sale_from_json(sale) if sale is not None else None,
    )


def _force(value: Mapping[str, int]) -> Force:
    return Force(**{arm: value.get(arm, 0) for arm in ARMS})


def _units(table: Mapping[str, Mapping[str, Mapping[str, int]]]) -> dict[str, dict[str, Force]]:
    return {county: {owner: _force(f) for owner, f in by.items()} for county, by in table.items()}


def _battle(raw: Mapping[str, Any]) -> Battle:
    return Battle(
        id=raw["id"],
        county=raw["county"],
        kind=raw["kind"],
        terrain=raw["terrain"],
        attacker=raw["attacker"],
        defender=raw["defender"],
        entry_counties=tuple(raw["entry_counties"]),
        step_seq=raw["created_at_step"],
        attacker_lord=raw["attacker_lord"],
        defender_lord=raw["defender_lord"],
        lord_battle=raw["lord_battle"],
        status=raw["status"],
        led_arms=dict(raw["led_arms"]),
        bonus_lost=tuple(raw["bonus_lost"]),
        round=raw["round"],
        exchange=raw["next_exchange"],
        pending=tuple(
            PendingHits(
                p["side"],
                p["chooser"],
                tuple(tuple(t) for t in p["targets"]),
                p["max_kills"],
                _force(p["chosen"]) if p["chosen"] is not None else None,
            )
            for p in raw["pending_hits"]
        ),
        exchanges=raw["exchanges_rolled"],
        volleyed=tuple(raw["volleyed"]),
        forced=raw["forced"],
        origins=tuple(Origin(o["from"], _force(o["units"]), o["lord"]) for o in raw.get("origins", ())),
        crossed=raw.get("crossed", False),
    )
