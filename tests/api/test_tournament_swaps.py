"""Swaps a director can act on (tdx1): a swap refused once the tables' games exist names the `games` and says how
to go on, and a swap that makes a rematch or a second bye needs `accept_problems`, as publishing a round does."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem
from tests.api.test_tournament_mistakes import _closed_round
from tests.api.test_tournaments import BASE, _create, _post, _register, _round
from tests.conftest import Api


def _events(api: Api, tid: str) -> int:
    return len(api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"])


def test_a_swap_after_the_games_exist_names_the_games_and_how_to_go_on_even_after_start(api: Api) -> None:
    tid = _create(api, round_minutes=150)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {"accept_problems": True}).status_code == 201
    assert _post(api, f"{tid}/rounds/1/start").status_code == 200  # as `annals tournament pair` does by default
    assert _post(api, f"{tid}/rounds/1/clock/start").status_code == 201
    tables = _round(api, tid, 1)["tables"]
    before = _events(api, tid)
    body = {"players": [tables[0]["players"][0], tables[1]["players"][0]], "reason": "wrong table", "after_start": True}

    refused = assert_problem(_post(api, f"{tid}/rounds/1/swaps", body), 409)

    assert refused["games"] == [tables[0]["game"], tables[1]["game"]] and refused["tables"] == [1, 2]
    assert "enter the table's result by hand" in refused["detail"] and "--no-start" in refused["detail"]
    assert _events(api, tid) == before


def _two_a_side(api: Api) -> tuple[str, list[dict[str, Any]]]:
    """Four players at tables of 2, round 1 closed and round 2 paired: its tables (no rematch, so no problem)."""
    tid = _create(api, table_size=2, rounds=3, placement_points={"2": [1, 0]})["id"]
    _register(api, tid, 4)
    _closed_round(api, tid, 1)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201  # round 2 pairs without a problem to accept
    return tid, _round(api, tid, 2)["tables"]


def test_a_swap_making_a_rematch_needs_accept_problems_as_pairing_does(api: Api) -> None:
    tid, tables = _two_a_side(api)
    met = {p: q for t in _round(api, tid, 1)["tables"] for p, q in (t["players"], reversed(t["players"]))}
    first = tables[0]["players"][0]
    second = next(p for p in tables[1]["players"] if p == met[tables[0]["players"][1]])
    before = _events(api, tid)
    body = {"players": [first, second], "reason": "a couple asked to sit apart"}

    refused = assert_problem(_post(api, f"{tid}/rounds/2/swaps", body), 409)
    unchanged = _events(api, tid)
    accepted = _post(api, f"{tid}/rounds/2/swaps", {**body, "accept_problems": True})

    assert refused["type"].endswith("pairing-problems") and "accept_problems" in refused["detail"]
    assert {p["kind"] for p in refused["problems"]} == {"repeat_opponent"}
    assert {frozenset(p["players"]) for p in refused["problems"]} >= {frozenset((second, met[second]))}
    entrants = _entrants(api, tid)
    for problem in refused["problems"]:  # named as the director knows them; the ids stay in `players`
        assert all(entrants[p]["name"] in problem["detail"] and p not in problem["detail"] for p in problem["players"])
    assert unchanged == before
    assert accepted.status_code == 201, accepted.get_json()


def _entrants(api: Api, tid: str) -> dict[str, dict[str, Any]]:
    items = api.client.get(f"{BASE}/{tid}/players", headers=api.headers()).get_json()["items"]
    return {e["player_id"]: e for e in items}


def test_a_swap_giving_a_player_a_second_bye_needs_accept_problems(api: Api) -> None:
    # Namesakes told apart by club (entrants.told_apart), as the pages name them: the detail names, `players` ids.
    tid = _create(api, table_size=2, rounds=3, placement_points={"2": [1, 0]})["id"]
    for club in ("Szeged", "Pécs", "Győr"):
        assert _post(api, f"{tid}/players", {"name": "Ann Kovács", "club": club}).status_code == 201
    (had_bye,) = _closed_round(api, tid, 1)["byes"]
    club = _entrants(api, tid)[had_bye]["club"]
    assert _post(api, f"{tid}/rounds", {"accept_problems": True}).status_code == 201
    paired = _round(api, tid, 2)
    (bye,) = paired["byes"]
    assert bye != had_bye
    body = {"players": [had_bye, bye], "reason": "asked to sit out"}

    refused = assert_problem(_post(api, f"{tid}/rounds/2/swaps", body), 409)
    accepted = _post(api, f"{tid}/rounds/2/swaps", {**body, "accept_problems": True})

    (problem,) = [p for p in refused["problems"] if p["kind"] == "second_bye"]
    assert problem["players"] == [had_bye] and problem["detail"] == f"Ann Kovács ({club}) already had a bye"
    assert accepted.status_code == 201, accepted.get_json()
