"""The recorder at a Kard és Korona table (issue 14): the setup recorded from the page's offered choices, then a
battle's exchange with table dice entered in the declared order — a wrong count refused with its rule
(CORE-DICE-1), the right one recorded."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.domain.kard_es_korona.small_boards import province_board
from tests.web.conftest import Site, Tab, screenshot, with_token

SETUP_PHASES = ("first_player", "placement", "neutral_placement")
MOST_STEPS = 800


def _kk_game(site: Site) -> str:
    body = {
        "ruleset": "kard_es_korona",
        "board": "basic",
        "seats": [{"seat": "erdely"}, {"seat": "felvidek"}, {"seat": "szlavonia"}],
        "dice": "table",
        "options": {"variant": "basic"},
    }
    status, _, raw = site.served.post("/api/v1/games", body)
    assert status == 201, raw
    found: str = json.loads(raw)["id"]
    return found


def _pending(site: Site, game: str) -> dict[str, Any]:
    found: dict[str, Any] = site.api(f"/api/v1/games/{game}/pending?as=arbiter")
    return found


def _phase(site: Site, game: str) -> str:
    return str(site.api(f"/api/v1/games/{game}/state?as=arbiter")["state"]["state"]["phase"])


def _rolled(raw: bytes) -> int | None:
    """How many faces a table-dice action rolls, from its CORE-DICE-1 refusal (None for another refusal)."""
    problem = json.loads(raw)
    for violation in problem.get("violations", []):
        if violation["rule_id"] == "CORE-DICE-1" and "rolled" in violation.get("details", {}):
            return int(violation["details"]["rolled"])
    return None


def _record(
    site: Site, game: str, seat: str | None, option: dict[str, Any], data: dict[str, Any], rng: random.Random
) -> None:
    """Send a choice as the recorder would; with table dice, first as many faces as could be needed, then the count
    the CORE-DICE-1 refusal names."""
    path = f"/api/v1/games/{game}/{option['endpoint']}"
    if option["endpoint"] == "sealed":
        status, _, raw = site.served.post(path, {"seat": seat, **data})
        assert status == 201, raw
        return
    body: dict[str, Any] = {"type": option["type"], "seat": seat, "data": dict(data)}
    if option["dice"]:
        body["data"]["dice"] = [rng.randint(1, 6) for _ in range(60)]
    status, _, raw = site.served.post(path, body)
    if status == 422 and option["dice"] and (count := _rolled(raw)) is not None:
        body["data"]["dice"] = body["data"]["dice"][:count]
        status, _, raw = site.served.post(path, body)
    assert status == 201, (body, raw)


def _play_until(site: Site, game: str, wanted: str, rng: random.Random) -> dict[str, Any]:
    """Record pending's choices (a seeded pick) until the game waits for `wanted`; that pending."""
    for _ in range(MOST_STEPS):
        pending = _pending(site, game)
        offered = [(w["seat"], o) for w in pending["waiting"] for o in w["options"] if o["choices"]]
        if any(o["type"] == wanted for _, o in offered):
            return pending
        moves = [(s, o) for s, o in offered if o["type"] == "move"]
        seat, option = moves[0] if moves and rng.random() < 0.8 else offered[rng.randrange(len(offered))]
        choice = option["choices"][0] if option["type"] == "move" else rng.choice(option["choices"])
        _record(site, game, seat, option, choice, rng)
    raise AssertionError(f"the game never waited for {wanted} in {MOST_STEPS} steps")


def _open(site: Site, tab: Tab, game: str) -> None:
    with_token(tab, site.served.token)
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    tab.page.wait_for_selector("#recorder:not([hidden]) #pending-seats fieldset")


def _settled(site: Site, tab: Tab, game: str) -> None:
    """Wait until the recorder shows what the game waits for at its newest version."""
    version = site.api(f"/api/v1/games/{game}")["version"]
    tab.page.wait_for_selector(f"#recorder[data-version='{version}']")


def test_a_kard_es_korona_setup_is_recorded_from_the_page(site: Site, tab: Tab) -> None:
    """KK-TURN-3: every player rolls one die and the highest starts; KK-SETUP-6..8: each places in his province."""
    game = _kk_game(site)
    _open(site, tab, game)

    assert "roll for first player" in tab.page.inner_text("#pending-seats")
    tab.page.click("#pending-seats fieldset[data-seat='table'] button[data-type='roll_for_first_player']")
    # The roll takes no data but its dice: no choice button that would fill nothing, the note says so.
    assert tab.page.locator("#record-choices button").count() == 0
    assert tab.page.inner_text("#record-choices-note") == "This action takes no data: Send records it."
    tab.page.fill("#record-dice", "2 6 3")  # one die per seat in seating order
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    assert _phase(site, game) not in ("first_player",)
    for _ in range(40):
        if _phase(site, game) not in SETUP_PHASES:
            break
        _settled(site, tab, game)
        tab.page.locator("#pending-seats button.option").first.click()
        tab.page.click("#record-choices button[data-choice='0']")
        tab.page.click("#record-send")
        tab.page.wait_for_selector("#record-result .recorded, #record-result .refused")
        assert tab.page.locator("#record-result .refused").count() == 0, tab.page.inner_text("#record-result")
    assert _phase(site, game) not in SETUP_PHASES
    events = site.api(f"/api/v1/games/{game}/events")["items"]
    assert events[1]["type"] == "DiceRolled" and events[1]["data"]["faces"] == [2, 6, 3]
    assert any(e["type"] == "StartingForcesPlaced" for e in events)
    screenshot(tab, "recorder-kard-es-korona-setup")
    assert tab.errors == []


