"""An arbiter ends a cedofan RV game with a loot slip open (RV-LOOT-2, CORE-END-1, CORE-GAME-1), over the API."""

from __future__ import annotations

from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, C, board, city, noble, troops


def test_rv_loot_2_core_end_1_an_arbiters_end_game_delivers_the_open_slip_and_lists_no_sealed_round(api: Api) -> None:
    """B's h carried 3 and lost to A; before B seals the slip the arbiter ends the game: the slip is delivered to A
    (his treasury 5 + 3), and the state no longer lists the slip's round as open (nothing can be sealed now)."""
    pieces = [
        noble("g", A, "r"),
        *troops("a", 2, "infantry", A, "r", "g"),
        noble("h", B, "r", purse=3),
        *troops("b", 1, "infantry", B, "r", "h"),
    ]
    document = board({"r": {}, "b_home": city(B)}, [("r", "b_home", "passable", 1)], pieces, {A: 5, B: 5, C: 5})
    seats = [{"seat": seat} for seat in (A, B, C)]
    game = api.create_game(ruleset="cedofan_rv", board=document, options=FIXTURE_OPTIONS, seats=seats, dice="table")
    game_id = game["id"]
    for kind, seat, data in (("start_round", None, {}), ("begin_impulse", A, {})):
        assert api.act(game_id, type=kind, seat=seat, data=data).status_code == 201
    attack = api.act(game_id, type="attack", seat=A, data={"nobles": ["g"], "dice": [6, 1, 1, 1, 1]})
    round_id = next(e["data"]["round"] for e in attack.get_json()["events"] if e["type"] == "SealedRoundOpened")
    state = api.client.get(f"/api/v1/games/{game_id}/state?as=spectator").get_json()
    assert list(state["state"]["meta"]["sealed_rounds"]) == [round_id]

    ended = api.act(game_id, role="arbiter", type="end_game", data={"winners": [A], "reason": "RV-VIC-4"})
    assert ended.status_code == 201, ended.get_json()
    events = {e["type"]: e["data"] for e in ended.get_json()["events"]}
    assert list(events)[:2] == ["LootDelivered", "GameEnded"]
    assert (events["LootDelivered"]["amount"], events["LootDelivered"]["to_seat"]) == (3, A)
    state = api.client.get(f"/api/v1/games/{game_id}/state?as=arbiter", headers=api.headers("arbiter")).get_json()
    assert state["state"]["meta"]["sealed"] == {} and state["state"]["meta"]["ended"] is True
    assert state["state"]["state"]["treasuries"][A] == 8
    sealed = api.client.post(
        f"/api/v1/games/{game_id}/sealed",
        json={"seat": B, "round": round_id, "payload": {"amount": 3}},
        headers=api.headers(),
    )
    assert sealed.status_code == 422 and sealed.get_json()["rule"]["id"] == "CORE-GAME-1"
