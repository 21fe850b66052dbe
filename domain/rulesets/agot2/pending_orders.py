"""What the orders ask for: the sealed order sets of the Planning Phase (GOT-X-13/14, COURT-1), the Raven's moment
(GOT-RAVEN-1..3, X-12) and the order resolved in turn in the Action Phase (GOT-TERM-4): a Raid's targets, a March's
destinations, a Consolidate Power.

Every choice passes the guard its action uses (`orders_errors`, `raid_target_errors`, `can_enter`,
`can_attack_neutral`, `specials_after_swap`); the order sets and the marches are representative (a seat may
place any legal set, a March may split its units), with `fields` saying what else is legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.pending import Option
from domain.rulesets.agot2.neutral import can_attack_neutral
from domain.rulesets.agot2.orders import can_enter, defender_of, raid_target_errors
from domain.rulesets.agot2.pending_combat import unit_details
from domain.rulesets.agot2.planning import orders_errors, specials_after_swap, stars_of, unplaced_tokens
from domain.rulesets.agot2.state import AgotState, Token

# The order types the representative sets cycle through, one shift per set.
ORDER_TYPES = ("march", "support", "defense", "raid", "consolidate_power")
ORDER_RULES = ("GOT-X-13", "GOT-X-14", "GOT-X-25", "GOT-COURT-1", "GOT-COURT-2")
TURN_RULES = ("GOT-TERM-4", "GOT-TRACK-2", "GOT-X-25")


# --- planning: the sealed orders ---


def order_sets(s: AgotState, seat: str) -> tuple[Mapping[str, Any], ...]:
    """Representative order sets the seat may seal: one order per area it holds, by shifted order types, and
    one set using its special orders up to its King's Court stars (GOT-COURT-1)."""
    areas = _held_areas(s, seat)
    if not areas:
        return ({"orders": []},)
    candidates = [_placed(s, areas, shift, 0) for shift in range(len(ORDER_TYPES))]
    candidates.append(_placed(s, areas, 0, stars_of(s, seat)))
    found: list[Mapping[str, Any]] = []
    for orders in candidates:
        payload = {"orders": orders}
        if payload not in found and not orders_errors(s, seat, payload):
            found.append(payload)
    return tuple(found)


def order_fields(s: AgotState, seat: str) -> dict[str, Any]:
    """What else the seat may seal: any of its areas, each token of the set once, specials within its stars."""
    tokens = [_token_json(t) for _, t in sorted(s.tokens.items())]
    return {"areas": _held_areas(s, seat), "tokens": tokens, "special_limit": stars_of(s, seat)}


def _token_json(t: Token) -> dict[str, Any]:
    return {"id": t.id, "type": t.type, "modifier": t.modifier, "special": t.special}


def _held_areas(s: AgotState, seat: str) -> list[str]:
    return sorted({u.area for u in s.units.values() if u.seat == seat})


def _placed(s: AgotState, areas: list[str], shift: int, specials: int) -> list[dict[str, str]]:
    """Area i takes a token of type ORDER_TYPES[i + shift], a special one while `specials` last."""
    ranked = sorted(s.tokens.values(), key=lambda t: (t.special != (specials > 0), t.id))
    used: set[str] = set()
    left = specials
    orders = []
    for index, area in enumerate(areas):
        wanted = ORDER_TYPES[(index + shift) % len(ORDER_TYPES)]
        free = [t for t in ranked if t.id not in used and (not t.special or left > 0)]
        token = next((t for t in free if t.type == wanted), free[0] if free else None)
        if token is None:
            break
        used.add(token.id)
        left -= 1 if token.special else 0
        orders.append({"area": area, "token": token.id})
    return orders


# --- the Raven's moment (GOT-RAVEN-1..3, X-12) ---


def raven_options(s: AgotState, holder: str) -> tuple[Option, ...]:
    """Swap one own order for an unplaced token within the stars, look at the Wildling card, or let it pass."""
    stars = stars_of(s, holder)
    swaps = [
        {"option": "replace_order", "area": area, "token": token}
        for area, order in sorted(s.orders.items())
        if order.seat == holder
        for token in unplaced_tokens(s, holder)
        if specials_after_swap(s, holder, order.token, token) <= stars
    ]
    peeks = [{"option": "inspect_wildling", "placement": p} for p in ("top", "bottom")]
    use = Option(
        "use_raven",
        ("GOT-RAVEN-1", "GOT-RAVEN-2", "GOT-RAVEN-3", "GOT-X-12", "GOT-X-13"),
        (*swaps, *peeks),
        fields=_raven_fields(s, holder, stars),
        note="replace one own order with an unplaced token, or look at the top Wildling card and put it back",
    )
    decline = Option("decline_raven", ("GOT-RAVEN-1", "GOT-X-12"), ({},))
    return use, decline


def _raven_fields(s: AgotState, holder: str, stars: int) -> dict[str, Any]:
    """The stars, the unplaced tokens (`token`, each in `tokens` as the order sets give them) and the areas of the
    holder's orders (`area`) a swap may take."""
    unplaced = unplaced_tokens(s, holder)
    return {
        "special_limit": stars,
        "unplaced_tokens": unplaced,
        "area": sorted(a for a, o in s.orders.items() if o.seat == holder),
        "token": unplaced,
        "tokens": [_token_json(s.tokens[t]) for t in unplaced],
    }


