"""Kard és Korona refusals of setup, leaving and office sales cite the rule that bars them (issue 17, point 4)."""

from __future__ import annotations

from domain.kernel import Game
from tests.domain.citations.test_kard_es_korona import RED_K1, Path, _movement_1301, _placing, cites, recorder
from tests.domain.kard_es_korona.builders import ADVANCED_START, act, new_game, placements, play, with_state
from tests.domain.kard_es_korona.test_defeat import BLUE, PTD, RED, lords_battle


def test_placement_refused_kk_setup_6_when_the_placements_are_not_forces_by_county() -> None:
    """KK-SETUP-6 (home province): what is placed is a force in a county of it; a list, or 0 units, is neither."""
    path: Path = ("KK-SETUP-6", "setup:decide_place_forces")
    cites(path, _placing(), act("place_forces", RED, lord=RED_K1, placements=["pannonia_k1"]), "KK-SETUP-6")
    nothing = {RED_K1: {"infantry": 0}}
    cites(path, _placing(), act("place_forces", RED, lord=RED_K1, placements=nothing), "KK-SETUP-6")


def test_advanced_placement_refused_kk_setup_8_in_five_counties_instead_of_six() -> None:
    """KK-SETUP-8: the advanced start is 6 connected counties (at most one castle); the right forces crowded into
    5 of them are refused by it."""
    game = play(new_game(PTD, "advanced"), recorder("choose_first_player", player=RED))
    start = placements(RED, ADVANCED_START)
    start[f"{RED}_f"] = {"infantry": 1, "archer": 2, "cavalry": 1}
    del start[f"{RED}_e"]
    cites(
        ("KK-SETUP-8", "setup:_breaks_advanced_start"),
        game,
        act("place_forces", RED, lord=RED_K1, placements=start),
        "KK-SETUP-8",
    )


def test_leaving_refused_kk_neutral_5_during_setup_and_with_a_battle_to_fight() -> None:
    """KK-NEUTRAL-5: "If a player leaves and the others continue, all his units become neutral forces" — so he
    leaves a game under way: not during setup (no units of his stand yet), and not with his own battle still to
    fight, which neutral forces cannot take over (they never attack, KK-NEUTRAL-2)."""
    path: Path = ("KK-NEUTRAL-5", "leaving:_leaving_problem")
    cites(path, _placing(), act("leave_game", RED), "KK-NEUTRAL-5")
    cites(path, lords_battle(), act("leave_game", BLUE), "KK-NEUTRAL-5")


def _selling_palatine() -> Game:
    """Red, the Palatine with an empty treasury, has put his office up for sale; Blue's lord is a captive."""
    offices = {"judge_royal": None, "treasurer": None, "palatine": RED}
    treasury = {RED: 0, BLUE: 10, PTD[2]: 10}
    game = with_state(_movement_1301(), offices=offices, treasury=treasury, lord_status={BLUE: "captive"})
    return play(game, act("offer_office", RED, office="palatine"))


def test_office_bid_refused_kk_elect_14_from_a_player_whose_lord_is_a_captive() -> None:
    """KK-ELECT-14: "Captive players (KK-CAPTIVE-4) and vassals (KK-VASSAL-1) may not take part" — in the
    contest for an office, so neither in its sale."""
    path: Path = ("KK-ELECT-14", "offices:decide_bid_for_office")
    cites(path, _selling_palatine(), act("bid_for_office", BLUE, amount=3), "KK-ELECT-14")


def test_office_sale_and_bid_refused_kk_elect_4_during_an_election() -> None:
    """KK-ELECT-4, A-38: no money passes between players during an election, so no office is sold then."""
    offices = {"judge_royal": None, "treasurer": None, "palatine": RED}
    electing = with_state(_movement_1301(), phase="election", offices=offices, treasury={s: 0 for s in PTD})
    path: Path = ("KK-ELECT-4", "offices:decide_offer_office")
    cites(path, electing, act("offer_office", RED, office="palatine"), "KK-ELECT-4")
    bidding = with_state(_selling_palatine(), phase="election")
    path = ("KK-ELECT-4", "offices:decide_bid_for_office")
    cites(path, bidding, act("bid_for_office", PTD[2], amount=3), "KK-ELECT-4")
