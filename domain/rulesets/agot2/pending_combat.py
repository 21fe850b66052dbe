"""What a combat waits for (GOT-COMBAT-4/5): the supporter whose turn it is, an ability's owner, the Blade holder,
the loser's casualties or the retreat's chooser, each with the choices `decide` accepts now.

The step is the engine's own (`flow.combat_stage`), so `pending` never re-derives the order of a combat; the
choices come from the guards the actions use (eligible supporters, `order_targets`, `retreat_options`…). The house
cards are sealed: pending.py offers them with the other sealed rounds, private to their seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations
from typing import Any

from domain.pending import Option, Waiting
from domain.rulesets.agot2.abilities import TIER_RULES, footmen_to_upgrade, next_ability, order_targets
from domain.rulesets.agot2.flow import combat_stage
from domain.rulesets.agot2.notation_names import area as area_name
from domain.rulesets.agot2.notation_names import house
from domain.rulesets.agot2.retreat import casualty_eligible, losses_named_first, retreat_options, retreating_units
from domain.rulesets.agot2.state import TRACKS, AgotState, Card, Combat
from domain.rulesets.agot2.strength import card_of

# Combinations of casualties or of units lost on a retreat listed before the list becomes a representative one.
MAX_COMBINATIONS = 40


def combat_waits(state: AgotState, c: Combat, lenient: bool) -> tuple[str, str, tuple[Waiting, ...]]:
    """The rule, a summary and the seats the combat waits for at its current step.

    No seat is returned at the `cards` step (the sealed round is offered with the other rounds) nor at an automatic
    step no action has yet triggered (an adjusted state: pending.py leaves it to the table).
    """
    stage, decision = combat_stage(state, c, lenient)
    if decision is not None and decision.events:
        return "GOT-COMBAT-4", f"combat {c.combat_id}: the automatic step {stage} is due", ()
    if stage == "support":
        said = f"combat {c.combat_id} in {area_name(state, c.area)}: the next supporter declares"
        return "GOT-SUPPORT-3", said, (_support(state, c),)
    if stage == "cards":
        return "GOT-CARD-1", f"combat {c.combat_id} in {area_name(state, c.area)}: both sides choose a house card", ()
    if stage.startswith("ability:"):
        return _ability(state, c, stage.removeprefix("ability:"))
    if stage == "blade":
        return "GOT-BLADE-5", f"combat {c.combat_id}: the Valyrian Steel Blade holder decides", (_blade(state, c),)
    if stage == "casualties":
        return "GOT-CASUALTY-3", f"combat {c.combat_id}: the loser chooses its casualties", (_casualties(state, c),)
    if stage == "retreat":
        return "GOT-RETREAT-3", f"combat {c.combat_id}: the losing defender's retreat is chosen", (_retreat(state, c),)
    return "GOT-COMBAT-4", f"combat {c.combat_id}: the step {stage} is due", ()


def _support(state: AgotState, c: Combat) -> Waiting:
    """GOT-SUPPORT-1/3, X-4, X-5: the first open entry declares, for a side it may back, or refuses."""
    pending = c.pending_support()
    seat, areas = pending[0]
    own = c.side_of(seat)
    sides = (
        ("attacker", "defender")
        if own is None or state.options.get("combatant_may_support_opponent", False)
        else (own,)
    )
    eligible = [{"seat": who, "areas": list(where)} for who, where in pending]
    # `side` lists the sides under the field's own name, so a recorder offers only these (GOT-X-5).
    fields = {"areas": list(areas), "sides": list(sides), "side": list(sides), "eligible_supporters": eligible}
    declare = Option(
        "declare_support",
        ("GOT-SUPPORT-1", "GOT-SUPPORT-3", "GOT-X-4", "GOT-X-5"),
        tuple({"combat_id": c.combat_id, "side": side} for side in sides),
        fields=fields,
        note=f"{house(seat)} supports from {', '.join(area_name(state, a) for a in areas)}: every eligible Support "
        "order of its entry (GOT-X-4)",
    )
    refuse = Option("refuse_support", ("GOT-SUPPORT-1", "GOT-SUPPORT-3"), ({"combat_id": c.combat_id},))
    return Waiting(seat, (declare, refuse), f"declares support in the combat in {area_name(state, c.area)}")


def printed_card(card: Card) -> dict[str, Any]:
    """A house card as printed, for a client to name its id: its name and combat strength (GOT-CARD-1)."""
    return {"id": card.id, "name": card.name, "strength": card.strength}


def _ability(state: AgotState, c: Combat, tier: str) -> tuple[str, str, tuple[Waiting, ...]]:
    """GOT-CARD-3/5, X-8: the owner of the next ability of the tier chooses what it does."""
    seat = next_ability(state, c, tier)
    card = card_of(state, c, seat) if seat is not None else None
    rule = TIER_RULES.get(tier, "GOT-X-8")
    if seat is None or card is None:
        return rule, f"combat {c.combat_id}: a {tier} ability is due", ()
    choices, exhaustive, note = _ability_choices(state, c, seat, card)
    option = Option(
        "resolve_card_ability",
        tuple(dict.fromkeys((rule, "GOT-X-8"))),
        tuple({"combat_id": c.combat_id, "card": card.id, "choice": choice} for choice in choices),
        exhaustive=exhaustive,
        fields={"card": card.id, "kind": card.kind, "timing": card.timing, "cards": [printed_card(card)]},
        note=note,
    )
    summary = f"combat {c.combat_id}: {house(seat)} resolves {card.name}'s ability"
    return rule, summary, (Waiting(seat, (option,), f"resolves {card.name} ({tier})"),)


def _ability_choices(state: AgotState, c: Combat, seat: str, card: Card) -> tuple[list[Mapping[str, Any]], bool, str]:
    """The choices `resolve_card_ability` takes for the card's kind, whether they are all, and a note."""
    optional = bool(card.params.get("optional", False))
    declined: list[Mapping[str, Any]]
    match card.kind:
        case "cancel_opponent_card":
            return [{"cancel": True}, {"cancel": False}], True, "send the opponent's card back to its hand, or not"
        case "replace_own_card":
            cost = card.params.get("power_cost", 0)
            return [{"replace": True}, {"replace": False}], True, f"pay {cost} Power to play another card, or not"
        case "remove_opponent_order":
            declined = [{"area": None}] if optional else []
            return [{"area": a} for a in order_targets(state, c, seat)] + declined, True, "the order to remove"
        case "upgrade_footman":
            declined = [{"unit": None}] if optional else []
            return [{"unit": u} for u in footmen_to_upgrade(state, c, seat)] + declined, True, "the footman to upgrade"
        case "discard_from_opponent_hand":
            declined = [{"card": None}] if optional else []
            hand = state.hands.get(c.opponent(seat), ())
            return [{"card": x} for x in hand] + declined, True, "the card to discard from the opponent's hand"
        case "opponent_to_track_bottom":
            return [{"track": t} for t in TRACKS], True, "the track whose last position the opponent takes"
        case _:
            return [{}], False, "an ability the engine does not compute: its effects are entered with adjust (GOT-X-25)"


