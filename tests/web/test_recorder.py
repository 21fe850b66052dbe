"""The recorder in a real browser (issue 14): what the game waits for, the legal choices as a form generated from the
action's schema, table dice entered in the declared order, sealed submissions, and a refusal shown with its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web.conftest import Site, Tab, screenshot, with_token


def _game(site: Site, **body: Any) -> str:
    payload = {"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}], "dice": "table", **body}
    status, _, raw = site.served.post("/api/v1/games", payload)
    assert status == 201, raw
    found: str = json.loads(raw)["id"]
    return found


def _events(site: Site, game: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = site.api(f"/api/v1/games/{game}/events")["items"]
    return items


def _open_round(site: Site, game: str, name: str) -> None:
    status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", {"type": "open_sealed", "data": {"round": name}})
    assert status == 201, raw


def _open_recorder(site: Site, tab: Tab, game: str) -> None:
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.wait_for_selector("#recorder:not([hidden]) #pending-seats fieldset")


def _red_roll(site: Site, tab: Tab) -> str:
    """A new red/blue game with table dice, its recorder open on red's roll."""
    game = _game(site)
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='red'] button[data-type='roll']")
    return game


def test_a_new_game_is_started_from_the_games_list_and_opens_on_its_recorder(site: Site, tab: Tab) -> None:
    """The games list offers a token that may create games a New game form: a refusal is the API's, field by field
    (KK-SETUP-1 names the provinces), and a game created opens on its Record panel (FF-ACTION-1)."""
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games")
    tab.page.click("#new-game summary")
    tab.page.select_option("#new-game-form [name=ruleset]", "kard_es_korona")
    tab.page.wait_for_selector("#new-game-form [name=board] option[value='basic']", state="attached")
    tab.page.fill("#new-game-form [name=seats]", "red, blue")
    tab.page.click("#new-game-form button[type=submit]")
    assert "KK-SETUP-1" in tab.page.wait_for_selector("#new-game-error:not([hidden])").inner_text()

    tab.page.select_option("#new-game-form [name=ruleset]", "freeform")
    tab.page.wait_for_selector("#new-game-form [name=board] option[value='']", state="attached")
    tab.page.fill("#new-game-form [name=title]", "Friday, table 2")
    tab.page.click("#new-game-form button[type=submit]")
    tab.page.wait_for_url("**/games/*")
    tab.wait_ready()
    tab.page.wait_for_selector("#recorder:not([hidden]) #pending-seats fieldset[data-seat='blue']")
    game = tab.page.url.rsplit("/", 1)[1]
    created = site.api(f"/api/v1/games/{game}")
    assert created["title"] == "Friday, table 2" and [s["seat"] for s in created["seats"]] == ["red", "blue"]
    assert all("422" in error for error in tab.errors)


def test_the_games_list_offers_no_new_game_form_to_an_anonymous_reader(site: Site, tab: Tab) -> None:
    tab.open(f"{site.base}/games")
    tab.page.wait_for_selector("#games tbody tr")
    assert tab.page.locator("#new-game").is_hidden()
    assert tab.errors == []


def test_a_roll_with_table_dice_is_recorded_from_the_offered_choice(site: Site, tab: Tab) -> None:
    game = _game(site)
    _open_recorder(site, tab, game)

    assert "FF-ACTION-1" in tab.page.inner_text("#pending-summary")
    tab.page.click("#pending-seats fieldset[data-seat='red'] button[data-type='roll']")
    tab.page.click("#record-choices button[data-choice='1']")  # the second offered choice: two dice
    assert tab.page.input_value("#record-fields [data-field='count']") == "2"
    assert "faces" in tab.page.inner_text("#record-dice-order")  # the order the action declares
    assert "`" not in tab.page.inner_text("#record-dice-order")  # FF-ROLL-1's "the `count` faces": count as code
    assert tab.page.inner_text("#record-dice-order code") == "count"
    assert tab.page.inner_text("#record-dice-label") == "Roll 2 dice"  # FF-ROLL-1: as many faces as `count` says
    tab.page.fill("#record-fields [data-field='count']", "1")
    assert tab.page.inner_text("#record-dice-label") == "Roll 1 die"
    tab.page.fill("#record-fields [data-field='count']", "2")
    tab.page.fill("#record-dice", "6 3")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")

    rolled = _events(site, game)[-1]
    assert rolled["type"] == "DiceRolled" and rolled["data"]["faces"] == [6, 3] and rolled["data"]["seat"] == "red"
    tab.page.wait_for_selector("#notation li[data-version='2']")  # the page shows what it recorded at once
    screenshot(tab, "recorder-freeform")
    assert tab.errors == []


