"""GET /players: the roster a tournament organiser searches, by name, accents and case aside (issue 13)."""

from __future__ import annotations

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
