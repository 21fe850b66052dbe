"""Check-in on the tournament page (td20): a player's token checks in with one button, the director opens check-in,
sees who has and has not checked in, marks a player present, and the preview names who would be left out; the
published round drops them."""

from __future__ import annotations

from tests.web.conftest import Site, Tab, screenshot
from tests.web.test_tournament_director import _post, _token


def test_a_player_checks_in_the_director_marks_one_present_and_the_preview_names_who_is_left_out(
    site: Site, tab: Tab
) -> None:
    settings = {"name": "Venue night", "ruleset": "freeform", "table_size": 2, "rounds": 2, "require_check_in": True}
    tournament = _post(site, "/api/v1/tournaments", {**settings, "placement_points": {"2": [1, 0]}})["id"]
    base = f"/api/v1/tournaments/{tournament}"
    ann, bob, cid = (_post(site, f"{base}/players", {"name": name})["player"] for name in ("Ann", "Bob", "Cid"))
    page = f"{site.base}/tournaments/{tournament}"
    director = _token(site, "organiser")

    tab.open(page)  # the tokens go in this tab's session storage, as the login page puts them
    tab.page.evaluate("t => sessionStorage.setItem('annals.token', t)", director)
    tab.page.goto(page)
    tab.page.click("#check-in-open-form button[type=submit]")
    tab.page.wait_for_selector("#check-in-mark-form")
    player = _post(site, "/api/v1/tokens", {"role": "player", "player": ann, "tournament": tournament})["token"]
    tab.page.evaluate("t => sessionStorage.setItem('annals.token', t)", player)
    tab.page.goto(page)
    tab.page.click("#check-in-form button[type=submit]")
    tab.page.wait_for_selector("#checked-in-self")
    assert site.api(base)["check_in"]["checked_in"] == [ann]
    tab.page.evaluate("t => sessionStorage.setItem('annals.token', t)", director)
    tab.page.goto(page)
    tab.page.wait_for_selector("#check-in-player")
    assert "Ann" in tab.page.inner_text("#checked-in") and "Bob, Cid" in tab.page.inner_text("#not-checked-in")
    tab.page.select_option("#check-in-player", bob)
    tab.page.click("#check-in-mark-form button[type=submit]")
    tab.page.wait_for_function("document.getElementById('not-checked-in').innerText.includes('(1): Cid')")
    tab.page.click("#preview-form button[type=submit]")
    tab.page.wait_for_selector("#plan-not-checked-in")
    screenshot(tab, "tournament_check_in_preview")

    assert "left out and dropped when published: Cid" in tab.page.inner_text("#plan-not-checked-in")
    assert "null" not in tab.page.inner_text("#pair-plan")  # a plan without byes showed the text "null" for them
    tab.page.click("#publish-form button[type=submit]")
    tab.page.wait_for_selector("#start-form")
    assert tab.page.locator("#check-in-mark-form").count() == 0  # pairing the round ended check-in
    assert site.api(base)["dropped"] == [cid]
    assert tab.errors == []
