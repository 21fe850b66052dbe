"""Combat step 3: the house cards (sealed, GOT-CARD-1) and the abilities whose owner chooses (GOT-CARD-3/4/5,
X-8), one resolver per kind of ability."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.kernel import Action, Decision, Event, RuleViolation, TraceStep
from domain.rulesets.agot2.abilities import (
    AFTER_VICTOR,
    TIER_RULES,
    cleared_as_beaten_defender,
    footmen_to_upgrade,
    is_combat_march,
    needs_choice,
    next_ability,
    order_targets,
    other_playable_cards,
    upgraded_id,
)
from domain.rulesets.agot2.flow import card_round, cards_played
from domain.rulesets.agot2.guards import combat_under_way, refuse
from domain.rulesets.agot2.state import TRACKS, AgotState, Card, Combat, ev
from domain.rulesets.agot2.strength import card_of
from domain.rulesets.agot2.tracks import set_track_positions


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


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability being resolved: the table, the combat, its owner, the card, the owner's choice, and the rule
    of its timing (cited when the choice is refused)."""

    s: AgotState
    c: Combat
    seat: str
    card: Card
    choice: Any
    rule: str

    @property
    def opponent(self) -> str:
        """The other combatant."""
        return self.c.opponent(self.seat)

    def another_card(self, seat: str) -> Event:
        """GOT-X-8: the sealed round in which `seat` plays another card (numbered by the abilities done)."""
        return card_round(self.s, self.c, (seat,), f"cards-{self.c.combat_id}-{len(self.c.abilities_done) + 1}")


@dataclass(frozen=True, slots=True)
class Resolved:
    """What an ability did: the lines for the record, the events that follow it and the combat's new flags."""

    effects: tuple[str, ...]
    events: tuple[Event, ...] = ()
    flags: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[TraceStep, ...] = ()


def resolve_card_ability(s: AgotState, action: Action, d: Mapping[str, Any]) -> Decision:
    """GOT-CARD-3/4/5, X-8: the owner's choice for the ability whose turn it is."""
    c, refused = combat_under_way(s, d)
    if c is None:
        return refused or Decision()
    seat = action.seat
    card = card_of(s, c, seat) if seat else None
    if card is None or card.id != d.get("card") or card.id in c.abilities_done:
        return refuse("GOT-X-8", f"{d.get('card')!r} is not {seat!r}'s card with an ability to resolve", "data.card")
    assert seat is not None
    if not _is_abilitys_turn(s, c, seat):
        return refuse("GOT-X-8", f"{card.name}'s ability does not resolve now (timing {card.timing})", "data.card")
    choice = d.get("choice")
    rule = TIER_RULES.get(card.timing or "", "GOT-X-8")
    resolved = RESOLVERS.get(card.kind or "", _manual)(Ability(s, c, seat, card, choice, rule))
    if isinstance(resolved, Decision):
        return resolved  # the choice is refused
    base = {"combat_id": c.combat_id, "seat": seat, "card": card.id, "timing": card.timing, "choice": choice}
    event = ev(s, "HouseCardAbilityResolved", **base, effects=list(resolved.effects), flags=dict(resolved.flags))
    trace = TraceStep(rule, f"{card.name}: {'; '.join(resolved.effects)}")
    return Decision((event, *resolved.events), trace=(trace, *resolved.notes))


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


# --- one resolver per kind of ability (data `ABILITY_KINDS`); a refused choice is a Decision ---


def _cancel_opponent_card(a: Ability) -> Resolved | Decision:
    """GOT-CARD-3: the opponent's card goes back to its hand and it plays another (none left: GOT-X-15)."""
    choice = a.choice
    if not isinstance(choice, Mapping) or not isinstance(choice.get("cancel"), bool):
        return refuse("GOT-CARD-3", "choice must be {cancel: true|false}", "data.choice")
    if not choice["cancel"]:
        return Resolved(())
    opponent = a.opponent
    withdrawn = a.c.cards[opponent]
    flags: dict[str, Any] = {
        "card_withdrawn_from": opponent,
        "withdrawn": [*a.c.effects.get("withdrawn", []), withdrawn],
    }
    effects = [f"{withdrawn} goes back to {opponent}'s hand"]
    if other_playable_cards(a.s, a.c, opponent, withdrawn):
        return Resolved(tuple(effects), (a.another_card(opponent),), flags)
    flags["no_card"] = [opponent]
    effects.append(f"{opponent} has no other card and fights without one (GOT-X-15)")
    return Resolved(tuple(effects), (), flags)


def _replace_own_card(a: Ability) -> Resolved | Decision:
    """GOT-X-8: the owner pays the Power cost, discards its card and plays another."""
    choice = a.choice
    if not isinstance(choice, Mapping) or not isinstance(choice.get("replace"), bool):
        return refuse("GOT-X-8", "choice must be {replace: true|false}", "data.choice")
    if not choice["replace"]:
        return Resolved(())
    s, c, seat, card = a.s, a.c, a.seat, a.card
    cost = card.params.get("power_cost", 0)
    flags = {"card_withdrawn_from": seat, "withdrawn": [*c.effects.get("withdrawn", []), card.id]}
    events = (
        ev(s, "HouseCardsDiscarded", combat_id=c.combat_id, cards={seat: card.id}, reason="card_ability"),
        ev(s, "PowerSpent", seat=seat, amount=cost, reason=card.id),
        a.another_card(seat),
    )
    return Resolved((f"{seat} pays {cost} Power, discards {card.id} and plays another card",), events, flags)


