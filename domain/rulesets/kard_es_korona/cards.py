"""Event cards as data with machine-readable effects (KK-EVENT-1..7, A-55).

The seed names 7 of the 16 cards and gives only part of their effects; what it gives is applied here:
- Királyválasztás calls an extraordinary election (KK-EVENT-4, scheduled by `economy.decide_draw_event`);
- Céhek megerősödése lasts to the end of the game (KK-EVENT-2); its effect on players is entered with `adjust`;
- Parasztlázadás, Pestisjárvány, Véres Kard remove or add neutral **infantry** (KK-EVENT-5): the recorder enters
  the amounts and counties the card shows, the engine checks that only neutral infantry changes;
- Szüret gives an attacking lord +1 (KK-EVENT-6), never in a duel;
- Esős ősz makes each besieger roll a die; a low roll abandons the siege (KK-EVENT-7), the Judge Royal rerolls
  his own roll once (KK-OFFICE-2).
Every other effect of any card is entered with `adjust`, citing the card id (A-55).
Esős ősz's roll is decided in event_die.py: evolve imports this module, so it stays clear of `flow`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.kernel import Decision, RuleViolation
from domain.rulesets.kard_es_korona.forces import EMPTY, castle_limit_breaches, single
from domain.rulesets.kard_es_korona.state import ATTACKER, BATTLE, Battle, KKState, evolved, is_neutral

REMOVE = "remove"
EITHER = "either"


@dataclass(frozen=True, slots=True)
class EventCard:
    """One event card as data (KK-EVENT-2, A-55). Effects the engine cannot apply are entered with `adjust`."""

    id: str
    name_hu: str
    name_en: str
    duration: str  # year | permanent
    income_related: bool = False
    calls_election: bool = False
    neutral_infantry: str = ""  # KK-EVENT-5: "" (none) | remove | either
    attacking_lord_bonus: int = 0  # KK-EVENT-6
    siege_roll: bool = False  # KK-EVENT-7


# The seven cards the seed names; the deck has 16 and the other nine are entered by id (see `card_for`).
# A plague only kills, so Pestisjárvány only removes; the seed does not say which way the revolt and the
# bloody sword (the call to arms) go, so the card in hand decides, entered by the recorder.
CARDS: Mapping[str, EventCard] = {
    card.id: card
    for card in (
        EventCard("cehek_megerosodese", "Céhek megerősödése", "Rise of the Guilds", "permanent"),
        EventCard("kiralyvalasztas", "Királyválasztás", "King Election", "year", calls_election=True),
        EventCard("parasztlazadas", "Parasztlázadás", "Peasant Revolt", "year", neutral_infantry=EITHER),
        EventCard("pestisjarvany", "Pestisjárvány", "Plague", "year", neutral_infantry=REMOVE),
        EventCard("veres_kard", "Véres Kard", "Bloody Sword", "year", neutral_infantry=EITHER),
        EventCard("esos_osz", "Esős ősz", "Rainy Autumn", "year", siege_roll=True),
        EventCard("szuret", "Szüret", "Harvest", "year", attacking_lord_bonus=1),
    )
}
_CARD_ID = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


def card_for(data: Mapping[str, Any]) -> EventCard | None:
    """A named card, or one of the deck's cards the seed does not name, described by the recorder."""
    card_id = data.get("card")
    if not isinstance(card_id, str) or not _CARD_ID.fullmatch(card_id):
        return None
    # The seed does not say which cards concern income (KK-EVENT-3): the recorder says so when drawing one.
    income_related = data.get("income_related", False) is True
    if card_id in CARDS:
        return replace(CARDS[card_id], income_related=income_related)
    duration = data.get("duration", "year")
    if duration not in ("year", "permanent"):
        return None
    name = data.get("name", card_id)
    return EventCard(card_id, str(name), str(name), str(duration), income_related)


# --- KK-EVENT-5: neutral infantry ---


def neutral_changes(state: KKState, card: EventCard, raw: Any) -> list[dict[str, Any]] | Decision:
    """KK-EVENT-5: the `neutral_infantry` entries [{county, change}] of the drawn card, checked; or a refusal."""
    if raw is None:
        return []
    if not card.neutral_infantry:
        return _refuse("KK-EVENT-5", f"{card.name_hu} does not change the neutral forces", "data.neutral_infantry")
    if not isinstance(raw, list):
        return _refuse("KK-EVENT-5", "neutral_infantry must list {county, change}", "data.neutral_infantry")
    changes: list[dict[str, Any]] = []
    for index, item in enumerate(raw):
        where = f"data.neutral_infantry[{index}]"
        found = _neutral_change(state, card, item, where)
        if isinstance(found, Decision):
            return found
        if any(c["county"] == found["county"] for c in changes):
            return _refuse("KK-EVENT-5", f"{found['county']} is named twice", where)
        changes.append(found)
    return changes


