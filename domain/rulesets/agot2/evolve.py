"""evolve: apply one recorded event to the state. Total: a malformed event leaves the state unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Event
from domain.rulesets.agot2.state import AgotState, Bidding, Combat, Order, Unit


def evolve(state: AgotState, event: Event) -> AgotState:
    """The state after `event`; an event that no longer fits (an import, a hand edit) changes nothing."""
    try:
        return _apply(state, event.type, event.data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, AssertionError):
        return state


def _apply(s: AgotState, kind: str, d: Mapping[str, Any]) -> AgotState:
    c = s.combat
    match kind:
        case "SealedRoundOpened":
            purpose = str(d.get("purpose", ""))
            changes: dict[str, Any] = {"sealed_rounds": s.sealed_rounds + 1}
            if purpose == "orders":
                changes["planning_round"] = _t(d, "round")
            elif purpose.startswith("bid:"):
                changes["bidding"] = Bidding(purpose[4:], _t(d, "round"))
            return replace(s, **changes)
        case "SubmissionSealed":
            if c is not None and _t(d, "round").startswith(f"cards-{c.combat_id}"):
                return replace(s, combat=replace(c, sealed=(*c.sealed, _t(d, "seat"))))
            return s
        case "OrdersRevealed":
            orders = {
                _t(p, "area"): Order(_str(seat), _t(p, "order_token"))
                for seat, ps in _obj(d, "placements").items()
                for p in ps
            }
            window = s.holder("kings_court") is not None and not s.raven_used
            return replace(
                s, orders=orders, phase="action", step="raid", last_actor=None, raven_window=window, planning_round=None
            )
        case "RavenUsed":
            orders = dict(s.orders)
            if d["option"] == "replace_order":
                orders[_t(d, "area")] = Order(_t(d, "seat"), _t(d, "placed_token"))
            return replace(s, orders=orders, raven_used=True, raven_window=False)
        case "RavenDeclined":
            return replace(s, raven_window=False)
        case "ActionStepBegun":
            return replace(s, step=_t(d, "step"), last_actor=None)
        case "RaidResolved":
            gone = {_t(d, "area"), d.get("target_area")}
            return replace(
                s,
                orders={a: o for a, o in s.orders.items() if a not in gone},
                last_actor=_t(d, "seat"),
                raven_window=False,
            )
        case "ConsolidateResolved":
            orders = {a: o for a, o in s.orders.items() if a != d["area"]}
            return replace(s, orders=orders, last_actor=_t(d, "seat"), raven_window=False)
        case "UnitsMarched":
            units = dict(s.units)
            if not d.get("starts_combat"):
                for uid in _ids(d, "units"):
                    units[uid] = replace(units[uid], area=_t(d, "to_area"))
            return replace(s, units=units, last_actor=_t(d, "seat"), raven_window=False)
        case "CombatInitiated":
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
        case "SupportDeclared" | "SupportRefused":
            assert c is not None
            side = _t(d, "side") if kind == "SupportDeclared" else "none"
            declared = (_t(d, "seat"), side, tuple(_ids(d, "areas")))
            return replace(s, combat=replace(c, declarations=(*c.declarations, declared)))
        case "BaseStrengthAnnounced":
            assert c is not None
            return replace(
                s, combat=replace(c, base={"attacker": _obj(d, "attacker"), "defender": _obj(d, "defender")})
            )
        case "HouseCardsRevealed":
            assert c is not None
            cards = {**c.cards, **{_str(seat): _str(card) for seat, card in _obj(d, "cards").items()}}
            return replace(s, combat=replace(c, cards=cards, sealed=()))
        case "HouseCardAbilityResolved":
            assert c is not None
            flags = dict(_obj(d, "flags"))
            cards = dict(c.cards)
            cancelled = flags.get("card_withdrawn_from")
            if isinstance(cancelled, str):
                cards.pop(cancelled, None)
            effects = {**c.effects, **flags}
            done = (*c.abilities_done, _t(d, "card"))
            return replace(s, combat=replace(c, abilities_done=done, effects=effects, cards=cards))
        case "BladeUsed":
            assert c is not None
            return replace(s, blade_used=True, combat=replace(c, blade=_t(d, "seat"), blade_decided=True))
        case "BladeDeclined":
            assert c is not None
            return replace(s, combat=replace(c, blade_decided=True))
        case "CombatResolved":
            assert c is not None
            _t(d, "winner"), _t(d, "loser"), _n(d, "casualties_due"), _obj(d, "attacker"), _obj(d, "defender")
            return replace(s, combat=replace(c, result=dict(d)))
        case "CasualtiesTaken":
            units = {k: u for k, u in s.units.items() if k not in set(_ids(d, "units"))}
            return replace(s, units=units, combat=replace(c, casualties_done=True) if c else None)
        case "UnitsDestroyed":
            return replace(s, units={k: u for k, u in s.units.items() if k not in set(_ids(d, "units"))})
        case "RetreatChosen":
            assert c is not None
            return replace(s, combat=replace(c, retreat_done=True))
        case "UnitsRetreated" | "UnitsMovedIn":
            return replace(s, units=_moved(s.units, _ids(d, "units"), _t(d, "to_area")))
        case "UnitUpgraded":
            old, new_id = s.units[_t(d, "unit")], _t(d, "new_unit")
            units = {k: u for k, u in s.units.items() if k != old.id}
            units[new_id] = replace(old, id=new_id, type=_t(d, "to_type"))
            after = replace(c, attacking=tuple(new_id if u == old.id else u for u in c.attacking)) if c else None
            return replace(s, units=units, combat=after)
        case "UnitsRouted":
            routed = set(_ids(d, "units"))
            return replace(s, units={k: replace(u, routed=True) if k in routed else u for k, u in s.units.items()})
        case "OrdersRemoved":
            gone = {(_t(r, "area"), _t(r, "seat")) for r in d["removals"]}
            return replace(s, orders={a: o for a, o in s.orders.items() if (a, o.seat) not in gone})
        case "OrderMoved":
            orders = {a: o for a, o in s.orders.items() if a != d["from_area"]}
            orders[_t(d, "to_area")] = Order(_t(d, "seat"), _t(d, "order_token"))
            return replace(s, orders=orders)
        case "PowerTokenRemoved":
            return replace(s, power_tokens={a: t for a, t in s.power_tokens.items() if a != d["area"]})
        case "NeutralForceDefeated":
            return replace(s, neutral_forces={a: v for a, v in s.neutral_forces.items() if a != d["area"]})
        case "GarrisonRemoved":
            return replace(s, garrisons={a: v for a, v in s.garrisons.items() if a != d["area"]})
        case "HouseCardsDiscarded":
            hands, discards = dict(s.hands), dict(s.discards)
            for seat, card in _obj(d, "cards").items():
                _str(card)
                hands[seat] = tuple(x for x in hands.get(seat, ()) if x != card)
                discards[seat] = (*discards.get(seat, ()), card)
            by_ability = d.get("reason") == "card_ability"
            after = replace(c, cleaned_up=True) if c is not None and not by_ability else c
            return replace(s, hands=hands, discards=discards, combat=after)
        case "PowerSpent":
            seat = _t(d, "seat")
            return replace(s, power={**s.power, seat: max(0, s.power.get(seat, 0) - _n(d, "amount"))})
        case "PowerGained":
            seat = _t(d, "seat")
            return replace(s, power={**s.power, seat: s.power.get(seat, 0) + _n(d, "amount")})
        case "HouseCardsReturned":
            seat = _t(d, "seat")
            hands = {**s.hands, seat: (*s.hands.get(seat, ()), *_ids(d, "cards"))}
            return replace(s, hands=hands, discards={**s.discards, seat: tuple(_ids(d, "kept_in_discard"))})
        case "CombatEnded":
            return replace(s, combat=None)
        case "RoundEnded":
            return replace(s, round=s.round + 1, phase="planning", step="", last_actor=None, raven_window=False)
        case "DominanceTokensRefreshed":
            return replace(s, blade_used=False, raven_used=False)
        case "RoutedUnitsRallied":
            return replace(s, units={k: replace(u, routed=False) if u.routed else u for k, u in s.units.items()})
        case "TrackBidsRevealed":
            assert s.bidding is not None
            bids = {_str(seat): _n(b, "amount") for seat, b in _obj(d, "bids").items()}
            decider = d["tie_decider"]
            if decider is not None:
                _str(decider)
            bidding = replace(s.bidding, bids=bids, tie_decider=decider, tied=tuple(_ids(d, "tied")), revealed=True)
            return replace(s, bidding=bidding)
        case "TrackPositionsSet":
            return replace(s, tracks={**s.tracks, _t(d, "track"): tuple(_ids(d, "order"))}, bidding=None)
        case _:
            return s


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    return value


def _t(d: Mapping[str, Any], key: str) -> str:
    """A string field; a malformed event raises and is ignored by `evolve`."""
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


def _moved(units: Mapping[str, Unit], ids: list[str], to_area: str) -> dict[str, Unit]:
    moving = set(ids)
    return {k: replace(u, area=to_area) if k in moving else u for k, u in units.items()}
