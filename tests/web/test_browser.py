"""The pages in a real browser (headless Chromium): boards that match `/state`, deep links, seat views that
keep other seats' secrets out of the DOM, rulings beside the moves, live games, tokens, no console errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.samples import sample_name, sample_paths
from tests.web.conftest import Site, Tab, dead_link, hidden_until_a_token, screenshot, with_token
from tests.web.piece_counts import seat_totals

SAMPLES = [sample_name(p) for p in sample_paths()]
DRAWN_COUNTS = """() => {
  const totals = {};
  for (const piece of document.querySelectorAll('#board .piece')) {
    totals[piece.dataset.seat] = (totals[piece.dataset.seat] || 0) + Number(piece.dataset.count);
  }
  return totals;
}"""


def _expected(site: Site, game: str, version: int, viewer: str = "spectator") -> dict[str, int]:
    summary = site.api(f"/api/v1/games/{game}")
    state = site.api(f"/api/v1/games/{game}/state?at={version}&as={viewer}")
    return seat_totals(summary["ruleset"], state["state"])


def _shown(tab: Tab, version: int) -> dict[str, int]:
    tab.page.wait_for_selector(f"#board[data-version='{version}']", state="attached")
    drawn: dict[str, int] = tab.page.evaluate(DRAWN_COUNTS)
    return drawn


@pytest.mark.parametrize("sample", SAMPLES)
def test_board_shows_the_states_pieces_when_stepping_to_the_end_and_back(site: Site, tab: Tab, sample: str) -> None:
    game = site.games[sample]
    last = site.api(f"/api/v1/games/{game}")["version"]
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    assert _shown(tab, last) == _expected(site, game, last)
    screenshot(tab, sample)
    tab.page.keyboard.press("Home")
    assert _shown(tab, 1) == _expected(site, game, 1)
    tab.page.click("#vcr-last")
    tab.page.keyboard.press("ArrowLeft")
    assert _shown(tab, last - 1) == _expected(site, game, last - 1)
    tab.page.keyboard.press("End")
    assert _shown(tab, last) == _expected(site, game, last)
    assert tab.page.locator("#notation li[aria-current]").get_attribute("data-version") == str(last)
    drawn_arms = set(tab.page.eval_on_selector_all("#board .piece", "tiles => tiles.map(t => t.dataset.arm)"))
    legend_arms = set(tab.page.eval_on_selector_all("#arms li", "items => items.map(i => i.dataset.arm)"))
    assert drawn_arms <= legend_arms  # every tile's arm letter is explained for grey-scale readers
    assert tab.errors == []


def test_deep_link_opens_the_version_and_seat_it_names(site: Site, tab: Tab) -> None:
    game = site.games["kard_es_korona_basic_three_lords"]
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}?v=20&as=erdely")
    tab.wait_ready()
    assert tab.page.input_value("#seat") == "erdely"
    assert _shown(tab, 20) == _expected(site, game, 20, "erdely")
    assert tab.page.locator("#notation li[aria-current]").get_attribute("data-version") == "20"
    seen = site.api(f"/api/v1/games/{game}/state?at=20&as=erdely")["state"]["rules"]
    assert _panel_value(tab, "year") == str(seen["year"]) and _panel_value(tab, "phase") == seen["phase"]
    assert _panel_value(tab, "treasury.erdely") == str(seen["treasury"]["erdely"])
    tab.page.keyboard.press("ArrowRight")
    _shown(tab, 21)
    tab.page.wait_for_url("**/games/*?v=21&as=erdely")  # the URL follows the reader (after a short pause)
    assert site.served.token not in tab.page.url
    assert tab.errors == []


def _panel_value(tab: Tab, key: str) -> str:
    # The full panel is folded under the ruleset's headline: read the value itself, shown or folded.
    text = tab.page.locator(f'#status-panel [data-key="{key}"]').text_content()
    return text or ""


def test_a_seats_view_keeps_the_other_seats_treasury_out_of_the_page(site: Site, tab: Tab) -> None:
    game = site.games["cedofan_rv_siege_of_brod"]
    own = site.api(f"/api/v1/games/{game}/state?as=gliviciove")["state"]["rules"]["treasuries"]["gliviciove"]
    secret = site.api(f"/api/v1/games/{game}/state?as=katzowicove")["state"]["rules"]["treasuries"]["katzowicove"]
    assert isinstance(secret, int) and isinstance(own, int)
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}?as=gliviciove")
    tab.wait_ready()
    assert _panel_value(tab, "treasuries.gliviciove") == str(own)
    assert _panel_value(tab, "treasuries.katzowicove") == "sealed"
    assert _panel_value(tab, "purses.k_head") == "sealed"
    tab.page.select_option("#seat", "katzowicove")
    tab.page.wait_for_function(
        f"document.querySelector('#status-panel [data-key=\"treasuries.katzowicove\"]').textContent === '{secret}'"
    )
    assert _panel_value(tab, "treasuries.gliviciove") == "sealed"
    tab.page.select_option("#seat", "arbiter")  # the arbiter sees every treasury (a staff token)
    tab.page.wait_for_function(
        f"document.querySelector('#status-panel [data-key=\"treasuries.gliviciove\"]').textContent === '{own}'"
    )
    assert _panel_value(tab, "treasuries.katzowicove") == str(secret)
    assert tab.errors == []


def test_an_event_line_opens_its_ruling_with_the_rules_cited(site: Site, tab: Tab) -> None:
    # Version 20 of the three-lord game: erdely's army enters Arad, held by a neutral province's units, so by
    # KK-MOVE-11 it must stop there and fight; version 21 (the battle) follows from that same move.
    game = site.games["kard_es_korona_basic_three_lords"]
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.click("#notation li[data-version='21'] button")
    tab.page.wait_for_selector("#audit .trace li")
    assert "version 20" in tab.page.inner_text("#audit h3")
    assert tab.page.inner_text("#audit .verdict-consistent") == "consistent"
    assert tab.page.inner_text("#audit .verdict-meaning") == "The rules, applied again, give exactly what was recorded."
    # The parts a ruling may lack (deviations, dice proof, the dispute form of a signed-in reader) are left out,
    # not written as the text "null".
    assert (
        tab.page.evaluate(
            "[...document.getElementById('audit').childNodes].filter((n) => n.nodeType === 3).map((n) => n.data)"
        )
        == []
    )
    link = tab.page.locator("#audit .trace a.rule-id", has_text="KK-MOVE-11").first
    # The rulings of a game pinned to 1.0.0 link to 1.0.0's rulebook, as its facts line does.
    assert link.get_attribute("href") == "/rulesets/kard_es_korona/rules?version=1.0.0#KK-MOVE-11"
    assert tab.page.get_attribute("#game-facts a", "href") == "/rulesets/kard_es_korona/rules?version=1.0.0"
    assert _shown(tab, 21) == _expected(site, game, 21)
    link.click()
    tab.page.wait_for_url("**/rulesets/kard_es_korona/rules?version=1.0.0#KK-MOVE-11")
    assert tab.page.locator("#KK-MOVE-11 .summary").inner_text().startswith("Stop on contact")
    assert tab.errors == []


def test_a_live_game_shows_an_event_posted_through_the_api(site: Site, tab: Tab) -> None:
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}], "title": "Live table"}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201
    game = json.loads(raw)["id"]
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.wait_for_selector("#live:text('live')")
    action = {"type": "note", "seat": "red", "data": {"text": "red crosses the ford"}}
    status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", action)
    assert status == 201, raw
    tab.page.wait_for_selector("#notation li[data-version='2']", timeout=10_000)
    assert "red crosses the ford" in tab.page.inner_text("#notation li[data-version='2']")
    _shown(tab, 2)  # a reader at the last version follows the game
    assert tab.errors == []


def test_a_live_games_address_at_its_newest_version_reopens_at_the_newest_one_then(site: Site, tab: Tab) -> None:
    """A recorder reloading mid-game (or a second device opening the copied address) comes back to the game as it
    is now and follows it, not to the version that was newest when the address was written."""
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}], "title": "Reloaded table"}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201
    game = json.loads(raw)["id"]
    note = {"type": "note", "seat": "red", "data": {"text": "red holds the ford"}}
    assert site.served.post(f"/api/v1/games/{game}/actions", note)[0] == 201
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.keyboard.press("ArrowLeft")
    tab.page.wait_for_url("**/games/*?v=1")  # an earlier version is named
    tab.page.keyboard.press("ArrowRight")
    tab.page.wait_for_url(f"**/games/{game}")  # the newest is not

    assert site.served.post(f"/api/v1/games/{game}/actions", {**note, "seat": "blue"})[0] == 201
    tab.page.reload()
    tab.wait_ready()
    _shown(tab, 3)
    assert tab.errors == []


def _rows(tab: Tab) -> list[str]:
    tab.page.wait_for_selector("#games tbody tr")
    script = "rows => rows.map(r => r.dataset.game)"
    rows: list[str] = tab.page.eval_on_selector_all("#games tbody tr[data-game]", script)
    return rows


def test_games_list_filters_by_ruleset_and_pages_when_asked(site: Site, tab: Tab) -> None:
    tab.open(f"{site.base}/games?ruleset=kard_es_korona&limit=3")
    first = _rows(tab)
    assert len(first) == 3
    # The game's name, linking to the rules of the version each game is pinned to.
    cell = tab.page.locator(f"#games tr[data-game='{first[0]}'] td:nth-child(2) a")
    assert cell.inner_text() == "Kard és Korona"
    pinned = site.api(f"/api/v1/games/{first[0]}")["ruleset_version"]
    assert cell.get_attribute("href") == f"/rulesets/kard_es_korona/rules?version={pinned}"
    tab.page.click("#next-page")
    tab.page.wait_for_function(f"!document.querySelector('#games tbody tr[data-game=\"{first[0]}\"]')")
    second = _rows(tab)
    # The API's own order (newest first): the sample games and the sample tournament's table games.
    kk = [g["id"] for g in site.api("/api/v1/games?ruleset=kard_es_korona&limit=1000")["items"]]
    assert len(kk) > 6 and first + second == kk[:6]
    tab.page.click(f"#games tr[data-game='{second[0]}'] a")  # a game opened from the second page...
    tab.wait_ready()
    tab.page.go_back()  # ...and Back comes back to the second page, as a reload does
    assert _rows(tab) == second
    tab.page.reload()
    assert _rows(tab) == second and "ruleset=kard_es_korona" in tab.page.url
    assert tab.errors == []


def test_a_pasted_token_is_sent_by_the_pages_and_never_put_in_a_url(site: Site, tab: Tab) -> None:
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}], "title": "Private table", "visibility": "private"}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201
    private = json.loads(raw)["id"]
    tab.open(f"{site.base}/games?ruleset=freeform")
    assert private not in _rows(tab)
    tab.open(f"{site.base}/login")
    tab.page.fill("#token", site.served.token)
    tab.page.click("#login button[type=submit]")
    tab.page.wait_for_function("document.getElementById('who').textContent === 'token in use'")
    tab.open(f"{site.base}/games?ruleset=freeform")
    tab.page.wait_for_selector(f"#games tbody tr[data-game='{private}']")
    assert site.served.token not in tab.page.url
    assert tab.errors == []


def test_a_mistyped_token_is_refused_at_login_and_not_kept(site: Site, tab: Tab) -> None:
    # Kept, a token the API does not know would make every page answer 401, public games included.
    tab.open(f"{site.base}/login")
    tab.page.fill("#token", site.served.token[:-3] + "xyz")
    tab.page.click("#login button[type=submit]")
    tab.page.wait_for_selector("#login-status.error")
    assert "refused" in tab.page.inner_text("#login-status")
    assert tab.page.inner_text("#who") == "anonymous"
    tab.open(f"{site.base}/games?ruleset=freeform")
    tab.page.wait_for_selector("#games tbody tr")
    assert tab.page.evaluate("sessionStorage.getItem('annals.token')") is None


def test_the_chapter_of_the_version_shown_is_marked_and_moves_with_the_replay(site: Site, tab: Tab) -> None:
    """A long game's chapters scroll: the reader sees which chapter they are in, the last one at or before the
    version shown, as they step (a contents page marking the page open)."""
    game = site.games["kard_es_korona_basic_three_lords"]
    starts = sorted({b["version"] for b in site.api(f"/api/v1/games/{game}/bookmarks")["items"]})
    first, second = starts[1], starts[2]  # the version between them belongs to the earlier chapter
    tab.open(f"{site.base}/games/{game}?v={second - 1}")
    tab.wait_ready()
    marked = "#chapters button[aria-current]"
    tab.page.wait_for_selector(f"{marked}[data-version='{first}']")
    tab.page.click("#vcr-forward")
    tab.page.wait_for_selector(f"{marked}[data-version='{second}']")
    assert tab.page.locator(marked).count() == 1
    assert tab.errors == []


def _open_dispute(site: Site) -> str:
    game = site.games["kard_es_korona_basic_three_lords"]
    claim = {"version": 20, "claim": "Arad held no neutral units", "rule_ids": ["KK-MOVE-11"]}
    status, _, raw = site.served.post(f"/api/v1/games/{game}/disputes", claim)
    assert status == 201, raw
    found: str = json.loads(raw)["id"]
    return found


@pytest.mark.parametrize(
    "path", ["/", "/games", "/login", "/docs", "/rulesets/agot2/rules", "/rulesets/kard_es_korona/actions", "dispute"]
)
def test_page_logs_no_console_error_when_opened(site: Site, tab: Tab, path: str) -> None:
    url = f"/disputes/{_open_dispute(site)}" if path == "dispute" else path
    tab.open(site.base + url)
    tab.page.wait_for_load_state("networkidle")
    if path == "dispute":
        assert tab.page.inner_text("#dispute [data-status]") == "open"
        cited = tab.page.locator("#dispute a.rule-id", has_text="KK-MOVE-11")
        assert cited.count() >= 1  # linked to the rules of the version the game is pinned to
        assert cited.first.get_attribute("href") == "/rulesets/kard_es_korona/rules?version=1.0.0#KK-MOVE-11"
    assert tab.errors == []


def test_an_arbiter_rules_on_a_dispute_from_its_page_and_the_ruling_is_appealed_there(site: Site, tab: Tab) -> None:
    """KK-MOVE-11 (the dispute's claim): upheld, the game stays as recorded; an appeal opens the dispute again."""
    dispute = _open_dispute(site)
    game = site.api(f"/api/v1/disputes/{dispute}")["game"]
    version = site.api(f"/api/v1/games/{game}")["version"]
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/disputes/{dispute}")
    tab.page.wait_for_selector("#ruling")
    assert tab.page.input_value("#ruling-rules") == "KK-MOVE-11"  # the claim's rules, to start from
    for control in ("ruling-decision", "ruling-reasoning", "ruling-correction"):  # each label above its box
        label = tab.page.locator(f"label[for='{control}']").bounding_box() or {}
        box = tab.page.locator(f"#{control}").bounding_box() or {}
        assert label["y"] + label["height"] <= box["y"] + 1, control
    button = tab.page.locator("#ruling button[type=submit]").bounding_box() or {}
    assert button["width"] < 400  # its own size, not the page's width
    tab.page.fill("#ruling-reasoning", "Arad held two neutral infantry: the move stopped there, as recorded")
    tab.page.click("#ruling button[type=submit]")
    tab.page.wait_for_selector("#dispute [data-status='upheld']")

    ruled = site.api(f"/api/v1/disputes/{dispute}")
    assert ruled["ruling"]["decision"] == "upheld" and ruled["ruling"]["rule_ids"] == ["KK-MOVE-11"]
    assert site.api(f"/api/v1/games/{game}")["version"] == version  # upheld: nothing appended to the game
    assert tab.page.locator("#ruling").count() == 0
    tab.page.fill("#appeal-claim", "the infantry had left Arad the turn before")
    tab.page.click("#appeal button[type=submit]")
    tab.page.wait_for_selector("#dispute [data-status='open']")
    assert site.api(f"/api/v1/disputes/{dispute}")["status"] == "open"
    assert tab.errors == []


def test_the_interactive_api_page_lists_the_operations_of_the_contract(site: Site, tab: Tab) -> None:
    """Issue 15, point 5: Swagger UI at /api/v1/docs renders openapi.yaml from files Annals serves itself."""
    tab.open(f"{site.base}/api/v1/docs/")
    tab.page.wait_for_selector("#operations-games-getGamePending", timeout=30_000)
    assert tab.page.locator(".opblock").count() > 50
    assert tab.errors == []


def test_a_comment_written_in_the_page_is_recorded_through_the_api(site: Site, tab: Tab) -> None:
    game = site.games["freeform_club_night"]
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}?v=3")
    tab.wait_ready()
    tab.page.click("#notes button[type=submit]")  # an empty comment: said before anything is sent
    assert "nothing was sent" in tab.page.inner_text("#notes p.error")
    assert "required" in tab.page.get_attribute("#notes textarea", "placeholder")
    tab.page.get_by_label("Comment", exact=True).fill("a bold crossing")  # the box's visible label names it
    tab.page.click("#notes button[type=submit]")
    tab.page.wait_for_selector("#notes li[data-kind='comment']")
    notes = site.api(f"/api/v1/games/{game}/annotations")["items"]
    assert [(n["kind"], n["at_version"], n["body"]["text"]) for n in notes] == [("comment", 3, "a bold crossing")]
    assert tab.page.locator("#notation li[data-version='3'] .mark.note").count() == 1
    tab.page.select_option("#notes select[name=kind]", "glyph")
    tab.page.select_option("#notes select[name=glyph]", "blunder")
    tab.page.click("#notes button[type=submit]")
    tab.page.wait_for_selector("#notes li[data-kind='glyph']")
    notes = site.api(f"/api/v1/games/{game}/annotations?kind=glyph")["items"]
    assert [(n["at_version"], n["body"]) for n in notes] == [(3, {"glyph": "blunder"})]
    tab.page.select_option("#notes select[name=kind]", "bookmark")
    tab.page.click("#notes button[type=submit]")  # a bookmark without a label: named before it is sent
    tab.page.wait_for_selector("#notes p.error:not([hidden])")
    assert tab.page.inner_text("#notes p.error") == "Bookmark label: empty, so nothing was sent; write it first."
    assert len(site.api(f"/api/v1/games/{game}/annotations")["items"]) == 2
    assert tab.errors == []  # no request the API refused