def _neutral_change(state: KKState, card: EventCard, item: Any, where: str) -> dict[str, Any] | Decision:
    board = state.board
    assert board is not None
    if not isinstance(item, Mapping):
        return _refuse("KK-EVENT-5", f"{item!r} is not {{county, change}}", where)
    county, change = item.get("county"), item.get("change")
    if not isinstance(county, str) or county not in board.counties:
        return _refuse("KK-EVENT-5", f"{county!r} is not a county of the board", f"{where}.county")
    if not isinstance(change, int) or isinstance(change, bool) or change == 0:
        return _refuse("KK-EVENT-5", f"change {change!r} must be a whole number of infantry, not 0", f"{where}.change")
    if change > 0 and card.neutral_infantry == REMOVE:
        return _refuse("KK-EVENT-5", f"{card.name_hu} only removes neutral infantry", f"{where}.change")
    owners = state.owners_in(county)
    if any(not is_neutral(o) for o in owners):
        return _refuse("KK-EVENT-5", f"{county} holds a player's units: only neutral forces change", f"{where}.county")
    holder = owners[0] if owners else state.control.get(county)
    if holder is None or not is_neutral(holder):
        return _refuse("KK-EVENT-5", f"{county} is not held by royal or neutral forces", f"{where}.county")
    if change < 0 and state.force(county, holder).infantry < -change:
        has = state.force(county, holder).infantry
        return _refuse("KK-EVENT-5", f"{county} has {has} neutral infantry, not {-change}", f"{where}.change")
    overfilled = _castle_overfilled(state, county, holder, change, f"{where}.change")
    if overfilled is not None:
        return overfilled
    return {"county": county, "owner": holder, "change": change}


def _castle_overfilled(state: KKState, county: str, holder: str, change: int, field: str) -> Decision | None:
    """KK-CASTLE-2/3 (KK-EVENT-5): infantry a card adds to a castle keep it within 7 units and the arm limit.

    Seed: „a várban egyszerre 7 seregnél több nem tartózkodhat, valamint fegyvernembeli limit is vonatkozik rá".
    """
    board = state.board
    assert board is not None
    if change <= 0 or not board.counties[county].castle:
        return None
    garrison = state.force(county, holder).plus(single("infantry", change))
    arm_limit, variant = str(state.options["castle_arm_limit"]), str(state.options["variant"])
    breaches = castle_limit_breaches(garrison, arm_limit, variant)
    if not breaches:
        return None
    held = f"{board.counties[county].name} would hold {garrison.describe()}"
    # The castle's own limits bar the addition; KK-EVENT-5 (the card adds neutral infantry) is the umbrella.
    broken = tuple(RuleViolation(rule, f"{held}: {reason}", {"field": field}) for rule, reason in breaches)
    umbrella = RuleViolation("KK-EVENT-5", f"{held}: the card cannot add {change} infantry there", {"field": field})
    return Decision(violations=(*broken, umbrella))


def _effect_applied(state: KKState, data: Mapping[str, Any]) -> KKState:
    units = dict(state.units)
    for item in data["changes"]:
        county, owner, change = str(item["county"]), str(item["owner"]), int(item["change"])
        here = dict(units.get(county, {}))
        before = here.get(owner, EMPTY)
        after = before.plus(single("infantry", change)) if change > 0 else before.minus(single("infantry", -change))
        if after.infantry < 0:
            raise ValueError(f"{county} has fewer than {-change} infantry")
        if after.total:
            here[owner] = after
        else:
            here.pop(owner, None)
        if here:
            units[county] = here
        else:
            units.pop(county, None)
    control = state.control
    if state.options.get("control_model") == "presence":  # an emptied county has no owner
        emptied = {str(item["county"]) for item in data["changes"]} - set(units)
        control = {c: o for c, o in control.items() if c not in emptied}
    return evolved(state, units=units, control=control)


# --- KK-EVENT-6: Szüret ---


def harvest_bonus(state: KKState, battle: Battle, side: str, arm: str) -> int:
    """KK-EVENT-6, A-55: in a Szüret year an attacking lord's +1 grows by one on the arm he leads."""
    card = CARDS.get(state.event_card or "")
    if card is None or not card.attacking_lord_bonus or side != ATTACKER:
        return 0
    if state.options.get("harvest_bonus", "led_arm") != "led_arm":
        return 0
    leads = battle.led_arms.get(side) == arm and side not in battle.bonus_lost
    # The lord is present (hits.lord_present, not imported: hits asks this module for the bonus).
    present = battle.has_lord(side) and state.lords.get(battle.owner_of(side)) == battle.county
    return card.attacking_lord_bonus if leads and present else 0


# --- KK-EVENT-7: Esős ősz ---


def siege_roll_due(state: KKState) -> Battle | None:
    """KK-EVENT-7: the siege being fought whose besieger has still to roll for the year's Rainy Autumn."""
    card = CARDS.get(state.event_card or "")
    if card is None or not card.siege_roll or state.phase != BATTLE:
        return None
    battle = state.battle(state.current_battle)
    if battle is None or battle.kind != "siege" or battle.status != "fighting" or battle.exchanges:
        return None
    return None if battle.id in state.event_rolls else battle


def withdraws_on(state: KKState) -> int:
    """KK-EVENT-7: the highest face that makes the besieger abandon the siege (option rainy_autumn_withdraw_on)."""
    value = state.options.get("rainy_autumn_withdraw_on", 3)
    return value if isinstance(value, int) else 3


def _event_die_rolled(state: KKState, data: Mapping[str, Any]) -> KKState:
    faces = data["faces"]
    return evolved(state, event_rolls={**state.event_rolls, str(data["battle"]): int(faces[-1])})


HANDLERS = {
    "EventEffectApplied": _effect_applied,
    "EventDieRolled": _event_die_rolled,
}


def _refuse(rule_id: str, message: str, field: str) -> Decision:
    """`flow.refuse`, without importing flow: evolve imports this module, and flow imports evolve."""
    return Decision.refuse(rule_id, message, field=field)
