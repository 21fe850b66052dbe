"""cedofan_kards_bs over HTTP: moving part of an army (KBS-MOV-1..3) and boards without giants or pirates.

Seed 002, „Přesuny vojska a postav": „Jedna jednotka je armáda s +1BS/ +2BS (fanatici ze Stínových zemí),
postava panovníka, katapult, stín, loď, nebo Obr. Na přesun 1-5 jednotek o jedno pole je potřeba 1 zásoba."
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem, assert_refused
from tests.api.test_cedofan_kards_bs_examples import Campaign, of
from tests.conftest import Api
from tests.domain.cedofan_kards_bs.builders import HOMES, OPTIONS, TWO, army, board_doc, city


def _board(armies: list[dict[str, Any]]) -> dict[str, Any]:
    return board_doc(
        regions={"r1": {}, "r2": {}, "r-c": {}, "r-z": {}, "r-r": {}},
        cities={**HOMES, "c": city("r-c", "r")},
        land=[("r1", "r2"), ("r1", "r-z"), ("r-c", "r-z"), ("r-c", "r-r")],
        factions=TWO,
        armies=armies,
    )


def _campaign(api: Api) -> Campaign:
    game = Campaign(
        api, _board([army("za", "z", "r1", ["jaromir"], army=7), army("rr", "r", "r-r", army=1)]), ("z", "r")
    )
    game.to_turn(1, "z")
    return game


def _rules(body: dict[str, Any]) -> list[str]:
    return [v["rule_id"] for v in body["violations"]]


def test_a_new_army_moves_and_the_rest_stays_when_move_army_names_some_units(api: Api) -> None:
    """„Na přesun 1-5 jednotek o jedno pole je potřeba 1 zásoba.": 3 of 8 movement units pay 1, not 2."""
    game = _campaign(api)

    events = game.ok("move_army", "z", army="za", path=["r2"], units={"army": 3})

    split = of(events, "ArmySplit")[0]
    assert (split["army"], split["into"], split["units"], split["leaders"]) == ("za", "placed-1", {"army": 3}, [])
    assert split["rule_ids"] == ["KBS-MOV-1", "KBS-MOV-2"]
    moved = of(events, "ArmyMoved")[0]
    assert (moved["army"], moved["from"], moved["to"], moved["cost"]) == ("placed-1", "r1", "r2", 1)
    state = game.state()
    rest, part = state["armies"]["za"], state["armies"]["placed-1"]
    assert (rest["at"], rest["units"], rest["leaders"]) == ("r1", {"army": 4}, ["jaromir"])  # the leader stays
    assert (part["at"], part["units"], part["leaders"]) == ("r2", {"army": 3}, [])
    assert state["factions"]["z"]["supplies"] == 10 - 1


def test_a_leader_figure_moves_with_the_part_only_when_named(api: Api) -> None:
    """„Jedna jednotka je … postava panovníka": the ruler's figure is a movement unit of its own (KBS-MOV-1)."""
    game = _campaign(api)

    with_leader = game.ok("move_army", "z", army="za", path=["r2"], units={"army": 5}, leaders=["jaromir"])
    alone = game.ok("move_army", "z", army="placed-1", path=["r1"], leaders=["jaromir"])

    assert of(with_leader, "ArmyMoved")[0]["cost"] == 2  # 6 movement units: two 5-unit groups (KBS-MOV-3)
    assert of(alone, "ArmySplit")[0]["into"] == "placed-2"
    assert of(alone, "ArmyMoved")[0]["cost"] == 1
    armies = game.state()["armies"]
    assert armies["placed-1"]["units"] == {"army": 5} and armies["placed-1"]["leaders"] == []
    assert (armies["placed-2"]["at"], armies["placed-2"]["leaders"]) == ("r1", ["jaromir"])
    assert armies["za"]["units"] == {"army": 2}


def test_the_whole_army_moves_under_its_own_id_when_every_unit_and_leader_is_named(api: Api) -> None:
    """„Na přesun 1-5 jednotek o jedno pole je potřeba 1 zásoba.": 7 army units and the ruler are 8 movement units,
    2 supplies; naming them all splits nothing off (KBS-MOV-1)."""
    game = _campaign(api)

    events = game.ok("move_army", "z", army="za", path=["r2"], units={"army": 7}, leaders=["jaromir"])

    assert of(events, "ArmySplit") == []
    assert of(events, "ArmyMoved")[0]["army"] == "za" and of(events, "ArmyMoved")[0]["cost"] == 2
    assert list(game.state()["armies"]) == ["rr", "za"]


def test_refused_citing_kbs_mov_1_when_the_part_names_units_or_leaders_the_army_does_not_have(api: Api) -> None:
    """„Jedna jednotka je armáda …, postava panovníka, katapult …" (KBS-MOV-1): only units and figures the army has
    can move with the part — not an 8th army unit, a catapult or another army's leader."""
    game = _campaign(api)

    too_many = assert_refused(game.act("move_army", "z", army="za", path=["r2"], units={"army": 8}), "KBS-MOV-1")
    missing = assert_refused(game.act("move_army", "z", army="za", path=["r2"], units={"catapult": 1}), "KBS-MOV-1")
    stranger = assert_refused(game.act("move_army", "z", army="za", path=["r2"], leaders=["robert"]), "KBS-MOV-1")

    assert too_many["violations"][0]["details"]["field"] == "data.units.army"
    assert "has 7 army; 8 cannot move" in too_many["detail"]
    assert missing["violations"][0]["details"]["field"] == "data.units.catapult"
    assert stranger["violations"][0]["details"]["field"] == "data.leaders[0]"
    assert game.state()["armies"]["za"]["units"] == {"army": 7}


