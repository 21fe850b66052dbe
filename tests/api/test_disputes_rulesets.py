"""Disputes on every landed ruleset (issue 8, "Done when"), through HTTP.

Each game is a transcript in which one action broke a rule and was recorded with its deviation. A
seated player disputes it: the attached audit cites the rule with its seed quote. The arbiter
overturns it: the illegal action is struck, so the game stands as it was before that action (and,
with a corrected action, as the rules give for that action instead). Another dispute is upheld: the
game does not change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from domain import registry
from tests.api.conftest import bearer
from tests.api.test_cedofan_rv_examples import RvGame
from tests.conftest import Api
from tests.domain.cedofan_kards_bs.builders import OPTIONS as KBS_OPTIONS
from tests.domain.cedofan_kards_bs.builders import army, board_doc, city
from tests.domain.cedofan_rv.fixtures import A, B, board, noble, troops
from tests.domain.cedofan_rv.fixtures import city as rv_city


def _rules(api: Api, game: str, at: int | None = None) -> dict[str, Any]:
    query = f"?as=arbiter&at={at}" if at else "?as=arbiter"
    body = api.client.get(f"/api/v1/games/{game}/state{query}", headers=api.headers()).get_json()
    rules: dict[str, Any] = body["state"]["state"]  # the arbiter sees the ruleset's whole state
    return rules


def _recorded(response: Any, rule_id: str, *umbrellas: str) -> int:
    """The version of a transcript action recorded with exactly this deviation (and its umbrella rules)."""
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert [d["rule_id"] for d in body["deviations"]] == [rule_id, *umbrellas]
    version: int = body["events"][0]["version"]
    return version


def _seat_players(api: Api, seats: list[str]) -> tuple[list[dict[str, str]], dict[str, str]]:
    """Seats held by fresh players, and a token for each seat."""
    held, tokens = [], {}
    for seat in seats:
        player = api.player(seat.title())
        held.append({"seat": seat, "player": player})
        tokens[seat] = api.token_for_player(player)
    return held, tokens


# --- one transcript deviation per ruleset: (game id, disputed version, rule id, disputing token) ---


def _kard_es_korona(api: Api) -> tuple[str, int, str, str]:
    seats, tokens = _seat_players(api, ["pannonia", "tiszahat", "delvidek"])
    game = api.create_game(
        ruleset="kard_es_korona", variant="basic", board="basic", seats=seats, dice="table", mode="transcript"
    )["id"]
    changes = [
        {"op": "set", "path": "/phase", "value": "recruit"},
        {"op": "set", "path": "/year", "value": 1302},
        {"op": "set", "path": "/starting_player", "value": "pannonia"},
        {"op": "set", "path": "/turn", "value": "pannonia"},
        {"op": "set", "path": "/units", "value": {"gyor": {"pannonia": {"infantry": 4, "archer": 1, "cavalry": 1}}}},
        {"op": "set", "path": "/control", "value": {"gyor": "pannonia"}},
        {"op": "set", "path": "/treasury", "value": {"pannonia": 10, "tiszahat": 0, "delvidek": 0}},
    ]
    # A worked example's position skips what the setup would have done (neutral pieces, step allowances):
    # CORE-ADJUST-3 refuses it unless the arbiter forces it.
    assert (
        api.act(
            game, "arbiter", type="adjust", data={"changes": changes, "reason": "position", "force": True}
        ).status_code
        == 201
    )
    purchase = {"purchases": [{"castle": "gyor", "arm": "infantry", "count": 1}]}
    response = api.act(game, "organiser", type="recruit", seat="pannonia", data=purchase)
    # 5 infantry of 7 breaks the castle's arm limit; KK-RECRUIT-4 (limits bind recruitment) follows it.
    return game, _recorded(response, "KK-CASTLE-3", "KK-RECRUIT-4"), "KK-CASTLE-3", tokens["pannonia"]


def _agot2(api: Api) -> tuple[str, int, str, str]:
    seats, tokens = _seat_players(api, ["baratheon", "stark", "greyjoy"])

    def units(seat: str, area: str) -> list[dict[str, str]]:
        return [{"id": f"{seat}:knight:{area}:1", "seat": seat, "type": "knight", "area": area}]

    position = {
        "phase": "action",
        "step": "march",
        "units": units("stark", "winterfell") + units("greyjoy", "greywater_watch"),
        "orders": [
            {"area": "winterfell", "seat": "stark", "token": "march_0"},
            {"area": "greywater_watch", "seat": "greyjoy", "token": "march_0"},
        ],
    }
    game = api.create_game(
        ruleset="agot2", board="base", mode="transcript", seats=seats, options={"position": position}
    )
    move = {
        "from_area": "greywater_watch",
        "moves": [{"to_area": "seagard", "units": ["greyjoy:knight:greywater_watch:1"]}],
    }
    response = api.act(game["id"], type="march", seat="greyjoy", data=move)  # Stark marches first
    return game["id"], _recorded(response, "GOT-TERM-4"), "GOT-TERM-4", tokens["stark"]


def _cedofan_kards_bs(api: Api) -> tuple[str, int, str, str]:
    document = board_doc(
        regions={"r1": {}, "r2": {"swamp": True}, "r-a": {}, "r-b": {}},
        cities={"c-a": city("r-a", "a", capital_of="a"), "c-b": city("r-b", "b", capital_of="b")},
        land=[("r1", "r2")],
        factions={"a": {"capital": "c-a", "ruler": "ak", "supplies": 1}, "b": {"capital": "c-b", "ruler": "bk"}},
        armies=[army("aa", "a", "r1", army=3)],
    )
    seats, tokens = _seat_players(api, ["a", "b"])
    game = api.create_game(
        ruleset="cedofan_kards_bs", board=document, seats=seats, options=KBS_OPTIONS, mode="transcript", dice="table"
    )["id"]
    api.act(game, type="start_round", seat=None, data={})
    api.act(game, type="begin_turns", seat=None, data={})
    response = api.act(game, type="move_army", seat="a", data={"army": "aa", "path": ["r2"]})  # 2 supplies, has 1
    return game, _recorded(response, "KBS-MOV-2"), "KBS-MOV-2", tokens["b"]


def _cedofan_rv(api: Api) -> tuple[str, int, str, str]:
    pieces = [noble("h", A, "r", "house_head"), *troops("a", 3, "infantry", A, "r", "h")]
    pieces += troops("d", 2, "infantry", B, "c")
    areas = {"r": {}, "c": rv_city(B), "home": rv_city(A)}
    game = RvGame(
        api, board(areas, [("r", "c", "passable", 1), ("r", "home", "passable", 1)], pieces), mode="transcript"
    )
    game.impulse(A)
    game.ok(A, "start_siege", place="c", nobles=["h"])
    response = game.post(A, "storm_place", dice=[1, 1, 1, 1], place="c")  # storming before the siege has lasted
    return game.id, _recorded(response, "RV-STM-1"), "RV-STM-1", api.tokens["arbiter"]


SCENARIOS: dict[str, Callable[[Api], tuple[str, int, str, str]]] = {
    "kard_es_korona": _kard_es_korona,
    "agot2": _agot2,
    "cedofan_kards_bs": _cedofan_kards_bs,
    "cedofan_rv": _cedofan_rv,
}


def _open(api: Api, game: str, version: int, token: str, rule_id: str) -> dict[str, Any]:
    body = {"version": version, "claim": "that action broke the rules", "rule_ids": [rule_id]}
    response = api.client.post(f"/api/v1/games/{game}/disputes", json=body, headers=bearer(token))
    assert response.status_code == 201, response.get_json()
    opened: dict[str, Any] = response.get_json()
    return opened


def _rule(api: Api, dispute: str, decision: str, rule_id: str, **extra: Any) -> dict[str, Any]:
    body = {"decision": decision, "reasoning": f"{rule_id} applies", "rule_ids": [rule_id], **extra}
    response = api.client.post(f"/api/v1/disputes/{dispute}/ruling", json=body, headers=api.headers("arbiter"))
    assert response.status_code == 201, response.get_json()
    ruled: dict[str, Any] = response.get_json()
    return ruled


def test_every_shipped_game_ruleset_has_a_dispute_scenario() -> None:
    assert set(SCENARIOS) == set(registry.ruleset_ids()) - {"freeform"}  # freeform: tests/api/test_disputes.py


@pytest.mark.parametrize("ruleset_id", sorted(SCENARIOS))
def test_overturned_deviation_is_struck_and_the_audit_cites_the_rule_with_its_seed_quote(
    api: Api, ruleset_id: str
) -> None:
    game, version, rule_id, token = SCENARIOS[ruleset_id](api)
    before = _rules(api, game, version - 1)
    assert _rules(api, game) != before  # the recorded action changed the game
    rule = registry.current(ruleset_id).rulebook[rule_id]

    opened = _open(api, game, version, token, rule_id)

    audit = opened["events"][1]["data"]["audit"]
    assert [d["rule_id"] for d in audit["deviations"]][:1] == [rule_id]
    cited = {r["id"]: r for r in audit["rules"]}
    assert cited[rule_id]["source_quote"] == rule.source_quote and rule.source_quote
    assert api.client.get(f"/api/v1/games/{game}").get_json()["provisional"] is True

    ruled = _rule(api, opened["id"], "overturned", rule_id)

    assert ruled["status"] == "overturned"
    assert _rules(api, game) == before  # the illegal action is struck: the game stands as before it
    assert api.client.get(f"/api/v1/games/{game}").get_json()["provisional"] is False


@pytest.mark.parametrize("ruleset_id", sorted(SCENARIOS))
def test_upheld_ruling_leaves_the_game_as_recorded(api: Api, ruleset_id: str) -> None:
    game, version, rule_id, token = SCENARIOS[ruleset_id](api)
    recorded = _rules(api, game)
    dispute = _open(api, game, version, token, rule_id)["id"]

    ruled = _rule(api, dispute, "upheld", rule_id)

    assert ruled["status"] == "upheld"
    assert _rules(api, game) == recorded


def test_kk_recruit_4_overturn_with_the_legal_recruitment_gives_what_the_rules_give(api: Api) -> None:
    game, version, rule_id, token = _kard_es_korona(api)
    dispute = _open(api, game, version, token, rule_id)["id"]
    archer = {"purchases": [{"castle": "gyor", "arm": "archer", "count": 1}]}
    corrected = {"type": "recruit", "seat": "pannonia", "data": archer}

    _rule(api, dispute, "overturned", rule_id, corrected_action=corrected)

    rules = _rules(api, game)
    # The struck infantry is gone and its 5 garas refunded; the archer costs 5 (KK-RECRUIT-1).
    assert rules["units"]["gyor"]["pannonia"] == {"infantry": 4, "archer": 2, "cavalry": 1}
    assert rules["treasury"]["pannonia"] == 5
