"""Notation reads what the table sees (the viewer's list, a record's text, a ruling's trace): Houses by name, areas
by the board's names, units counted by type, order tokens by their printed face (GOT-X-25's tokens: March +1 with
its star), house cards by name, the King's Court by its name. What a person checks against the box and the board,
not the engine's ids ("white_harbor", "stark:knight:winterfell:1", "support_plus1", "stark_eddard_stark")."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event, start
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.data import BASE_BOARD
from domain.rulesets.agot2.state import AgotState


def _base_game() -> AgotState:
    """Stark, Lannister and Baratheon on the base board, from the printed set-up (GOT-X-29)."""
    created = Event(
        "GameCreated",
        {
            "game_id": "g",
            "ruleset": "agot2",
            "ruleset_version": AGOT2.version,
            "variant": None,
            "options": {**AGOT2.default_options},
            "board": "base",
            "seats": [{"seat": s, "player": None} for s in ("stark", "lannister", "baratheon")],
            "mode": "adjudicated",
            "dice": "table",
            "dice_commitment": None,
        },
    )
    state: AgotState = start(AGOT2, created, BASE_BOARD).state
    return state


def _line(event_type: str, **data: Any) -> str:
    return AGOT2.notation(Event(event_type, data), _base_game())


def test_got_term_1_a_march_names_the_house_the_areas_and_counts_the_units_by_type() -> None:
    line = _line(
        "UnitsMarched",
        seat="stark",
        from_area="winterfell",
        to_area="white_harbor",
        order_token="march_plus1",
        units=["stark:footman:winterfell:2", "stark:knight:winterfell:1", "stark:footman:white_harbor:1"],
    )
    assert line == "Stark marches 2 Footmen and a Knight from Winterfell to White Harbor"


def test_got_x_25_revealed_orders_read_as_their_printed_faces_with_the_special_star() -> None:
    placements = {
        "stark": [
            {"area": "winterfell", "order_token": "march_plus1"},
            {"area": "shivering_sea", "order_token": "support_0_a"},
        ],
        "baratheon": [{"area": "dragonstone", "order_token": "raid_special"}],
    }
    line = _line("OrdersRevealed", round=1, placements=placements)
    assert line == (
        "round 1: orders revealed (Stark: March +1 ★ in Winterfell, Support +0 in The Shivering Sea; "
        "Baratheon: Raid ★ in Dragonstone)"
    )


def test_got_card_1_house_cards_are_named_as_printed() -> None:
    line = _line(
        "HouseCardsRevealed",
        combat_id=7,
        cards={"stark": "stark_eddard_stark", "baratheon": "baratheon_brienne_of_tarth"},
    )
    assert line == "house cards revealed: Stark: Eddard Stark, Baratheon: Brienne of Tarth"


def test_got_track_1_a_track_and_its_houses_by_name() -> None:
    assert _line("TrackPositionsSet", track="kings_court", order=["baratheon", "stark", "lannister"]) == (
        "King's Court track: Baratheon, Stark, Lannister"
    )
    assert _line("DominanceTokenPassed", token="valyrian_steel_blade", **{"from": "lannister", "to": "stark"}) == (
        "the Valyrian Steel Blade passes from Lannister to Stark"
    )


def test_a_sealed_round_reads_as_what_it_seals() -> None:
    opened = _line(
        "SealedRoundOpened", round="bid-kings-court-2-4", purpose="bid:kings_court", seats=["stark", "baratheon"]
    )
    assert opened == "the King's Court bids of round 2 are chosen in secret by Stark, Baratheon"
    assert _line("SubmissionSealed", round="cards-12", seat="stark") == (
        "Stark seals its choice of the house cards of combat 12"
    )
    # A card played instead of one sent back or replaced (GOT-CARD-3, X-8; card_choices.py: "cards-12-2") is one
    # House's new card, not the combat's first choice of both.
    assert _line("SubmissionsRevealed", round="cards-12-2", submissions={"stark": {}}) == (
        "the new house card of combat 12 is revealed"
    )
    assert _line("SealedRoundOpened", round="cards-12-1", seats=["stark"]) == (
        "the new house card of combat 12 is chosen in secret by Stark"
    )


def test_an_id_the_game_does_not_know_reads_as_itself_rather_than_failing() -> None:
    line = _line("UnitsRetreated", seat="stark", to_area="atlantis", units=["a-unit-from-elsewhere"])
    assert line == "Stark retreats a-unit-from-elsewhere to atlantis"
