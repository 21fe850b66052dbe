"""The tournament pages in a real browser (issues 13 and 14): the sample Kard és Korona tournament's standings
as the API ranks them, its rounds' tables linking to their games, the amended result marked, the seed shown."""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import Site, Tab, dead_link, hidden_until_a_token, screenshot, with_token

SAMPLE = "kk_spring_open"
# The six lords' provinces as seed 000 spells them, by seat id: a table lists each player's lord by province.
PROVINCES = {
    "felvidek": "Felvidék",
    "tiszahat": "Tiszahát",
    "delvidek": "Délvidék",
    "szlavonia": "Szlavónia",
    "erdely": "Erdély",
    "pannonia": "Pannónia",
}


def test_the_tournaments_list_links_each_tournament(site: Site, tab: Tab) -> None:
    tournament = site.tournaments[SAMPLE]

    tab.open(f"{site.base}/tournaments")
    tab.page.wait_for_selector(f"#tournaments tr[data-tournament='{tournament}']")
    assert tab.page.inner_text(f"#tournaments tr[data-tournament='{tournament}'] td:nth-child(2)") == "Kard és Korona"
    tab.page.click(f"#tournaments tr[data-tournament='{tournament}'] a")
    tab.page.wait_for_url(f"**/tournaments/{tournament}")
    tab.page.wait_for_selector("#standings tbody tr")  # the page has read the tournament

    assert (
        tab.page.locator("#tournament-name").inner_text()
        == site.api(f"/api/v1/tournaments/{tournament}")["settings"]["name"]
    )
    assert tab.errors == []


def test_the_tournament_page_shows_the_apis_standings_and_every_tables_game(site: Site, tab: Tab) -> None:
    tournament = site.tournaments[SAMPLE]
    standings = site.api(f"/api/v1/tournaments/{tournament}/standings")["items"]
    rounds = [site.api(f"/api/v1/tournaments/{tournament}/rounds/{n}") for n in (1, 2, 3)]

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("table.round[data-round='3'] tbody tr")
    screenshot(tab, f"tournament_{SAMPLE}")

    shown = tab.page.eval_on_selector_all("#standings tbody tr", "rows => rows.map(r => r.dataset.player)")
    assert shown == [line["player"] for line in standings]  # the API's order, line by line
    separated = tab.page.eval_on_selector_all(
        "#standings tbody tr td:last-child", "cells => cells.map(c => c.dataset.criterion)"
    )
    assert separated == [line["separated_by"] or "" for line in standings]
    # Read as words, not the API's ids: the chain, the columns and what set each line apart.
    headings = tab.page.eval_on_selector_all("#standings thead th", "cells => cells.map(c => c.innerText)")
    assert headings == ["#", "Player", "Score", "Opponents' score", "Wins", "Set apart by"]
    assert tab.page.inner_text("#chain") == "Score → Opponents' score → Wins → Head to head → Seeded draw"
    words = {"score": "Score", "opponents_score": "Opponents' score", "wins": "Wins", "draw": "Seeded draw", None: ""}
    said = tab.page.eval_on_selector_all("#standings tbody tr td:last-child", "cells => cells.map(c => c.innerText)")
    assert said == [words[line["separated_by"]] for line in standings]
    facts = tab.page.inner_text("#tournament-facts")
    assert facts.startswith("Kard és Korona · Swiss, 3 round(s)") and "WBC placement points" in facts
    assert tab.page.get_attribute("#tournament-facts a", "href") == "/rulesets/kard_es_korona/rules"
    fraction = next(line for line in standings if line["exact"]["opponents_score"].count("/"))
    cell = tab.page.locator(f"#standings tr[data-player='{fraction['player']}'] td[data-criterion='opponents_score']")
    assert cell.inner_text() == f"{fraction['values']['opponents_score']:.2f}"  # 136.67, the exact one its title
    assert cell.get_attribute("title") == fraction["exact"]["opponents_score"]
    for found in rounds:
        links = tab.page.eval_on_selector_all(
            f"table.round[data-round='{found['round']}'] tbody tr td a.game",
            "links => links.map(a => a.getAttribute('href'))",
        )
        assert links == [f"/games/{table['game']}" for table in found["tables"]]
        named = tab.page.eval_on_selector_all(
            f"table.round[data-round='{found['round']}'] tbody tr td a.game", "links => links.map(a => a.ariaLabel)"
        )  # a screen reader's list of links tells nine "the game" links apart
        assert named == [f"Round {found['round']}, table {table['table']}: the game" for table in found["tables"]]
    amended = [t for r in rounds for t in r["tables"] if t["result"]["amended_by_dispute"]]
    assert len(amended) == 1
    assert (
        "amended by a ruling"
        in tab.page.locator(
            f"table.round[data-round='2'] tr[data-table='{amended[0]['table']}'] td[data-result]"
        ).inner_text()
    )
    assert "dropped" in tab.page.locator("#standings tbody").inner_text()
    seated = tab.page.eval_on_selector_all(
        "table.round[data-round='1'] li[data-player] a", "links => links.map(a => a.getAttribute('href'))"
    )  # each player at a table links to their page
    assert seated == [f"/players/{p}" for t in rounds[0]["tables"] for p in t["players"]]
    held = tab.page.eval_on_selector_all(
        "table.round[data-round='1'] li[data-player]", "items => items.map(i => i.innerText)"
    )
    # Each lord by the province the rulebook names, not its id ("Lengyel Zsófia (Felvidék) — 2.").
    assert [h.split(" (")[1].split(")")[0] for h in held] == [
        PROVINCES[t["seats"][p]] for t in rounds[0]["tables"] for p in t["players"]
    ]
    assert site.api(f"/api/v1/tournaments/{tournament}")["seed"] in tab.page.locator("#seed").inner_text()
    assert tab.errors == []


