"""Kard és Korona election refusals cite the rule that bars them (issue 17, point 4), from the election
positions of `tests/domain/kard_es_korona/election_helpers.py`."""

from __future__ import annotations

from tests.domain.citations.paths_kard_es_korona import KARD_ES_KORONA as INVENTORY
from tests.domain.citations.test_kard_es_korona import Path, cites
from tests.domain.kard_es_korona.builders import act, rule_ids
from tests.domain.kard_es_korona.election_helpers import at_election, bid, seal

F, E, S = "felvidek", "erdely", "szlavonia"
FOUR = ("felvidek", "tiszahat", "delvidek", "szlavonia")
P1, P2, P3, P4 = FOUR


def test_sealed_bid_refused_kk_elect_6_when_it_is_no_whole_number_or_more_than_the_treasury() -> None:
    """KK-ELECT-6: a bid is a sealed whole number of garas the bidder has; Szlavónia has 12."""
    path: Path = ("KK-ELECT-6", "elections:sealed_errors")
    assert path in INVENTORY
    game = at_election({F: 20, E: 15, S: 12})
    assert rule_ids(seal(game, S, 13)[1]) == ["KK-ELECT-6"]
    assert rule_ids(seal(game, S, 2.5)[1]) == ["KK-ELECT-6"]
    assert rule_ids(seal(game, S, -1)[1]) == ["KK-ELECT-6"]


def test_tie_decision_refused_kk_office_5_from_anyone_but_the_palatine() -> None:
    """KK-OFFICE-5: the Palatine decides a tie at an election after the first (E3: Délvidék, P3, is Palatine);
    Tiszahát, tied for the office itself, may not decide it."""
    offices = {"judge_royal": P1, "treasurer": P2, "palatine": P3}
    game = at_election({P1: 20, P2: 15, P3: 12, P4: 9}, offices, year=1306, seats=FOUR, elections_held=1)
    game, _ = bid(game, {P1: 5, P2: 8, P3: 0, P4: 8})
    cites(("KK-OFFICE-5", "elections:decide_tie"), game, act("decide_tie", P2, player=P2), "KK-OFFICE-5")


def test_leaving_refused_kk_elect_14_from_a_bidder_in_the_election_under_way() -> None:
    """KK-ELECT-14: "Captive players (KK-CAPTIVE-4) and vassals (KK-VASSAL-1) may not take part" — a player out of
    the game takes no part in an auction either, so one who still bids in the sealed round opened with him leaves
    after the election (KK-NEUTRAL-5 lets him leave at other times)."""
    game = at_election({F: 20, E: 15, S: 12})
    cites(("KK-ELECT-14", "leaving:_leaving_problem"), game, act("leave_game", S), "KK-ELECT-14")


def test_sealed_bid_refused_kk_elect_14_then_core_seal_1_from_a_vassal_or_a_captive() -> None:
    """KK-ELECT-14: "Captive players (KK-CAPTIVE-4) and vassals (KK-VASSAL-1) may not take part" — seed 000 L213,
    the vassal: „ezentúl a tisztségviselő választáson sem vehet részt"; L83, the captive: „nem vehet részt
    tisztségviselő választáson". The platform's CORE-SEAL-1 (no place in the round) is the umbrella after it."""
    path: Path = ("KK-ELECT-14", "elections:bidder_errors")
    assert path in INVENTORY
    vassal = at_election({F: 20, E: 15, S: 12}, lieges={S: F}, lord_status={S: "vassal"})
    assert rule_ids(seal(vassal, S, 3)[1]) == ["KK-ELECT-14", "CORE-SEAL-1"]
    captive = at_election({F: 20, E: 15, S: 12}, lord_status={E: "captive"})
    assert rule_ids(seal(captive, E, 3)[1]) == ["KK-ELECT-14", "CORE-SEAL-1"]
