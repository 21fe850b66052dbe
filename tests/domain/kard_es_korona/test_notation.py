"""Notation reads what the table sees (the viewer's list, a record's text): a lord by his province as seed 000
spells it (Felvidék, Erdély, Délvidék), the royal and the neutral forces as the seed calls them (L73 "Királyi /
semleges seregek"), counties by the board's names, units counted by arm ("2 archers"; cavalry and infantry are
the same word for one and many), event cards by their printed names, reasons as words. Not the engine's ids
("felvidek", "neutral:pannonia", "entered_empty", "parasztlazadas")."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event, start
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.state import KKState
from tests.domain.kard_es_korona.builders import created


def _basic_game() -> KKState:
    """Felvidék, Erdély and Szlavónia on the shipped basic map (KK-SETUP-4's first three-player set)."""
    state: KKState = start(KARD_ES_KORONA, created(), SHIPPED_BOARDS["basic"]).state
    return state


def _line(event_type: str, **data: Any) -> str:
    return KARD_ES_KORONA.notation(Event(event_type, data), _basic_game())


def test_kk_setup_1_a_lord_is_named_by_his_province_as_the_seed_spells_it() -> None:
    entries = [{"seat": "erdely", "total": 3}, {"seat": "delvidek", "total": 15}, {"seat": "szlavonia", "total": 8}]
    assert _line("IncomeCollected", entries=entries) == "income: Erdély +3, Délvidék +15, Szlavónia +8"
    assert _line("StartingPlayerChosen", seat="tiszahat", year=1301, method="dice") == (
        "Tiszahát is the starting player of 1301 (by dice)"
    )


def test_kk_neutral_1_the_royal_and_the_neutral_forces_are_named_as_the_seed_calls_them() -> None:
    held = {"attacker": "felvidek", "county": "gyor", "kind": "siege"}
    assert _line("BattleCreated", **held, defender="neutral:pannonia") == (
        "Felvidék besieges Győr held by the neutral forces of Pannónia"
    )
    assert _line("BattleCreated", **held, defender="royal") == "Felvidék besieges Győr held by the royal forces"
    assert _line("NeutralPiecePlaced", seat="erdely", province="tiszahat", arm="cavalry", county="saros") == (
        "Erdély places 1 cavalry of the neutral forces of Tiszahát in Sáros"
    )


def test_kk_setup_7_starting_forces_are_counted_by_arm_with_archers_in_the_plural() -> None:
    placements = {"borsod": {"infantry": 3}, "szabolcs": {"archer": 2}, "saros": {"cavalry": 2, "archer": 1}}
    line = _line("StartingForcesPlaced", seat="tiszahat", lord="borsod", placements=placements)
    assert line == (
        "Tiszahát places the lord in Borsod and 3 infantry in Borsod; 2 archers in Szabolcs; "
        "2 cavalry, 1 archer in Sáros"
    )


def test_kk_recruit_1_recruits_and_losses_count_archers_in_the_plural() -> None:
    purchases = [
        {"count": 2, "arm": "archer", "castle": "pozsony"},
        {"count": 1, "arm": "infantry", "castle": "nyitra"},
    ]
    assert _line("UnitsRecruited", seat="felvidek", purchases=purchases, total_cost=13) == (
        "Felvidék recruits 2 archers in Pozsony; 1 infantry in Nyitra for 13 garas"
    )
    assert _line("CasualtiesRemoved", side="defender", removed={"infantry": 1, "archer": 2}) == (
        "the defender loses 1 infantry, 2 archers"
    )


def test_kk_castle_8_a_county_entered_while_empty_says_so_in_words() -> None:
    line = _line("CountyControlChanged", county="bekes", to="delvidek", cause="entered_empty")
    assert line == "Békés passes to Délvidék (entered while empty)"
    assert (
        _line("CountyControlChanged", county="bekes", to=None, cause="vacated") == "Békés passes to nobody (left empty)"
    )


def test_kk_event_5_an_event_card_is_named_as_printed() -> None:
    changes = [{"county": "kunsag", "change": 1}]
    assert _line("EventEffectApplied", card="parasztlazadas", changes=changes) == (
        "Parasztlázadás: the neutral forces change: +1 infantry in Kunság"
    )


def test_kk_elect_5_a_sealed_bid_round_reads_as_the_office_it_seals() -> None:
    line = _line("SealedRoundOpened", round="kk-election-1303-judge-royal", seats=["felvidek", "erdely"])
    assert line == "the Judge Royal bids of 1303: Felvidék, Erdély seal their bids"
    assert _line("OfficeSold", office="palatine", seller="erdely", buyer="szlavonia", price=7) == (
        "Szlavónia buys Palatine from Erdély for 7 garas"
    )


def test_kk_vassal_1_fealty_names_both_lords() -> None:
    assert _line("FealtySworn", vassal="erdely", liege="delvidek", treasury_transferred=4) == (
        "Erdély becomes the vassal of Délvidék, who takes 4 garas"
    )


def test_an_id_the_game_does_not_know_reads_as_itself_rather_than_failing() -> None:
    line = _line("BattleCreated", attacker="atlantis", county="nowhere", kind="field", defender="neutral:mars")
    assert line == "atlantis attacks nowhere held by the neutral forces of mars"


def test_kk_lord_3_the_lord_loses_his_bonus_when_his_archers_are_gone() -> None:
    assert _line("LordBonusLost", seat="erdely", arm="archer") == "Erdély's lord loses his bonus: his archers are gone"