def test_the_tournaments_lists_filter_stays_in_its_address_through_a_reload(site: Site, tab: Tab) -> None:
    tab.open(f"{site.base}/tournaments")
    tab.page.wait_for_selector("#tournaments tr[data-tournament]")
    sample = f"#tournaments tr[data-tournament='{site.tournaments['kk_spring_open']}']"
    tab.page.wait_for_selector(sample)
    # The sample has finished. Other tests of this session's site may have left tournaments in registration.
    tab.page.select_option("#filters select[name=status]", "registration")
    tab.page.click("#filters button[type=submit]")
    tab.page.wait_for_selector(sample, state="detached")
    tab.page.reload()
    listed = "#tournaments tbody tr[data-tournament], #tournaments tbody tr:has-text('No tournament matches.')"
    tab.page.wait_for_selector(listed)

    assert tab.page.locator(sample).count() == 0
    assert tab.page.input_value("#filters select[name=status]") == "registration"
    assert tab.page.url.endswith("/tournaments?status=registration")
    assert tab.errors == []


def test_a_tournament_that_does_not_exist_is_a_404_page_leading_back_to_the_list(site: Site, tab: Tab) -> None:
    """A dead link is answered 404 by the service (not a 200 whose script then said "not found"): the page says
    which tournament is not here and links to the list, and asks the API nothing more."""
    asked = dead_link(tab, f"{site.base}/tournaments/no-such-tournament")

    assert tab.page.inner_text("#not-here") == "No tournament no-such-tournament here (HTTP 404)."
    assert not tab.page.is_visible("#standings-csv") and not tab.page.is_visible("#rounds")
    assert tab.page.is_hidden("#tournament-error")  # said once, by the page
    assert not [url for url in asked if "/tournaments/" in url]  # the script did not ask the API again
    tab.page.click("#way-back a")
    tab.page.wait_for_url(f"{site.base}/tournaments")
    assert all("404" in error for error in tab.errors)  # the page's own status, as the browser logs it


