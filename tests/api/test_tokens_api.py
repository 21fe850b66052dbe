"""Tokens through the API (issue 16, point 6): create bound player tokens, list them with last use, revoke."""

from __future__ import annotations

from collections.abc import Mapping

from freezegun import freeze_time
from werkzeug.test import TestResponse

from tests.api.conftest import assert_problem, bearer, total_events
from tests.conftest import Api


def mint(api: Api, body: Mapping[str, object], caller: str = "organiser") -> TestResponse:
    """POST /tokens with `body`, as `caller`."""
    return api.client.post("/api/v1/tokens", json=body, headers=api.headers(caller))


def seated_game(api: Api, player: str) -> str:
    return str(api.create_game(seats=[{"seat": "red", "player": player}, {"seat": "blue"}])["id"])


def test_an_organiser_mints_a_player_token_that_records_for_the_players_seat(api: Api) -> None:
    alice = api.player("Alice")
    game = seated_game(api, alice)

    created = mint(api, {"role": "player", "player": alice, "label": "table 3, Alice", "games": [game]})

    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert (body["role"], body["player"], body["games"], body["label"]) == ("player", alice, [game], "table 3, Alice")
    assert created.headers["Location"] == f"/api/v1/tokens/{body['id']}"
    assert created.headers["Cache-Control"] == "no-store"
    assert len(body["token"]) >= 40
    recorded = api.client.post(
        f"/api/v1/games/{game}/actions", json={"type": "note", "seat": "red"}, headers=bearer(body["token"])
    )
    assert recorded.status_code == 201


def test_403_and_nothing_written_when_a_bound_token_acts_in_another_game(api: Api) -> None:
    alice = api.player("Alice")
    bound_to, other = seated_game(api, alice), seated_game(api, alice)
    token = mint(api, {"role": "player", "player": alice, "games": [bound_to]}).get_json()["token"]
    before = total_events(api)

    refused = api.client.post(
        f"/api/v1/games/{other}/actions", json={"type": "note", "seat": "red"}, headers=bearer(token)
    )
    creating = api.client.post(
        "/api/v1/games", json={"ruleset": "freeform", "seats": [{"seat": "red"}]}, headers=bearer(token)
    )

    assert assert_problem(refused, 403)["detail"] == f"this token is bound to games [{bound_to}], not {other}"
    assert "may not create a game" in assert_problem(creating, 403)["detail"]
    assert total_events(api) == before
    assert api.client.get(f"/api/v1/games/{other}", headers=bearer(token)).status_code == 200  # reads stay open


def test_403_and_nothing_written_when_a_bound_token_annotates_another_game(api: Api) -> None:
    """A token bound to game A added, edited and deleted annotations of game B (its player's, written with
    another token) as if it were unbound: annotating is acting in a game too."""
    alice = api.player("Alice")
    bound_to, other = seated_game(api, alice), seated_game(api, alice)
    token = mint(api, {"role": "player", "player": alice, "games": [bound_to]}).get_json()["token"]
    comment = {"kind": "comment", "at_version": 1, "body": {"text": "good opening"}}
    mine = api.client.post(
        f"/api/v1/games/{other}/annotations", json=comment, headers=bearer(api.token_for_player(alice))
    ).get_json()["id"]
    before = total_events(api)
    path = f"/api/v1/games/{other}/annotations"

    added = api.client.post(path, json=comment, headers=bearer(token))
    edited = api.client.patch(f"{path}/{mine}", json={"body": {"text": "bad"}}, headers=bearer(token))
    deleted = api.client.delete(f"{path}/{mine}", headers=bearer(token))

    for refused in (added, edited, deleted):
        assert assert_problem(refused, 403)["detail"] == f"this token is bound to games [{bound_to}], not {other}"
    assert total_events(api) == before
    in_own_game = api.client.post(f"/api/v1/games/{bound_to}/annotations", json=comment, headers=bearer(token))
    assert in_own_game.status_code == 201


def test_403_saying_the_action_names_no_seat_when_a_player_token_sends_one_for_the_table(api: Api) -> None:
    """The refusal quoted Python's None ("holds seats [red] of this game, not None")."""
    alice = api.player("Alice")
    game = seated_game(api, alice)

    refused = api.act(game, role=None, headers={"Authorization": f"Bearer {api.token_for_player(alice)}"}, type="note")

    detail = assert_problem(refused, 403)["detail"]
    assert "None" not in detail and "names no seat" in detail and "[red]" in detail


