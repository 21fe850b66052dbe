"""Kard és Korona refusal paths of a defeat's open fate: the defeated lord's treasury and offices wait for the
victor, and an eliminated player's money is gone (KK-ELIM-1/4/8, KK-VASSAL-1, KK-LORD-7, KK-CAPTIVE-4).
Positions: tests/domain/kard_es_korona/test_defeat_freezes_money_and_offices.py."""

from __future__ import annotations

from tests.domain.citations.test_kard_es_korona import Path, cites
from tests.domain.kard_es_korona.builders import act, then
from tests.domain.kard_es_korona.test_defeat import BLUE, RED, YELLOW, blue_defeated
from tests.domain.kard_es_korona.test_defeat_freezes_money_and_offices import (
    eliminated_blue,
    red_treasurer_beaten_by_royals,
    sale_open_when_blue_falls,
    treasurer_defeated,
)
from tests.domain.kard_es_korona.test_duel_and_rerolls import duel, duel_roll


def test_refused_citing_kk_elim_4_then_kk_vassal_1_when_a_defeated_lord_hands_his_money_away() -> None:
    """KK-ELIM-4: "the conqueror receives all of his territories and all of his money"; KK-VASSAL-1: "His whole
    treasury goes to the victor as spoils"."""
    paths: tuple[Path, ...] = (("KK-ELIM-4", "economy:_money_frozen"), ("KK-VASSAL-1", "economy:_money_frozen"))
    for path in paths:
        cites(path, blue_defeated(), act("transfer_money", BLUE, to=YELLOW, amount=1), "KK-ELIM-4", "KK-VASSAL-1")


def test_refused_citing_kk_lord_7_when_a_duel_loser_hands_his_money_away() -> None:
    """KK-LORD-7: "The duel winner takes all of the loser's territories and his entire treasury"."""
    path: Path = ("KK-LORD-7", "economy:_money_frozen")
    game = duel(duel_loser="normal_defeat")
    game = then(game, duel_roll(game, 6, 3))
    cites(path, game, act("transfer_money", BLUE, to=YELLOW, amount=1), "KK-LORD-7", "KK-VASSAL-1")


def test_refused_citing_kk_elim_1_then_kk_elim_4_when_money_is_handed_to_an_eliminated_player() -> None:
    """KK-ELIM-1: "his player is eliminated at once"; KK-ELIM-4: his money went to the conqueror."""
    path: Path = ("KK-ELIM-1", "economy:_money_frozen")
    cites(path, eliminated_blue(), act("transfer_money", RED, to=BLUE, amount=1), "KK-ELIM-1", "KK-ELIM-4")


def test_refused_citing_kk_elim_8_when_a_defeated_lord_sells_or_closes_the_sale_of_his_office() -> None:
    """KK-ELIM-8: "Every office held by a defeated lord returns to the crown and stays vacant until the next
    election"."""
    path: Path = ("KK-ELIM-8", "offices:_fate_open")
    cites(path, treasurer_defeated(), act("offer_office", BLUE, office="treasurer"), "KK-ELIM-8")
    cites(path, sale_open_when_blue_falls(), act("close_office_sale", BLUE), "KK-ELIM-8")


def test_refused_citing_kk_captive_4_when_a_lord_defeated_by_neutrals_sells_his_office() -> None:
    """KK-CAPTIVE-4: "Any office he holds is lost at once, when he is captured"."""
    path: Path = ("KK-CAPTIVE-4", "offices:_fate_open")
    game = red_treasurer_beaten_by_royals()
    cites(path, game, act("offer_office", RED, office="treasurer"), "KK-CAPTIVE-4")
