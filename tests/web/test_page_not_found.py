"""A dead link to a tournament or a player is a 404 page (clk2): the site's layout saying what is not here, with a
way back, rather than a 200 whose script then said "not found". Existence is the API's own read (the tournament's
stream, the player's record), for an anonymous caller, as the page is asked without a token: a private tournament is
the same 404 as an id nobody used."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.test_tournaments import _create
from tests.conftest import Api
from tests.web.made import a_disputed_game, a_tournament_paired_to_round_1
from tests.web.test_pages import BROWSER_ACCEPT


def _page(api: Api, path: str) -> Any:
    return api.client.get(path, headers={"Accept": BROWSER_ACCEPT})


def test_a_tournament_page_of_an_unknown_id_is_a_404_page_with_the_way_back_to_the_list(api: Api) -> None:
    response = _page(api, "/tournaments/no-such-tournament")
    page = response.get_data(as_text=True)

    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "<!doctype html>" in page and '<nav aria-label="Site">' in page  # the site's layout
    assert (
        '<p id="not-here" class="error" data-status="404">No tournament no-such-tournament here (HTTP 404).</p>' in page
    )
    assert '<p id="way-back"><a href="/tournaments">Every tournament</a></p>' in page
    assert '<div id="tournament-body" hidden>' in page  # no empty standings under it


def test_a_tournament_page_of_a_public_tournament_is_200(api: Api) -> None:
    tournament = _create(api, name="Spring Open")["id"]
    response = _page(api, f"/tournaments/{tournament}")

    assert response.status_code == 200
    assert "not-here" not in response.get_data(as_text=True)


def test_a_private_tournaments_page_is_the_404_an_unknown_id_gets_as_the_anonymous_api_answers(api: Api) -> None:
    hidden = _create(api, name="Invitational", visibility="private")["id"]
    assert api.client.get(f"/api/v1/tournaments/{hidden}").status_code == 404  # what an anonymous caller is told

    private = _page(api, f"/tournaments/{hidden}")
    unknown = _page(api, "/tournaments/00000000-0000-4000-8000-000000000000")

    assert private.status_code == unknown.status_code == 404
    page = private.get_data(as_text=True)
    assert page.replace(hidden, "<id>") == unknown.get_data(as_text=True).replace(
        "00000000-0000-4000-8000-000000000000", "<id>"
    )  # nothing tells a private tournament from none
    assert "Invitational" not in page


def test_a_dead_links_id_is_shown_as_text_not_markup(api: Api) -> None:
    response = _page(api, "/tournaments/%3Cscript%3Ealert(1)")

    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "No tournament &lt;script&gt;alert(1) here" in page and "<script>alert" not in page


def test_a_client_not_asking_for_html_gets_the_apis_problem_for_a_dead_tournament_link(api: Api) -> None:
    response = api.client.get("/tournaments/no-such-tournament", headers={"Accept": "application/json"})

    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert (
        problem["type"].endswith("/tournament-not-found") and problem["detail"] == "no tournament 'no-such-tournament'"
    )


def test_a_player_page_of_an_unknown_id_is_a_404_page_with_a_way_back(api: Api) -> None:
    response = _page(api, "/players/no-such-player")
    page = response.get_data(as_text=True)

    assert response.status_code == 404 and response.mimetype == "text/html"
    assert '<p id="not-here" class="error" data-status="404">No player no-such-player here (HTTP 404).</p>' in page
    assert '<a href="/tournaments">Every tournament</a>' in page
    assert "player.js" not in page  # nothing for a script to ask the API


def test_a_player_page_of_a_registered_player_is_200(api: Api) -> None:
    player = api.player("Alice")
    response = _page(api, f"/players/{player}")

    assert response.status_code == 200
    assert "player.js" in response.get_data(as_text=True)


def _same_but_the_id(one: Any, other: Any, one_id: str, other_id: str) -> bool:
    return bool(
        one.get_data(as_text=True).replace(one_id, "<id>") == other.get_data(as_text=True).replace(other_id, "<id>")
    )


UNKNOWN = "00000000-0000-4000-8000-000000000000"


# A dead link, what its 404 page says, its way back, and what stands empty under it instead of the record.
DEAD = {
    "game": (
        "/games/no-such-game",
        "No game no-such-game here (HTTP 404).",
        '<a href="/games">Every game</a>',
        '<div class="game-body" hidden>',  # no board, replay controls or notation
    ),
    "dispute": (
        "/disputes/no-such-dispute",
        "No dispute no-such-dispute here (HTTP 404).",
        '<a href="/games">Every game</a>',
        'data-missing="true" aria-live="polite"></section>',  # no "Loading…"
    ),
    "pairings": (
        "/tournaments/no-such-tournament/rounds/1/pairings",
        "No round 1 of the tournament no-such-tournament here (HTTP 404).",
        '<a href="/tournaments">Every tournament</a>',
        '<p id="pairings-tools" class="no-print" hidden>',  # no Print, no Back to a tournament not there
    ),
}


@pytest.mark.parametrize("kind", sorted(DEAD))
def test_a_dead_link_to_a_game_a_dispute_or_pairings_is_a_404_page_with_a_way_back(api: Api, kind: str) -> None:
    path, said, back, empty = DEAD[kind]
    response = _page(api, path)
    page = response.get_data(as_text=True)

    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "<!doctype html>" in page and '<nav aria-label="Site">' in page  # the site's layout
    assert f'<p id="not-here" class="error" data-status="404">{said}</p>' in page
    assert f'<p id="way-back">{back}</p>' in page
    assert empty in page
    assert 'data-missing="true"' in page  # its script stays, for a token in the tab that may read the record


def test_a_client_not_asking_for_html_gets_the_apis_problem_for_a_dead_game_link(api: Api) -> None:
    response = api.client.get("/games/no-such-game", headers={"Accept": "application/json"})

    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    assert response.get_json() == api.client.get("/api/v1/games/no-such-game").get_json()


def test_a_pairings_page_of_a_round_not_paired_is_a_404_page_leading_back_to_the_tournament(api: Api) -> None:
    tournament = a_tournament_paired_to_round_1(api)

    assert _page(api, f"/tournaments/{tournament}/rounds/1/pairings").status_code == 200
    response = _page(api, f"/tournaments/{tournament}/rounds/2/pairings")
    page = response.get_data(as_text=True)
    assert response.status_code == 404
    assert f"No round 2 of the tournament {tournament} here (HTTP 404)." in page
    assert f'<p id="way-back"><a href="/tournaments/{tournament}">Back to the tournament</a></p>' in page
    problem = api.client.get(f"/tournaments/{tournament}/rounds/2/pairings").get_json()
    assert problem["detail"] == api.client.get(f"/api/v1/tournaments/{tournament}/rounds/2").get_json()["detail"]


# A private record's page, its anonymous API read, and words of it no outsider may see (`_private` makes one).
PRIVATE = {
    "game": ("/games/{}", "/api/v1/games/{}", "Secret Rematch"),
    "dispute": ("/disputes/{}", "/api/v1/disputes/{}", "red moved out of turn"),
    "pairings": ("/tournaments/{}/rounds/1/pairings", "/api/v1/tournaments/{}/rounds/1", "Spring Open"),
}


def _private(api: Api, kind: str) -> str:
    if kind == "game":
        return str(api.create_game(visibility="private", title="Secret Rematch")["id"])
    if kind == "dispute":
        return a_disputed_game(api, visibility="private")[1]
    return a_tournament_paired_to_round_1(api, visibility="private")


@pytest.mark.parametrize("kind", sorted(PRIVATE))
def test_a_private_records_page_is_the_404_an_unknown_id_gets_as_the_anonymous_api_answers(api: Api, kind: str) -> None:
    page, read, secret = PRIVATE[kind]
    hidden = _private(api, kind)
    assert api.client.get(read.format(hidden)).status_code == 404  # what an anonymous caller is told

    private = _page(api, page.format(hidden))
    unknown = _page(api, page.format(UNKNOWN))

    assert private.status_code == unknown.status_code == 404
    assert _same_but_the_id(private, unknown, hidden, UNKNOWN)  # nothing tells a private record from none
    assert secret not in private.get_data(as_text=True)