def test_403_when_an_organiser_mints_a_role_above_player_and_viewer(api: Api) -> None:
    for role in ("admin", "organiser", "arbiter"):
        assert_problem(mint(api, {"role": role}, "organiser"), 403)
    assert mint(api, {"role": "arbiter", "label": "head judge"}, "admin").status_code == 201


def test_403_for_players_and_401_for_anonymous_callers(api: Api) -> None:
    alice = api.player("Alice")
    token = api.token_for_player(alice)

    assert_problem(api.client.post("/api/v1/tokens", json={"role": "viewer"}, headers=bearer(token)), 403)
    assert_problem(api.client.get("/api/v1/tokens"), 401)
    arbiter = assert_problem(api.client.get("/api/v1/tokens", headers=api.headers("arbiter")), 403)
    assert arbiter["detail"].startswith("an arbiter token may not do this")  # was "a arbiter token"


def test_400_or_422_naming_the_field_when_the_token_asked_for_is_inconsistent(api: Api) -> None:
    alice = api.player("Alice")
    game = seated_game(api, alice)
    cases: list[tuple[dict[str, object], int, str]] = [
        ({"role": "player"}, 400, "player"),
        ({"role": "viewer", "player": alice}, 400, "player"),
        ({"role": "viewer", "games": ["00000000-0000-4000-8000-000000000000"]}, 400, "games"),
        ({"role": "player", "player": "00000000-0000-4000-8000-000000000000"}, 422, "player"),
        ({"role": "player", "player": alice, "games": ["00000000-0000-4000-8000-000000000001"]}, 422, "games[0]"),
        ({"role": "player", "player": alice, "games": [game, game.upper()]}, 400, "games"),  # stored twice before
        ({"role": "viewer", "expires_at": "2020-01-01T00:00:00Z"}, 422, "expires_at"),
        ({"role": "viewer", "expires_in_days": 0}, 400, "expires_in_days"),
        ({"role": "viewer", "expires_in_days": 2.5}, 400, "expires_in_days"),  # was cut to 2 days
        ({"role": "viewer", "expires_in_days": "2"}, 400, "expires_in_days"),
        # Valid RFC 3339 times that UTC cannot hold: the calendar's last day west of Greenwich, its first east.
        ({"role": "viewer", "expires_at": "9999-12-31T23:59:59-05:00"}, 400, "expires_at"),
        ({"role": "viewer", "expires_at": "0001-01-01T00:00:00+05:00"}, 400, "expires_at"),
    ]
    for body, status, field in cases:
        assert field in assert_problem(mint(api, body), status)["errors"], body


def test_a_token_stops_working_when_it_expires(api: Api) -> None:
    with freeze_time("2026-11-25T10:00:00Z"):
        token = mint(api, {"role": "viewer", "expires_in_days": 1}).get_json()
        assert token["expires_at"] == "2026-11-26T10:00:00.000000Z"
        assert api.client.get("/api/v1/games", headers=bearer(token["token"])).status_code == 200
    with freeze_time("2026-11-26T10:00:01Z"):
        expired = api.client.get("/api/v1/games", headers=bearer(token["token"]))
    assert assert_problem(expired, 401)["detail"] == "unknown, revoked or expired token"


def test_list_shows_last_use_and_an_organiser_sees_only_the_tokens_it_created(api: Api) -> None:
    with freeze_time("2026-11-25T10:00:00Z"):
        mine = mint(api, {"role": "viewer", "label": "press"}).get_json()
        theirs = mint(api, {"role": "viewer", "label": "admin's"}, "admin").get_json()
    with freeze_time("2026-11-25T10:05:00Z"):
        api.client.get("/api/v1/games", headers=bearer(mine["token"]))

    listed = api.client.get("/api/v1/tokens", headers=api.headers("organiser")).get_json()
    everything = api.client.get("/api/v1/tokens?role=viewer", headers=api.headers("admin")).get_json()

    assert [t["id"] for t in listed["items"]] == [mine["id"]]
    assert listed["items"][0]["last_used_at"] == "2026-11-25T10:05:00.000000Z"
    assert "token" not in listed["items"][0]
    assert {mine["id"], theirs["id"]} <= {t["id"] for t in everything["items"]}
    assert_problem(api.client.get(f"/api/v1/tokens/{theirs['id']}", headers=api.headers("organiser")), 404)