def test_play_steps_forward_on_its_own_until_paused(site: Site, tab: Tab) -> None:
    game = site.games["freeform_club_night"]
    tab.open(f"{site.base}/games/{game}?v=1")
    tab.wait_ready()
    tab.page.select_option("#vcr-speed", "250")
    tab.page.click("#vcr-play")
    tab.page.wait_for_function("Number(document.getElementById('board').dataset.version) >= 3")
    tab.page.click("#vcr-play")
    paused = tab.page.get_attribute("#board", "data-version")
    tab.page.wait_for_timeout(300)
    assert tab.page.get_attribute("#board", "data-version") == paused
    assert tab.page.get_attribute("#vcr-play", "aria-pressed") == "false"
    assert tab.errors == []


def test_a_dispute_opened_from_a_line_is_recorded_on_that_action(site: Site, tab: Tab) -> None:
    game = site.games["kard_es_korona_basic_castle_victory"]
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}?v=3")
    tab.wait_ready()
    tab.page.click("#notation li[data-version='3'] button")
    tab.page.fill("#audit .dispute-form textarea", "the starting player was chosen out of turn")
    tab.page.click("#audit .dispute-form button")
    tab.page.click("#audit .dispute-form a")
    tab.page.wait_for_selector("#dispute [data-status]")
    assert tab.page.inner_text("#dispute .claim") == "the starting player was chosen out of turn"
    # Version 3 follows from an action recorded before it: the dispute is on that action.
    events = site.api(f"/api/v1/games/{game}/events?limit=3")["items"]
    action = max(e["version"] for e in events if "action" in e["metadata"])
    disputes = site.api(f"/api/v1/disputes?game={game}")["items"]
    assert [(d["version"], d["status"]) for d in disputes] == [(action, "open")]
    assert tab.errors == []