def _remove_opponent_order(a: Ability) -> Resolved | Decision:
    """GOT-CARD-5 / X-8 (by the card's timing: Cersei's "if you win", the Queen of Thorns' "immediately"): an order of
    the opponent's in an area the card names is removed (optional on some cards)."""
    rule = a.rule
    area = a.choice.get("area") if isinstance(a.choice, Mapping) else None
    targets = order_targets(a.s, a.c, a.seat)
    if area is None and a.card.params.get("optional", False):
        return Resolved(("no order removed",))
    if area not in targets:
        return refuse(rule, _not_a_target(a, area, targets), "data.choice.area")
    order = a.s.orders[area]
    removal = {"area": area, "seat": order.seat, "order_token": order.token, "reason": "card_ability"}
    return Resolved((f"{order.token} removed from {area}",), (ev(a.s, "OrdersRemoved", removals=[removal]),))


def _not_a_target(a: Ability, area: Any, targets: list[str]) -> str:
    """Why an order may not be removed: the combat's own March order (by the card, or bound for clean-up after the
    victor, GOT-CLEANUP-1), the beaten defender's order in the embattled area (GOT-CLEANUP-2), or no opponent order
    the card reaches."""
    order = a.s.orders.get(area) if isinstance(area, str) else None
    if order is not None and order.seat != a.seat and is_combat_march(a.c, str(area), order.token):
        why = "clean-up removes it anyway (GOT-CLEANUP-1)" if a.card.timing in AFTER_VICTOR else "the card says so"
        return f"the March order that began this combat ({area!r}) cannot be taken: {why}; one of {targets}"
    if order is not None and a.card.timing in AFTER_VICTOR and cleared_as_beaten_defender(a.c, str(area), order.seat):
        return (
            f"the beaten defender's order in {area!r} is removed at clean-up anyway (GOT-CLEANUP-2); one of {targets}"
        )
    return f"area {area!r} is not one of {targets}"


def _upgrade_footman(a: Ability) -> Resolved | Decision:
    """GOT-CARD-5, X-8 (by its timing): a footman of the owner's in or supporting the combat becomes a knight."""
    rule = a.rule
    s, seat = a.s, a.seat
    unit_id = a.choice.get("unit", "") if isinstance(a.choice, Mapping) else ""
    targets = footmen_to_upgrade(s, a.c, seat)
    if unit_id is None and a.card.params.get("optional", False):
        return Resolved(("no footman upgraded",))
    if unit_id not in targets:
        message = f"choice.unit {unit_id!r} is not one of {seat}'s footmen in or supporting the combat"
        return refuse(rule, f"{message} ({', '.join(targets)})", "data.choice.unit")
    unit = s.units[unit_id]
    new = upgraded_id(s, unit)
    upgraded = ev(
        s,
        "UnitUpgraded",
        combat_id=a.c.combat_id,
        seat=seat,
        area=unit.area,
        unit=unit_id,
        new_unit=new,
        to_type="knight",
        reason=a.card.id,
    )
    return Resolved((f"the footman {unit_id} in {unit.area} is replaced by the knight {new}",), (upgraded,))


def _discard_from_opponent_hand(a: Ability) -> Resolved | Decision:
    """GOT-CARD-5, X-8 (by its timing): the owner names a card of the opponent's hand, which is discarded (optional)."""
    rule = a.rule
    opponent = a.opponent
    chosen = a.choice.get("card", "") if isinstance(a.choice, Mapping) else ""
    hand = a.s.hands.get(opponent, ())
    if chosen is None and a.card.params.get("optional", False):
        return Resolved((f"no card discarded from {opponent}'s hand",))
    if chosen not in hand:
        message = f"choice.card {chosen!r} is not in {opponent}'s hand ({', '.join(hand)})"
        return refuse(rule, message, "data.choice.card")
    discarded = ev(a.s, "HouseCardsDiscarded", combat_id=a.c.combat_id, cards={opponent: chosen}, reason="card_ability")
    return Resolved((f"{chosen} discarded from {opponent}'s hand",), (discarded,))


def _opponent_to_track_bottom(a: Ability) -> Resolved | Decision:
    """GOT-CARD-5, X-8 (by its timing): the opponent goes last on the influence track the owner names."""
    rule = a.rule
    track = a.choice.get("track") if isinstance(a.choice, Mapping) else None
    if track not in TRACKS:
        return refuse(rule, f"choice.track {track!r} is not one of {', '.join(TRACKS)}", "data.choice.track")
    opponent = a.opponent
    positions = [x for x in a.s.tracks.get(track, a.s.seats) if x != opponent] + [opponent]
    moved = set_track_positions(a.s, track, positions, reason="card_ability")
    effect = f"{opponent} moves to the last position of the {track} track"
    return Resolved((effect,), moved.events, notes=moved.trace)


def _manual(a: Ability) -> Resolved | Decision:
    """GOT-X-8: an ability the engine does not compute records the choice; its effects are entered with adjust."""
    if not isinstance(a.choice, Mapping):
        return refuse("GOT-X-8", "a manual ability records its choice as an object", "data.choice")
    return Resolved(("recorded; its effects are entered with adjust",))


RESOLVERS: Mapping[str, Callable[[Ability], Resolved | Decision]] = {
    "cancel_opponent_card": _cancel_opponent_card,
    "replace_own_card": _replace_own_card,
    "remove_opponent_order": _remove_opponent_order,
    "upgrade_footman": _upgrade_footman,
    "discard_from_opponent_hand": _discard_from_opponent_hand,
    "opponent_to_track_bottom": _opponent_to_track_bottom,
}
