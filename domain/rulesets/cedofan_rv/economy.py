"""Extraction and recruitment in cities and fortresses (RV-ECO-1..3, RV-ECO-5, RV-UNIT-2..4, RV-CTY-5).

A place yields per round either 1 resource or 1 recruit (RV-ECO-2); a place whose board entry says
`"yield": 2` (Jezerní město, RV-ECO-3) yields two, in any mix. In an imperial city the kard chooses between
the two (RV-ECO-5): what it extracts goes to the imperial treasury, and the units it recruits there are
imperial units paid from it. A Kard League city works for the sub-faction that administers it (RV-KL-1).

**Decision:** a recruit's cost counts against the impulse's limit (RV-SUP-1, RV-AMB-14): the seed's limit is of
„využitelných zásob během impulzu" (the resources usable in the impulse, RV-STM-3), and units are what the limit
page's „stavba" builds (`guards.spending_within_limit`). `UnitsRecruited.counted` records what it added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv.guards import can_pay, in_own_impulse, spending_within_limit
from domain.rulesets.cedofan_rv.options import STINOVE_ZEME, UNIT_KINDS
from domain.rulesets.cedofan_rv.state import Place, RvState
from domain.rulesets.cedofan_rv.treasuries import IMPERIAL, is_imperial_city, kard, named, place_treasury


def extract(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-ECO-1/2/3: a held city or fortress yields 1 resource (2 at Jezerní město) instead of a recruit."""
    state: RvState = game.state
    seat = str(action.seat)
    if (wrong := in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    place = workable(state, seat, action.data.get("place"))
    if isinstance(place, RuleViolation):
        return Decision(violations=(place,))
    account = place_treasury(state, place, seat)
    rules = ["RV-ECO-1", "RV-ECO-2"] + (["RV-ECO-5"] if account == IMPERIAL else [])
    event = Event(
        "ResourcesExtracted",
        {"seat": seat, "place": place.area, "amount": 1, **named(account, seat), "rule_ids": rules},
    )
    used = state.worked.get(place.area, 0) + 1
    step = TraceStep("RV-ECO-2", f"RV-ECO-2: {place.area!r} yields 1 resource ({used} of {place.yields})", {})
    return Decision((event,), trace=(step,))


def recruit(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-ECO-1/2, RV-UNIT-2..4: a held place raises one unit, paid at its recruit cost from the treasury."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    if (wrong := in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    kind = action.data.get("kind")
    table = options["unit_table"]
    if (wrong := _not_a_flame_legion(kind) or _in_the_unit_table(kind, table)) is not None:
        return Decision(violations=(wrong,))
    place = workable(state, seat, action.data.get("place"))
    if isinstance(place, RuleViolation):
        return Decision(violations=(place,))
    if (wrong := recruitable_here(state, options, seat, kind, place)) is not None:
        return Decision(violations=(wrong,))
    account = place_treasury(state, place, seat)  # RV-ECO-5: imperial units from the imperial treasury
    cost = int(table[kind]["cost"])
    if (poor := can_pay(state, account, cost, f"a {kind}")) is not None:
        return Decision(violations=(poor,))
    over = spending_within_limit(state, cost, f"recruiting a {kind}")
    unit = f"{kind}-{place.area}-r{state.round}-{state.worked.get(place.area, 0) + 1}"
    event = Event(
        "UnitsRecruited",
        {
            "seat": seat,
            "place": place.area,
            "kind": kind,
            "unit": unit,
            "cost": cost,
            "counted": cost,
            **named(account, seat),
            "rule_ids": ["RV-ECO-1", "RV-ECO-2", "RV-UNIT-1", "RV-SUP-1", "RV-AMB-14"]
            + (["RV-ECO-5"] if account == IMPERIAL else []),
        },
    )
    steps = (
        TraceStep("RV-UNIT-1", f"RV-UNIT-1: a {kind} costs {cost}", {"cost": cost}),
        TraceStep(
            "RV-AMB-14",
            f"RV-AMB-14: spent {state.spent} -> {state.spent + cost} of limit {state.limit} (RV-SUP-1)",
            {"spent": state.spent + cost, "limit": state.limit},
        ),
    )
    # Transcript mode records the recruit with the limit it broke; adjudicated mode refuses it.
    return Decision((event,), over, steps)


def _not_a_flame_legion(kind: Any) -> RuleViolation | None:
    """RV-UNIT-3: flame legions are not recruited."""
    if kind == "flame_legion":
        return RuleViolation("RV-UNIT-3", "flame legions cannot be recruited", {"field": "data.kind"})
    return None


def _in_the_unit_table(kind: Any, table: Mapping[str, Any]) -> RuleViolation | None:
    """RV-UNIT-1: a recruited unit is of a kind the unit table gives."""
    if kind not in UNIT_KINDS or kind not in table:
        return RuleViolation("RV-UNIT-1", f"{kind!r} is not a unit kind of the unit table", {"field": "data.kind"})
    return None


def _elephants_in_ostius(kind: Any, place: Place) -> RuleViolation | None:
    """RV-UNIT-4: elephants are recruited only where the place allows them (Ostius)."""
    if kind == "elephant" and not place.elephants:
        return RuleViolation(
            "RV-UNIT-4", f"elephants are recruited only in Ostius, not {place.area!r}", {"field": "data.kind"}
        )
    return None


def recruitable_here(
    state: RvState, options: Mapping[str, Any], seat: str, kind: Any, place: Place
) -> RuleViolation | None:
    """RV-UNIT-2/4/5: a kind this place may raise for this seat (elephants in Ostius, no cavalry in Stínové země,
    within the unit limits); the recruit is the place's sub-faction's, as the fold places it."""
    sub = place.subfaction if place.owner == seat else None
    return (
        _elephants_in_ostius(kind, place)
        or _no_cavalry_in_stinove_zeme(kind, sub)
        or _within_unit_limit(state, options, seat, sub, kind, place_treasury(state, place, seat))
    )


def _no_cavalry_in_stinove_zeme(kind: Any, subfaction: str | None) -> RuleViolation | None:
    """RV-UNIT-5: Stínové země has no cavalry (its infantry fights as cavalry in the field instead)."""
    if kind == "cavalry" and subfaction == STINOVE_ZEME:
        return RuleViolation(
            "RV-UNIT-5",
            "Stínové země has no cavalry (its infantry fights as cavalry in the field)",
            {"field": "data.kind"},
        )
    return None


def _within_unit_limit(
    state: RvState, options: Mapping[str, Any], seat: str, subfaction: str | None, kind: Any, account: str
) -> RuleViolation | None:
    """RV-UNIT-2: „Každá frakce/podfrakce má omezený počet jednotek" — a faction, and a Kard League sub-faction,
    fields no more units of a kind than the creator's `unit_limits` allow. Imperial units are the empire's
    (RV-ECO-5): they count against no house's limit and no house limit bars them."""
    if account == IMPERIAL:
        return None
    own = [p for p in state.pieces.values() if p.owner == seat and p.kind == kind and not p.imperial]
    for holder, fielded in ((seat, own), (subfaction, [p for p in own if p.subfaction == subfaction])):
        limit = unit_limit(options, holder, kind) if holder is not None else None
        if limit is not None and len(fielded) >= limit:
            return RuleViolation(
                "RV-UNIT-2",
                f"{holder!r} already fields {len(fielded)} {kind} of at most {limit}",
                {"field": "data.kind"},
            )
    return None


def workable(state: RvState, seat: str, area: Any) -> Place | RuleViolation:
    """RV-ECO-1/2/5, RV-CTY-5, RV-TURN-3: a city or sound fortress the faction (in the Kard League, the
    sub-faction whose impulse it is) holds, not yet used up this round."""
    place = state.places.get(area) if isinstance(area, str) else None
    if place is None or not place.shelters:
        return RuleViolation("RV-ECO-1", f"{area!r} is not a city or (undamaged) fortress", {"field": "data.place"})
    if is_imperial_city(state, place):
        if kard(state) != seat:
            return RuleViolation(
                "RV-ECO-5",
                f"{area!r} is an imperial city: the kard ({kard(state) or 'not yet elected'}) decides there, "
                f"not {seat!r}",
                {"field": "data.place"},
            )
    elif place.owner != seat:
        return RuleViolation("RV-ECO-1", f"{area!r} is held by {place.owner!r}, not {seat!r}", {"field": "data.place"})
    elif state.impulse_subfaction and place.subfaction not in (None, state.impulse_subfaction):
        return RuleViolation(
            "RV-TURN-3",
            f"{area!r} is administered by {place.subfaction!r}; it is the impulse of {state.impulse_subfaction!r}",
            {"field": "data.place"},
        )
    used = state.worked.get(place.area, 0)
    if used >= place.yields:
        return RuleViolation(
            "RV-ECO-2", f"{area!r} has yielded {used} of {place.yields} this round", {"field": "data.place"}
        )
    return place


def unit_limit(options: Any, seat: str, kind: str) -> int | None:
    """RV-UNIT-2: the creator's `unit_limits` (faction or sub-faction -> kind -> how many); absent: not limited."""
    limits = options.get("unit_limits") or {}
    found = limits.get(seat, {}).get(kind)
    return int(found) if found is not None else None