def test_revoked_token_is_refused_at_once_and_listed_only_when_asked(api: Api) -> None:
    token = mint(api, {"role": "viewer"}).get_json()
    assert api.client.get("/api/v1/games", headers=bearer(token["token"])).status_code == 200

    revoked = api.client.delete(f"/api/v1/tokens/{token['id']}", headers=api.headers("organiser"))

    assert revoked.status_code == 204
    assert_problem(api.client.get("/api/v1/games", headers=bearer(token["token"])), 401)
    assert api.client.delete(f"/api/v1/tokens/{token['id']}", headers=api.headers("organiser")).status_code == 204
    live = api.client.get("/api/v1/tokens", headers=api.headers("organiser")).get_json()["items"]
    every = api.client.get("/api/v1/tokens?include_revoked=true", headers=api.headers("organiser")).get_json()["items"]
    assert token["id"] not in {t["id"] for t in live}
    assert [t["revoked_at"] is not None for t in every if t["id"] == token["id"]] == [True]


def test_the_list_pages_with_a_cursor(api: Api) -> None:
    made = [mint(api, {"role": "viewer", "label": f"t{n}"}).get_json()["id"] for n in range(5)]

    first = api.client.get("/api/v1/tokens?limit=3", headers=api.headers("organiser")).get_json()
    second = api.client.get(
        f"/api/v1/tokens?limit=3&after={first['next']}", headers=api.headers("organiser")
    ).get_json()

    assert [t["id"] for t in first["items"] + second["items"]] == list(reversed(made))
    assert second["next"] is None


def test_the_current_token_describes_the_caller_without_its_value(api: Api) -> None:
    """A page learns its token's role and player from GET /tokens/current instead of probing for 403s."""
    player = api.player("Ada")
    value = api.token_for_player(player)

    mine = api.client.get("/api/v1/tokens/current", headers={"Authorization": f"Bearer {value}"})
    admin = api.client.get("/api/v1/tokens/current", headers=api.headers("admin")).get_json()

    assert mine.status_code == 200
    assert mine.get_json()["role"] == "player" and mine.get_json()["player"] == player
    assert value not in mine.get_data(as_text=True)
    assert admin["role"] == "admin"
    assert_problem(api.client.get("/api/v1/tokens/current"), 401)


def test_the_current_token_names_the_authority_its_actions_carry(api: Api) -> None:
    """An action's `senders` name authorities, not roles: admins and organisers record, a viewer sends nothing."""
    found = {
        role: api.client.get("/api/v1/tokens/current", headers=api.headers(role)).get_json()["authority"]
        for role in ("admin", "organiser", "arbiter", "viewer")
    }
    player = api.client.get("/api/v1/tokens/current", headers=bearer(api.token_for_player(api.player("Bo"))))

    assert found == {"admin": "recorder", "organiser": "recorder", "arbiter": "arbiter", "viewer": None}
    assert player.get_json()["authority"] == "player"


def test_a_204_carries_no_content_type(api: Api) -> None:
    """RFC 9110 §15.3.5: a 204 has no content; it is not labelled text/html either."""
    token = api.client.post("/api/v1/tokens", json={"role": "viewer"}, headers=api.headers("admin")).get_json()

    revoked = api.client.delete(f"/api/v1/tokens/{token['id']}", headers=api.headers("admin"))

    assert revoked.status_code == 204 and revoked.get_data() == b""
    assert "Content-Type" not in revoked.headers


def test_any_token_revokes_itself_with_delete_current(api: Api) -> None:
    """Signing out (as GitHub and Stripe let a token do): a player, a viewer and an organiser each revoke the token
    they send with DELETE /tokens/current, and nothing else (an organiser used to get 404 on its own id, a player 403,
    and DELETE /tokens/current was a 405)."""
    player = api.token_for_player(api.player("Ada"))
    viewer = mint(api, {"role": "viewer"}, "admin").get_json()["token"]
    organiser = api.tokens["organiser"]

    answers = [api.client.delete("/api/v1/tokens/current", headers=bearer(value)) for value in (player, viewer)]
    answers.append(api.client.delete("/api/v1/tokens/current", headers=api.headers("organiser")))

    assert [(a.status_code, a.get_data()) for a in answers] == [(204, b"")] * 3
    for value in (player, viewer, organiser):
        assert_problem(api.client.get("/api/v1/games", headers=bearer(value)), 401)
    assert api.client.get("/api/v1/tokens/current", headers=api.headers("admin")).status_code == 200
    assert_problem(api.client.delete("/api/v1/tokens/current"), 401)
