"""What a director's club night found at the API (qatd): two directors at one desk, and a result entered as the
round reads it. Each refusal writes nothing and names what it refuses.

Two directors entering or amending one table's result at once: a client that read the tournament at version v and
sends `If-Match: "v"` must not overwrite what the other wrote since (412, as a game's actions and the round clock
already answer), and the tournament's reads and writes say its version in an `ETag`, so the client has one to send.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem
from tests.api.test_tournaments import BASE, _create, _post, _register, _round
from tests.conftest import Api


def _event_count(api: Api, tid: str) -> int:
    return len(api.services.store.read(f"tournament:{tid}"))


def _version(api: Api, tid: str) -> int:
    found: int = api.client.get(f"{BASE}/{tid}", headers=api.headers()).get_json()["version"]
    return found


def _places(table: dict[str, Any], order: list[int]) -> dict[str, int]:
    """The table's seats placed by `order` (order[n] is the place of the table's n-th player)."""
    return {table["seats"][p]: place for p, place in zip(table["players"], order, strict=True)}


def _conditional(api: Api, path: str, body: Any, version: int | str) -> Any:
    headers = {**api.headers("organiser"), "If-Match": f'"{version}"' if isinstance(version, int) else version}
    return api.client.post(f"{BASE}/{path}", json=body, headers=headers)


def _paired(api: Api) -> tuple[str, dict[str, Any]]:
    tid: str = _create(api)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {"accept_problems": True}).status_code == 201
    return tid, _round(api, tid, 1)["tables"][0]


def test_an_amendment_sent_with_the_version_read_before_another_directors_amendment_is_412_and_writes_nothing(
    api: Api,
) -> None:
    tid, table = _paired(api)
    url = f"{tid}/rounds/1/tables/1/result"
    assert _post(api, url, {"places": _places(table, [1, 2, 3, 4])}).status_code == 201
    read = _version(api, tid)  # both directors see this result at this version
    first = _conditional(api, url, {"places": _places(table, [2, 1, 3, 4]), "amend_reason": "sheet A"}, read)
    written = _event_count(api, tid)

    second = _conditional(api, url, {"places": _places(table, [4, 3, 2, 1]), "amend_reason": "sheet B"}, read)

    assert first.status_code == 201, first.get_json()
    assert first.headers["ETag"] == f'"{read + 1}"'
    refused = assert_problem(second, 412, "wrong-expected-version")
    assert refused["current_version"] == read + 1 and str(read) in refused["detail"]
    assert _event_count(api, tid) == written
    result = _round(api, tid, 1)["tables"][0]["result"]
    assert result["places"] == {p: n for p, n in zip(table["players"], [2, 1, 3, 4], strict=True)}


def test_a_tournament_read_says_its_version_in_an_etag_that_a_conditional_write_accepts(api: Api) -> None:
    tid, table = _paired(api)
    read = api.client.get(f"{BASE}/{tid}", headers=api.headers())

    entered = _conditional(
        api, f"{tid}/rounds/1/tables/1/result", {"places": _places(table, [1, 2, 3, 4])}, read.headers["ETag"]
    )

    assert read.headers["ETag"] == f'"{read.get_json()["version"]}"'
    assert entered.status_code == 201, entered.get_json()


def test_writes_of_the_director_with_a_stale_if_match_are_412_before_anything_is_written(api: Api) -> None:
    tid, table = _paired(api)
    stale = _version(api, tid) - 1
    games = len(api.client.get("/api/v1/games", headers=api.headers()).get_json()["items"])
    before = _event_count(api, tid)

    refused = [
        _conditional(api, f"{tid}/rounds/1/start", {}, stale),
        _conditional(api, f"{tid}/rounds/1/tables/1/result", {"places": _places(table, [1, 2, 3, 4])}, stale),
        _conditional(api, f"{tid}/players/{table['players'][0]}/drop", {"reason": "left"}, stale),
        _conditional(api, f"{tid}/rounds/1/tables/1/approval", {"override_reason": "sheet"}, stale),
    ]

    for response in refused:
        assert assert_problem(response, 412, "wrong-expected-version")["current_version"] == stale + 1
    assert _event_count(api, tid) == before
    assert len(api.client.get("/api/v1/games", headers=api.headers()).get_json()["items"]) == games


def test_an_if_match_that_is_no_version_is_400_naming_the_header_and_writes_nothing(api: Api) -> None:
    tid, table = _paired(api)
    before = _event_count(api, tid)

    refused = _conditional(api, f"{tid}/rounds/1/tables/1/result", {"places": _places(table, [1, 2, 3, 4])}, "v7")

    assert "If-Match" in assert_problem(refused, 400)["errors"]
    assert _event_count(api, tid) == before


def test_a_result_given_by_player_id_as_the_round_shows_it_is_entered_for_their_seats(api: Api) -> None:
    """The round answers a result's places by player id; a director copying them back, or naming the players the
    pairing named, was told that a player sitting at the table "is not a seat of this table" (qatd)."""
    tid, table = _paired(api)
    players = table["players"]
    by_player = {p: n for n, p in enumerate(players, start=1)}

    entered = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": by_player, "measures": {players[0]: {"vp": 9}}})

    assert entered.status_code == 201, entered.get_json()
    result = _round(api, tid, 1)["tables"][0]["result"]
    assert result["places"] == by_player and result["measures"] == {players[0]: {"vp": 9}}


def test_a_result_naming_one_player_by_seat_and_by_id_or_a_player_of_another_table_is_422_writing_nothing(
    api: Api,
) -> None:
    tid, table = _paired(api)
    other = _round(api, tid, 1)["tables"][1]["players"][0]
    first, *rest = table["players"]
    before = _event_count(api, tid)
    twice = {table["seats"][first]: 1, first: 1, **{p: n for n, p in enumerate(rest, start=2)}}
    elsewhere = {other: 1, **{p: n for n, p in enumerate(rest, start=2)}}

    doubled = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": twice})
    stranger = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": elsewhere})

    said = assert_problem(doubled, 422)["errors"]["places"][0]
    assert "twice" in said and table["seats"][first] in said
    assert "does not sit at table 1" in assert_problem(stranger, 422)["errors"]["places"][0]
    assert _event_count(api, tid) == before


def _player_token(api: Api, tid: str, player: str) -> str:
    body = {"role": "player", "player": player, "tournament": tid}
    token: str = api.client.post("/api/v1/tokens", json=body, headers=api.headers("organiser")).get_json()["token"]
    return token


def test_a_second_confirmation_and_a_swap_of_a_dropped_or_repeated_player_name_them_as_the_director_knows_them(
    api: Api,
) -> None:
    """README's decision (td16): refusals name entrants by name ("Ann of Szeged"), ids in the structured fields. A
    second confirmation said "<uuid> has already confirmed", a swap "<uuid> does not play round 1", and a swap
    naming one player twice that "both players sit at the same table" (qatd)."""
    tid: str = _create(api)["id"]
    ids = _register(api, tid, 9)  # the ninth drops: two tables of four
    assert _post(api, f"{tid}/players/{ids[8]}/drop", {"reason": "went home"}).status_code == 200
    assert _post(api, f"{tid}/rounds", {"accept_problems": True}).status_code == 201
    table = _round(api, tid, 1)["tables"][0]
    first, second, *_ = table["players"]
    assert _post(api, f"{tid}/rounds/1/tables/1/result", {"places": _places(table, [1, 2, 3, 4])}).status_code == 201
    token = _player_token(api, tid, first)
    assert _post(api, f"{tid}/rounds/1/tables/1/confirmations", token=token).status_code == 201
    before = _event_count(api, tid)
    names = {
        e["player_id"]: e["name"]
        for e in api.client.get(f"{BASE}/{tid}/players", headers=api.headers()).get_json()["items"]
    }

    again = assert_problem(_post(api, f"{tid}/rounds/1/tables/1/confirmations", token=token), 409)
    dropped = assert_problem(_post(api, f"{tid}/rounds/1/swaps", {"players": [first, ids[8]], "reason": "x"}), 422)
    twice = assert_problem(_post(api, f"{tid}/rounds/1/swaps", {"players": [second, second], "reason": "x"}), 422)

    assert names[first] in again["detail"] and first not in again["detail"] and again["player"] == first
    assert names[ids[8]] in dropped["detail"] and ids[8] not in dropped["detail"] and dropped["player"] == ids[8]
    assert "twice" in twice["errors"]["players"][0] and names[second] in twice["detail"]
    assert _event_count(api, tid) == before
