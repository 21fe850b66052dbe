"""Registering a whole field in one request (td18): all or nothing, each refusal named by index, name and pointer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import event

from service.tournaments import commands
from tests.api.conftest import assert_problem, total_events
from tests.conftest import Api

BASE = "/api/v1/tournaments"


def _tournament(api: Api) -> str:
    body = {"name": "Spring Swiss", "ruleset": "freeform", "table_size": 4, "rounds": 3}
    response = api.client.post(BASE, json=body, headers=api.headers("organiser"))
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def _batch(api: Api, tid: str, entrants: list[dict[str, Any]], key: str | None = None) -> Any:
    headers = {**api.headers("organiser"), **({"Idempotency-Key": key} if key else {})}
    return api.client.post(f"{BASE}/{tid}/players/batch", json={"entrants": entrants}, headers=headers)


def _field(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Entrant {n:02d}", "club": f"club-{n % 5}"} for n in range(count)]


def _entrants(api: Api, tid: str) -> list[str]:
    listed = api.client.get(f"{BASE}/{tid}/players", headers=api.headers()).get_json()["items"]
    return sorted(e["name"] for e in listed)


def test_a_list_of_forty_registers_everyone_and_round_one_pairs_them_all(api: Api) -> None:
    tid = _tournament(api)

    response = _batch(api, tid, _field(40))

    assert response.status_code == 201, response.get_json()
    registered = response.get_json()["entrants"]
    assert [e["club"] for e in registered] == [f"club-{n % 5}" for n in range(40)]
    assert _entrants(api, tid) == [f"Entrant {n:02d}" for n in range(40)]
    paired = api.client.post(f"{BASE}/{tid}/rounds", json={}, headers=api.headers("organiser"))
    assert paired.status_code == 201, paired.get_json()
    tables = api.client.get(f"{BASE}/{tid}/rounds/1", headers=api.headers()).get_json()["tables"]
    seated = sorted(p for t in tables for p in t["players"])
    assert len(tables) == 10 and seated == sorted(e["player"] for e in registered)


def test_one_namesake_in_the_list_registers_nobody_and_names_its_line(api: Api) -> None:
    tid = _tournament(api)
    assert _batch(api, tid, [{"name": "Ann Kovács", "club": "Szeged"}]).status_code == 201
    listed = [*_field(5), {"name": "ann  kovács", "club": "Szeged"}, *_field(8)[5:]]

    problem = assert_problem(_batch(api, tid, listed), 409, "conflict")

    assert problem["refused"] == [
        {"index": 5, "name": "ann  kovács", "pointer": "/entrants/5/name", "detail": problem["refused"][0]["detail"]}
    ]
    assert "Ann Kovács of Szeged is already an entrant" in problem["errors"]["/entrants/5/name"][0]
    assert _entrants(api, tid) == ["Ann Kovács"]


def test_the_same_person_twice_in_the_list_is_refused_but_another_club_is_another_person(api: Api) -> None:
    tid = _tournament(api)
    listed: list[dict[str, Any]] = [
        {"name": "Bob"},
        {"name": "Cid", "club": "A"},
        {"name": "BOB"},
        {"name": "Cid", "club": "B"},
    ]

    problem = assert_problem(_batch(api, tid, listed), 409, "conflict")

    assert [(r["index"], r["name"], r["pointer"]) for r in problem["refused"]] == [(2, "BOB", "/entrants/2/name")]
    assert "entrant 0 of this list" in problem["refused"][0]["detail"]
    assert _entrants(api, tid) == []
    listed[2]["different_person"] = True
    assert _batch(api, tid, listed).status_code == 201
    assert _entrants(api, tid) == ["BOB", "Bob", "Cid", "Cid"]


def test_an_unknown_player_id_is_a_422_and_a_malformed_club_a_400_each_naming_the_entrant(api: Api) -> None:
    tid = _tournament(api)
    unknown = "00000000-0000-4000-8000-000000000000"

    problem = assert_problem(_batch(api, tid, [{"name": "Dan"}, {"player": unknown}]), 422, "unprocessable")
    malformed = assert_problem(_batch(api, tid, [{"name": "Eve", "club": ""}, {"name": "Fay"}]), 400)

    assert [(r["index"], r["name"], r["pointer"]) for r in problem["refused"]] == [(1, unknown, "/entrants/1/player")]
    assert [(r["index"], r["name"], r["pointer"]) for r in malformed["refused"]] == [(0, "Eve", "/entrants/0/club")]
    assert _entrants(api, tid) == []


def test_a_player_registered_twice_in_the_list_or_already_entered_is_refused(api: Api) -> None:
    tid = _tournament(api)
    ann = _batch(api, tid, [{"name": "Ann"}]).get_json()["entrants"][0]["player"]
    other = _tournament(api)
    bob = _batch(api, other, [{"name": "Bob"}]).get_json()["entrants"][0]["player"]

    problem = assert_problem(_batch(api, tid, [{"player": bob}, {"player": ann}, {"player": bob}]), 409)

    assert [(r["index"], r["name"], r["pointer"]) for r in problem["refused"]] == [
        (1, "Ann", "/entrants/1/player"),
        (2, "Bob", "/entrants/2/player"),
    ]
    assert _entrants(api, tid) == ["Ann"]


def test_a_list_repeated_with_its_idempotency_key_registers_nobody_twice(api: Api) -> None:
    tid = _tournament(api)

    first = _batch(api, tid, _field(6), key="field-1")
    again = _batch(api, tid, _field(6), key="field-1")

    assert first.status_code == 201 and again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert len(_entrants(api, tid)) == 6


def test_a_finished_tournament_takes_no_list(api: Api) -> None:
    body = {"name": "Club League", "ruleset": "freeform", "table_size": 2, "format": "league"}
    tid = api.client.post(BASE, json={**body, "scoring": "win-draw-loss"}, headers=api.headers("organiser")).get_json()
    finished = api.client.post(f"{BASE}/{tid['id']}/finish", json={}, headers=api.headers("organiser"))
    assert finished.status_code == 200, finished.get_json()

    problem = assert_problem(_batch(api, tid["id"], _field(2)), 409, "conflict")

    assert "is finished" in problem["detail"]
    assert _entrants(api, tid["id"]) == []


def test_a_new_namesake_of_a_player_listed_earlier_by_id_is_refused_as_one_by_one(api: Api) -> None:
    other = _tournament(api)
    bob = _batch(api, other, [{"name": "Bob"}]).get_json()["entrants"][0]["player"]
    tid = _tournament(api)

    problem = assert_problem(_batch(api, tid, [{"player": bob}, {"name": "bob"}]), 409, "conflict")

    assert [(r["index"], r["name"], r["pointer"]) for r in problem["refused"]] == [(1, "bob", "/entrants/1/name")]
    assert problem["refused"][0]["detail"].startswith("Bob is entrant 0 of this list too")
    assert _entrants(api, tid) == []


def _statements_of(api: Api, tid: str, entrants: list[dict[str, Any]]) -> list[str]:
    """The SQL statements a list's registration runs (SQLAlchemy's `before_cursor_execute`)."""
    seen: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        seen.append(" ".join(statement.split()))

    engine = api.services.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        assert _batch(api, tid, entrants).status_code == 201
    finally:
        event.remove(engine, "before_cursor_execute", record)
    return seen


def test_a_list_checks_its_namesakes_in_one_query_however_long_it_is(api: Api) -> None:
    tid = _tournament(api)
    assert _batch(api, tid, _field(6)).status_code == 201  # entrants whose names every new one is checked against
    short = [{"name": f"Short {n}"} for n in range(2)]
    long = [{"name": f"Long {n:03d}"} for n in range(120)]

    def player_reads(entrants: list[dict[str, Any]]) -> int:
        statements = _statements_of(api, tid, entrants)
        return sum(1 for s in statements if s.startswith("SELECT") and " FROM players" in s)

    assert player_reads(long) == player_reads(short) <= 2


@pytest.fixture
def statements(api: Api) -> Iterator[list[str]]:
    """The SQL statements the app's engine runs from now on."""
    ran: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        ran.append(statement)

    event.listen(api.services.engine, "before_cursor_execute", count)
    yield ran
    event.remove(api.services.engine, "before_cursor_execute", count)