def _blade(state: AgotState, c: Combat) -> Waiting:
    """GOT-BLADE-1/2/5, X-10: the holder, fighting, uses the Blade once a round or declines it."""
    holder = state.holder("fiefdoms") or ""
    rules = ("GOT-BLADE-1", "GOT-BLADE-5", "GOT-X-10")
    data = {"combat_id": c.combat_id}
    # A transcript also waits when the Blade is flipped already (flow): using it again would break GOT-BLADE-2.
    use = () if state.blade_used else (Option("use_blade", (*rules, "GOT-BLADE-2", "GOT-BLADE-3"), (data,)),)
    return Waiting(holder, (*use, Option("decline_blade", rules, (data,))), "holds the Valyrian Steel Blade")


def _casualties(state: AgotState, c: Combat) -> Waiting:
    """GOT-CASUALTY-1..4, ROUT-4, X-16: exactly the due number among the loser's eligible units."""
    assert c.result is not None
    loser, due = c.result["loser"], c.result["casualties_due"]
    eligible = casualty_eligible(state, c, loser)
    picks, exhaustive = _some(combinations(eligible, due))
    option = Option(
        "choose_casualties",
        ("GOT-CASUALTY-1", "GOT-CASUALTY-3", "GOT-CASUALTY-4", "GOT-ROUT-4", "GOT-X-16"),
        tuple({"combat_id": c.combat_id, "units": list(units)} for units in picks),
        exhaustive=exhaustive,
        fields=_casualty_fields(state, due, eligible),
        note=f"choose {due} of the eligible units",
    )
    return Waiting(loser, (option,), f"loses combat {c.combat_id} and chooses {due} casualties")


def _casualty_fields(state: AgotState, due: int, eligible: Iterable[str]) -> dict[str, Any]:
    """The count due, the eligible units (`eligible`, kept for API clients, and under the field's own name `units`),
    each in `unit_details`."""
    ids = list(eligible)
    return {"due": due, "eligible": ids, "units": ids, "unit_details": unit_details(state, ids)}


