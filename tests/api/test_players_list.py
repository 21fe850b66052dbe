"""GET /players: the roster a tournament organiser searches, by name, accents and case aside (issue 13)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import assert_problem
from tests.conftest import Api


def register(api: Api, name: str, email: str | None = None) -> str:
    response = api.client.post("/api/v1/players", json={"name": name, "email": email}, headers=api.headers())
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def names(api: Api, query: str = "", role: str = "viewer") -> list[str]:
    body = api.client.get(f"/api/v1/players{query}", headers=api.headers(role)).get_json()
    return [p["name"] for p in body["items"]]


def test_players_are_listed_by_name_with_accents_and_case_aside(api: Api) -> None:
    for name in ("Zoltán", "ágnes", "Béla", "Ádám", "bence"):
        register(api, name)

    assert names(api) == ["Ádám", "ágnes", "Béla", "bence", "Zoltán"]


def test_a_search_finds_names_whatever_their_accents_and_case(any_api: Api) -> None:
    for name in ("Ágnes Kovács", "Agnes Smith", "Kovacs Béla", "Pál 100%"):
        register(any_api, name)

    assert names(any_api, "?q=agnes") == ["Ágnes Kovács", "Agnes Smith"]  # "agnes kovacs" < "agnes smith"
    assert names(any_api, "?q=KOVÁCS") == ["Ágnes Kovács", "Kovacs Béla"]
    assert names(any_api, "?q=100%25") == ["Pál 100%"]  # % is a character here, not a wildcard
    assert names(any_api, "?q=_") == []


def test_the_list_pages_with_a_cursor_and_no_player_twice(any_api: Api) -> None:
    for name in ("Éva", "Eva", "eva", "Evelin", "Ödön"):
        register(any_api, name)

    first = any_api.client.get("/api/v1/players?limit=2", headers=any_api.headers()).get_json()
    rest = any_api.client.get(f"/api/v1/players?limit=10&after={first['next']}", headers=any_api.headers()).get_json()

    seen = [p["name"] for p in first["items"] + rest["items"]]
    assert sorted(seen) == sorted(["Éva", "Eva", "eva", "Evelin", "Ödön"])
    assert seen[-2:] == ["Evelin", "Ödön"] and rest["next"] is None


def test_emails_only_for_organisers_and_401_for_anonymous_callers(api: Api) -> None:
    register(api, "Alice", "alice@example.org")

    organiser = api.client.get("/api/v1/players", headers=api.headers("organiser")).get_json()["items"]
    viewer = api.client.get("/api/v1/players", headers=api.headers("viewer")).get_json()["items"]

    assert [p["email"] for p in organiser] == ["alice@example.org"]
    assert [p["email"] for p in viewer] == [None]
    assert_problem(api.client.get("/api/v1/players"), 401)


SPOOFS = [
    ("\u202eecilA", "U+202E"),  # right-to-left override: shown as "Alice"
    ("Al\u200bice", "U+200B"),  # zero-width space: a second "Alice"
    ("A\x1b[2Jlice", "U+001B"),  # a terminal escape (clears the screen of `annals tournament standings`)
    ("Alice\nBob", "U+000A"),  # a second line in every table of names
    ("   ", "only spaces"),
]


def _named(api: Api, what: str, name: str) -> Any:
    """Create one named thing (`what`) called `name`, as an admin; the response."""
    path: str
    body: dict[str, Any]
    if what == "tournament entrant":
        created = api.client.post(
            "/api/v1/tournaments",
            json={"name": "Open", "ruleset": "freeform", "table_size": 4, "rounds": 1},
            headers=api.headers("admin"),
        )
        path, body = f"/api/v1/tournaments/{created.get_json()['id']}/players", {"name": "Cid", "club": name}
    else:
        bodies: dict[str, tuple[str, dict[str, Any]]] = {
            "player": ("/api/v1/players", {"name": name}),
            "game": ("/api/v1/games", {"ruleset": "freeform", "seats": [{"seat": "red"}], "title": name}),
            "token": ("/api/v1/tokens", {"role": "viewer", "label": name}),
            "tournament": ("/api/v1/tournaments", {"name": name, "ruleset": "freeform", "table_size": 4, "rounds": 1}),
        }
        path, body = bodies[what]
    return api.client.post(path, json=body, headers=api.headers("admin"))


@pytest.mark.parametrize(("name", "named"), SPOOFS)
@pytest.mark.parametrize("what", ["player", "game", "token", "tournament", "tournament entrant"])
def test_400_naming_the_character_when_a_name_holds_a_control_or_invisible_one(
    api: Api, what: str, name: str, named: str
) -> None:
    """Names were taken whole: a bidi override or a zero-width space made a second "Alice" that standings,
    pages and the CLI show like the first, and an escape sequence reached the operator's terminal."""
    body = assert_problem(_named(api, what, name), 400)

    (messages,) = body["errors"].values()
    assert named in messages[0]


@pytest.mark.parametrize("name", ["Ágnes Kovács", "Алиса", "محمد", "می\u200cخواهم", "O'Brien-Smith (jr.)", "李小龍"])
def test_names_in_any_script_are_kept_as_written(api: Api, name: str) -> None:
    for what in ("player", "game", "token", "tournament"):
        assert _named(api, what, name).status_code == 201, (what, name)
