"""The recorder of cedofan games in a real browser: an RV banner's move names the noble from a drop-down and the units
he takes from a checklist by kind and place, units alike one counter; an attack's nobles are checkboxes by faction and
rank; never typed as JSON ids. And cedofan Kards' armies entering jointly, by the names the table gives them."""

from __future__ import annotations

from typing import Any

from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, board, city, noble, troops
from tests.web.conftest import Site, Tab, screenshot
from tests.web.test_recorder import _events, _game, _kbs_game, _open_recorder
from tests.web.test_recorder_agot2 import _rows

HOUSES = (A, B)


def _post(site: Site, game: str, action: dict[str, Any]) -> None:
    status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", action)
    assert status == 201, raw


def test_rv_nob_2_3_a_banner_takes_its_units_by_kind_and_place_in_the_number_the_noble_may_lead(
    site: Site, tab: Tab
) -> None:
    """RV-NOB-2/3, RV-MOV-1: the Katzowicové head of house stands in Kiertz with four infantry and a cavalry. His move's
    `noble` was a text box asking for a piece id and `units` a JSON box of ids: the noble is a drop-down by faction
    and rank, the units a checklist by kind and place, the four infantry one counter ("Infantry in Kiertz: 0 of 4"),
    within the five he may lead."""
    seats = [{"seat": s} for s in HOUSES]
    game = _game(site, ruleset="cedofan_rv", board="demonstration", seats=seats, options=FIXTURE_OPTIONS)
    _post(site, game, {"type": "start_round", "data": {}})
    _post(site, game, {"type": "begin_impulse", "seat": "katzowicove", "data": {}})
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='katzowicove'] button[data-type='move_banner']")

    noble = tab.page.locator("#record-fields select[data-field='noble'] option").all_inner_texts()
    assert noble == ["The Katzowicové head of house in Kiertz (demonstration)"], noble
    units = tab.page.locator("#record-fields fieldset[data-field='units']")
    assert tab.page.locator("#record-fields textarea[data-field='units']").count() == 0
    assert _rows(units) == ["Infantry in Kiertz (demonstration): 0 of 4", "Cavalry in Kiertz (demonstration)"], _rows(
        units
    )
    assert "0 chosen (0 to 5)" in units.inner_text()
    choices = tab.page.locator("#record-choices button").all_inner_texts()
    assert any(
        "units: Infantry in Kiertz (demonstration) ×4, Cavalry in Kiertz (demonstration)" in c for c in choices
    ), choices
    units.locator("input.count").fill("2")
    units.get_by_label("Cavalry in Kiertz (demonstration)").check()
    assert "3 chosen (0 to 5)" in units.inner_text()
    screenshot(tab, "rv_move_banner_units")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    [moved] = [e["data"] for e in _events(site, game) if e["type"] == "BannerMoved"]
    assert (moved["noble"], moved["units"], moved["to"]) == ("k_head", ["k_inf1", "k_inf2", "k_cav1"], "pole"), moved
    assert tab.errors == []


def test_rv_bty_1_the_nobles_who_attack_are_checkboxes_by_faction_and_rank(site: Site, tab: Tab) -> None:
    """RV-BTY-1, RV-FLD-1 (RV-EX-3's field): Katzowicové's general g1 and its head of house g2 stand in region r
    with Gliviciové's n2. `attack`'s `nobles` was a JSON box of piece ids; it is a checklist of the nobles by faction
    and rank, and the attack is recorded with the one left ticked."""
    pieces = [
        noble("g1", A, "r"),
        noble("g2", A, "r", "house_head"),
        *troops("ai", 4, "infantry", A, "r", "g1"),
        noble("n2", B, "r", purse=3),
        *troops("bi", 3, "infantry", B, "r", "n2"),
    ]
    areas = {"r": {}, "b1": city(B), "ka": city(A)}
    document = board(areas, [("r", "b1", "passable", 2), ("r", "ka", "passable", 3)], pieces)
    seats = [{"seat": s} for s in (A, B)]
    game = _game(site, ruleset="cedofan_rv", board=document, seats=seats, options=FIXTURE_OPTIONS, dice="server")
    _post(site, game, {"type": "start_round", "data": {}})
    _post(site, game, {"type": "begin_impulse", "seat": A, "data": {}})
    _open_recorder(site, tab, game)
    tab.page.click(f"#pending-seats fieldset[data-seat='{A}'] button[data-type='attack']")

    nobles = tab.page.locator("#record-fields fieldset[data-field='nobles']")
    assert tab.page.locator("#record-fields textarea[data-field='nobles']").count() == 0
    assert _rows(nobles) == ["The Katzowicové general in r", "The Katzowicové head of house in r"], _rows(nobles)
    nobles.get_by_label("The Katzowicové general in r").check()
    nobles.get_by_label("The Katzowicové head of house in r").uncheck()
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    [declared] = [e["data"] for e in _events(site, game) if e["type"] == "AttackDeclared"]
    assert declared["nobles"] == ["g1"], declared
    assert tab.errors == []


def test_kbs_mov_10_the_armies_entering_jointly_are_checkboxes_by_the_tables_names(site: Site, tab: Tab) -> None:
    """KBS-MOV-10 (cedofan Kards, the demonstration map): Západ's stacks may step into one field together.
    `enter_jointly`'s `armies` was a JSON box of army ids; it is a checklist by the names the table gives them
    ("Jaromír's army in …"), two at least, and a listed choice ticks its armies."""
    game = _kbs_game(site, "start_round", "begin_turns")
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='zapad'] button[data-type='enter_jointly']")

    armies = tab.page.locator("#record-fields fieldset[data-field='armies']")
    assert tab.page.locator("#record-fields textarea[data-field='armies']").count() == 0
    rows = _rows(armies)
    assert len(rows) == 4 and any(r.startswith("Jaromír's army in ") for r in rows), rows
    assert not any("z-" in r for r in rows), rows  # no army id where a name tells them apart
    tab.page.click("#record-choices button[data-choice='1']")  # Heráň's and Lomeň's stacks into r-lomen
    ticked = armies.locator("input:checked").evaluate_all("(boxes) => boxes.map((b) => b.value)")
    assert ticked == ["z-heran", "z-lomen"], ticked
    assert "2 chosen (2 to 4)" in armies.inner_text()
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    entered = [e for e in _events(site, game) if e["data"].get("armies") == ["z-heran", "z-lomen"]]
    assert entered, [e["type"] for e in _events(site, game)]
    assert tab.errors == []
