"""The tournament page publishes the plan the director previewed or shows why not; a director drops and swaps
players and counts a league's played games from it; a player's token confirms its own table's result there and
is offered nothing else."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Site, Tab, screenshot, with_token
from tests.web.test_tournament_director import _post, _token, _tournament


def _pairs(site: Site, tournament: str) -> list[str]:
    events = site.api(f"/api/v1/tournaments/{tournament}/events")["items"]
    return [e["type"] for e in events if e["type"] == "RoundPaired"]


def test_a_plan_that_changed_since_its_preview_is_not_published_and_the_page_says_preview_again(
    site: Site, tab: Tab
) -> None:
    tournament = _tournament(site)
    players = site.api(f"/api/v1/tournaments/{tournament}/players")["items"]
    with_token(tab, _token(site, "organiser"))
    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.click("#preview-form button[type=submit]")
    tab.page.wait_for_selector("#publish-form")
    # Meanwhile, at another desk: a player leaves, so round 1 is no longer the plan on the screen.
    _post(site, f"/api/v1/tournaments/{tournament}/players/{players[0]['player_id']}/drop", {"reason": "went home"})

    tab.page.check("#accept-problems")
    tab.page.click("#publish-form button[type=submit]")
    tab.page.wait_for_selector("#director-error:not([hidden])")

    assert "preview it again" in tab.page.inner_text("#director-error")
    assert _pairs(site, tournament) == []  # nothing was published
    assert tab.page.locator("#publish-form").count() == 0  # the stale plan is gone: only Preview is left
    tab.page.click("#preview-form button[type=submit]")
    tab.page.wait_for_selector("#publish-form")
    shown = tab.page.eval_on_selector_all("#plan-tables li", "items => items.map(i => i.innerText)")
    if tab.page.locator("#accept-problems").count():
        tab.page.check("#accept-problems")
    tab.page.click("#publish-form button[type=submit]")
    tab.page.wait_for_selector("#start-form")
    tables = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")["tables"]
    assert len(shown) == len(tables) and players[0]["player_id"] not in {p for t in tables for p in t["players"]}
    assert all("409" in error for error in tab.errors)  # the refused publish, as the browser logs it


def test_a_director_swaps_two_players_of_two_tables_and_drops_one_from_the_page(site: Site, tab: Tab) -> None:
    tournament = _tournament(site)
    base = f"/api/v1/tournaments/{tournament}"
    _post(site, f"{base}/rounds", {"accept_problems": True})
    one, two = site.api(f"{base}/rounds/1")["tables"]
    with_token(tab, _token(site, "organiser"))
    tab.open(f"{site.base}/tournaments/{tournament}")

    tab.page.select_option("#swap-1-first", one["players"][0])
    tab.page.select_option("#swap-1-second", one["players"][1])  # the same table: the browser keeps it back
    tab.page.fill("#swap-1-reason", "a married couple asked to sit apart")
    tab.page.click("#swap-1 button[type=submit]")
    assert site.api(f"{base}/rounds/1/pairing")["swaps"] == []
    screenshot(tab, "tournament_director_swap_and_drop")
    tab.page.select_option("#swap-1-second", two["players"][0])
    tab.page.click("#swap-1 button[type=submit]")
    tab.page.wait_for_function("!document.querySelector('#swap-1-first').value")  # the page was read again

    swapped = site.api(f"{base}/rounds/1")["tables"]
    assert one["players"][0] in swapped[1]["players"] and two["players"][0] in swapped[0]["players"]
    assert site.api(f"{base}/rounds/1/pairing")["swaps"][0]["reason"] == "a married couple asked to sit apart"
    tab.page.select_option("#drop-player", one["players"][1])
    tab.page.fill("#drop-reason", "left for the airport")
    tab.page.click("#drop-form button[type=submit]")
    tab.page.wait_for_selector(f"#standings tr.dropped[data-player='{one['players'][1]}']")
    tab.page.wait_for_selector(f"#drop-player option[value='{one['players'][1]}']", state="detached")
    assert site.api(base)["dropped"] == [one["players"][1]]
    offered = tab.page.eval_on_selector_all("#drop-player option", "options => options.map(o => o.value)")
    assert one["players"][1] not in offered and len(offered) == 1 + 7  # "Choose a player" and the seven left
    assert tab.errors == []


def test_after_the_clock_started_a_swap_from_the_page_is_sent_only_once_the_box_saying_so_is_ticked(
    site: Site, tab: Tab
) -> None:
    """td21: once the round's clock runs, the API refuses a swap without `after_start`; the page asks for it."""
    tournament = _tournament(site)
    base = f"/api/v1/tournaments/{tournament}"
    _post(site, f"{base}/rounds", {"accept_problems": True})
    _post(site, f"{base}/rounds/1/clock/start", {"minutes": 150})
    one, two = site.api(f"{base}/rounds/1")["tables"]
    with_token(tab, _token(site, "organiser"))
    tab.open(f"{site.base}/tournaments/{tournament}")

    tab.page.select_option("#swap-1-first", one["players"][0])
    tab.page.select_option("#swap-1-second", two["players"][0])
    tab.page.fill("#swap-1-reason", "sat at the wrong table")
    tab.page.click("#swap-1 button[type=submit]")  # not ticked: the browser keeps the form from posting
    assert site.api(f"{base}/rounds/1/pairing")["swaps"] == []
    assert "clock started at" in tab.page.inner_text("label[for=swap-1-after-start]")
    tab.page.check("#swap-1-after-start")
    tab.page.click("#swap-1 button[type=submit]")
    tab.page.wait_for_function("!document.querySelector('#swap-1-first').value")  # the page was read again

    swaps = site.api(f"{base}/rounds/1/pairing")["swaps"]
    assert len(swaps) == 1 and swaps[0]["after_start"] is True and swaps[0]["reason"] == "sat at the wrong table"
    assert one["players"][0] in site.api(f"{base}/rounds/1")["tables"][1]["players"]
    assert tab.errors == []