def test_kk_setup_7_the_placement_choices_and_legal_values_read_as_words_not_json(site: Site, tab: Tab) -> None:
    """KK-SETUP-7: the placing player's units and counties are listed as a person reads them, not as JSON text."""
    game = _kk_game(site)
    rolled = {"type": "roll_for_first_player", "data": {"dice": [2, 6, 3]}}
    status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", rolled)
    assert status == 201, raw
    _open(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='felvidek'] button[data-type='place_forces']")

    first = tab.page.inner_text("#record-choices button[data-choice='0']")
    units = tab.page.inner_text("#record-fields-note li[data-field='units']")
    assert first.startswith("lord: ") and " · placements: " in first and "cavalry: " in first
    assert units == "units: cavalry: 3, infantry: 5, archer: 4"
    assert not any(mark in first + tab.page.inner_text("#record-fields-note") for mark in '{["')
    # The lord's county is a select of the board's counties by their names, not hinted as "a county id".
    board = site.api(f"/api/v1/games/{game}")["board"]
    names = {area["id"]: area["name"] for area in site.api(f"/boards/{board}/drawing.json")["areas"]}
    offered = tab.page.eval_on_selector_all(
        "select[data-field='lord'] option", "os => os.map((o) => [JSON.parse(o.value), o.textContent])"
    )
    assert offered and all(text == names[county] for county, text in offered)
    assert "county id" not in tab.page.inner_text("#record-fields")
    assert tab.errors == []


def test_kk_battle_4_an_exchange_asks_for_its_dice_box_by_box_and_records_them(site: Site, tab: Tab) -> None:
    """KK-BATTLE-4: one die per rolling unit, a number the pending knows (`dice_count`): the page says "Roll N
    dice" with a box a die in the declared order, names a box left empty (CORE-DICE-1), and records what is typed."""
    game = _kk_game(site)
    pending = _play_until(site, game, "fight_exchange", random.Random(3))
    seat, count = next(
        (w["seat"], o["dice_count"]) for w in pending["waiting"] for o in w["options"] if o["type"] == "fight_exchange"
    )
    _open(site, tab, game)

    shown = seat or "table"
    tab.page.click(f"#pending-seats fieldset[data-seat='{shown}'] button[data-type='fight_exchange']")
    assert "attacker" in tab.page.inner_text("#record-dice-order")  # the order the action declares
    assert "takes no data" in tab.page.inner_text("#record-choices-note")  # the exchange's data is its dice
    assert tab.page.inner_text("#record-dice-label") == f"Roll {count} {'die' if count == 1 else 'dice'}"
    boxes = tab.page.locator("#record-dice-boxes input")
    assert boxes.count() == count and boxes.last.get_attribute("aria-label") == f"die {count} of {count}"
    assert tab.page.locator("#record-dice").is_hidden()
    before = site.api(f"/api/v1/games/{game}")["version"]
    boxes.first.click()
    tab.page.keyboard.type("5" * (count - 1))  # each face moves on to the next box; the last is left empty
    tab.page.click("#record-send")
    assert tab.page.inner_text("#record-result .refused") == f"dice: die {count} of {count} is not entered"
    boxes.last.fill("5")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")

    events = site.api(f"/api/v1/games/{game}/events?after={before}")["items"]
    rolls = [e for e in events if e["type"] == "DiceRolled"]
    assert [face for e in rolls for face in e["data"]["faces"]] == [5] * count
    screenshot(tab, "recorder-kard-es-korona-battle")  # full page: Chromium lays the page out taller, then back
    version = site.api(f"/api/v1/games/{game}")["version"]
    _current_line_in_sight(tab, version)
    tab.page.set_viewport_size({"width": 1400, "height": 1800})  # a window made taller and back clamps the scroll
    tab.page.set_viewport_size({"width": 1400, "height": 1000})
    _current_line_in_sight(tab, version)
    assert tab.errors == []


def _current_line_in_sight(tab: Tab, version: int) -> None:
    """Wait until the notation's current line is `version` and the list's scroll shows it whole (else time out)."""
    tab.page.wait_for_function(
        """(version) => {
          const list = document.getElementById("notation");
          const line = list.querySelector("li[aria-current]");
          const [box, at] = [list.getBoundingClientRect(), line.getBoundingClientRect()];
          return line.dataset.version === String(version) && at.top >= box.top - 1 && at.bottom <= box.bottom + 1;
        }""",
        arg=version,
        timeout=3_000,
    )


