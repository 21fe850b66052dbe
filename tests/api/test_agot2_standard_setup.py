"""A new agot2 game over HTTP starts from the printed set-up when given no position (GOT-X-29), as the web page's
New game form creates it; one the printed set-up cannot seat is refused naming `options.setup`."""

from __future__ import annotations

from typing import Any

from werkzeug.test import TestResponse

from tests.api.conftest import assert_problem
from tests.conftest import Api
from tests.domain.agot2.tables import board, card_set


def _post(api: Api, seats: list[str], options: dict[str, Any], board: Any = "base") -> TestResponse:
    body = {"ruleset": "agot2", "board": board, "options": options, "seats": [{"seat": s} for s in seats]}
    return api.client.post("/api/v1/games", json=body, headers=api.headers("admin"))


def _position(api: Api, game_id: str) -> dict[str, Any]:
    response = api.client.get(f"/api/v1/games/{game_id}/position", headers=api.headers("admin"))
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()["position"]
    return found


def test_new_game_of_three_houses_records_the_standard_setup_and_starts_from_it_x_29(api: Api) -> None:
    response = _post(api, ["stark", "lannister", "baratheon"], {})
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["id"]
    assert response.get_json()["options"]["setup"] == "standard"  # recorded in GameCreated
    position = _position(api, game_id)
    assert sorted(u["kind"] for u in position["units"]["winterfell"]) == ["footman", "knight"]
    assert {u["house"] for u in position["units"]["lannisport"]} == {"lannister"}
    assert position["power"]["available"] == {"stark": 5, "lannister": 5, "baratheon": 5}
    assert position["influence_tracks"]["iron_throne"] == ["baratheon", "lannister", "stark"]


def test_new_game_is_refused_naming_the_setup_option_when_the_base_game_does_not_seat_its_houses_x_29(api: Api) -> None:
    defaults = api.client.get("/api/v1/rulesets/agot2", headers=api.headers("admin")).get_json()["default_options"]
    assert defaults["setup"] == "standard"
    refused = assert_problem(_post(api, ["stark", "lannister"], {"kings_court_stars": [3, 2]}), 422)
    assert refused["errors"]["options"] == [
        'options.setup: "standard" (GOT-X-29, the printed set-up) seats 3 to 6 Houses, not 2: '
        'give a position, or options.setup "empty" for a board with garrisons only'
    ]
    clubs = assert_problem(_post(api, ["red", "blue", "red2"], {"house_cards": _club_cards()}), 422)
    houses = "(stark, lannister, baratheon, greyjoy, tyrell, martell)"
    assert clubs["errors"]["options"] == [
        f'options.setup: "standard" (GOT-X-29, the printed set-up) places the base game\'s Houses {houses}; seat '
        f'{seat!r} is not one of them: give a position, or options.setup "empty" for a board with garrisons only'
        for seat in ("red", "blue", "red2")
    ]
    empty = _post(api, ["stark", "lannister"], {"kings_court_stars": [3, 2], "setup": "empty"})
    assert empty.status_code == 201, empty.get_json()
    assert _position(api, empty.get_json()["id"])["units"] == {}


def _club_cards() -> dict[str, Any]:
    """A club's card set for the Houses red, blue and red2 (their seven cards each, GOT-CARD-2)."""
    cards = card_set()["cards"]
    return {"cards": [*cards, *({**c, "id": f"{c['id']}_2", "house": "red2"} for c in cards if c["house"] == "red")]}


def test_tournament_on_another_board_is_refused_naming_the_setup_option_before_anyone_registers_x_29(api: Api) -> None:
    homes = {h: ("land", {"home_of": h, "garrison": 2}) for h in ("stark", "lannister", "baratheon")}
    uploaded = api.client.post(
        "/api/v1/boards",
        json={"name": "Three homes", "board": board(homes, [("stark", "lannister"), ("lannister", "baratheon")])},
        headers=api.headers(),
    )
    assert uploaded.status_code == 201, uploaded.get_json()
    payload = {"name": "Club", "ruleset": "agot2", "board": uploaded.get_json()["id"], "table_size": 3, "rounds": 1}
    refused = api.client.post("/api/v1/tournaments", json={**payload, "remainder": "byes"}, headers=api.headers())
    [error] = assert_problem(refused, 422)["errors"]["seat_sets"]
    assert error.startswith('options.setup: "standard" (GOT-X-29') and "base board" in error
    empty = {**payload, "remainder": "byes", "options": {"setup": "empty"}}
    created = api.client.post("/api/v1/tournaments", json=empty, headers=api.headers())
    assert created.status_code == 201, created.get_json()


def test_a_position_over_supply_is_created_and_its_answer_notes_the_excess_x_17(api: Api) -> None:
    # The seed tests supply only at a retreat (GOT-RETREAT-5), so an arbiter's odd table is accepted; the answer
    # names the House over its limits so he knows (GOT-X-17).
    seats = ["stark", "lannister", "baratheon"]
    standard = _post(api, seats, {})
    position = _position(api, standard.get_json()["id"])
    position["supply"]["stark"] = [2]
    position["units"]["winterfell"].append(
        {"house": "stark", "kind": "footman", "routed": False, "id": "stark:footman:winterfell:9"}
    )
    body = {"ruleset": "agot2", "board": "base", "position": position, "seats": [{"seat": s} for s in seats]}

    created = api.client.post("/api/v1/games", json=body, headers=api.headers("admin"))

    assert created.status_code == 201, created.get_json()
    [note] = created.get_json()["position_notes"]
    assert (note["path"], note["rule_id"]) == ("/supply/stark", "GOT-X-17")
    assert "position_notes" not in standard.get_json()  # a game set up from its options has no position to note