def test_an_area_tells_a_screen_reader_who_holds_it_and_what_stands_there(site: Site, tab: Tab) -> None:
    game = site.games["kard_es_korona_basic_three_lords"]
    state = site.api(f"/api/v1/games/{game}/state")["state"]["rules"]
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    # Seats by the names people call them ("Felvidék", not "felvidek"), from the game resource.
    names = {s["seat"]: s["name"] for s in site.api(f"/api/v1/games/{game}")["seats"]}
    area, owners = next((a, o) for a, o in sorted(state["units"].items()) if o and state["control"].get(a) in names)
    label = tab.page.get_attribute(f"#board .area[data-area='{area}']", "aria-label")
    assert label is not None and f"held by {names[state['control'][area]]}" in label
    for owner, arms in owners.items():
        for arm, count in arms.items():
            assert f"{names.get(owner, owner)} {count} {arm}" in label


def test_a_dropped_live_stream_resumes_from_the_last_event_it_had(site: Site, tab: Tab) -> None:
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}], "title": "Flaky venue wifi"}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201
    game = json.loads(raw)["id"]
    asked: list[str | None] = []

    def drop_the_first(route: Any) -> None:
        asked.append(route.request.headers.get("last-event-id"))
        if len(asked) == 1:
            route.abort()  # the venue's wifi drops the first connection
        else:
            route.continue_()

    tab.page.route("**/stream", drop_the_first)
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.wait_for_selector("#live:text('live')", timeout=10_000)
    action = {"type": "note", "seat": "blue", "data": {"text": "blue digs in"}}
    assert site.served.post(f"/api/v1/games/{game}/actions", action)[0] == 201
    tab.page.wait_for_selector("#notation li[data-version='2']", timeout=10_000)
    assert asked[:2] == ["1", "1"]  # the retry asks for what came after version 1 again


