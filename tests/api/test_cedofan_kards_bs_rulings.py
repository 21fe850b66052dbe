"""cedofan_kards_bs refusals through the HTTP API cite the most specific rule that bars the action (issue 17).

The umbrella rule, when there is one, follows it among the violations.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_cedofan_kards_bs_examples import Campaign, of
from tests.conftest import Api
from tests.domain.cedofan_kards_bs.builders import HOMES, TWO, army, board_doc, city


def _siege_board(armies: list[dict[str, Any]], *, fortified: bool) -> dict[str, Any]:
    return board_doc(
        regions={"r-c": {}, "r-z": {}, "r-r": {}},
        cities={**HOMES, "c": city("r-c", "z", fortified=fortified)},
        land=[("r-c", "r-z"), ("r-c", "r-r")],
        factions=TWO,
        armies=armies,
    )


def _rules(body: dict[str, Any]) -> list[str]:
    return [v["rule_id"] for v in body["violations"]]


def test_refused_citing_kbs_stm_1_when_an_army_storms_a_fortified_city_it_is_not_besieging(api: Api) -> None:
    """KBS-STM-1, seed 002 „Dobývání města": „Město musí být oblehnuto předešlý tah, nebo dřív."

    The unfortified-city rule (KBS-CTY-2) has nothing to say about a fortified city.
    """
    game = Campaign(
        api, _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8)], fortified=True), ("z", "r")
    )
    game.to_turn(2, "r")
    body = assert_refused(game.act("storm_city", "r", dice=[6, 1], army="rs", city="c"), "KBS-STM-1")
    assert _rules(body) == ["KBS-STM-1"]
    assert body["violations"][0]["details"]["field"] == "data.city"


def test_refused_citing_kbs_cty_2_then_kbs_stm_1_when_an_army_storms_an_unfortified_city_unbesieged(
    api: Api,
) -> None:
    """KBS-CTY-2, seed 002 „Pravidla boje": „Neopevněné město nedává žádné bonusy, avšak musí být před ztečí
    oblehnuto." — the storm rule KBS-STM-1 is the umbrella."""
    game = Campaign(
        api, _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8)], fortified=False), ("z", "r")
    )
    game.to_turn(2, "r")
    body = assert_refused(game.act("storm_city", "r", dice=[6, 1], army="rs", city="c"), "KBS-CTY-2")
    assert _rules(body) == ["KBS-CTY-2", "KBS-STM-1"]


def test_refused_citing_kbs_amb_9_then_kbs_ret_1_when_a_beaten_relief_retreats_into_the_besieged_city(
    api: Api,
) -> None:
    """KBS-AMB-9 bars the city that KBS-RET-1 allows; seed 002 „Stahování jednotek": „Pokud bitva proběhla mimo
    město, tak se stahují do města nebo sousední oblasti." and „Podpora": „Při prohře obléhaných se přeživší
    jednotky stahují do města." — the besieged go back in; the catalog's KBS-AMB-9 keeps the relievers out."""
    armies = [
        army("zg", "z", "c", army=3),
        army("rs", "r", "r-c", army=8),
        army("zr", "z", "r-c", ["jaromir"], army=2),
    ]
    game = Campaign(api, _siege_board(armies, fortified=False), ("z", "r"), turn_order=["r", "z"])
    game.to_turn(1, "r")
    game.ok("start_siege", "r", army="rs", city="c")
    game.to_turn(2, "z")
    events = game.ok("relieve_siege", "z", dice=[1, 6], armies=["zr"], city="c")
    assert of(events, "BattleResolved")[0]["winner"] == "defender"
    assert of(events, "RetreatsRequired")[0]["barred"] == "c"
    body = assert_refused(game.act("retreat", "z", army="zr", to="c"), "KBS-AMB-9")
    assert _rules(body) == ["KBS-AMB-9", "KBS-RET-1"]
    assert of(game.ok("retreat", "z", army="zr", to="r-z"), "ArmyRetreated")[0]["to"] == "r-z"
