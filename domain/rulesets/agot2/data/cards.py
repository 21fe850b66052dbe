"""The agot2 house-card set schema (catalog §0.3.2): icons, text abilities, their timing classes and effects.

A card's `ability` is null (icons only) or ``{"kind", "timing", "params"}``. `kind` is the effect id the
engine resolves (ABILITY_KINDS) or "manual" for an ability recorded with the `resolve_card_ability`
action; `timing` is the catalog's timing class (GOT-CARD-3/4/5, GOT-X-8); `params` are the numbers and
conditions of the effect, checked per kind below so that a house-rule card set fails here and not mid-game.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.rulesets.agot2.data.values import (
    choices,
    count_error,
    is_count,
    is_one_of,
    is_text,
    shown,
    unknown_keys,
)

CARDS_PER_HOUSE = 7
TIMINGS = frozenset({"cancel", "immediately", "continuous", "if_win", "if_lose", "after_combat"})
UNIT_TYPES = frozenset({"footman", "knight", "ship", "siege_engine"})
ROLES = frozenset({"attacker", "defender"})
TRACKS = frozenset({"iron_throne", "fiefdoms", "kings_court"})
CARD_FIELDS = frozenset({"id", "house", "name", "strength", "swords", "fortifications", "text", "ability"})
ICON_FIELDS = frozenset({"strength", "swords", "fortifications"})

Check = Callable[[object], str | None]  # None when the value is fine, else what was expected


def _count(value: object) -> str | None:
    return None if is_count(value) else "a whole number >= 0"


def _positive(value: object) -> str | None:
    return None if is_count(value) and value != 0 else "a whole number >= 1"


def _flag(value: object) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _text(value: object) -> str | None:
    return None if is_text(value) else "a non-empty string"


def _one_of(*allowed: str) -> Check:
    def check(value: object) -> str | None:
        return None if value in allowed else choices(allowed)

    return check


def _some_of(*allowed: str) -> Check:
    def check(value: object) -> str | None:
        valid = isinstance(value, list) and value and all(item in allowed for item in value)
        return None if valid else f"a non-empty array of {choices(allowed)}"

    return check


def _icons(value: object) -> str | None:
    valid = isinstance(value, Mapping) and set(value) <= ICON_FIELDS and all(map(is_count, value.values()))
    return None if valid else f"an object of {choices(ICON_FIELDS)} counts"


@dataclass(frozen=True, slots=True)
class AbilityKind:
    """What an engine-resolved effect accepts: its timing classes and its parameters (name -> check)."""

    timings: frozenset[str]
    required: Mapping[str, Check]
    optional: Mapping[str, Check]


def _kind(timings: set[str], required: Mapping[str, Check], optional: Mapping[str, Check] | None = None) -> AbilityKind:
    return AbilityKind(frozenset(timings), required, optional or {})


_BONUS = {"strength": _count, "swords": _count, "fortifications": _count}

# The effects of the base cards that change strength, icons, casualties, retreats or orders. A card set may
# reuse them with other numbers; anything else is "manual". What each one does (the card that uses it):
#   choose_opponent_retreat       the winner picks the loser's retreat area among `among` (Robb Stark)
#   prevent_casualties            no units lost to the listed `sources` (The Blackfish)
#   double_defense_order          the owner's Defense bonus in the embattled area times `factor` (Catelyn Stark)
#   cancel_opponent_card          the opponent's card goes back to hand; they play another or none (Tyrion)
#   unit_strength                 own `unit`s in the combat count `strength` each in `role` (Kevan, Victarion)
#   remove_opponent_order         one opponent order token removed from `where` (Cersei, Queen of Thorns)
#   strength_if_opponent_higher   +`strength` while the opponent is higher on `track` (Stannis Baratheon)
#   bonus_if_card_discarded       icons and strength while `card` is in the owner's discard pile (Ser Davos)
#   zero_other_ships              ships of other Houses add 0 under `condition` (Salladhor Saan)
#   bonus_if_defending_structure  icons and strength when defending a castle or stronghold (Theon Greyjoy)
#   zero_opponent_card_strength   the opponent card's printed strength counts 0 (Balon Greyjoy)
#   bonus_if_unsupported          icons and strength when no area supports the owner (Asha Greyjoy)
#   replace_own_card              pay `power_cost` Power to swap this card for another from hand (Aeron Damphair)
#   destroy_opponent_footman      `count` attacking or defending enemy footmen destroyed (Mace Tyrell)
#   march_order_follows           the winning attacker's March order moves into the area, unresolved (Ser Loras)
#   icon_by_role                  icons by the owner's side in the combat (Nymeria Sand)
#   block_move_in                 the winning attacker may not move in; its units go back (Arianne Martell)
#   gain_power                    the owner takes `amount` Power tokens from the Power Pool (Tywin Lannister)
#   upgrade_footman               one own footman in the combat or supporting it becomes a knight (Renly Baratheon)
#   discard_from_opponent_hand    the owner discards one card of its choice from the opponent's hand (Patchface)
#   opponent_to_track_bottom      the opponent goes to the last position of the track its owner names (Doran Martell)
#   return_discard_pile           the discard pile and this card go back to hand; not discarded (Roose Bolton)
ABILITY_KINDS: Mapping[str, AbilityKind] = {
    "choose_opponent_retreat": _kind({"if_win"}, {"among": _one_of("fewest_losses", "any_legal")}, {"optional": _flag}),
    "prevent_casualties": _kind({"continuous"}, {"sources": _some_of("card_ability", "swords", "tides_of_battle")}),
    "double_defense_order": _kind({"continuous"}, {"factor": _positive}),
    "cancel_opponent_card": _kind({"cancel"}, {"optional": _flag}),
    "unit_strength": _kind(
        {"continuous"},
        {"unit": _one_of(*UNIT_TYPES), "strength": _count, "includes_support": _flag},
        {"role": _one_of(*ROLES)},
    ),
    "remove_opponent_order": _kind(
        {"immediately", "if_win", "if_lose", "after_combat"},
        {"where": _one_of("anywhere", "adjacent_to_embattled_area"), "optional": _flag},
        {"exclude_combat_march": _flag},
    ),
    "strength_if_opponent_higher": _kind({"continuous"}, {"track": _one_of(*TRACKS), "strength": _count}),
    "bonus_if_card_discarded": _kind({"continuous"}, {"card": _text}, _BONUS),
    "zero_other_ships": _kind({"continuous"}, {"condition": _one_of("owner_supported", "always")}),
    "bonus_if_defending_structure": _kind({"continuous"}, {}, _BONUS),
    "zero_opponent_card_strength": _kind({"continuous"}, {}),
    "bonus_if_unsupported": _kind({"continuous"}, {}, _BONUS),
    "replace_own_card": _kind({"immediately"}, {"power_cost": _count, "optional": _flag}),
    "destroy_opponent_footman": _kind({"immediately"}, {"count": _positive}),
    "march_order_follows": _kind({"if_win"}, {}, {"role": _one_of(*ROLES)}),
    "icon_by_role": _kind({"continuous"}, {}, {"attacker": _icons, "defender": _icons}),
    "block_move_in": _kind({"if_lose"}, {}, {"role": _one_of(*ROLES)}),
    "gain_power": _kind({"if_win", "if_lose", "after_combat"}, {"amount": _positive}),
    "upgrade_footman": _kind({"if_win", "if_lose", "after_combat"}, {}, {"optional": _flag}),
    "discard_from_opponent_hand": _kind({"if_win", "if_lose", "after_combat"}, {}, {"optional": _flag}),
    "opponent_to_track_bottom": _kind({"immediately", "if_win", "if_lose", "after_combat"}, {}),
    "return_discard_pile": _kind({"if_win", "if_lose", "after_combat"}, {}),
}
MANUAL = "manual"
# The kinds of the five cards that were "manual" before the engine decided them (issue 17): a game recorded
# before then keeps them manual (the agot2 option `engine_card_abilities`).
ENGINE_DECIDED_LATER = frozenset(
    {"gain_power", "upgrade_footman", "discard_from_opponent_hand", "opponent_to_track_bottom", "return_discard_pile"}
)


def card_set_errors(document: object) -> list[str]:
    """Every problem of a house-card set (catalog §0.3.2, GOT-CARD-2); each message names the card or house."""
    if not isinstance(document, Mapping):
        return [f"card set: expected an object, got {shown(document)}"]
    cards = document.get("cards")
    if not isinstance(cards, list):
        return [f"card set cards: expected an array, got {shown(cards)}"]
    errors: list[str] = []
    seen: set[str] = set()
    names_by_house: dict[str, list[str]] = defaultdict(list)
    for index, card in enumerate(cards):
        if not isinstance(card, Mapping) or not is_text(card.get("id")):
            errors.append(f"cards[{index}]: expected an object with a non-empty string id, got {shown(card)}")
            continue
        where = f"card {card['id']!r}"
        if card["id"] in seen:
            errors.append(f"{where}: id repeated (cards[{index}])")
            continue
        seen.add(card["id"])
        errors += _card_errors(card, where)
        house, name = card.get("house"), card.get("name")
        if isinstance(house, str) and house:
            names_by_house[house].append(name if isinstance(name, str) else "")
    for house, names in names_by_house.items():
        errors += _house_errors(house, names)
    return errors + _reference_errors(cards)


def _reference_errors(cards: list[Any]) -> list[str]:
    """A card an ability names (Ser Davos names Stannis) must be another card of the same House in this set."""
    house_of = {
        card["id"]: card.get("house") for card in cards if isinstance(card, Mapping) and is_text(card.get("id"))
    }
    errors = []
    for card in cards:
        if not (isinstance(card, Mapping) and is_text(card.get("id"))):
            continue  # reported by card_set_errors already
        ability = card.get("ability")
        params = ability.get("params") if isinstance(ability, Mapping) else None
        named = params.get("card") if isinstance(params, Mapping) else None
        if not is_text(named):
            continue
        if house_of.get(named) != card.get("house") or named == card.get("id"):
            errors.append(
                f"card {card['id']!r} ability.params.card: {named!r} is not another card of house {card.get('house')!r}"
            )
    return errors


def _house_errors(house: str, names: list[str]) -> list[str]:
    """GOT-CARD-2: each House holds exactly 7 cards of its own, no two alike."""
    errors = []
    if len(names) != CARDS_PER_HOUSE:
        errors.append(f"house {house!r}: {len(names)} cards, expected {CARDS_PER_HOUSE} (GOT-CARD-2)")
    repeated = sorted(name for name, times in Counter(names).items() if times > 1 and name)
    if repeated:
        errors.append(f"house {house!r}: card name(s) {', '.join(map(repr, repeated))} used more than once")
    return errors


def _card_errors(card: Mapping[str, Any], where: str) -> list[str]:
    errors = unknown_keys(card, CARD_FIELDS, where)
    for key in ("house", "name"):
        if not is_text(card.get(key)):
            errors.append(f"{where} {key}: expected a non-empty string, got {shown(card.get(key))}")
    for key in ("strength", "swords", "fortifications"):
        errors += count_error(card, key, where, default=None)
    text, ability = card.get("text", ""), card.get("ability")
    if not isinstance(text, str):
        errors.append(f"{where} text: expected a string, got {shown(text)}")
    elif text and ability is None:
        errors.append(f"{where} ability: the card has text but no ability (use kind 'manual' if nothing is modelled)")
    elif not text and ability is not None:
        errors.append(f"{where} text: the card has an ability but no text saying what it does")
    if ability is not None:
        errors += _ability_errors(ability, f"{where} ability")
    return errors


def _ability_errors(ability: object, where: str) -> list[str]:
    """GOT-CARD-3/4/5 and GOT-X-8: a known timing class; an engine effect with the parameters it needs."""
    if not isinstance(ability, Mapping):
        return [f"{where}: expected null or an object with kind, timing and params, got {shown(ability)}"]
    errors = unknown_keys(ability, ("kind", "timing", "params"), where)
    kind, timing, params = ability.get("kind"), ability.get("timing"), ability.get("params", {})
    if not is_one_of(timing, TIMINGS):
        errors.append(f"{where}.timing: expected {choices(TIMINGS)}, got {shown(timing)}")
    if not isinstance(params, Mapping):
        return [*errors, f"{where}.params: expected an object, got {shown(params)}"]
    if kind == MANUAL:
        effect = params.get("effect")
        if effect is not None and not is_text(effect):
            errors.append(f"{where}.params.effect: expected a non-empty string naming the effect, got {shown(effect)}")
        return errors
    spec = ABILITY_KINDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        return [
            *errors,
            f"{where}.kind: expected {MANUAL!r} or an engine effect ({choices(ABILITY_KINDS)}), got {shown(kind)}",
        ]
    if is_one_of(timing, TIMINGS) and not is_one_of(timing, spec.timings):
        errors.append(f"{where}.timing: {kind!r} resolves {choices(spec.timings)}, got {timing!r}")
    errors += unknown_keys(params, {*spec.required, *spec.optional}, f"{where}.params")
    for name, check in {**spec.required, **spec.optional}.items():
        if name not in params:
            if name in spec.required:
                errors.append(f"{where}.params.{name}: required by {kind!r}")
            continue
        expected = check(params[name])
        if expected is not None:
            errors.append(f"{where}.params.{name}: expected {expected}, got {shown(params[name])}")
    return errors