def test_a_refused_action_shows_the_rule_it_breaks_and_records_nothing(site: Site, tab: Tab) -> None:
    """FF-SEAL-1: a round name already used in the game is refused."""
    game = _game(site)
    status, _, raw = site.served.post(
        f"/api/v1/games/{game}/actions", {"type": "open_sealed", "data": {"round": "bids"}}
    )
    assert status == 201, raw
    _open_recorder(site, tab, game)

    tab.page.click("#pending-seats fieldset[data-seat='blue'] button[data-type='open_sealed']")
    tab.page.fill("#record-fields [data-field='round']", "bids")
    tab.page.click("#record-send")
    refusal = tab.page.wait_for_selector("#record-result .refused[data-rule='FF-SEAL-1']")

    assert "FF-SEAL-1" in refusal.inner_text() and "already open" in refusal.inner_text()
    assert refusal.inner_text().count("FF-SEAL-1") == 1  # the link names the rule; the API's words follow it
    assert len(_events(site, game)) == 2
    assert all("422" in error for error in tab.errors)  # the browser logs the refused request, nothing else


def test_a_refusal_that_breaks_several_rules_lists_every_one_of_them(site: Site, tab: Tab) -> None:
    """A 422 names the first rule in `detail` and every broken rule in `violations` (e.g. KK-CASTLE-2 with
    KK-RECRUIT-4, tests/api/test_kard_es_korona_api.py): the page lists them all. The API's answer is stood in
    for here (page.route), so the rendering is tested on the exact problem shape whatever ruleset sends it."""
    game = _game(site)
    _open_recorder(site, tab, game)
    problem = {
        "type": "https://annals.example/problems/rule-violation",
        "title": "The action breaks a rule",
        "status": 422,
        "detail": "FF-SEAL-1: round 'bids' is already open",
        "rule": {"id": "FF-SEAL-1", "summary": "A sealed round has a fresh name", "source_quote": None},
        "violations": [
            {"rule_id": "FF-SEAL-1", "message": "round 'bids' is already open", "details": {}},
            {"rule_id": "FF-ACTION-1", "message": "the seat is not waited for", "details": {}},
        ],
    }
    tab.page.route(
        f"**/api/v1/games/{game}/actions",
        lambda route: route.fulfill(status=422, content_type="application/problem+json", body=json.dumps(problem)),
    )

    tab.page.click("#pending-seats fieldset[data-seat='blue'] button[data-type='open_sealed']")
    tab.page.fill("#record-fields [data-field='round']", "bids")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .refused[data-rule='FF-SEAL-1']")

    more = tab.page.locator("#record-result .more-violations li")
    assert more.count() == 1 and "the seat is not waited for" in more.first.inner_text()
    assert more.first.get_attribute("data-rule") == "FF-ACTION-1"
    assert all("422" in error for error in tab.errors)


def test_a_mistyped_die_is_quoted_as_typed_and_nothing_is_sent(site: Site, tab: Tab) -> None:
    """CORE-DICE-1: a face is 1 to 6; the page names the one typed wrong ("x", not "NaN") before anything is sent."""
    game = _red_roll(site, tab)
    tab.page.fill("#record-dice", "4 x")
    tab.page.click("#record-send")

    refusal = tab.page.wait_for_selector("#record-result .refused").inner_text()
    assert '"x" is not a face from 1 to 6' in refusal and "NaN" not in refusal
    assert len(_events(site, game)) == 1
    assert tab.errors == []