def test_a_director_registers_a_late_entrant_and_a_namesake_only_once_told_it_is_another_person(
    site: Site, tab: Tab
) -> None:
    tournament = _tournament(site)
    base = f"/api/v1/tournaments/{tournament}"
    with_token(tab, _token(site, "organiser"))
    tab.open(f"{site.base}/tournaments/{tournament}")

    tab.page.fill("#register-name", "Late Comer")
    tab.page.fill("#register-club", "club-9")
    tab.page.click("#register-form button[type=submit]")
    tab.page.wait_for_selector("#drop-player option:has-text('Late Comer')", state="attached")
    tab.page.fill("#register-name", "Player 3")  # a second "Player 3" at the desk, of the same club or none
    tab.page.click("#register-form button[type=submit]")
    tab.page.wait_for_selector("#director-error:not([hidden])")
    assert "Player 3" in tab.page.inner_text("#director-error")
    tab.page.check("#register-other")
    tab.page.click("#register-form button[type=submit]")
    # The error hides as the form sends, before the answer: wait for the entrant the answer adds.
    tab.page.wait_for_function(
        "() => [...document.querySelectorAll('#drop-player option')]"
        ".filter(o => o.textContent.includes('Player 3')).length === 2"
    )
    assert tab.page.is_hidden("#director-error")

    names = sorted(e["name"] for e in site.api(f"{base}/players")["items"])
    assert names.count("Player 3") == 2 and "Late Comer" in names and len(names) == 10
    # A list pasted at once (td18): its line 3 names an entrant again, so nobody of it is registered.
    tab.page.fill("#register-list", "Ann Kovács, Szeged\n\nlate comer, club-9\nBéla Tóth")
    tab.page.click("#register-list-form button[type=submit]")
    tab.page.wait_for_selector("#director-error:not([hidden])")
    assert "line 3 (late comer)" in tab.page.inner_text("#director-error")
    assert len(site.api(f"{base}/players")["items"]) == 10
    tab.page.fill("#register-list", "Ann Kovács, Szeged\n\nBéla Tóth")
    tab.page.click("#register-list-form button[type=submit]")
    tab.page.wait_for_selector("#drop-player option:has-text('Béla Tóth')", state="attached")
    entrants = {e["name"]: e["club"] for e in site.api(f"{base}/players")["items"]}
    assert len(entrants) == 11 and entrants["Ann Kovács"] == "Szeged" and entrants["Béla Tóth"] is None
    assert all("409" in error for error in tab.errors)  # the refused namesakes, as the browser logs them


