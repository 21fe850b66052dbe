"""The kard's imperial powers and Kalamé's shades (RV-ECO-6..8); extraction and recruitment are `economy.py`.

Who is kard is the council's business (RV-TURN-2/5): the arbiter records elections by `adjust` on
`offices`. **Decision:** an imperial general's 3 count against the kard's impulse limit, as a recruit's do
(RV-SUP-1, RV-AMB-14; the seed's „limit využitelných zásob během impulzu", see `guards.spending_within_limit`).
"""

from __future__ import annotations

from domain.kernel import Action, Decision, Event, Game, Inputs, RuleViolation, TraceStep
from domain.platform import roll
from domain.rulesets.cedofan_rv.battles import siege_pieces
from domain.rulesets.cedofan_rv.combat import CITY, casualty_order
from domain.rulesets.cedofan_rv.guards import can_pay, in_own_impulse, spending_within_limit
from domain.rulesets.cedofan_rv.state import Piece, RvState
from domain.rulesets.cedofan_rv.treasuries import IMPERIAL, KARD_LEAGUE, is_imperial_city, kard

IMPERIAL_GENERAL_COST = 3  # RV-ECO-6
MAX_IMPERIAL_GENERALS = 3  # RV-ECO-6
MAX_SHADES = 3  # RV-ECO-7
KALAME_SUBFACTION = "stinove_zeme"  # Kalamé is the kardka of Stínové země (RV-ECO-7)


def imperial_generals(state: RvState) -> tuple[str, ...]:
    """RV-ECO-6: the imperial generals on the map, by id (at most 3)."""
    return tuple(sorted(p.id for p in state.pieces.values() if p.is_noble and p.imperial))


def shades_of(state: RvState) -> tuple[str, ...]:
    """RV-ECO-7: the shades on the map, by id (at most 3)."""
    return tuple(sorted(p.id for p in state.pieces.values() if p.is_noble and p.rank == "shade"))


def _the_kard(state: RvState, seat: str, rule_id: str, what: str) -> RuleViolation | None:
    """RV-ECO-5..8: only the seat holding the kard's office uses the empire's powers."""
    holder = kard(state)
    if holder != seat:
        return RuleViolation(
            rule_id, f"{what} is the kard's; the kard is {holder or 'not yet elected'}, not {seat!r}", {"field": "seat"}
        )
    return None