# --- the Action Phase: the order resolved in turn (GOT-TERM-4) ---


def turn_options(s: AgotState, seat: str) -> tuple[Option, ...]:
    """The seat's orders of the step being resolved: any one of them, with its legal targets or destinations."""
    areas = sorted(a for a, o in s.orders.items() if o.seat == seat and s.tokens[o.token].type == s.step)
    if s.step == "raid":
        return (_raids(s, seat, areas),)
    if s.step == "march":
        return (_marches(s, seat, areas),)
    if s.step == "consolidate_power":
        note = "the Power gained is entered with adjust (GOT-X-25)"
        # `fields`: the legal areas under the field's own name, so a recorder offers these, not the whole board.
        choices = tuple({"area": a} for a in areas)
        return (Option("resolve_consolidate", TURN_RULES, choices, fields={"area": areas}, note=note),)
    return ()


def _raids(s: AgotState, seat: str, areas: list[str]) -> Option:
    """GOT-X-25: each Raid order removes an adjacent enemy order it may take, or nothing. `fields` lists the Raids'
    areas (`area`) and the orders any of them may take (`target_area`), so a recorder offers these, not the board."""
    choices: list[Mapping[str, Any]] = []
    for area in areas:
        choices.append({"area": area, "target_area": None})
        for target in s.board.neighbours.get(area, ()):
            aimed = s.orders.get(target)
            if aimed is not None and aimed.seat != seat and not raid_target_errors(s, area, target):
                choices.append({"area": area, "target_area": target})
    targets = sorted({c["target_area"] for c in choices if c["target_area"] is not None})
    note = "target_area null (left empty): the Raid is removed unused"
    return Option("resolve_raid", TURN_RULES, tuple(choices), fields={"area": areas, "target_area": targets}, note=note)


def _marches(s: AgotState, seat: str, areas: list[str]) -> Option:
    """GOT-COMBAT-1, ROUT-5, X-25..27: each March order's units to adjacent areas they may enter.

    The choices move all the movable units, or one of them, to one destination (and one split in two); `fields`
    gives, per March order's area, its movable units and every destination with what entering it means; and under
    the fields' own names, for a client's drop-downs and rows: the March orders' areas (`from_area`), each one's
    destinations and units (`moves`, by `from_area`) and the units' types and areas (`unit_details`).
    """
    choices: list[Mapping[str, Any]] = []
    fields: dict[str, Any] = {}
    for origin in areas:
        movable = [u.id for u in s.units_in(origin, seat) if not u.routed]
        destinations = _destinations(s, seat, origin, movable)
        fields[origin] = {"units": movable, "destinations": destinations}
        choices.append({"from_area": origin, "moves": []})
        groups = [movable] + ([[u] for u in movable] if len(movable) > 1 else [])
        for found in destinations:
            for group in groups:
                if found["kind"] != "neutral_force" or can_attack_neutral(
                    s, seat, s.orders[origin].token, found["area"], group
                ):
                    choices.append({"from_area": origin, "moves": [{"to_area": found["area"], "units": group}]})
        choices += _split(origin, movable, destinations)
    by_origin = {o: {"to_area": [d["area"] for d in f["destinations"]], "units": f["units"]} for o, f in fields.items()}
    fields["from_area"] = list(areas)
    fields["moves"] = {"from_area": by_origin}
    fields["unit_details"] = unit_details(s, [u for f in by_origin.values() for u in f["units"]])
    rules = (*TURN_RULES, "GOT-COMBAT-1", "GOT-ROUT-5", "GOT-X-26", "GOT-X-27")
    note = (
        "moves split the movable units among destinations; at most one move may start a combat or attack a "
        "neutral force (GOT-X-25), which needs attack strength at least its own (GOT-X-27)"
    )
    return Option("march", rules, tuple(choices), exhaustive=False, fields=fields, note=note)


def _destinations(s: AgotState, seat: str, origin: str, movable: list[str]) -> list[dict[str, Any]]:
    """The adjacent areas these units may enter: empty, own, held by another House (combat) or a neutral force."""
    found = []
    for area in s.board.neighbours.get(origin, ()):
        if not movable or not can_enter(s, movable, area):
            continue
        if area in s.neutral_forces:
            strength = s.neutral_forces[area]
            if strength is not None:  # a closed area takes no march (GOT-X-26)
                found.append({"area": area, "kind": "neutral_force", "strength": strength})
            continue
        defender = defender_of(s, area, seat)
        if defender is not None:
            found.append({"area": area, "kind": "combat", "defender": defender})
        else:
            found.append({"area": area, "kind": "own" if s.units_in(area, seat) else "empty"})
    return found


def _split(origin: str, movable: list[str], destinations: list[dict[str, Any]]) -> list[Mapping[str, Any]]:
    """One march of two moves: the first unit to a peaceful area, the others to another area (a combat at most)."""
    peaceful = [d["area"] for d in destinations if d["kind"] in ("own", "empty")]
    others = [d["area"] for d in destinations if d["kind"] != "neutral_force"]
    if len(movable) < 2 or not peaceful:
        return []
    second = next((a for a in others if a != peaceful[0]), None)
    if second is None:
        return []
    moves = [{"to_area": peaceful[0], "units": movable[:1]}, {"to_area": second, "units": movable[1:]}]
    return [{"from_area": origin, "moves": moves}]