def test_a_private_tournament_is_the_same_404_to_anyone_and_opens_for_a_token_that_may_read_it(
    site: Site, tab: Tab
) -> None:
    """The page is asked without a token, so a private tournament is a 404 like an id nobody used; with a director's
    token in the tab the script reads it through the API, as for any tournament, and shows it."""
    status, _, raw = site.served.post(
        "/api/v1/tournaments",
        {"name": "Invitational", "ruleset": "freeform", "table_size": 4, "rounds": 1, "visibility": "private"},
    )
    assert status == 201, raw[:300]
    hidden = json.loads(raw)["id"]

    response = tab.page.goto(f"{site.base}/tournaments/{hidden}")
    assert response is not None and response.status == 404
    assert tab.page.inner_text("#not-here") == f"No tournament {hidden} here (HTTP 404)."
    assert "Invitational" not in tab.page.content()

    status, _, raw = site.served.post("/api/v1/tokens", {"role": "organiser", "label": "web private tournament"})
    with_token(tab, json.loads(raw)["token"])
    tab.open(f"{site.base}/tournaments/{hidden}")
    tab.page.wait_for_selector("#tournament[data-director-ready='true']")
    assert tab.page.inner_text("#tournament-name") == "Invitational"
    assert tab.page.is_hidden("#not-here") and tab.page.is_visible("#standings")
    assert tab.page.is_visible("#director")  # and it runs it from there, as from any tournament page


def test_a_director_creates_a_tournament_from_the_list_and_lands_on_its_page(site: Site, tab: Tab) -> None:
    status, _, raw = site.served.post("/api/v1/tokens", {"role": "organiser", "label": "web new tournament"})
    assert status == 201, raw[:300]
    with_token(tab, json.loads(raw)["token"])
    tab.open(f"{site.base}/tournaments")
    tab.page.click("#new-tournament summary")
    form = "#new-tournament-form"
    tab.page.fill(f"{form} [name=name]", "Club Swiss, winter")
    tab.page.select_option(f"{form} [name=ruleset]", "kard_es_korona")
    tab.page.wait_for_selector(f"{form} [name=board] option[value='basic']", state="attached")
    tab.page.select_option(f"{form} [name=board]", "basic")  # the map names the variant (KK-GEN-1)
    tab.page.fill(f"{form} [name=table_size]", "5")
    tab.page.click(f"{form} button[type=submit]")
    # WBC placement points have no line for tables of 5: the API's refusal, naming scoring, and nothing created.
    tab.page.wait_for_selector("#new-tournament-error:not([hidden])")
    assert "scoring" in tab.page.inner_text("#new-tournament-error")
    assert tab.page.url == f"{site.base}/tournaments"

    tab.page.fill(f"{form} [name=table_size]", "4")
    tab.page.fill(f"{form} [name=rounds]", "4")
    tab.page.select_option(f"{form} [name=keep_apart]", "club")
    tab.page.click(f"{form} button[type=submit]")
    tab.page.wait_for_url(f"{site.base}/tournaments/*")
    tab.page.wait_for_selector("#tournament-facts a")
    created = site.api(f"/api/v1/tournaments/{tab.page.url.rsplit('/', 1)[1]}")
    assert created["status"] == "registration"
    settings = created["settings"]
    assert (settings["name"], settings["ruleset"], settings["board"]) == (
        "Club Swiss, winter",
        "kard_es_korona",
        "basic",
    )
    assert (settings["format"], settings["rounds"], settings["table_size"]) == ("swiss", 4, 4)
    assert (settings["scoring"], settings["keep_apart"]) == ("placement-wbc", "club")
    assert tab.page.inner_text("#tournament-name") == "Club Swiss, winter"
    tab.page.wait_for_selector("#register-form")  # the director goes on to register the players (drawn last)
    assert all("422" in error for error in tab.errors)  # the refused tables of 5, as the browser logs it


def test_the_new_tournament_form_is_not_offered_without_a_directors_token(site: Site, tab: Tab) -> None:
    tab.open(f"{site.base}/tournaments")
    tab.page.wait_for_selector("#tournaments tbody tr")
    assert tab.page.is_hidden("#new-tournament")