def test_a_sealed_submission_is_sent_for_the_waited_seat_and_the_round_waits_on_the_other(site: Site, tab: Tab) -> None:
    game = _game(site)
    status, _, raw = site.served.post(
        f"/api/v1/games/{game}/actions", {"type": "open_sealed", "data": {"round": "bids"}}
    )
    assert status == 201, raw
    _open_recorder(site, tab, game)

    tab.page.click("#pending-seats fieldset[data-seat='red'] button[data-type='seal']")
    tab.page.fill("#record-fields [data-field='payload']", '{"bid": 4}')
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")

    assert _events(site, game)[-1]["type"] == "SubmissionSealed"
    tab.page.wait_for_function("() => !document.querySelector(\"fieldset[data-seat='red'] button[data-type='seal']\")")
    assert tab.page.locator("fieldset[data-seat='blue'] button[data-type='seal']").count() == 1
    assert tab.errors == []


def test_a_keyboard_user_keeps_their_place_after_send(site: Site, tab: Tab) -> None:
    """Send pressed from the keyboard leaves the focus on Send while its form stays, and on the first action waited
    for once the form is gone (FF-SEAL-1: red has sealed) — never back at the top of the page."""
    game = _game(site)
    _open_round(site, game, "bids")
    _open_recorder(site, tab, game)

    tab.page.focus("#pending-seats fieldset[data-seat='red'] button[data-type='roll']")
    tab.page.keyboard.press("Enter")
    tab.page.fill("#record-dice", "4")
    tab.page.focus("#record-send")
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_selector("#record-result .recorded")
    tab.page.wait_for_function("() => document.activeElement.id === 'record-send'")

    tab.page.focus("#pending-seats fieldset[data-seat='red'] button[data-type='seal']")
    tab.page.keyboard.press("Enter")
    tab.page.fill("#record-fields [data-field='payload']", '{"bid": 2}')
    tab.page.focus("#record-send")
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_selector("#record-form", state="hidden")
    first_waited = "document.querySelector('#pending-seats button.option')"
    tab.page.wait_for_function(f"() => document.activeElement === {first_waited}")
    assert [e["type"] for e in _events(site, game)][-2:] == ["DiceRolled", "SubmissionSealed"]
    assert tab.errors == []


def test_a_live_event_keeps_the_keyboard_on_the_action_it_stood_on(site: Site, tab: Tab) -> None:
    """Another recorder's action re-renders what the game waits for (the live stream): a keyboard user standing on
    red's roll stays on it, not sent back to the top of the page with the button that was replaced."""
    game = _game(site)
    _open_recorder(site, tab, game)
    tab.page.focus("#pending-seats fieldset[data-seat='red'] button[data-type='roll']")
    before = tab.page.get_attribute("#recorder", "data-version")
    _open_round(site, game, "bids")
    tab.page.wait_for_function(f"() => document.querySelector('#recorder').dataset.version !== '{before}'")
    focused = "(() => { const a = document.activeElement; return [a.dataset.seat, a.dataset.type]; })()"
    assert tab.page.evaluate(focused) == ["red", "roll"]
    assert tab.errors == []


def test_the_keyboard_skips_from_the_games_header_to_the_first_waited_action(site: Site, tab: Tab) -> None:
    """On a wide screen the Record panel is a dozen Tabs away: the Tab after the view's selector is a skip link,
    shown once focused, that lands on the first action the game waits for."""
    game = _game(site)
    _open_recorder(site, tab, game)
    hidden = tab.page.locator("#to-recorder").bounding_box() or {}
    assert hidden["width"] <= 1

    tab.page.focus("#seat")
    tab.page.keyboard.press("Tab")
    assert tab.page.evaluate("() => document.activeElement.id") == "to-recorder"
    shown = tab.page.locator("#to-recorder").bounding_box() or {}
    assert shown["width"] > 40
    tab.page.keyboard.press("Enter")
    first_waited = "document.querySelector('#pending-seats button.option')"
    tab.page.wait_for_function(f"() => document.activeElement === {first_waited}")
    assert tab.errors == []


