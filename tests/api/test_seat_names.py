"""A game's seats carry the name people call them by (the ruleset's `seat_name`): the viewer's legend, its "Seen as"
list and the games list read "Stark", not the seat id "stark"; a freeform game's seats are named by whoever created
the game, so they read as given."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api


def _created(api: Api, body: dict[str, Any]) -> Any:
    response = api.client.post("/api/v1/games", json=body, headers=api.headers("admin"))
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    again = api.client.get(f"/api/v1/games/{game['id']}", headers=api.headers("admin")).get_json()
    assert again["seats"] == game["seats"]  # the created answer and a later read agree
    return game


def test_got_term_4_an_agot2_game_names_its_seats_by_house(api: Api) -> None:
    seats = ("baratheon", "stark", "greyjoy")
    game = _created(api, {"ruleset": "agot2", "board": "base", "seats": [{"seat": s} for s in seats]})
    assert [(s["seat"], s["name"]) for s in game["seats"]] == [
        ("baratheon", "Baratheon"),
        ("stark", "Stark"),
        ("greyjoy", "Greyjoy"),
    ]


def test_a_freeform_game_reads_its_seats_as_given(api: Api) -> None:
    game = _created(api, {"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue-team"}]})
    listed = api.client.get("/api/v1/games?ruleset=freeform", headers=api.headers("admin")).get_json()["items"]
    assert [(s["seat"], s["name"]) for s in game["seats"]] == [("red", "red"), ("blue-team", "blue-team")]
    assert any(g["id"] == game["id"] and g["seats"] == game["seats"] for g in listed)


def test_kk_gen_1_a_kard_es_korona_game_names_each_lord_by_his_province_as_seed_000_spells_it(api: Api) -> None:
    seats = [{"seat": s} for s in ("felvidek", "erdely", "szlavonia")]
    game = _created(api, {"ruleset": "kard_es_korona", "board": "basic", "seats": seats})
    assert [s["name"] for s in game["seats"]] == ["Felvidék", "Erdély", "Szlavónia"]


def test_the_cedofan_rulesets_name_their_factions() -> None:
    from domain import registry

    assert registry.current("cedofan_rv").seat_name("katzowicove") == "Katzowicové"
    assert registry.current("cedofan_kards_bs").seat_name("zapad") == "Západní kardství"
    assert registry.current("cedofan_rv").seat_name("somebody_else") == "somebody_else"  # unknown: as given