def test_kk_gen_6_a_transfer_offers_only_the_other_players_as_its_recipient(site: Site, tab: Tab) -> None:
    """KK-GEN-6: money is handed to another player, so the recorder's "to" lists the others, never the sender."""
    game = site.games["kard_es_korona_basic_three_lords"]  # still running, every lord with money: opened, not played
    _open(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='erdely'] button[data-type='transfer_money']")

    offered = tab.page.eval_on_selector_all("select[data-field='to'] option", "os => os.map((o) => o.textContent)")
    assert sorted(offered) == ["Felvidék", "Szlavónia"]  # the provinces by the game's names of the seats
    assert tab.errors == []


E3 = ["felvidek", "erdely", "delvidek", "pannonia"]  # the seating of tests/api/test_kard_es_korona_elections.py


def _ok(site: Site, game: str, body: dict[str, Any], path: str = "actions", token: str = "") -> list[dict[str, Any]]:
    headers = {"Authorization": f"Bearer {token}"} if token else None
    status, _, raw = site.served.post(f"/api/v1/games/{game}/{path}", body, headers=headers)
    assert status == 201, raw
    events: list[dict[str, Any]] = json.loads(raw).get("events", [])
    return events


def _judge_royal_lost_a_roll_off(site: Site) -> str:
    """E3's 1306 election (tests/api/test_kard_es_korona_elections.py): Felvidék, Judge Royal, ties Erdély for the
    Treasurer's office and loses the roll-off 1 to 5; he may reroll his die (KK-OFFICE-2)."""
    body = {"ruleset": "kard_es_korona", "board": province_board("basic"), "seats": [{"seat": s} for s in E3]}
    status, _, raw = site.served.post("/api/v1/games", {**body, "dice": "table", "options": {"variant": "basic"}})
    assert status == 201, raw
    game: str = json.loads(raw)["id"]
    units = {f"{s}_k2": {s: {"infantry": 1}} for s in E3}
    position = {
        "phase": "movement",
        "year": 1306,
        "starting_player": E3[0],
        "turn": E3[0],
        "units": units,
        "control": {c: next(iter(by)) for c, by in units.items()},
        "treasury": dict(zip(E3, (20, 15, 12, 9), strict=True)),
        "offices": {"judge_royal": E3[0], "treasurer": None, "palatine": None},
        "elections_held": 1,
    }
    more = (
        {"lords": {s: f"{s}_k2" for s in E3}, "allowances": dict.fromkeys(E3, 4)},
        {"steps_taken": dict.fromkeys(E3, 0)},
    )
    status, _, raw = site.served.post("/api/v1/tokens", {"role": "arbiter", "label": "web arbiter"})
    assert status == 201, raw
    arbiter = json.loads(raw)["token"]  # CORE-ADJUST-3: only an arbiter forces a position the setup never made
    for values in (position, *more):
        changes = [{"op": "set", "path": f"/{k}", "value": v} for k, v in values.items()]
        adjust = {"type": "adjust", "data": {"changes": changes, "reason": "E3's position", "force": True}}
        _ok(site, game, adjust, token=arbiter)
    events = [e for seat in E3 for e in _ok(site, game, {"type": "pass", "seat": seat, "data": {}})]
    for bids in ((6, 6, 0, 0), (4, 4, 1, 0)):
        round_id = events[-1]["data"]["round"]
        for seat, amount in zip(E3, bids, strict=True):
            events = _ok(site, game, {"seat": seat, "round": round_id, "payload": {"amount": amount}}, "sealed")
    _ok(site, game, {"type": "roll_off", "seat": E3[1], "data": {"dice": [1, 5]}})
    return game


def test_kk_office_2_the_judge_royals_reroll_asks_for_its_die_once_ticked_and_for_none_when_kept(
    site: Site, tab: Tab
) -> None:
    """KK-OFFICE-2: the count of the Judge Royal's tie die is his answer's (the pending's `dice_by`): ticked, the
    page asks "Roll 1 die" in a box; unticked, it asks for no dice at all; the reroll is recorded."""
    game = _judge_royal_lost_a_roll_off(site)
    _open(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='felvidek'] button[data-type='reroll_tie_die']")
    reroll = tab.page.locator("#record-fields input[data-field='reroll']")

    reroll.check()
    assert tab.page.inner_text("#record-dice-label") == "Roll 1 die"
    assert tab.page.locator("#record-dice-boxes input").count() == 1
    reroll.uncheck()
    assert tab.page.locator("#record-dice-field").is_hidden()
    reroll.check()
    tab.page.fill("#record-dice-boxes input", "6")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    rolled = site.api(f"/api/v1/games/{game}/events")["items"]
    assert [e["data"]["faces"] for e in rolled if e["type"] == "DiceRolled"][-1] == [6]
    assert tab.errors == []
