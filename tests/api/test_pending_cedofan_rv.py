"""GET /games/{id}/pending for cedofan_rv (issue 15, point 2): turns, moves and loot slips over HTTP, per viewer."""

from __future__ import annotations

from typing import Any

from tests.api.test_cedofan_rv_examples import RvGame
from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, C, board, city, noble, troops

HOUSES = ("katzowicove", "gliviciove")


def _pending(api: Api, game_id: str, viewer: str) -> dict[str, Any]:
    response = api.client.get(f"/api/v1/games/{game_id}/pending?as={viewer}", headers=api.headers("admin"))
    assert response.status_code == 200, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def _option(body: dict[str, Any], seat: str | None, kind: str) -> dict[str, Any]:
    return next(o for w in body["waiting"] if w["seat"] == seat for o in w["options"] if o["type"] == kind)


def _play(api: Api, game_id: str, seat: str | None, option: dict[str, Any], index: int = 0) -> list[dict[str, Any]]:
    response = api.act(game_id, type=option["type"], seat=seat, data=option["choices"][index])
    assert response.status_code == 201, response.get_json()
    events: list[dict[str, Any]] = response.get_json()["events"]
    return events


def test_the_shipped_board_waits_on_the_table_then_on_katzowicove_whose_move_choices_are_accepted(api: Api) -> None:
    """RV-TURN-1/4: the table starts round 1, then Katzowicové (first of the houses) begins its impulse; a move
    (RV-MOV-2, RV-SUP-2) chosen from pending is recorded. The treasury that pays it is Katzowicové's secret."""
    game = api.create_game(
        ruleset="cedofan_rv",
        board="demonstration",
        options=FIXTURE_OPTIONS,
        seats=[{"seat": s} for s in HOUSES],
        dice="server",
    )["id"]
    start = _option(_pending(api, game, "spectator"), None, "start_round")
    assert start["rule_ids"] == ["RV-TURN-1", "RV-TURN-2"] and start["endpoint"] == "actions"
    _play(api, game, None, start)
    begin = _pending(api, game, "spectator")
    assert begin["rule_id"] == "RV-TURN-3" and [w["seat"] for w in begin["waiting"]] == ["katzowicove"]
    _play(api, game, "katzowicove", _option(begin, "katzowicove", "begin_impulse"))

    own = _option(_pending(api, game, "katzowicove"), "katzowicove", "move_banner")
    other = _option(_pending(api, game, "gliviciove"), "katzowicove", "move_banner")
    # k_head stands in Kiertz; Pole (2 steps) and Ves (4, over a swamp) are within the limit of 1 city + 4.
    assert own["private"] and {c["path"][-1] for c in own["choices"]} >= {"pole"}
    assert other["private"] and other["choices"] == [] and other["fields"] == {}
    moved = _play(api, game, "katzowicove", own)
    assert moved[0]["type"] == "BannerMoved" and moved[0]["data"]["noble"] == own["choices"][0]["noble"]
    after = _pending(api, game, "arbiter")
    assert after["version"] == begin["version"] + 2 and after["waiting"][0]["seat"] == "katzowicove"


def test_the_loser_of_a_battle_is_offered_its_loot_slip_alone_and_the_slip_is_accepted(api: Api) -> None:
    """RV-EX-3 (RV-FLD-1..6, RV-LOOT-1..3): n2 loses with 3 in his purse; the slip's amount is for the loser who
    writes it (and the winner who receives it), never for a third seat or a spectator."""
    pieces = [
        noble("g1", A, "r"),
        *troops("ai", 4, "infantry", A, "r", "g1"),
        *troops("ac", 1, "cavalry", A, "r", "g1"),
        noble("n2", B, "r", purse=3),
        *troops("bi", 3, "infantry", B, "r", "n2"),
    ]
    areas = {"r": {}, "b_city": city(B), "a_city": city(A)}
    game = RvGame(api, board(areas, [("r", "b_city", "passable", 2), ("r", "a_city", "passable", 1)], pieces))
    game.impulse(A)
    attack = _option(_pending(api, game.id, A), A, "attack")
    assert attack["choices"] == [{"nobles": ["g1"]}] and attack["dice"]  # table dice: the spec's order
    game.ok(A, "attack", dice=[6, 5, 1, 2, 3, 5, 4, 5, 1, 1, 2], nobles=["g1"])

    slip = _option(_pending(api, game.id, B), B, "seal")
    assert slip["endpoint"] == "sealed" and slip["private"] and slip["rule_ids"][:2] == ["RV-LOOT-1", "RV-LOOT-2"]
    assert [c["payload"] for c in slip["choices"]] == [{"amount": 3}]
    for outsider in (A, C, "spectator"):
        hidden = _option(_pending(api, game.id, outsider), B, "seal")
        assert hidden["choices"] == [] and hidden["fields"] == {}, outsider
    text = api.client.get(f"/api/v1/games/{game.id}/pending?as={C}", headers=api.headers("admin")).get_data(True)
    assert '"amount"' not in text

    sealed = game.seal(B, slip["choices"][0]["round"], slip["choices"][0]["payload"])
    assert sealed.status_code == 201, sealed.get_json()
    after = _pending(api, game.id, "arbiter")
    assert all(o["type"] != "seal" for w in after["waiting"] for o in w["options"])
    assert game.full()["treasuries"][A] == 20 + 1 + 3  # RV-ECO-4 in round 1, then the slip (RV-LOOT-2)
