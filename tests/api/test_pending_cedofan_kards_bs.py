"""GET /games/{id}/pending of cedofan_kards_bs (issue 15, point 2): what a campaign waits for, through HTTP, and
choices posted back to /actions as offered."""

from __future__ import annotations

from typing import Any

from tests.api.test_cedofan_kards_bs_examples import Campaign, of
from tests.conftest import Api
from tests.domain.cedofan_kards_bs.builders import HOMES, OPTIONS, TWO, army, board_doc, city

SEATS = ["zapad", "rudern", "stiny", "ostius"]


def _pending(api: Api, game_id: str, viewer: str | None = None) -> dict[str, Any]:
    query = f"?as={viewer}" if viewer else ""
    response = api.client.get(f"/api/v1/games/{game_id}/pending{query}", headers=api.headers())
    assert response.status_code == 200, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def _option(body: dict[str, Any], seat: str | None, action: str) -> dict[str, Any]:
    found: dict[str, Any] = next(
        o for w in body["waiting"] if w["seat"] == seat for o in w["options"] if o["type"] == action
    )
    return found


def _post(api: Api, game_id: str, seat: str | None, action: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    response = api.act(game_id, type=action, seat=seat, data=data)
    assert response.status_code == 201, response.get_json()
    events: list[dict[str, Any]] = response.get_json()["events"]
    return events


def test_a_new_campaign_waits_on_the_table_then_on_the_first_faction_whose_offered_move_is_recorded(api: Api) -> None:
    """KBS-AMB-20: a round opens (start_round), the supply phase ends (begin_turns), then the turn order's first
    faction acts; a move is offered with the supplies it costs (KBS-MOV-2, KBS-MOV-3) and recorded at that cost."""
    game = api.create_game(
        ruleset="cedofan_kards_bs", board="demonstration", options=OPTIONS, seats=[{"seat": s} for s in SEATS]
    )

    body = _pending(api, game["id"], "arbiter")
    assert (body["version"], body["phase"], body["rule_id"]) == (1, "setup", "KBS-AMB-20")
    assert [w["seat"] for w in body["waiting"]] == [None]
    start = _option(body, None, "start_round")
    assert start["endpoint"] == "actions" and start["rule_ids"] == ["KBS-AMB-20"] and start["choices"] == [{}]
    _post(api, game["id"], None, "start_round", start["choices"][0])

    supply = _pending(api, game["id"])
    assert supply["phase"] == "supply" and supply["viewer"] == "spectator"
    _post(api, game["id"], None, "begin_turns", _option(supply, None, "begin_turns")["choices"][0])

    turn = _pending(api, game["id"], "zapad")
    assert turn["waiting"][0]["seat"] == "zapad" and turn["summary"] == "round 1: zapad's turn"
    move = _option(turn, "zapad", "move_army")
    # z-heran (4 army units) steps from Heráň's lands into Jezerní město's for ceil(4/5) = 1 supply.
    assert move["fields"]["destinations"]["z-heran"]["r-jezerni"] == {"path": ["r-jezerni"], "cost": 1}
    events = _post(api, game["id"], "zapad", "move_army", {"army": "z-heran", "path": ["r-jezerni"]})
    assert of(events, "ArmyMoved")[0]["cost"] == 1
    assert _option(_pending(api, game["id"], "rudern"), "zapad", "end_turn")["choices"] == [{}]


def test_the_beaten_relief_is_offered_only_the_regions_around_the_besieged_city_and_its_retreat_is_recorded(
    api: Api,
) -> None:
    """KBS-AMB-9: "Relieving armies may not retreat into a besieged city" — after the failed relief of c
    (dice 1, 6: floor((2+2+1+1)/4) = 1 against floor((8+6)/4) = 3) Západ's relievers go to r-z, r-r or r-n."""
    board = board_doc(
        regions={"r-c": {}, "r-z": {}, "r-r": {}, "r-n": {}},
        cities={**HOMES, "c": city("r-c", "z")},
        land=[("r-c", "r-z"), ("r-c", "r-r"), ("r-c", "r-n")],
        factions=TWO,
        armies=[
            army("zg", "z", "c", army=2),
            army("rs", "r", "r-c", army=8),
            army("zr", "z", "r-c", ["jaromir"], army=2),
        ],
    )
    game = Campaign(api, board, ("z", "r"))
    game.to_turn(1, "r")
    assert _option(_pending(api, game.id, "r"), "r", "start_siege")["choices"] == [{"army": "rs", "city": "c"}]
    game.ok("start_siege", "r", army="rs", city="c")
    game.to_turn(2, "z")
    relief = _option(_pending(api, game.id, "z"), "z", "relieve_siege")
    assert {"armies": ["zr"], "city": "c", "garrison": True} in relief["choices"]
    assert relief["dice"]  # table dice: the attacker's then the defender's
    game.ok("relieve_siege", "z", dice=[1, 6], armies=["zr"], city="c", garrison=True)

    body = _pending(api, game.id, "z")
    assert body["rule_id"] == "KBS-CMB-4" and body["waiting"][0]["seat"] == "z"
    retreat = _option(body, "z", "retreat")
    assert sorted(c["to"] for c in retreat["choices"]) == ["r-n", "r-r", "r-z"]
    assert "KBS-AMB-9" in retreat["rule_ids"] and retreat["fields"]["barred"] == "c"
    events = _post(api, game.id, "z", "retreat", retreat["choices"][0])
    assert of(events, "ArmyRetreated")[0]["cost"] == 0
    assert "end_turn" in [o["type"] for o in _pending(api, game.id, "z")["waiting"][0]["options"]]