def test_the_recorder_fits_a_tablet_held_upright_with_touch_sized_targets(site: Site, tab: Tab) -> None:
    """Issue 14: usable on a tablet — no sideways scrolling at 768 px, and every control a finger's 44 px."""
    game = _game(site)
    tab.page.set_viewport_size({"width": 768, "height": 1024})
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='red'] button[data-type='roll']")

    overflow = tab.page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    heights = tab.page.evaluate(
        "() => [...document.querySelectorAll('#recorder button')].filter(b => b.offsetParent)"
        ".map(b => b.getBoundingClientRect().height)"
    )
    assert overflow <= 0
    assert heights and min(heights) >= 44
    screenshot(tab, "recorder-tablet")
    assert tab.errors == []


def test_what_is_typed_stays_when_another_client_records_meanwhile(site: Site, tab: Tab) -> None:
    game = _red_roll(site, tab)
    tab.page.fill("#record-fields [data-field='count']", "3")
    tab.page.fill("#record-fields [data-field='purpose']", "attack on the ford")
    tab.page.fill("#record-dice", "4 4 2")

    status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", {"type": "note", "seat": "blue", "data": {}})
    assert status == 201, raw
    tab.page.wait_for_selector("#notation li[data-version='2']")  # the live update has arrived
    tab.page.wait_for_function("document.querySelector('#recorder').dataset.version === '2'")  # and the pending with it

    assert tab.page.input_value("#record-fields [data-field='count']") == "3"
    assert tab.page.input_value("#record-fields [data-field='purpose']") == "attack on the ford"
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    rolled = _events(site, game)[-1]
    assert rolled["type"] == "DiceRolled" and rolled["data"]["faces"] == [4, 4, 2]
    assert tab.errors == []


def test_ff_action_1_an_action_of_any_type_is_recorded_with_its_data(site: Site, tab: Tab) -> None:
    game = _game(site, dice="server")
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='red'] button[data-type='roll']")
    assert not tab.page.is_visible("#record-dice-field")  # server dice: nothing to type
    tab.page.click("#pending-seats fieldset[data-seat='red'] button[data-type='record']")
    tab.page.fill("#record-fields [data-field='type']", "move")
    tab.page.fill("#record-fields [data-field='data']", '{"from": "pest", "to": "buda"}')
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")

    moved = _events(site, game)[-1]
    assert moved["type"] == "ActionRecorded", moved
    assert moved["data"]["type"] == "move" and moved["data"]["data"] == {"from": "pest", "to": "buda"}
    assert moved["data"]["seat"] == "red"
    assert tab.errors == []


def test_core_end_1_the_table_ends_the_game_from_the_recorder(site: Site, tab: Tab) -> None:
    game = _game(site)
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='table'] button[data-type='end_game']")
    assert "CORE-END-1" in tab.page.inner_text("#record-what")
    assert tab.page.inner_text("#record-what strong") == "end game"  # as its button says, not the API's end_game
    assert tab.page.inner_text("#record-choices-note") == "No choice is listed: fill in the form."
    tab.page.click("#pending-seats fieldset[data-seat='table'] button[data-type='adjust']")
    # The changes are rows of a change's fields, each showing the action's example of it (a JSON pointer, a value).
    changes = tab.page.locator("#record-fields fieldset[data-field='changes']")
    changes.get_by_role("button", name="Add a row to changes").click()
    assert changes.locator("input[data-field='path']").get_attribute("placeholder") == "e.g. /year"
    assert changes.locator("textarea[data-field='value']").get_attribute("placeholder") == "e.g. 1302"
    changes.get_by_role("button", name="Remove changes 1").click()
    tab.page.click("#record-send")  # CORE-ADJUST-1: a reason and the changes are required, and both are empty
    refused = tab.page.wait_for_selector("#record-result .refused").inner_text()
    assert refused == "reason, changes: required, fill them in"
    assert len(_events(site, game)) == 1  # nothing was sent
    tab.page.click("#pending-seats fieldset[data-seat='table'] button[data-type='end_game']")
    tab.page.fill("#record-fields [data-field='winners']", '["red"]')
    tab.page.fill("#record-fields [data-field='reason']", "blue conceded")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")

    assert site.api(f"/api/v1/games/{game}")["status"] == "ended"
    tab.page.wait_for_function("document.getElementById('live').textContent === 'ended'")
    assert "ended" in tab.page.inner_text("#game-facts")
    assert "The game has ended." in tab.page.inner_text("#pending-summary")
    assert tab.errors == []


