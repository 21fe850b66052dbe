"""The choices inside a combat: support (step 1), house cards and their abilities (step 3), the Blade
(step 4), casualties and retreats (step 6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Action, Decision, Event, RuleViolation, TraceStep
from domain.rulesets.agot2.abilities import (
    TIER_RULES,
    footmen_to_upgrade,
    needs_choice,
    next_ability,
    order_targets,
    pending_ability,
    upgraded_id,
)
from domain.rulesets.agot2.board import LAND, PORT, SEA
from domain.rulesets.agot2.flow import card_round, cards_played, casualties, retreat
from domain.rulesets.agot2.guards import Checks, refuse
from domain.rulesets.agot2.retreat import (
    by_transport,
    casualty_eligible,
    retreat_options,
    retreating_units,
    supply_ok,
)
from domain.rulesets.agot2.state import TRACKS, AgotState, Combat, ev
from domain.rulesets.agot2.strength import card_of
from domain.rulesets.agot2.tracks import set_track_positions

# --- combat step 1: support (GOT-SUPPORT-1/3, X-4/X-5) ---


def _combat_guard(s: AgotState, d: Mapping[str, Any]) -> tuple[Combat | None, Decision | None]:
    c = s.combat
    if c is None:
        return None, refuse("GOT-COMBAT-4", "no combat is under way")
    if d.get("combat_id") != c.combat_id:
        return None, refuse(
            "GOT-COMBAT-4",
            f"combat_id {d.get('combat_id')!r} is not the combat under way ({c.combat_id})",
            "data.combat_id",
        )
    return c, None


def _support_turn(
    s: AgotState, action: Action, d: Mapping[str, Any], checks: Checks, extra: bool = False
) -> tuple[Combat | None, tuple[str, tuple[str, ...]] | None, Decision | None]:
    """GOT-SUPPORT-3: declarations are made in turn order, by the seat whose turn it is.

    Returns the combat and the entry the seat answers. A transcript records a supporter declaring out of
    turn, and (`extra`) a seat with no open entry declaring support from areas it names (entry None) while
    step 1 is open.
    """
    c, refused = _combat_guard(s, d)
    if c is None:
        return None, None, refused
    pending = c.pending_support()
    own = next((e for e in pending if e[0] == action.seat), None)
    if not pending:  # step 1 is over: support is fixed (GOT-X-23)
        return None, None, refuse("GOT-SUPPORT-3", "every eligible supporter has already declared")
    seat, areas = pending[0]
    if action.seat != seat:
        message = f"it is {seat}'s turn to declare support ({', '.join(areas)}), not {action.seat!r}'s"
        if own is None and checks.lenient and extra:
            return c, None, None
        if own is None or checks.broken("GOT-SUPPORT-3", message, "seat"):
            return None, None, refuse("GOT-SUPPORT-3", message, "seat")
        return c, own, None
    return c, pending[0], None


def declare_support(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-SUPPORT-1, X-4, X-5: add the support to one side; a combatant backs only its own side.

    `areas` (optional) names the areas supporting; by default every eligible one of the seat's entry.
    """
    checks = Checks(lenient)
    requested = d.get("areas")
    c, entry, refused = _support_turn(s, action, d, checks, extra=bool(requested))
    if c is None:
        return refused or Decision()
    side = d.get("side")
    if side not in ("attacker", "defender"):
        return refuse("GOT-SUPPORT-1", f"side {side!r} must be 'attacker' or 'defender'", "data.side")
    own = c.side_of(action.seat or "")
    if (
        own is not None
        and side != own
        and not s.options.get("combatant_may_support_opponent", False)
        and checks.broken("GOT-X-5", f"{action.seat} is the {own}: it cannot support the {side}", "data.side")
    ):
        return checks.refusal()
    seat = action.seat or ""
    eligible = entry[1] if entry is not None else ()
    areas = list(eligible)
    if requested is not None:
        if not isinstance(requested, list) or not all(isinstance(a, str) for a in requested):
            return refuse("GOT-SUPPORT-1", f"areas {requested!r} must list the supporting areas", "data.areas")
        for area in requested:
            order = s.orders.get(area)
            if order is None or order.seat != seat or s.tokens[order.token].type != "support":
                return refuse("GOT-SUPPORT-1", f"{seat!r} has no Support order in {area!r}", "data.areas")
        for area in sorted(set(requested) - set(eligible)):
            rule, why = _ineligible(s, c, seat, area)
            if checks.broken(rule, f"{area} cannot support the combat in {c.area}: {why}", "data.areas"):
                return checks.refusal()
        missing = sorted(set(eligible) - set(requested))
        if missing and checks.broken(
            "GOT-X-4", f"{seat}'s declaration covers all its eligible orders: {', '.join(missing)}", "data.areas"
        ):
            return checks.refusal()
        areas = sorted(set(requested))
    event = ev(s, "SupportDeclared", combat_id=c.combat_id, seat=seat, side=side, areas=areas)
    trace = TraceStep("GOT-SUPPORT-1", f"{seat} supports the {side} from {', '.join(areas)}")
    return checks.record(Decision((event,), trace=(trace,)))


