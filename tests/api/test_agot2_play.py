"""Recording agot2 round by round through the HTTP API: sealed orders and bids, views, the shipped board."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_agot2_examples import _act, _one, _open_round, _state
from tests.conftest import Api

SEATS = ("baratheon", "stark", "greyjoy")


def _units(seat: str, area: str, *types: str) -> list[dict[str, Any]]:
    return [{"id": f"{seat}:{t}:{area}:{i}", "seat": seat, "type": t, "area": area} for i, t in enumerate(types, 1)]


def _create(api: Api) -> str:
    position = {
        "units": _units("stark", "winterfell", "knight", "footman")
        + _units("baratheon", "white_harbor", "footman")
        + _units("greyjoy", "greywater_watch", "knight")
    }
    body = {
        "ruleset": "agot2",
        "board": "base",
        "options": {
            "position": position,
            "tracks": {"iron_throne": list(SEATS), "fiefdoms": list(SEATS), "kings_court": list(SEATS)},
        },
        "seats": [{"seat": s} for s in SEATS],
    }
    response = api.client.post("/api/v1/games", json=body, headers=api.headers("admin"))
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def _seal(api: Api, game_id: str, seat: str, payload: Any, name: str) -> Any:
    return api.client.post(
        f"/api/v1/games/{game_id}/sealed",
        json={"seat": seat, "round": name, "payload": payload},
        headers=api.headers("admin"),
    )


def test_orders_stay_hidden_until_every_seat_has_sealed_then_resolve_in_turn_order(any_api: Api) -> None:
    api = any_api
    game_id = _create(api)
    _act(api, game_id, "plan_orders", None)
    name = _open_round(api, game_id)
    assert (
        _seal(api, game_id, "stark", {"orders": [{"area": "winterfell", "token": "march_plus1"}]}, name).status_code
        == 201
    )
    assert (
        _seal(
            api, game_id, "baratheon", {"orders": [{"area": "white_harbor", "token": "defense_plus2"}]}, name
        ).status_code
        == 201
    )
    for viewer in ("greyjoy", "baratheon", "spectator"):
        assert _state(api, game_id, viewer)["rules"]["orders"] == {}
    assert_refused(
        _seal(api, game_id, "greyjoy", {"orders": [{"area": "winterfell", "token": "raid_a"}]}, name), "GOT-X-25"
    )

    response = _seal(api, game_id, "greyjoy", {"orders": []}, name)

    assert response.status_code == 201, response.get_json()
    revealed = _one(response.get_json()["events"], "OrdersRevealed")
    assert revealed["placements"]["stark"] == [{"area": "winterfell", "order_token": "march_plus1"}]
    assert_refused(
        api.act(game_id, type="march", seat="stark", data={"from_area": "winterfell", "moves": []}), "GOT-X-12"
    )
    _act(api, game_id, "decline_raven", "baratheon")
    events = _act(
        api,
        game_id,
        "march",
        "stark",
        from_area="winterfell",
        moves=[{"to_area": "white_harbor", "units": ["stark:knight:winterfell:1"]}],
    )
    initiated = _one(events, "CombatInitiated")
    assert (initiated["structure"], initiated["defense_order"]) == ("castle", {"token": "defense_plus2", "modifier": 2})


def test_a_bid_tie_is_broken_by_the_iron_throne_holder_through_the_api(api: Api) -> None:
    game_id = _create(api)
    _act(api, game_id, "open_bidding", None, track="kings_court")
    name = _open_round(api, game_id)
    for seat, amount in (("baratheon", 1), ("stark", 2), ("greyjoy", 2)):
        response = _seal(api, game_id, seat, {"amount": amount}, name)
        assert response.status_code == 201, response.get_json()
    assert _one(response.get_json()["events"], "TrackBidsRevealed")["tie_decider"] == "baratheon"
    assert_refused(
        api.act(game_id, type="break_tie", seat="stark", data={"order": ["stark", "greyjoy"]}), "GOT-THRONE-1"
    )

    events = _act(api, game_id, "break_tie", "baratheon", order=["greyjoy", "stark"])

    assert _one(events, "TrackPositionsSet")["order"] == ["greyjoy", "stark", "baratheon"]
    assert _one(events, "DominanceTokenPassed")["token"] == "messenger_raven"


def test_a_march_out_of_turn_is_recorded_with_its_deviation_in_a_transcript(api: Api) -> None:
    position = {
        "phase": "action",
        "step": "march",
        "units": _units("stark", "winterfell", "knight") + _units("greyjoy", "greywater_watch", "knight"),
        "orders": [
            {"area": "winterfell", "seat": "stark", "token": "march_0"},
            {"area": "greywater_watch", "seat": "greyjoy", "token": "march_0"},
        ],
    }
    body = {
        "ruleset": "agot2",
        "board": "base",
        "mode": "transcript",
        "seats": [{"seat": s} for s in SEATS],
        "options": {"position": position},
    }
    created = api.client.post("/api/v1/games", json=body, headers=api.headers("admin"))
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["id"]
    move = {
        "from_area": "greywater_watch",
        "moves": [{"to_area": "seagard", "units": ["greyjoy:knight:greywater_watch:1"]}],
    }

    response = api.act(game_id, type="march", seat="greyjoy", data=move)  # Stark marches first (GOT-TERM-4)

    assert response.status_code == 201, response.get_json()
    assert [d["rule_id"] for d in response.get_json()["deviations"]] == ["GOT-TERM-4"]
    units = _state(api, game_id)["state"]["units"]
    assert units["greyjoy:knight:greywater_watch:1"]["area"] == "seagard"