def test_a_list_of_500_sent_again_is_refused_reading_the_entrants_names_once(
    api: Api, statements: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of the 500 was checked against every entrant with a query of all their names, and against every earlier
    entry of the list: 500 queries and 250,000 name comparisons, 7 s of CPU for one request."""
    tid = _tournament(api)
    field = [{"name": f"Entrant {n:03d}"} for n in range(500)]
    assert _batch(api, tid, field).status_code == 201
    written = total_events(api)
    compared: list[str] = []
    same_name = commands.same_name

    def counted(name: str) -> str:
        compared.append(name)
        return same_name(name)

    monkeypatch.setattr(commands, "same_name", counted)
    statements.clear()

    problem = assert_problem(_batch(api, tid, field), 409, "conflict")

    assert len(problem["refused"]) == 500 and problem["refused"][499]["pointer"] == "/entrants/499/name"
    assert "Entrant 499 is already an entrant of this tournament" in problem["refused"][499]["detail"]
    assert len([s for s in statements if "FROM players" in s]) <= 2, statements
    assert len(compared) <= 4 * (500 + 500), len(compared)  # the entrants' names and the list's, a few times each
    assert total_events(api) == written


def test_a_malformed_entrant_s_huge_name_is_quoted_cut_to_a_name_s_length(api: Api) -> None:
    """A 400 kB name was quoted whole in `detail`'s place of each refused entrant, in `errors` and in `refused`:
    a 1.2 MB answer (the problem's own cut keeps `detail` and `errors` to 1,000 characters, not `refused`)."""
    tid = _tournament(api)

    problem = assert_problem(_batch(api, tid, [{"name": "x" * 400_000}, {"name": {"nested": ["x" * 400_000]}}]), 400)

    assert [r["name"] for r in problem["refused"]] == ["x" * 200 + "…", "{'nested': ['" + "x" * 187 + "…"]
    assert len(str(problem)) < 5_000 and set(problem["errors"]) == {"/entrants/0/name", "/entrants/1/name"}
    assert _entrants(api, tid) == []


def test_a_malformed_entrant_and_the_namesakes_beside_it_are_refused_in_one_answer(api: Api) -> None:
    tid = _tournament(api)
    assert _batch(api, tid, [{"name": "Ann", "club": "Szeged"}]).status_code == 201
    listed = [{"name": "Eve", "club": ""}, {"name": "ann"}, {"name": "Fay"}, {"name": "fay"}]

    refused = assert_problem(_batch(api, tid, listed), 400)

    assert [(r["index"], r["pointer"]) for r in refused["refused"]] == [
        (0, "/entrants/0/club"),
        (1, "/entrants/1/name"),
        (3, "/entrants/3/name"),
    ]
    assert "Ann of Szeged is already an entrant" in refused["refused"][1]["detail"]
    assert "Fay is entrant 2 of this list too" in refused["refused"][2]["detail"]
    assert set(refused["errors"]) == {"/entrants/0/club", "/entrants/1/name", "/entrants/3/name"}
    assert refused["detail"].startswith("1 of 4 entrant(s) malformed and 2 other(s) refused, nobody registered")
    assert _entrants(api, tid) == ["Ann"]


def test_a_malformed_entrant_s_namesake_is_refused_in_the_same_answer_and_the_two_are_told_apart(api: Api) -> None:
    # Eve's empty club is malformed (400); the Eve after her was refused as her namesake only once the club was fixed,
    # and the answer named two lines "Eve". Both are refused now, told apart as the pages tell namesakes apart.
    tid = _tournament(api)
    listed = [{"name": "Eve", "club": ""}, {"name": "Eve", "club": "Szeged"}, {"name": "Fay"}]

    refused = assert_problem(_batch(api, tid, listed), 400)

    assert [(r["index"], r["name"], r["pointer"]) for r in refused["refused"]] == [
        (0, "Eve (entrant 0)", "/entrants/0/club"),
        (1, "Eve (entrant 1)", "/entrants/1/name"),
    ]
    assert "Eve is entrant 0 of this list too" in refused["refused"][1]["detail"]
    assert refused["errors"]["/entrants/1/name"][0].startswith("Eve (entrant 1): ")
    assert _entrants(api, tid) == []


def test_malformed_namesakes_of_two_clubs_are_told_apart_by_club_and_known_players_by_id(api: Api) -> None:
    tid = _tournament(api)
    other = _tournament(api)
    assert _batch(api, other, [{"name": "Gil"}, {"name": "Gil", "different_person": True}]).status_code == 201
    gils = [
        p["player_id"] for p in api.client.get(f"{BASE}/{other}/players", headers=api.headers()).get_json()["items"]
    ]
    clubs = [{"name": "Eve", "club": "Szeged", "email": "no"}, {"name": "Eve", "club": "Pécs", "email": "no"}]
    known = [{"player": gils[0], "team": ""}, {"player": gils[1], "team": ""}]

    by_club = assert_problem(_batch(api, tid, clubs), 400)["refused"]
    by_id = assert_problem(_batch(api, tid, known), 400)["refused"]

    assert [r["name"] for r in by_club] == ["Eve (Szeged)", "Eve (Pécs)"]
    assert [r["name"] for r in by_id] == [f"Gil ({gils[0][:8]})", f"Gil ({gils[1][:8]})"]


def test_the_public_standings_csv_tells_namesakes_apart_as_the_pages_do_and_has_a_club_column(api: Api) -> None:
    # Two "Gábor Kiss" of one club (another person) and two "Ann" of two clubs were four lines of two names in the
    # public CSV, which has no player ids: the club tells the Anns apart, the id's first 8 characters the others.
    tid = _tournament(api)
    entrants: list[dict[str, Any]] = [
        {"name": "Gábor Kiss", "club": "Pécs"},
        {"name": "gábor kiss", "club": "Pécs", "different_person": True},
        {"name": "Ann", "club": "Szeged"},
        {"name": "Ann", "club": "Győr"},
        {"name": "Bea", "club": "Pécs"},
        {"name": "Cid"},
    ]
    ids = [e["player"] for e in _batch(api, tid, entrants).get_json()["entrants"]]

    exported = api.client.get(f"{BASE}/{tid}/standings?format=csv&public=true").get_data(as_text=True)

    rows = {(row.split(",")[1], row.split(",")[2]) for row in exported.splitlines()[1:]}
    assert exported.splitlines()[0].startswith("rank,name,club,")
    assert rows == {
        (f"Gábor Kiss ({ids[0][:8]})", "Pécs"),
        (f"gábor kiss ({ids[1][:8]})", "Pécs"),
        ("Ann (Szeged)", "Szeged"),
        ("Ann (Győr)", "Győr"),
        ("Bea", "Pécs"),
        ("Cid", ""),
    }
