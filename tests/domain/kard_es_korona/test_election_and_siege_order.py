"""Who may bid in an election and who decides its ties (KK-ELECT-10/11/14), and whose battle follows a forced
battle in the siege stage (KK-BATTLE-12, KK-SIEGE-11): the QA pass's D5, D6 and D7.

Outcomes are worked out from the rulebook (seed 000): who is refused and why, who decides a tie, which siege is
fought next.
"""

from __future__ import annotations

from tests.domain.kard_es_korona.builders import rule_ids
from tests.domain.kard_es_korona.election_helpers import at_election, seal

F, E, S = "felvidek", "erdely", "szlavonia"


# --- D5: KK-ELECT-14, who may bid ---


def test_sealed_bid_refused_citing_kk_elect_14_when_the_bidder_is_a_vassal() -> None:
    """KK-ELECT-14: "Captive players and vassals may not take part." Seed 000 L213, the vassal: „és ezentúl a
    tisztségviselő választáson sem vehet részt" — the Kard és Korona reason comes first, the platform's
    CORE-SEAL-1 (Szlavónia has no place in the sealed round) after it."""
    game = at_election({F: 10, E: 10, S: 10}, lieges={S: F}, lord_status={S: "vassal"})
    after, decision = seal(game, S, 3)
    assert rule_ids(decision) == ["KK-ELECT-14", "CORE-SEAL-1"]
    assert after is game and not decision.events


def test_sealed_bid_refused_citing_kk_elect_14_when_the_bidders_lord_is_a_captive() -> None:
    """KK-ELECT-14; seed 000 L83, the captive: „amíg nem váltották ki, nem vehet részt tisztségviselő
    választáson"."""
    game = at_election({F: 10, E: 10, S: 10}, lord_status={E: "captive"})
    assert rule_ids(seal(game, E, 3)[1]) == ["KK-ELECT-14", "CORE-SEAL-1"]


def test_sealed_bid_still_refused_citing_core_seal_1_alone_when_a_free_lord_seals_twice() -> None:
    """CORE-SEAL-1 (a seat seals once) is untouched for the lords who do bid: Felvidék's second bid is refused
    by the platform alone; Erdély, who is free, seals as before."""
    game, _ = seal(at_election({F: 10, E: 10, S: 10}, lord_status={S: "vassal"}), F, 3)
    assert rule_ids(seal(game, F, 4)[1]) == ["CORE-SEAL-1"]
    assert rule_ids(seal(game, E, 4)[1]) == []