def buy_imperial_general(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`buy_imperial_general {place}`: RV-ECO-6: one per imperial city, 3 from the imperial treasury, 3 at most."""
    state: RvState = game.state
    seat = str(action.seat)
    if (wrong := in_own_impulse(state, seat) or _the_kard(state, seat, "RV-ECO-6", "an imperial general")) is not None:
        return Decision(violations=(wrong,))
    area = action.data.get("place")
    place = state.places.get(area) if isinstance(area, str) else None
    if place is None or not is_imperial_city(state, place):
        return Decision.refuse("RV-ECO-6", f"{area!r} is not an imperial city", field="data.place")
    if state.worked.get(place.area, 0) >= place.yields:
        # The city's one yield of the round (RV-ECO-2) is what bars the general; RV-ECO-6 follows as the rule of
        # the purchase.
        yielded = f"{place.area!r} has already yielded this round"
        return Decision(
            violations=tuple(RuleViolation(rule, yielded, {"field": "data.place"}) for rule in ("RV-ECO-2", "RV-ECO-6"))
        )
    fielded = len(imperial_generals(state))
    if fielded >= MAX_IMPERIAL_GENERALS:
        return Decision.refuse("RV-ECO-6", f"the empire already has {fielded} generals of at most 3")
    if (poor := can_pay(state, IMPERIAL, IMPERIAL_GENERAL_COST, "an imperial general", "RV-ECO-6")) is not None:
        return Decision(violations=(poor,))
    over = spending_within_limit(state, IMPERIAL_GENERAL_COST, "an imperial general")
    noble = _new_id(state, f"imperial-general-{place.area}-r{state.round}")  # a city of yield 2 buys two (RV-ECO-3)
    event = Event(
        "ImperialGeneralBought",
        {
            "seat": seat,
            "area": place.area,
            "noble": noble,
            "cost": IMPERIAL_GENERAL_COST,
            "counted": IMPERIAL_GENERAL_COST,
            "rule_ids": ["RV-ECO-6", "RV-ECO-5", "RV-SUP-1", "RV-AMB-14"],
        },
    )
    step = TraceStep("RV-ECO-6", f"RV-ECO-6: general {fielded + 1} of 3 for {IMPERIAL_GENERAL_COST} imperial", {})
    # Transcript mode records the purchase with the limit it broke; adjudicated mode refuses it.
    return Decision((event,), over, (step,))


def _new_id(state: RvState, wanted: str) -> str:
    """`wanted`, or `wanted-2`, `wanted-3`… when a piece has it: a new piece never replaces one on the map."""
    candidate, count = wanted, 1
    while candidate in state.pieces:
        count += 1
        candidate = f"{wanted}-{count}"
    return candidate


def summon_shade(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`summon_shade`: RV-ECO-7: Kalamé summons a free shade where she stands, one per impulse, 3 on the map."""
    state: RvState = game.state
    seat = str(action.seat)
    if (wrong := in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    summoner = kalame(state, seat)
    if summoner is None:
        return Decision.refuse("RV-ECO-7", f"{seat!r} has no Kalamé (the ruler of Stínové země) on the board")
    if state.impulse_subfaction not in (None, KALAME_SUBFACTION):
        return Decision.refuse(
            "RV-TURN-3", f"Kalamé acts in the impulse of {KALAME_SUBFACTION!r}, not of {state.impulse_subfaction!r}"
        )
    if state.shade_impulse == state.impulse_no:
        return Decision.refuse("RV-ECO-7", "Kalamé has already summoned a shade in this impulse")
    shades = len(shades_of(state))
    if shades >= MAX_SHADES:
        return Decision.refuse("RV-ECO-7", f"{shades} shades are already on the map, the most there may be")
    event = Event(
        "ShadeSummoned",
        {
            "seat": seat,
            "area": summoner.area,
            "noble": f"shade-r{state.round}-i{state.impulse_no}",
            "cost": 0,
            "rule_ids": ["RV-ECO-7"],
        },
    )
    return Decision((event,), trace=(TraceStep("RV-ECO-7", f"RV-ECO-7: a free shade in {summoner.area!r}", {}),))


def imperial_cities(state: RvState) -> list[str]:
    """RV-ECO-8: the imperial cities the extraordinary tax reaches, by area id (the order of their dice)."""
    return sorted(p.area for p in state.places.values() if is_imperial_city(state, p))


def kalame(state: RvState, seat: str) -> Piece | None:
    """RV-ECO-7: Kalamé, the ruler of Stínové země, when the seat is the Kard League and she is on the board."""
    if seat != KARD_LEAGUE:
        return None
    found = sorted(
        (p for p in state.pieces.values() if p.owner == seat and p.rank == "kl_ruler"),
        key=lambda p: p.id,
    )
    return next((p for p in found if p.subfaction == KALAME_SUBFACTION), None)


def levy_extraordinary_tax(game: Game, action: Action, inputs: Inputs) -> Decision:
    """`levy_extraordinary_tax`: RV-ECO-8: once a round, 1 from every imperial city; a d6 each for unrest."""
    state: RvState = game.state
    seat = str(action.seat)
    if (wrong := in_own_impulse(state, seat) or _the_kard(state, seat, "RV-ECO-8", "the tax")) is not None:
        return Decision(violations=(wrong,))
    if state.taxed_round == state.round:
        return Decision.refuse("RV-ECO-8", f"the extraordinary tax was already levied in round {state.round}")
    cities = imperial_cities(state)
    if not cities:
        return Decision.refuse("RV-ECO-8", "there is no imperial city to tax")
    dice, faces = roll(game, inputs, len(cities), seat, f"RV-ECO-8 unrest in {', '.join(cities)}")
    events: list[Event] = [
        dice,
        Event(
            "ExtraordinaryTaxLevied",
            {"seat": seat, "cities": cities, "amount": len(cities), "faces": list(faces), "rule_ids": ["RV-ECO-8"]},
        ),
    ]
    trace = [TraceStep("RV-ECO-8", f"RV-ECO-8: {len(cities)} imperial cities pay 1 each", {"amount": len(cities)})]
    table = game.meta.options["unit_table"]
    for area, face in zip(cities, faces, strict=True):
        deaths = {5: 1, 6: 2}.get(face, 0)
        if not deaths:
            continue
        # The unrest is the city's: an army besieging it stands in the same area (RV-AMB-16) but is not inside.
        siege = state.sieges.get(area)
        besieging = {p.id for p in siege_pieces(state, siege)} if siege is not None else set()
        inside = [p for p in state.pieces_in(area) if not p.is_noble and p.id not in besieging]
        dead = [p for p in casualty_order(inside, CITY, table)[:deaths]]
        for owner in sorted({p.owner for p in dead}):
            mine = [p.id for p in dead if p.owner == owner]
            events.append(Event("PiecesEliminated", {"seat": owner, "pieces": mine, "rule_ids": ["RV-ECO-8"]}))
        trace.append(TraceStep("RV-ECO-8", f"RV-ECO-8: {area!r} rolls {face}: {len(dead)} unit(s) die in unrest", {}))
        if len(inside) <= deaths:
            events.append(Event("CityTurnedNeutral", {"place": area, "rule_ids": ["RV-ECO-8"]}))
            trace.append(TraceStep("RV-ECO-8", f"RV-ECO-8: {area!r} is left without units and turns neutral", {}))
    return Decision(tuple(events), trace=tuple(trace))
