"""The ratings pages in a real browser: the leaderboard of the sample Kard és Korona tournament's players as the API
ranks them (reached from the nav), and a player's rating with its history on their page."""

from __future__ import annotations

from tests.web.conftest import Site, Tab, with_token
from tests.web.test_tournament_director import _post

LEADERBOARD = "/api/v1/ratings?ruleset=kard_es_korona"


def test_the_nav_opens_the_leaderboard_in_the_apis_order_with_names_to_a_token(site: Site, tab: Tab) -> None:
    board = site.api(LEADERBOARD)["items"]
    assert board  # the sample tournament's games are rated
    with_token(tab, site.served.token)

    tab.open(f"{site.base}/games")
    tab.page.click("nav a[href='/ratings']")
    tab.page.wait_for_selector("#ratings tbody tr[data-player]")

    shown = tab.page.eval_on_selector_all("#ratings tbody tr", "rows => rows.map(r => r.dataset.player)")
    assert shown == [item["player"] for item in board]
    first = tab.page.eval_on_selector("#ratings tbody tr", "r => [...r.cells].map(c => c.innerText)")
    assert first[0] == "1" and first[2] == f"{board[0]['rating']:.2f}" and first[5] == str(board[0]["games"])
    names = tab.page.eval_on_selector_all("#ratings tbody tr td:nth-child(2)", "cells => cells.map(c => c.innerText)")
    assert "(name not public)" not in names  # a token reads every name
    assert tab.page.input_value("select[name='ruleset']") == "kard_es_korona"
    assert tab.errors == []


def test_a_players_page_shows_their_rating_and_its_history_newest_first(site: Site, tab: Tab) -> None:
    best = site.api(LEADERBOARD)["items"][0]
    (rating,) = site.api(f"/api/v1/players/{best['player']}/ratings")["items"]

    tab.open(f"{site.base}/players/{best['player']}")
    tab.page.wait_for_selector("#player-body:not([hidden])")

    block = tab.page.inner_text("#player-ratings section[data-ruleset='kard_es_korona']")
    assert "Kard és Korona" in block and f"Rating {rating['rating']:.2f}" in block
    steps = tab.page.eval_on_selector_all(
        "#player-ratings .rating-history li", "items => items.map(li => li.dataset.game)"
    )
    assert steps == [step["game"] for step in reversed(rating["history"])]
    # Each step names its game as the games list does (its title after the day), not the day alone.
    titles = {g["id"]: g["title"] for g in site.api(f"/api/v1/games?player={best['player']}&limit=25")["items"]}
    texts = tab.page.eval_on_selector_all(
        "#player-ratings .rating-history li a", "links => links.map(a => a.innerText)"
    )
    assert texts == [f"{step['ended_at'][:10]}, {titles[step['game']]}" for step in reversed(rating["history"])]
    assert tab.errors == []


def test_a_step_from_a_result_typed_in_links_its_tournament_table_on_the_players_page(site: Site, tab: Tab) -> None:
    settings = {"name": "Kitchen table cup", "ruleset": "freeform", "table_size": 2, "rounds": 1}
    tournament = _post(site, "/api/v1/tournaments", {**settings, "placement_points": {"2": [1, 0]}})["id"]
    base = f"/api/v1/tournaments/{tournament}"
    for name in ("Ann", "Bob"):
        _post(site, f"{base}/players", {"name": name})
    (table,) = _post(site, f"{base}/rounds", {})["tables"]
    loser = table["players"][1]
    places = {seat: 2 if player == loser else 1 for player, seat in table["seats"].items()}
    _post(site, f"{base}/rounds/1/tables/1/result", {"places": places})
    _post(site, f"{base}/rounds/1/tables/1/approval", {"override_reason": "score sheet"})

    tab.open(f"{site.base}/players/{loser}")
    tab.page.wait_for_selector("#player-ratings section[data-ruleset='freeform'] .rating-history li")

    step = tab.page.locator("#player-ratings section[data-ruleset='freeform'] .rating-history li")
    assert step.get_attribute("data-tournament") == tournament and step.get_attribute("data-game") is None
    link = step.locator("a")
    assert link.get_attribute("href") == f"/tournaments/{tournament}" and "round 1 table 1" in link.inner_text()
    assert "place 2 of 2" in step.inner_text()
    assert tab.errors == []