def test_a_director_withdraws_a_published_round_after_a_no_show_and_pairs_it_again(site: Site, tab: Tab) -> None:
    tournament = _tournament(site)
    base = f"/api/v1/tournaments/{tournament}"
    _post(site, f"{base}/rounds", {"accept_problems": True})
    with_token(tab, _token(site, "organiser"))
    tab.open(f"{site.base}/tournaments/{tournament}")

    tab.page.fill("#withdraw-1-reason", "Player 3 did not show up")
    tab.page.click("#withdraw-1 button[type=submit]")
    tab.page.wait_for_selector("#preview-form")  # round 1 is to be paired again

    withdrawn = [e for e in site.api(f"{base}/events")["items"] if e["type"] == "RoundWithdrawn"]
    assert [(e["data"]["round"], e["data"]["reason"]) for e in withdrawn] == [(1, "Player 3 did not show up")]
    assert site.api(base)["rounds"] == [] and tab.page.locator("#withdraw-1").count() == 0
    assert tab.errors == []


def test_a_league_counts_a_game_from_the_page_and_a_player_is_offered_only_their_own_tables(
    site: Site, tab: Tab
) -> None:
    settings = {"name": "Club season", "ruleset": "freeform", "format": "league", "table_size": 2, "rounds": None}
    league = _post(site, "/api/v1/tournaments", {**settings, "scoring": "win-draw-loss"})["id"]
    ann, bob, cid = (
        _post(site, f"/api/v1/tournaments/{league}/players", {"name": name})["player"] for name in ("Ann", "Bob", "Cid")
    )
    stranger = _post(site, "/api/v1/players", {"name": "Not in the league"})["id"]
    strangers = [{"seat": "red", "player": cid}, {"seat": "blue", "player": stranger}]
    for _ in range(4):  # older games of the ruleset, enough for more pages than the page reads
        _post(site, "/api/v1/games", {"ruleset": "freeform", "seats": strangers})
    seats = [{"seat": "red", "player": ann}, {"seat": "blue", "player": bob}]
    played = _post(site, "/api/v1/games", {"ruleset": "freeform", "seats": seats})["id"]
    end = {"type": "end_game", "data": {"winners": ["red"], "scores": {"red": 2, "blue": 1}}}
    _post(site, f"/api/v1/games/{played}/actions", end)
    foreign = _post(site, "/api/v1/games", {"ruleset": "freeform", "seats": strangers})["id"]
    page = f"{site.base}/tournaments/{league}"

    # Pages of one game instead of 1000 (or the 200 the page once read alone): `played` is on the list's second page,
    # and five pages do not reach the end.
    def one_a_page(route: Any) -> None:
        route.continue_(url=re.sub(r"limit=\d+", "limit=1", route.request.url))

    tab.page.route(re.compile(r"/api/v1/games\?"), one_a_page)
    tab.open(page)  # the tokens go in this tab's session storage, as the login page puts them
    tab.page.evaluate("t => sessionStorage.setItem('annals.token', t)", _token(site, "organiser"))
    tab.page.goto(page)
    tab.page.wait_for_selector("#link-form")

    offered = tab.page.eval_on_selector_all("#link-game option", "options => options.map(o => o.value)")
    assert played in offered and foreign not in offered
    assert "Only the newest 5 games of freeform were looked through" in tab.page.inner_text("#link-cut")
    tab.page.select_option("#link-game", played)
    tab.page.click("#link-form button[type=submit]")
    tab.page.wait_for_selector("#link-none")  # counted: nothing of the entrants is left to count
    assert site.api(f"/api/v1/tournaments/{league}/rounds/0")["tables"][0]["game"] == played

    def token_of(player: str) -> str:
        body = {"role": "player", "player": player, "tournament": league, "label": "web player"}
        value: str = _post(site, "/api/v1/tokens", body)["token"]
        return value

    both = [{"seat": "red", "player": cid}, {"seat": "blue", "player": ann}]
    later = _post(site, "/api/v1/games", {"ruleset": "freeform", "seats": both})["id"]
    _post(site, f"/api/v1/tournaments/{league}/games", {"game": later})  # table 2: Cid and Ann, still playing

    # Each player only their own tables: Ann confirms table 1 (the game reported it); table 2's game is still being
    # recorded, so its players are told so instead of offered a result form (the API refuses it: game-in-progress).
    for player, forms in ((cid, []), (ann, ["confirm-0-1"]), (bob, ["confirm-0-1"])):
        tab.page.evaluate("t => sessionStorage.setItem('annals.token', t)", token_of(player))
        tab.page.goto(page)
        tab.page.wait_for_function("document.getElementById('tournament').dataset.directorReady === 'true'")
        assert tab.page.eval_on_selector_all("#director form", "forms => forms.map(f => f.id)") == forms
        recording = tab.page.eval_on_selector_all("#director p[id^=recording]", "notes => notes.map(n => n.id)")
        assert recording == ([] if player == bob else ["recording-0-2"])
        assert all("still being recorded" in tab.page.inner_text(f"#{note}") for note in recording)
    being_recorded = "table.round[data-round='0'] tr[data-table='2'] td[data-result]"
    assert tab.page.inner_text(being_recorded) == "no result yet: the game is being recorded"
    tab.page.click("#confirm-0-1 button[type=submit]")
    tab.page.wait_for_selector("#director", state="hidden")  # confirmed: nothing left for Bob to do
    assert site.api(f"/api/v1/tournaments/{league}/rounds/0")["tables"][0]["result"]["confirmed_by"] == [bob]
    assert tab.errors == []