def test_a_rounds_pairings_print_by_table_and_by_name_with_the_scores_before_it(site: Site, tab: Tab) -> None:
    tournament = site.tournaments[SAMPLE]
    base = f"/api/v1/tournaments/{tournament}"
    round_2 = site.api(f"{base}/rounds/2")
    names = {e["player_id"]: e["name"] for e in site.api(f"{base}/players")["items"]}
    before = {line["player"]: line["values"]["score"] for line in site.api(f"{base}/standings?after_round=1")["items"]}

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.click("a.pairings-link:has-text('Round 2 pairings to print')")
    tab.page.wait_for_selector("#pairings-body:not([hidden])")
    screenshot(tab, "pairings_round_2")

    rows = tab.page.eval_on_selector_all(
        "#by-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.innerText))"
    )
    expected = [
        [str(t["table"]) if i == 0 else "", names[p], PROVINCES[t["seats"][p]], str(before[p])]
        for t in round_2["tables"]
        for i, p in enumerate(t["players"])
    ]
    assert rows == expected
    by_name = tab.page.eval_on_selector_all("#by-name tbody tr", "rows => rows.map(r => r.cells[0].innerText)")
    seated = [p for t in round_2["tables"] for p in t["players"]] + round_2["byes"]
    assert by_name == sorted((names[p] for p in seated), key=str.casefold) and len(by_name) == len(seated)
    tab.page.emulate_media(media="print")  # on paper: the lists alone, no site header or buttons
    assert tab.page.is_hidden("header.site") and tab.page.is_hidden("#print")
    assert tab.page.is_visible("#by-table") and tab.page.is_visible("#by-name")
    assert tab.errors == []


def test_the_standings_after_an_earlier_round_are_the_apis_and_the_csv_link_follows(site: Site, tab: Tab) -> None:
    tournament = site.tournaments[SAMPLE]
    after_1 = site.api(f"/api/v1/tournaments/{tournament}/standings?after_round=1")["items"]
    latest = site.api(f"/api/v1/tournaments/{tournament}/standings")["items"]
    assert [line["player"] for line in after_1] != [line["player"] for line in latest]  # the choice shows

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("#standings-when:not([hidden])")
    tab.page.select_option("#standings-after", "1")
    order = [line["player"] for line in after_1]
    tab.page.wait_for_function(
        "order => JSON.stringify([...document.querySelectorAll('#standings tbody tr')].map(r => r.dataset.player))"
        " === JSON.stringify(order)",
        arg=order,
    )
    assert tab.page.get_attribute("#standings-csv", "href").endswith("&after_round=1")
    tab.page.select_option("#standings-after", "")
    tab.page.wait_for_function(
        "order => JSON.stringify([...document.querySelectorAll('#standings tbody tr')].map(r => r.dataset.player))"
        " === JSON.stringify(order)",
        arg=[line["player"] for line in latest],
    )
    assert tab.errors == []


def test_a_players_name_in_the_standings_opens_their_tournaments_and_games(site: Site, tab: Tab) -> None:
    tournament = site.tournaments[SAMPLE]
    winner = site.api(f"/api/v1/tournaments/{tournament}/standings")["items"][0]
    games = site.api(f"/api/v1/games?player={winner['player']}&limit=25")["items"]
    played = [g["id"] for g in games]
    assert len(played) == 3  # three rounds, a table each

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.click(f"#standings tr[data-player='{winner['player']}'] a")
    tab.page.wait_for_url(f"**/players/{winner['player']}")
    tab.page.wait_for_selector("#player-body:not([hidden])")
    assert tab.page.inner_text("#player-name") == winner["name"]
    row = tab.page.eval_on_selector(
        f"#player-tournaments tr[data-tournament='{tournament}']", "r => [...r.cells].map(c => c.innerText)"
    )
    assert row[1:] == ["Kard és Korona", "1", str(winner["values"]["score"]), "3", "active", "finished"]
    shown = tab.page.eval_on_selector_all("#player-games tbody tr", "rows => rows.map(r => r.dataset.game)")
    assert shown == played
    seats = tab.page.eval_on_selector_all(
        "#player-games tbody tr td:nth-child(3)", "cells => cells.map(c => c.innerText)"
    )
    # The lord they played at each table, by province as the rulebook names it.
    held = {g["id"]: next(s["seat"] for s in g["seats"] if s["player"] == winner["player"]) for g in games}
    assert seats == [PROVINCES[held[g]] for g in played]
    assert tab.errors == []


def test_a_player_that_does_not_exist_is_a_404_page(site: Site, tab: Tab) -> None:
    response = tab.page.goto(f"{site.base}/players/no-such-player")

    assert response is not None and response.status == 404
    assert tab.page.inner_text("#not-here") == "No player no-such-player here (HTTP 404)."
    assert tab.page.is_hidden("#player-body") and tab.page.is_hidden("#player-error")
    assert tab.page.get_attribute("#way-back a", "href") == "/tournaments"


