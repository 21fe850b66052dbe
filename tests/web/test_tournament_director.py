"""A tournament director runs a round from the tournament page: previews the pairing (its problems listed as the
API gives them), publishes it once the box listing them is ticked, starts it and sees the tables' games; the
controls are offered only to the roles service/tournaments lets do it; a refused close shows the API's detail."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from tests.web.conftest import Site, Tab, screenshot, with_token


def _post(site: Site, path: str, value: Any) -> Any:
    status, _, raw = site.served.post(path, value)
    assert status in (200, 201), (path, raw[:300])
    return json.loads(raw)


def _tournament(site: Site, rounds: int = 2) -> str:
    """A freeform Swiss of eight players in two clubs kept apart in round 1: tables of four cannot keep them apart,
    so the plan has `same_club` problems the director must accept."""
    settings = {"name": "Venue night", "ruleset": "freeform", "table_size": 4, "rounds": rounds, "keep_apart": "club"}
    tournament: str = _post(site, "/api/v1/tournaments", settings)["id"]
    for n in range(8):
        _post(site, f"/api/v1/tournaments/{tournament}/players", {"name": f"Player {n}", "club": f"club-{n % 2}"})
    return tournament


def _named(text: str, names: dict[str, str]) -> str:
    for player, name in names.items():
        text = text.replace(player, name)
    return text


def _token(site: Site, role: str) -> str:
    value: str = _post(site, "/api/v1/tokens", {"role": role, "label": f"web {role}"})["token"]
    return value


def test_a_director_previews_publishes_with_the_listed_problems_and_starts_round_one(site: Site, tab: Tab) -> None:
    tournament = _tournament(site)
    expected = _post(site, f"/api/v1/tournaments/{tournament}/rounds", {"preview": True})
    assert expected["problems"]  # the setting forces them: the box must list them
    with_token(tab, _token(site, "organiser"))

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.click("#preview-form button[type=submit]")
    tab.page.wait_for_selector("#plan-problems li")
    shown = tab.page.eval_on_selector_all("#plan-problems li", "items => items.map(i => i.innerText)")
    names = {e["player_id"]: e["name"] for e in site.api(f"/api/v1/tournaments/{tournament}/players")["items"]}
    # The API's detail names players by id; the page names them as the director knows them.
    assert shown == [f"{p['kind']}: {_named(p['detail'], names)}" for p in expected["problems"]]
    assert not any(player in line for line in shown for player in names)
    assert tab.page.locator("#plan-tables li").count() == len(expected["tables"])
    kinds = {p["kind"] for p in expected["problems"]}
    assert all(kind in tab.page.inner_text("label[for=accept-problems]") for kind in kinds)
    tab.page.click("#publish-form button[type=submit]")  # not ticked: the browser keeps the form from posting
    assert site.api(f"/api/v1/tournaments/{tournament}")["rounds"] == []
    tab.page.check("#accept-problems")
    tab.page.click("#publish-form button[type=submit]")
    tab.page.wait_for_selector("#start-form button[type=submit]")
    tab.page.click("#start-form button[type=submit]")
    tab.page.wait_for_selector("table.round[data-round='1'] tbody tr td a.game")
    tab.page.wait_for_selector("#start-form", state="detached")
    screenshot(tab, "tournament_director_round_1")

    found = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")
    links = tab.page.eval_on_selector_all(
        "table.round[data-round='1'] tbody tr td a.game", "links => links.map(a => a.getAttribute('href'))"
    )
    assert links == [f"/games/{table['game']}" for table in found["tables"]] and len(links) == 2
    assert site.api(f"/api/v1/tournaments/{tournament}/rounds/1/pairing")["problems"] == expected["problems"]
    heights = tab.page.eval_on_selector_all(
        "#director button, #director input", "nodes => nodes.map(n => n.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 44
    _time_round_one(site, tab, tournament)
    assert tab.errors == []


def _time_round_one(site: Site, tab: Tab, tournament: str) -> None:
    """The round's clock (td19): started from the page (an untimed tournament: the length is typed), one table
    extended, time called; the countdown's digits are a timer a screen reader does not read every second, and the
    printable pairings print the start and the end."""
    tab.page.fill("#clock-start-1-minutes", "150")
    tab.page.click("#clock-start-1 button[type=submit]")
    tab.page.wait_for_selector("#clock-1 .clock-left")
    shown = tab.page.inner_text("#clock-1 .clock-left")
    clock = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")
    ends = tab.page.evaluate(
        "iso => { const d = new Date(iso); return [d.getHours(), d.getMinutes()]; }", clock["ends_at"]
    )
    assert re.fullmatch(rf"2:(29:[0-5]\d|30:00) left — ends {ends[0]:02d}:{ends[1]:02d}", shown), shown
    assert tab.page.get_attribute("#clock-1 .clock-left", "role") == "timer"
    assert tab.page.get_attribute("#clock-1 .clock-left", "aria-live") == "off"
    assert tab.page.inner_text("#clock-said") == ""  # no minute mark yet: nothing said
    tab.page.select_option("#extend-table-1-table", "2")
    tab.page.fill("#extend-table-1-minutes", "7")
    tab.page.fill("#extend-table-1-reason", "ruling at table 2")
    tab.page.click("#extend-table-1 button[type=submit]")
    tab.page.wait_for_selector("#clock-1-table-2")
    tab.page.click("#call-time-1 button[type=submit]")
    tab.page.wait_for_selector("#clock-1[data-state='called']")
    assert tab.page.inner_text("#clock-1 .clock-left").startswith("Time called at ")
    # No extension after the call: the page reads the tournament again once its clock says called (clk2), so the
    # form goes a moment after the countdown changes.
    tab.page.wait_for_selector("#extend-1", state="detached")
    screenshot(tab, "tournament_round_clock")
    tab.open(f"{site.base}/tournaments/{tournament}/rounds/1/pairings")
    tab.page.wait_for_selector("#pairings-clock:not([hidden])")
    printed = tab.page.inner_text("#pairings-clock")
    assert re.fullmatch(
        r"Round starts at \d\d:\d\d, ends at \d\d:\d\d; table 2 ends at \d\d:\d\d; time called at \d\d:\d\d", printed
    )


def test_the_countdown_counts_on_the_services_time_and_follows_an_extension_made_elsewhere(
    site: Site, tab: Tab
) -> None:
    """td21: a laptop whose clock is two minutes fast shows the time left the service keeps (counted from the round
    resource's `now`), and an extension made from another device shows within 30 s, without a reload."""
    tournament = _tournament(site)
    _post(site, f"/api/v1/tournaments/{tournament}/rounds", {"accept_problems": True})
    _post(site, f"/api/v1/tournaments/{tournament}/rounds/1/clock/start", {"minutes": 150})
    tab.page.clock.install(time=datetime.now(UTC) + timedelta(minutes=2))  # the browser's clock runs 2 min fast

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("#clock-1 .clock-left")
    before = tab.page.inner_text("#clock-1 .clock-left")
    assert re.match(r"2:(29:[0-5]\d|30:00) left", before), before  # not 2:27: the service's time, not the laptop's
    extension = {"minutes": 10, "reason": "fire alarm"}
    _post(site, f"/api/v1/tournaments/{tournament}/rounds/1/clock/extensions", extension)
    tab.page.clock.run_for(31_000)  # the page reads the running round again every 30 s
    tab.page.wait_for_function("document.querySelector('#clock-1 .clock-left').innerText.startsWith('2:39')")

    assert re.match(r"2:39:[0-5]\d left", tab.page.inner_text("#clock-1 .clock-left"))
    assert tab.errors == []


def test_a_page_opened_before_the_start_shows_the_countdown_once_the_clock_is_started_elsewhere(
    site: Site, tab: Tab
) -> None:
    """A player's phone shows the tournament page before the round starts; the director starts the clock from the
    desk: within 30 s the phone counts down, without a reload (it read the round only while a clock ran)."""
    tournament = _tournament(site)
    _post(site, f"/api/v1/tournaments/{tournament}/rounds", {"accept_problems": True})
    tab.page.clock.install(time=datetime.now(UTC))
    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("#clocks-1", state="attached")
    assert not tab.page.query_selector("#clock-1")  # no clock before the start

    _post(site, f"/api/v1/tournaments/{tournament}/rounds/1/clock/start", {"minutes": 90})
    tab.page.clock.run_for(31_000)
    tab.page.wait_for_selector("#clock-1 .clock-left")

    assert re.match(r"1:(29:[0-5]\d|30:00) left", tab.page.inner_text("#clock-1 .clock-left"))
    assert tab.errors == []


def test_the_controls_are_offered_only_to_roles_the_api_lets_run_the_tournament(site: Site, tab: Tab) -> None:
    tournament = _tournament(site)
    _post(site, f"/api/v1/tournaments/{tournament}/rounds", {"accept_problems": True})
    _post(site, f"/api/v1/tournaments/{tournament}/rounds/1/start", {})
    page = f"{site.base}/tournaments/{tournament}"

    def offered(token: str | None) -> list[str]:
        tab.page.evaluate(
            "t => t ? sessionStorage.setItem('annals.token', t) : sessionStorage.removeItem('annals.token')", token
        )
        tab.page.goto(page)
        tab.page.wait_for_selector("table.round[data-round='1'] tbody tr td a.game")
        tab.page.wait_for_function("document.getElementById('tournament').dataset.directorReady === 'true'")
        if not tab.page.is_visible("#director"):
            return []
        forms: list[str] = tab.page.eval_on_selector_all("#director form", "forms => forms.map(f => f.id)")
        return forms

    tab.open(page)
    assert offered(None) == []
    assert offered(_token(site, "viewer")) == []
    # An arbiter may enter a table's result (results.STAFF), not pair, start, approve or close.
    assert offered(_token(site, "arbiter")) == ["result-1-1", "result-1-2"]
    directing = [
        "clock-start-1",
        "close-form",
        "result-1-1",
        "result-1-2",
        "register-form",
        "register-list-form",
        "drop-form",
    ]
    assert offered(_token(site, "organiser")) == directing
    # The games are being recorded: the director may still enter a result (time called), told the game runs on.
    notes = tab.page.eval_on_selector_all("#director p[id^=recording]", "notes => notes.map(n => n.id)")
    assert notes == ["recording-1-1", "recording-1-2"]
    assert offered(site.served.token) == directing  # the admin
    assert tab.errors == []


def test_a_refused_close_shows_the_apis_detail_and_a_result_entered_by_seat_is_approved(site: Site, tab: Tab) -> None:
    tournament = _tournament(site)
    _post(site, f"/api/v1/tournaments/{tournament}/rounds", {"accept_problems": True})
    table = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")["tables"][0]
    with_token(tab, _token(site, "organiser"))

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.click("#close-form button[type=submit]")
    tab.page.wait_for_selector("#director-error:not([hidden])")
    assert tab.page.inner_text("#director-error") == "round 1: table(s) [1, 2] have no approved result yet"
    tab.page.set_viewport_size({"width": 390, "height": 844})  # a phone at the venue: the forms wrap, no sideways
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= 390
    tab.page.set_viewport_size({"width": 1400, "height": 1000})

    for place, player in enumerate(table["players"], start=1):  # a physical game: places entered by seat
        tab.page.fill(f"#result-1-1-{table['seats'][player]}", str(place))
    tab.page.click("#result-1-1 button[type=submit]")
    tab.page.wait_for_selector("#approve-1-1")
    assert tab.page.is_hidden("#director-error")  # a later write that succeeds clears the earlier refusal
    # Entered upside down: the director amends it from the page, with a reason (the way out of a game_places refusal).
    last = len(table["players"])
    for place, player in enumerate(table["players"], start=1):
        tab.page.fill(f"#amend-1-1-{table['seats'][player]}", str(last + 1 - place))
    tab.page.fill("#amend-1-1-reason", "the places were entered upside down")
    tab.page.click("#amend-1-1 button[type=submit]")
    first = f"table.round[data-round='1'] tr[data-table='1'] li[data-player='{table['players'][0]}']"
    tab.page.wait_for_function(f"document.querySelector(`{first}`).innerText.endsWith('— {last}.')")
    tab.page.fill("#approve-1-1-reason", "scored at the table by the director")
    tab.page.click("#approve-1-1 button[type=submit]")
    tab.page.wait_for_selector("#approve-1-1", state="detached")

    result = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")["tables"][0]["result"]
    assert result["approved"] and result["places"] == {p: last + 1 - n for n, p in enumerate(table["players"], 1)}
    shown = tab.page.inner_text("table.round[data-round='1'] tr[data-table='1'] td[data-result]")
    assert shown == "approved"
    assert all("409" in error for error in tab.errors)  # the refused close, as the browser logs it


def test_a_director_finishes_once_every_round_is_closed_and_the_seed_is_shown(site: Site, tab: Tab) -> None:
    tournament = _tournament(site, rounds=1)
    base = f"/api/v1/tournaments/{tournament}"
    _post(site, f"{base}/rounds", {"accept_problems": True})
    for table in site.api(f"{base}/rounds/1")["tables"]:  # physical games, entered by seat and approved
        places = {table["seats"][p]: n for n, p in enumerate(table["players"], start=1)}
        _post(site, f"{base}/rounds/1/tables/{table['table']}/result", {"places": places})
        _post(site, f"{base}/rounds/1/tables/{table['table']}/approval", {"override_reason": "scored at the table"})
    _post(site, f"{base}/rounds/1/close", {})
    with_token(tab, _token(site, "organiser"))

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("table.round[data-round='1'] tbody tr")
    games = tab.page.eval_on_selector_all(
        "table.round[data-round='1'] tbody tr td:nth-child(3)", "cells => cells.map(c => c.innerText)"
    )  # played on paper: the round was never started, and its tables will not get a game
    assert games == ["not recorded (result entered by seat)"] * 2
    tab.page.click("#finish-form button[type=submit]")  # not ticked: irreversible, so the browser keeps it back
    assert site.api(base)["status"] != "finished"
    tab.page.check("#finish-sure")
    tab.page.click("#finish-form button[type=submit]")
    tab.page.wait_for_selector("#director", state="hidden")

    seed = site.api(base)["seed"]
    assert seed and seed in tab.page.inner_text("#seed")
    assert tab.errors == []


def test_a_director_enters_a_no_show_as_a_forfeit_and_the_round_shows_it(site: Site, tab: Tab) -> None:
    tournament = _tournament(site)
    _post(site, f"/api/v1/tournaments/{tournament}/rounds", {"accept_problems": True})
    table = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")["tables"][0]
    absent = table["players"][-1]
    with_token(tab, _token(site, "organiser"))

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("#result-1-1")
    for place, player in enumerate(table["players"], start=1):  # the one who did not come is placed last
        tab.page.fill(f"#result-1-1-{table['seats'][player]}", str(place))
    tab.page.check(f"#result-1-1-{table['seats'][absent]}-forfeit")
    tab.page.click("#result-1-1 button[type=submit]")
    shown = f"table.round[data-round='1'] tr[data-table='1'] li[data-player='{absent}']"
    tab.page.wait_for_function(f"document.querySelector(`{shown}`).innerText.endsWith('forfeit (did not play)')")

    result = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")["tables"][0]["result"]
    assert result["forfeit"] == [absent] and result["places"][absent] == len(table["players"])
    came = f"table.round[data-round='1'] tr[data-table='1'] li[data-player='{table['players'][0]}']"
    assert "forfeit" not in tab.page.inner_text(came)
    assert tab.errors == []
