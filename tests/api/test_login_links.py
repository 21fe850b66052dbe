"""One-time login links (issue 14, "a short login link created by the CLI/API"): the code gives its token once,
never after its expiry, and an organiser links only the roles it may mint."""

from __future__ import annotations

from freezegun import freeze_time

from tests.api.conftest import assert_problem, bearer
from tests.conftest import Api


def _link(api: Api, caller: str = "organiser", **body: object) -> dict[str, object]:
    response = api.client.post("/api/v1/tokens/links", json=body, headers=api.headers(caller))
    assert response.status_code == 201, response.get_json()
    found: dict[str, object] = response.get_json()
    return found


def test_a_link_gives_its_token_once_and_the_token_acts_as_its_role(api: Api) -> None:
    player = api.player("Bea")
    game = api.create_game(seats=[{"seat": "red", "player": player}, {"seat": "blue"}])["id"]
    link = _link(api, role="player", player=player, label="table 3 tablet")

    first = api.client.post("/api/v1/tokens/redeem", json={"code": link["code"]})
    again = api.client.post("/api/v1/tokens/redeem", json={"code": link["code"]})

    assert link["path"] == f"/login#code={link['code']}"
    assert first.status_code == 201 and first.headers["Cache-Control"] == "no-store"
    token = first.get_json()["token"]
    assert first.get_json()["player"] == player and first.get_json()["label"] == "table 3 tablet"
    moved = api.act(game, None, headers=bearer(token), type="note", seat="red", data={"text": "from the tablet"})
    assert moved.status_code == 201, moved.get_json()
    assert_problem(again, 410, "login-code-spent")


def test_a_link_expires_and_an_organiser_cannot_link_an_arbiter(api: Api) -> None:
    with freeze_time("2026-11-25 18:00:00"):
        link = _link(api, caller="admin", role="viewer", valid_minutes=5)
    forbidden = api.client.post("/api/v1/tokens/links", json={"role": "arbiter"}, headers=api.headers("organiser"))

    with freeze_time("2026-11-25 18:06:00"):
        late = api.client.post("/api/v1/tokens/redeem", json={"code": link["code"]})

    assert_problem(late, 410, "login-code-spent")
    assert_problem(forbidden, 403)
    assert_problem(api.client.post("/api/v1/tokens/redeem", json={"code": "x" * 32}), 410)