def test_a_seat_the_reader_may_not_see_is_refused_and_the_view_stays(site: Site, tab: Tab) -> None:
    game = site.games["cedofan_rv_siege_of_brod"]
    tab.open(f"{site.base}/games/{game}")  # anonymous: a spectator, who holds no seat
    tab.wait_ready()
    tab.page.select_option("#seat", "gliviciove")
    tab.page.wait_for_selector("#game-error:not([hidden])")
    assert "does not hold seat" in tab.page.inner_text("#game-error")
    assert tab.page.input_value("#seat") == "spectator"
    assert _panel_value(tab, "treasuries.gliviciove") == "sealed"
    assert any("403" in error for error in tab.errors)  # the refused read, as the browser logs it


def test_games_list_filters_by_tournament_when_asked(site: Site, tab: Tab) -> None:
    def post(path: str, body: dict[str, Any]) -> Any:
        status, _, raw = site.served.post(f"/api/v1/tournaments{path}", body)
        assert status in (200, 201), raw  # starting a round answers 200
        return json.loads(raw)

    tournament = post("", {"name": "Club Swiss", "ruleset": "freeform", "table_size": 4, "rounds": 1})["id"]
    for n in range(8):
        post(f"/{tournament}/players", {"name": f"Player {n}"})
    post(f"/{tournament}/rounds", {})
    tables = {created["game"] for created in post(f"/{tournament}/rounds/1/start", {})["created"]}
    assert len(tables) == 2  # eight players at tables of four
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games")
    _rows(tab)
    offered = f"#filters select[name=tournament] option[value='{tournament}']"
    assert tab.page.inner_text(offered) == "Club Swiss (running)"  # chosen by its name, not typed as an id
    tab.page.select_option("#filters select[name=tournament]", tournament)
    tab.page.click("#filters button[type=submit]")
    tab.page.wait_for_url(f"**/games?tournament={tournament}")
    tab.page.wait_for_function("document.querySelectorAll('#games tbody tr[data-game]').length === 2")
    assert set(_rows(tab)) == tables

    # A player is found by name: the suggestions carry the ids the filter sends.
    players = {e["name"]: e["player_id"] for e in site.api(f"/api/v1/tournaments/{tournament}/players")["items"]}
    tab.page.fill("#filters input[name=player]", "Player 5")
    tab.page.wait_for_selector(f"#player-names option[value='{players['Player 5']}']", state="attached")
    assert tab.page.get_attribute(f"#player-names option[value='{players['Player 5']}']", "label") == "Player 5"
    tab.page.fill("#filters input[name=player]", players["Player 5"])
    tab.page.click("#filters button[type=submit]")
    tab.page.wait_for_function("document.querySelectorAll('#games tbody tr[data-game]').length === 1")
    assert set(_rows(tab)) <= tables
    tab.page.reload()  # the address keeps both filters, the tournament shown by name again
    tab.page.wait_for_function("document.querySelectorAll('#games tbody tr[data-game]').length === 1")
    assert tab.page.eval_on_selector("#filters select[name=tournament]", "s => s.selectedOptions[0].text") == (
        "Club Swiss (running)"
    )
    assert tab.errors == []


def test_a_login_link_signs_the_tab_in_once_and_leaves_no_code_in_the_address(site: Site, tab: Tab) -> None:
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}], "title": "Tablet table", "visibility": "private"}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201
    private = json.loads(raw)["id"]
    status, _, raw = site.served.post("/api/v1/tokens/links", {"role": "viewer", "label": "tablet 2"})
    assert status == 201
    link = json.loads(raw)

    tab.open(site.base + link["path"])
    tab.page.wait_for_function("document.getElementById('who').textContent === 'token in use'")
    assert "#code" not in tab.page.url  # taken off the address as soon as it was read
    tab.open(f"{site.base}/games?ruleset=freeform")
    tab.page.wait_for_selector(f"#games tbody tr[data-game='{private}']")  # the viewer token reads private games

    status, _, raw = site.served.post("/api/v1/tokens/redeem", {"code": link["code"]}, token=False)
    assert status == 410  # spent by the page
    assert tab.errors == []


def test_signing_out_revokes_the_kept_token_and_forgets_it(site: Site, tab: Tab) -> None:
    """A sign-out that only forgot the tab's copy left a working token behind (a tablet's, from a login link)."""
    status, _, raw = site.served.post("/api/v1/tokens", {"role": "viewer", "label": "tablet 3"})
    assert status == 201
    minted = json.loads(raw)["token"]
    with_token(tab, minted)
    tab.open(f"{site.base}/login")
    tab.page.wait_for_function("document.getElementById('login-status').textContent.includes('Signed in')")

    tab.page.click("#sign-out")
    tab.page.wait_for_function("document.getElementById('who').textContent === 'anonymous'")

    assert "revoked" in tab.page.inner_text("#login-status")
    assert tab.page.evaluate("sessionStorage.getItem('annals.token')") is None
    status, _, _ = site.served.call("GET", "/api/v1/tokens/current", headers={"Authorization": f"Bearer {minted}"})
    assert status == 401
    assert tab.errors == []


