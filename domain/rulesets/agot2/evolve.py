"""evolve: apply one recorded event to the state, one small function per event type.

Total: the kernel folds every event of a game through `evolve`, the platform's own (`DiceRolled`,
`SubmissionsRevealed`, `GameEnded`…) included, so a type this ruleset does not know leaves the state unchanged,
and so does a malformed event (an import, a hand edit).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Event
from domain.rulesets.agot2.state import AgotState, Bidding, Combat, Order, Unit

Apply = Callable[[AgotState, Mapping[str, Any]], AgotState]


def evolve(state: AgotState, event: Event) -> AgotState:
    """The state after `event`; an event that no longer fits (an import, a hand edit) changes nothing."""
    try:
        return applied(state, event)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, AssertionError):
        return state


def applied(state: AgotState, event: Event) -> AgotState:
    """The state after `event`, raising where `evolve` would leave a malformed event out (for tests)."""
    apply = APPLY.get(event.type)
    return state if apply is None else apply(state, event.data)


# --- planning, the Raven and the orders ---


def _sealed_round_opened(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    purpose = str(d.get("purpose", ""))
    changes: dict[str, Any] = {"sealed_rounds": s.sealed_rounds + 1}
    if purpose == "orders":
        changes["planning_round"] = _t(d, "round")
    elif purpose.startswith("bid:"):
        changes["bidding"] = Bidding(purpose[4:], _t(d, "round"))
    return replace(s, **changes)


def _submission_sealed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    c = s.combat
    if c is not None and _t(d, "round").startswith(f"cards-{c.combat_id}"):
        return replace(s, combat=replace(c, sealed=(*c.sealed, _t(d, "seat"))))
    return s


def _orders_revealed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    orders = {
        _t(p, "area"): Order(_str(seat), _t(p, "order_token")) for seat, ps in _obj(d, "placements").items() for p in ps
    }
    window = s.holder("kings_court") is not None and not s.raven_used
    return replace(
        s, orders=orders, phase="action", step="raid", last_actor=None, raven_window=window, planning_round=None
    )


def _raven_used(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    orders = dict(s.orders)
    if d["option"] == "replace_order":
        orders[_t(d, "area")] = Order(_t(d, "seat"), _t(d, "placed_token"))
    return replace(s, orders=orders, raven_used=True, raven_window=False)


def _raven_declined(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, raven_window=False)


def _action_step_begun(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, step=_t(d, "step"), last_actor=None)


def _raid_resolved(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    gone = {_t(d, "area"), d.get("target_area")}
    orders = {a: o for a, o in s.orders.items() if a not in gone}
    return replace(s, orders=orders, last_actor=_t(d, "seat"), raven_window=False)


def _consolidate_resolved(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    orders = {a: o for a, o in s.orders.items() if a != d["area"]}
    return replace(s, orders=orders, last_actor=_t(d, "seat"), raven_window=False)


def _units_marched(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    units = dict(s.units)
    if not d.get("starts_combat"):
        for uid in _ids(d, "units"):
            units[uid] = replace(units[uid], area=_t(d, "to_area"))
    return replace(s, units=units, last_actor=_t(d, "seat"), raven_window=False)


def _orders_removed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    gone = {(_t(r, "area"), _t(r, "seat")) for r in d["removals"]}
    return replace(s, orders={a: o for a, o in s.orders.items() if (a, o.seat) not in gone})


def _order_moved(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    orders = {a: o for a, o in s.orders.items() if a != d["from_area"]}
    orders[_t(d, "to_area")] = Order(_t(d, "seat"), _t(d, "order_token"))
    return replace(s, orders=orders)


# --- the combat ---


def _combat_initiated(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    supporters = tuple((_t(e, "seat"), tuple(_t(a, "area") for a in e["areas"])) for e in d["eligible_support"])
    combat = Combat(
        combat_id=_n(d, "combat_id"),
        attacker=_t(d, "attacker"),
        defender=_t(d, "defender"),
        area=_t(d, "embattled_area"),
        origin=_t(d, "march_origin"),
        march_token=_t(_obj(d, "march_order"), "token"),
        attacking=tuple(_ids(d, "attacking_units")),
        supporters=supporters,
    )
    return replace(s, combat=combat)


def _support_declared(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return _declared(s, d, _t(d, "side"))


def _support_refused(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return _declared(s, d, "none")


def _declared(s: AgotState, d: Mapping[str, Any], side: str) -> AgotState:
    c = _fight(s)
    declared = (_t(d, "seat"), side, tuple(_ids(d, "areas")))
    return replace(s, combat=replace(c, declarations=(*c.declarations, declared)))


def _base_strength_announced(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    base = {"attacker": _obj(d, "attacker"), "defender": _obj(d, "defender")}
    return replace(s, combat=replace(_fight(s), base=base))


def _house_cards_revealed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    c = _fight(s)
    cards = {**c.cards, **{_str(seat): _str(card) for seat, card in _obj(d, "cards").items()}}
    return replace(s, combat=replace(c, cards=cards, sealed=()))


def _house_card_ability_resolved(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    c = _fight(s)
    flags = dict(_obj(d, "flags"))
    cards = dict(c.cards)
    cancelled = flags.get("card_withdrawn_from")
    if isinstance(cancelled, str):
        cards.pop(cancelled, None)
    effects = {**c.effects, **flags}
    done = (*c.abilities_done, _t(d, "card"))
    return replace(s, combat=replace(c, abilities_done=done, effects=effects, cards=cards))


def _blade_used(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, blade_used=True, combat=replace(_fight(s), blade=_t(d, "seat"), blade_decided=True))


def _blade_declined(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, combat=replace(_fight(s), blade_decided=True))


def _combat_resolved(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    c = _fight(s)
    # The fields later steps read: a result without them is malformed and left out.
    _t(d, "winner"), _t(d, "loser"), _n(d, "casualties_due"), _obj(d, "attacker"), _obj(d, "defender")
    return replace(s, combat=replace(c, result=dict(d)))


def _casualties_taken(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    c = s.combat
    units = {k: u for k, u in s.units.items() if k not in set(_ids(d, "units"))}
    return replace(s, units=units, combat=replace(c, casualties_done=True) if c else None)


def _units_destroyed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, units={k: u for k, u in s.units.items() if k not in set(_ids(d, "units"))})


def _retreat_chosen(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, combat=replace(_fight(s), retreat_done=True))


def _units_moved(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    moving = set(_ids(d, "units"))
    to_area = _t(d, "to_area")
    return replace(s, units={k: replace(u, area=to_area) if k in moving else u for k, u in s.units.items()})


def _unit_upgraded(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    c = s.combat
    old, new_id = s.units[_t(d, "unit")], _t(d, "new_unit")
    units: dict[str, Unit] = {k: u for k, u in s.units.items() if k != old.id}
    units[new_id] = replace(old, id=new_id, type=_t(d, "to_type"))
    after = replace(c, attacking=tuple(new_id if u == old.id else u for u in c.attacking)) if c else None
    return replace(s, units=units, combat=after)


def _units_routed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    routed = set(_ids(d, "units"))
    return replace(s, units={k: replace(u, routed=True) if k in routed else u for k, u in s.units.items()})


def _power_token_removed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, power_tokens={a: t for a, t in s.power_tokens.items() if a != d["area"]})


def _neutral_force_defeated(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, neutral_forces={a: v for a, v in s.neutral_forces.items() if a != d["area"]})


def _garrison_removed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, garrisons={a: v for a, v in s.garrisons.items() if a != d["area"]})


def _house_cards_discarded(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    c = s.combat
    hands, discards = dict(s.hands), dict(s.discards)
    for seat, card in _obj(d, "cards").items():
        _str(card)
        hands[seat] = tuple(x for x in hands.get(seat, ()) if x != card)
        discards[seat] = (*discards.get(seat, ()), card)
    by_ability = d.get("reason") == "card_ability"  # a card an ability discards is not the combat's clean-up
    after = replace(c, cleaned_up=True) if c is not None and not by_ability else c
    return replace(s, hands=hands, discards=discards, combat=after)


def _house_cards_returned(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    seat = _t(d, "seat")
    hands = {**s.hands, seat: (*s.hands.get(seat, ()), *_ids(d, "cards"))}
    return replace(s, hands=hands, discards={**s.discards, seat: tuple(_ids(d, "kept_in_discard"))})


def _combat_ended(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, combat=None)


# --- Power, the round and the tracks ---


def _power_spent(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    seat = _t(d, "seat")
    return replace(s, power={**s.power, seat: max(0, s.power.get(seat, 0) - _n(d, "amount"))})


def _power_gained(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    seat = _t(d, "seat")
    return replace(s, power={**s.power, seat: s.power.get(seat, 0) + _n(d, "amount")})


def _round_ended(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, round=s.round + 1, phase="planning", step="", last_actor=None, raven_window=False)


def _dominance_tokens_refreshed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, blade_used=False, raven_used=False)


def _routed_units_rallied(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, units={k: replace(u, routed=False) if u.routed else u for k, u in s.units.items()})


def _track_bids_revealed(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    if s.bidding is None:
        raise ValueError("no bidding under way")
    bids = {_str(seat): _n(b, "amount") for seat, b in _obj(d, "bids").items()}
    decider = d["tie_decider"]
    if decider is not None:
        _str(decider)
    bidding = replace(s.bidding, bids=bids, tie_decider=decider, tied=tuple(_ids(d, "tied")), revealed=True)
    return replace(s, bidding=bidding)


def _unchanged(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return s


def _track_positions_set(s: AgotState, d: Mapping[str, Any]) -> AgotState:
    return replace(s, tracks={**s.tracks, _t(d, "track"): tuple(_ids(d, "order"))}, bidding=None)


# Every event type that changes an agot2 state; the others (the platform's, an unknown one) change nothing.
APPLY: Mapping[str, Apply] = {
    "SealedRoundOpened": _sealed_round_opened,
    "SubmissionSealed": _submission_sealed,
    "OrdersRevealed": _orders_revealed,
    "RavenUsed": _raven_used,
    "RavenDeclined": _raven_declined,
    "ActionStepBegun": _action_step_begun,
    "RaidResolved": _raid_resolved,
    "ConsolidateResolved": _consolidate_resolved,
    "UnitsMarched": _units_marched,
    "CombatInitiated": _combat_initiated,
    "SupportDeclared": _support_declared,
    "SupportRefused": _support_refused,
    "BaseStrengthAnnounced": _base_strength_announced,
    "HouseCardsRevealed": _house_cards_revealed,
    "HouseCardAbilityResolved": _house_card_ability_resolved,
    "BladeUsed": _blade_used,
    "BladeDeclined": _blade_declined,
    "CombatResolved": _combat_resolved,
    "CasualtiesTaken": _casualties_taken,
    "UnitsDestroyed": _units_destroyed,
    "RetreatChosen": _retreat_chosen,
    "UnitsRetreated": _units_moved,
    "UnitsMovedIn": _units_moved,
    "UnitUpgraded": _unit_upgraded,
    "UnitsRouted": _units_routed,
    "OrdersRemoved": _orders_removed,
    "OrderMoved": _order_moved,
    "PowerTokenRemoved": _power_token_removed,
    "NeutralForceDefeated": _neutral_force_defeated,
    "GarrisonRemoved": _garrison_removed,
    "HouseCardsDiscarded": _house_cards_discarded,
    "PowerSpent": _power_spent,
    "PowerGained": _power_gained,
    "HouseCardsReturned": _house_cards_returned,
    "CombatEnded": _combat_ended,
    "RoundEnded": _round_ended,
    "DominanceTokensRefreshed": _dominance_tokens_refreshed,
    "RoutedUnitsRallied": _routed_units_rallied,
    "TrackBidsRevealed": _track_bids_revealed,
    "TrackPositionsSet": _track_positions_set,
    # Told for the record: the TrackPositionsSet that follows them holds the change.
    "TieBroken": _unchanged,
    "DominanceTokenPassed": _unchanged,
}


# --- reading the fields of an event: a malformed one raises and `evolve` leaves it out ---


def _fight(s: AgotState) -> Combat:
    if s.combat is None:
        raise ValueError("no combat is under way")
    return s.combat


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    return value


def _t(d: Mapping[str, Any], key: str) -> str:
    """A string field."""
    value = d[key]
    if not isinstance(value, str):
        raise TypeError(f"{key}: {value!r} is not a string")
    return value


def _ids(d: Mapping[str, Any], key: str) -> list[str]:
    value = d[key]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{key}: {value!r} is not a list of strings")
    return value


def _n(d: Mapping[str, Any], key: str) -> int:
    value = d[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{key}: {value!r} is not a whole number")
    return value


def _obj(d: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = d[key]
    if not isinstance(value, Mapping):
        raise TypeError(f"{key}: {value!r} is not an object")
    return value
