"""The printed names notation reads for the ids Kard és Korona's events carry: a lord by his province (Felvidék,
Erdély, as seed 000 spells them), the royal and the neutral forces as the seed calls them ("Királyi / semleges
seregek"), counties by the board's names, units counted by arm, event cards by their printed (Hungarian) names and
the reasons events give as words. An id the game does not know is read as itself, so a line never fails."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.cards import CARDS
from domain.rulesets.kard_es_korona.forces import ARMS, force_from_json
from domain.rulesets.kard_es_korona.state import ROYAL, KKState

# The provinces as the shipped maps name them (as seed 000 spells them); a game's own board's names win over these.
PROVINCE_NAMES: Mapping[str, str] = {
    province["id"]: province["name"] for province in SHIPPED_BOARDS["basic"]["attributes"]["provinces"]
}
NEUTRAL_PREFIX = "neutral:"
# The reasons and causes events carry, as words; another reason reads with its underscores as spaces.
_REASONS: Mapping[str, str] = {
    "entered_empty": "entered while empty",
    "battle_won": "battle won",
    "vacated": "left empty",
    "mutual_annihilation": "both armies destroyed",
    "first_year_income": "no income in the first year",
    "election_year": "an election closes this year anyway",
}
# Cavalry and infantry are the same word for one and many; an archer is counted ("2 archers").
_PLURAL: Mapping[str, str] = {"archer": "archers"}

Seat = Callable[[Any], str]  # an owner id to its name, as a line prints it


def province(state: KKState | None, province_id: Any) -> str:
    """A province by name: "erdely" reads "Erdély"."""
    text = str(province_id)
    if state is not None and state.board is not None and text in state.board.province_names:
        return state.board.province_names[text]
    return PROVINCE_NAMES.get(text, text)


def who(state: KKState | None, owner: Any) -> str:
    """A lord by his province, "royal" as the royal forces, "neutral:pannonia" as the neutral forces of Pannónia."""
    if owner is None or owner == "":
        return "nobody"
    text = str(owner)
    if text == ROYAL:
        return "the royal forces"
    if text.startswith(NEUTRAL_PREFIX):
        return f"the neutral forces of {province(state, text.removeprefix(NEUTRAL_PREFIX))}"
    return province(state, text)


def whom(state: KKState | None, owners: Any) -> str:
    """Owners by name, in their order."""
    return ", ".join(who(state, o) for o in owners) if isinstance(owners, list | tuple) and owners else "nobody"


def namer(state: KKState | None) -> Seat:
    """`who` for a state, for the line builders that take one function."""
    return lambda owner: who(state, owner)


def county(state: KKState, county_id: Any) -> str:
    """A county by the board's name."""
    if state.board is not None and county_id in state.board.counties:
        return state.board.counties[county_id].name
    return str(county_id)


def arms(arm: Any, count: int) -> str:
    """A count of one arm: "1 archer", "2 archers", "2 cavalry"."""
    return f"{count} {arm if count == 1 else plural(arm)}"


def plural(arm: Any) -> str:
    """An arm as many: "archers", "cavalry", "infantry"."""
    return _PLURAL.get(str(arm), str(arm))


def units(value: Any) -> str:
    """A force counted by arm ("2 cavalry, 1 infantry, 2 archers"); a value that is not one reads as itself."""
    force = force_from_json(value)
    if force is None:
        return str(value)
    parts = [arms(arm, force.of(arm)) for arm in ARMS if force.of(arm)]
    return ", ".join(parts) if parts else "no units"


def words(reason: Any) -> str:
    """A reason or cause as words: "entered_empty" reads "entered while empty"."""
    text = str(reason)
    return _REASONS.get(text, text.replace("_", " "))


def card(card_id: Any) -> str:
    """An event card by its printed name: "parasztlazadas" reads "Parasztlázadás"."""
    found = CARDS.get(str(card_id))
    return found.name_hu if found is not None else str(card_id)


def battle_name(state: KKState, battle_id: Any) -> str:
    """A battle by its id and the county it is fought in, which the table knows it by: "b1301-5 in Pozsony" (the
    id alone once the state no longer holds the battle: a later year's)."""
    found = state.battle(str(battle_id))
    return f"{battle_id} in {county(state, found.county)}" if found is not None else str(battle_id)