def test_the_browser_reproduces_the_published_dice_vectors(site: Site, tab: Tab) -> None:
    # domain/dice.py's test vectors: seed S1 commits to 630dcd29…, and game-1's rolls 1..8 are 3 6 2 1 4 4 1 3.
    tab.open(f"{site.base}/login")
    s1 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    script = """async (seed) => {
      const dice = await import('/web/static/dice.js');
      const faces = [];
      for (let k = 1; k <= 8; k += 1) faces.push(await dice.face(seed, 'game-1', k, {}));
      return {faces, commitment: await dice.commitmentOf(seed)};
    }"""
    found = tab.page.evaluate(script, s1)

    assert found["faces"] == [3, 6, 2, 1, 4, 4, 1, 3]
    assert found["commitment"] == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_a_server_roll_is_proved_in_the_page_against_the_revealed_seed(site: Site, tab: Tab) -> None:
    game = site.games["freeform_server_dice_skirmish"]
    events = site.api(f"/api/v1/games/{game}/events?limit=100")["items"]
    rolled = [e for e in events if e["type"] == "DiceRolled"]
    assert rolled and any(e["type"] == "DiceSeedRevealed" for e in events)  # the game ended: its seed is public
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()

    tab.page.click(f"#notation li[data-version='{rolled[0]['version']}'] button")
    tab.page.wait_for_selector("#audit .dice-proof li")

    assert tab.page.get_attribute("#audit .dice-proof", "data-commitment-ok") == "true"
    proved = tab.page.eval_on_selector_all("#audit .dice-proof li", "items => items.map(i => i.dataset.proved)")
    assert proved and set(proved) == {"true"}
    assert tab.errors == []


def test_a_map_mark_drawn_on_the_board_then_edited_and_deleted_in_place(site: Site, tab: Tab) -> None:
    game = site.games["kard_es_korona_basic_three_lords"]
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}?v=20")
    tab.wait_ready()
    tab.page.select_option("#notes select[name=kind]", "map_mark")
    tab.page.click("#board .area[data-area='arad']")
    tab.page.click("#board .area[data-area='kolozs']", modifiers=["Shift"])
    tab.page.click("#board .area[data-area='arad']", modifiers=["Shift"])
    tab.page.fill("#notes textarea", "the road to Arad")
    tab.page.click("#notes button[type=submit]")
    tab.page.wait_for_selector("#notes li[data-kind='map_mark']")

    marks = site.api(f"/api/v1/games/{game}/annotations?kind=map_mark")["items"]
    assert [(m["at_version"], m["body"]) for m in marks] == [
        (20, {"areas": ["arad"], "arrows": [{"from": "kolozs", "to": "arad"}], "text": "the road to Arad"})
    ]
    assert tab.page.locator("#board .marks line.arrow").count() == 1
    tab.page.click("#notes li[data-kind='map_mark'] button:has-text('Edit')")
    tab.page.fill("#notes li[data-kind='map_mark'] .edit-form textarea", "the march on Arad")
    tab.page.click("#notes li[data-kind='map_mark'] .edit-form button[type=submit]")
    tab.page.wait_for_selector("#notes li[data-kind='map_mark'] .note-text:has-text('the march on Arad')")
    assert (
        site.api(f"/api/v1/games/{game}/annotations?kind=map_mark")["items"][0]["body"]["text"] == "the march on Arad"
    )
    tab.page.click("#notes li[data-kind='map_mark'] button:has-text('Delete')")
    tab.page.wait_for_selector("#notes li[data-kind='map_mark']", state="detached")
    assert site.api(f"/api/v1/games/{game}/annotations?kind=map_mark")["items"] == []
    assert tab.errors == []


def test_a_map_mark_is_drawn_from_the_keyboard_and_the_map_is_not_in_the_tab_order_otherwise(
    site: Site, tab: Tab
) -> None:
    game = site.games["kard_es_korona_basic_three_lords"]
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}?v=20")
    tab.wait_ready()
    tabbable = "[...document.querySelectorAll('#board .area')].filter((a) => a.tabIndex >= 0).length"
    assert tab.page.evaluate(tabbable) == 0  # the replay's controls are not behind every area of the map
    assert tab.page.get_attribute("#board", "role") == "group"  # an img would hide the areas' names

    tab.page.select_option("#notes select[name=kind]", "map_mark")
    assert tab.page.evaluate(tabbable) == tab.page.locator("#board .area").count()
    tab.page.focus("#board .area[data-area='arad']")
    tab.page.keyboard.press("Enter")
    tab.page.fill("#notes textarea", "Arad")
    tab.page.click("#notes button[type=submit]")
    tab.page.wait_for_selector("#notes li[data-kind='map_mark']")

    marks = site.api(f"/api/v1/games/{game}/annotations?kind=map_mark")["items"]
    assert [m["body"]["areas"] for m in marks] == [["arad"]]
    assert tab.page.evaluate(tabbable) == 0
    tab.page.click("#notes li[data-kind='map_mark'] button:has-text('Delete')")  # the site is shared by the tests
    tab.page.wait_for_selector("#notes li[data-kind='map_mark']", state="detached")
    assert tab.errors == []


def test_each_rulesets_headline_says_where_the_game_stands_and_each_seats_first_numbers(site: Site, tab: Tab) -> None:
    # Kard és Korona: the year and phase, and every seat's treasury; AGoT: each house's place on the Iron Throne.
    kk = site.games["kard_es_korona_basic_three_lords"]
    seen = site.api(f"/api/v1/games/{kk}/state")["state"]["rules"]
    tab.open(f"{site.base}/games/{kk}")
    tab.wait_ready()
    where = tab.page.inner_text('#status-panel [data-key="where"]')
    assert str(seen["year"]) in where and seen["phase"] in where
    names = {s["seat"]: s["name"] for s in site.api(f"/api/v1/games/{kk}")["seats"]}
    assert f"{names[seen['turn']]} to act" in where  # the lord by his province's name ("Erdély"), not "erdely"
    for seat, amount in seen["treasury"].items():
        assert tab.page.inner_text(f'#status-panel [data-key="seat.{seat}.0"]') == str(amount)

    agot = site.games["agot2_north_two_rounds"]
    throne = site.api(f"/api/v1/games/{agot}/state")["state"]["rules"]["tracks"]["iron_throne"]
    tab.open(f"{site.base}/games/{agot}")
    tab.wait_ready()
    for place, house in enumerate(throne, start=1):
        assert tab.page.inner_text(f'#status-panel [data-key="seat.{house}.0"]') == str(place)
        assert tab.page.inner_text(f'#status-panel tr[data-seat="{house}"] th') == house.title()  # "Stark"
    assert tab.errors == []


