"""House-card text abilities inside a combat (GOT-CARD-3/4/5, X-8): whose ability is next, whether it waits
for its owner's choice (`resolve_card_ability`), and the effects the engine resolves alone."""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Event, TraceStep
from domain.rulesets.agot2.options import PIECES, POWER_TOKENS
from domain.rulesets.agot2.retreat import losing_units
from domain.rulesets.agot2.state import AgotState, Combat, Unit, ev
from domain.rulesets.agot2.strength import SIDES, card_of, live_support

CHOICE_KINDS = frozenset(
    {
        "cancel_opponent_card",
        "replace_own_card",
        "remove_opponent_order",
        "upgrade_footman",
        "discard_from_opponent_hand",
        "opponent_to_track_bottom",
        "manual",
    }
)
TIER_RULES = {"cancel": "GOT-CARD-3", "if_win": "GOT-CARD-5", "if_lose": "GOT-CARD-5"}


def ability_applies(state: AgotState, c: Combat, seat: str, tier: str) -> bool:
    """Whether the seat's card has an ability of this tier that applies now (role, win/lose)."""
    card = card_of(state, c, seat)
    if card is None or card.kind is None or card.id in c.abilities_done:
        return False
    role = card.params.get("role")
    if role is not None and c.side_of(seat) != role:
        return False
    if tier in ("if_win", "if_lose"):
        if c.result is None or card.timing != tier:
            return False
        return bool((c.result["winner"] == seat) == (tier == "if_win"))
    return card.timing == tier


def pending_ability(state: AgotState, c: Combat, tier: str) -> Decision | None:
    """GOT-CARD-3/5, X-8: the first unresolved ability of the tier in turn order; None if none is left.

    An ability that needs a choice returns an empty decision: `proceed` stops for `resolve_card_ability`.
    """
    seat = next_ability(state, c, tier)
    if seat is None:
        return None
    card = card_of(state, c, seat)
    assert card is not None
    if card.kind in CHOICE_KINDS and needs_choice(state, c, seat):
        return Decision()
    return automatic_ability(state, c, seat)


def next_ability(state: AgotState, c: Combat, tier: str) -> str | None:
    """GOT-CARD-3/5, X-8: the combatant whose ability of this tier resolves next, in turn order."""
    for seat in state.turn_order():
        if seat in (c.attacker, c.defender) and ability_applies(state, c, seat, tier):
            return seat
    return None


def needs_choice(state: AgotState, c: Combat, seat: str) -> bool:
    """Whether an ability must wait for its owner's choice (or it has no possible target)."""
    card = card_of(state, c, seat)
    assert card is not None
    if card.kind == "remove_opponent_order":
        return bool(order_targets(state, c, seat))
    if card.kind == "upgrade_footman":
        return bool(footmen_to_upgrade(state, c, seat))
    if card.kind == "discard_from_opponent_hand":
        return bool(state.hands.get(c.opponent(seat)))
    if card.kind == "replace_own_card":
        others = other_playable_cards(state, c, seat, card.id)
        return bool(others) and state.power.get(seat, 0) >= card.params.get("power_cost", 0)
    return True


# Timings resolved once the victor is known (GOT-CARD-5, X-8 steps 7 and 13), when the combat's March order is
# already bound for clean-up (GOT-CLEANUP-1).
AFTER_VICTOR = ("if_win", "if_lose", "after_combat")


def other_playable_cards(state: AgotState, c: Combat, seat: str, card_id: str) -> list[str]:
    """GOT-CARD-3, X-8, X-15: the seat's cards in hand besides `card_id` that it may still play in this combat
    (not one an ability sent back, which `card_errors` refuses)."""
    barred = {card_id, *c.effects.get("withdrawn", ())}
    return [x for x in state.hands.get(seat, ()) if x not in barred]


def order_targets(state: AgotState, c: Combat, seat: str) -> list[str]:
    """Areas holding an opponent order that `remove_opponent_order` may take (Cersei, Queen of Thorns).

    The March order that began the combat is left out when the card says so (Queen of Thorns) and for an ability
    resolved once the victor is known (Cersei's "if you win"): clean-up removes it anyway (GOT-CLEANUP-1), so taking
    it would spend the ability for nothing. So is, once the attacker has won, the defender's order in the embattled
    area (GOT-CLEANUP-2).
    """
    card = card_of(state, c, seat)
    assert card is not None
    opponent = c.opponent(seat)
    near = state.board.neighbours.get(c.area, ())
    found = []
    for area, order in sorted(state.orders.items()):
        if order.seat != opponent:
            continue
        if card.params.get("where") == "adjacent_to_embattled_area" and area not in near:
            continue
        if is_combat_march(c, area, order.token) and (
            card.params.get("exclude_combat_march") or card.timing in AFTER_VICTOR
        ):
            continue
        if card.timing in AFTER_VICTOR and cleared_as_beaten_defender(c, area, order.seat):
            continue
        found.append(area)
    return found


def cleared_as_beaten_defender(c: Combat, area: str, seat: str) -> bool:
    """GOT-CLEANUP-2: the defender's order in the embattled area once the attacker has won (removed at clean-up)."""
    return c.result is not None and c.result["winner"] == c.attacker and area == c.area and seat == c.defender


def is_combat_march(c: Combat, area: str, token: str) -> bool:
    """GOT-CLEANUP-1: the attacker's March order that began this combat (removed at its clean-up)."""
    return area == c.origin and token == c.march_token


def power_in_pool(state: AgotState, seat: str) -> int:
    """GOT-X-28, TERM-6: the seat's Power tokens in the Power Pool, neither available nor on the board."""
    on_board = sum(1 for house in state.power_tokens.values() if house == seat)
    return max(0, POWER_TOKENS - state.power.get(seat, 0) - on_board)