def test_a_list_pasted_from_a_spreadsheet_registers_its_names_and_clubs_from_the_tab_separated_cells(
    site: Site, tab: Tab
) -> None:
    """Two columns copied from Excel, LibreOffice or Google Sheets paste as "name<TAB>club": the box took the whole
    line for a name, and the list was refused for a name holding U+0009 (qatd)."""
    tournament = _tournament(site)
    base = f"/api/v1/tournaments/{tournament}"
    with_token(tab, _token(site, "organiser"))
    tab.open(f"{site.base}/tournaments/{tournament}")

    tab.page.fill("#register-list", "Ann Kovács\tSzeged\r\nBéla Tóth\t\r\nKiss, Gábor\tPécs\r\n")
    tab.page.click("#register-list-form button[type=submit]")
    tab.page.wait_for_selector("#drop-player option:has-text('Béla Tóth')", state="attached")

    entrants = {e["name"]: e["club"] for e in site.api(f"{base}/players")["items"]}
    assert entrants["Ann Kovács"] == "Szeged" and entrants["Béla Tóth"] is None
    assert entrants["Kiss, Gábor"] == "Pécs"  # a comma within a cell stays in the name
    assert len(entrants) == 11 and not tab.errors


def test_a_swap_making_a_rematch_is_refused_from_the_page_until_its_box_accepts_it(site: Site, tab: Tab) -> None:
    """tdx1: a swap seating a player with an earlier opponent needs `accept_problems`, as a pairing does."""
    tournament = _tournament(site)
    base = f"/api/v1/tournaments/{tournament}"
    _post(site, f"{base}/rounds", {"accept_problems": True})
    for table in site.api(f"{base}/rounds/1")["tables"]:
        places = {table["seats"][p]: n for n, p in enumerate(table["players"], start=1)}
        _post(site, f"{base}/rounds/1/tables/{table['table']}/result", {"places": places})
        _post(site, f"{base}/rounds/1/tables/{table['table']}/approval", {"override_reason": "score sheet signed"})
    _post(site, f"{base}/rounds/1/close", {})
    _post(site, f"{base}/rounds", {"accept_problems": True})
    one, two = site.api(f"{base}/rounds/2")["tables"]  # eight at two tables of four: a moved player meets again
    with_token(tab, _token(site, "organiser"))
    tab.open(f"{site.base}/tournaments/{tournament}")

    tab.page.select_option("#swap-2-first", one["players"][0])
    tab.page.select_option("#swap-2-second", two["players"][0])
    tab.page.fill("#swap-2-reason", "a couple asked to sit apart")
    tab.page.click("#swap-2 button[type=submit]")
    tab.page.wait_for_selector("#director-error:not([hidden])")
    assert "accept" in tab.page.inner_text("#director-error")
    assert site.api(f"{base}/rounds/2/pairing")["swaps"] == []
    tab.page.check("#swap-2-accept")
    tab.page.click("#swap-2 button[type=submit]")
    tab.page.wait_for_function("!document.querySelector('#swap-2-first').value")  # the page was read again

    assert len(site.api(f"{base}/rounds/2/pairing")["swaps"]) == 1
    assert one["players"][0] in site.api(f"{base}/rounds/2")["tables"][1]["players"]
    assert all("409" in error for error in tab.errors)  # the refused swap, as the browser logs it