def test_namesakes_are_told_apart_on_the_standings_the_tables_and_the_printed_pairings(site: Site, tab: Tab) -> None:
    """Two entrants registered as two people of one name (`different_person`, the same club) read "Gábor Kiss"
    twice on the standings, at one table and on the pairings' list by name; the director could not say which
    was which (qatd). A club that tells namesakes apart follows the name, else the id's first 8 characters, as
    `annals tournament pair` prints them."""
    from tests.web.test_tournament_director import _post

    settings = {"name": "Namesakes", "ruleset": "freeform", "table_size": 4, "rounds": 1}
    tournament = _post(site, "/api/v1/tournaments", settings)["id"]
    base = f"/api/v1/tournaments/{tournament}"
    entrants = [
        {"name": "Gábor Kiss", "club": "Pécs"},
        {"name": "gábor kiss", "club": "Pécs", "different_person": True},
        {"name": "Ann", "club": "Szeged"},
        {"name": "Ann", "club": "Győr"},
        {"name": "Bea"},
        {"name": "Cid"},
        {"name": "Dan"},
        {"name": "Eva"},
    ]
    ids = [e["player"] for e in _post(site, f"{base}/players/batch", {"entrants": entrants})["entrants"]]
    _post(site, f"{base}/rounds", {"accept_problems": True})
    told = [f"Gábor Kiss ({ids[0][:8]})", f"gábor kiss ({ids[1][:8]})", "Ann (Szeged)", "Ann (Győr)", "Bea"]

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("#standings tbody tr")
    tab.page.wait_for_selector("#rounds table")
    standings = tab.page.eval_on_selector_all("#standings tbody tr td:nth-child(2) a", "a => a.map(x => x.innerText)")
    tables = tab.page.inner_text("#rounds")
    tab.open(f"{site.base}/tournaments/{tournament}/rounds/1/pairings")
    tab.page.wait_for_selector("#pairings-body:not([hidden])")
    by_name = tab.page.eval_on_selector_all("#by-name tbody tr", "rows => rows.map(r => r.cells[0].innerText)")

    for name in told:
        assert name in standings and name in by_name and name in tables, (name, standings, by_name)
    assert tab.errors == []


@pytest.mark.parametrize("amended_first", [False, True], ids=["approved", "amended-before-the-end"])
def test_core_end_1_a_game_ending_otherwise_after_its_result_was_approved_is_said_on_the_table(
    site: Site, tab: Tab, amended_first: bool
) -> None:
    """A table's result entered by hand and approved, the round closed; then its game ends with other places. The
    result stands, and the round's table says the game's end differs from it (tdx2). An amendment made before the
    game ended did not see its end: the table says so all the same (tdx3)."""
    from tests.web.test_tournament_director import _post

    settings = {"name": "Late end", "ruleset": "freeform", "table_size": 4, "rounds": 2}
    tournament = _post(site, "/api/v1/tournaments", settings)["id"]
    base = f"/api/v1/tournaments/{tournament}"
    _post(site, f"{base}/players/batch", {"entrants": [{"name": f"Player {n}"} for n in range(8)]})
    _post(site, f"{base}/rounds", {"accept_problems": True})
    _post(site, f"{base}/rounds/1/start", {})
    tables = site.api(f"{base}/rounds/1")["tables"]
    for table in tables:
        places = {table["seats"][p]: n for n, p in enumerate(table["players"], start=1)}
        _post(site, f"{base}/rounds/{1}/tables/{table['table']}/result", {"places": places})
        _post(site, f"{base}/rounds/1/tables/{table['table']}/approval", {"override_reason": "score sheet signed"})
    _post(site, f"{base}/rounds/1/close", {})
    if amended_first:
        places = {tables[0]["seats"][p]: n for n, p in enumerate(tables[0]["players"], start=1)}
        _post(site, f"{base}/rounds/1/tables/1/result", {"places": places, "amend_reason": "the sheet, read again"})
    last = tables[0]["seats"][tables[0]["players"][-1]]
    scores = {seat: 40 if seat == last else 10 for seat in tables[0]["seats"].values()}
    _post(
        site,
        f"/api/v1/games/{tables[0]['game']}/actions",
        {"type": "end_game", "data": {"winners": [last], "scores": scores}},
    )

    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("table.round[data-round='1'] tbody tr[data-table='2']")
    first = tab.page.inner_text("table.round[data-round='1'] tr[data-table='1'] td[data-result]")
    second = tab.page.inner_text("table.round[data-round='1'] tr[data-table='2'] td[data-result]")

    assert first.endswith("; the game's end differs from the result") and second == "approved"
    assert amended_first or first == "approved; the game's end differs from the result"
    assert tab.errors == []


