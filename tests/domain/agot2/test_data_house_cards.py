"""The 42 shipped house cards (catalog §0.3.2, GOT-CARD-2) and the card-set validator.

The expected numbers are those printed on the second-edition cards, written out here by hand.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from domain.kernel import Seat
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.data import ABILITY_KINDS, BASE_HOUSE_CARDS, MANUAL, TIMINGS, card_set_errors
from domain.rulesets.agot2.data.cards import ENGINE_DECIDED_LATER

HOUSES = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")
# name: (strength, swords, fortifications), per House, as printed.
PRINTED = {
    "stark": {
        "Eddard Stark": (4, 2, 0),
        "Robb Stark": (3, 0, 0),
        "Roose Bolton": (2, 0, 0),
        "Greatjon Umber": (2, 1, 0),
        "Ser Rodrik Cassel": (1, 0, 2),
        "The Blackfish": (1, 0, 0),
        "Catelyn Stark": (0, 0, 0),
    },
    "lannister": {
        "Tywin Lannister": (4, 0, 0),
        "Ser Gregor Clegane": (3, 3, 0),
        "The Hound": (2, 0, 2),
        "Ser Jaime Lannister": (2, 1, 0),
        "Tyrion Lannister": (1, 0, 0),
        "Ser Kevan Lannister": (1, 0, 0),
        "Cersei Lannister": (0, 0, 0),
    },
    "baratheon": {
        "Stannis Baratheon": (4, 0, 0),
        "Renly Baratheon": (3, 0, 0),
        "Ser Davos Seaworth": (2, 0, 0),
        "Brienne of Tarth": (2, 1, 1),
        "Melisandre": (1, 1, 0),
        "Salladhor Saan": (1, 0, 0),
        "Patchface": (0, 0, 0),
    },
    "greyjoy": {
        "Euron Crow's Eye": (4, 1, 0),
        "Victarion Greyjoy": (3, 0, 0),
        "Theon Greyjoy": (2, 0, 0),
        "Balon Greyjoy": (2, 0, 0),
        "Asha Greyjoy": (1, 0, 0),
        "Dagmer Cleftjaw": (1, 1, 1),
        "Aeron Damphair": (0, 0, 0),
    },
    "tyrell": {
        "Mace Tyrell": (4, 0, 0),
        "Ser Loras Tyrell": (3, 0, 0),
        "Ser Garlan Tyrell": (2, 2, 0),
        "Randyll Tarly": (2, 1, 0),
        "Alester Florent": (1, 0, 1),
        "Margaery Tyrell": (1, 0, 1),
        "Queen of Thorns": (0, 0, 0),
    },
    "martell": {
        "The Red Viper": (4, 2, 1),
        "Areo Hotah": (3, 0, 1),
        "Obara Sand": (2, 1, 0),
        "Darkstar": (2, 1, 0),
        "Nymeria Sand": (1, 0, 0),
        "Arianne Martell": (1, 0, 0),
        "Doran Martell": (0, 0, 0),
    },
}
# Cards whose printed text changes strength, icons, casualties, retreats or orders: the engine resolves them.
ENGINE_RESOLVED = {
    "Robb Stark": ("choose_opponent_retreat", "if_win"),
    "The Blackfish": ("prevent_casualties", "continuous"),
    "Catelyn Stark": ("double_defense_order", "continuous"),
    "Tyrion Lannister": ("cancel_opponent_card", "cancel"),
    "Ser Kevan Lannister": ("unit_strength", "continuous"),
    "Cersei Lannister": ("remove_opponent_order", "if_win"),
    "Stannis Baratheon": ("strength_if_opponent_higher", "continuous"),
    "Ser Davos Seaworth": ("bonus_if_card_discarded", "continuous"),
    "Salladhor Saan": ("zero_other_ships", "continuous"),
    "Victarion Greyjoy": ("unit_strength", "continuous"),
    "Theon Greyjoy": ("bonus_if_defending_structure", "continuous"),
    "Balon Greyjoy": ("zero_opponent_card_strength", "continuous"),
    "Asha Greyjoy": ("bonus_if_unsupported", "continuous"),
    "Aeron Damphair": ("replace_own_card", "immediately"),
    "Mace Tyrell": ("destroy_opponent_footman", "immediately"),
    "Ser Loras Tyrell": ("march_order_follows", "if_win"),
    "Queen of Thorns": ("remove_opponent_order", "immediately"),
    "Nymeria Sand": ("icon_by_role", "continuous"),
    "Arianne Martell": ("block_move_in", "if_lose"),
    "Roose Bolton": ("return_discard_pile", "if_lose"),
    "Tywin Lannister": ("gain_power", "if_win"),
    "Renly Baratheon": ("upgrade_footman", "if_win"),
    "Patchface": ("discard_from_opponent_hand", "after_combat"),
    "Doran Martell": ("opponent_to_track_bottom", "immediately"),
}


def cards() -> list[dict[str, Any]]:
    return list(BASE_HOUSE_CARDS["cards"])


def card(name: str) -> dict[str, Any]:
    return next(item for item in cards() if item["name"] == name)


def test_shipped_card_set_passes_the_validator() -> None:
    assert card_set_errors(BASE_HOUSE_CARDS) == []


def test_42_cards_seven_unique_per_house() -> None:
    assert len(cards()) == 42
    for house in HOUSES:
        names = [item["name"] for item in cards() if item["house"] == house]
        assert len(names) == len(set(names)) == 7, house
    assert len({item["id"] for item in cards()}) == 42


@pytest.mark.parametrize("house", HOUSES)
def test_printed_strength_and_icons(house: str) -> None:
    shipped = {
        item["name"]: (item["strength"], item["swords"], item["fortifications"])
        for item in cards()
        if item["house"] == house
    }
    assert shipped == PRINTED[house]


def test_eddard_stark_has_strength_4_and_two_swords() -> None:
    eddard = card("Eddard Stark")
    assert (eddard["strength"], eddard["swords"], eddard["fortifications"], eddard["ability"]) == (4, 2, 0, None)


def test_stark_card_strengths_add_up_to_13() -> None:
    assert sum(item["strength"] for item in cards() if item["house"] == "stark") == 4 + 3 + 2 + 2 + 1 + 1 + 0


def test_every_house_has_the_same_strength_spread() -> None:
    for house in HOUSES:
        assert sorted(item["strength"] for item in cards() if item["house"] == house) == [0, 1, 1, 2, 2, 3, 4]


def test_cards_without_text_are_icons_only() -> None:
    icons_only = {item["name"] for item in cards() if item["ability"] is None}
    assert icons_only == {name for house in PRINTED.values() for name in house if name not in ENGINE_RESOLVED}
    assert len(icons_only) == 18
    assert all(item["text"] == "" for item in cards() if item["ability"] is None)


@pytest.mark.parametrize("name", list(ENGINE_RESOLVED))
def test_engine_resolved_abilities_have_their_effect_and_timing(name: str) -> None:
    ability = card(name)["ability"]
    assert (ability["kind"], ability["timing"]) == ENGINE_RESOLVED[name]
    assert ability["kind"] in ABILITY_KINDS and card(name)["text"]


def test_no_base_card_is_manual_when_the_engine_decides_every_ability() -> None:
    """Issue 17 point 3: no house card of the base set needs `adjust`; `manual` stays for house-rule sets."""
    assert [item["name"] for item in cards() if (item["ability"] or {}).get("kind") == MANUAL] == []


def test_every_timing_is_a_catalog_timing_class() -> None:
    assert {item["ability"]["timing"] for item in cards() if item["ability"]} <= TIMINGS


def test_effect_parameters_spot_checks() -> None:
    assert card("Ser Kevan Lannister")["ability"]["params"] == {
        "unit": "footman",
        "strength": 2,
        "role": "attacker",
        "includes_support": True,
    }
    assert card("Ser Davos Seaworth")["ability"]["params"] == {
        "card": card("Stannis Baratheon")["id"],
        "strength": 1,
        "swords": 1,
    }
    assert card("Asha Greyjoy")["ability"]["params"] == {"swords": 2, "fortifications": 1}
    assert card("Mace Tyrell")["ability"]["params"] == {"count": 1}
    assert card("Queen of Thorns")["ability"]["params"]["exclude_combat_march"] is True


# --- the validator: each kind of mistake, named -----------------------------------------------------------


def changed(change: Callable[[dict[str, Any]], None]) -> list[str]:
    document = copy.deepcopy(dict(BASE_HOUSE_CARDS))
    change(document)
    return card_set_errors(document)


def edit(card_id: str, **values: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        next(item for item in document["cards"] if item["id"] == card_id).update(values)

    return change


def edit_ability(card_id: str, **values: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        next(item for item in document["cards"] if item["id"] == card_id)["ability"].update(values)

    return change


def drop(card_id: str) -> Callable[[dict[str, Any]], None]:
    return lambda document: document["cards"].remove(next(item for item in document["cards"] if item["id"] == card_id))


def eighth_card(document: dict[str, Any]) -> None:
    extra = {**next(item for item in document["cards"] if item["id"] == "stark_eddard_stark"), "id": "stark_benjen"}
    document["cards"].append({**extra, "name": "Benjen Stark"})


def repeated_id(document: dict[str, Any]) -> None:
    document["cards"].append(copy.deepcopy(document["cards"][0]))


MISTAKES = {
    "six cards in a house": (drop("stark_catelyn_stark"), "house 'stark': 6 cards, expected 7 (GOT-CARD-2)"),
    "eight cards in a house": (eighth_card, "house 'stark': 8 cards, expected 7"),
    "two cards of one name": (
        edit("stark_robb_stark", name="Eddard Stark"),
        "house 'stark': card name(s) 'Eddard Stark' used more than once",
    ),
    "repeated card id": (repeated_id, "card 'stark_eddard_stark': id repeated"),
    "negative strength": (edit("stark_eddard_stark", strength=-1), "card 'stark_eddard_stark' strength"),
    "fractional swords": (edit("stark_eddard_stark", swords=1.5), "card 'stark_eddard_stark' swords"),
    "boolean fortifications": (edit("lannister_the_hound", fortifications=True), "card 'lannister_the_hound' fortif"),
    "missing strength": (
        lambda d: d["cards"][0].pop("strength"),
        "card 'stark_eddard_stark' strength: required field missing",
    ),
    "missing house": (edit("stark_eddard_stark", house=""), "card 'stark_eddard_stark' house"),
    "misspelt field": (edit("stark_eddard_stark", sword=2), "card 'stark_eddard_stark': unknown field 'sword'"),
    "text without ability": (edit("stark_robb_stark", ability=None), "card 'stark_robb_stark' ability: the card has"),
    "ability without text": (edit("stark_robb_stark", text=""), "card 'stark_robb_stark' text"),
    "unknown timing": (edit_ability("stark_robb_stark", timing="later"), "card 'stark_robb_stark' ability.timing"),
    "timing the effect cannot have": (
        edit_ability("lannister_tyrion_lannister", timing="if_win"),
        "card 'lannister_tyrion_lannister' ability.timing: 'cancel_opponent_card' resolves 'cancel'",
    ),
    "unknown effect": (edit_ability("stark_robb_stark", kind="teleport"), "card 'stark_robb_stark' ability.kind"),
    "missing effect parameter": (
        edit_ability("lannister_ser_kevan_lannister", params={"unit": "footman", "includes_support": True}),
        "card 'lannister_ser_kevan_lannister' ability.params.strength: required by 'unit_strength'",
    ),
    "bad effect parameter": (
        edit_ability("greyjoy_victarion_greyjoy", params={"unit": "dragon", "strength": 2, "includes_support": True}),
        "card 'greyjoy_victarion_greyjoy' ability.params.unit",
    ),
    "unknown effect parameter": (
        edit_ability("tyrell_mace_tyrell", params={"count": 1, "units": "footman"}),
        "card 'tyrell_mace_tyrell' ability.params: unknown field 'units'",
    ),
    "manual effect not named by a string": (
        edit_ability("stark_roose_bolton", kind="manual", params={"effect": 3}),
        "card 'stark_roose_bolton' ability.params.effect",
    ),
    "ability not an object": (edit("stark_robb_stark", ability="win"), "card 'stark_robb_stark' ability"),
    "card reference to another house": (
        edit_ability("baratheon_ser_davos_seaworth", params={"card": "stark_eddard_stark", "strength": 1, "swords": 1}),
        "card 'baratheon_ser_davos_seaworth' ability.params.card: 'stark_eddard_stark' is not another card",
    ),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_validator_names_the_offender_when_the_card_set_has_a_mistake(mistake: str) -> None:
    change, message = MISTAKES[mistake]
    errors = changed(change)
    assert any(message in error for error in errors), errors


def test_validator_rejects_documents_that_are_not_card_sets() -> None:
    assert card_set_errors(None) == ["card set: expected an object, got null"]
    assert card_set_errors({"cards": {}}) == ["card set cards: expected an array, got object"]
    assert card_set_errors({"cards": [7]}) == ["cards[0]: expected an object with a non-empty string id, got number 7"]


def test_a_house_rule_card_set_may_reuse_engine_effects_with_other_numbers() -> None:
    def stronger_kevan(document: dict[str, Any]) -> None:
        kevan = next(item for item in document["cards"] if item["id"] == "lannister_ser_kevan_lannister")
        kevan["ability"]["params"]["strength"] = 3

    assert changed(stronger_kevan) == []


def test_the_five_cards_stay_manual_when_the_game_was_recorded_before_the_engine_decided_them() -> None:
    """A GameCreated without `engine_card_abilities` was recorded when Tywin, Roose, Renly, Patchface and Doran
    were entered by hand: replaying it must not rule them anew (its audits would otherwise deviate)."""
    seats = [Seat(s) for s in ("stark", "lannister", "baratheon")]
    recorded_before = {k: v for k, v in AGOT2.default_options.items() if k != "engine_card_abilities"}

    old = AGOT2.setup(recorded_before, None, seats)
    new = AGOT2.setup(dict(AGOT2.default_options), None, seats)

    assert old.cards["stark_roose_bolton"].kind == "manual"
    assert old.cards["lannister_tywin_lannister"].kind == "manual"
    assert new.cards["stark_roose_bolton"].kind == "return_discard_pile"
    assert new.cards["lannister_tywin_lannister"].kind == "gain_power"
    assert {k for k, c in old.cards.items() if c.kind != new.cards[k].kind} == {
        k for k, c in new.cards.items() if c.kind in ENGINE_DECIDED_LATER
    }