def test_agot_panels_show_the_revealed_orders_and_the_combats_strength_by_part(site: Site, tab: Tab) -> None:
    """GOT-COMBAT-5 adds each side's strength: units, support, orders, garrison, fortifications, the house card and
    the blade. The panel shows each part as the API's view holds it, and the orders as readable tokens."""
    agot = site.games["agot2_north_two_rounds"]
    last = site.api(f"/api/v1/games/{agot}")["version"]
    combat_at = next(
        v
        for v in range(1, last + 1)
        if (site.api(f"/api/v1/games/{agot}/state?at={v}")["state"]["rules"].get("combat") or {}).get("result")
    )
    rules = site.api(f"/api/v1/games/{agot}/state?at={combat_at}")["state"]["rules"]
    result = rules["combat"]["result"]

    tab.open(f"{site.base}/games/{agot}?v={combat_at}")
    tab.wait_ready()

    for side in ("attacker", "defender"):
        assert tab.page.inner_text(f'#status-panel [data-key="combat.{side}.total"]') == str(result[side]["total"])
        assert tab.page.inner_text(f'#status-panel [data-key="combat.{side}.swords"]') == str(result[side]["swords"])
        card = tab.page.inner_text(f'#status-panel [data-key="combat.{side}.card_strength"]')
        printed = rules["cards"][result[side]["card"]]["name"]  # "Eddard Stark", not the card's id
        assert card == f"{result[side]['card_strength']} ({printed})"
    heading = tab.page.inner_text("#status-panel .agot-combat h3")
    assert f"Combat in {rules['combat']['area'].replace('_', ' ').title()}" in heading  # the board's name of the area
    outcome = tab.page.inner_text('#status-panel [data-key="combat.outcome"]')
    winner = result["winner"].title()  # a House by name: "Stark"
    assert outcome.startswith(f"{winner} wins") and f"loses {result['casualties_due']}" in outcome
    for area, order in rules["orders"].items():
        kind, modifier, special = rules["tokens"][order["token"]]
        shown = tab.page.inner_text(f'#status-panel [data-key="orders.{area}"]')
        assert shown.startswith(kind.replace("_", " ").title()) and (("★" in shown) == special)
        if isinstance(modifier, int) and modifier:
            assert f"{abs(modifier)}" in shown
    assert tab.errors == []


def _table_game(site: Site, notes: int = 3) -> str:
    """A new freeform game with a few notes recorded: a page of its own, whatever other tests annotate."""
    status, _, raw = site.served.post("/api/v1/games", {"ruleset": "freeform", "seats": [{"seat": "red"}]})
    assert status == 201, raw
    game: str = json.loads(raw)["id"]
    for n in range(notes):
        status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", {"type": "note", "data": {"n": n}})
        assert status == 201, raw
    return game


def _annotating(site: Site, tab: Tab, version: int) -> str:
    """A new table game opened at `version` with the admin's token, its annotations panel ready to write."""
    game = _table_game(site)
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}?v={version}")
    tab.wait_ready()
    return game


def test_a_bookmark_added_or_deleted_in_the_page_shows_in_the_chapters_at_once(site: Site, tab: Tab) -> None:
    _annotating(site, tab, 3)
    tab.page.select_option("#notes select[name=kind]", "bookmark")
    tab.page.fill("#notes textarea", "the crossing")
    tab.page.click("#notes button[type=submit]")
    tab.page.wait_for_selector("#notes li[data-kind='bookmark']")

    tab.page.wait_for_selector("#chapters button[data-version='3']:has-text('the crossing')")
    tab.page.click("#notes li[data-kind='bookmark'] button:has-text('Delete')")
    tab.page.wait_for_selector("#chapters button[data-version='3']", state="detached")
    assert tab.errors == []


def test_a_double_click_on_annotate_records_one_comment(site: Site, tab: Tab) -> None:
    game = _annotating(site, tab, 2)
    tab.page.fill("#notes textarea", "once is enough")
    tab.page.dblclick("#notes button[type=submit]")
    tab.page.wait_for_selector("#notes li[data-kind='comment']")
    tab.page.wait_for_selector("#notes form.comment-form button[type=submit]:enabled")

    assert len(site.api(f"/api/v1/games/{game}/annotations")["items"]) == 1
    assert tab.errors == []


def test_a_token_revoked_while_following_stops_the_stream_and_is_offered_to_be_forgotten(site: Site, tab: Tab) -> None:
    """Retried every 2 s, a refused token would count failed authentications until the venue's address may send no
    token at all; the reader is told the token is refused and may forget it and read on as anyone."""
    game = _table_game(site, notes=1)
    status, _, raw = site.served.post("/api/v1/tokens", {"role": "viewer"})
    assert status == 201, raw
    minted = json.loads(raw)
    asked: list[str] = []

    def revoke_then_drop(route: Any) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:  # the token is revoked, then the venue's wifi drops the stream: the retry is refused
            admin = {"Authorization": f"Bearer {site.served.token}"}
            assert site.served.call("DELETE", f"/api/v1/tokens/{minted['id']}", headers=admin)[0] == 204
            route.abort()
        else:
            route.continue_()

    tab.page.route("**/stream", revoke_then_drop)
    once = "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); "
    tab.page.add_init_script(once + f"sessionStorage.setItem('annals.token', {minted['token']!r}); }}")  # not on reload
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.wait_for_selector("#live:text('not following: HTTP 401')", timeout=10_000)
    tab.page.wait_for_timeout(2_500)  # a retry would have come by now

    assert len(asked) == 2
    assert "refused" in tab.page.inner_text("#who")
    tab.open(f"{site.base}/login")  # where a reader goes to fix it: the kept token is not reported as working
    tab.page.wait_for_selector("#login-status.error")
    assert "refused" in tab.page.inner_text("#login-status")
    tab.open(f"{site.base}/games/{game}")
    tab.page.wait_for_selector("#who[data-refused]")
    tab.page.click("#forget-refused")
    tab.page.wait_for_function("document.getElementById('who').textContent === 'anonymous'")
    tab.wait_ready()  # the public game reads again, without the token
    assert tab.page.evaluate("sessionStorage.getItem('annals.token')") is None


def test_a_game_that_does_not_exist_is_a_404_page_and_no_controls(site: Site, tab: Tab) -> None:
    """A dead link is answered 404 by the service (not a 200 whose script then said "not found"): the page says
    which game is not here and links to the games, and asks the API nothing more."""
    asked = dead_link(tab, f"{site.base}/games/no-such-game")

    assert tab.page.inner_text("#not-here") == "No game no-such-game here (HTTP 404)."
    assert not tab.page.is_visible("#vcr-play") and not tab.page.is_visible("#seat")  # nothing that would do nothing
    assert tab.page.is_hidden("#game-error")  # said once, by the page
    assert asked == []  # the script did not ask the API again
    assert tab.page.get_attribute("#way-back a", "href") == "/games"
    assert all("404" in error for error in tab.errors)  # the page's own status, as the browser logs it