def test_a_private_tournaments_pairings_are_a_404_page_and_print_for_a_token_that_may_read_them(
    site: Site, tab: Tab
) -> None:
    """The pairings page is asked without a token: a private tournament's round is the 404 an unknown tournament's
    is, and with an admin's token in the tab the script reads the round and shows it, printable."""
    settings = {"name": "Closed Swiss", "ruleset": "freeform", "table_size": 4, "rounds": 1, "visibility": "private"}
    status, _, raw = site.served.post("/api/v1/tournaments", settings)
    assert status == 201, raw[:300]
    hidden = json.loads(raw)["id"]
    for n in range(4):
        assert site.served.post(f"/api/v1/tournaments/{hidden}/players", {"name": f"Player {n}"})[0] == 201
    status, _, raw = site.served.post(f"/api/v1/tournaments/{hidden}/rounds", {})
    assert status == 201, raw[:300]

    said = f"No round 1 of the tournament {hidden} here (HTTP 404)."
    hidden_until_a_token(site, tab, f"/tournaments/{hidden}/rounds/1/pairings", said, "Closed Swiss")
    tab.page.wait_for_selector("#pairings-body:not([hidden])")
    assert tab.page.inner_text("#pairings-title") == "Closed Swiss: round 1"
    assert tab.page.locator("#by-name tbody tr").count() == 4
    assert tab.page.is_hidden("#not-here") and tab.page.is_visible("#print")
    assert tab.page.is_hidden("#pairings-error")


def test_a_game_ended_by_an_arbiters_ruling_says_who_won_by_province_and_names_its_rulebook(
    site: Site, tab: Tab
) -> None:
    tournament = site.tournaments[SAMPLE]
    tables = site.api(f"/api/v1/tournaments/{tournament}/rounds/2")["tables"]
    (amended,) = [t for t in tables if t["result"]["amended_by_dispute"]]
    game = site.api(f"/api/v1/games/{amended['game']}")
    ended = site.api(f"/api/v1/games/{amended['game']}/state")["state"]["meta"]["result"]

    tab.open(f"{site.base}/games/{amended['game']}")
    tab.wait_ready()

    said = tab.page.inner_text("#status-panel .ended")
    # CORE-END-1: the arbiter's end names the winner and scores every seat, each lord by his province.
    assert said.startswith("Ended by arbiter · ") and f"winners: {PROVINCES[ended['winners'][0]]}" in said, said
    assert all(f"{PROVINCES[seat]}: {score}" in said for seat, score in ended["scores"].items()), said
    assert not any(seat in said for seat in ended["scores"])  # no seat id left
    tab.page.wait_for_selector(f"#game-facts a:has-text('Kard és Korona {game['ruleset_version']}')")
    assert tab.errors == []


def test_the_sample_dispute_says_who_raised_it_and_its_history_in_words(site: Site, tab: Tab) -> None:
    tournament = site.tournaments[SAMPLE]
    tables = site.api(f"/api/v1/tournaments/{tournament}/rounds/2")["tables"]
    (amended,) = [t for t in tables if t["result"]["amended_by_dispute"]]
    dispute = site.api(f"/api/v1/disputes/{amended['result']['amended_by_dispute']}")
    raiser = dispute["raised_by"].removeprefix("player:")
    name = site.api(f"/api/v1/players/{raiser}")["name"]

    tab.open(f"{site.base}/disputes/{dispute['id']}")
    tab.page.wait_for_selector("#dispute .raised-by")

    # The runner-up raised it: their name and the lord they played, by his province.
    assert tab.page.inner_text("#dispute .raised-by") == f"{name}, {PROVINCES[amended['seats'][raiser]]}"
    said = tab.page.eval_on_selector_all(".dispute-events > li > strong", "items => items.map(i => i.innerText)")
    assert said == ["Dispute opened", "Audit attached", "Ruling"]
    assert tab.errors == []