def knights_in_the_box(state: AgotState, seat: str) -> int:
    """GOT-X-28: the seat's knights not on the board (a House has 5)."""
    return max(0, PIECES["knight"] - sum(1 for u in state.units.values() if u.seat == seat and u.type == "knight"))


def footmen_to_upgrade(state: AgotState, c: Combat, seat: str) -> list[str]:
    """Renly Baratheon: the seat's footmen fighting in the combat or in an area it supports the combat from now
    (GOT-X-5, X-23: not once its Support order is removed), while a knight is left to replace one (GOT-X-28)."""
    if not knights_in_the_box(state, seat):
        return []
    supporting = {area for side in SIDES for who, area in live_support(state, c, side) if who == seat}
    units = [*losing_units(state, c, seat), *(u for area in sorted(supporting) for u in state.units_in(area, seat))]
    return [u.id for u in units if u.type == "footman"]


def upgraded_id(state: AgotState, unit: Unit) -> str:
    """The id of the knight that replaces a footman: the first free `seat:knight:area:n`."""
    n = 1
    while f"{unit.seat}:knight:{unit.area}:{n}" in state.units:
        n += 1
    return f"{unit.seat}:knight:{unit.area}:{n}"


def automatic_ability(state: AgotState, c: Combat, seat: str) -> Decision:
    """An ability the engine resolves with no choice (or one with nothing to choose from)."""
    card = card_of(state, c, seat)
    assert card is not None
    base = {"combat_id": c.combat_id, "seat": seat, "card": card.id, "timing": card.timing, "choice": None}
    flags: dict[str, Any] = {}
    effects: list[str] = []
    events: list[Event] = []
    notes: list[TraceStep] = []
    match card.kind:
        case "return_discard_pile":
            pile = list(state.discards.get(seat, ()))
            events.append(
                ev(state, "HouseCardsReturned", seat=seat, cards=pile, kept_in_discard=[], reason="card_ability")
            )
            flags["not_discarded"] = [*c.effects.get("not_discarded", []), card.id]
            effects.append(f"{len(pile)} discarded card(s) and {card.id} go back to {seat}'s hand")
            notes.append(TraceStep("GOT-X-8", f"{card.id} was moved back to hand: it is not discarded at step 11"))
        case "gain_power":
            effects.append(_gain_power(state, seat, card.params.get("amount", 0), card.id, events, notes))
        case "destroy_opponent_footman":
            effects.append(_destroy_opponent_footman(state, c, seat, card.params.get("count", 1), events))
        case "choose_opponent_retreat":
            flags["retreat_chooser"] = seat
            effects.append(f"{seat} chooses the retreat")
        case "march_order_follows":
            flags["march_follows"] = True
            effects.append("the March order moves into the conquered area")
        case "block_move_in":
            flags["block_move_in"] = True
            effects.append("the attacking units may not move in")
        case "remove_opponent_order":
            effects.append("no opponent order to remove")
        case "replace_own_card":
            effects.append("no other card or not enough Power: the card stays")
        case "discard_from_opponent_hand":
            effects.append(f"{c.opponent(seat)} has no card in hand: nothing to discard")
        case "upgrade_footman" if not knights_in_the_box(state, seat):
            effects.append(
                f"all {PIECES['knight']} of {seat}'s knights are on the board: nothing to upgrade (GOT-X-28)"
            )
        case "upgrade_footman":
            effects.append(f"{seat} has no footman in the combat or supporting it: nothing to upgrade")
        case _:
            effects.append("no effect")
    event = ev(state, "HouseCardAbilityResolved", **base, effects=effects, flags=flags)
    rule = TIER_RULES.get(card.timing or "", "GOT-X-8")
    step = TraceStep(rule, f"{card.name} ({seat}): {'; '.join(effects)}")
    return Decision((event, *events), trace=(step, *notes))


def _gain_power(
    state: AgotState, seat: str, amount: int, card_id: str, events: list[Event], notes: list[TraceStep]
) -> str:
    """Tywin Lannister: Power from the Power Pool, no more than it holds of the seat's 20 tokens (GOT-X-28)."""
    taken = min(amount, power_in_pool(state, seat))
    if taken:
        events.append(ev(state, "PowerGained", seat=seat, amount=taken, reason=card_id))
    if taken < amount:
        notes.append(TraceStep("GOT-X-28", f"only {taken} of {seat}'s 20 Power tokens are in the Power Pool"))
    return f"{seat} takes {taken} Power from the Power Pool"


def _destroy_opponent_footman(state: AgotState, c: Combat, seat: str, count: int, events: list[Event]) -> str:
    """The opponent's unrouted footmen of the combat, up to `count`, unless a card prevents it (the Blackfish)."""
    opponent = c.opponent(seat)
    footmen = [u.id for u in losing_units(state, c, opponent) if u.type == "footman" and not u.routed]
    victims = footmen[:count]
    blocked = prevents(state, c, opponent, "card_ability")
    if not victims or blocked:
        return "no footman destroyed" + (f" ({blocked} prevents it)" if blocked else "")
    area = c.area if opponent == c.defender else c.origin
    events.append(ev(state, "UnitsDestroyed", seat=opponent, area=area, units=victims, reason="card_ability"))
    return f"destroyed {', '.join(victims)}"


def prevents(state: AgotState, c: Combat, seat: str, source: str) -> str | None:
    """The Blackfish: a card of the seat preventing losses from this source (card id), if any."""
    card = card_of(state, c, seat)
    if card is not None and card.kind == "prevent_casualties" and source in card.params.get("sources", ()):
        return card.id
    return None