def test_400_naming_the_count_when_the_part_moves_a_negative_number_of_units(api: Api) -> None:
    """„Na přesun 1-5 jednotek …": a count of units is a whole number from 0; -1 is malformed input, nothing is
    written."""
    game = _campaign(api)

    response = game.act("move_army", "z", army="za", path=["r2"], units={"army": -1})

    assert list(assert_problem(response, 400)["errors"]) == ["/data/units/army"]
    assert game.state()["armies"]["za"]["units"] == {"army": 7}


def test_refused_citing_kbs_mov_2_when_the_part_moves_no_unit(api: Api) -> None:
    """„Na přesun 1-5 jednotek…": a move takes at least one movement unit."""
    game = _campaign(api)

    body = assert_refused(
        game.act("move_army", "z", army="za", path=["r2"], units={"army": 0}, leaders=[]), "KBS-MOV-2"
    )

    assert _rules(body) == ["KBS-MOV-2"]


def _siege(api: Api) -> Campaign:
    """z's army `zs` (6 units) besieges r's unfortified city `c`, held by 2 units."""
    game = Campaign(api, _board([army("zs", "z", "r-c", army=6), army("rg", "r", "c", army=2)]), ("z", "r"))
    game.to_turn(1, "z")
    game.ok("start_siege", "z", army="zs", city="c")
    return game


def test_the_siege_stays_with_the_rest_when_a_besieging_army_sends_part_away_and_keeps_the_besieged_bs(
    api: Api,
) -> None:
    """KBS-SIE-4, KBS-AMB-4: „Pokud se sníží BS pod BS obránců, tak je obléhání přerušeno" — 3 BS left >= 2 inside."""
    game = _siege(api)

    events = game.ok("move_army", "z", army="zs", path=["r-z"], units={"army": 3})

    assert of(events, "SiegeEnded") == [] and of(events, "SiegeBroken") == []
    state = game.state()
    assert state["sieges"]["c"]["army"] == "zs"
    assert state["armies"]["zs"]["units"] == {"army": 3} and state["armies"]["placed-1"]["at"] == "r-z"


def test_refused_citing_kbs_sie_4_when_the_part_sent_away_would_leave_the_besiegers_weaker_than_the_besieged(
    api: Api,
) -> None:
    """KBS-SIE-4, KBS-AMB-4: 1 BS left against 2 inside would break the siege; lifting it is a whole-army move."""
    game = _siege(api)

    body = assert_refused(game.act("move_army", "z", army="zs", path=["r-z"], units={"army": 5}), "KBS-SIE-4")

    assert _rules(body) == ["KBS-SIE-4", "KBS-AMB-4"]
    assert body["violations"][0]["details"]["bs_besiegers"] == 1
    assert game.state()["sieges"]["c"]["army"] == "zs"


def _no_raids_board(**flags: Any) -> dict[str, Any]:
    board = board_doc(
        regions={"r1": {}, "r-z": {}, "r-r": {}, **flags},
        cities={**HOMES},
        land=[("r1", "r-z"), ("r1", "r-r")],
        factions=TWO,
        armies=[army("za", "z", "r1", army=2)],
    )
    del board["attributes"]["giant_targets"], board["attributes"]["pirate_target"]
    return board


def _create(api: Api, board: dict[str, Any]) -> Any:
    payload = {"ruleset": "cedofan_kards_bs", "seats": [{"seat": "z"}, {"seat": "r"}], "board": board}
    return api.client.post("/api/v1/games", json={**payload, "options": OPTIONS}, headers=api.headers())


def test_a_board_without_giants_or_pirates_needs_neither_target_and_its_rounds_skip_both_raids(api: Api) -> None:
    """KBS-GNT-1 / KBS-PIR-1: odd rounds from 3 bring giants, even rounds from 4 pirates — where the board has them."""
    created = _create(api, _no_raids_board())
    assert created.status_code == 201, created.get_json()
    game = created.get_json()["id"]

    for _round in range(1, 5):
        assert api.act(game, type="start_round", seat=None, data={}).status_code == 201
        began = api.act(game, type="begin_turns", seat=None, data={})  # no die for giants is asked
        assert began.status_code == 201, began.get_json()
        types = [e["type"] for e in began.get_json()["events"]]
        assert not {"DiceRolled", "GiantsArrived", "GiantsStayedAway", "PirateRaidResolved"} & set(types)
        for seat in ("z", "r"):
            assert api.act(game, type="end_turn", seat=seat, data={}).status_code == 201


def test_400_naming_the_giants_targets_and_ostius_when_the_board_has_giants_and_ports_but_not_them(api: Api) -> None:
    """KBS-GNT-1: „Každé liché kolo, počínaje 3 kolem" and KBS-PIR-1: „Každé sudé kolo, počínaje čtvrtým kolem je
    veden pirátský nájezd na město Ostius." — a board with giants must say where they go, and one with ports which
    city is Ostius."""
    board = _no_raids_board(**{"r-g": {"giants": True}})
    board["areas"].append(
        {"id": "c-port", "kind": "city", "attributes": {**city("r1", "neutral", port=True)}},
    )

    messages = " | ".join(assert_problem(_create(api, board), 400)["errors"]["board"])

    assert "attributes.giant_targets: required on a board with giants" in messages
    assert "attributes.pirate_target: None is not a city of the board" in messages