def _ineligible(s: AgotState, c: Combat, seat: str, area: str) -> tuple[str, str]:
    """GOT-SUPPORT-5/7/9, X-4, X-5, X-19: the rule that keeps a Support order out of this combat."""
    board = s.board
    if area == c.area:
        return "GOT-SUPPORT-5", "it is the embattled area"
    if not board.are_adjacent(area, c.area):
        return "GOT-SUPPORT-9", "it is not adjacent to the embattled area"
    if board.kind(c.area) in (SEA, PORT) and board.kind(area) not in (SEA, PORT):
        return "GOT-SUPPORT-7", "land units never support a sea combat"
    if board.areas[area].port_land == c.area:
        return "GOT-X-19", "a port never supports its own land area"
    if not any(not u.routed for u in s.units_in(area, seat)):
        return "GOT-X-5", "its units are all routed"
    return "GOT-X-4", "each Support order declares separately"


def refuse_support(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-SUPPORT-1: a supporter may refuse."""
    checks = Checks(lenient)
    c, entry, refused = _support_turn(s, action, d, checks)
    if c is None or entry is None:
        return refused or Decision()
    seat, areas = entry
    return checks.record(Decision((ev(s, "SupportRefused", combat_id=c.combat_id, seat=seat, areas=list(areas)),)))


# --- step 3: cards (sealed) and abilities with a choice; step 4: the Blade ---


def card_errors(s: AgotState, seat: str, payload: Any) -> list[RuleViolation]:
    """GOT-CARD-1: one card from the seat's own hand (not a card an ability sent back, X-8)."""
    card = payload.get("card") if isinstance(payload, Mapping) else None
    hand = s.hands.get(seat, ())
    if not isinstance(card, str) or card not in hand:
        return [
            RuleViolation(
                "GOT-CARD-1", f"card {card!r} is not in {seat}'s hand ({', '.join(hand)})", {"field": "payload.card"}
            )
        ]
    c = s.combat
    if c is not None and card in c.effects.get("withdrawn", ()):
        return [RuleViolation("GOT-CARD-3", f"{card} was sent back; play a different card", {"field": "payload.card"})]
    return []


def reveal_cards(s: AgotState, payloads: Mapping[str, Any]) -> Decision:
    """HouseCardsRevealed: both cards at once (GOT-CARD-1)."""
    c = s.combat
    assert c is not None
    cards = {seat: payloads[seat]["card"] for seat in sorted(payloads)}
    shown = ", ".join(f"{seat}: {card}" for seat, card in cards.items())
    return Decision(
        (ev(s, "HouseCardsRevealed", combat_id=c.combat_id, cards=cards),),
        trace=(TraceStep("GOT-CARD-1", f"revealed {shown}"),),
    )


def resolve_card_ability(s: AgotState, action: Action, d: Mapping[str, Any]) -> Decision:
    """GOT-CARD-3/4/5, X-8: the owner's choice for the ability whose turn it is."""
    c, refused = _combat_guard(s, d)
    if c is None:
        return refused or Decision()
    seat = action.seat
    card = card_of(s, c, seat) if seat else None
    if card is None or card.id != d.get("card") or card.id in c.abilities_done:
        return refuse("GOT-X-8", f"{d.get('card')!r} is not {seat!r}'s card with an ability to resolve", "data.card")
    if not _is_abilitys_turn(s, c, seat or ""):
        return refuse("GOT-X-8", f"{card.name}'s ability does not resolve now (timing {card.timing})", "data.card")
    choice = d.get("choice")
    base = {"combat_id": c.combat_id, "seat": seat, "card": card.id, "timing": card.timing, "choice": choice}
    flags: dict[str, Any] = {}
    events: list[Event] = []
    effects: list[str] = []
    notes: list[TraceStep] = []
    opponent = c.opponent(seat or "")
    rule = TIER_RULES.get(card.timing or "", "GOT-X-8")
    match card.kind:
        case "cancel_opponent_card":
            if not isinstance(choice, Mapping) or not isinstance(choice.get("cancel"), bool):
                return refuse("GOT-CARD-3", "choice must be {cancel: true|false}", "data.choice")
            if choice["cancel"]:
                withdrawn = c.cards[opponent]
                others = [x for x in s.hands.get(opponent, ()) if x != withdrawn]
                flags = {"card_withdrawn_from": opponent, "withdrawn": [*c.effects.get("withdrawn", []), withdrawn]}
                effects.append(f"{withdrawn} goes back to {opponent}'s hand")
                if others:
                    events.append(card_round(s, c, (opponent,), f"cards-{c.combat_id}-{len(c.abilities_done) + 1}"))
                else:
                    flags["no_card"] = [opponent]
                    effects.append(f"{opponent} has no other card and fights without one (GOT-X-15)")
        case "replace_own_card":
            if not isinstance(choice, Mapping) or not isinstance(choice.get("replace"), bool):
                return refuse("GOT-X-8", "choice must be {replace: true|false}", "data.choice")
            if choice["replace"]:
                cost = card.params.get("power_cost", 0)
                flags = {"card_withdrawn_from": seat, "withdrawn": [*c.effects.get("withdrawn", []), card.id]}
                events.append(
                    ev(s, "HouseCardsDiscarded", combat_id=c.combat_id, cards={seat: card.id}, reason="card_ability")
                )
                events.append(ev(s, "PowerSpent", seat=seat, amount=cost, reason=card.id))
                events.append(card_round(s, c, (seat or "",), f"cards-{c.combat_id}-{len(c.abilities_done) + 1}"))
                effects.append(f"{seat} pays {cost} Power, discards {card.id} and plays another card")
        case "remove_opponent_order":
            area = choice.get("area") if isinstance(choice, Mapping) else None
            targets = order_targets(s, c, seat or "")
            optional = card.params.get("optional", False)
            if area is None and optional:
                effects.append("no order removed")
            elif area not in targets:
                return refuse("GOT-X-8", f"area {area!r} is not one of {targets}", "data.choice.area")
            else:
                order = s.orders[area]
                removal = {"area": area, "seat": order.seat, "order_token": order.token, "reason": "card_ability"}
                events.append(ev(s, "OrdersRemoved", removals=[removal]))
                effects.append(f"{order.token} removed from {area}")
        case "upgrade_footman":
            unit_id = choice.get("unit", "") if isinstance(choice, Mapping) else ""
            targets = footmen_to_upgrade(s, c, seat or "")
            if unit_id is None and card.params.get("optional", False):
                effects.append("no footman upgraded")
            elif unit_id not in targets:
                message = f"choice.unit {unit_id!r} is not one of {seat}'s footmen in or supporting the combat"
                return refuse(rule, f"{message} ({', '.join(targets)})", "data.choice.unit")
            else:
                unit = s.units[unit_id]
                new = upgraded_id(s, unit)
                events.append(
                    ev(
                        s,
                        "UnitUpgraded",
                        combat_id=c.combat_id,
                        seat=seat,
                        area=unit.area,
                        unit=unit_id,
                        new_unit=new,
                        to_type="knight",
                        reason=card.id,
                    )
                )
                effects.append(f"the footman {unit_id} in {unit.area} is replaced by the knight {new}")
        case "discard_from_opponent_hand":
            chosen = choice.get("card", "") if isinstance(choice, Mapping) else ""
            hand = s.hands.get(opponent, ())
            if chosen is None and card.params.get("optional", False):
                effects.append(f"no card discarded from {opponent}'s hand")
            elif chosen not in hand:
                message = f"choice.card {chosen!r} is not in {opponent}'s hand ({', '.join(hand)})"
                return refuse(rule, message, "data.choice.card")
            else:
                discard = {opponent: chosen}
                events.append(ev(s, "HouseCardsDiscarded", combat_id=c.combat_id, cards=discard, reason="card_ability"))
                effects.append(f"{chosen} discarded from {opponent}'s hand")
        case "opponent_to_track_bottom":
            track = choice.get("track") if isinstance(choice, Mapping) else None
            if track not in TRACKS:
                message = f"choice.track {track!r} is not one of {', '.join(TRACKS)}"
                return refuse(rule, message, "data.choice.track")
            positions = [x for x in s.tracks.get(track, s.seats) if x != opponent] + [opponent]
            moved = set_track_positions(s, track, positions, reason="card_ability")
            events.extend(moved.events)
            notes.extend(moved.trace)
            effects.append(f"{opponent} moves to the last position of the {track} track")
        case _:
            if not isinstance(choice, Mapping):
                return refuse("GOT-X-8", "a manual ability records its choice as an object", "data.choice")
            effects.append("recorded; its effects are entered with adjust")
    event = ev(s, "HouseCardAbilityResolved", **base, effects=effects, flags=flags)
    return Decision((event, *events), trace=(TraceStep(rule, f"{card.name}: {'; '.join(effects)}"), *notes))


def _is_abilitys_turn(s: AgotState, c: Combat, seat: str) -> bool:
    """The ability is the next pending one (X-8 order) and waits for a choice."""
    if not needs_choice(s, c, seat):
        return False
    if not cards_played(c):
        return False
    tiers: tuple[str, ...] = ("cancel", "immediately") if c.result is None else ("if_win", "if_lose")
    if c.cleaned_up:
        tiers = ("after_combat",)
    for tier in tiers:
        first = next_ability(s, c, tier)
        if first is not None:
            return first == seat
    return False


def blade(s: AgotState, action: Action, d: Mapping[str, Any], use: bool, lenient: bool = False) -> Decision:
    """GOT-BLADE-1/2/3/5, X-10: the holder, in its own combat, once per round, after the cards.

    A transcript records the Blade used a second time in a round (GOT-BLADE-2) as a deviation.
    """
    c, refused = _combat_guard(s, d)
    if c is None:
        return refused or Decision()
    checks = Checks(lenient)
    holder = s.holder("fiefdoms")
    if action.seat != holder:
        return refuse("GOT-TRACK-5", f"{action.seat!r} does not hold the Valyrian Steel Blade; {holder} does", "seat")
    if holder not in (c.attacker, c.defender):
        return refuse("GOT-X-10", f"{holder} is not fighting in this combat")
    # Declining a Blade already flipped breaks no rule: a transcript waits for the holder's word (flow).
    if (
        s.blade_used
        and (use or not lenient)
        and checks.broken("GOT-BLADE-2", "the Valyrian Steel Blade was already used this round")
    ):
        return checks.refusal()
    if c.blade_decided or c.result is not None:
        return refuse("GOT-BLADE-5", "the Blade was already decided for this combat")
    if not cards_played(c) or any(pending_ability(s, c, t) is not None for t in ("cancel", "immediately")):
        return refuse("GOT-BLADE-5", "the Blade is used in step 4, after the cards and their first abilities")
    kind = "BladeUsed" if use else "BladeDeclined"
    trace = TraceStep("GOT-BLADE-3" if use else "GOT-X-10", f"{holder} {'uses' if use else 'declines'} the Blade")
    return checks.record(Decision((ev(s, kind, combat_id=c.combat_id, seat=holder),), trace=(trace,)))


# --- step 6: casualties and retreat with a choice ---


def choose_casualties(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-CASUALTY-3/4, ROUT-4, X-16: the loser picks exactly the due number among the eligible units.

    A transcript records the loser's units the table removed (distinct, existing, the loser's), whoever chose
    them and however many, with the rules broken.
    """
    c, refused = _combat_guard(s, d)
    if c is None:
        return refused or Decision()
    if c.result is None or c.casualties_done:
        return refuse("GOT-COMBAT-5", "casualties are not being taken now")
    checks = Checks(lenient)
    loser, due = c.result["loser"], c.result["casualties_due"]
    if action.seat != loser and checks.broken(
        "GOT-CASUALTY-3", f"{loser} chooses its own casualties, not {action.seat!r}", "seat"
    ):
        return checks.refusal()
    units = d.get("units")
    eligible = casualty_eligible(s, c, loser)
    if not isinstance(units, list) or len(units) != due or len(set(units)) != due:
        message = f"choose exactly {due} unit(s), got {units!r}"
        if not _distinct_ids(units) or checks.broken("GOT-CASUALTY-1", message, "data.units"):
            return refuse("GOT-CASUALTY-1", message, "data.units")
    assert isinstance(units, list)
    for uid in units:
        if uid not in eligible:
            unit = s.units.get(uid)
            rule = "GOT-ROUT-4" if unit is not None and unit.routed else "GOT-CASUALTY-4"
            if unit is not None and unit.type == "siege_engine":
                rule = "GOT-X-16"
            message = f"{uid!r} cannot be a casualty; eligible: {', '.join(eligible)}"
            if unit is None or unit.seat != loser or checks.broken(rule, message, "data.units"):
                return refuse(rule, message, "data.units")
    return checks.record(casualties(s, c, chosen=list(units)))


def _distinct_ids(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value) and len(set(value)) == len(value)


def choose_retreat(s: AgotState, action: Action, d: Mapping[str, Any], lenient: bool = False) -> Decision:
    """GOT-RETREAT-2..8, X-17: one legal area; the units to destroy first when supply demands it.

    A transcript records a retreat the table made to another area (one that exists, is not the embattled
    area and holds no other House's units, GOT-X-1) or with other units destroyed, with the rules broken.
    """
    c, refused = _combat_guard(s, d)
    if c is None:
        return refused or Decision()
    if c.result is None or not c.casualties_done or c.retreat_done:
        return refuse("GOT-COMBAT-5", "no retreat is being chosen now")
    checks = Checks(lenient)
    loser = c.result["loser"]
    chooser = c.effects.get("retreat_chooser") or loser
    if action.seat != chooser and checks.broken(
        "GOT-X-17", f"{chooser} chooses this retreat, not {action.seat!r}", "seat"
    ):
        return checks.refusal()
    if loser == c.attacker:
        return refuse("GOT-RETREAT-1", "a losing attacker retreats to its march origin; nothing to choose")
    movers = retreating_units(s, c, loser)
    options = {o.area: o for o in retreat_options(s, c, loser, movers)}
    to_area = d.get("to_area")
    destroy = d.get("destroy", [])
    ids = {u.id for u in movers}
    if to_area not in options:
        wrong_kind = _wrong_kind(s, movers, to_area)
        rule = (
            "GOT-RETREAT-8"
            if wrong_kind
            else "GOT-RETREAT-4"
            if to_area == c.origin
            else "GOT-X-20"
            if to_area in s.neutral_forces
            else "GOT-RETREAT-5"
            if to_area in _supply_blocked(s, c, movers)
            else "GOT-RETREAT-3"
        )
        message = f"{to_area!r} is not a legal retreat; legal: {', '.join(options) or 'none'}"
        if wrong_kind:
            message = f"{wrong_kind}; legal: {', '.join(options) or 'none'}"
        elif rule == "GOT-X-20":
            message = (
                f"{to_area!r} holds a neutral force token: no retreat ends there; legal: {', '.join(options) or 'none'}"
            )
        if not _may_hold(s, c, loser, to_area) or checks.broken(rule, message, "data.to_area"):
            refusal = refuse(rule, message, "data.to_area")
            if wrong_kind:  # GOT-RETREAT-2: the defender retreats under GOT-RETREAT-3 to GOT-RETREAT-9
                umbrella = RuleViolation("GOT-RETREAT-2", message, {"field": "data.to_area"})
                return Decision(violations=(*refusal.violations, umbrella))
            return refusal
        assert isinstance(to_area, str)
        via = by_transport(s, c.area, loser).get(to_area, ()) if not s.board.are_adjacent(c.area, to_area) else ()
        needed = _destroy_needed(s, loser, movers, to_area)
    else:
        via, needed = options[to_area].via, options[to_area].destroy
    if not isinstance(destroy, list) or len(destroy) != needed or not set(destroy) <= ids:
        message = (
            f"destroy exactly {needed} of the retreating units "
            f"({', '.join(sorted(ids))}) before retreating to {to_area}; got {destroy!r}"
        )
        if (
            not _distinct_ids(destroy)
            or not set(destroy) <= ids
            or checks.broken("GOT-RETREAT-5", message, "data.destroy")
        ):
            return refuse("GOT-RETREAT-5", message, "data.destroy")
    choice = {"to_area": to_area, "via": list(via), "destroy": destroy}
    return checks.record(retreat(s, c, choice, action.seat or chooser))


def _wrong_kind(s: AgotState, movers: tuple[Any, ...], area: Any) -> str:
    """GOT-RETREAT-8: footmen and knights never retreat to a sea area or a port, ships never to land."""
    if not movers or not isinstance(area, str) or area not in s.board.areas:
        return ""
    kind = s.board.kind(area)
    if movers[0].type == "ship":
        return f"ships cannot retreat into the land area {area!r}" if kind == LAND else ""
    return f"land units cannot retreat into the {kind} area {area!r}" if kind in (SEA, PORT) else ""


def _may_hold(s: AgotState, c: Combat, seat: str, area: Any) -> bool:
    """GOT-X-1: a retreat a transcript can record leaves the embattled area for a known area of no other House.

    The attacking units still wait in the march origin, but move in when the defender is gone (GOT-X-2).
    """
    if not isinstance(area, str) or area not in s.board.areas or area == c.area:
        return False
    leaving = set(c.attacking) if s.options.get("winner_moves_in", True) and not c.effects.get("block_move_in") else ()
    return all(u.seat == seat or u.id in leaving for u in s.units_in(area))


def _destroy_needed(s: AgotState, seat: str, movers: tuple[Any, ...], area: str) -> int:
    """GOT-RETREAT-5, X-17: the fewest retreating units to destroy first for the seat's supply limits."""
    for destroy in range(len(movers) + 1):
        moves = {u.id: area for u in movers[destroy:]}
        if supply_ok(s, seat, moves, {u.id for u in movers[:destroy]}):
            return destroy
    return 0  # over its limits whatever it destroys: a position a transcript already holds


def _supply_blocked(s: AgotState, c: Combat, movers: tuple[Any, ...]) -> set[str]:
    """Areas that would be legal but for the supply limit (for naming GOT-RETREAT-5 in a refusal)."""
    loose = replace(s, supply_limits={**s.supply_limits, c.defender: (99,) * 99})
    return {o.area for o in retreat_options(loose, c, c.defender, movers)}