def unit_details(state: AgotState, ids: Iterable[str]) -> list[dict[str, Any]]:
    """Each unit's type and area, for a client to name it ("Footman in Winterfell"); units listed are never routed
    (GOT-ROUT-3/4), so two of a type in one area are alike."""
    return [{"id": u, "type": state.units[u].type, "area": state.units[u].area} for u in ids if u in state.units]


def _retreat(state: AgotState, c: Combat) -> Waiting:
    """GOT-RETREAT-2..8, X-17..20: each legal area (never the march origin nor a neutral force's, GOT-X-20) and
    the retreating units to destroy first when the supply limit demands it."""
    assert c.result is not None
    loser = c.result["loser"]
    chooser = c.effects.get("retreat_chooser") or loser
    movers = retreating_units(state, c, loser)
    ids = [u.id for u in movers]
    first = losses_named_first(state, c)
    if first:
        return _losses_first(state, c, loser, chooser, ids, first)
    options = retreat_options(state, c, loser, movers)
    choices: list[Mapping[str, Any]] = []
    exhaustive = True
    for found in options:
        losses, complete = _some(combinations(ids, found.destroy))
        exhaustive = exhaustive and complete
        choices += [{"combat_id": c.combat_id, "to_area": found.area, "destroy": list(lost)} for lost in losses]
    rules = ["GOT-RETREAT-2", "GOT-RETREAT-3", "GOT-RETREAT-4", "GOT-X-17", "GOT-X-20"]
    if any(o.destroy for o in options):
        rules.append("GOT-RETREAT-5")
    if any(o.via for o in options):
        rules += ["GOT-RETREAT-7", "GOT-X-18"]
    if chooser != loser:
        rules.append("GOT-CARD-5")
    areas = [{"area": o.area, "via": list(o.via), "destroy": o.destroy} for o in options]
    option = Option(
        "choose_retreat",
        tuple(rules),
        tuple(choices),
        exhaustive=exhaustive,
        # The legal values under each field's own name: `to_area` (a drop-down), `destroy` (the retreating units)
        # and `destroy_due`, how many of them each area costs; `units` and `areas` kept for API clients.
        fields={
            "seat": loser,
            "units": ids,
            "areas": areas,
            "to_area": [o.area for o in options],
            "destroy": ids,
            "destroy_due": {"to_area": {o.area: o.destroy for o in options}},
            "unit_details": unit_details(state, ids),
        },
        note="each legal area with the number of retreating units destroyed first to stay within supply",
    )
    return Waiting(chooser, (option,), f"chooses where {house(loser)}'s units retreat from {area_name(state, c.area)}")


def _losses_first(state: AgotState, c: Combat, loser: str, chooser: str, ids: list[str], due: int) -> Waiting:
    """GOT-RETREAT-5, X-17, CASUALTY-3: the loser names the units it destroys before the winner (Robb Stark)
    picks the area; every area offered costs `due` units (`destroy_due`; `due` kept for API clients).

    `to_area` lists the legal areas (GOT-RETREAT-2/3/4, X-20) as the ordinary retreat does: the schema's field is
    there for a transcript's loser who named the area too, and a client's drop-down offers only those."""
    losses, exhaustive = _some(combinations(ids, due))
    legal = [o.area for o in retreat_options(state, c, loser, retreating_units(state, c, loser))]
    option = Option(
        "choose_retreat",
        ("GOT-RETREAT-2", "GOT-RETREAT-3", "GOT-RETREAT-4", "GOT-RETREAT-5", "GOT-X-17", "GOT-X-20", "GOT-CARD-5"),
        tuple({"combat_id": c.combat_id, "destroy": list(lost)} for lost in losses),
        exhaustive=exhaustive,
        fields={
            "seat": loser,
            "units": ids,
            "due": due,
            "to_area": legal,
            "destroy": ids,
            "destroy_due": due,
            "unit_details": unit_details(state, ids),
        },
        note=f"name {due} retreating unit(s) to destroy first; {chooser} then picks the area",
    )
    return Waiting(loser, (option,), f"destroys {due} retreating unit(s) before {chooser} picks the area")


def _some(found: Iterable[tuple[str, ...]]) -> tuple[list[tuple[str, ...]], bool]:
    """At most MAX_COMBINATIONS of them, and whether that is all."""
    listed: list[tuple[str, ...]] = []
    for item in found:
        if len(listed) == MAX_COMBINATIONS:
            return listed, False
        listed.append(item)
    return listed, True