def test_a_view_chosen_after_live_updates_keeps_the_versions_they_brought(site: Site, tab: Tab) -> None:
    game = _game(site)
    _open_recorder(site, tab, game)
    for n in range(3):
        status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", {"type": "note", "data": {"n": n}})
        assert status == 201, raw
    tab.page.wait_for_selector("#notation li[data-version='4']")
    tab.page.select_option("#seat", "red")
    tab.page.wait_for_function("new URLSearchParams(location.search).get('as') === 'red'")  # the view is reloaded
    assert tab.page.inner_text("#vcr-at") == "version 4 of 4"
    assert tab.page.locator("#notation li").count() == 4
    assert tab.errors == []


def test_each_seat_adds_its_client_seed_from_the_recorder_until_the_first_server_die(site: Site, tab: Tab) -> None:
    """CORE-DICE-3: one client seed per seat, before any server die; the rules never wait for one."""
    game = _game(site, dice="server")
    _open_recorder(site, tab, game)

    tab.page.click("#pending-seats fieldset[data-seat='red'] button[data-type='add_client_seed']")
    tab.page.fill("#record-fields [data-field='client_seed']", "red-7d1c")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    added = _events(site, game)[-1]
    tab.page.wait_for_function(
        "() => !document.querySelector(\"fieldset[data-seat='red'] button[data-type='add_client_seed']\")"
    )
    blue_offered = tab.page.locator("fieldset[data-seat='blue'] button[data-type='add_client_seed']").count()
    status, _, raw = site.served.post(
        f"/api/v1/games/{game}/actions", {"type": "roll", "seat": "blue", "data": {"count": 1}}
    )
    assert status == 201, raw
    tab.page.wait_for_function(
        "() => !document.querySelector(\"fieldset[data-seat='blue'] button[data-type='add_client_seed']\")"
    )

    assert added["type"] == "ClientSeedAdded" and added["data"] == {"seat": "red", "client_seed": "red-7d1c"}
    assert blue_offered == 1  # blue has not added one yet; after the roll nobody may
    assert tab.errors == []


def _player_token(site: Site, seat_holders: dict[str, str]) -> tuple[str, str]:
    """A game whose seats are held by new players, and a player token of the first seat's player."""
    held = {}
    for seat, name in seat_holders.items():
        status, _, raw = site.served.post("/api/v1/players", {"name": name})
        assert status == 201, raw
        held[seat] = json.loads(raw)["id"]
    game = _game(site, seats=[{"seat": seat, "player": player} for seat, player in held.items()])
    status, _, raw = site.served.post("/api/v1/tokens", {"role": "player", "player": next(iter(held.values()))})
    assert status == 201, raw
    return game, str(json.loads(raw)["token"])


def test_a_player_token_is_offered_only_its_own_seats_actions(site: Site, tab: Tab) -> None:
    """A player token acts only for the seats its player holds: red's options would only be refused (403)."""
    game, blue = _player_token(site, {"blue": "Bea", "red": "Rob"})
    with_token(tab, blue)
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.wait_for_selector("#recorder:not([hidden]) #pending-seats fieldset[data-seat='blue'] button.option")

    assert tab.page.locator("fieldset[data-seat='blue'] button[data-type='roll']").count() == 1
    assert tab.page.locator("fieldset[data-seat='red'] button.option").count() == 0
    assert "nothing this token may send" in tab.page.inner_text("fieldset[data-seat='red']")  # still listed
    assert tab.errors == []


