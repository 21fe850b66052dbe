"""The catalog's worked examples (agot2 §6) through the public HTTP API: create, act, seal, read back."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from tests.api.conftest import assert_refused, stored_events
from tests.conftest import Api
from tests.domain.agot2 import examples
from tests.domain.agot2.tables import new_game, units


def _create(api: Api, game: Game, mode: str = "adjudicated") -> str:
    body = {
        "ruleset": "agot2",
        "board": game.state.board_document,
        "options": {k: v for k, v in game.meta.options.items() if v is not None},
        "seats": [{"seat": s} for s in game.meta.seat_names()],
        "mode": mode,
        "dice": "table",
    }
    response = api.client.post("/api/v1/games", json=body, headers=api.headers("admin"))
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def _act(api: Api, game_id: str, kind: str, seat: str | None, **data: Any) -> list[dict[str, Any]]:
    response = api.act(game_id, type=kind, seat=seat, data=data)
    assert response.status_code == 201, response.get_json()
    events: list[dict[str, Any]] = response.get_json()["events"]
    return events


def _open_round(api: Api, game_id: str) -> str:
    state = api.client.get(f"/api/v1/games/{game_id}/state?as=arbiter", headers=api.headers("admin")).get_json()
    [name] = state["state"]["meta"]["sealed"]
    return str(name)


def _seal_all(api: Api, game_id: str, payloads: dict[str, Any]) -> list[dict[str, Any]]:
    name = _open_round(api, game_id)
    events: list[dict[str, Any]] = []
    for seat, payload in payloads.items():
        response = api.client.post(
            f"/api/v1/games/{game_id}/sealed",
            json={"seat": seat, "round": name, "payload": payload},
            headers=api.headers("admin"),
        )
        assert response.status_code == 201, response.get_json()
        events = response.get_json()["events"]
    return events


def _one(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    found: dict[str, Any]
    [found] = [e["data"] for e in events if e["type"] == kind]
    return found


def _state(api: Api, game_id: str, viewer: str = "arbiter") -> dict[str, Any]:
    response = api.client.get(f"/api/v1/games/{game_id}/state?as={viewer}", headers=api.headers("admin"))
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()["state"]
    return found


def test_got_combat_1_support_3_6_blade_1_resolve_1_retreat_3_4_8_cleanup_1_2_e1_through_the_api(api: Api) -> None:
    game_id = _create(api, examples.e1())
    marched = _act(
        api,
        game_id,
        "march",
        "red",
        from_area="l1",
        moves=[{"to_area": "l2", "units": ["red:knight:l1:1", "red:footman:l1:2"]}],
    )
    cid = _one(marched, "CombatInitiated")["combat_id"]
    assert_refused(
        api.act(game_id, type="declare_support", seat="red", data={"combat_id": cid, "side": "attacker"}),
        "GOT-SUPPORT-3",
    )
    _act(api, game_id, "declare_support", "green", combat_id=cid, side="defender")
    _act(api, game_id, "declare_support", "red", combat_id=cid, side="attacker")
    _seal_all(api, game_id, {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1f1"}})

    events = _act(api, game_id, "use_blade", "red", combat_id=cid)

    resolved = _one(events, "CombatResolved")
    assert (resolved["attacker"]["total"], resolved["defender"]["total"], resolved["winner"]) == (10, 8, "red")
    assert resolved["attacker"]["support"] == [{"seat": "red", "area": "s1", "units": 2, "order_bonus": 0}]
    assert resolved["defender"]["support"] == [{"seat": "green", "area": "l3", "units": 3, "order_bonus": 1}]
    assert _one(events, "RetreatChosen")["to_area"] == "l4"
    units = _state(api, game_id)["state"]["units"]
    assert {u["area"] for u in units.values() if u["seat"] == "blue"} == {"l4"}
    assert {u["area"] for k, u in units.items() if k.startswith("red:") and u["type"] != "ship"} == {"l2"}
    kinds = [e["type"] for e in stored_events(api, game_id)]
    assert kinds.index("SupportDeclared") < kinds.index("BaseStrengthAnnounced") < kinds.index("SubmissionSealed")


def test_got_combat_3_support_8_retreat_9_x_16_e2_through_the_api(api: Api) -> None:
    game_id = _create(api, examples.e2(None))
    marched = _act(
        api,
        game_id,
        "march",
        "red",
        from_area="l6",
        moves=[{"to_area": "l5", "units": ["red:siege_engine:l6:1", "red:footman:l6:2"]}],
    )
    cid = _one(marched, "CombatInitiated")["combat_id"]
    _act(api, game_id, "declare_support", "red", combat_id=cid, side="attacker")
    _act(api, game_id, "declare_support", "blue", combat_id=cid, side="defender")

    events = _seal_all(api, game_id, {"red": {"card": "red_c1"}, "blue": {"card": "blue_c4s2"}})

    assert _one(events, "CombatResolved")["winner"] == "blue"
    assert _one(events, "CasualtiesTaken")["units"] == ["red:footman:l6:2"]
    assert _one(events, "UnitsDestroyed")["reason"] == "siege_engine_cannot_retreat"


def test_got_resolve_2_throne_1_casualty_3_e3_through_the_api(api: Api) -> None:
    game_id = _create(api, examples.e3())
    marched = _act(
        api,
        game_id,
        "march",
        "red",
        from_area="l9",
        moves=[{"to_area": "l10", "units": ["red:footman:l9:1", "red:footman:l9:2"]}],
    )
    cid = _one(marched, "CombatInitiated")["combat_id"]
    events = _seal_all(api, game_id, {"red": {"card": "red_c3"}, "blue": {"card": "blue_c2s1"}})
    resolved = _one(events, "CombatResolved")
    assert (resolved["winner"], resolved["tie_broken_by"]) == ("blue", "fiefdoms")

    chosen = _act(api, game_id, "choose_casualties", "red", combat_id=cid, units=["red:footman:l9:1"])

    assert _one(chosen, "UnitsRouted")["units"] == ["red:footman:l9:2"]


def test_got_retreat_4_casualty_1_e4_through_the_api(api: Api) -> None:
    game_id = _create(api, examples.e4())
    marched = _act(
        api,
        game_id,
        "march",
        "red",
        from_area="l11",
        moves=[{"to_area": "l12", "units": ["red:knight:l11:1", "red:knight:l11:2"]}],
    )
    cid = _one(marched, "CombatInitiated")["combat_id"]
    events = _seal_all(api, game_id, {"red": {"card": "red_c2s2"}, "blue": {"card": "blue_c1f2"}})
    assert _one(events, "CombatResolved")["casualties_due"] == 0
    assert_refused(
        api.act(game_id, type="choose_retreat", seat="blue", data={"combat_id": cid, "to_area": "l11"}), "GOT-RETREAT-4"
    )

    chosen = _act(api, game_id, "choose_retreat", "blue", combat_id=cid, to_area="l13")

    assert _one(chosen, "UnitsRouted")["area"] == "l13"


def test_got_retreat_6_9_x_16_e5_through_the_api(api: Api) -> None:
    game_id = _create(api, examples.e5())
    attackers = ["red:knight:l14:1", "red:knight:l14:2", "red:footman:l14:3"]
    marched = _act(api, game_id, "march", "red", from_area="l14", moves=[{"to_area": "l15", "units": attackers}])
    cid = _one(marched, "CombatInitiated")["combat_id"]
    _seal_all(api, game_id, {"red": {"card": "red_c1s1"}, "blue": {"card": "blue_c2"}})
    assert_refused(
        api.act(
            game_id,
            type="choose_casualties",
            seat="blue",
            data={"combat_id": cid, "units": ["blue:siege_engine:l15:3"]},
        ),
        "GOT-X-16",
    )

    chosen = _act(api, game_id, "choose_casualties", "blue", combat_id=cid, units=["blue:footman:l15:2"])

    assert {e["data"]["reason"] for e in chosen if e["type"] == "UnitsDestroyed"} == {
        "no_legal_retreat",
        "siege_engine_cannot_retreat",
    }


def test_got_retreat_5_x_17_e6_through_the_api(api: Api) -> None:
    game_id = _create(api, examples.e6())
    attackers = ["red:footman:l19:1", "red:footman:l19:2", "red:footman:l19:3"]
    marched = _act(api, game_id, "march", "red", from_area="l19", moves=[{"to_area": "l21", "units": attackers}])
    cid = _one(marched, "CombatInitiated")["combat_id"]
    _act(api, game_id, "declare_support", "blue", combat_id=cid, side="defender")
    _seal_all(api, game_id, {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    resolved = _one(_act(api, game_id, "use_blade", "red", combat_id=cid), "CombatResolved")
    assert (resolved["attacker"]["total"], resolved["defender"]["total"]) == (7, 6)
    assert_refused(
        api.act(game_id, type="choose_retreat", seat="blue", data={"combat_id": cid, "to_area": "l22", "destroy": []}),
        "GOT-RETREAT-5",
    )

    chosen = _act(api, game_id, "choose_retreat", "blue", combat_id=cid, to_area="l22", destroy=["blue:footman:l21:2"])

    assert _one(chosen, "UnitsDestroyed")["reason"] == "supply_limit"
    assert _one(chosen, "UnitsRouted")["units"] == ["blue:knight:l21:1"]


def test_got_rout_3_4_e7_through_the_api(api: Api) -> None:
    b = examples.example_board({"l25": "land", "l26": "land"}, [("l26", "l25")])
    position = examples.example_position(
        units("blue", "l26", "knight")
        + units("blue", "l26", "footman", routed=True, first=2)
        + units("red", "l25", "knight", "knight"),
        [examples.order("l26", "blue", "defense_plus1_a"), examples.order("l25", "red", "march_0")],
        blade_used=True,
    )
    order_of = examples.tracks(("red", "blue"), ("red", "blue"))
    options = examples.example_options(order_of, position, kings_court_stars=[3, 2])
    game_id = _create(api, new_game(b, ("red", "blue"), options))
    _act(
        api,
        game_id,
        "march",
        "red",
        from_area="l25",
        moves=[{"to_area": "l26", "units": ["red:knight:l25:1", "red:knight:l25:2"]}],
    )

    events = _seal_all(api, game_id, {"red": {"card": "red_c2s1"}, "blue": {"card": "blue_c2"}})

    assert _one(events, "CasualtiesTaken")["units"] == ["blue:knight:l26:1"]
    assert _one(events, "UnitsDestroyed")["reason"] == "routed_cannot_retreat"


def test_got_card_7_8_9_x_14_e8_through_the_api(api: Api) -> None:
    game_id = _create(api, examples.e8())
    _act(
        api,
        game_id,
        "march",
        "blue",
        from_area="l27",
        moves=[{"to_area": "l28", "units": ["blue:knight:l27:1", "blue:footman:l27:2"]}],
    )
    name = _open_round(api, game_id)
    response = api.client.post(
        f"/api/v1/games/{game_id}/sealed",
        json={"seat": "blue", "round": name, "payload": {"card": "blue_c2f1"}},
        headers=api.headers("admin"),
    )
    assert response.status_code == 201
    seen_by_red = _state(api, game_id, "red")["rules"]
    assert seen_by_red["hands"]["blue"] == {"hidden": True, "count": 1}
    assert len(seen_by_red["discards"]["blue"]) == 6

    events = _seal_all(api, game_id, {"red": {"card": "red_c2s1"}})

    returned = _one(events, "HouseCardsReturned")
    assert (returned["kept_in_discard"], returned["reason"]) == (["blue_c2f1"], "seventh_card")
    assert len(_state(api, game_id, "red")["rules"]["hands"]["blue"]) == 6
