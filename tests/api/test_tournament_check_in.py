"""Check-in (td20): at the venue the director opens check-in, entrants check in with their own token or are marked
present, and a round paired while check-in is open pairs only who checked in when the tournament requires it: the
preview names the others, publishing drops them (reason "did not check in") before the round, which re-derives."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event
from service.auth import Principal
from service.tournaments import commands
from service.tournaments.checking import check_rounds
from service.tournaments.projection import tournament_seed
from tests.api.conftest import assert_problem
from tests.api.test_tournaments import BASE, _create, _post, _register
from tests.conftest import Api


def _token(api: Api, tournament: str, player: str) -> str:
    """A player token bound to `tournament`."""
    body = {"role": "player", "player": player, "tournament": tournament}
    minted = api.client.post("/api/v1/tokens", json=body, headers=api.headers("organiser"))
    assert minted.status_code == 201, minted.get_json()
    token: str = minted.get_json()["token"]
    return token


def _check_in(api: Api, tid: str, players: list[str]) -> None:
    """The first half of `players` check in with their own tokens, the director marks the rest present."""
    half = len(players) // 2
    for player in players[:half]:
        response = _post(api, f"{tid}/check-ins", token=_token(api, tid, player))
        assert response.status_code == 201 and response.get_json() == {"player": player, "checked_in": True}
    for player in players[half:]:
        assert _post(api, f"{tid}/check-ins", {"player": player}).status_code == 201


def _tournament(api: Api, tid: str) -> dict[str, Any]:
    found: dict[str, Any] = api.client.get(f"{BASE}/{tid}", headers=api.headers()).get_json()
    return found


def _statuses(api: Api, tid: str) -> dict[str, str]:
    listed = api.client.get(f"{BASE}/{tid}/players", headers=api.headers()).get_json()["items"]
    return {e["player_id"]: e["status"] for e in listed}


def test_a_round_with_check_in_required_pairs_who_checked_in_and_publishing_drops_the_no_shows(api: Api) -> None:
    tid = _create(api, require_check_in=True)["id"]
    players = _register(api, tid, 10)
    here, absent = players[:8], players[8:]

    opened = _post(api, f"{tid}/check-in")
    _check_in(api, tid, here)
    shown = _tournament(api, tid)["check_in"]
    preview = _post(api, f"{tid}/rounds", {"preview": True}).get_json()
    published = _post(api, f"{tid}/rounds", {"plan_digest": preview["plan_digest"]})

    assert opened.status_code == 200 and opened.get_json() == {"open": True, "required": True, "checked_in": []}
    assert shown == {"open": True, "required": True, "checked_in": sorted(here)}
    assert preview["not_checked_in"] == absent and preview["byes"] == []
    assert sorted(p for t in preview["tables"] for p in t["players"]) == sorted(here)
    assert published.status_code == 201, published.get_json()
    assert published.get_json()["not_checked_in"] == absent
    assert {p: s for p, s in _statuses(api, tid).items() if s == "dropped"} == dict.fromkeys(absent, "dropped")
    assert _tournament(api, tid)["check_in"]["open"] is False  # pairing the round ended check-in
    loaded = commands.load(api.services, Principal(role="admin"), tid)
    tail = [(e.type, e.data.get("player"), e.data.get("reason")) for e in loaded.events[-3:]]
    assert tail == [*[("PlayerDropped", p, "did not check in") for p in absent], ("RoundPaired", None, None)]
    events = [Event(e.type, dict(e.data)) for e in loaded.events]
    seed = tournament_seed(api.services.engine, tid, loaded.state)
    assert [(c.round, c.same) for c in check_rounds(events, seed)] == [(1, True)]
    verified = api.client.get(f"{BASE}/{tid}/verify", headers=api.headers()).get_json()
    record = api.client.get(f"{BASE}/{tid}/record", headers=api.headers()).get_json()
    assert verified["ok"] and verified["events"] == len(loaded.events)
    recorded = [e["type"] for e in record["events"]]
    assert recorded.count("CheckInOpened") == 1 and recorded.count("PlayerCheckedIn") == len(here)


def test_a_late_arrival_re_enters_by_player_id_and_is_paired_from_the_next_round(api: Api) -> None:
    tid = _create(api, require_check_in=True, table_size=2, placement_points={"2": [1, 0]})["id"]
    players = _register(api, tid, 5)
    _post(api, f"{tid}/check-in")
    _check_in(api, tid, players[:4])
    assert _post(api, f"{tid}/rounds", {}).status_code == 201

    back = _post(api, f"{tid}/players", {"player": players[4]})

    assert back.status_code == 201 and _statuses(api, tid)[players[4]] == "active"


def test_without_require_check_in_check_in_only_tells_and_every_entrant_is_paired(api: Api) -> None:
    tid = _create(api)["id"]
    players = _register(api, tid, 8)
    _post(api, f"{tid}/check-in")
    _check_in(api, tid, players[:2])

    preview = _post(api, f"{tid}/rounds", {"preview": True}).get_json()

    assert _tournament(api, tid)["check_in"] == {"open": True, "required": False, "checked_in": sorted(players[:2])}
    assert "not_checked_in" not in preview
    assert sorted(p for t in preview["tables"] for p in t["players"]) == sorted(players)


def test_check_in_refusals_are_problems_naming_what_is_wrong(api: Api) -> None:
    tid = _create(api, require_check_in=True)["id"]
    ann, bob, cid = _register(api, tid, 3)
    assert _post(api, f"{tid}/players/{cid}/drop", {"reason": "ill"}).status_code == 200

    not_open = assert_problem(_post(api, f"{tid}/check-ins", {"player": ann}), 409)
    assert _post(api, f"{tid}/check-in").status_code == 200
    twice_opened = assert_problem(_post(api, f"{tid}/check-in"), 409)
    someone_else = assert_problem(_post(api, f"{tid}/check-ins", {"player": bob}, token=_token(api, tid, ann)), 403)
    unnamed = assert_problem(_post(api, f"{tid}/check-ins", {}), 422)
    dropped = assert_problem(_post(api, f"{tid}/check-ins", {"player": cid}), 409)
    unknown = assert_problem(_post(api, f"{tid}/check-ins", {"player": "nobody"}), 404)
    assert _post(api, f"{tid}/check-ins", {"player": ann}).status_code == 201
    again = assert_problem(_post(api, f"{tid}/check-ins", {"player": ann}), 409)
    by_reader = assert_problem(_post(api, f"{tid}/check-in", role="viewer"), 403)
    assert _post(api, f"{tid}/check-in/close").status_code == 200
    closed_twice = assert_problem(_post(api, f"{tid}/check-in/close"), 409)

    assert not_open["detail"] == "check-in is not open in the tournament 'Club Swiss'"
    assert twice_opened["detail"] == "check-in is open already"
    assert someone_else["detail"] == "a player's token checks in its own player only"
    assert unnamed["errors"] == {"player": ["required of a director"]}
    assert dropped["detail"] == "Player 02 of club-2 has dropped out of the tournament 'Club Swiss'"
    assert unknown["detail"] == "no player 'nobody' is registered in the tournament 'Club Swiss'"
    assert again["detail"] == "Player 00 of club-0 has checked in already" and again["player"] == ann
    assert by_reader["status"] == 403 and closed_twice["detail"] == "check-in is not open"


def test_a_league_has_no_check_in(api: Api) -> None:
    tid = _create(api, format="league", rounds=None)["id"]

    problem = assert_problem(_post(api, f"{tid}/check-in"), 409)

    assert "is a league, never paired" in problem["detail"]


def test_pairing_with_check_in_required_and_nobody_checked_in_says_so_and_how_to_go_on(api: Api) -> None:
    tid = _create(api, require_check_in=True)["id"]
    players = _register(api, tid, 8)
    _post(api, f"{tid}/check-in")
    before = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]

    nobody = assert_problem(_post(api, f"{tid}/rounds", {"preview": True}), 409)
    refused = assert_problem(_post(api, f"{tid}/rounds", {"accept_problems": True}), 409)
    assert _post(api, f"{tid}/check-ins", {"player": players[0]}).status_code == 201
    one = assert_problem(_post(api, f"{tid}/rounds", {"preview": True}), 409)

    assert nobody["detail"].startswith("round 1 cannot be paired: nobody has checked in")
    assert "end check-in" in nobody["detail"] and "mark the players present" in nobody["detail"]
    assert "0 player(s)" not in nobody["detail"] and refused["detail"] == nobody["detail"]
    assert nobody["check_in"] == {"open": True, "required": True, "checked_in": []}
    assert "only 1 player(s) have checked in" in one["detail"] and one["check_in"]["checked_in"] == [players[0]]
    after = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]
    assert len(after) == len(before) + 1  # the one check-in: no drop, no round
