"""A dead link to a tournament or a player is a 404 page (clk2): the site's layout saying what is not here, with a
way back, rather than a 200 whose script then said "not found". Existence is the API's own read (the tournament's
stream, the player's record), for an anonymous caller, as the page is asked without a token: a private tournament is
the same 404 as an id nobody used."""

from __future__ import annotations

from typing import Any

from tests.api.test_tournaments import _create
from tests.conftest import Api
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