def test_a_double_tap_on_send_records_the_action_once(site: Site, tab: Tab) -> None:
    """Each send carries a fresh Idempotency-Key, so the API would take a second tap as a second roll."""
    game = _red_roll(site, tab)
    tab.page.fill("#record-dice", "4")
    tab.page.dblclick("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    tab.page.wait_for_selector("#record-send:enabled")  # ready for the next action once the API has answered

    assert [e["type"] for e in _events(site, game)] == ["GameCreated", "DiceRolled"]
    assert tab.page.input_value("#record-dice") == ""  # the recorded faces are not offered for the next roll
    assert tab.errors == []


def _kbs_game(site: Site, *begun: str) -> str:
    """A new cedofan Kards game on the demonstration map with table dice, `begun` recorded (KBS-AMB-20)."""
    seats = ["zapad", "rudern", "stiny", "ostius"]
    options = {"giant_repelled_influence": 2, "recruit_cost": 1, "turn_order": seats}
    game = _game(
        site, ruleset="cedofan_kards_bs", board="demonstration", options=options, seats=[{"seat": s} for s in seats]
    )
    for action in begun:
        status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", {"type": action, "data": {}})
        assert status == 201, raw
    return game


def test_kbs_amb_20_beginning_the_turns_of_round_1_asks_for_no_table_dice(site: Site, tab: Tab) -> None:
    """KBS-GNT-1, KBS-PIR-1: no raid in round 1, so the pending says begin_turns rolls nothing and no box asks."""
    game = _kbs_game(site, "start_round")
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='table'] button[data-type='begin_turns']")
    assert tab.page.locator("#record-dice-field").is_hidden()
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    assert tab.errors == []


def test_every_legal_move_is_found_by_a_word_of_it_when_more_are_legal_than_listed(site: Site, tab: Tab) -> None:
    """KBS-MOV-5: of an army's many legal moves the first 40 are listed; the others are found by an area or the army's
    name."""
    game = _kbs_game(site, "start_round", "begin_turns")
    pending = site.api(f"/api/v1/games/{game}/pending?as=arbiter")
    option = next(o for w in pending["waiting"] for o in w["options"] if o["type"] == "move_army")
    moves = option["choices"]
    assert len(moves) > 40
    last = moves[-1]
    names = {d["id"]: d["name"] for d in option["fields"]["unit_details"]}
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='zapad'] button[data-type='move_army']")
    assert tab.page.locator("#record-choices button").count() == 40
    assert f"{len(moves)} legal choices" in tab.page.inner_text("#record-choices-note")

    tab.page.fill("#record-filter", f"{names[last['army']]} {' '.join(last['path'])}")  # the army by its name
    tab.page.keyboard.press("Enter")  # finds, never sends
    tab.page.click(f"#record-choices button[data-choice='{len(moves) - 1}']")
    path = tab.page.locator("#record-fields fieldset[data-field='path'] li").evaluate_all(
        "(l) => l.map((i) => i.dataset.value)"
    )
    assert path == last["path"]
    assert " of " in tab.page.inner_text("#record-choices-note")
    assert tab.page.inner_text("#record-result") == ""
    assert tab.errors == []


def test_got_term_6_a_sealed_bid_is_entered_in_the_fields_its_payload_declares(site: Site, tab: Tab) -> None:
    """GOT-TERM-6: a bid of Power is sealed from an "amount" number field (the declared payload), not typed as JSON."""
    sample = Path(__file__).resolve().parents[2] / "replays" / "samples" / "agot2_north_two_rounds.sample.json"
    body = {k: v for k, v in json.loads(sample.read_text())["game"].items() if k not in ("title", "mode")}
    game = _game(site, **body)
    pending = site.api(f"/api/v1/games/{game}/pending?as=arbiter")
    bidding = next(o for w in pending["waiting"] for o in w["options"] if o["type"] == "open_bidding")
    opened = {"type": "open_bidding", "data": bidding["choices"][0]}
    status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", opened)
    assert status == 201, raw
    _open_recorder(site, tab, game)

    tab.page.click("#pending-seats fieldset[data-seat='stark'] button[data-type='seal']")
    assert tab.page.locator("#record-fields [data-field='payload']").count() == 0
    tab.page.fill("#record-fields input[data-field='amount']", "0")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    assert _events(site, game)[-1]["type"] == "SubmissionSealed"
    assert tab.errors == []


