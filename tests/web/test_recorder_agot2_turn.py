"""An AGoT round recorded at a club table, through the page: the Action Phase's orders in turn. Found by a QA pass
(a recorder at a real table): the waited Houses were listed by seat id ("lannister"), a Raid's one choice read
"area: stoney_sept · target_area: none", and its `area` and `target_area` drop-downs offered every area of the
board. Each House reads by its name, each area by the board's, and the drop-downs offer the legal areas only."""

from __future__ import annotations

from tests.web.conftest import Site, Tab, screenshot
from tests.web.test_recorder import _events, _game, _open_recorder
from tests.web.test_recorder_agot2 import _options, _post

HOUSES = [{"seat": s} for s in ("stark", "lannister", "baratheon", "greyjoy")]
LANNISTER = {
    "orders": [
        {"area": "stoney_sept", "token": "raid_a"},
        {"area": "golden_sound", "token": "defense_plus1_a"},
        {"area": "lannisport", "token": "consolidate_power_a"},
    ]
}


def _at_lannisters_raid(site: Site) -> str:
    """The printed set-up of four Houses (GOT-X-29); Lannister's Raid in Stoney Sept is the first order in turn
    (Baratheon, first on the Iron Throne, placed none), the Raven let pass; the other Houses their first set."""
    game = _game(site, ruleset="agot2", board="base", seats=HOUSES, dice="server")
    _post(site, f"/api/v1/games/{game}/actions", {"type": "plan_orders", "data": {}})
    for seat, option in _options(site, game, "seal"):
        payload = LANNISTER if seat == "lannister" else option["choices"][0]["payload"]
        body = {"seat": seat, "round": option["fields"]["round"], "payload": payload}
        _post(site, f"/api/v1/games/{game}/sealed", body)
    [(holder, _)] = _options(site, game, "decline_raven")
    _post(site, f"/api/v1/games/{game}/actions", {"type": "decline_raven", "seat": holder, "data": {}})
    return game


def test_got_x_25_a_raid_names_its_house_and_areas_and_offers_only_the_legal_areas(site: Site, tab: Tab) -> None:
    game = _at_lannisters_raid(site)
    [(seat, raid)] = _options(site, game, "resolve_raid")
    assert seat == "lannister" and {c["area"] for c in raid["choices"]} == {"stoney_sept"}
    _open_recorder(site, tab, game)
    legend = tab.page.inner_text("#pending-seats fieldset[data-seat='lannister'] legend")
    assert legend.startswith("Lannister"), legend  # the game's name of the seat, as the board's legend reads it
    tab.page.click("#pending-seats fieldset[data-seat='lannister'] button[data-type='resolve_raid']")

    assert " for Lannister " in tab.page.inner_text("#record-what")
    choice = tab.page.inner_text("#record-choices button.choice")
    assert "Stoney Sept" in choice and "stoney_sept" not in choice, choice
    areas = tab.page.locator("#record-fields select[data-field='area'] option").all_inner_texts()
    assert "Stoney Sept" in areas and "Winterfell" not in areas, areas  # the Raid's own area, not the board's 58
    targets = tab.page.locator("#record-fields select[data-field='target_area'] option").all_inner_texts()
    assert len(targets) == 1 + len(raid["fields"]["target_area"]), targets  # "—" (unused), then what it may take
    assert "stoney_sept" not in tab.page.inner_text("#record-form")
    screenshot(tab, "agot_raid_by_names")

    tab.page.click("#record-choices button.choice")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    raided = _events(site, game)[-1]
    assert raided["data"]["area"] == "stoney_sept", raided
    assert tab.errors == []


def test_got_x_14_a_sealed_round_is_offered_by_what_it_seals_not_its_round_id(site: Site, tab: Tab) -> None:
    """The orders' sealed round was offered as "seal (orders-1)", its id; it reads as what the House seals."""
    game = _game(site, ruleset="agot2", board="base", seats=HOUSES, dice="server")
    _post(site, f"/api/v1/games/{game}/actions", {"type": "plan_orders", "data": {}})
    [round_id] = {option["fields"]["round"] for _, option in _options(site, game, "seal")}
    _open_recorder(site, tab, game)
    button = tab.page.inner_text("#pending-seats fieldset[data-seat='stark'] button[data-type='seal']")
    assert button == "seal orders" and round_id not in button, button
    assert tab.errors == []


def test_got_throne_1_a_tied_bid_lists_the_bids_by_house_not_seat_id(site: Site, tab: Tab) -> None:
    """Stark and Lannister tie on the Iron Throne; Baratheon, holding it, orders them (GOT-THRONE-1). The legal values
    read "bids: baratheon: 2, …", keyed by seat id; they read by House."""
    game = _game(site, ruleset="agot2", board="base", seats=HOUSES, dice="server")
    _post(site, f"/api/v1/games/{game}/actions", {"type": "open_bidding", "data": {"track": "iron_throne"}})
    amounts = {"stark": 1, "lannister": 1, "baratheon": 2, "greyjoy": 3}
    for seat, option in _options(site, game, "seal"):
        body = {"seat": seat, "round": option["fields"]["round"], "payload": {"amount": amounts[seat]}}
        _post(site, f"/api/v1/games/{game}/sealed", body)
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='baratheon'] button[data-type='break_tie']")
    bids = tab.page.inner_text("#record-fields-note li[data-field='bids']")
    assert "Stark: 1" in bids and "Lannister: 1" in bids and "stark" not in bids, bids
    assert tab.errors == []