def test_a_private_game_is_the_same_404_to_anyone_and_opens_for_a_token_that_may_read_it(site: Site, tab: Tab) -> None:
    """The page is asked without a token, so a private game is a 404 like an id nobody used (what an anonymous
    `GET /api/v1/games/{id}` answers); with a token that may read it in the tab, the script reads it and shows it."""
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}], "title": "Closed table", "visibility": "private"}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201, raw[:300]
    private = json.loads(raw)["id"]

    hidden_until_a_token(site, tab, f"/games/{private}", f"No game {private} here (HTTP 404).", "Closed table")
    tab.wait_ready()
    assert tab.page.inner_text("#game-title") == "Closed table"
    assert tab.page.is_hidden("#not-here") and tab.page.is_visible("#vcr-play") and tab.page.is_visible("#seat")
    assert tab.page.is_hidden("#game-error")


def test_a_dispute_on_a_private_game_is_a_404_page_and_opens_for_a_token_that_may_read_it(site: Site, tab: Tab) -> None:
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}], "visibility": "private"}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201, raw[:300]
    game = json.loads(raw)["id"]
    moved = {"type": "move", "seat": "red", "data": {}}
    assert site.served.post(f"/api/v1/games/{game}/actions", moved)[0] == 201
    status, _, raw = site.served.post(f"/api/v1/games/{game}/disputes", {"version": 2, "claim": "red moved twice"})
    assert status == 201, raw[:300]
    dispute = json.loads(raw)["id"]

    hidden_until_a_token(site, tab, f"/disputes/{dispute}", f"No dispute {dispute} here (HTTP 404).", "red moved twice")
    tab.page.wait_for_selector("#dispute [data-status='open']")
    assert tab.page.inner_text("#dispute .claim") == "red moved twice"
    assert tab.page.is_hidden("#not-here") and tab.page.inner_text("#dispute-title") == f"Dispute {dispute}"


def test_the_arbiters_view_is_offered_only_to_a_token_that_may_see_it(site: Site, tab: Tab) -> None:
    """service/views.py: only arbiter and admin tokens see the arbiter's view; a viewer token's shared ?as=arbiter
    link opens the spectator's view and says why."""
    game = site.games["freeform_club_night"]
    status, _, raw = site.served.post("/api/v1/tokens", {"role": "viewer"})
    assert status == 201, raw
    with_token(tab, json.loads(raw)["token"])
    tab.open(f"{site.base}/games/{game}?as=arbiter")
    tab.wait_ready()

    offered = tab.page.eval_on_selector_all("#seat option", "options => options.map(o => o.value)")
    assert "arbiter" not in offered and tab.page.input_value("#seat") == "spectator"
    assert "The view as arbiter needs a token" in tab.page.inner_text("#game-error")
    # A link naming a seat the game does not have says so, not that a token is missing.
    tab.open(f"{site.base}/games/{game}?as=purple")
    tab.wait_ready()
    assert "This game has no seat purple (its seats: " in tab.page.inner_text("#game-error")
    assert tab.errors == []


SMALL_CONTROLS = """() => [...document.querySelectorAll(
  'button, select, input:not([type=range]):not([type=checkbox]), header.site a, summary')]
  .filter((e) => e.offsetParent && e.getBoundingClientRect().height < 44)
  .map((e) => `${e.id || e.textContent.trim().slice(0, 20)}: ${Math.round(e.getBoundingClientRect().height)} px`)"""

WORDS_BROKEN = """() => [...document.querySelectorAll('main td, main th')].flatMap((cell) => [...cell.childNodes])
  .filter((node) => node.nodeType === Node.TEXT_NODE && /^\\S{4,}$/.test(node.textContent.trim()))
  .filter((node) => { const range = document.createRange(); range.selectNodeContents(node);
                      return range.getClientRects().length > 1; })
  .map((node) => node.textContent.trim())"""


REGIONS = "#status-panel, #board-frame, #notation, #recorder"
IN_DOCUMENT_ORDER = f"() => [...document.querySelectorAll('{REGIONS}')].map((node) => node.id)"
TOPS = f"() => [...document.querySelectorAll('{REGIONS}')].map((node) => node.getBoundingClientRect().top)"


def test_every_control_of_a_game_page_is_a_fingers_44_px_on_a_phone(site: Site, tab: Tab) -> None:
    game = site.games["agot2_north_two_rounds"]  # a map to zoom, chapters, and (in progress) the recorder
    tab.page.set_viewport_size({"width": 390, "height": 844})
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.wait_for_selector("#recorder:not([hidden]) #pending-seats button.option")
    tab.page.wait_for_selector("#chapters button")

    assert tab.page.evaluate(SMALL_CONTROLS) == []
    assert tab.page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert tab.page.evaluate(WORDS_BROKEN) == []  # the status table's "baratheon", "Fiefdoms" stay whole
    # One column: whose turn first, then the board and the game's history, the Record panel after them; seen so and
    # read so (a keyboard's and a screen reader's order is the document's).
    assert tab.page.evaluate(IN_DOCUMENT_ORDER) == ["status-panel", "board-frame", "notation", "recorder"]
    tops = tab.page.evaluate(TOPS)
    assert tops == sorted(tops)
    screenshot(tab, "phone-game")
    tab.page.click("#to-recorder")  # the Record panel comes after the history...
    top = "() => document.getElementById('recorder').getBoundingClientRect().top"
    # ...and one tap at the top brings it into sight (near the page's end, it stops short of the very top)
    tab.page.wait_for_function(f"({top})() >= 0 && ({top})() < innerHeight / 2")
    tab.page.set_viewport_size({"width": 1400, "height": 1000})  # beside the board, the panel heads its column again
    tab.page.wait_for_function(f"({IN_DOCUMENT_ORDER})().join() === 'board-frame,status-panel,recorder,notation'")
    assert tab.errors == []


def _transcript_with_a_two_faced_roll(site: Site) -> str:
    """A freeform transcript with table dice whose v2 is red's roll of one die entered with two faces (CORE-DICE-1)."""
    body = {"ruleset": "freeform", "seats": [{"seat": "red"}], "dice": "table", "mode": "transcript"}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201, raw
    game: str = json.loads(raw)["id"]
    roll = {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [6, 2]}}
    assert site.served.post(f"/api/v1/games/{game}/actions", roll)[0] == 201
    return game


