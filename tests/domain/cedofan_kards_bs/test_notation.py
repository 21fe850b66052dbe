"""Notation reads what the table sees (the viewer's list, a record's text): factions and kards as the catalog writes
them (Západní kardství, Stínové země; Robert, Kalamé, Jaromír), areas and cities by the board's names (Jezerní
město, Heráň), units counted by kind, an army by its kard or by its faction and where it stands. Not the engine's
ids ("zapad", "r-main", "c-jezerni", "2 army"). On the shipped demonstration board, as in "the kards' war"."""

from __future__ import annotations

import copy
from typing import Any

from domain.kernel import Event, start
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from domain.rulesets.cedofan_kards_bs.state import KbsState
from tests.domain.cedofan_kards_bs.builders import created

DEMONSTRATION = KBS.shipped_boards["demonstration"]


def _demonstration_game() -> KbsState:
    """Západní kardství, Rudern, Stínové země and Ostius at their starting places."""
    state: KbsState = start(KBS, created(DEMONSTRATION, ("zapad", "rudern", "stiny", "ostius")), DEMONSTRATION).state
    return state


def _line(event_type: str, **data: Any) -> str:
    return KBS.notation(Event(event_type, data), _demonstration_game())


def test_kbs_mov_1_an_army_led_by_a_kard_is_his_and_moves_between_named_areas() -> None:
    line = _line("ArmyMoved", seat="rudern", army="r-main", path=["r-jezerni"], cost=2, **{"from": "r-rudern"})
    assert line == "Rudern: Robert's army moves from Rudern to Jezerní město's lands (2 supplies)"


def test_kbs_rel_5_armies_without_a_kard_are_their_factions_where_they_stand() -> None:
    line = _line("ArmiesEnteredJointly", seat="zapad", armies=["z-heran", "z-zlatka"], to="r-jezerni", cost=2)
    assert line == (
        "Západní kardství: the Západní kardství army in Heráň and the Západní kardství army in Zlatka "
        "enter Jezerní město's lands together (2 supplies)"
    )


def test_kbs_mov_1_losses_are_counted_by_kind_with_fanatics_and_army_units() -> None:
    assert _line("UnitsLost", army="s-main", units={"army": 1, "fanatic": 2}) == (
        "Kalamé's army loses 1 army unit, 2 fanatics"
    )


def test_kbs_sie_1_a_siege_and_a_captured_city_name_the_city_and_the_factions() -> None:
    assert _line("SiegeStarted", seat="stiny", army="s-main", city="c-baria") == (
        "Stínové země: Kalamé's army besieges Baria (1 supply)"
    )
    assert _line("CityCaptured", city="c-baria", previous="neutral", owner="stiny") == (
        "Baria passes from neutral to Stínové země"
    )


def test_kbs_gnt_1_the_giants_attack_a_named_city_of_a_named_faction() -> None:
    assert _line("GiantsArrived", round=3, roll=3, city="c-heilbron", owner="stiny") == (
        "round 3: giants roll 3 and attack Heilbron of Stínové země"
    )


def test_kbs_ran_1_a_ransomed_kard_is_named() -> None:
    line = _line("KardRansomed", seat="zapad", kard="jaromir", captor="stiny", supplies=5, influence=5)
    assert line == "Západní kardství ransoms Jaromír from Stínové země (5 supplies, 5 influence)"


def test_an_id_the_game_does_not_know_reads_as_itself_rather_than_failing() -> None:
    line = _line("ArmyRetreated", army="an-army-from-elsewhere", to="c-jezerni")
    assert line == "an-army-from-elsewhere retreats to Jezerní město"


def _unnamed(*area_ids: str) -> KbsState:
    document: dict[str, Any] = copy.deepcopy(dict(DEMONSTRATION))
    for area in document["areas"]:
        if area["id"] in area_ids:
            del area["name"]
    state: KbsState = start(KBS, created(document, ("zapad", "rudern", "stiny", "ostius")), document).state
    return state


def test_an_area_the_board_leaves_unnamed_reads_by_its_city_its_region_or_what_it_borders() -> None:
    state = _unnamed("r-heran", "c-zlatka", "r-kmeny", "s-west")

    assert KBS.bookmarks(Event("SiegeStarted", {"city": "c-zlatka", "seat": "rudern"}), state) == (
        "siege of the city in Zlatka begins",
    )
    assert KBS.notation(Event("ArmyMoved", _moved("r-heran", "r-kmeny")), state) == (
        "Rudern: Robert's army moves from Heráň's lands to the region between Rudern and Stínové země (2 supplies)"
    )
    assert KBS.notation(Event("ArmyMoved", _moved("s-west", "zz")), state).endswith(
        "from the sea between Eastern sea (demo) and Heráň to zz (2 supplies)"  # an id the board lacks: as itself
    )


def _moved(start_at: str, end_at: str) -> dict[str, Any]:
    return {"seat": "rudern", "army": "r-main", "path": [end_at], "cost": 2, "from": start_at}
