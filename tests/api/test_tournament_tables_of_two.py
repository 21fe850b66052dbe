"""Tables of 2 (a 2-player ruleset, or freeform with 2 seats): seat repeats a TD cannot avoid (td16).

From the round after each player has played both seats, every seat repeats one: a tournament manager shows such
repeats but does not make the director accept them each round. A repeat a swap could spare a player (two who
played the same seat meet) is spared by the pairing of a tournament created since td17 (`settings.pairing` 2):
each meets an opponent of the other seat, as a chess Swiss balances colours.
"""

from __future__ import annotations

from typing import Any

from tests.api.test_tournaments import BASE, _create, _post, _register, _round
from tests.conftest import Api


def _play(api: Api, tid: str, number: int, winning_seats: dict[int, str]) -> None:
    """Enter and approve each table's result (at table t the seat `winning_seats[t]` wins), close the round."""
    for table in _round(api, tid, number)["tables"]:
        winner = winning_seats[table["table"]]
        places = {seat: 1 if seat == winner else 2 for seat in table["seats"].values()}
        entered = _post(api, f"{tid}/rounds/{number}/tables/{table['table']}/result", {"places": places})
        assert entered.status_code == 201, entered.get_json()
        approved = _post(api, f"{tid}/rounds/{number}/tables/{table['table']}/approval", {"override_reason": "sheet"})
        assert approved.status_code == 201, approved.get_json()
    closed = _post(api, f"{tid}/rounds/{number}/close")
    assert closed.status_code == 200, closed.get_json()


def _tournament_of_four(api: Api) -> str:
    tid: str = _create(api, table_size=2, rounds=3, placement_points={"2": [1, 0]})["id"]
    _register(api, tid, 4)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201  # round 1: nobody has played a seat yet
    return tid


def _events(api: Api, tid: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]
    return found


def test_a_round_whose_only_problems_are_unavoidable_repeats_publishes_without_accept_problems_at_tables_of_2(
    api: Api,
) -> None:
    tid = _tournament_of_four(api)
    _play(api, tid, 1, {1: "seat-1", 2: "seat-2"})  # the winners played different seats: they swap in round 2
    round_2 = _post(api, f"{tid}/rounds", {})
    assert round_2.status_code == 201, round_2.get_json()
    assert round_2.get_json()["problems"] == []
    _play(api, tid, 2, {1: "seat-1", 2: "seat-1"})  # every player has now played seat-1 and seat-2 once

    preview = _post(api, f"{tid}/rounds", {"preview": True}).get_json()
    published = _post(api, f"{tid}/rounds", {"plan_digest": preview["plan_digest"]})

    assert published.status_code == 201, published.get_json()
    repeats = published.get_json()["problems"]
    assert [p["kind"] for p in repeats] == ["faction_repeat"] * 4  # nobody can avoid one: each is shown
    assert all(p["unavoidable"] for p in repeats) and published.get_json()["unavoidable_repeats"] == 4
    assert "unavoidable, no seat a table of 2 offers is fresher for them" in repeats[0]["detail"]
    assert published.get_json()["repeat_cost"] == 0  # round 3 completes the round robin: no rematch


def test_a_repeat_a_swap_or_a_float_could_spare_is_spared_by_the_pairing_at_tables_of_2(api: Api) -> None:
    tid = _tournament_of_four(api)
    _play(api, tid, 1, {1: "seat-1", 2: "seat-1"})  # both winners played seat-1: they must not meet in round 2
    first = _round(api, tid, 1)["tables"]
    winners = {player for table in first for player, seat in table["seats"].items() if seat == "seat-1"}
    assert len(winners) == 2

    published = _post(api, f"{tid}/rounds", {})  # no accept_problems

    assert published.status_code == 201, published.get_json()
    body = published.get_json()
    assert body["problems"] == [] and body["repeat_cost"] == 0
    for table in body["tables"]:  # each winner meets a loser, and plays seat-2 this time
        by_seat = {seat: player for player, seat in table["seats"].items()}
        assert by_seat["seat-2"] in winners and by_seat["seat-1"] not in winners
    tournament = api.client.get(f"{BASE}/{tid}", headers=api.headers()).get_json()
    assert tournament["settings"]["pairing"] == 3  # the method is the tournament's, recorded at its creation (td20)