def test_an_overturned_line_says_so_once_and_an_unchecked_ruling_says_it_checked_nothing(site: Site, tab: Tab) -> None:
    """CORE-DICE-1: a transcript roll with two faces for one die, overturned by a ruling: its line reads struck, the
    correction's line says what it struck; an upheld appeal (the record stands again) lets it stand, live."""
    game = _transcript_with_a_two_faced_roll(site)
    note = {"type": "record", "seat": "red", "data": {"type": "parley", "data": {}}}
    assert site.served.post(f"/api/v1/games/{game}/actions", note)[0] == 201
    status, _, raw = site.served.post(f"/api/v1/games/{game}/disputes", {"version": 2, "claim": "one die, two faces"})
    assert status == 201, raw
    dispute = json.loads(raw)["id"]
    ruling = {"decision": "overturned", "reasoning": "one die", "rule_ids": ["CORE-DICE-1"]}
    assert site.served.post(f"/api/v1/disputes/{dispute}/ruling", ruling)[0] == 201
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()

    assert tab.page.inner_text("#notation li[data-version='2'] .mark.dispute") == "⚖ overturned"
    rolled = tab.page.locator("#notation li[data-version='2']")
    assert "red rolls" in rolled.locator("del").inner_text()  # the struck roll is crossed out...
    assert rolled.locator(".mark.struck").inner_text() == "struck by ruling 1"  # ...says by what...
    assert "struck by ruling 1" in (rolled.locator("button.line").get_attribute("aria-label") or "")  # ...aloud too
    assert tab.page.locator("#notation li[data-version='3'] del").count() == 0  # the parley after it stands
    assert "strikes v2" in tab.page.inner_text("#notation li[data-version='4']")  # the correction's own line
    screenshot(tab, "struck-line")
    tab.page.focus("#notation li[data-version='3'] button.line")  # a keyboard reading the parley's line
    appeal = {"claim": "the second face was a typo"}
    assert site.served.post(f"/api/v1/disputes/{dispute}/appeal", appeal)[0] == 201
    upheld = {"decision": "upheld", "reasoning": "the 6 was fair", "rule_ids": ["CORE-DICE-1"]}
    assert site.served.post(f"/api/v1/disputes/{dispute}/ruling", upheld)[0] == 201
    tab.page.wait_for_selector("#notation li[data-version='4'] del")  # the appeal's ruling struck the correction...
    assert tab.page.locator("#notation li[data-version='2'] del").count() == 0  # ...and the roll stands again
    assert tab.page.evaluate("document.activeElement.closest('li')?.dataset.version") == "3"  # the keyboard stayed
    tab.page.click("#notation li[data-version='3'] button.line")  # freeform checks nothing of a free action
    tab.page.wait_for_selector("#audit h3")
    assert "The ruleset checked nothing here." in tab.page.inner_text("#audit")
    # The roll's own ruling: "consistent" beside its recorded deviation says what it means, not a contradiction.
    tab.page.click("#notation li[data-version='2'] button.line")
    tab.page.wait_for_selector("#audit .verdict-meaning >> text=recorded as breaking them")
    assert "CORE-DICE-1" in tab.page.inner_text("#audit")
    assert tab.errors == []


IN_LIST_VIEW = """(version) => { const list = document.getElementById('notation');
  const line = list.querySelector(`li[data-version="${version}"]`); const box = list.getBoundingClientRect();
  const at = line.getBoundingClientRect(); return at.top >= box.top - 1 && at.bottom <= box.bottom + 1; }"""


def test_a_ruling_arriving_live_keeps_a_reader_who_stepped_back_on_their_line(site: Site, tab: Tab) -> None:
    """CORE-DICE-1: a ruling that strikes an earlier line redraws the notation; a reader stepped back to v30 of 42
    stayed at v30 (the board, the slider) but the list went back to its top and lost the current line's mark."""
    game = _transcript_with_a_two_faced_roll(site)
    for n in range(40):
        note = {"type": "record", "seat": "red", "data": {"type": "parley", "data": {"n": n}}}
        assert site.served.post(f"/api/v1/games/{game}/actions", note)[0] == 201
    status, _, raw = site.served.post(f"/api/v1/games/{game}/disputes", {"version": 2, "claim": "one die, two faces"})
    assert status == 201, raw
    dispute = json.loads(raw)["id"]
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.click("#notation li[data-version='30'] button.line")  # the reader steps back
    tab.page.wait_for_function(IN_LIST_VIEW, arg=30)

    ruling = {"decision": "overturned", "reasoning": "one die", "rule_ids": ["CORE-DICE-1"]}
    assert site.served.post(f"/api/v1/disputes/{dispute}/ruling", ruling)[0] == 201
    tab.page.wait_for_selector("#notation li[data-version='2'] del")  # the list was drawn again, v2 struck
    tab.page.wait_for_selector("#notation li[data-version='43']")  # with the correction's line

    assert tab.page.input_value("#vcr-slider") == "30"
    assert tab.page.get_attribute("#notation li[data-version='30']", "aria-current") == "step"
    assert tab.page.evaluate(IN_LIST_VIEW, 30)
    assert tab.errors == []


def test_an_ended_campaign_reads_how_it_ended_in_words_on_a_phone(site: Site, tab: Tab) -> None:
    """CORE-END-1: the sample RV campaign was ended by the recorder with a reason; the status said it as the event's
    JSON ({"by":"recorder",…}). On a phone every standalone link (the site's header) is a finger's 44 px too, and
    the status table fits the screen."""
    game = site.games["cedofan_rv_siege_of_brod"]
    tab.page.set_viewport_size({"width": 390, "height": 844})
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()

    ended = tab.page.inner_text("#status-panel .ended")
    assert ended == "Ended by recorder · reason: sample campaign ends after three rounds", ended
    assert tab.page.evaluate(SMALL_CONTROLS) == []
    assert tab.page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # The four-column status fits whole: its "office" column was cut at the screen's edge ("army comman…").
    status = "#status-panel table.seats"
    assert tab.page.evaluate(f"() => document.querySelector('{status}').scrollWidth") <= 358
    screenshot(tab, "phone-ended-campaign")
    assert tab.errors == []


def test_an_untitled_game_is_named_by_its_seats_on_its_page_and_in_the_games_list(site: Site, tab: Tab) -> None:
    body = {"ruleset": "agot2", "board": "base", "seats": [{"seat": s} for s in ("baratheon", "lannister", "stark")]}
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201, raw
    game = json.loads(raw)["id"]

    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()

    # The three Houses by their names, not the game's id.
    assert tab.page.inner_text("#game-title") == "Untitled game: Baratheon, Lannister, Stark"
    tab.open(f"{site.base}/games?ruleset=agot2")
    tab.page.wait_for_selector(f"#games tbody a[href='/games/{game}']")
    assert tab.page.inner_text(f"#games tbody a[href='/games/{game}']") == "Untitled game: Baratheon, Lannister, Stark"
    assert tab.errors == []