def test_a_tapped_action_brings_its_form_into_sight_on_a_phone_held_sideways(site: Site, tab: Tab) -> None:
    """FF-ACTION-1: the form of an action opens below every waited seat's buttons; a tap that opened it off the
    screen seemed to do nothing."""
    game = _game(site)
    tab.page.set_viewport_size({"width": 844, "height": 390})
    _open_recorder(site, tab, game)
    tab.page.click("#to-recorder")
    tab.page.click("#pending-seats fieldset[data-seat='blue'] button[data-type='roll']")

    top = tab.page.evaluate("() => document.getElementById('record-what').getBoundingClientRect().top")
    assert -1 <= top < 390 / 2  # its head at the top (a sub-pixel above it once scrolled there)
    assert tab.page.evaluate("document.activeElement.dataset.type") == "roll"  # the focus stays on the button
    assert tab.errors == []


def test_got_x_25_orders_are_sealed_from_one_row_per_area_and_a_token_twice_is_refused_before_sending(
    site: Site, tab: Tab
) -> None:
    """GOT-X-14/X-25/COURT-1: a House's orders are placed one row per area holding its units, from drop-downs of its
    tokens (each once, stars within the King's Court); the raw JSON stays behind a disclosure."""
    seats = [{"seat": s} for s in ("stark", "lannister", "baratheon")]
    game = _game(site, ruleset="agot2", board="base", seats=seats, dice="server")
    status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", {"type": "plan_orders", "data": {}})
    assert status == 201, raw
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='stark'] button[data-type='seal']")
    rows = tab.page.locator("#record-fields .order-row label")
    assert rows.all_inner_texts() == ["The Shivering Sea", "White Harbor", "Winterfell"]
    assert tab.page.locator("#record-fields details.raw-payload:not([open]) [data-field='orders']").count() == 1
    assert "order token id" not in tab.page.inner_text("#record-form")
    assert "tokens:" not in tab.page.inner_text("#record-fields-note")
    first = tab.page.inner_text("#record-choices button[data-choice='0']")  # a listed set reads as the rows would
    # By printed face, as the notation names them: "March +0", not "March 0" (GOT-STRENGTH-3).
    assert first == "The Shivering Sea: March +0 · White Harbor: Support +0 · Winterfell: Defense +1"

    # A House's two plain Raids are one printed token: each row offers "Raid" once, "Raid ★" apart, until both
    # copies are placed.
    names = tab.page.locator("select[data-area='winterfell'] option").all_inner_texts()
    assert names.count("Raid") == 1 and names.count("Raid ★") == 1 and names.count("Defense +1") == 1
    tab.page.select_option("select[data-area='shivering_sea']", label="Raid")
    tab.page.select_option("select[data-area='winterfell']", label="Raid")
    placed = [tab.page.input_value(f"select[data-area='{a}']") for a in ("shivering_sea", "winterfell")]
    assert sorted(placed) == ["raid_a", "raid_b"]
    harbor_raid = tab.page.locator("select[data-area='white_harbor'] option", has_text="Raid").first
    assert harbor_raid.inner_text() == "Raid" and harbor_raid.is_disabled()
    tab.page.evaluate(
        "(s => { s.value = 'raid_a'; s.dispatchEvent(new Event('change')); })"
        "(document.querySelector(\"select[data-area='white_harbor']\"))"
    )
    before = len(_events(site, game))
    tab.page.click("#record-send")
    assert "placed twice" in tab.page.wait_for_selector("#record-result .refused").inner_text()
    assert len(_events(site, game)) == before

    tab.page.select_option("select[data-area='winterfell']", "march_plus1")
    tab.page.select_option("select[data-area='white_harbor']", "support_0_a")
    screenshot(tab, "agot_orders_rows")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    assert _events(site, game)[-1]["type"] == "SubmissionSealed"
    sealed = site.api(f"/api/v1/games/{game}/pending?as=arbiter")["waiting"]
    assert "stark" not in [w["seat"] for w in sealed]
    assert tab.errors == []
