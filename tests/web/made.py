"""Real records for the page tests (a game with a dispute, a tournament with a paired round), made through the API:
a page answers 200 only for an id the API's anonymous read answers."""

from __future__ import annotations

from tests.api.conftest import bearer
from tests.api.test_tournaments import _create, _post, _register
from tests.conftest import Api


def a_disputed_game(api: Api, visibility: str = "public") -> tuple[str, str]:
    """A freeform game (red moved at v2) and the dispute red's player opened on that move."""
    red = api.player("Red")
    game = api.create_game(visibility=visibility, seats=[{"seat": "red", "player": red}, {"seat": "blue"}])["id"]
    assert api.act(game, "organiser", type="move", seat="red", data={}).status_code == 201
    body = {"version": 2, "claim": "red moved out of turn"}
    opened = api.client.post(f"/api/v1/games/{game}/disputes", json=body, headers=bearer(api.token_for_player(red)))
    assert opened.status_code == 201, opened.get_json()
    return game, str(opened.get_json()["id"])


def a_tournament_paired_to_round_1(api: Api, visibility: str = "public") -> str:
    """A four-player freeform Swiss of two rounds whose round 1 is paired (published), round 2 not yet."""
    tournament = str(_create(api, name="Spring Open", visibility=visibility)["id"])
    _register(api, tournament, 4)
    paired = _post(api, f"{tournament}/rounds", {})
    assert paired.status_code == 201, paired.get_json()
    return tournament
